"""Turn order and the base deck outside the normal flow.

* **Extra turns** ("the winner takes an extra turn after the current turn ends"): queued in
  ``misc``; when a turn ends, the next queued player takes a complete turn (start-of-turn and
  end-of-turn effects apply, "until the start of your next turn" ends at its start), and then
  play goes on with the player who would have come after the turn that queued them.
* **Bases that cannot score**: the point ``cannot_score`` of ``kinds.POINTS``; a card or base
  answering it keeps a base out of ``flow.ready_bases`` however much power is there.
* **Choosing a base**: the base that replaces a scored one may be chosen from the base discard
  pile (``replace_with``), and a base may go from the base discard pile onto the base deck
  (``base_to_deck_top``). Both piles' tops are public, so nothing here is hidden.
* **Destroying a base** (No-Moon, Nuke It From Orbit): ``destroy_base``; see its docstring.

The turn flow asks this module (clearing and replacing a scored base are here too, shared
with ``destroy_base``); it imports nothing of the flow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core import rng
from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.events import emit
from ..core.kinds import HookKind, register_hook_kind
from ..core.state import State
from ..facts.from_play import LEAVING_TOGETHER, leaving_together
from ..facts.query import hooks
from .modifiers import end_base_effects
from .moving import discard_attached
from .protection import replaced
from .zones import to_owner

EXTRA_TURNS: Final = ("rule", "extra_turns")
"""``misc`` key: the players who take an extra turn, in order, when the current turn ends."""
RESUME: Final = ("rule", "resume_turn")
"""``misc`` key, set during extra turns: the player whose ordinary turn comes after them."""

CANNOT_SCORE: Final = register_hook_kind(HookKind(
    "cannot_score", "cannot_score", doc="a card or base in play that keeps a base from scoring"))


# ---- extra turns -----------------------------------------------------------------------------


def take_extra_turns(g: State, players: Sequence[int]) -> None:
    """Each of ``players`` takes an extra turn after the current turn ends, in this order,
    before any extra turns queued earlier ("after the current turn": the newest come first)."""
    if not players:
        return
    g.misc[EXTRA_TURNS] = tuple(players) + tuple(g.misc.get(EXTRA_TURNS, ()))
    for p in players:
        emit(g, "extra_turn", player=p)


def extra_turns_queued(g: State) -> tuple[int, ...]:
    """The players who will take an extra turn, in order, once the current turn ends."""
    return tuple(g.misc.get(EXTRA_TURNS, ()))


def in_extra_turn(g: State) -> bool:
    """Is the current turn an extra turn?"""
    return RESUME in g.misc


def next_player(g: State) -> int:
    """At the end of a turn: whose turn comes next (an extra turn first, if one is queued)."""
    queued = extra_turns_queued(g)
    if queued:
        if RESUME not in g.misc:  # the ordinary order resumes after the extra turns
            g.misc[RESUME] = (g.current + 1) % g.nplayers
        if len(queued) > 1:
            g.misc[EXTRA_TURNS] = queued[1:]
        else:
            del g.misc[EXTRA_TURNS]
        return queued[0]
    resume = g.misc.pop(RESUME, None)
    return int(resume) if resume is not None else (g.current + 1) % g.nplayers


# ---- bases that cannot score -----------------------------------------------------------------


def cannot_score(g: State, slot: int) -> bool:
    """Does a card or base in play keep the base in ``slot`` from scoring now?"""
    return any(fn(g, me, slot) for fn, me, _ in hooks(g, CANNOT_SCORE.point))


def scoring_may_be_barred(g: State) -> bool:
    """Could anything in this game keep a base from scoring? (A cheap test first.)"""
    tables = g.tables
    return bool(tables.card_hooks[CANNOT_SCORE.point] or tables.base_hooks[CANNOT_SCORE.point])


# ---- choosing bases --------------------------------------------------------------------------

NEXT_BASE: Final = "next_base"
"""``misc`` key ``(NEXT_BASE, slot)``: the base chosen to replace the one in ``slot`` when
it has scored (``replace_base`` takes it from the base deck or the base discard pile)."""


def replace_with(g: State, slot: int, base: int) -> None:
    """When the base in ``slot`` is replaced, ``base`` (in the base deck or the base discard
    pile) replaces it instead of the top base of the base deck."""
    g.misc[(NEXT_BASE, slot)] = base
    emit(g, "next_base", slot=slot, base=base)


def base_to_deck_top(g: State, base: int) -> None:
    """Put ``base`` from the base discard pile on top of the base deck, face down (everyone
    saw which one it was)."""
    g.base_discard.remove(base)
    g.base_deck.insert(0, base)
    emit(g, "base_to_deck", base=base)


def clear_base(g: State, slot: int, reason: str = "base scored") -> AbilityGen:
    """All cards still on a scored (or destroyed) base go to their owners' discard piles (not
    destroyed), unless an "instead" ability sends one elsewhere (the replaceable event
    "discard"); each "discarded" event carries ``reason``."""
    rule = Ctx(g, slot, g.current, is_base=True)
    leaving_together(g, slot)  # their powers and company as they leave (from_play.py)
    for minion in list(g.minions[slot]):  # all leave at once: first the actions on minions
        yield from discard_attached(rule, minion)
    for card in list(g.base_actions[slot]) + list(g.minions[slot]):
        if g.in_play(card) and (yield from replaced(rule, card, ("discard",))) and \
                not g.in_play(card):
            continue
        to_owner(g, card, "discard")
        emit(g, "discarded", card=card, player=g.owner[card], reason=reason, slot=slot)
    g.misc.pop(LEAVING_TOGETHER, None)
    for card in list(g.zones.get(("buried", slot), ())):
        to_owner(g, card, "discard")


def draw_base(g: State) -> int | None:
    """Take the top base of the base deck, the base discard pile shuffled into an empty base
    deck first; None when neither holds a base (nothing changes then)."""
    if not g.base_deck and g.base_discard:
        g.base_deck = g.base_discard
        g.base_discard = []
        g.rng = rng.shuffle(g.rng, g.base_deck)
    return g.base_deck.pop(0) if g.base_deck else None


def replace_base(g: State, slot: int) -> int | None:
    """Put a new base in ``slot`` from the base deck (or a chosen one)."""
    chosen = g.misc.pop((NEXT_BASE, slot), None)
    if chosen is not None and chosen in g.base_deck:
        g.base_deck.remove(chosen)
        new = chosen
    elif chosen is not None and chosen in g.base_discard:  # Time is Fleeting
        g.base_discard.remove(chosen)
        new = chosen
    else:
        drawn = draw_base(g)
        if drawn is None:
            # no base left at all: the slot stays with the scored base's successor missing
            g.bases.pop(slot)
            g.minions.pop(slot)
            g.base_actions.pop(slot)
            return None
        new = drawn
    g.bases[slot] = new
    return int(new)


# ---- destroying a base -----------------------------------------------------------------------


def destroy_base(ctx: Ctx, slot: int) -> AbilityGen:
    """Destroy the base in ``slot`` (guide §4.14, R:) and replace it normally.

    * Nobody scores it: no VP, and none of its "when/after this base scores" abilities.
    * Every card still on it (minions, actions on the base and on its minions, buried cards)
      goes to its owner's discard pile exactly as when a base is cleared after scoring: the
      cards are *discarded*, not destroyed. "Goes to the discard pile from play" abilities
      answer (each card's event "discarded" has ``reason="base destroyed"`` and the slot);
      "destroyed" ones do not; "instead of going to the discard pile" replacements apply.
      A card that must destroy the other cards there first (Nuke It From Orbit) does so itself
      before calling this.
    * Effects aimed at the base end; the base card goes to the base discard pile; the top base
      of the base deck (reshuffling the base discard pile into it if it is empty) takes its slot.
    * Then the event ``base_destroyed`` (slot, old base, new base, by: the player) is emitted;
      it is not "base_replaced", which means "scored and replaced".

    The base being scored cannot be destroyed this way (a ValueError, nothing changed).
    Returns the new base card, or None if no base was left to replace it (the slot is gone).
    """
    g = ctx.g
    if not 0 <= slot < len(g.bases):
        raise ValueError(f"no base in slot {slot}")
    if g.scoring == slot:
        raise ValueError("the base being scored cannot be destroyed")
    old = g.bases[slot]
    yield from clear_base(g, slot, "base destroyed")
    end_base_effects(g, slot)
    g.base_discard.append(old)
    new = replace_base(g, slot)
    if new is None and g.scoring is not None and g.scoring > slot:
        g.scoring -= 1  # the slots after the one that went shift down
    emit(g, "base_destroyed", slot=slot, old=old, new=new, by=ctx.player)
    return new
