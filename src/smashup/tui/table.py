"""The table: bases, players, the hand, the decision to make, card details and the game log."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..narrate import Narrator
from . import view
from .screens import BrowseScreen, GameOverScreen, HandoffScreen, SaveScreen
from .session import Session

if TYPE_CHECKING:
    from ..engine.game import Game

FAST_BATCH_S = 0.25
"""With no delay between computer moves, the screen is redrawn about this often."""


class BasePanel(VerticalScroll):
    """One base in play."""

    DEFAULT_CSS = """
    BasePanel { width: 1fr; height: 1fr; border: round $primary; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", classes="base-body")

    def show(self, base: dict[str, Any], nplayers: int) -> None:
        self.border_title = base["name"]
        self.query_one(".base-body", Static).update(view.base_markup(base, nplayers))


class TableScreen(Screen[None]):
    """Plays one session: asks human seats, runs computer seats, shows one player's view."""

    BINDINGS = [
        *(Binding(str(i), f"choose({i - 1})", show=False) for i in range(1, 10)),
        Binding("s", "save", "Save"),
        Binding("d", "discards", "Discard piles"),
        Binding("c", "cards", "Cards in view"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #status { height: 1; background: $primary-background; padding: 0 1; }
    #players { height: auto; padding: 0 1; }
    #bases { height: 1fr; min-height: 10; }
    #bottom { height: 45%; min-height: 12; }
    #decision { width: 2fr; border: round $accent; }
    #prompt { height: auto; padding: 0 1; }
    #options { height: 1fr; border: none; }
    #middle { width: 2fr; }
    #hand-box { height: 1fr; border: round $secondary; padding: 0 1; }
    #details-box { height: 1fr; border: round $secondary; padding: 0 1; }
    #log { width: 2fr; border: round $secondary; }
    """

    def __init__(self, session: Session, delay: float = 0.5, max_turns: int | None = None,
                 save_path: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.max_turns = max_turns
        self.save_path = save_path
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.narrator = Narrator(session.game, viewer=self._log_viewer())
        self.thinking = False
        self.listed: list[int] = []  # the options listed (engine indices), in order
        self.stopped = ""
        self._over_shown = False

    # ---- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Static("", id="players")
        yield Horizontal(id="bases")
        with Horizontal(id="bottom"):
            with Vertical(id="decision"):
                yield Static("", id="prompt")
                yield OptionList(id="options")
            with Vertical(id="middle"):
                with VerticalScroll(id="hand-box"):
                    yield Static("", id="hand")
                with VerticalScroll(id="details-box"):
                    yield Static("[dim]Highlight an option or click a card to read it.[/]",
                                 id="details")
            yield RichLog(id="log", wrap=True, markup=True, max_lines=2000, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#decision").border_title = "Decision"
        self.query_one("#hand-box").border_title = "Hand"
        self.query_one("#details-box").border_title = "Card"
        self.query_one("#log").border_title = "Game log"
        if self.game.history:  # a loaded game: its events are already in the position
            self.query_one("#log", RichLog).write(
                f"Game resumed after {len(self.game.history)} decisions.")
        else:
            self.log_events(self.game.events)
        self.advance()

    # ---- state --------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    def labels(self) -> list[str]:
        return [self.session.seat_label(p) for p in range(self.game.state.nplayers)]

    def _log_viewer(self) -> int | None:
        """Whose eyes the shared log uses: the only human, nobody's secrets with several."""
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        return -1 if humans else None

    def view_player(self) -> int:
        """The seat whose observation the table shows."""
        if self.viewer is not None:
            return self.viewer
        if self.session.humans:
            return self.session.humans[0]  # before the first hand-over; its hand stays hidden
        current = self.game.current_player
        return current if current >= 0 else self.game.state.current

    def my_decision(self) -> bool:
        """Is the shown seat a human who must decide now?"""
        p = self.game.current_player
        return p >= 0 and p == self.viewer and self.session.is_human(p)

    # ---- the loop ---------------------------------------------------------------------------

    def advance(self) -> None:
        """Show the position, then wait for the human, hand over, or let the computer move."""
        game = self.game
        decider = game.current_player
        if game.is_over:
            self.render_table()
            self.show_game_over()
            return
        if self.capped() or self.stopped:
            self.stopped = self.stopped or f"Stopped at the turn cap ({self.max_turns} turns)."
            self.render_table()
            return
        if self.session.is_human(decider) and decider != self.viewer:
            if len(self.session.humans) > 1:
                self.render_table(hide_hand=True)
                self.app.push_screen(HandoffScreen(decider), lambda _: self.take_seat(decider))
                return
            self.viewer = decider
        self.render_table()
        if not self.session.is_human(decider):
            self.computer_move()

    def take_seat(self, player: int) -> None:
        self.viewer = player
        self.advance()

    def choose(self, index: int) -> None:
        """The human at the shown seat picks option ``index``."""
        if not self.my_decision() or not 0 <= index < len(self.game.legal_actions()):
            return
        self.apply(index)

    def apply(self, index: int) -> None:
        try:
            self.game.apply(index)
        except Exception as err:  # an engine fault: the game stays as it was
            self.notify(f"That did not work: {type(err).__name__}: {err}", severity="error")
            return
        self.log_events(self.game.events)
        self.advance()

    def computer_move(self) -> None:
        if not self.thinking:
            self.thinking = True
            self.think()

    @work(group="computer")
    async def think(self) -> None:
        """Let the computer seat pick (in a thread, so the screen stays responsive);
        with no delay, computer moves run in quick batches between screen updates."""
        game = self.game
        player = game.current_player
        action: int | None = None
        try:
            await asyncio.sleep(self.delay)
            if self.delay > 0:
                action = await asyncio.to_thread(self.session.agents[player].act, game)
        finally:
            self.thinking = False
        if action is None:
            self.fast_forward(FAST_BATCH_S)
            self.advance()
        elif game.current_player == player:
            self.apply(action)

    def fast_forward(self, budget: float) -> None:
        """Make computer decisions until a human must decide or ``budget`` seconds pass."""
        game = self.game
        start = time.perf_counter()
        events: list[dict[str, Any]] = []
        try:
            while (not game.is_over and not self.session.is_human(game.current_player)
                   and not self.capped() and time.perf_counter() - start < budget):
                game.apply(self.session.agents[game.current_player].act(game))
                events.extend(game.events)
        except Exception as err:  # an engine fault: stop the computer players here
            self.stopped = f"A computer move failed: {type(err).__name__}: {err}"
        self.log_events(events)

    def capped(self) -> bool:
        return self.max_turns is not None and self.game.state.turn > self.max_turns

    # ---- drawing ------------------------------------------------------------------------------

    def render_table(self, hide_hand: bool = False) -> None:
        game = self.game
        me = self.view_player()
        obs = game.observation(me)
        labels = self.labels()
        decider = game.current_player
        status = self.stopped or (view.status_line(obs, labels) if not game.is_over
                                  else "Game over")
        self.query_one("#status", Static).update(status)
        self.query_one("#players", Static).update(view.players_markup(obs, labels, decider))
        self.render_bases(obs)
        hand_box = self.query_one("#hand-box")
        hand_box.border_title = f"Player {me + 1}'s hand"
        hide_hand = hide_hand or (self.viewer is None and bool(self.session.humans))
        self.query_one("#hand", Static).update(
            "[dim](hidden)[/]" if hide_hand else view.hand_markup(obs))
        self.render_decision(obs, labels)

    def render_bases(self, obs: dict[str, Any]) -> None:
        row = self.query_one("#bases", Horizontal)
        panels = list(row.query(BasePanel))
        if len(panels) != len(obs["bases"]):
            row.remove_children()
            panels = [BasePanel() for _ in obs["bases"]]
            row.mount_all(panels)
            self.call_after_refresh(self.render_bases, obs)
            return
        for panel, base in zip(panels, obs["bases"], strict=True):
            panel.show(base, len(obs["vp"]))

    def render_decision(self, obs: dict[str, Any], labels: list[str]) -> None:
        game = self.game
        options = self.query_one("#options", OptionList)
        prompt = self.query_one("#prompt", Static)
        options.clear_options()
        self.listed = []
        decider = game.current_player
        if game.is_over:
            prompt.update(self.result_text())
            return
        if not self.my_decision():
            prompt.update(f"Waiting for {view.escape(labels[decider])}…")
            return
        decision = obs["decision"]
        head = f"[b]{view.escape(decision['prompt'])}[/b]"
        left = view.plays_left(obs) if decision["kind"] == "main" else ""
        prompt.update(head + (f"\n[dim]{left}[/]" if left else ""))
        texts = decision["options"]
        self.listed = view.distinct_options(obs, texts)
        options.add_options([
            Option(view.option_line(obs, pos, game.action_label(i), texts[i]), id=str(i))
            for pos, i in enumerate(self.listed)])
        options.highlighted = 0
        options.focus()

    def log_events(self, events: list[dict[str, Any]]) -> None:
        log = self.query_one("#log", RichLog)
        for ev, text in self.narrator.narrate_events(events):
            line = view.escape(text)
            log.write(f"[b]{line}[/b]" if ev["kind"] in ("start_turn", "scored", "game_over")
                      else line)

    def result_text(self) -> str:
        result = self.game.result or {}
        winner = result.get("winner")
        vp = result.get("vp", [])
        scores = ", ".join(f"Player {p + 1}: {v} VP" for p, v in enumerate(vp))
        who = f"Player {winner + 1} wins!" if isinstance(winner, int) else "The game is over."
        return f"[b]{who}[/b]\n{scores}"

    def show_game_over(self) -> None:
        if not self._over_shown:
            self._over_shown = True
            self.app.push_screen(GameOverScreen(self.result_text()))

    def show_details(self, name: str) -> None:
        self.query_one("#details", Static).update(view.card_details(name))

    # ---- events and keys --------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "options" and event.option.id is not None:
            self.choose(int(event.option.id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "options" or event.option.id is None:
            return
        texts = self.game.action_texts()
        index = int(event.option.id)
        if index < len(texts):
            names = view.option_cards(texts[index])
            self.query_one("#details", Static).update(
                "\n\n".join(view.card_details(n) for n in names) or view.escape(texts[index]))

    def action_choose(self, position: int) -> None:
        """Number keys pick the listed options 1 to 9."""
        if 0 <= position < len(self.listed):
            self.choose(self.listed[position])

    def action_save(self) -> None:
        default = self.save_path or f"smashup-{self.game.to_dict()['setup'].get('seed', 0)}.json"

        def done(path: str | None) -> None:
            if not path:
                return
            try:
                saved = self.session.save(path)
            except OSError as err:
                self.notify(f"Cannot save to {path}: {err}", severity="error")
                return
            self.save_path = path
            self.notify(f"Saved to {Path(saved)}")

        self.app.push_screen(SaveScreen(default), done)

    def action_discards(self) -> None:
        obs = self.game.observation(self.view_player())
        sections = [(f"Player {p + 1}'s discard pile", list(pile))
                    for p, pile in enumerate(obs["discards"])]
        self.app.push_screen(BrowseScreen("Discard piles", sections))

    def action_cards(self) -> None:
        obs = self.game.observation(self.view_player())
        sections = [("Your hand" if self.my_decision() else "Hand shown", list(obs["hand"]))]
        for base in obs["bases"]:
            names = [base["id"]]
            for m in base["minions"]:
                names.append(m["id"])
                names.extend(a["id"] for a in m.get("attached", []))
            names.extend(a["id"] for a in base["actions"])
            sections.append((base["name"], names))
        self.app.push_screen(BrowseScreen("Cards in view", sections))
