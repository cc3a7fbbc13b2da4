"""Effects that move cards in play: destroy, return to hand, move to another base, place on a
deck. Each checks that the card may be affected, offers the "instead" abilities, then moves it
(``zones.relocate``) and emits the event its triggers answer."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.events import emit
from ..core.requests import (
    BaseOption,
    Option,
    new_option,
)
from ..core.state import PLAY_ZONES
from ..facts.moves import record_move
from ..facts.query import (
    can_affect,
    can_be_destroyed,
    can_be_returned,
    move_destinations,
    move_forbidden,
    owner_of,
)
from .choosing import choose_minion, pick_one
from .protection import absorbed, affects, replaced
from .zones import note_destroyed, relocate, to_owner


def discard_attached(ctx: Ctx, host: int) -> AbilityGen:
    """``host`` is about to leave play, and the actions on it with it: they go from play to
    their owners' discard piles (``zones.leave_play``), so each is first offered to the "instead"
    abilities of the replaceable event "discard" (Clyde 2.0 puts yours in your hand). Those
    not replaced go with their host as usual."""
    g = ctx.g
    on = g.attached.get(host)
    if not on or not (g.tables.hook_cards["replacements"] or g.tables.list_bases["replacements"]):
        return
    for card in list(on):
        if g.loc[card] == ("on", host):
            yield from replaced(ctx, card, ("discard",))


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
