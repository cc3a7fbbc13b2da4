"""The terminal game as a new user meets it: quitting, help, keys, prompts, why a card can't
be played (driven headless by Textual's pilot)."""

from __future__ import annotations

import json
import random

from app_test import BASES, drive, log_text, option_labels, table_app, text, until
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

import smashup
from smashup.testing import scenario, where
from smashup.tui.app import SmashUpApp
from smashup.tui.screens import ConfirmQuitScreen, HandoffScreen, HelpScreen, SaveScreen
from smashup.tui.session import Session
from smashup.tui.table import TableScreen


def test_q_asks_before_quitting_a_game_with_unsaved_moves():
    game = scenario(hands=[["aliens/invader", "aliens/collector"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")  # a move: the game now differs from any save
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuitScreen)
        assert "not saved" in text(app, "#confirm-quit")
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)  # still playing
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running

    drive(app, script)


def test_q_quits_at_once_when_nothing_is_unsaved():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmQuitScreen)
        assert not app.is_running

    drive(app, script)


def test_quitting_may_save_first(tmp_path):
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])
    path = tmp_path / "quit.json"

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1", "q", "s")
        assert isinstance(app.screen, SaveScreen)
        app.screen.query_one("#save-path", Input).value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert not app.is_running

    drive(app, script)
    assert json.loads(path.read_text())["actions"] == [
        "play aliens/invader#1 @ base:jungle-oasis"]


def test_a_loaded_save_shows_its_log_so_far(tmp_path):
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 8})
    session = Session(game, ["human", "human"])
    rng = random.Random(8)
    while game.state.turn < 4:
        game.apply(rng.randrange(len(game.legal_actions())))
    path = tmp_path / "saved.json"
    session.save(path)
    app = SmashUpApp(session=Session.load(path), delay=60)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("enter")  # the hand-off screen
        log = log_text(app)
        for turn in (1, 2, 3):
            assert f"Turn {turn}: Player" in log
        assert log.index("Turn 3: Player") < log.index("Game resumed after")

    drive(app, script)


def test_help_opens_with_question_mark_or_f1_and_shows_keys_and_rules():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        help_text = text(app, "#help")
        assert "save the game" in help_text and "15 VP" in help_text
        assert "breakpoint" in help_text and "F1" in help_text
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)

    drive(app, script)


def test_a_card_then_a_base_instead_of_one_option_per_card_and_base():
    # 4 distinct minions x 3 bases + end: 13 options, listed as 4 cards + end
    hand = ["aliens/invader", "aliens/collector", "aliens/scout", "aliens/supreme-overlord"]
    game = scenario(hands=[hand, []], bases=BASES + ["tar-pits"])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert option_labels(app) == ["1. Play Invader on…", "2. Play Collector on…",
                                      "3. Play Scout on…", "4. Play Supreme Overlord on…",
                                      "e. End the Play Cards phase"]
        await pilot.press("4")
        assert "Where does Supreme Overlord go?" in text(app, "#prompt")
        assert option_labels(app) == ["1. Jungle Oasis 0/12", "2. The Central Brain 0/19",
                                      "3. Tar Pits 0/16", "esc ← Back to every option"]
        await pilot.press("escape")  # changed my mind: back to every card
        assert option_labels(app)[0] == "1. Play Invader on…"
        await pilot.press("4", "2")
        assert where(game, "aliens/supreme-overlord#1") == "minion@base:the-central-brain"

    drive(app, script)


def test_the_prompt_names_the_base_that_asks_and_the_card_panel_explains_yes():
    # The Great Library scores; each player with a minion there may draw a card
    game = scenario(bases=[{"base": "the-great-library",
                            "minions": [{"card": "dinosaurs/king-rex", "counters": 15}]},
                           "jungle-oasis"],
                    decks=[["dinosaurs/howl"] * 2, ["aliens/probe", "aliens/scout"]])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("e")  # end the Play Cards phase
        assert "The Great Library: Draw a card?" in text(app, "#prompt")
        details = text(app, "#details")
        assert details.startswith("Yes\nDo it.")
        assert "Asked by: The Great Library" in details

    drive(app, script)


def test_the_card_panel_explains_ending_the_turn():
    game = scenario(hands=[[], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert option_labels(app) == ["e. End the Play Cards phase"]
        details = text(app, "#details")
        assert details.startswith("End the Play Cards phase\n")
        assert "you draw 2 cards" in details and details.strip() != "end"

    drive(app, script)


def test_plays_left_names_the_condition_of_an_extra_play():
    game = scenario(hands=[["robots/zapbot", "aliens/supreme-overlord"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")  # Zapbot: an extra minion of power 2 or less
        assert ("Plays left: 0 minion, 1 action (+1 minion of power 2 or less)"
                in text(app, "#prompt"))

    drive(app, script)


def test_the_seed_is_shown():
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 4321})
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert "seed 4321" in text(app, "#status")

    drive(app, script)


def test_hotseat_hides_the_last_humans_hand_during_a_computers_turn():
    game = scenario(players=3, hands=[["aliens/invader"], ["robots/zapbot"], ["ninjas/shinobi"]],
                    bases=BASES, decks=[["aliens/collector"] * 2, ["robots/warbot"] * 2,
                                        ["ninjas/ninja-master"]])
    app = table_app(game, ["human", "heuristic", "human"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("enter")  # Player 1 takes the seat
        assert "Invader" in text(app, "#hand")
        end = len(option_labels(app)) - 1
        await pilot.press(*["down"] * end, "enter")  # end the turn: the computer's turn
        await until(pilot, lambda: game.current_player == 1)
        hand = text(app, "#hand")
        assert "(hidden)" in hand and "Invader" not in hand and "Collector" not in hand
        await pilot.press("c")  # the cards in view show no hand either
        assert "Collector" not in str(app.screen.query_one("#browse-list", OptionList).render())

    drive(app, script)


def test_the_hand_says_why_a_card_cannot_be_played_and_warns_of_an_empty_action():
    game = scenario(hands=[["aliens/invader", "aliens/collector", "pirates/shanghai"], []],
                    bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert "! playing it now would have no effect" in text(app, "#hand")  # Shanghai
        await pilot.press("1", "1")  # Invader: no minion play left for the Collector
        assert "Collector ✗ no plays of minions left" in text(app, "#hand")
        app.action_show_card("aliens/collector#1")  # a click on its name
        await pilot.pause()
        assert "Cannot be played now: no plays of minions left." in text(app, "#details")
        labels = option_labels(app)
        assert "Shanghai" in labels[0]
        await pilot.press("down", "up")  # highlight it again
        details = text(app, "#details")
        assert "Careful: playing it now would have no effect." in details

    drive(app, script)


def test_reasons_show_only_to_the_seat_deciding():
    game = scenario(hands=[["aliens/invader"], ["robots/zapbot"]], bases=BASES)
    app = table_app(game, ["heuristic", "human"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        table = app.table
        assert table is not None
        hand = str(table.query_one("#hand", Static).render())
        assert "Zapbot" in hand and "✗" not in hand  # not their turn: no verdicts shown

    drive(app, script)


def test_q_on_the_hand_off_screen_asks_too():
    game = scenario(hands=[["aliens/invader"], ["robots/zapbot"]], bases=BASES,
                    decks=[["aliens/collector"] * 2, ["robots/warbot"] * 2])
    app = table_app(game, ["human", "human"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("enter", "1", "1")  # Player 1 takes the seat and plays the Invader
        await pilot.press("e")  # ends the turn: hand over to Player 2
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuitScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, HandoffScreen)  # the table stays hidden

    drive(app, script)
