"""Extra plays for a player's next turn (Wraithrustlers HQ: "the winner, on their next turn,
may play an extra action or an extra minion"), and one extra play of either kind.

The benefit outlives the base that gave it, so it is a player-level record in ``misc``
(guide §4.14): ``grant_next_turn`` notes it, and when that player's next turn starts
(``turn_rules.queue_start_rules`` calls ``start_next_turn``), after the turn's plays are reset,
it becomes extra plays usable for the whole turn. "An extra minion or an extra action" is one
play of either kind: a pair of linked grants, one per kind, under the play condition
``one_of``: playing a card with one of them uses up the others (``spend_grant``, which the
Play Cards phase calls for every grant it uses), and each is usable only while they all are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..core.events import emit
from ..core.kinds import PlayCondition, register_play_condition
from ..core.state import State
from ..rules.modifiers import grant_extra

NEXT_TURN: Final = "next_turn_extras"
"""``misc`` key ``(NEXT_TURN, player)``: the extra plays waiting for ``player``'s next turn,
a tuple of kind tuples (``("minion", "action")``: one play of either kind)."""

ONE_OF: Final = "one_of"
"""The play condition of linked grants; its argument is ``(token, size of the set)``."""

KINDS: Final = ("minion", "action")


def grant_next_turn(g: State, player: int, kinds: Sequence[str]) -> None:
    """On ``player``'s next turn they may play one extra card of one of ``kinds``."""
    if not kinds or any(k not in KINDS for k in kinds):
        raise ValueError(f"next-turn extra plays are minions or actions, not {kinds!r}")
    key = (NEXT_TURN, player)
    g.misc[key] = tuple(g.misc.get(key, ())) + (tuple(kinds),)
    emit(g, "next_turn_extra", player=player, kinds=tuple(kinds))


def waiting_next_turn(g: State, player: int) -> tuple[tuple[str, ...], ...]:
    """The extra plays ``player`` will get when their next turn starts."""
    return tuple(g.misc.get((NEXT_TURN, player), ()))


def start_next_turn(g: State) -> None:
    """The current player's turn starts: the extra plays waiting for it are granted."""
    waiting = g.misc.pop((NEXT_TURN, g.current), ())
    for i, kinds in enumerate(waiting):
        grant_one_of(g, g.current, kinds, (g.turn, i))


def grant_one_of(g: State, player: int, kinds: Sequence[str], token: Any) -> None:
    """One extra play this turn of any one of ``kinds`` (``token``: an immutable value that
    tells this set of linked grants from others granted in the same turn)."""
    if len(kinds) == 1:
        grant_extra(g, player, kinds[0])
        return
    for kind in kinds:
        grant_extra(g, player, kind, ONE_OF, (token, len(kinds)))


def spend_grant(g: State, i: int) -> None:
    """Use up the extra play ``g.grants[i]``; the other grants of its one-of set go with it."""
    _, check, arg = g.grants.pop(i)
    if check == ONE_OF:
        g.grants = [gr for gr in g.grants if not (gr[1] == ONE_OF and gr[2] == arg)]


def _partners_unused(g: State, card: int, slot: int, arg: Any) -> bool:
    return sum(1 for gr in g.grants if gr[1] == ONE_OF and gr[2] == arg) == int(arg[1])


register_play_condition(PlayCondition(
    ONE_OF, _partners_unused,
    lambda g, arg: "(one extra card of either kind: playing one uses up the other)"))
