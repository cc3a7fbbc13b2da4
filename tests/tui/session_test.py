"""Seats, saving and loading, and the command line's play options (no screen needed)."""

import argparse
import json

import pytest

import smashup
from smashup.cli.main import build_parser
from smashup.tui.app import config_from_args
from smashup.tui.session import Session, SetupConfig, parse_seats


def new_game() -> smashup.Game:
    return smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 11})


def test_seats_parse_and_computer_means_heuristic():
    assert parse_seats("human, computer,random") == ["human", "heuristic", "random"]
    with pytest.raises(ValueError):
        parse_seats("human,alien")
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
    assert not complete and config.seats == ["human", "heuristic", "heuristic"]
    config, complete = config_from_args(play_args("--draft", "--bases", "all"))
    assert complete and config.mode == "draft" and config.bases == "all"


def test_bad_command_line_options_are_refused():
    for argv in (["--factions", "aliens"], ["--factions", "aliens,elves", "robots,wizards"],
                 ["--players", "5"], ["--players", "2", "--seats", "human"],
                 ["--bases", "core,moon"]):
        with pytest.raises(ValueError):
            config_from_args(play_args(*argv))
