"""The expert level: the search with the shipped learned value, offered wherever levels are;
without numpy or the model it fails with a clear message and every other level plays on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the nn extra (numpy) is not installed")

from smashup import sim  # noqa: E402
from smashup.agents.ismcts import ISMCTSAgent  # noqa: E402
from smashup.cli.main import main  # noqa: E402
from smashup.engine.api.setup import SetupError  # noqa: E402
from smashup.lab.report import AGENT_WORDS  # noqa: E402
from smashup.server.catalog import catalog  # noqa: E402
from smashup.tui.session import check_seat, parse_seats  # noqa: E402
from smashup.tui.setup_screen import SEAT_CHOICES  # noqa: E402
from smashup.value import model  # noqa: E402

APP_JS = Path(sim.__file__).parent / "server" / "static" / "app.js"


def test_expert_is_the_search_with_the_shipped_value_and_hard_s_time_cap():
    expert = sim.make_agent("expert", 3)
    assert isinstance(expert, ISMCTSAgent)
    assert expert.value is model.shipped()
    assert expert.seconds == sim.HARD_CAP_S
    hard = sim.make_agent("hard", 3)
    assert hard.value is None  # hard is as it was
    # the value costs more per iteration than the heuristic's evaluation: fewer iterations
    # keep expert's CPU per decision within hard's (docs/learned.md measures both)
    assert expert.iterations is not None and expert.iterations < hard.iterations
    assert model.DEFAULT_MODEL.stat().st_size < 400_000  # small enough to ship
    assert model.shipped().meta["layout"] == model.LAYOUT


def test_expert_is_offered_wherever_the_levels_are():
    assert list(sim.LEVELS)[-1] == "expert"  # the strongest, offered last
    assert ("expert" in [kind for _, kind in SEAT_CHOICES])
    assert catalog()["levels"] == list(sim.LEVELS)
    assert 'expert: "Computer (expert)"' in APP_JS.read_text()
    assert "expert" in AGENT_WORDS
    assert parse_seats("human,expert") == ["human", "expert"]


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


def test_without_the_model_expert_says_so_and_the_other_levels_play(monkeypatch, tmp_path):
    monkeypatch.setattr(model, "DEFAULT_MODEL", tmp_path / "gone.npz")
    model.shipped.cache_clear()
    try:
        with pytest.raises(SetupError, match="needs the learned model.*smashup train"):
            sim.make_agent("expert", 0)
        with pytest.raises(ValueError, match="needs the learned model"):
            check_seat("expert")
        for level in ("easy", "normal", "hard"):
            sim.make_agent(level, 0)
        assert sim.simulate(games=1, agents=["heuristic", "random"])["finished"] == 1
    finally:
        model.shipped.cache_clear()


def test_without_numpy_expert_says_so_and_the_other_levels_play(monkeypatch):
    monkeypatch.setitem(sys.modules, "smashup.value.model", None)  # import fails
    with pytest.raises(SetupError, match="needs numpy"):
        sim.make_agent("expert", 0)
    for level in ("easy", "normal", "hard"):
        sim.make_agent(level, 0)
