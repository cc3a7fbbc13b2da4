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

The turn flow asks this module; it imports nothing of the flow.
"""

from __future__ import annotations

from collections.abc import Sequence

from .effects import emit
from .kinds import HookKind, register_hook_kind
from .query import hooks
from .state import State

EXTRA_TURNS = ("rule", "extra_turns")
"""``misc`` key: the players who take an extra turn, in order, when the current turn ends."""
RESUME = ("rule", "resume_turn")
"""``misc`` key, set during extra turns: the player whose ordinary turn comes after them."""

CANNOT_SCORE = register_hook_kind(HookKind(
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

NEXT_BASE = "next_base"
"""``misc`` key ``(NEXT_BASE, slot)``: the base chosen to replace the one in ``slot`` when
it has scored (``flow.replace_base`` takes it from the base deck or the base discard pile)."""


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
