"""The expert level (the search with the shipped learned value, stopped at hard's time cap),
offered wherever the levels are; the learned value as an agent spec (``ismcts:N+value``) in
every ``--agents`` option. Without numpy, the model or the loader, the expert level is not
offered and asking for it says what is missing, while every other level plays on."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the nn extra (numpy) is not installed")

from smashup import sim  # noqa: E402
from smashup.agents.ismcts import ISMCTSAgent  # noqa: E402
from smashup.cli.main import main  # noqa: E402
from smashup.engine.api.game import Game  # noqa: E402
from smashup.engine.api.setup import SetupError  # noqa: E402
from smashup.lab.report import _agents_line  # noqa: E402
from smashup.server.catalog import catalog  # noqa: E402
from smashup.server.room import new_spec  # noqa: E402
from smashup.tui.session import check_seat, parse_seats  # noqa: E402
from smashup.tui.setup_screen import offered_seats, seat_choices, unavailable_note  # noqa: E402
from smashup.value import model  # noqa: E402

APP_JS = Path(sim.__file__).parent / "server" / "static" / "app.js"
OTHER_LEVELS = ("easy", "normal", "hard")


@pytest.fixture
def fresh_catalog() -> Iterator[None]:
    """The lobby's catalog is made once per process: made again with what a test changed,
    and again after it."""
    catalog.cache_clear()
    yield
    catalog.cache_clear()


@pytest.fixture
def no_model(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh_catalog: None
             ) -> Iterator[None]:
    """The shipped model file is gone (as in an install that lost it)."""
    monkeypatch.setattr(model, "DEFAULT_MODEL", tmp_path / "gone.npz")
    model.shipped.cache_clear()
    yield
    model.shipped.cache_clear()


def test_expert_is_the_search_with_the_shipped_value_and_hard_s_time_cap():
    expert = sim.make_agent("expert", 3)
    assert isinstance(expert, ISMCTSAgent)
    assert expert.value is model.shipped()
    assert expert.seconds == sim.HARD_CAP_S == 1.0  # stopped at hard's cap, whatever the count
    assert expert.iterations == sim.EXPERT_ITERATIONS
    hard = sim.make_agent("hard", 3)
    assert isinstance(hard, ISMCTSAgent) and hard.value is None  # hard is as it was
    # the value costs more per iteration than the heuristic's evaluation: fewer iterations
    # keep expert's CPU per decision within hard's (docs/learned.md measures both)
    assert hard.iterations is not None and sim.EXPERT_ITERATIONS < hard.iterations
    assert model.DEFAULT_MODEL.stat().st_size < 400_000  # small enough to ship
    assert model.shipped().meta["layout"] == model.LAYOUT


def test_expert_decides_a_legal_move_in_a_real_game():
    game = Game.new(sim.game_setup(4, 2, bases="all"))
    for _ in range(3):  # a few moves in, where the first player has a hand to play
        game.apply(game.legal_actions()[0])
    player = game.current_player
    assert len(game.legal_actions()) > 1  # a real choice
    expert = sim.make_agent("expert", 1)
    assert isinstance(expert, ISMCTSAgent)
    index = expert.act(game.seat_view(player))
    assert 0 <= index < len(game.legal_actions())
    assert 0 < expert.last_iterations <= sim.EXPERT_ITERATIONS  # it searched, within its count
    before = len(game.history)
    game.apply(index)
    assert len(game.history) == before + 1


def test_search_speed_times_a_search_with_a_learned_value():
    """The profile-guided build trains on the expert's search this way (tools/mypyc_build.py)."""
    asked = []

    def value(*args: object) -> float:
        asked.append(args)
        return 0.5

    timed = sim.search_speed(0, 30, value=value)
    assert timed["iterations"] == 30
    assert asked  # the leaves were scored by the value given, not the heuristic
    assert sim.search_speed(0, 30, value=model.shipped())["iterations"] == 30


def test_expert_is_offered_wherever_the_levels_are(fresh_catalog: None):
    assert sim.level_unavailable("expert") is None
    assert sim.available_levels() == list(sim.LEVELS) == [*OTHER_LEVELS, "expert"]
    assert [kind for _, kind in offered_seats()] == ["human", *OTHER_LEVELS, "expert"]
    assert seat_choices("expert") == (offered_seats(), "expert")
    assert unavailable_note() == ""
    assert catalog()["levels"] == [*OTHER_LEVELS, "expert"]
    assert 'expert: "Computer (expert)"' in APP_JS.read_text()
    assert parse_seats("human,Expert") == ["human", "expert"]
    spec = new_spec([{"kind": "human", "name": "Ann"}, {"kind": "expert"}], seed=3)
    assert [s["kind"] for s in spec["seats"]] == ["human", "expert"]
    assert _agents_line(["expert"]) == (
        "every seat played by expert (ISMCTS with the learned value at its leaves, at most 1 s "
        "a decision)")
    assert _agents_line(["ismcts:880+value"]) == (
        "every seat played by ismcts:880+value (ISMCTS search with a learned value)")


def test_expert_plays_in_simulate_arena_and_lab(monkeypatch: pytest.MonkeyPatch, capsys,
                                                tmp_path: Path):
    # the level itself, at a few iterations so that whole games fit a test (the real count
    # decides a move in test_expert_decides_a_legal_move_in_a_real_game)
    monkeypatch.setitem(sim.LEVELS, "expert", "ismcts:6+value")
    assert main(["simulate", "--games", "1", "--agents", "expert,heuristic", "--json"]) == 0
    assert '"finished": 1' in capsys.readouterr().out
    assert main(["arena", "--agents", "expert,easy", "--games", "1", "--quiet"]) == 0
    assert "expert" in capsys.readouterr().out
    assert main(["lab", "run", "--out", str(tmp_path / "sweep"), "--agents", "expert",
                 "--decks", "aliens+ninjas,robots+wizards", "--workers", "1", "--json"]) == 0
    sweep = json.loads(capsys.readouterr().out)
    assert (sweep["agents"], sweep["played"], sweep["errors"]) == (["expert", "expert"], 1, 0)


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


def test_without_the_model_expert_is_not_offered_and_says_why(no_model: None, capsys):
    why = sim.level_unavailable("expert")
    assert why is not None and "needs the learned model" in why and "smashup train" in why
    assert sim.available_levels() == list(OTHER_LEVELS)
    # the terminal game: not in the seat lists, a line on the setup screen says why
    assert [kind for _, kind in offered_seats()] == ["human", *OTHER_LEVELS]
    assert "expert level is not offered" in unavailable_note()
    assert "needs the learned model" in unavailable_note()
    with pytest.raises(ValueError, match="needs the learned model"):
        check_seat("expert")
    with pytest.raises(ValueError, match="needs the learned model"):
        parse_seats("human,expert")
    assert main(["play", "--seats", "human,expert"]) == 2
    assert "needs the learned model" in capsys.readouterr().err
    # the lobby: not in the catalog, a seat asking for it refused (without the loader's
    # reason, which names the server's files)
    assert catalog()["levels"] == list(OTHER_LEVELS)
    with pytest.raises(SetupError, match=r"seats\[1\]: the expert level cannot play on "
                                         r"this server"):
        new_spec([{"kind": "human"}, {"kind": "expert"}])
    # --agents: refused, naming what is missing
    assert main(["simulate", "--games", "1", "--agents", "expert,random"]) == 2
    assert "needs the learned model" in capsys.readouterr().err
    with pytest.raises(SetupError, match="needs the learned model.*smashup train"):
        sim.make_agent("expert", 0)
    with pytest.raises(SetupError, match="needs the learned model.*smashup train"):
        sim.make_agent("ismcts:10+value", 0)
    with pytest.raises(ValueError, match="unknown seat kind"):
        check_seat("ismcts:10+value")
    # every other level plays on, everywhere
    for level in OTHER_LEVELS:
        sim.make_agent(level, 0)
    assert parse_seats("human,easy,normal,hard") == ["human", *OTHER_LEVELS]
    new_spec([{"kind": "human"}, {"kind": "hard"}])
    assert sim.simulate(games=1, agents=["normal", "easy"])["finished"] == 1


def test_a_model_file_that_is_not_a_model_leaves_expert_out(monkeypatch, tmp_path,
                                                           fresh_catalog: None):
    broken = tmp_path / "expert.npz"
    broken.write_bytes(b"not a model at all")
    monkeypatch.setattr(model, "DEFAULT_MODEL", broken)
    model.shipped.cache_clear()
    try:
        why = sim.level_unavailable("expert")
        assert why is not None and "is not a value model" in why
        assert catalog()["levels"] == list(OTHER_LEVELS)
    finally:
        model.shipped.cache_clear()


def test_without_numpy_expert_is_not_offered_and_says_why(monkeypatch, fresh_catalog: None,
                                                          capsys):
    monkeypatch.setitem(sys.modules, "smashup.value.model", None)  # import fails
    why = sim.level_unavailable("expert")
    assert why is not None and "needs numpy" in why and "smashup[nn]" in why
    assert [kind for _, kind in offered_seats()] == ["human", *OTHER_LEVELS]
    assert catalog()["levels"] == list(OTHER_LEVELS)
    with pytest.raises(SetupError, match="needs numpy"):
        sim.make_agent("expert", 0)
    with pytest.raises(SetupError, match="needs numpy"):
        sim.make_agent("ismcts:10+value", 0)
    assert main(["arena", "--agents", "expert,easy", "--games", "1", "--quiet"]) != 0
    assert "needs numpy" in capsys.readouterr().err
    for level in OTHER_LEVELS:
        sim.make_agent(level, 0)


def test_without_the_loader_registered_a_value_spec_says_what_to_import(monkeypatch):
    monkeypatch.setattr(sim, "VALUE_LOADERS", {})
    with pytest.raises(SetupError, match="needs smashup.value"):
        sim.make_agent("ismcts:10+value", 0)
    assert "needs smashup.value" in (sim.level_unavailable("expert") or "")
    assert sim.available_levels() == list(OTHER_LEVELS)
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
