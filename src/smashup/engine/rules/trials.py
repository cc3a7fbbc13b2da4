"""Would an ability do anything? Tried on copies of the position, never on the game itself.

``position_key`` is the position apart from one card and the plays used to play it;
``could_do_something`` runs an ability on copies, answering its questions every way (within
a budget), and says whether any way changes the position. ``why.does_nothing`` (the "would
do nothing" mark of a playable action) and ``pending.still_applies`` (an optional ability of
a card that a "not affected" effect keeps from some card in play) use them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..core.defs import AbilityGen
from ..core.requests import CHECKPOINT, Option, Request
from ..core.state import State

TRIAL_BUDGET: Final = 32
"""How many ways of answering an ability's questions are tried before giving up (and then
assuming it could do something: a trial never hides an option it could not rule out)."""


def position_key(g: State, card: int = -1) -> tuple[Any, ...]:
    """The position apart from ``card`` itself and the plays used to play it."""
    def without(cards: list[int]) -> tuple[int, ...]:
        return tuple(c for c in cards if c != card)

    return (
        g.rng, tuple(g.vp), tuple(map(without, g.hands)), tuple(map(tuple, g.decks)),
        tuple(map(without, g.discards)), tuple(g.bases), tuple(map(without, g.minions)),
        tuple(map(without, g.base_actions)),
        tuple(sorted((k, without(v)) for k, v in g.attached.items() if without(v))),
        tuple(sorted((k, v) for k, v in g.counters.items() if v)),
        tuple(g.base_deck), tuple(g.base_discard), g.current, g.turn, g.phase,
        g.minion_plays, tuple(gr for gr in g.grants if gr[0] == "minion"), g.minions_played,
        tuple(g.effects), g.winner, tuple(sorted(g.stasis.items())),
        tuple(sorted((repr(k), repr(v)) for k, v in g.misc.items())),
        tuple(sorted((repr(k), without(v)) for k, v in g.zones.items() if without(v))),
    )


def _step(gen: AbilityGen, answer: Option | None) -> Request:
    """The ability's next question after ``answer`` (None: its first), past checkpoints."""
    req: Request = next(gen) if answer is None else gen.send(answer)
    while req is CHECKPOINT:
        req = next(gen)
    return req


def could_do_something(g: State, run: Callable[[State], AbilityGen],
                       budget: int = TRIAL_BUDGET) -> bool:
    """Could the ability ``run`` starts (``run(trial)`` on a copy of ``g``) change anything,
    answered some way? Every way of answering its questions is tried, up to ``budget`` ways;
    past that, or if a trial fails, the answer is yes. Something changes when the position
    (``position_key``) or what the players know differs, or when it emits an event."""
    before = (position_key(g), tuple(tuple(sorted(k)) for k in g.known))
    todo: list[tuple[Option, ...]] = [()]
    tried = 0
    while todo:
        answers = todo.pop()
        tried += 1
        if tried > budget:
            return True
        trial = g.copy()
        trial.events = []
        gen = run(trial)
        req: Request | None = None
        try:
            req = _step(gen, None)
            for answer in answers:
                req = _step(gen, answer)
        except StopIteration:  # the ability ended: did it change anything?
            req = None
        except Exception:  # a fault is not for a trial to judge: assume it could
            return True
        finally:
            gen.close()
        if req is not None:
            todo.extend(answers + (opt,) for opt in req.options)
            continue
        after = (position_key(trial), tuple(tuple(sorted(k)) for k in trial.known))
        if trial.events or after != before:
            return True
    return False
