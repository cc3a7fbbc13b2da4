"""Expansion mechanics: the box, "do X to do Y", revealing until, playing off the top of
the deck, stasis, stored cards, burying and uncovering (duels are in ``duels.py``).

Card modules use these helpers (through ``smashup.cards.helpers``); the turn flow calls
the rule hooks at the end of this module (``queue_start_rules``, ``stasis_options``...).

Rule effects that take part in "Me First!" (removing stasis counters, uncovering a
buried card, discarding spent stasis cards) are registered in ``pending.RULES`` and queued
as ``Pending`` records of kind "rule".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..core import rng
from ..core.defs import AbilityGen, Event
from ..core.requests import (
    SKIP,
    CardOption,
    ChoiceOption,
    Option,
    Play,
    PlayAtOption,
    PlayOnOption,
    PlayOption,
    Request,
    plays_at_every_base,
)
from ..core.state import PLAY_ZONES, State
from ..facts.query import can_affect, play_barred
from ..rules.effects import (
    Ctx,
    asks_anyway,
    choose_card,
    chosen_target,
    discard_card,
    emit,
    queue_triggers,
    relocate,
    resolve,
    reveal,
    shuffle_deck,
    top_cards,
)
from ..rules.pending import Rule, register_rule, rule_entry
from ..rules.plays import action_targets, minion_targets, offer_plays, play_card, refuse_barred
from .next_turn import start_next_turn

# ---- the box and "do X to do Y" ------------------------------------------------------------


def to_box(g: State, card: int) -> None:
    """Put a card in the box: out of the game for good. Nothing can prevent it."""
    relocate(g, card, ("box",))
    emit(g, "boxed", card=card, owner=g.owner[card])


def discard_to(ctx: Ctx, n: int, prompt: str = "", pred: Callable[[int], bool] | None = None
               ) -> AbilityGen:
    """"Discard ``n`` cards to ...": discards only if ``n`` qualifying cards can go, else
    nothing. Returns True when the cost was paid (then do the rest of the ability).

    A forced pick is made without asking, and a hand too small for the cost is not asked
    at all; in a seat-safe game both are asked (the short hand may only answer that it
    cannot pay), so that whether a choice comes does not show the hand."""
    g = ctx.g
    hand = g.hands[ctx.player]
    pool = [c for c in hand if pred is None or pred(c)]
    ask_anyway = asks_anyway(g)
    if len(pool) < n:
        if ask_anyway:
            yield Request(ctx.player, "discard", f"Fewer than {n} cards in your hand qualify",
                          [ChoiceOption("choice", "cannot-pay")], ctx.ref)
        return False
    for i in range(n):
        left = [c for c in hand if pred is None or pred(c)]
        if len(left) == n - i and not ask_anyway:
            pick = left[0]
        else:
            choice = yield Request(ctx.player, "discard", prompt or f"Discard a card ({i + 1}/{n})",
                                   [CardOption("card", c) for c in left], ctx.ref)
            pick = choice.card
        discard_card(g, pick, reason="cost")
    return True


# ---- revealing until, and playing off the top of the deck ------------------------------------


def reveal_until(g: State, player: int, pred: Callable[[int], bool]) -> int | None:
    """Reveal cards from the top of ``player``'s deck until one passes ``pred``.

    An empty deck is first refilled from the discard pile (``top_cards``); if the deck runs
    out while revealing, revealing stops, with no reshuffle (EMD rulebook, "Draw 2 Cards":
    "If you are revealing cards until a condition is fulfilled ... if the deck runs out
    first, stop revealing"). Revealed cards wait in ``("revealed", p)`` (neither deck nor
    discard pile nor in play). Returns the card found, or None.
    """
    top_cards(g, player, 1)
    while g.decks[player]:
        card = g.decks[player][0]
        relocate(g, card, ("revealed", player))
        reveal(g, (card,))
        if pred(card):
            return card
    return None


def shuffle_back_revealed(g: State, player: int) -> None:
    """Shuffle the unused revealed cards into their owner's deck."""
    left = list(g.zones.get(("revealed", player), ()))
    if not left:
        return
    for card in left:
        relocate(g, card, ("deck", g.owner[card]))
    for p in sorted({g.owner[c] for c in left}):
        shuffle_deck(g, p)


def play_options(g: State, card: int, player: int, slots: Any = None) -> list[Play]:
    """The ways ``player`` could play ``card`` now (minions only at ``slots``, if given)."""
    if g.defs[card].kind == "minion":
        plays = plays_at_every_base(card, len(g.bases))
        return [plays[s] for s in minion_targets(g, card, player, slots)]
    opts = action_targets(g, card, player)
    if slots is not None:
        opts = [o for o in opts if isinstance(o, PlayOption)
                or (isinstance(o, PlayAtOption) and o.slot in slots)
                or (isinstance(o, PlayOnOption) and g.slot_of(o.target) in slots)]
    return opts


def play_specific(ctx: Ctx, card: int, player: int, slots: Any = None, optional: bool = False,
                  prompt: str = "") -> AbilityGen:
    """Play one given card (revealed, uncovered, stored...) as an extra card.

    Returns True if played; False if declined or impossible (the caller decides where the
    card goes then)."""
    g = ctx.g
    opts = play_options(g, card, player, slots)
    played = yield from offer_plays(ctx, player, opts, optional,
                                    prompt or f"Play {g.defs[card].name}")
    return played is not None


def play_off_top(ctx: Ctx, kind: str, n: int = 1, pred: Callable[[int], bool] | None = None,
                 slots: Any = None) -> AbilityGen:
    """"Play ``n`` extra ``kind`` off the top of your deck" (``pred`` narrows the kind).

    Each time: reveal until a qualifying card, then play it (a card that cannot be played
    is discarded). Afterwards the unused revealed cards are shuffled into the deck.
    Returns the cards played.
    """
    g = ctx.g
    p = ctx.player
    defs = g.defs
    played: list[int] = []
    for _ in range(n):
        found = reveal_until(g, p, lambda c: defs[c].kind == kind and (pred is None or pred(c)))
        if found is None:
            break
        if (yield from play_revealed(ctx, found, p, slots)):
            played.append(found)
    shuffle_back_revealed(g, p)
    return played


def play_revealed(ctx: Ctx, card: int, player: int, slots: Any = None) -> AbilityGen:
    """Play a card revealed from the top of a deck (it counts as played off the top: Secret
    Volcano Headquarters, Raiding Party); one that cannot be played is discarded instead.
    Returns True if it was played."""
    g = ctx.g
    g.used.add(("off_top", card))
    ok = yield from play_specific(ctx, card, player, slots)
    g.used.discard(("off_top", card))
    if not ok:
        discard_card(g, card, reason="could not be played")
    return bool(ok)


def played_off_top(g: State, card: int) -> bool:
    """Is ``card`` being played off the top of a deck (for "if this was played off the
    top of a deck")?"""
    return ("off_top", card) in g.used


# ---- stasis ----------------------------------------------------------------------------------


def in_stasis(g: State, card: int) -> bool:
    return bool(g.loc[card][0] == "stasis")


def stasis_cards(g: State, player: int) -> list[int]:
    """``player``'s cards in stasis (in front of them)."""
    return list(g.zones.get(("stasis", player), ()))


def can_enter_stasis(g: State, card: int) -> bool:
    """May the card be put in stasis now? Not when it is there already or left it this turn
    (cards leaving stasis may not immediately re-enter it)."""
    return not in_stasis(g, card) and ("left_stasis", card) not in g.used


def place_in_stasis(ctx: Ctx, card: int, n: int) -> bool:
    """Place ``n`` stasis counters on a card (from hand, deck, discard pile or play),
    putting it in stasis, face up. A card that left stasis this turn may not go straight
    back. Returns True if it went.

    The player who put it there controls it in stasis (guide §4.7: removes its counters and
    plays it; it still goes to its owner's zones), so it lies in their stasis zone: only a
    card they control but do not own (Time-Traveling Car) lies apart from its owner. A card
    leaving a base for stasis loses its counters and attached cards (``relocate``)."""
    g = ctx.g
    if n <= 0 or not can_enter_stasis(g, card):
        return False
    if g.in_play(card) and not can_affect(g, card, ctx.source):
        return False
    holder = ctx.player
    relocate(g, card, ("stasis", holder))
    g.controller[card] = holder
    g.stasis[card] = n
    reveal(g, (card,))
    _stasis_triggers(g, emit(g, "stasis", card=card, player=holder, amount=n, entered=True))
    return True


def add_stasis(ctx: Ctx, card: int, n: int = 1) -> bool:
    """Add stasis counters to a card already in stasis."""
    g = ctx.g
    if n <= 0 or not in_stasis(ctx.g, card):
        return False
    g.stasis[card] = g.stasis.get(card, 0) + n
    _stasis_triggers(g, emit(g, "stasis", card=card, player=g.controller[card], amount=n,
                             entered=False))
    return True


def remove_stasis(g: State, card: int, n: int = 1) -> int:
    """Remove up to ``n`` stasis counters from a card in stasis; returns how many."""
    have = g.stasis.get(card, 0)
    if not in_stasis(g, card) or not have or n <= 0:
        return 0
    n = min(n, have)
    g.stasis[card] = have - n
    if have == n:
        g.used.add(("stasis_emptied", card))
    ev = emit(g, "stasis_removed", card=card, player=g.controller[card], amount=n,
              last=have == n)
    _stasis_triggers(g, ev)
    return n


def stasis_emptied_this_turn(g: State) -> bool:
    """Did any card have its last stasis counter removed this turn?"""
    return any(u[0] == "stasis_emptied" for u in g.used if u)


def _stasis_triggers(g: State, ev: Event) -> None:
    """Cards in stasis answer stasis events (their other abilities are off)."""
    for zone, cards in g.zones.items():
        if zone[0] != "stasis":
            continue
        for card in cards:
            queue_triggers(g, card, g.defs[card].triggers, ev)


def leave_stasis(g: State, card: int) -> None:
    g.stasis.pop(card, None)
    g.used.add(("left_stasis", card))


def discard_from_stasis(g: State, card: int, reason: str) -> None:
    """A card leaves stasis for its owner's discard pile, with the cards stored under it."""
    leave_stasis(g, card)
    discard_card(g, card, reason=reason)
    for stored in list(g.zones.get(("stored", card), ())):
        discard_card(g, stored, reason="host left play")


def stasis_options(g: State, player: int) -> list[Option]:
    """Play Cards options: a card of yours in stasis with no counters, as an extra card.

    A card with its own leave-stasis instruction is still played, as its kind: under "no
    actions" (Mark of Sleep) an action is not offered, and a minion only while some base
    accepts it (``query.play_barred``, through ``play_options``)."""
    opts: list[Option] = []
    for card in g.zones.get(("stasis", player), ()):
        if g.stasis.get(card, 0):
            continue
        ways = play_options(g, card, player)
        if g.defs[card].leave_stasis is not None:
            if ways:
                opts.append(PlayOption("play", card))
        else:
            opts.extend(ways)
    return opts


def play_from_stasis(g: State, player: int, choice: Play) -> AbilityGen:
    """Play a card out of stasis: its own leaving instructions (then it is discarded unless
    they put it elsewhere), or else an ordinary extra play."""
    card = choice.card
    leave_stasis(g, card)
    hook = g.defs[card].leave_stasis
    if hook is not None:
        # its own instruction replaces the ordinary play, not the restrictions on playing it
        refuse_barred(g, player, card, g.defs[card].kind, None)
        relocate(g, card, ("aside", player))
        emit(g, "left_stasis", card=card, player=player)
        ctx = Ctx(g, card, player)
        yield from resolve(ctx, hook(ctx))
        if g.loc[card] == ("aside", player):
            discard_card(g, card, reason="left stasis")
    else:
        emit(g, "left_stasis", card=card, player=player)
        yield from play_card(g, player, card, choice, "stasis")
    if not g.in_play(card):
        for stored in list(g.zones.get(("stored", card), ())):
            discard_card(g, stored, reason="host left play")


def _remove_stasis_rule(g: State, player: int, arg: Any, ev: Event) -> AbilityGen:
    for card in stasis_cards(g, player):
        remove_stasis(g, card, 1)
    return
    yield


def _discard_spent_rule(g: State, player: int, arg: Any, ev: Event) -> AbilityGen:
    for p in range(g.nplayers):
        for card in stasis_cards(g, p):
            if not g.stasis.get(card, 0):
                discard_from_stasis(g, card, "stasis ended")
    return
    yield


# ---- stored cards ----------------------------------------------------------------------------


def store(ctx: Ctx, card: int, host: int, show: bool = False) -> bool:
    """Store ``card`` face down under ``host`` (revealed first when ``show``: the ability
    limits what may be stored)."""
    g = ctx.g
    if g.in_play(card) and not can_affect(g, card, ctx.source):
        return False
    relocate(g, card, ("stored", host))
    g.controller[card] = ctx.player
    _face_down(g, card, ctx.player, show)
    emit(g, "stored", card=card, host=host, player=ctx.player,
         private=None if show else ctx.player)
    return True


def stored_cards(g: State, host: int) -> list[int]:
    return list(g.zones.get(("stored", host), ()))


def stored_viewer(g: State, card: int) -> int:
    """The player who may look at a stored card: the controller of its host."""
    return g.controller[g.loc[card][1]]


def _face_down(g: State, card: int, player: int, show: bool) -> None:
    if show:
        reveal(g, (card,))
    else:
        for p in range(g.nplayers):
            if p != player:
                g.known[p].discard(card)


# ---- burying and uncovering ------------------------------------------------------------------


def can_bury(g: State, card: int) -> bool:
    """May ``card`` be buried now? Not one already buried, nor one uncovered this turn (it
    may not be reburied at once): offer only these (a hand card Grave Robbing brought back)."""
    return ("uncovered", card) not in g.used and g.loc[card][0] != "buried"


def bury(ctx: Ctx, card: int, slot: int, show: bool = False, again: bool = False) -> bool:
    """Bury ``card`` face down beside the base in ``slot``; its controller (who buried it)
    counts as its owner while it is buried. A card uncovered this turn may not be reburied,
    unless ``again``: a card's own text that buries it after it was dug up (Mummy, whose
    clarification lets it go back under after being uncovered before its base scored)."""
    g = ctx.g
    if (("uncovered", card) in g.used and not again) or g.loc[card][0] == "buried":
        return False
    if g.in_play(card) and not can_affect(g, card, ctx.source):
        return False
    relocate(g, card, ("buried", slot))
    g.counters.pop(card, None)
    g.controller[card] = ctx.player
    _face_down(g, card, ctx.player, show)
    emit(g, "buried", card=card, slot=slot, player=ctx.player,
         private=None if show else ctx.player)
    return True


def buried_cards(g: State, slot: int | None = None, player: int | None = None) -> list[int]:
    """Buried cards (at ``slot``, or anywhere), of ``player`` if given."""
    found: list[int] = []
    for zone, cards in g.zones.items():
        if zone[0] == "buried" and (slot is None or zone[1] == slot):
            found.extend(c for c in cards if player is None or g.controller[c] == player)
    return found


def face_down_groups(g: State, cards: list[int], viewer: int
                     ) -> tuple[list[int], list[tuple[str, list[int]]]]:
    """``cards`` split for a choice by ``viewer``: those it may name (face up, or face down
    and known to it), and the buried cards hidden from it grouped by place (base and burying
    player), each group with its option word."""
    named: list[int] = []
    hidden: dict[tuple[int, int], list[int]] = {}
    for c in cards:
        loc = g.loc[c]
        if loc[0] == "buried" and hidden_from(g, c, viewer):
            hidden.setdefault((int(loc[1]), g.controller[c]), []).append(c)
        else:
            named.append(c)
    groups = [(f"face-down-at-{g.base_defs[g.bases[s]].key}-of-player-{q + 1}", group)
              for (s, q), group in sorted(hidden.items())]
    return named, groups


def choose_card_in_play(ctx: Ctx, cards: list[int], prompt: str, optional: bool = False,
                        player: int | None = None) -> AbilityGen:
    """Choose one of ``cards`` (cards in play: ``query.cards_in_play``). A buried card hidden
    from the chooser is offered by its place only (one option per base and burying player,
    the card then drawn at random among them), so no option names it. Returns the card id,
    or None (skipped, or nothing to choose)."""
    g = ctx.g
    who = ctx.player if player is None else player
    named, groups = face_down_groups(g, cards, who)
    if not groups:
        return (yield from choose_card(ctx, named, prompt, optional, player))
    opts: list[Option] = [CardOption("card", c) for c in named]
    opts.extend(ChoiceOption("choice", w) for w, _ in groups)
    if optional:
        opts.append(SKIP)
    choice = opts[0] if len(opts) == 1 and not asks_anyway(g) else (
        yield Request(who, "choose_card", prompt, opts, ctx.ref))
    if isinstance(choice, CardOption):
        return (yield from chosen_target(ctx, choice.card, player))
    if not isinstance(choice, ChoiceOption):  # (skip)
        return None
    group = dict(groups)[choice.word]
    g.rng, i = rng.below(g.rng, len(group))
    return group[i]


def uncover(ctx: Ctx, card: int) -> AbilityGen:
    """Turn a buried card face up; its controller at once plays it as an extra card at
    that base (a minion there, an action on the base, on a minion there, or a standard
    action). If it cannot be played, it is discarded. Returns True if it was played."""
    g = ctx.g
    loc = g.loc[card]
    if loc[0] != "buried":
        return False
    slot = loc[1]
    player = g.controller[card]
    g.counters.pop(card, None)
    for on in list(g.zones.get(("stored", card), ())):
        discard_card(g, on, reason="uncovered")
    g.used.add(("uncovered", card))
    g.misc[("uncovered_at", card)] = slot
    relocate(g, card, ("aside", player))
    reveal(g, (card,))
    emit(g, "uncovered", card=card, slot=slot, player=player)
    if not play_options(g, card, player, (slot,)):
        # not offered at all; the discard says why (a card played only through its Special)
        why = _why_not_here(g, card, player, slot)
        discard_card(g, card, reason=f"could not be played: {why}")
        return False
    g.misc[(UNCOVERING, card)] = slot
    ok = yield from play_specific(Ctx(g, card, player), card, player, (slot,),
                                  prompt=f"Play the uncovered {g.defs[card].name}")
    g.misc.pop((UNCOVERING, card), None)
    if not ok and g.loc[card] == ("aside", player):
        discard_card(g, card, reason="could not be played")
    return ok


def _why_not_here(g: State, card: int, player: int, slot: int) -> str:
    """Why an uncovered card has no legal play at its base (its discard says so)."""
    d = g.defs[card]
    here = g.base_defs[g.bases[slot]].name
    if d.kind == "minion":
        return f"it may not be played at {here}"
    if play_barred(g, player, "action"):
        return "you cannot play actions now"
    if d.play_on is None:
        return "it is played only through its Special"
    if d.play_on == "base":
        return f"it cannot be played on {here}"
    return f"no minion at {here} that it may be played on"


UNCOVERING: Final = "uncovering"
"""``misc`` key (with the card): the base slot of a card being played because it was
uncovered, while that play resolves (``being_uncovered``)."""


def uncovered_at(g: State, card: int) -> int | None:
    """The base slot where ``card`` was uncovered this turn (None if it was not)."""
    if ("uncovered", card) not in g.used:
        return None
    slot = g.misc.get(("uncovered_at", card))
    return None if slot is None else int(slot)


def being_uncovered(g: State, card: int) -> int | None:
    """The base slot of ``card`` while it is being played because it was uncovered there (its
    "when this card is uncovered" part); None at any other play, even later that turn."""
    slot = g.misc.get((UNCOVERING, card))
    return None if slot is None else int(slot)


def _uncover_rule(g: State, player: int, arg: Any, ev: Event) -> AbilityGen:
    mine = buried_cards(g, player=player)
    if not mine:
        return
    if len(mine) == 1:
        card = mine[0]
    else:
        choice = yield Request(player, "uncover", "Uncover which buried card?",
                               [CardOption("card", c) for c in mine])
        card = choice.card
    yield from uncover(Ctx(g, card, player), card)


# ---- rule entries for the turn flow ------------------------------------------------------

register_rule("stasis", Rule("rule:remove-stasis-counters", _remove_stasis_rule,
                             label="Remove a stasis counter from each of your cards in stasis"))
register_rule("uncover", Rule("rule:uncover", _uncover_rule,
                              label="Uncover one of your buried cards"))
register_rule("stasis_discard", Rule("rule:discard-spent-stasis", _discard_spent_rule,
                                     label="Discard the cards in stasis with no counters left"))


def queue_start_rules(g: State, ev: Event) -> None:
    """Start of a turn: the current player must remove a stasis counter from each of their
    cards in stasis (mandatory) and may uncover one buried card (optional). Extra plays
    promised for this turn (``next_turn.py``) are granted."""
    p = g.current
    start_next_turn(g)
    if any(g.stasis.get(c, 0) for c in g.zones.get(("stasis", p), ())):
        g.pending.append(rule_entry(p, "stasis", ev, False))
    if buried_cards(g, player=p):
        g.pending.append(rule_entry(p, "uncover", ev, True))


def queue_end_rules(g: State, ev: Event) -> None:
    """End of a turn: cards in stasis with no counters left are discarded."""
    for zone, cards in g.zones.items():
        if zone[0] == "stasis" and any(not g.stasis.get(c, 0) for c in cards):
            g.pending.append(rule_entry(g.current, "stasis_discard", ev, False))
            return


def hidden_from(g: State, card: int, viewer: int) -> bool:
    """Is a buried or stored card hidden from ``viewer`` (-1: a spectator, who sees none)?"""
    kind = g.loc[card][0]
    if viewer < 0 and kind in ("buried", "stored"):
        return True
    if kind == "buried":
        return g.controller[card] != viewer and card not in g.known[viewer]
    if kind == "stored":
        return stored_viewer(g, card) != viewer and card not in g.known[viewer]
    return kind not in PLAY_ZONES and kind not in ("stasis", "discard", "revealed")
