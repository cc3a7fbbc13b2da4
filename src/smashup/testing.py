"""Helpers for writing scenario tests (and reproducing bug reports).

>>> from smashup.testing import scenario, where
>>> game = scenario(hands=[["aliens/invader"], []], bases=["jungle-oasis", "the-central-brain"])
>>> game.apply("play aliens/invader#1 @ base:jungle-oasis")
>>> where(game, "aliens/invader#1"), game.state.vp
('minion@base:jungle-oasis', [1, 0])
"""

from __future__ import annotations

from typing import Any

from .engine.api.game import Game
from .engine.api.setup import SetupError
from .engine.core.validate import check_keys, clip, describe, expect_dict, expect_list
from .engine.facts.query import breakpoint, player_power, total_power
from .engine.facts.query import power as _power


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
    """Where a card is, always as ``<zone>`` followed by the place the zone belongs to:

    - ``:<player>`` for the zones in front of a player: ``hand:0``, ``deck:1``,
      ``discard:0``, ``stasis:1``, ``revealed:0``, ``aside:0``;
    - ``@<base>`` for the zones at a base: ``minion@base:tortuga``, ``action@base:tortuga``
      (an action played on the base), ``buried@base:tortuga``;
    - ``:<card>`` for the zones on a card: ``on:aliens/invader#1`` (an action attached to
      that minion), ``stored:robots/vault#1`` (stored under that card);
    - ``box`` for a card out of the game.
    """
    g = game.state
    loc = g.loc[card_id(game, name)]
    kind = loc[0]
    if kind in ("minion", "base_action", "buried"):
        zone = "action" if kind == "base_action" else kind
        return f"{zone}@{g.base_names[g.bases[loc[1]]]}"
    if kind in ("on", "stored"):
        return f"{kind}:{g.names[loc[1]]}"
    if len(loc) == 1:
        return str(kind)
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


DECLINES = ("pass", "no", "skip", "done")
"""The answers that let a window go by: pass a Me First!, say no to a "may", skip an
optional pick, finish an "any number" pick with nothing chosen."""


def played_for_nothing(game: Game, name: str) -> bool:
    """Card ``name`` (an action in the deciding player's hand at their Play Cards decision) is
    offered, has no reason against it, is marked as doing nothing, and played it asks nothing
    and goes to its owner's discard pile with the rest of the position unchanged (the
    rulebook: a card may be played even if its ability can't happen). Plays it."""
    g = game.state
    card = card_id(game, name)
    player = g.loc[card][1]
    req = game.request
    if req is None or req.kind != "main" or f"play {name}" not in options(game):
        return False
    if game.why_not(name) is not None or not game.would_do_nothing(name):
        return False
    vp, hands = list(g.vp), [list(h) for h in g.hands]
    minions = [list(ms) for ms in g.minions]
    game.apply(f"play {name}")
    hands[player].remove(card)
    after = game.request
    return (after is not None and after.kind == "main" and where(game, name) == f"discard:"
            f"{g.owner[card]}" and g.vp == vp and [list(h) for h in g.hands] == hands
            and [list(ms) for ms in g.minions] == minions)


def pass_until_main(game: Game, limit: int = 100) -> Game:
    """Decline every decision (``pass``, ``no``, ``skip`` or ``done``) until the next Play
    Cards decision (or the end of the game). A decision that cannot be declined (a card to
    discard, which ability resolves first...) stops it with an AssertionError naming it,
    so the test scripts that decision itself."""
    for _ in range(limit):
        req = game.request
        if req is None or req.kind == "main":
            return game
        texts = game.action_texts()
        decline = next((d for d in DECLINES if d in texts), None)
        if decline is None:
            raise AssertionError(
                f"player {req.player} must decide ({req.kind}: {req.prompt}) and cannot "
                "decline; script this decision. Options: " + ", ".join(texts))
        game.apply(decline)
    raise AssertionError(f"no Play Cards decision after {limit} declines")


# ---- expectations (a scenario file's "expect" section) ---------------------------------------

EXPECT_FIELDS = ("vp", "winner", "where", "power", "total_power", "player_power", "breakpoint",
                 "decision")
DECISION_FIELDS = ("player", "kind", "options")


def check_expect(game: Game, expect: Any, path: str = "expect") -> list[str]:
    """The expectations that do not hold in ``game`` (an empty list when all do). A
    malformed expectation (a bad field, a card not in the game) is a SetupError naming it.

    >>> game = scenario(hands=[["aliens/invader"], []], bases=["jungle-oasis", "tortuga"])
    >>> _ = play(game, "play aliens/invader#1 @ base:jungle-oasis")
    >>> check_expect(game, {"vp": [1, 0], "where": {"aliens/invader#1": "hand:0"}})
    ["expect.where['aliens/invader#1']: expected 'hand:0', got 'minion@base:jungle-oasis'"]
    """
    expect_dict(expect, path, SetupError)
    check_keys(expect, EXPECT_FIELDS, path, SetupError)
    wrong: list[str] = []

    def compare(field: str, wanted: Any, actual: Any) -> None:
        if wanted != actual or type(wanted) is not type(actual):
            wrong.append(f"{field}: expected {describe(wanted)}, got {describe(actual)}"
                         if not isinstance(wanted, list) else
                         f"{field}: expected {wanted!r}, got {actual!r}")

    g = game.state
    if "vp" in expect:
        vp = expect_list(expect["vp"], f"{path}.vp", SetupError, "one number per player",
                         length=g.nplayers)
        compare(f"{path}.vp", vp, list(g.vp))
    if "winner" in expect:
        compare(f"{path}.winner", expect["winner"], g.winner)
    for field, answer in (("where", where), ("power", power)):
        for name, wanted in _named(expect, field, path).items():
            if name not in g.names:
                raise SetupError(f"{path}.{field}[{name!r}]: no card {clip(name)!r} in this "
                                 "game (cards are named like 'aliens/invader#1')")
            compare(f"{path}.{field}[{name!r}]", wanted, answer(game, name))
    for field, measure in (("total_power", base_power), ("breakpoint", base_breakpoint)):
        for base, wanted in _named(expect, field, path).items():
            compare(f"{path}.{field}[{base!r}]", wanted, _at_base(game, base, measure))
    for base, wanted in _named(expect, "player_power", path).items():
        actual = _at_base(game, base, lambda gm, b: [base_power(gm, b, p)
                                                      for p in range(g.nplayers)])
        compare(f"{path}.player_power[{base!r}]", wanted, actual)
    if "decision" in expect:
        wrong += _check_decision(game, expect["decision"], f"{path}.decision")
    return wrong


def _named(expect: dict[str, Any], field: str, path: str) -> dict[str, Any]:
    return expect_dict(expect.get(field, {}), f"{path}.{field}", SetupError,
                       "an object of names and values")


def _at_base(game: Game, base: str, measure: Any) -> Any:
    try:
        return measure(game, base)
    except KeyError:
        return "not in play"


def _check_decision(game: Game, wanted: Any, path: str) -> list[str]:
    """``null``: the game is over; else the deciding player, the kind, the options."""
    req = game.request
    if wanted is None:
        return [] if req is None else [f"{path}: expected the game to be over, got a "
                                       f"{req.kind} decision for player {req.player}"]
    expect_dict(wanted, path, SetupError, "an object with 'player' and/or 'kind', or null")
    check_keys(wanted, DECISION_FIELDS, path, SetupError)
    if req is None:
        return [f"{path}: expected a decision, got the game over"]
    actual = {"player": req.player, "kind": req.kind, "options": game.action_texts()}
    return [f"{path}.{k}: expected {wanted[k]!r}, got {actual[k]!r}"
            for k in DECISION_FIELDS if k in wanted and wanted[k] != actual[k]]
