"""The registry of game rules' own steps (stasis, uncovering, the discard of an action just
played...): each waits with the triggered abilities (``rules/pending.py`` resolves them) under
a name of ``RULES``. The rules and the mechanics register into it; the option texts read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from .defs import AbilityGen, Event
from .state import Pending, State

RuleRun = Callable[[State, int, Any, Event], AbilityGen]


@dataclass(frozen=True)
class Rule:
    """A game rule's step that waits with the abilities: its text (the stable form of the
    option that resolves it), what it does (``run(g, player, arg, event)``) and ``label``,
    what that option reads for people."""

    text: str
    run: RuleRun
    # (g, player, arg): may the optional step still be offered? (None: always)
    applies: Callable[[State, int, Any], bool] | None = None
    # runs after everything waiting with it has resolved, Me First! included, and is never
    # offered as a choice (the discard of a standard action just played: resolution.py)
    last: bool = False
    label: str = ""


RULES: Final[dict[str, Rule]] = {}


def register_rule(name: str, rule: Rule) -> None:
    if name in RULES:
        raise ValueError(f"rule {name!r} is already registered")
    RULES[name] = rule


def rule_entry(player: int, rule: str, ev: Event, optional: bool, arg: Any = None) -> Pending:
    """A waiting step of the rule ``rule`` for ``player``."""
    return Pending("rule", player, ev, optional, rule=rule, arg=arg)
