"""Computer opponents by level at the table: the setup screen's choices, and thinking in a
worker thread with an indicator while the screen stays responsive (driven by Textual's
pilot)."""

from __future__ import annotations

import threading
import time

import pytest
from app_test import BASES, drive, log_text, option_labels, text, until
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import OptionList, Select, Static

import smashup
from smashup import sim
from smashup.agents import RandomAgent, SeatView
from smashup.agents.ismcts import ISMCTSAgent
from smashup.testing import scenario
from smashup.tui.app import SmashUpApp
from smashup.tui.screens import HelpScreen
from smashup.tui.session import Session, SetupConfig, parse_seats
from smashup.tui.setup_screen import SEAT_CHOICES, SetupScreen, offered_seats, seat_choices
from smashup.tui.table import Plan, TableScreen


class BlockingAgent:
    """Plays random moves, but its first decision blocks until the test lets it go: as
    long as it is held, a computer seat is thinking (a slow search, made controllable)."""

    needs_view = False

    def __init__(self) -> None:
        self.asked = threading.Event()  # a decision was asked for
        self.go = threading.Event()  # the test lets it answer
        self.threads: list[threading.Thread] = []
        self.inner = RandomAgent(seed=1)

    def act(self, view: SeatView) -> int:
        self.threads.append(threading.current_thread())
        self.asked.set()
        self.go.wait(60)  # bounded (a regression fails, not hangs), and long on a busy machine
        return self.inner.act(view)


def thinking_text(app: SmashUpApp) -> str:
    table = app.table
    assert table is not None
    widget = table.query_one("#thinking", Static)
    return str(widget.render()) if widget.display else ""


def seat_prompts(screen: SetupScreen, seat: int) -> list[str]:
    """The choices a seat's list drops down, as the player reads them."""
    overlay = screen.query_one(f"#seat-{seat}", Select).query_one(OptionList)
    return [Content.from_markup(str(overlay.get_option_at_index(i).prompt)).plain
            for i in range(overlay.option_count)]


def test_the_setup_screen_offers_the_four_levels():
    pytest.importorskip("numpy", reason="the expert level needs the nn extra (numpy)")
    app = SmashUpApp(config=SetupConfig(seats=["human", "hard", "random"], seed=9), delay=60)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert isinstance(app.screen, SetupScreen)
        seat = app.screen.query_one("#seat-1", Select)
        assert seat.value == "hard"
        assert app.screen.query_one("#seat-2", Select).value == "easy"  # random's level
        assert app.screen.query_one("#seat-3", Select).value == "normal"  # the default
        prompts = seat_prompts(app.screen, 1)
        assert [p.split(" (")[0] for p in prompts] == [
            "Human", "Computer: easy", "Computer: normal", "Computer: hard", "Computer: expert"]
        assert prompts[-1] == ("Computer: expert (searches with a learned value, up to a "
                               "second a move)")
        assert not app.screen.query("#levels-missing")  # nothing left out, nothing to explain

    drive(app, script)


def test_the_setup_screen_leaves_out_a_level_that_cannot_play_and_says_why(monkeypatch):
    """As where numpy or the model is missing: the expert level's value cannot be loaded."""
    def no_model(path: str, spec: str) -> object:
        raise smashup.SetupError(f"{spec!r} needs the learned model [test: it is gone]")

    monkeypatch.setitem(sim.VALUE_LOADERS, "value", no_model)
    app = SmashUpApp(config=SetupConfig(seats=["human", "normal"], seed=9), delay=60)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert isinstance(app.screen, SetupScreen)
        assert [p.split(" (")[0] for p in seat_prompts(app.screen, 1)] == [
            "Human", "Computer: easy", "Computer: normal", "Computer: hard"]
        note = app.screen.query_one("#levels-missing", Static)
        assert str(note.render()) == ("The expert level is not offered: 'expert' needs the "
                                      "learned model [test: it is gone]")
        await pilot.press("ctrl+s")  # the other levels play on
        await until(pilot, lambda: app.table is not None)

    drive(app, script)
    with pytest.raises(ValueError, match="needs the learned model"):
        parse_seats("human,expert")


def test_a_seat_list_keeps_an_older_name_or_another_agent_given_on_the_command_line():
    assert seat_choices("heuristic") == (offered_seats(), "normal")
    assert seat_choices("random") == (offered_seats(), "easy")
    assert set(offered_seats()) <= set(SEAT_CHOICES)
    choices, value = seat_choices("ismcts:1000")  # not the hard level: that caps its time
    assert value == "ismcts:1000" and choices[-1] == ("Computer: ismcts:1000", "ismcts:1000")


@pytest.mark.parametrize("delay", [0, 0.01])
def test_a_thinking_computer_shows_the_indicator_and_the_screen_stays_responsive(delay):
    """Move by move (a delay) or in batches (none), the decision is made in a worker
    thread: while it is held, timers run, keys work and the indicator names the seat."""
    game = scenario(hands=[["aliens/invader"], ["robots/zapbot"]], bases=BASES,
                    decks=[["aliens/collector"] * 3, ["robots/warbot"] * 3])
    agent = BlockingAgent()
    app = SmashUpApp(session=Session(game, ["hard", "human"], agents={0: agent}),
                     delay=delay)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        table = app.table
        assert table is not None
        await until(pilot, agent.asked.is_set, timeout=5)
        assert agent.threads[0] is not threading.main_thread()
        assert "Player 1 (computer, hard) is thinking…" in thinking_text(app)
        assert not table.query_one("#prompt").display  # the indicator stands in for it
        frame = table.spin_frame
        await until(pilot, lambda: table.spin_frame >= frame + 2, timeout=5)  # timers run
        await pilot.press("question_mark")  # keys work: the help opens and closes
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        assert game.history == [] and thinking_text(app)  # still thinking, nothing moved
        agent.go.set()
        await until(pilot, lambda: game.current_player == 1 and bool(option_labels(app)),
                    timeout=10)
        assert game.history  # the computer's moves were applied...
        assert "Player 1 plays" in log_text(app)  # ...and told in the log
        assert thinking_text(app) == ""  # the indicator is gone once the human decides
        assert table.query_one("#prompt").display  # and the prompt asks the human
        assert all(t is not threading.main_thread() for t in agent.threads)

    try:
        drive(app, script)
    finally:
        agent.go.set()


def test_the_delay_paces_the_computer_moves(monkeypatch):
    """With a delay, computer moves are applied at least ``delay`` apart, however fast the
    computer decides (its thinking counts towards the pause)."""
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 3})
    app = SmashUpApp(session=Session(game, ["easy", "easy"]), delay=0.3)
    applied: list[float] = []  # when each computer move was applied (not when polled)
    play = TableScreen.play

    def timed_play(self: TableScreen, plan: Plan) -> None:
        applied.append(time.monotonic())
        play(self, plan)

    monkeypatch.setattr(TableScreen, "play", timed_play)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await until(pilot, lambda: len(applied) >= 3, timeout=5)
        assert len(game.history) >= 2  # one decision a move
        assert all(b - a >= 0.299 for a, b in zip(applied, applied[1:3], strict=False))
        assert "(computer, easy) is thinking…" in thinking_text(app)

    drive(app, script)


def test_a_searching_computer_plays_its_turn_at_the_table():
    """A search agent (``ismcts:20``, a small budget) plays through the worker as the
    levels' agents do, and hands the decision back to the human."""
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 3, "seat_safe": True, "first_player": 0})
    session = Session(game, ["ismcts:20", "human"])
    searcher = session.agents[0]
    assert isinstance(searcher, ISMCTSAgent) and searcher.iterations == 20
    app = SmashUpApp(session=session, delay=0)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await until(pilot, lambda: game.current_player == 1 and game.request is not None
                    and game.request.kind == "main" and bool(option_labels(app)), timeout=20)
        assert "Player 1 (computer, ismcts:20)" in text(app, "#players")
        assert "Turn 2: Player 2" in log_text(app)
        assert thinking_text(app) == ""
        assert searcher.last_iterations == 20  # it searched (not only forced choices)

    drive(app, script)
