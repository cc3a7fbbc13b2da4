"""Cowboys (Oops, You Did It Again): gunslingers who call each other out, back a duel with
counters and deputies, and blow up whoever peeks at their hand.

Duels are ``engine/mechanics/duels.py`` (its notes give the order of events). Rulings taken here
(each
tested in tests/cards/cowboys_test.py):

- A duel's challenge is not an effect on the challenged minion: a protected minion may be
  challenged. The losers are destroyed by the card that started the duel (Sheriff and
  Gunfighter as minions, High Noon and Run 'Em Off as actions); on a tie both are.
- Sheriff's "Special before this base scores" is an optional ability of the Sheriff in play,
  offered in the before-scoring window of its own base when another player has a minion there.
- Pinkerton: each Pinkerton may put one counter on one of its controller's minions in the duel
  as the duel starts, before any card is placed (clarification); it may be itself.
- Deputy is discarded from hand (never played): in its player's Play Cards phase, in a
  before-scoring window on that player's turn, or in a duel of one of their minions (as the
  duel starts, or after the reveal: clarification). Any minion may get the +2.
- Dynamite Surprise played in the Play Cards phase does nothing (its text gives no time for
  playing it, only for its abilities: like Hidden Ninja). Before scoring: "not winning" means
  another player has strictly more power there; any minion of power 4 or less there may be
  destroyed. Seen: a reveal by another player's card of a card in your hand (while Dynamite is
  there), or of Dynamite itself from your deck; a look at your deck does not count
  (clarification). Only a player with a minion it could destroy is offered it. It is offered
  once the revealing card has resolved, while Dynamite is still in that hand or deck (taken
  away by then, as Shield Maiden takes an action, it is gone). "Whose card" is the ``by`` of
  the ``revealed`` event (engine/rules/decks.py: ``reveal``).
- Form a Posse: the minions you control when it is played (not those that come later); it
  also stops your own moves and returns of them (guide). Its guards are temporary effects
  (engine/facts/guards.py).
- Gold in Them Thar Hills: the drawn card is named, so it is played now or not at all.
- High Noon's extra minion: only when your minion won outright and is still in play, at its
  base then (clarification).
- Quick Draw's +4 or +2 is fixed as it is played (clarification).
- Run 'Em Off: each winner gets +3, and the winner's controller moves the loser (on a tie each
  controller moves the other minion, challenger's first); a loser that cannot move stays.
- Stagecoach: up to two of your cards at one base, each to another base of your choice: your
  minions (moved), your actions on the base or on minions there (transferred) and your buried
  cards (moved face down; guide R).
- High Noon, Run 'Em Off, Quick Draw, Form a Posse and Stagecoach may be played with nothing
  to act on (rulebook: a card may be played even if its ability can't happen); they then do
  nothing and are marked so (engine/api/why.py). High Noon and Run 'Em Off start no second duel
  while one is under way.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    GUARDS,
    AbilityGen,
    Ctx,
    Event,
    PlayOption,
    Special,
    State,
    Trigger,
    add_effect,
    arrange,
    can_be_destroyed,
    can_transfer,
    cards_in_play,
    choose_base,
    choose_card,
    choose_many,
    choose_minion,
    choose_minion_to_boost,
    choose_transfer,
    destroy,
    discard_card,
    draw,
    duel,
    duel_and_destroy,
    duel_opponents,
    duel_under_way,
    emit,
    extra_play,
    in_duel,
    in_play_phase,
    look_at_deck,
    minions_matching,
    movable,
    move_to_other_base,
    place_counters,
    play_card,
    play_specific,
    play_through_special,
    player_power,
    power,
    relocate,
    reveal,
    special_slot,
    toward_aim,
    until_end_of_turn,
    window_slot,
    your_minions,
)

cowboys = Faction("Cowboys", "oops-you-did-it-again")


# ---- shared: picking duellists ---------------------------------------------------------------


def challenge(ctx: Ctx, mine: int, optional: bool = False, prompt: str = "") -> AbilityGen:
    """``mine`` challenges another player's minion at its base (chosen by ``ctx.player`` among
    ``duel_opponents``). Returns the chosen minion, or None."""
    g = ctx.g
    foes = duel_opponents(g, mine, ctx.player)
    if not foes or duel_under_way(g) is not None:
        return None
    return (yield from choose_card(ctx, foes, prompt or f"Which minion does {g.defs[mine].name} "
                                   "duel?", optional=optional, kind="choose_minion"))


def duellists(g: State, player: int) -> list[int]:
    """``player``'s minions that have a minion to duel at their base."""
    return [m for ms in g.minions for m in ms
            if g.controller[m] == player and duel_opponents(g, m, player)]


def pick_duel(ctx: Ctx) -> AbilityGen:
    """One of your minions and another player's at its base, for an action's duel. Returns
    (yours, theirs) or None: none during another duel (no second duel starts), none without
    a minion of yours facing another player's (the action is played and does nothing)."""
    if duel_under_way(ctx.g) is not None:
        return None
    # played on condition that it raises certain minions (Run 'Em Off: the winner gets the
    # power), one of those duels when it can
    yours = toward_aim(ctx.g, ctx.me, duellists(ctx.g, ctx.player), lambda m: (m,))
    mine = yield from choose_card(ctx, yours, "Which of your minions duels?",
                                  kind="choose_minion")
    if mine is None:
        return None
    foe = yield from challenge(ctx, mine)
    return None if foe is None else (mine, foe)


def plus(ctx: Ctx, minion: int, n: int) -> None:
    """+``n`` power until the end of the turn."""
    add_effect(ctx.g, "power", minion, n, until_end_of_turn(ctx.g), ctx.player)


# ---- minions ---------------------------------------------------------------------------------


def _sheriff_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    slot = window_slot(g, ev)
    if slot is None or g.slot_of(me) != slot or duel_under_way(g) is not None:
        return []
    return [p] if g.loc[me][0] == "minion" and duel_opponents(g, me, p) else []


def _sheriff_duel(ctx: Ctx, ev: Event) -> AbilityGen:
    foe = yield from challenge(ctx, ctx.me)
    if foe is not None:
        yield from duel_and_destroy(ctx, ctx.me, foe)


cowboys.minion("Sheriff", power=5,
               text="Special: just before this base scores, this minion may call out a minion "
                    "of another player here to a duel; the loser is destroyed.",
               triggers=(Trigger("before_score", _sheriff_who, _sheriff_duel, optional=True),))


def _pinkerton_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    if ev.get("stage") != "start" or g.loc[me][0] != "minion":
        return []
    return [p] if _my_duellists(g, p) else []


def _my_duellists(g: State, player: int) -> list[int]:
    d = duel_under_way(g)
    return [] if d is None else [m for m in d[:2] if g.controller[m] == player]


def _pinkerton_counter(ctx: Ctx, ev: Event) -> AbilityGen:
    mine = minions_matching(ctx, pred=lambda m: m in _my_duellists(ctx.g, ctx.player))
    target = yield from choose_card(ctx, mine, "Put a +1 power counter on which minion?",
                                    kind="choose_minion")
    if target is not None:
        place_counters(ctx, target)


cowboys.minion("Pinkerton", power=4, count=2,
               text="Ongoing: once in each duel, as a duel of one of your minions starts, you may "
                    "give that minion a +1 power counter.",
               triggers=(Trigger("duel", _pinkerton_who, _pinkerton_counter, optional=True),))


@cowboys.minion("Gunfighter", power=3, count=3,
                text="You may call out a minion of another player here to a duel; the loser is "
                     "destroyed.")
def gunfighter(ctx: Ctx) -> AbilityGen:
    foe = yield from challenge(ctx, ctx.me, optional=True)
    if foe is not None:
        yield from duel_and_destroy(ctx, ctx.me, foe)


def _deputy_can(g: State, card: int, ev: Event, holder: int) -> bool:
    if not minions_matching(Ctx(g, card, holder)):
        return False  # no minion it could give +2
    kind = ev["kind"]
    if kind == "play_phase":
        return in_play_phase(g, holder)
    if kind == "duel":
        return g.current == holder or bool(_my_duellists(g, holder))
    return g.current == holder and window_slot(g, ev) is not None  # before scoring


def _deputy_run(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion(ctx, "Give which minion +2 power?")
    if target is None:
        return
    discard_card(g, ctx.me, reason="Deputy")
    plus(ctx, target, 2)


cowboys.minion("Deputy", power=2, count=4,
               text="Special (from hand, during your turn or while a minion of yours is dueling): "
                    "discard it; a minion gains +2 power until the turn ends.",
               specials=tuple(Special(e, _deputy_can, _deputy_run)
                              for e in ("play_phase", "before_score", "duel")))


# ---- actions ---------------------------------------------------------------------------------

DYNAMITE = "dynamite-surprise"
"""``misc`` key ``(DYNAMITE, card)``: the player whose card saw Dynamite Surprise's hand or
deck, while it is played through that Special."""


def _small(g: State, m: int) -> bool:
    return power(g, m) <= 4 and can_be_destroyed(g, m)


def _blast_targets(g: State, card: int, player: int, slot: int | None = None,
                   of: int | None = None) -> list[int]:
    ctx = Ctx(g, card, player)
    return minions_matching(ctx, slot, lambda m: _small(g, m)
                            and (of is None or g.controller[m] == of))


def _losing_here(g: State, card: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    if slot is None or not any(g.controller[m] == holder for m in g.minions[slot]):
        return False
    mine = player_power(g, slot, holder)
    if not any(player_power(g, slot, q) > mine for q in range(g.nplayers) if q != holder):
        return False
    return bool(_blast_targets(g, card, holder, slot))


def _seen(g: State, card: int, ev: Event, holder: int) -> bool:
    """Has another player's card revealed a card of ``holder``'s hand (Dynamite there), or
    Dynamite itself from their deck?"""
    by = ev.get("by")
    if by is None or by == holder:
        return False
    places = dict(zip(ev["cards"], ev.get("places", ()), strict=False))
    here = g.loc[card]
    seen = (here == ("hand", holder) and ("hand", holder) in places.values()) or (
        places.get(card) == ("deck", holder) and here in (("deck", holder), ("hand", holder)))
    return seen and bool(_blast_targets(g, card, holder, of=int(by)))


def _seen_run(ctx: Ctx, ev: Event) -> AbilityGen:
    ctx.g.misc[(DYNAMITE, ctx.me)] = int(ev["by"])
    g = ctx.g
    yield from play_card(g, ctx.player, ctx.me, PlayOption("play", ctx.me), g.loc[ctx.me][0])


@cowboys.action("Dynamite Surprise",
                text="Special, as a base where you have a minion but aren't winning is about to "
                     "score: blow up one minion there with power 4 or less. Special, when an "
                     "opponent's card peeks at or reveals it in your hand or deck: blow up one of "
                     "their minions with power 4 or less.",
                specials=(Special("before_score", _losing_here, play_through_special),
                          Special("revealed", _seen, _seen_run),
                          Special("revealed", _seen, _seen_run, zone="deck")))
def dynamite_surprise(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    whose = g.misc.pop((DYNAMITE, ctx.me), None)
    slot = special_slot(ctx) if whose is None else None
    if whose is None and slot is None:
        return
    targets = _blast_targets(g, ctx.me, ctx.player, slot, whose)
    target = yield from choose_card(ctx, targets, "Destroy which minion?", kind="choose_minion")
    if target is not None:
        yield from destroy(ctx, target)


@cowboys.action("Form a Posse", boosts_power=True,
                text="Until the end of the turn, each of your minions has +1 power and cannot be "
                     "destroyed, moved or returned to a hand.")
def form_a_posse(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for m in your_minions(ctx):
        plus(ctx, m, 1)
        for kind in GUARDS:
            add_effect(g, kind, m, True, until_end_of_turn(g), ctx.player)
    yield from ()


@cowboys.action("Gold in Them Thar Hills",
                text="Look at your top three cards. Show one of them and draw it; you may play it "
                     "at once as an extra card. Put the others back in the order you like.")
def gold_in_them_thar_hills(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    seen = look_at_deck(g, p, 3, p)
    pick = yield from choose_card(ctx, seen, "Show and draw which card?")
    if pick is not None:
        reveal(g, (pick,), by=p)
        relocate(g, pick, ("hand", p))
        emit(g, "drew", player=p, count=1, cards=(pick,))
        yield from play_specific(ctx, pick, p, optional=True,
                                 prompt=f"Play {g.defs[pick].name} as an extra card?")
    yield from arrange(ctx, [c for c in seen if c != pick], p)


def _strike_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    ok = ev.get("type") == "minion" and ev.get("player") == p and ev.get("slot") == g.slot_of(me)
    return [p] if ok and g.loc[me][0] == "base_action" else []


def _strike_draw(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 1)
    yield from ()


cowboys.action("Gold Strike", play_on="base",
               text="Attach to a base. Whenever you put a minion into play here, draw 1 card.",
               triggers=(Trigger("played", _strike_who, _strike_draw),))


@cowboys.action("High Noon", count=2,
                text="One of your minions calls out a minion of another player at its base to a "
                     "duel; the loser is destroyed. If yours wins, you may play an extra minion "
                     "there.")
def high_noon(ctx: Ctx) -> AbilityGen:
    pair = yield from pick_duel(ctx)
    if pair is None:
        return
    result = yield from duel_and_destroy(ctx, *pair)
    mine = pair[0]
    g = ctx.g
    if result is not None and result[0] == (mine,) and g.loc[mine][0] == "minion" \
            and g.controller[mine] == ctx.player:
        yield from extra_play(ctx, "minion", "at", g.slot_of(mine))


@cowboys.action("Quick Draw", count=2, boosts_power=True,
                text="Choose one of your minions: +4 power until the end of the turn if it is in "
                     "a duel, otherwise +2.")
def quick_draw(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, "Which of your minions?", your_minions(ctx))
    if target is not None:
        plus(ctx, target, 4 if in_duel(g, target) else 2)


@cowboys.action("Run 'Em Off", boosts_power=True,
                text="One of your minions calls out a minion of another player at its base to a "
                     "duel. The winner gets +3 power until the end of the turn, and its "
                     "controller moves the loser to another base.")
def run_em_off(ctx: Ctx) -> AbilityGen:
    pair = yield from pick_duel(ctx)
    if pair is None:
        return
    result = yield from duel(ctx, *pair)
    if result is None:
        return
    g = ctx.g
    winners, losers = result
    for w in winners:
        plus(ctx, w, 3)
    for w in winners:
        loser = next(m for m in losers if m != w)
        mover = Ctx(g, ctx.me, g.controller[w])
        if g.loc[loser][0] == "minion" and movable(mover, loser):
            yield from move_to_other_base(mover, loser, f"Move {g.defs[loser].name} to which "
                                          "base?")


def move_buried(ctx: Ctx, card: int, slot: int) -> None:
    """Move a buried card, still face down, to the base in ``slot`` (EMD: "move" covers buried
    cards); only its controller learns which card went (``buried_moved`` is private)."""
    g = ctx.g
    src = g.loc[card][1]
    relocate(g, card, ("buried", slot))
    emit(g, "buried_moved", card=card, src=src, dest=slot, player=g.controller[card],
         private=g.controller[card])


def _coach_cards(ctx: Ctx, slot: int) -> list[int]:
    """Your cards at ``slot`` (``cards_in_play``) that can go: minions that can move, actions
    that can transfer, and your buried cards (moved face down)."""
    g = ctx.g
    others = [s for s in range(len(g.bases)) if s != slot]

    def can_go(card: int) -> bool:
        kind = g.loc[card][0]
        if kind == "buried":
            return bool(others)
        if kind == "minion":
            return movable(ctx, card)
        return can_transfer(ctx, card, others)

    return [c for c in cards_in_play(g, slot, ctx.player) if can_go(c)]


@cowboys.action("Stagecoach",
                text="Pick a base; up to two cards of yours there shift elsewhere (minions move, "
                     "actions transfer), each to a base you pick.")
def stagecoach(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slots = [s for s in range(len(g.bases)) if _coach_cards(ctx, s)]
    choice = yield from choose_base(ctx, "From which base?", pred=lambda s: s in slots)
    if choice is None:
        return
    picked = yield from choose_many(ctx, _coach_cards(ctx, choice), "Which of your cards go?", 2)
    others = [s for s in range(len(g.bases)) if s != choice]
    for card in picked:
        if g.loc[card][0] == "buried":
            dest = yield from choose_base(ctx, "Move the buried card to which base?",
                                          pred=lambda s: s != choice)
            if dest is not None:
                move_buried(ctx, card, dest)
        elif g.defs[card].kind == "minion":
            if movable(ctx, card):
                yield from move_to_other_base(ctx, card)
        elif can_transfer(ctx, card, others):
            yield from choose_transfer(ctx, card, others)

