"""Fuzzing malformed setups, scenarios and saves (issue 15): whatever the input, the engine
either refuses it with its own clear error (SetupError, ReplayError, IllegalAction) or starts
a sound game; no other exception ever escapes.

Inputs are sound ones with one to three random mutations (a value replaced by random JSON, a
field removed, an unknown field added), so that most of them get past the first checks.
Each test runs ``SMASHUP_FUZZ_EXAMPLES`` examples (default 150). The counts of inputs and
outcomes are printed at the end of the session (``pytest -s``) and, when
``SMASHUP_FUZZ_REPORT`` names a file, written there as JSON.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smashup import Game, IllegalAction, ReplayError, SetupError
from smashup.engine.api.invariants import check_invariants

EXAMPLES = int(os.environ.get("SMASHUP_FUZZ_EXAMPLES", "150"))
# the suite's run is the same every time; a long run asked for by hand explores afresh
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                derandomize="SMASHUP_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLEAN_ERRORS = (SetupError, ReplayError, IllegalAction)
OUTCOMES: Counter[str] = Counter()

SETUP: dict[str, Any] = {"factions": [["aliens", "ninjas"], ["robots", "wizards"]], "seed": 3,
                         "bases": "factions", "first_player": 0, "mulligan": "optional"}
SCENARIO: dict[str, Any] = {
    "players": 2, "factions": [["aliens", "ninjas"], ["robots", "wizards"]], "seed": 7,
    "current": 0, "turn": 3, "phase": "play", "vp": [3, 5],
    "plays": {"minion": 1, "action": 1}, "minions_played": 0, "actions_played": 0,
    "hands": [["aliens/invader", {"card": "ninjas/shinobi", "owner": 0}], ["robots/zapbot"]],
    "decks": [["aliens/scout", "aliens/collector"], ["wizards/chronomage"]],
    "discards": [[], ["robots/microbot-alpha"]],
    "stasis": [[{"card": "aliens/beam-up", "stasis": 1}], []],
    "bases": [
        {"base": "jungle-oasis",
         "minions": [{"card": "aliens/supreme-overlord", "controller": 0, "counters": 1,
                      "stored": ["ninjas/ninja-acolyte"]},
                     {"card": "ninjas/ninja-master", "owner": 0, "controller": 1,
                      "attached": ["ninjas/poison"]}],
         "actions": [{"card": "aliens/jammed-signal", "owner": 0}],
         "buried": [{"card": "wizards/neophyte", "controller": 1}]},
        "the-central-brain",
    ],
    "base_deck": ["rhodes-plaza-mall"], "base_discard": ["tortuga"],
}

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.integers(),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["aliens", "aliens/invader", "aliens/invader#2", "aliens/invader#0",
                     "aliens/invader#\u00b2", "aliens/invader#" + "9" * 5000, "jungle-oasis",
                     "base:tortuga", "play", "start", "end", "pass", "", "#", "/"]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a JSON value (the value itself included)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def mutate(value: Any, data: st.DataObject) -> Any:
    """``value`` (a copy) with one random place replaced, removed or given an extra field."""
    value = json.loads(json.dumps(value))
    path = data.draw(st.sampled_from(list(paths(value))))
    how = data.draw(st.sampled_from(["replace", "remove", "add"]))
    if not path:
        return data.draw(json_values) if how == "replace" else value
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = data.draw(json_values)
    elif how == "remove":
        del parent[last]
    elif isinstance(parent[last], dict):
        parent[last][data.draw(st.text(max_size=8))] = data.draw(json_values)
    elif isinstance(parent[last], list):
        parent[last].append(data.draw(json_values))
    return value


def mutated(value: Any, data: st.DataObject) -> Any:
    for _ in range(data.draw(st.integers(1, 3))):
        value = mutate(value, data)
    return value


def outcome(kind: str, start: Any) -> None:
    """Start a game with ``start()``: a clean error, or a sound game that plays on."""
    OUTCOMES[f"{kind}: inputs"] += 1
    try:
        game = start()
    except CLEAN_ERRORS as err:
        OUTCOMES[f"{kind}: refused ({type(err).__name__})"] += 1
        return
    problems = check_invariants(game.state, game.request, complete_factions=kind == "setup")
    assert not problems, problems
    rng = random.Random(0)
    for _ in range(5):  # a few decisions: the position really is playable
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    OUTCOMES[f"{kind}: valid game"] += 1


@FUZZ
@given(st.data())
def test_malformed_setups_are_refused_cleanly(data: st.DataObject) -> None:
    setup = mutated(SETUP, data)
    outcome("setup", lambda: Game.new(setup))


@FUZZ
@given(st.data())
def test_malformed_scenarios_are_refused_cleanly(data: st.DataObject) -> None:
    fields = mutated(SCENARIO, data)
    outcome("scenario", lambda: Game.new({"scenario": fields}))


def sound_save() -> dict[str, Any]:
    game = Game.new(SETUP)
    rng = random.Random(1)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    return game.to_dict()


SAVE = sound_save()


@FUZZ
@given(st.data())
def test_malformed_saves_are_refused_cleanly(data: st.DataObject) -> None:
    save = mutated(SAVE, data)
    outcome("save", lambda: Game.from_dict(save))


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200), st.data())
def test_malformed_save_text_is_refused_cleanly(noise: bytes | str, data: st.DataObject) -> None:
    text = json.dumps(SAVE)
    cut = data.draw(st.integers(0, len(text)))
    if isinstance(noise, bytes):
        spliced: bytes | str = text[:cut].encode() + noise + text[cut:].encode()
    else:
        spliced = text[:cut] + noise + text[cut:]
    outcome("save text", lambda: Game.from_json(spliced))  # type: ignore[arg-type]


@pytest.fixture(scope="module", autouse=True)
def report_counts() -> Iterator[None]:
    yield
    print("\nfuzz outcomes:", json.dumps(dict(sorted(OUTCOMES.items())), indent=1))
    target = os.environ.get("SMASHUP_FUZZ_REPORT")
    if target:
        with open(target, "w", encoding="utf-8") as out:
            json.dump({"examples_per_test": EXAMPLES, **dict(sorted(OUTCOMES.items()))}, out,
                      indent=1)
