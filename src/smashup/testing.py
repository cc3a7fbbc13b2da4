"""Helpers for writing scenario tests (and reproducing bug reports).

>>> from smashup.testing import scenario, where
>>> game = scenario(hands=[["aliens/invader"], []], bases=["jungle-oasis", "the-central-brain"])
>>> game.apply("play aliens/invader#1 @ base:jungle-oasis")
>>> where(game, "aliens/invader#1"), game.state.vp
('minion@base:jungle-oasis', [1, 0])
"""

from __future__ import annotations

from typing import Any

from .engine.game import Game
from .engine.query import breakpoint, player_power, total_power
from .engine.query import power as _power


def scenario(**fields: Any) -> Game:
    """A game starting from the scenario described by keyword fields (see docs/scenarios.md)."""
    return Game.new({"scenario": fields})


def card_id(game: Game, name: str) -> int:
    """The instance id of a card by its text name, e.g. ``"aliens/invader#1"``."""
    try:
        return game.state.names.index(name)
    except ValueError:
        raise KeyError(f"no card {name!r} in this game") from None


def slot(game: Game, base: str) -> int:
    """The slot of a base in play by key (``"tortuga"`` or ``"base:tortuga"``)."""
    g = game.state
    name = base if base.startswith("base:") else f"base:{base}"
    for s, bid in enumerate(g.bases):
        if g.base_names[bid] == name:
            return s
    raise KeyError(f"{base!r} is not in play")


def where(game: Game, name: str) -> str:
    """Where a card is, as readable text: ``hand:0``, ``deck:1``, ``discard:0``,
    ``minion@base:x``, ``on:<card>``, ``action@base:x``, ``box``..."""
    g = game.state
    loc = g.loc[card_id(game, name)]
    kind = loc[0]
    if kind == "minion":
        return f"minion@{g.base_names[g.bases[loc[1]]]}"
    if kind == "base_action":
        return f"action@{g.base_names[g.bases[loc[1]]]}"
    if kind == "on":
        return f"on:{g.names[loc[1]]}"
    if len(loc) == 1:
        return kind
    return f"{kind}:{loc[1]}"


def power(game: Game, name: str) -> int:
    return _power(game.state, card_id(game, name))


def base_power(game: Game, base: str, player: int | None = None) -> int:
    s = slot(game, base)
    if player is None:
        return total_power(game.state, s)
    return player_power(game.state, s, player)


def base_breakpoint(game: Game, base: str) -> int:
    return breakpoint(game.state, slot(game, base))


def play(game: Game, *steps: str) -> Game:
    """Apply each step strictly (an unexpected decision raises IllegalAction)."""
    for step in steps:
        game.apply(step)
    return game


def options(game: Game) -> list[str]:
    """The text forms of the current decision's options."""
    return game.action_texts()


def decision(game: Game) -> tuple[int, str]:
    """``(player, kind)`` of the current decision."""
    req = game.request
    assert req is not None, "the game is over"
    return req.player, req.kind
