"""The learned value as an agent spec (``ismcts:N+value``), in every ``--agents`` option;
without numpy, the model or the loader it fails with a clear message and every level plays on.
(No level offers it until it beats ``hard``: docs/learned.md.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the nn extra (numpy) is not installed")

from smashup import sim  # noqa: E402
from smashup.agents.ismcts import ISMCTSAgent  # noqa: E402
from smashup.cli.main import main  # noqa: E402
from smashup.engine.api.setup import SetupError  # noqa: E402
from smashup.lab.report import _agents_line  # noqa: E402
from smashup.server.catalog import catalog  # noqa: E402
from smashup.tui.session import check_seat, parse_seats  # noqa: E402
from smashup.tui.setup_screen import SEAT_CHOICES  # noqa: E402
from smashup.value import model  # noqa: E402

APP_JS = Path(sim.__file__).parent / "server" / "static" / "app.js"


def test_a_value_spec_is_the_search_with_the_shipped_value():
    learned = sim.make_agent("ismcts:880+value", 3)
    assert isinstance(learned, ISMCTSAgent)
    assert learned.value is model.shipped() and learned.iterations == 880
    hard = sim.make_agent("hard", 3)
    assert hard.value is None  # hard is as it was
    assert model.DEFAULT_MODEL.stat().st_size < 400_000  # small enough to ship
    assert model.shipped().meta["layout"] == model.LAYOUT


def test_no_level_people_choose_offers_the_learned_value_before_it_beats_hard():
    assert all("+value" not in spec for spec in sim.LEVELS.values())
    assert catalog()["levels"] == list(sim.LEVELS) == [kind for _, kind in SEAT_CHOICES[1:]]
    assert "+value" not in APP_JS.read_text() and parse_seats("human,hard") == ["human", "hard"]
    assert _agents_line(["ismcts:880+value"]) == (
        "every seat played by ismcts:880+value (ISMCTS search with a learned value)")


def test_a_search_with_a_given_model_file_plays_in_simulate_and_arena(capsys):
    spec = f"ismcts:8+value={model.DEFAULT_MODEL}"
    assert main(["simulate", "--games", "1", "--agents", f"{spec},heuristic", "--json"]) == 0
    assert '"finished": 1' in capsys.readouterr().out
    assert main(["arena", "--agents", "ismcts:8+value,heuristic", "--games", "1",
                 "--quiet"]) == 0
    assert "ismcts:8+value" in capsys.readouterr().out


def test_bad_value_specs_are_refused():
    with pytest.raises(SetupError, match="after \\+ comes value"):
        sim.make_agent("ismcts:10+policy", 0)
    with pytest.raises(SetupError, match="no value model"):
        sim.make_agent("ismcts:10+value=/nowhere/model.npz", 0)


def test_without_the_model_a_value_spec_says_so_and_the_levels_play(monkeypatch, tmp_path):
    monkeypatch.setattr(model, "DEFAULT_MODEL", tmp_path / "gone.npz")
    model.shipped.cache_clear()
    try:
        with pytest.raises(SetupError, match="needs the learned model.*smashup train"):
            sim.make_agent("ismcts:10+value", 0)
        with pytest.raises(ValueError, match="unknown seat kind"):
            check_seat("ismcts:10+value")
        for level in ("easy", "normal", "hard"):
            sim.make_agent(level, 0)
        assert sim.simulate(games=1, agents=["heuristic", "random"])["finished"] == 1
    finally:
        model.shipped.cache_clear()


def test_without_numpy_a_value_spec_says_so_and_the_levels_play(monkeypatch):
    monkeypatch.setitem(sys.modules, "smashup.value.model", None)  # import fails
    with pytest.raises(SetupError, match="needs numpy"):
        sim.make_agent("ismcts:10+value", 0)
    for level in ("easy", "normal", "hard"):
        sim.make_agent(level, 0)


def test_without_the_loader_registered_a_value_spec_says_what_to_import(monkeypatch):
    monkeypatch.setattr(sim, "VALUE_LOADERS", {})
    with pytest.raises(SetupError, match="needs smashup.value"):
        sim.make_agent("ismcts:10+value", 0)
    sim.make_agent("hard", 0)



def test_the_learned_search_plays_the_same_games_on_one_worker_or_two():
    """Issue 27, item 7: for an iteration budget and a seed, the search with the learned value
    decides the same whatever the arena's worker count (each game is seeded from the arena's
    seed, never from the process that plays it)."""
    from smashup.arena import arena, without_timings

    def run(workers: int) -> dict[str, object]:
        return arena(["ismcts:12+value", "heuristic"], 2, players=2, seed=5,
                     factions=["aliens", "ninjas", "robots", "wizards"], workers=workers,
                     progress=False, keep_games=True)

    one, two = run(1), run(2)
    assert two["workers"] == 2
    assert without_timings(one) == without_timings(two)
    assert one["records"] and all(r.get("decisions", 1) > 0 for r in one["records"])
