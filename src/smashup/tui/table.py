"""The table: bases, players, the hand, the decision to make, card details and the game log."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..agents import decide
from ..engine.api.game import Game
from ..narrate import Narrator
from . import view
from .moves import BACK_KEY, OPTION_KEYS, Entry, group_entries, group_of, top_entries
from .recap import Recap
from .screens import (
    BrowseScreen,
    ConfirmQuitScreen,
    GameOverScreen,
    HandoffScreen,
    HelpScreen,
    SaveScreen,
)
from .session import Session

if TYPE_CHECKING:
    from ..engine.core.defs import Event

FAST_BATCH_S = 0.25
"""With no delay between computer moves, the screen is redrawn about this often."""
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
"""The frames of the thinking indicator's spinner (it turns while the interface is alive)."""
SPIN_S = 0.1


@dataclass
class Plan:
    """What the worker decided: the computer seats' actions in order (indices of the legal
    options at each step), and why it stopped early if a move failed."""

    actions: list[int]
    error: str = ""


def plan_moves(game: Game, session: Session, *, halt: threading.Event,
               max_moves: int | None, budget: float, max_turns: int | None) -> Plan:
    """(In a worker thread.) Decide for the computer seats on ``game``, a copy of the real
    one that nothing else touches, and play each decision on it: until a human must decide,
    the game ends or reaches ``max_turns``, ``max_moves`` are made, ``budget`` seconds pass
    (after one decision at least) or ``halt`` is set (the table closed)."""
    start = time.perf_counter()
    actions: list[int] = []
    try:
        while (not game.is_over and not session.is_human(game.current_player)
               and not halt.is_set()
               and (max_moves is None or len(actions) < max_moves)
               and (max_turns is None or game.state.turn <= max_turns)
               and (not actions or time.perf_counter() - start < budget)):
            action = decide(game, session.agents[game.current_player])
            game.apply(action)
            actions.append(action)
    except Exception as err:  # an engine or agent fault: what was decided before still goes
        return Plan(actions, f"A computer move failed: {type(err).__name__}: {err}")
    return Plan(actions)


class BasePanel(VerticalScroll):
    """One base in play."""

    DEFAULT_CSS = """
    BasePanel { width: 1fr; height: 1fr; border: round $primary; padding: 0 1;
                scrollbar-size-vertical: 1; }
    BasePanel.at-breakpoint { border: heavy $warning; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", classes="base-body")

    def show(self, base: dict[str, Any], nplayers: int, marks: view.Marks) -> None:
        self.border_title = base["name"]
        scoring = view.will_score(base)
        self.set_class(scoring, "at-breakpoint")
        self.border_subtitle = "⚑ scores" if scoring else ""
        self.query_one(".base-body", Static).update(view.base_markup(base, nplayers, marks))


class TableScreen(Screen[None]):
    """Plays one session: asks human seats, runs computer seats, shows one player's view."""

    BINDINGS = [
        *(Binding(key, f"key('{key}')", show=False) for key in OPTION_KEYS),
        Binding("escape,backspace", "back", "Back", show=False),
        Binding("left_square_bracket", "log_page(-1)", "Log back", show=False),
        Binding("right_square_bracket", "log_page(1)", "Log on", show=False),
        Binding("s", "save", "Save"),
        Binding("d", "discards", "Discard piles"),
        Binding("c", "cards", "Cards in view"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
    ]
    DEFAULT_CSS = """
    TableScreen { layout: vertical; overflow: hidden; }
    #status { height: 1; background: $primary-background; padding: 0 1; }
    #players { height: auto; max-height: 6; padding: 0 1; text-wrap: nowrap;
               text-overflow: ellipsis; }
    #bases { height: 1fr; min-height: 6; }
    #bottom { height: 50%; min-height: 10; }
    #decision { width: 3fr; border: round $accent; }
    #prompt { height: auto; max-height: 6; padding: 0 1; }
    #thinking { height: auto; padding: 0 1; color: $warning; }
    #options { height: 1fr; border: none; }
    #more { height: 1; padding: 0 1; color: $warning; }
    #middle { width: 2fr; }
    #hand-box { height: 1fr; border: round $secondary; padding: 0 1; }
    #details-box { height: 1fr; border: round $secondary; padding: 0 1; }
    #right { width: 2fr; }
    #scoring-box { height: auto; max-height: 60%; border: round $warning; padding: 0 1; }
    #log { height: 1fr; border: round $secondary; }
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
        self.thinking = False  # a computer seat's decision is being made (or paced)
        self.thinker: int | None = None  # the seat thinking, for the indicator
        self.halt = threading.Event()  # set when the table closes: a worker stops early
        self.spin_frame = 0
        self.auto_pass = True
        self.entries: list[Entry] = []  # the Decision panel's lines, in order
        self.group: str | None = None  # the card being played, in the second step of a pick
        self.recap = Recap()  # the last scoring, VP from abilities, what just happened
        self.stopped = ""
        self._over_shown = False
        self.saved_at = len(session.game.history)  # decisions made when last saved or loaded
        self.obs: dict[str, Any] = {}  # the observation on screen

    # ---- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Static("", id="players")
        yield Horizontal(id="bases")
        with Horizontal(id="bottom"):
            with Vertical(id="decision"):
                yield Static("", id="prompt")
                yield Static("", id="thinking")
                yield OptionList(id="options")
                yield Static("", id="more")
            with Vertical(id="middle"):
                with VerticalScroll(id="hand-box"):
                    yield Static("", id="hand")
                with VerticalScroll(id="details-box"):
                    yield Static("[dim]Highlight an option or click a card to read it.[/]",
                                 id="details")
            with Vertical(id="right"):
                with VerticalScroll(id="scoring-box"):
                    yield Static("", id="scoring")
                yield RichLog(id="log", wrap=True, markup=True, max_lines=2000, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#decision").border_title = "Decision"
        self.query_one("#hand-box").border_title = "Hand"
        self.query_one("#details-box").border_title = "Card"
        self.query_one("#log").border_title = "Game log ([ ] scroll)"
        self.query_one("#scoring-box").border_title = "Last scoring & VP"
        self.query_one("#thinking").display = False
        self.query_one("#more").display = False
        self.watch(self.query_one("#options", OptionList), "scroll_y",
                   lambda _: self.show_more(), init=False)
        self.spinner = self.set_interval(SPIN_S, self.spin, pause=True)
        if self.game.history:  # a loaded game: tell its log so far, then go on
            self.log_past()
            self.query_one("#log", RichLog).write(
                f"[b]Game resumed after {len(self.game.history)} decisions.[/b]")
        else:
            self.tell(self.game.events_for(self.narrator.viewer), {})
        self.advance()

    def on_unmount(self) -> None:
        self.halt.set()

    # ---- state --------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    def labels(self) -> list[str]:
        return [self.session.seat_label(p) for p in range(self.game.state.nplayers)]

    def _log_viewer(self) -> int:
        """Whose eyes the shared log uses: the only human; with several (or none), a
        spectator's, who sees nobody's secrets."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else -1

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
        if self.session.is_human(decider) and self.auto_answer():
            self.apply(0)
            return
        self.render_table()
        if not self.session.is_human(decider):
            self.computer_move()

    def auto_answer(self) -> bool:
        """The "auto-pass" setting: a decision with one option only (a Me First! window
        with nothing to use, a hand with a minion at the mulligan, a forced choice; never
        the Play Cards decision) is answered at once. A seat-safe game asks these of every
        seat whatever it holds, so the hand-over to a seat happens whether or not it has
        something: nothing of its hand shows."""
        req = self.game.request
        return (self.auto_pass and req is not None and len(req.options) == 1
                and req.kind != "main")

    def take_seat(self, player: int) -> None:
        self.viewer = player
        self.advance()

    def choose(self, index: int) -> None:
        """The human at the shown seat picks option ``index``."""
        if not self.my_decision() or not 0 <= index < len(self.game.legal_actions()):
            return
        self.apply(index, by_hand=True)

    def apply(self, index: int, by_hand: bool = False) -> None:
        """Play option ``index`` for the human deciding (``by_hand``: they chose it; else it
        was answered for them, the only option) and go on."""
        powers = self.powers_now()
        before = self.obs
        try:
            self.game.apply(index)
        except Exception as err:  # an engine fault: the game stays as it was
            self.notify(f"That did not work: {type(err).__name__}: {err}", severity="error")
            return
        self.group = None
        if by_hand:  # what is marked from now on follows this decision
            self.recap.new_decision(before)
        self.tell(self.game.events_for(self.narrator.viewer), powers)
        self.advance()

    def powers_now(self, game: Game | None = None) -> dict[int, list[int]]:
        """Each base's power by player now (public), for the summary of a scoring that the
        next decision may bring: the power at the last decision before the base scored."""
        game = game or self.game
        if game.is_over:
            return {}
        obs = game.spectator_observation()
        return {slot: list(base["power_by_player"]) for slot, base in enumerate(obs["bases"])}

    def computer_move(self) -> None:
        """Start the computer seat that must decide now thinking, with the indicator up (set
        here, before the screen is next drawn, so that it does not flicker off between moves)."""
        if not self.thinking:
            self.thinking = True
            self.thinker = self.game.current_player
            self.spinner.resume()
            self.render_thinking()
            self.think()

    @work(group="computer")
    async def think(self) -> None:
        """Let the computer seats decide in a worker thread, on a copy of the game, so that
        the screen stays responsive however long a decision takes (``hard`` may search for
        up to a second). With a delay, one decision, shown no sooner than ``delay`` seconds
        after it was asked for (the pace of play: thinking counts towards it); with none,
        decisions for about ``FAST_BATCH_S`` seconds, the screen redrawn between batches.

        The real game is touched by the interface thread only: the worker plays its copy,
        and what it chose is applied here, to the game that stayed as it was meanwhile (no
        human decides while a computer does)."""
        game = self.game
        decided_at = len(game.history)
        started = time.monotonic()
        plan = Plan([])
        try:
            plan = await asyncio.to_thread(
                plan_moves, game.clone(), self.session, halt=self.halt,
                max_moves=1 if self.delay > 0 else None, budget=FAST_BATCH_S,
                max_turns=self.max_turns)
            rest = self.delay - (time.monotonic() - started)
            if rest > 0:
                await asyncio.sleep(rest)
        finally:
            self.thinking = False
            self.thinker = None
        if not self.is_attached or not self.app.is_running:
            return  # the app closed (or is closing its screens) while the computer thought
        self.spinner.pause()
        if len(game.history) != decided_at:
            self.advance()  # cannot happen (nothing else moves now), but never apply stale moves
            return
        self.play(plan)

    def play(self, plan: Plan) -> None:
        """Apply the computer's decisions to the game, tell them in the log, and go on."""
        game = self.game
        error = plan.error
        for action in plan.actions:
            powers = self.powers_now()
            try:
                game.apply(action)
            except Exception as err:  # an engine fault: stop the computer players here
                error = f"A computer move failed: {type(err).__name__}: {err}"
                break
            self.tell(game.events_for(self.narrator.viewer), powers)
        if error:
            self.stopped = error
        self.advance()

    def capped(self) -> bool:
        return self.max_turns is not None and self.game.state.turn > self.max_turns

    # ---- drawing ------------------------------------------------------------------------------

    def hand_hidden(self) -> bool:
        """With several humans at this terminal, a hand shows only while its holder decides
        (not during a computer's turn, when anyone may be looking)."""
        if len(self.session.humans) <= 1:
            return False
        return self.viewer is None or not self.my_decision()

    def render_table(self, hide_hand: bool = False) -> None:
        game = self.game
        me = self.view_player()
        obs = game.observation(me)
        self.obs = obs
        labels = self.labels()
        decider = game.current_player
        seed = game.setup.get("seed")
        status = self.stopped or (view.status_line(obs, labels, seed) if not game.is_over
                                  else f"Game over · seed {seed}")
        self.query_one("#status", Static).update(status)
        self.query_one("#players", Static).update(view.players_markup(obs, labels, decider))
        self.render_bases(obs)
        hand_box = self.query_one("#hand-box")
        hide_hand = hide_hand or self.hand_hidden() or (
            self.viewer is None and bool(self.session.humans))
        # the number of cards: the panel may show only some of them (it scrolls)
        count = "" if hide_hand else f" ({len(obs['hand'])})"
        hand_box.border_title = f"P{me + 1}'s hand{count}"
        self.query_one("#hand", Static).update(
            "[dim](hidden)[/]" if hide_hand else view.hand_markup(obs, self.marks()))
        self.query_one("#scoring", Static).update(self.recap.markup())
        self.render_decision(obs, labels)
        self.render_thinking()

    def marks(self) -> view.Marks:
        """What the table marks as just happened (see ``Recap``)."""
        before = self.recap.before
        powers = {m["id"]: int(m.get("power", m.get("printed_power", 0)))
                  for base in before.get("bases", ()) for m in base["minions"]}
        return view.Marks(recent=frozenset(self.recap.since_decision),
                          latest=frozenset(self.recap.latest), powers=powers)

    def render_thinking(self) -> None:
        """The indicator: which computer seat is thinking, with a spinner that turns while
        the interface runs. It stands in for the prompt's "Waiting for …", which says the
        same with less; when no computer is deciding it is hidden and the prompt is back."""
        widget = self.query_one("#thinking", Static)
        player = self.thinker
        shown = self.thinking and player is not None and not self.stopped
        if player is not None and shown:
            frame = SPINNER[self.spin_frame % len(SPINNER)]
            label = view.escape(self.session.seat_label(player))
            widget.update(f"{frame} {label} is thinking…")
        widget.display = shown
        self.query_one("#prompt", Static).display = not shown

    def spin(self) -> None:
        self.spin_frame += 1
        self.render_thinking()

    def render_bases(self, obs: dict[str, Any]) -> None:
        row = self.query_one("#bases", Horizontal)
        panels = list(row.query(BasePanel))
        if len(panels) != len(obs["bases"]):
            row.remove_children()
            panels = [BasePanel() for _ in obs["bases"]]
            row.mount_all(panels)
            self.call_after_refresh(self.render_bases, obs)
            return
        marks = self.marks()
        for panel, base in zip(panels, obs["bases"], strict=True):
            panel.show(base, len(obs["vp"]), marks)

    def render_decision(self, obs: dict[str, Any], labels: list[str]) -> None:
        game = self.game
        options = self.query_one("#options", OptionList)
        prompt = self.query_one("#prompt", Static)
        options.clear_options()
        self.entries = []
        decider = game.current_player
        duel = view.duel_markup(obs)
        duel_line = f"\n{duel}" if duel else ""
        if game.is_over:
            prompt.update(self.result_text())
            self.show_more()
            return
        if not self.my_decision():
            prompt.update(f"Waiting for {view.escape(labels[decider])}…{duel_line}")
            self.show_more()
            return
        decision = obs["decision"]
        texts = decision["options"]
        names = [game.action_label(i) for i in range(len(texts))]
        listed = view.distinct_options(obs, texts)
        if self.group is not None and not any(group_of(texts[i]) == self.group for i in listed):
            self.group = None
        if self.group is None:
            head = f"[b]{view.prompt_markup(obs)}[/b]"
            self.entries = top_entries(texts, names, listed)
        else:
            card = view.lookup(self.group.split(" ")[-1])
            head = (f"[b]Where does {view.escape(card.name if card else 'it')} go?[/b] "
                    "[dim](Escape: back)[/]")
            self.entries = group_entries(texts, names, listed, self.group)
        left = view.plays_left(obs) if decision["kind"] == "main" else ""
        prompt.update(head + (f"\n[dim]{left}[/]" if left else "") + duel_line)
        options.add_options([
            Option(view.entry_line(obs, e, texts[e.index] if e.index is not None else ""),
                   id=str(pos))
            for pos, e in enumerate(self.entries)])
        options.highlighted = 0
        options.focus()
        self.call_after_refresh(self.show_more)

    def show_more(self) -> None:
        """Under the options, how many are out of sight above and below (the list scrolls):
        the list never hides options without saying so."""
        options = self.query_one("#options", OptionList)
        more = self.query_one("#more", Static)
        height = options.scrollable_content_region.height
        top = round(options.scroll_y)
        first: dict[int, int] = {}
        last: dict[int, int] = {}
        for y, (index, _) in enumerate(options._lines):  # (option, line in it) per line
            first.setdefault(index, y)
            last[index] = y
        above = sum(1 for y in last.values() if y < top)
        below = sum(1 for y in first.values() if y >= top + height) if height > 0 else 0
        parts = ([f"▲ {above} more above"] if above else []) + (
            [f"▼ {below} more below"] if below else [])
        more.update(" · ".join(parts) + (" (↑↓ or scroll)" if parts else ""))
        if more.display != bool(parts):  # the list's height changes: count again
            more.display = bool(parts)
            self.call_after_refresh(self.show_more)

    def tell(self, events: list[Event], powers: dict[int, list[int]],
             narrator: Narrator | None = None) -> None:
        """One move's events: told in the log, and read for the scoring panel and the marks
        of what just happened (``powers``: each base's power by player before the move)."""
        narrator = narrator or self.narrator
        pairs = narrator.narrate_events(events)
        log = self.query_one("#log", RichLog)
        # a reader scrolled back in the log stays where they are
        following = log.scroll_y >= log.max_scroll_y - 1
        for ev, text in pairs:
            line = view.escape(text)
            log.write(f"[b]{line}[/b]" if ev["kind"] in ("start_turn", "scored", "game_over")
                      else line, scroll_end=following)
        self.recap.take(pairs, narrator.g.names, narrator.base_card, powers, narrator.g.turn)

    def log_past(self) -> None:
        """A loaded game's log so far: its decisions replayed from the setup and told."""
        replay = Game.new(self.game.setup)
        viewer = self._log_viewer()
        narrator = Narrator(replay, viewer=viewer)
        self.tell(replay.events_for(viewer), {}, narrator)
        for text in self.game.history:
            powers = self.powers_now(replay)
            replay.apply(text)
            self.tell(replay.events_for(viewer), powers, narrator)

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
        notes = ""
        if not self.hand_hidden() and name in self.obs.get("hand", ()):
            notes = view.hand_card_notes(self.obs, name)
        self.query_one("#details", Static).update(view.card_details(name) + notes)

    # ---- events and keys --------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "options" and event.option.id is not None:
            self.pick(int(event.option.id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "options" or event.option.id is None:
            return
        self.show_more()
        position = int(event.option.id)
        if not self.obs or not 0 <= position < len(self.entries):
            return
        entry = self.entries[position]
        texts = self.game.action_texts()
        details = self.query_one("#details", Static)
        if entry.index is not None and entry.index < len(texts):
            details.update(view.option_details(self.obs, self.game.action_label(entry.index),
                                               texts[entry.index]))
        elif entry.group is not None:
            self.show_details(entry.group.split(" ")[-1])

    def pick(self, position: int) -> None:
        """The entry at ``position`` is chosen: an option is played, a card opens the
        second step (where it goes), the way back returns to every option."""
        if not self.my_decision() or not 0 <= position < len(self.entries):
            return
        entry = self.entries[position]
        if entry.index is not None:
            self.choose(entry.index)
            return
        self.group = entry.group
        self.render_decision(self.obs, self.labels())

    def action_key(self, key: str) -> None:
        """An option's key (``1``-``9``, ``0``, letters; ``e`` ends the phase) picks it."""
        for position, entry in enumerate(self.entries):
            if entry.key == key:
                self.pick(position)
                return

    def action_back(self) -> None:
        """Escape, in the second step of a pick: back to every option."""
        if self.group is not None:
            self.action_key(BACK_KEY)

    def action_log_page(self, direction: int) -> None:
        """``[`` and ``]``: page back and on through the game log."""
        log = self.query_one("#log", RichLog)
        log.scroll_to(y=log.scroll_y + direction * max(1, log.scrollable_content_region.height
                                                       - 1), animate=False)

    def action_save(self, then_quit: bool = False) -> None:
        default = self.save_path or f"smashup-{self.game.setup.get('seed', 0)}.json"

        def done(path: str | None) -> None:
            if not path:
                return
            try:
                saved = self.session.save(path)
            except OSError as err:
                self.notify(f"Cannot save to {path}: {err}", severity="error")
                return
            self.save_path = path
            self.saved_at = len(self.game.history)
            self.notify(f"Saved to {Path(saved)}")
            if then_quit:
                self.app.exit()

        self.app.push_screen(SaveScreen(default), done)

    def unsaved(self) -> bool:
        """Has a decision been made since the game was started, loaded or saved (and is the
        game still going)?"""
        return not self.game.is_over and len(self.game.history) != self.saved_at

    def action_quit_game(self) -> None:
        """``q``: quit, asking first when there are unsaved decisions."""
        if not self.unsaved():
            self.app.exit()
            return

        def answered(answer: str | None) -> None:
            if answer == "quit":
                self.app.exit()
            elif answer == "save":
                self.action_save(then_quit=True)

        self.app.push_screen(ConfirmQuitScreen(), answered)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_discards(self) -> None:
        obs = self.game.observation(self.view_player())
        sections = [(f"Player {p + 1}'s discard pile", list(pile))
                    for p, pile in enumerate(obs["discards"])]
        self.app.push_screen(BrowseScreen("Discard piles", sections))

    def action_cards(self) -> None:
        obs = self.game.observation(self.view_player())
        hand = [] if self.hand_hidden() else list(obs["hand"])
        sections = [("Your hand" if self.my_decision() else "Hand shown", hand)]
        for base in obs["bases"]:
            names = [base["id"]]
            for m in base["minions"]:
                names.append(m["id"])
                names.extend(a["id"] for a in m.get("attached", []))
            names.extend(a["id"] for a in base["actions"])
            sections.append((base["name"], names))
        self.app.push_screen(BrowseScreen("Cards in view", sections))
