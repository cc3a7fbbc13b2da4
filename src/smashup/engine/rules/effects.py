"""Shared effect helpers: the vocabulary card abilities are written in.

Helpers that may need a decision are generators (use ``yield from``); the
others are plain functions. Every change of the position emits an event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from ..core import rng
from ..core.defs import AbilityGen, Event, Replacement, Source, Trigger
from ..core.kinds import EFFECT_KINDS, play_condition
from ..core.requests import (
    DONE,
    NO,
    SKIP,
    YES,
    BaseOption,
    CardOption,
    Option,
    Request,
    SourceRef,
    TriggerOption,
    new_option,
)
from ..core.state import PLAY_ZONES, Loc, Pending, State
from ..core.tables import Tables
from ..facts import from_play
from ..facts.abilities import (
    NONE_LOST,
    copy_lost,
    left_without_abilities,
    lost_abilities,
    note_leaving,
)
from ..facts.arrivals import note_arrival
from ..facts.boosts import note_boost, within_aim
from ..facts.copies import copied_replacements, copies_in_force
from ..facts.moves import record_move
from ..facts.query import (
    base_cancelled,
    can_affect,
    can_be_destroyed,
    can_be_returned,
    hooks,
    move_destinations,
    move_forbidden,
    owner_of,
)
from ..facts.redirects import PLAYING, TAKES_TARGET, take_over


class Ctx:
    """What an ability knows while it runs: the game, its card and its player."""

    __slots__ = ("g", "me", "player", "is_base", "special")

    def __init__(
        self, g: State, me: int, player: int, is_base: bool = False, special: bool = False
    ) -> None:
        self.g = g
        self.me = me  # card id, or the base's slot for a base ability
        self.player = player
        self.is_base = is_base
        self.special = special  # a Special from hand: its extra plays are now or never

    @property
    def source(self) -> Source:
        if self.is_base:
            return Source(None, None, "base")
        return Source(self.me, self.player, self.g.defs[self.me].kind)

    @property
    def ref(self) -> SourceRef:
        """This ability's card or base, as the source of the decisions it asks for."""
        if not self.is_base:
            return self.me
        bases = self.g.bases
        return ("base", bases[self.me]) if 0 <= self.me < len(bases) else None

    @property
    def slot(self) -> int | None:
        """The base this ability's card is at (or the base itself)."""
        return self.me if self.is_base else self.g.slot_of(self.me)

    def others(self) -> list[int]:
        """The other players, clockwise from this ability's player."""
        n = self.g.nplayers
        return [(self.player + i) % n for i in range(1, n)]


# ---- events ----------------------------------------------------------------------------------


def emit(g: State, kind: str, **data: Any) -> Event:
    """Record an event and queue the triggered abilities that answer it."""
    ev: Event = {"kind": kind, **data}
    g.events.append(ev)
    tables = g.tables
    if kind in tables.trigger_kinds:
        collect_triggers(g, ev)
    if kind in tables.special_kinds:
        g.pending.append(Pending("window", -1, ev))
    return ev


def register_tables(g: State) -> None:
    """Build the game's shared lookup tables (once, at setup)."""
    g.tables = Tables(g.defs, g.base_defs)


LEAVE_PLAY_EVENTS: Final = frozenset({"destroyed", "returned", "placed", "discarded",
                               from_play.TO_DISCARD})
"""Events of a card leaving a base; its own triggers for them fire from where it went."""


def collect_triggers(g: State, ev: Event) -> None:
    """Queue the abilities (of cards in play and active bases) that answer ``ev``."""
    defs = g.defs
    kind = ev["kind"]
    loc = g.loc
    # a card that has just left play still answers the event of its own leaving
    # ("after this minion is destroyed, ..."); not a buried card, whose abilities wait until it
    # is uncovered (Oops, Burying: "A buried card's abilities may not be triggered")
    gone = ev.get("card") if kind in LEAVE_PLAY_EVENTS and ev.get("slot") is not None \
        and ev.get("was") != "buried" else None
    lost = lost_abilities(g) if g.effects else NONE_LOST  # (engine/facts/abilities.py)
    for card in g.tables.trigger_cards.get(kind, ()):
        if loc[card][0] not in PLAY_ZONES and card != gone and not (
                gone is not None and from_play.answers(ev, card)) or card in lost:
            continue
        if card == gone and left_without_abilities(g, card):
            continue
        queue_triggers(g, card, defs[card].triggers, ev)
    if g.effects:  # triggers a card copied (engine/facts/copies.py), numbered after its own
        for host, d in copies_in_force(g):
            if not lost or not copy_lost(g, host, lost):
                queue_triggers(g, host, d.triggers, ev, len(defs[host].triggers))
    bases = g.tables.trigger_bases.get(kind)
    if not bases:
        return
    slots = [(s, b) for s, b in enumerate(g.bases) if b in bases]
    if kind == "base_replaced" and ev.get("old") in bases:
        # "after this base scores and is replaced": the old base answers too
        slots.append((ev["slot"], ev["old"]))
    for slot, bid in slots:
        if bid == ev.get("old") and kind == "base_replaced":
            if ev.get("cancelled"):  # the scored base's abilities were cancelled
                continue
        elif base_cancelled(g, slot):
            continue
        queue_triggers(g, slot, g.base_defs[bid].triggers, ev, base=bid)


def queue_triggers(g: State, me: int, triggers: tuple[Trigger, ...], ev: Event, first: int = 0,
                   base: int = -1) -> None:
    """Queue those of ``triggers`` that answer ``ev``, for each player they name: triggers of
    card ``me`` (or, given ``base``, of the base card ``base`` in slot ``me``); ``first`` is the
    index of the first of them among their card's triggers."""
    kind = ev["kind"]
    for idx, trig in enumerate(triggers):
        if trig.event == kind:
            for p in trig.who(g, me, ev):
                g.pending.append(Pending("trigger", p, ev, trig.optional, me, base >= 0,
                                         first + idx, base))


# ---- decisions -------------------------------------------------------------------------------

SEAT_SAFE: Final = ("rule", "seat_safe")
"""``misc`` key set by the setup flag ``seat_safe`` (games people play): whether a player is
asked must not depend on their hidden cards. Every player is asked in every Me First!
window and at the mulligan, and a choice is asked even with nothing or one thing to
choose (the candidates may come from a hidden hand)."""


def asks_anyway(g: State) -> bool:
    """Seat-safe: ask even when the choice is empty or forced (see ``SEAT_SAFE``)."""
    return SEAT_SAFE in g.misc



def ask(
    player: int, kind: str, prompt: str, options: Sequence[Option], source: SourceRef = None,
    about: tuple[int, ...] = (),
) -> AbilityGen:
    """Ask ``player`` to pick one option; returns it. ``about``: the cards the prompt names
    (``Request.about``)."""
    choice = yield Request(player, kind, prompt, options, source, about)
    return choice


def choose_card(
    ctx: Ctx,
    cards: Iterable[int],
    prompt: str,
    optional: bool = False,
    player: int | None = None,
    kind: str = "choose_card",
) -> AbilityGen:
    """Choose one of ``cards`` (or skip when optional). Returns a card id or None.

    A mandatory choice with a single candidate is made without asking. A minion in play
    chosen as a target may be taken over by another card (``redirects.take_over``: Ensign).
    """
    opts: list[Option] = [new_option(CardOption, ("card", c)) for c in cards]
    chosen = yield from pick_one(ctx, opts, prompt, optional, player, kind)
    if chosen is not None and ctx.g.tables.card_hooks[TAKES_TARGET]:  # (else nothing to ask)
        chosen = yield from chosen_target(ctx, chosen, player)
    return chosen


def chosen_target(ctx: Ctx, chosen: int | None, player: int | None = None) -> AbilityGen:
    """The card this ability targets once ``chosen`` is picked: a minion in play may be taken
    over by another card (``redirects.take_over``: Ensign)."""
    g = ctx.g
    if chosen is not None and g.tables.card_hooks[TAKES_TARGET] and g.loc[chosen][0] == "minion":
        chosen = yield from take_over(g, chosen, ctx.source,
                                      ctx.player if player is None else player)
    return chosen


def pick_one(
    ctx: Ctx, opts: list[Option], prompt: str, optional: bool, player: int | None, kind: str
) -> AbilityGen:
    """Ask for one of ``opts`` (plus ``skip`` when optional); returns the chosen option's
    value, or None when skipped or when there is nothing to choose. A mandatory choice with
    a single candidate is made without asking (in a seat-safe game it is asked, and so is
    an optional choice with no candidate: whether a choice comes must not show a hand)."""
    if not opts and not (optional and asks_anyway(ctx.g)):
        return None
    if optional:
        opts.append(SKIP)
    elif len(opts) == 1 and not asks_anyway(ctx.g):
        return _picked(opts[0])
    who = ctx.player if player is None else player
    choice = yield Request(who, kind, prompt, opts, ctx.ref)
    return None if choice.tag == "skip" else _picked(choice)


def _picked(opt: Option) -> int:
    """What a card or base option of ``pick_one`` picks: the card, or the base's slot."""
    if isinstance(opt, CardOption):
        return opt.card
    assert isinstance(opt, BaseOption)
    return opt.slot


def minions_matching(
    ctx: Ctx,
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    affectable: bool = True,
) -> list[int]:
    """Minions in play (at ``where`` or anywhere) that pass ``pred`` and may be affected."""
    g = ctx.g
    slots = range(len(g.bases)) if where is None else (where,)
    shields = hooks(g, "protects") if affectable else []
    src = ctx.source
    found = []
    for s in slots:
        for m in g.minions[s]:
            if pred is not None and not pred(m):
                continue
            if shields and not can_affect(g, m, src, shields):
                continue
            found.append(m)
    return found


def choose_minion(
    ctx: Ctx,
    prompt: str = "Choose a minion",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a minion in play that this ability may affect. Returns its id or None."""
    candidates = minions_matching(ctx, where, pred)
    return (yield from choose_card(ctx, candidates, prompt, optional, player, "choose_minion"))


def your_minions(ctx: Ctx, where: int | None = None,
                 pred: Callable[[int], bool] | None = None) -> list[int]:
    """The minions the ability's player controls (at ``where`` or anywhere) that pass
    ``pred`` and that this ability may affect: "one of your minions"."""
    g, me = ctx.g, ctx.player
    return minions_matching(ctx, where, lambda m: g.controller[m] == me
                            and (pred is None or pred(m)))


def choose_your_minion(
    ctx: Ctx,
    prompt: str = "Which of your minions?",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
) -> AbilityGen:
    """The ability's player chooses one of ``your_minions``. Returns its id or None."""
    return (yield from choose_card(ctx, your_minions(ctx, where, pred), prompt, optional, None,
                                   "choose_minion"))


def choose_minion_to_boost(
    ctx: Ctx,
    prompt: str = "Which minion gets the power?",
    candidates: list[int] | None = None,
    optional: bool = False,
) -> AbilityGen:
    """Choose the minion this ability directly increases the power of, among ``candidates``
    (default: every minion it may affect). When the card was played on condition that it
    raise certain minions (``boosts.AIM``: Space Prince, Walking Carpet) and has not raised
    one yet, only those are offered, and the choice may not be skipped. Returns its id or
    None."""
    if candidates is None:
        candidates = minions_matching(ctx)
    aimed = within_aim(ctx.g, ctx.me, candidates)
    if aimed is not candidates:  # under an unmet aim: raising one of them is not optional
        candidates, optional = aimed, False
    return (yield from choose_card(ctx, candidates, prompt, optional, None, "choose_minion"))


def choose_minion_to_destroy(
    ctx: Ctx,
    prompt: str = "Destroy which minion?",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a minion this ability may destroy: one that "cannot be destroyed" (Warbot) is not
    offered, so every pick takes effect. Returns its id or None."""
    g = ctx.g

    def can_go(m: int) -> bool:
        return (pred is None or pred(m)) and can_be_destroyed(g, m)

    return (yield from choose_minion(ctx, prompt, where, can_go, optional, player))


def choose_minion_to_return(
    ctx: Ctx,
    prompt: str = "Return which minion to its owner's hand?",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a minion this ability may return to its owner's hand: one that "cannot be
    returned" (Form a Posse) is not offered, so every pick takes effect. Returns its id or
    None."""
    g = ctx.g

    def can_go(m: int) -> bool:
        return (pred is None or pred(m)) and can_be_returned(g, m)

    return (yield from choose_minion(ctx, prompt, where, can_go, optional, player))


def choose_base(
    ctx: Ctx,
    prompt: str = "Choose a base",
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a base in play. Returns its slot or None."""
    g = ctx.g
    opts: list[Option] = [new_option(BaseOption, ("base", s)) for s in range(len(g.bases))
                          if pred is None or pred(s)]
    return (yield from pick_one(ctx, opts, prompt, optional, player, "choose_base"))


def may(ctx: Ctx, prompt: str, player: int | None = None) -> AbilityGen:
    """A yes/no "you may" decision. Returns a bool."""
    who = ctx.player if player is None else player
    src = ctx.ref
    choice = yield Request(who, "may", prompt, [YES, NO], src)
    return choice.tag == "yes"


def choose_many(
    ctx: Ctx, cards: list[int], prompt: str, limit: int | None = None, player: int | None = None
) -> AbilityGen:
    """"Any number" (up to ``limit``): single picks until ``done``. Returns the list picked."""
    left = list(cards)
    picked: list[int] = []
    who = ctx.player if player is None else player
    if not left and asks_anyway(ctx.g):  # seat-safe: asked even with nothing to pick
        yield Request(who, "choose_many", prompt, [DONE], ctx.ref)
    while left and (limit is None or len(picked) < limit):
        opts: list[Option] = [new_option(CardOption, ("card", c)) for c in left]
        opts.append(DONE)
        choice = yield Request(who, "choose_many", prompt, opts, ctx.ref)
        if choice.tag == "done":
            break
        picked.append(choice.card)
        left.remove(choice.card)
    return picked


# ---- moving cards ----------------------------------------------------------------------------


def relocate(g: State, card: int, dest: Loc, top: bool = False) -> None:
    """Move a card between zones, keeping ``loc`` right; cleans up cards leaving play.

    ``top`` puts it at index 0 (the top of a deck), otherwise at the end.
    """
    src = g.loc[card]
    gone = from_play.report(g, card, src, dest)  # from play to a discard pile (from_play.py)
    g.zone_list(src).remove(card)
    if src[0] in PLAY_ZONES and dest[0] not in PLAY_ZONES:
        leave_play(g, card, dest)
    elif dest[0] in PLAY_ZONES and src[0] not in PLAY_ZONES:
        note_arrival(g, card)  # in play since the turn began, or not (arrivals.py)
    zone = g.zone_list(dest)
    if top:
        zone.insert(0, card)
    else:
        zone.append(card)
    g.loc[card] = dest
    if dest[0] == "deck":
        for seen in g.known:
            seen.discard(card)
    elif dest[0] == "hand" and (src[0] in PUBLIC_ZONES):
        # everyone saw which card went from the table into that hand
        for seen in g.known:
            seen.add(card)
    if gone is not None:
        from_play.queue_watches(g, emit(g, from_play.TO_DISCARD, **gone))


PUBLIC_ZONES: Final = PLAY_ZONES | {"discard", "stasis"}


def leave_play(g: State, card: int, dest: Loc | None = None) -> None:
    """A card leaves play: its counters, effects and attached cards go; so do the cards
    stored under it, unless its own leaving ability deals with them (``keeps_stored``)."""
    note_leaving(g, card)  # (engine/facts/abilities.py: one that lost its abilities stays silent)
    g.counters.pop(card, None)
    if g.effects:
        g.effects = [e for e in g.effects
                     if e[1] != card or EFFECT_KINDS[e[0]].ends_with != "card"]
    on = g.attached.get(card)
    if on:
        for action in list(on):
            to_owner(g, action, "discard")
            emit(g, "discarded", card=action, player=g.owner[action], reason="host left play")
    g.attached.pop(card, None)
    stored = g.zones.get(("stored", card))
    if stored and not (dest is not None and dest[0] in LEAVING_ZONES and keeps_stored(g, card)):
        for it in list(stored):
            to_owner(g, it, "discard")
    g.controller[card] = g.owner[card]


LEAVING_ZONES: Final = frozenset({"discard", "hand", "deck"})
"""Where a card goes when it leaves play with an event its own triggers answer (destroyed,
discarded, returned, placed: ``LEAVE_PLAY_EVENTS``)."""


def keeps_stored(g: State, card: int) -> bool:
    """Does ``card``'s own leaving ability play or discard the cards stored under it (a hook of
    the kind "keeps_stored", ``engine/mechanics/storage.py``)? Then they wait under it, out of play,
    until that ability has resolved."""
    return any(c == card and fn(g, c) for c, fn, _ in g.tables.card_hooks.get("keeps_stored", ()))


def discard_attached(ctx: Ctx, host: int) -> AbilityGen:
    """``host`` is about to leave play, and the actions on it with it: they go from play to
    their owners' discard piles (``leave_play``), so each is first offered to the "instead"
    abilities of the replaceable event "discard" (Clyde 2.0 puts yours in your hand). Those
    not replaced go with their host as usual."""
    g = ctx.g
    on = g.attached.get(host)
    if not on or not (g.tables.hook_cards["replacements"] or g.tables.list_bases["replacements"]):
        return
    for card in list(on):
        if g.loc[card] == ("on", host):
            yield from replaced(ctx, card, ("discard",))


def to_owner(g: State, card: int, zone: str, top: bool = False) -> None:
    """Put a card into its owner's hand, deck or discard pile (or the box)."""
    if zone == "box":
        relocate(g, card, ("box",))
    else:
        relocate(g, card, (zone, g.owner[card]), top=top)


def destroy(ctx: Ctx, card: int, check_affect: bool = True) -> AbilityGen:
    """Destroy a card in play (a buried card too: ``query.cards_in_play``). Returns True if it
    was destroyed."""
    g = ctx.g
    loc = g.loc[card]
    if loc[0] == "buried":
        return _destroy_buried(ctx, card, check_affect)
    if loc[0] not in PLAY_ZONES:
        return False
    if check_affect and not affects(g, card, ctx.source):
        return False
    if loc[0] == "minion" and not can_be_destroyed(g, card):
        return False
    slot = g.slot_of(card)
    if (yield from replaced(ctx, card, ("destroy", "leave_play"))):
        return False
    controller = g.controller[card]
    yield from discard_attached(ctx, card)
    if not (yield from replaced(ctx, card, ("discard",))) or g.in_play(card):
        to_owner(g, card, "discard")
    note_destroyed(g, card, slot)
    emit(g, "destroyed", card=card, slot=slot, owner=g.owner[card], controller=controller,
         by=ctx.player, by_base=ctx.is_base, was=loc[0])
    return True


def _destroy_buried(ctx: Ctx, card: int, check_affect: bool) -> bool:
    """Destroy a buried card ("all other cards on it": Nuke It From Orbit): face up to its
    real owner's discard pile (the burier's ownership ends as it is discarded: Oops,
    Burying). It answers nothing of its own; no "instead" ability in these sets speaks of
    buried cards, so none is asked."""
    g = ctx.g
    if check_affect and not affects(g, card, ctx.source):
        return False
    slot = int(g.loc[card][1])
    controller = g.controller[card]
    to_owner(g, card, "discard")
    g.controller[card] = g.owner[card]
    note_destroyed(g, card, slot)
    emit(g, "destroyed", card=card, slot=slot, owner=g.owner[card], controller=controller,
         by=ctx.player, by_base=ctx.is_base, was="buried")
    return True


DESTROYED_AT: Final = "destroyed_at"
"""``used`` key ``(DESTROYED_AT, slot, base, card)``: ``card`` was destroyed this turn at the
base ``base`` in ``slot`` (Roy: "if a Wraith has been destroyed here this turn")."""


def note_destroyed(g: State, card: int, slot: int | None) -> None:
    """Remember for the rest of the turn where ``card`` was destroyed."""
    if slot is not None and 0 <= slot < len(g.bases):
        g.used.add((DESTROYED_AT, slot, g.bases[slot], card))


def destroyed_here_this_turn(g: State, slot: int) -> list[int]:
    """The cards destroyed this turn at the base now in ``slot`` (not at a base it replaced)."""
    base = g.bases[slot]
    return sorted(u[3] for u in g.used
                  if u and u[0] == DESTROYED_AT and u[1] == slot and u[2] == base)


def replacements_for(g: State, events: tuple[str, ...]) -> list[tuple[Replacement, int, bool]]:
    """The "instead" abilities in force for any of ``events``: (replacement, card id or base
    slot, is it a base)."""
    found: list[tuple[Replacement, int, bool]] = []
    tables = g.tables
    lost = lost_abilities(g) if g.effects else NONE_LOST  # (engine/facts/abilities.py)
    for card in tables.hook_cards["replacements"]:
        if g.loc[card][0] in PLAY_ZONES and card not in lost:
            found.extend((rep, card, False) for rep in g.defs[card].replacements
                         if rep.event in events)
    if g.effects:  # "instead" abilities a card copied (engine/facts/copies.py)
        found.extend((rep, host, False) for rep, host in copied_replacements(g)
                     if rep.event in events and not (lost and copy_lost(g, host, lost)))
    bases = tables.list_bases["replacements"]
    if bases:
        for slot, bid in enumerate(g.bases):
            if bid in bases and not base_cancelled(g, slot):
                found.extend((rep, slot, True) for rep in g.base_defs[bid].replacements
                             if rep.event in events)
    return found


def replaced(ctx: Ctx, target: int, events: tuple[str, ...]) -> AbilityGen:
    """Before an effect does one of ``events`` (``kinds.REPLACEABLE``) to ``target``: let the
    "instead" abilities that apply replace it. Returns True when one did (the effect then
    does nothing more). When several apply at once the current player picks which first.
    While they run, ``replacing(g)`` names the effect being replaced."""
    g = ctx.g
    candidates = replacements_for(g, events) if g.tables.hook_cards["replacements"] or \
        g.tables.list_bases["replacements"] else []
    if not candidates:
        return False
    outer = g.misc.get(REPLACING)
    g.misc[REPLACING] = (ctx.me, ctx.is_base, g.turn)
    done = False
    while candidates:
        ready = [c for c in candidates if c[0].applies(g, c[1], target)]
        if not ready:
            break
        chosen = ready[0]
        if len(ready) > 1:
            names = [g.base_names[g.bases[me]] if is_base else g.names[me]
                     for _, me, is_base in ready]
            opts: list[Option] = [TriggerOption("trigger", i, n) for i, n in enumerate(names)]
            pick = yield Request(g.current, "order", "Choose which effect applies first", opts)
            chosen = ready[pick.nth]
        candidates.remove(chosen)
        rep, me, is_base = chosen
        owner = g.controller[me] if not is_base else g.current
        rep_ctx = Ctx(g, me, owner, is_base)
        if (yield from resolve(rep_ctx, rep.run(rep_ctx, target))):
            done = True
            break
    if outer is None:
        g.misc.pop(REPLACING, None)
    else:
        g.misc[REPLACING] = outer
    return done


REPLACING: Final = ("rule", "replacing")
"""``misc`` key, while "instead" abilities are asked: the effect they would replace, as
(its card id or base slot, is it a base, the turn)."""


def replacing(g: State) -> tuple[Any, ...] | None:
    """The effect that the "instead" ability now running would replace: (its card id or base
    slot, is it a base, the turn). An ability that may replace "one of" several things one
    effect does at once (Medical Officer) remembers it."""
    cause = g.misc.get(REPLACING)
    return None if cause is None else tuple(cause)


def affects(g: State, target: int, src: Source) -> bool:
    """Does ``src`` actually affect ``target`` now? ("not affected" effects and spent
    shields say no.) Effect helpers ask this just before they change a card."""
    return can_affect(g, target, src) and not absorbed(g, target, src)


ABSORBED: Final = "absorbed"
"""``misc`` key ``(ABSORBED, card)``: the minions a one-time shield covered when it took an
ability of ``card``; kept for that one resolution only (``resolve``)."""


def resolve(ctx: Ctx, ability: AbilityGen) -> AbilityGen:
    """Resolve one ability of ``ctx``'s card (its play, talent, Special, trigger, "instead"
    ability...): every ability resolution goes through here. What a one-time shield absorbed
    from that card (``absorbed``) belongs to this resolution alone: not to an earlier or a
    later one of the same card, nor to one this one sets off (that keeps its own).
    Returns what the ability returns."""
    if ctx.is_base:
        return (yield from ability)
    g, key = ctx.g, (ABSORBED, ctx.me)
    outer = g.misc.pop(key, None)
    result = yield from ability
    if outer is None:
        g.misc.pop(key, None)
    else:
        g.misc[key] = outer
    return result


def absorbed(g: State, target: int, src: Source) -> bool:
    """A one-time shield (a hook at the point "absorbs", as the 2012 Hideout registers)
    stops ``src`` affecting ``target``: the first time, the shield card is destroyed and
    remembers which minions it covered, so the rest of that card's resolution (``resolve``)
    cannot affect them either."""
    shields = g.tables.card_hooks["absorbs"]
    if src.card is None or not shields:
        return False
    covered = g.misc.get((ABSORBED, src.card))
    if covered is not None and target in covered:
        return True
    for card, fn, zones in shields:
        if g.loc[card][0] not in zones or not fn(g, card, target, src):
            continue
        g.misc[(ABSORBED, src.card)] = tuple(m for ms in g.minions for m in ms
                                               if fn(g, card, m, src))
        slot, controller = g.slot_of(card), g.controller[card]
        to_owner(g, card, "discard")
        note_destroyed(g, card, slot)
        emit(g, "destroyed", card=card, slot=slot, owner=g.owner[card], controller=controller,
             by=controller, was="base_action")
        return True
    return False


def return_to_hand(ctx: Ctx, card: int) -> AbilityGen:
    """Return a card in play to its owner's hand: the one way every ability sends a card from
    play back to a hand, whoever controls it and whoever's ability it is ("your hand" in a
    card's text is its owner's hand: the rulebooks send a card leaving play to its owner).
    A buried card goes to the hand of the player who buried it, its owner while it is
    buried (``query.owner_of``). Returns True if it was returned."""
    g = ctx.g
    if g.loc[card][0] == "buried":
        return _return_buried(ctx, card)
    if not g.in_play(card) or not affects(g, card, ctx.source) or not can_be_returned(g, card):
        return False
    if (yield from replaced(ctx, card, ("return", "leave_play"))):
        return False
    yield from discard_attached(ctx, card)
    slot = g.slot_of(card)
    owner = owner_of(g, card)
    relocate(g, card, ("hand", owner))
    emit(g, "returned", card=card, slot=slot, owner=owner, by=ctx.player,
         by_base=ctx.is_base)
    return True


def _return_buried(ctx: Ctx, card: int) -> bool:
    """A face-down buried card goes to its owner's hand (its burier's: ``owner_of``), still
    unseen by those who did not know it: only they read its name in the event."""
    g = ctx.g
    if not affects(g, card, ctx.source) or not can_be_returned(g, card):
        return False
    slot = g.slot_of(card)
    owner = owner_of(g, card)
    seers = {p for p in range(g.nplayers) if p == owner or card in g.known[p]}
    relocate(g, card, ("hand", owner))
    g.controller[card] = g.owner[card]
    emit(g, "returned", card=card, slot=slot, owner=owner, by=ctx.player, by_base=ctx.is_base,
         was="buried", private=None if len(seers) == g.nplayers else tuple(sorted(seers)))
    return True


def move_minion(ctx: Ctx, card: int, to_slot: int) -> AbilityGen:
    """Move a minion (with what is on it) to another base. Returns True if it moved."""
    g = ctx.g
    loc = g.loc[card]
    if loc[0] != "minion" or loc[1] == to_slot or not can_affect(g, card, ctx.source):
        return False
    if move_forbidden(g, card, to_slot, ctx.player) or absorbed(g, card, ctx.source):
        return False
    if (yield from replaced(ctx, card, ("move",))) or g.loc[card] != loc:
        return False
    g.minions[loc[1]].remove(card)
    g.minions[to_slot].append(card)
    g.loc[card] = ("minion", to_slot)
    record_move(g, card, loc[1])  # (engine/facts/moves.py: "the base it moved from")
    emit(g, "moved", card=card, src=loc[1], dest=to_slot, by=ctx.player, by_base=ctx.is_base)
    return True


def destinations(ctx: Ctx, minion: int) -> list[int]:
    """The bases this ability's player may move ``minion`` to now."""
    return move_destinations(ctx.g, minion, ctx.player, ctx.source)


def movable(ctx: Ctx, minion: int) -> bool:
    """Could this ability move ``minion`` anywhere now?"""
    return bool(destinations(ctx, minion))


def choose_destination(ctx: Ctx, minion: int, prompt: str = "Move it to which base?",
                       optional: bool = False, among: Iterable[int] | None = None,
                       player: int | None = None) -> AbilityGen:
    """Choose a base to move ``minion`` to (only bases it may move to, within ``among`` if
    given). Returns the slot, or None when declined or when there is none."""
    allowed = destinations(ctx, minion)
    if among is not None:
        wanted = set(among)
        allowed = [s for s in allowed if s in wanted]
    opts: list[Option] = [new_option(BaseOption, ("base", s)) for s in allowed]
    return (yield from pick_one(ctx, opts, prompt, optional, player, "choose_base"))


def move_to_other_base(ctx: Ctx, minion: int, prompt: str = "Move it to which base?",
                       optional: bool = False) -> AbilityGen:
    """Choose another base this minion may move to and move it there. Returns True if it
    moved."""
    dest = yield from choose_destination(ctx, minion, prompt, optional)
    if dest is None:
        return False
    return (yield from move_minion(ctx, minion, dest))


def choose_minion_to_move(
    ctx: Ctx,
    prompt: str = "Move which minion?",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    to: int | None = None,
    player: int | None = None,
) -> AbilityGen:
    """Choose a minion this ability may move (to base ``to``, if given; else anywhere it
    may go). Minions that could not move are not offered. Returns its id or None."""
    def can_go(m: int) -> bool:
        if pred is not None and not pred(m):
            return False
        dests = destinations(ctx, m)
        return to in dests if to is not None else bool(dests)

    return (yield from choose_minion(ctx, prompt, where, can_go, optional, player))


def place_on_deck(ctx: Ctx, card: int, bottom: bool = True) -> AbilityGen:
    """Place a card on the bottom (or top) of its owner's deck. Returns True if it went."""
    g = ctx.g
    if g.in_play(card) and not affects(g, card, ctx.source):
        return False
    if g.in_play(card) and (yield from replaced(ctx, card, ("place", "leave_play"))):
        return False
    yield from discard_attached(ctx, card)
    slot = g.slot_of(card)
    to_owner(g, card, "deck", top=not bottom)
    emit(g, "placed", card=card, slot=slot, dest="deck bottom" if bottom else "deck top",
         by=ctx.player, by_base=ctx.is_base)
    return True


def discard_card(g: State, card: int, reason: str = "") -> None:
    """Discard a card from wherever it is to its owner's discard pile."""
    to_owner(g, card, "discard")
    emit(g, "discarded", card=card, player=g.owner[card], reason=reason)


SHUFFLE_PLAN: Final = ("rule", "shuffle_plan")
"""``misc`` key of a determinised world only (``views.WorldSampler``): per deck shuffle to
come, whose deck and the cards, in order, that come out on top (the cards the seat saw
drawn from it after that shuffle in the real game); the rest is shuffled freely."""


def shuffle_deck(g: State, player: int) -> None:
    deck = g.decks[player]
    _shuffle(g, player, deck)
    for seen in g.known:  # nobody knows where a card of a shuffled deck is any more
        seen.difference_update(deck)
    emit(g, "shuffled", player=player)


def _shuffle(g: State, player: int, cards: list[int]) -> None:
    """Shuffle ``cards`` (of ``player``'s deck) in place; in a determinised world, as the
    world's plan for that deck's next shuffle says (``SHUFFLE_PLAN``)."""
    g.rng = rng.shuffle(g.rng, cards)
    plan = g.misc.get(SHUFFLE_PLAN)
    if plan is not None:
        for i, (whose, top) in enumerate(plan):
            if whose == player:  # this deck's next planned shuffle
                first = [c for c in top if c in cards]
                cards[:] = first + [c for c in cards if c not in first]
                g.misc[SHUFFLE_PLAN] = plan[:i] + plan[i + 1:]
                break


# ---- the top cards of a deck: the one place for the empty-deck rule ------------------------


def top_cards(g: State, owner: int, n: int, bottom: bool = False) -> list[int]:
    """The top ``n`` cards of ``owner``'s deck (``bottom``: the bottom ``n``), the nearest to
    that end first. They stay in the deck: the caller draws, reveals, looks at or takes them.
    Every card that reads a deck's top cards does it here (tests/engine/deck_top_scan_test.py).

    The empty-deck rule, written once: a deck that holds fewer than ``n`` cards, empty or
    running out part-way, is topped up from its owner's discard pile, shuffled, and the count
    keeps going into it (core: "shuffle your discard pile ... Start drawing from there"; SFDF,
    Oops: "shuffle your discard pile to make your new deck, and keep going"; EMD: also "in the
    middle of drawing, revealing, or looking"). The cards already counted are in hand, not in
    the discard pile: they stay where they are, on top (``bottom``: underneath), and only the
    discard pile is shuffled. The group is counted before any of it moves, so none of its
    cards is shuffled back in. A deck and discard pile together short of ``n`` give what
    there is. (Revealing *until* something shows stops at the deck's end instead:
    ``mechanics.reveal_until``; a search sees the deck as it is: ``deck_to_search``.)"""
    if n <= 0:
        return []
    deck = g.decks[owner]
    pile = g.discards[owner]
    if len(deck) < n and pile:
        g.discards[owner] = []
        for c in pile:
            g.loc[c] = ("deck", owner)
        _shuffle(g, owner, pile)
        for seen in g.known:  # the shuffled cards: nobody knows their order
            seen.difference_update(pile)
        if bottom:
            deck[:0] = pile
        else:
            deck.extend(pile)
        emit(g, "shuffled", player=owner)
    return list(reversed(deck[-n:])) if bottom else deck[:n]


def top_card(g: State, player: int, refill: bool = True) -> int | None:
    """The top card of a deck (``top_cards`` of one: an empty deck is refilled from the
    discard pile, unless not ``refill``), or None."""
    if not refill:
        return g.decks[player][0] if g.decks[player] else None
    top = top_cards(g, player, 1)
    return top[0] if top else None


def deck_to_search(g: State, owner: int, refill: bool = True) -> list[int]:
    """The cards of ``owner``'s deck as a search sees them, top first (a copy). An empty deck
    is refilled from the discard pile first (EMD: "If a deck is empty when you need to start
    ... searching for ... cards from it, then shuffle its discard pile"); a search sees the
    whole deck at once and never reshuffles part-way ("but not when searching"). Not
    ``refill``: a search of "your deck and/or discard pile" takes an empty deck as it is (the
    discard pile is searched as it lies; making it the deck first would offer the same cards
    and take away the choice of searching the discard pile alone)."""
    if refill:
        top_cards(g, owner, 1)
    return list(g.decks[owner])


def cards_to_search(g: State, owner: int) -> list[int]:
    """The cards a search of ``owner``'s deck would see, in no order, without shuffling
    anything (for checks that must not change the game): the deck, or the discard pile
    that would become an empty deck."""
    return list(g.decks[owner] or g.discards[owner])


def draw(g: State, player: int, n: int = 1) -> list[int]:
    """Draw ``n`` cards (``top_cards``: the discard pile is reshuffled when the deck runs
    out part-way)."""
    drawn = top_cards(g, player, n)
    for card in drawn:
        relocate(g, card, ("hand", player))
    if drawn:
        emit(g, "drew", player=player, count=len(drawn), cards=tuple(drawn), private=player)
    return drawn


def reveal(g: State, cards: Iterable[int], to: Iterable[int] | None = None,
           by: int | None = None) -> None:
    """Show cards to some players (default all); they become known to them.

    The event says whose card showed them (``by``; by default the one player shown them, or
    else the current player) and where each card was (``places``), so that a card can answer
    another player's card seeing into its hand or deck (Dynamite Surprise)."""
    shown = tuple(cards)
    viewers = list(range(g.nplayers)) if to is None else list(to)
    for p in viewers:
        g.known[p].update(shown)
    if by is None:
        by = viewers[0] if len(viewers) == 1 else g.current
    emit(g, "revealed", cards=shown, to=tuple(viewers), by=by,
         places=tuple(g.loc[c] for c in shown))


def gain_vp(g: State, player: int, n: int, reason: str = "") -> None:
    g.vp[player] += n
    emit(g, "vp", player=player, amount=n, reason=reason)


def end_base_effects(g: State, slot: int) -> None:
    """The base in ``slot`` leaves play (scored, swapped): effects aimed at it end."""
    if g.effects:
        g.effects = [e for e in g.effects
                     if e[1] != slot or EFFECT_KINDS[e[0]].ends_with != "base"]


def swap_base(g: State, slot: int, new: int) -> None:
    """Swap the base in ``slot`` with base card ``new`` from the base deck; the old base is
    shuffled into the base deck. Cards on the base stay where they are."""
    old = g.bases[slot]
    g.base_deck.remove(new)
    g.base_deck.append(old)
    g.bases[slot] = new
    end_base_effects(g, slot)
    g.rng = rng.shuffle(g.rng, g.base_deck)
    emit(g, "base_swapped", slot=slot, old=old, new=new)


def add_effect(
    g: State, kind: str, target: Any, value: Any, expiry: tuple[Any, ...], player: int
) -> None:
    """A temporary effect, e.g. ``add_effect(g, "power", m, 2, until_end_of_turn(g), p)``;
    ``kind`` is a registered effect kind (``kinds.EFFECT_KINDS``)."""
    if kind not in EFFECT_KINDS:
        raise ValueError(f"unknown effect kind {kind!r}; register it with "
                         "kinds.register_effect_kind")
    g.effects.append((kind, target, value, expiry, player))
    if kind == "power" and isinstance(value, int) and value > 0 and PLAYING in g.misc:
        note_boost(g, target)  # an action directly increasing power (boosts.py)
    emit(g, "effect", effect=kind, target=target, value=value, player=player)


def until_end_of_turn(g: State) -> tuple[Any, ...]:
    return ("end", g.turn)


def until_end_of_your_turn(g: State, player: int) -> tuple[Any, ...]:
    """"Until the end of your turn": on another player's turn, the end of your next turn."""
    return ("end", g.turn) if g.current == player else ("end_of", player)


def until_start_of_turn(player: int) -> tuple[Any, ...]:
    return ("start_of", player)


def place_counters(ctx: Ctx, card: int, n: int = 1) -> bool:
    """Place ``n`` +1 power counters on a card in play."""
    g = ctx.g
    if not g.in_play(card) or not affects(g, card, ctx.source):
        return False
    g.counters[card] = g.counters.get(card, 0) + n
    if n > 0 and PLAYING in g.misc:
        note_boost(g, card)
    emit(g, "counters", card=card, amount=n)
    return True


def remove_counters(ctx: Ctx, card: int, n: int = 1) -> int:
    """Remove up to ``n`` counters; returns how many came off."""
    g = ctx.g
    have = g.counters.get(card, 0)
    if not have or not affects(g, card, ctx.source):
        return 0
    n = min(n, have)
    g.counters[card] = have - n
    emit(g, "counters", card=card, amount=-n)
    return n


def transfer_counters(ctx: Ctx, src: int, dest: int, n: int = 1) -> int:
    """Transfer counters between cards in play (both must be affectable)."""
    g = ctx.g
    if not g.in_play(dest) or not affects(g, dest, ctx.source):
        return 0
    moved = remove_counters(ctx, src, n)
    if moved:
        g.counters[dest] = g.counters.get(dest, 0) + moved
        if PLAYING in g.misc:
            note_boost(g, dest)
        emit(g, "counters", card=dest, amount=moved)
    return moved


def grant_extra(g: State, player: int, kind: str, check: str = "any", arg: Any = None) -> None:
    """An extra minion or action play this turn (usable later in the phase)."""
    if player != g.current:
        return
    play_condition(check)  # a registered condition (ValueError otherwise)
    if kind == "minion" and check == "any":
        g.minion_plays += 1
    elif kind == "action" and check == "any":
        g.action_plays += 1
    else:
        g.grants.append((kind, check, arg))
    emit(g, "extra", player=player, type=kind, check=check)
