"""Seats, saving and loading, and the command line's play options (no screen needed)."""

import argparse
import json

import pytest

import smashup
from smashup.agents import HeuristicAgent, RandomAgent
from smashup.agents.ismcts import ISMCTSAgent
from smashup.cli.main import build_parser, main
from smashup.tui.app import SmashUpApp, config_from_args
from smashup.tui.session import Session, SetupConfig, parse_seats


def new_game() -> smashup.Game:
    return smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 11})


def test_seats_parse_levels_and_the_older_kinds():
    assert parse_seats("human,easy,Normal,hard") == ["human", "easy", "normal", "hard"]
    assert parse_seats("human, computer,random") == ["human", "normal", "random"]
    assert parse_seats("ai,cpu,heuristic") == ["normal", "normal", "heuristic"]
    assert parse_seats("human,ismcts:20") == ["human", "ismcts:20"]
    for bad in ("human,alien", "human,ismcts:0", "human,ismcts:fast"):
        with pytest.raises(ValueError):
            parse_seats(bad)
    with pytest.raises(ValueError):
        parse_seats("human", None)
    with pytest.raises(ValueError):
        parse_seats("human,human", 3)


def test_a_saved_game_is_the_engines_replayable_game_with_seats(tmp_path):
    game = new_game()
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    session = Session(game, ["human", "random"])
    path = session.save(tmp_path / "save.json")
    data = json.loads(path.read_text())
    assert data["seats"] == ["human", "random"]
    replayed = smashup.Game.from_dict(data)
    assert replayed.state.fingerprint() == game.state.fingerprint()
    loaded = Session.load(path)
    assert loaded.seats == ["human", "random"]
    assert loaded.game.history == game.history
    assert set(loaded.agents) == {1}


def test_a_save_without_seats_loads_with_human_seats(tmp_path):
    path = tmp_path / "plain.json"
    path.write_text(new_game().to_json())
    assert Session.load(path).seats == ["human", "human"]


def test_bad_saves_are_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(ValueError):
        Session.load(path)
    data = {**new_game().to_dict(), "seats": ["human", "wizard"]}
    with pytest.raises(ValueError):
        Session.from_dict(data)


def test_a_draft_picks_the_first_player():
    session = SetupConfig(seats=["human", "heuristic"], seed=3).start(
        [["aliens", "ninjas"], ["robots", "wizards"]], first_player=1)
    assert session.game.state.current == 1
    assert session.game.to_dict()["setup"]["first_player"] == 1


def play_args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *argv])


def test_command_line_options_make_the_setup():
    config, complete = config_from_args(play_args(
        "--seats", "human,random", "--factions", "aliens,ninjas", "robots,wizards",
        "--bases", "core", "--seed", "5"))
    assert complete
    assert config.seats == ["human", "random"] and config.bases == ["core"]
    assert config.factions == [["aliens", "ninjas"], ["robots", "wizards"]]
    config, complete = config_from_args(play_args("--players", "3"))
    assert not complete and config.seats == ["human", "normal", "normal"]
    config, complete = config_from_args(play_args("--seats", "human,hard"))
    assert not complete and config.seats == ["human", "hard"]
    config, complete = config_from_args(play_args("--draft", "--bases", "all"))
    assert complete and config.mode == "draft" and config.bases == "all"


def test_bad_command_line_options_are_refused():
    for argv in (["--factions", "aliens"], ["--factions", "aliens,elves", "robots,wizards"],
                 ["--players", "5"], ["--players", "2", "--seats", "human"],
                 ["--bases", "core,moon"]):
        with pytest.raises(ValueError):
            config_from_args(play_args(*argv))


def test_each_level_builds_its_computer_player():
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"],
                                          ["dinosaurs", "pirates"], ["zombies", "tricksters"]],
                             "seed": 11})
    session = Session(game, ["human", "easy", "normal", "hard"])
    assert 0 not in session.agents
    assert isinstance(session.agents[1], RandomAgent)
    assert isinstance(session.agents[2], HeuristicAgent)
    hard = session.agents[3]
    assert isinstance(hard, ISMCTSAgent)
    assert hard.seconds is not None and 0 < hard.seconds <= 1  # a time budget, at most 1 s
    assert [session.seat_label(p) for p in range(4)] == [
        "Player 1 (human)", "Player 2 (computer, easy)", "Player 3 (computer, normal)",
        "Player 4 (computer, hard)"]


def test_an_expert_seat_builds_the_learned_search_and_saves_as_expert(tmp_path):
    pytest.importorskip("numpy", reason="the expert level needs the nn extra (numpy)")
    session = Session(new_game(), parse_seats("human,expert"))
    expert = session.agents[1]
    assert isinstance(expert, ISMCTSAgent) and expert.value is not None
    assert expert.seconds == 1.0  # hard's cap: never longer than a second a move
    assert session.seat_label(1) == "Player 2 (computer, expert)"
    loaded = Session.load(session.save(tmp_path / "expert.json"))
    assert loaded.seats == ["human", "expert"] and isinstance(loaded.agents[1], ISMCTSAgent)
    # the search's own spec is not the level (it would not be capped): named as given
    assert Session(new_game(), ["human", "ismcts:880+value"]).seat_label(1) == (
        "Player 2 (computer, ismcts:880+value)")


def test_saves_with_the_older_seat_kinds_still_load(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({**new_game().to_dict(), "seats": ["heuristic", "random"]}))
    loaded = Session.load(path)
    assert loaded.seats == ["heuristic", "random"]  # kept as saved
    assert isinstance(loaded.agents[0], HeuristicAgent)
    assert isinstance(loaded.agents[1], RandomAgent)
    assert loaded.seat_label(0) == "Player 1 (computer, normal)"
    assert loaded.seat_label(1) == "Player 2 (computer, easy)"
    assert Session.from_dict(loaded.to_dict()).seats == ["heuristic", "random"]


def test_play_takes_the_levels_on_the_command_line(monkeypatch, capsys):
    started: list[SmashUpApp] = []
    monkeypatch.setattr(SmashUpApp, "run", lambda self, *a, **kw: started.append(self))
    assert main(["play", "--seats", "human,hard", "--factions", "aliens,ninjas",
                 "robots,wizards", "--seed", "3"]) == 0
    assert started[0].config.seats == ["human", "hard"] and started[0].skip_setup
    assert main(["play", "--seats", "human,grandmaster"]) == 2
    assert "unknown seat kind 'grandmaster'" in capsys.readouterr().err


def test_play_paces_the_computer_as_asked(monkeypatch, capsys):
    started: list[SmashUpApp] = []
    monkeypatch.setattr(SmashUpApp, "run", lambda self, *a, **kw: started.append(self))
    assert main(["play", "--seats", "human,hard", "--pace", "1.5"]) == 0
    assert started[-1].delay == 1.5
    assert main(["play", "--seats", "human,normal"]) == 0
    assert started[-1].delay == 0.5  # the default pause between a computer's plays
    assert main(["play", "--pace", "-1"]) == 2
    assert "--pace is seconds from 0 to 10" in capsys.readouterr().err
