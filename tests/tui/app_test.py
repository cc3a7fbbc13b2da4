"""The terminal game, driven headless by Textual's pilot."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog, Select, Static

import smashup
from smashup.testing import scenario, where
from smashup.tui.app import SmashUpApp
from smashup.tui.screens import GameOverScreen, HandoffScreen, SaveScreen
from smashup.tui.session import Session, SetupConfig
from smashup.tui.setup_screen import DraftScreen, SetupScreen
from smashup.tui.table import TableScreen

SIZE = (160, 48)
Script = Callable[[Pilot[None], SmashUpApp], Awaitable[None]]


def drive(app: SmashUpApp, script: Script) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await script(pilot, app)

    asyncio.run(main())


async def until(pilot: Pilot[None], done: Callable[[], bool], timeout: float = 30) -> None:
    start = time.monotonic()
    while not done():
        assert time.monotonic() - start < timeout, "timed out waiting"
        await pilot.pause(0.01)


def text(app: SmashUpApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def option_labels(app: SmashUpApp) -> list[str]:
    options = app.screen.query_one("#options", OptionList)
    return [Content.from_markup(str(options.get_option_at_index(i).prompt)).plain
            for i in range(options.option_count)]


def log_text(app: SmashUpApp) -> str:
    """The game log, its lines as wrapped to the panel joined again."""
    lines = app.screen.query_one("#log", RichLog).lines
    return " ".join(str(line.text).rstrip() for line in lines)


def table_app(game: smashup.Game, seats: list[str], **kw: Any) -> SmashUpApp:
    """A table for an already-built game; computer seats wait a long time unless told."""
    kw.setdefault("delay", 60.0)
    return SmashUpApp(session=Session(game, seats), **kw)


BASES = ["jungle-oasis", "the-central-brain"]  # 12, VP 2/0/0, no ability; 19, +1 power there


def test_the_setup_screen_starts_a_game_against_the_computer():
    app = SmashUpApp(config=SetupConfig(seats=["human", "heuristic"], seed=9), delay=60)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert app.screen.query_one("#seat-row-2").display
        assert not app.screen.query_one("#seat-row-3").display
        assert app.screen.query_one("#seat-1", Select).value == "normal"  # heuristic's level
        app.screen.query_one("#seat-2", Select).value = "easy"
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        session = app.session
        assert session is not None
        assert session.seats == ["human", "normal", "easy"]
        assert session.game.state.nplayers == 3
        assert "Player 3 (computer, easy)" in text(app, "#players")

    drive(app, script)


def test_the_draft_screen_runs_the_queensberry_draft():
    config = SetupConfig(seats=["human", "random"], mode="draft", seed=4)
    app = SmashUpApp(config=config, skip_setup=True, delay=0)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await until(pilot, lambda: isinstance(app.screen, DraftScreen))
        draft = app.screen.draft  # type: ignore[attr-defined]
        while not draft.done:
            await until(pilot, lambda: draft.done or (
                draft.current == 0 and app.screen.query_one("#factions").option_count > 0))
            if not draft.done:
                await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        game = app.session.game  # type: ignore[union-attr]
        assert [list(f) for f in game.state.factions] == draft.factions()
        assert game.to_dict()["setup"]["first_player"] == draft.order[0]

    drive(app, script)


def test_cards_are_played_by_keyboard_and_shown_on_the_table():
    game = scenario(hands=[["aliens/invader", "aliens/collector"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        labels = option_labels(app)
        assert labels[0] == "1. Play Invader on…"  # the card first, then where it goes
        assert "Plays left: 1 minion, 1 action" in text(app, "#prompt")
        assert "Invader" in text(app, "#hand")
        assert "On play, you gain one victory point." in text(app, "#details")
        await pilot.press("1")
        assert "Where does Invader go?" in text(app, "#prompt")
        assert option_labels(app) == ["1. Jungle Oasis 0/12", "2. The Central Brain 0/19",
                                      "esc ← Back to every option"]
        await pilot.press("1")
        assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"
        assert "Invader" in str(app.screen.query_one("BasePanel Static").render())
        assert "Plays left: 0 minion, 1 action" in text(app, "#prompt")
        assert "Player 1 plays Invader on Jungle Oasis." in log_text(app)

    drive(app, script)


def test_the_mouse_reads_cards_and_picks_options():
    game = scenario(hands=[["aliens/invader", "aliens/beam-up"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.click("#hand", offset=(6, 1))  # the name of the second card in hand
        assert "Send one minion in play back to its owner's hand." in text(app, "#details")
        await pilot.click("#options", offset=(4, 0))  # 1. Play Invader on…
        await pilot.click("#options", offset=(4, 0))  # 1. Jungle Oasis
        assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"
        labels = option_labels(app)
        assert labels == ["1. Play Beam Up", "e. End the Play Cards phase"]
        await pilot.click("#options", offset=(4, 0))  # Beam Up: Invader is its only target
        assert where(game, "aliens/invader#1") == "hand:0"

    drive(app, script)


def test_a_choice_in_the_middle_of_an_ability_is_asked_with_labels():
    game = scenario(hands=[["aliens/collector"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": [{"card": "ninjas/ninja-acolyte", "controller": 1}]},
                           "the-central-brain"])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")  # Collector on Jungle Oasis
        assert "Return a minion of power 3 or less" in text(app, "#prompt")
        labels = option_labels(app)
        assert labels[0].startswith("1. Ninja Acolyte — at Jungle Oasis, P2's")
        assert any("Skip" in label for label in labels)
        await pilot.press("enter")  # the highlighted first option
        assert where(game, "ninjas/ninja-acolyte#1") == "hand:1"

    drive(app, script)


def test_a_base_scores_and_the_vp_change_on_screen():
    game = scenario(hands=[["aliens/invader"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": ["aliens/supreme-overlord", "robots/warbot"]},
                           "the-central-brain"],
                    decks=[["aliens/collector"] * 3, ["robots/zapbot"] * 3])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")  # Invader on Jungle Oasis: 5 + 4 + 3 = 12, the breakpoint
        assert "1 VP" in text(app, "#players")
        assert "Invader" in text(app, "#scoring") and "+1 VP" not in text(app, "#scoring")
        end = option_labels(app).index(next(x for x in option_labels(app) if "End" in x))
        await pilot.press(*["down"] * end, "enter")
        assert game.state.vp[0] == 3  # 1 from Invader, 2 for first place
        assert "3 VP" in text(app, "#players").splitlines()[0]
        assert "Jungle Oasis scores: Player 1 first (2 VP)." in log_text(app)
        assert "Player 2 (computer, normal) is thinking…" in text(app, "#thinking")

    drive(app, script)


def test_a_special_on_another_players_turn_is_offered_to_the_human():
    game = scenario(hands=[[], ["ninjas/shinobi"]],
                    bases=[{"base": "jungle-oasis",
                            "minions": ["aliens/supreme-overlord", "robots/warbot",
                                        "aliens/invader"]},
                           "the-central-brain"],
                    decks=[["aliens/collector"] * 3, ["robots/zapbot"] * 3])
    app = table_app(game, ["heuristic", "human"], delay=0)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await until(pilot, lambda: game.request is not None and game.request.kind == "me_first"
                    and "Shinobi" in " ".join(option_labels(app)))
        labels = option_labels(app)
        assert "Use an ability now, or pass" in text(app, "#prompt")
        assert labels[0].startswith("1. Use Shinobi") and labels[-1].endswith("Pass")
        await pilot.press("1")
        await until(pilot, lambda: "Player 2 plays Shinobi on Jungle Oasis." in log_text(app))

    drive(app, script)


def test_hotseat_hides_the_table_until_the_next_player_is_ready():
    game = scenario(hands=[["aliens/invader"], ["robots/zapbot"]], bases=BASES,
                    decks=[["aliens/collector"] * 3, ["robots/warbot"] * 2 + ["robots/hoverbot"]])
    app = table_app(game, ["human", "human"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Player 1" in text(app, "#handoff")
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert "Invader" in text(app, "#hand")
        await pilot.press("end", "enter")  # end the turn
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Player 2" in text(app, "#handoff")
        table = app.table
        assert table is not None
        hand = str(table.query_one("#hand", Static).render())
        assert "Zapbot" not in hand and "Invader" not in hand
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        hand = text(app, "#hand")
        assert "Zapbot" in hand and "Invader" not in hand
        assert app.screen.query_one("#hand-box").border_title == "P2's hand (1)"

    drive(app, script)


def test_save_at_a_decision_and_load_it_again(tmp_path):
    game = scenario(hands=[["aliens/invader", "aliens/collector"], []], bases=BASES)
    app = table_app(game, ["human", "random"])
    path = tmp_path / "game.json"

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")
        await pilot.press("s")
        assert isinstance(app.screen, SaveScreen)
        app.screen.query_one("#save-path", Input).value = str(path)
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)

    drive(app, script)
    data = json.loads(path.read_text())
    assert data["seats"] == ["human", "random"]
    assert smashup.Game.from_dict(data).history == ["play aliens/invader#1 @ base:jungle-oasis"]

    loaded = SmashUpApp(session=Session.load(path), delay=60)

    async def resumed(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert isinstance(app.screen, TableScreen)
        assert "1 VP" in text(app, "#players")
        assert "Collector" in text(app, "#hand") and "Invader" not in text(app, "#hand")
        assert "Plays left: 0 minion, 1 action" in text(app, "#prompt")
        log = log_text(app)  # the log so far, then the resumed game
        assert log.index("Player 1 plays Invader") < log.index("Game resumed after 1 decisions")

    drive(loaded, resumed)


def test_computer_players_finish_a_game():
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 21})
    app = table_app(game, ["heuristic", "random"], delay=0, max_turns=300)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await until(pilot, lambda: game.is_over, timeout=50)
        # the screen is pushed before its text is composed (under load, a moment later)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen)
                    and bool(app.screen.query("#game-over")))
        winner = game.result["winner"]  # type: ignore[index]
        assert f"Player {winner + 1} wins!" in text(app, "#game-over")
        await pilot.press("enter")
        assert "Game over" in text(app, "#status")

    drive(app, script)


def deck(*factions: str) -> list[str]:
    """Every card of these factions (a player's 40-card deck)."""
    return [d.key for f in factions for d in smashup.REGISTRY.factions[f] for _ in range(d.count)]


def test_a_human_seat_finishes_a_game_against_the_computer_by_keyboard():
    """From a late position (12 VP each), the human picks option 1 at every decision."""
    first, second = deck("dinosaurs", "aliens"), deck("zombies", "pirates")
    rest = [[c for i, c in enumerate(cards) if i % 8] for cards in (first, second)]
    game = scenario(vp=[12, 12], hands=[first[::8], second[::8]], decks=rest,
                    bases=["jungle-oasis", "the-central-brain", "tar-pits"],
                    base_deck=["the-homeworld", "the-mothership", "cave-of-shinies",
                               "evans-city-cemetery", "rhodes-plaza-mall"],
                    phase="start", seed=5)
    app = table_app(game, ["human", "random"], delay=0, max_turns=300)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        start = time.monotonic()
        while not game.is_over:
            assert time.monotonic() - start < 40
            if game.current_player == 0 and option_labels(app):
                await pilot.press("enter")  # the first option, or the first place to go
            else:
                await pilot.pause(0.005)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert max(game.state.vp) >= 15

    drive(app, script)


def test_with_a_delay_the_computer_thinks_in_a_worker_thread_move_by_move():
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 3})
    app = table_app(game, ["heuristic", "heuristic"], delay=0.01)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await until(pilot, lambda: len(game.history) >= 8)
        assert "Turn 1: Player" in log_text(app)
        assert "(computer, normal) is thinking…" in text(app, "#thinking")

    drive(app, script)
