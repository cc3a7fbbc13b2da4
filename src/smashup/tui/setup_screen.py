"""Setting up a game: seats, how factions are chosen, which bases; then the faction picks."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from .. import sim
from ..engine.core.defs import REGISTRY, shown_text
from .draft import Draft
from .session import DEFAULT_COMPUTER, SetupConfig, faction_pool, seat_level, seat_name
from .view import escape, faction_names

SEAT_CHOICES = [("Human", "human"),
                ("Computer: easy (random legal moves)", "easy"),
                ("Computer: normal (looks one move ahead)", "normal"),
                ("Computer: hard (searches ahead, up to a second a move)", "hard"),
                ("Computer: expert (searches with a learned value, up to a second a move)",
                 "expert")]
"""Every seat choice, the levels weakest first; ``offered_seats`` leaves out a level that
cannot play here."""
MODE_CHOICES = [("At random", "random"), ("Each player chooses, in seat order", "choose"),
                ("Draft: Kickin' It Queensberry", "draft")]

Picked = tuple[list[list[str]], int | None]
"""Two factions per player, and the first player (the draft's first picker) if fixed."""


def offered_seats() -> list[tuple[str, str]]:
    """The seat choices offered: ``SEAT_CHOICES`` less the levels that cannot play here (the
    expert level without numpy or its model, ``smashup.sim.level_unavailable``)."""
    return [(label, kind) for label, kind in SEAT_CHOICES
            if kind not in sim.LEVELS or sim.level_unavailable(kind) is None]


def unavailable_note() -> str:
    """A line for the setup screen naming each level left out and why ("" when none is)."""
    missing = [(kind, sim.level_unavailable(kind)) for kind in sim.LEVELS]
    return "\n".join(f"[dim]The {kind} level is not offered: {escape(why)}[/dim]"
                     for kind, why in missing if why is not None)


def seat_choices(kind: str) -> tuple[list[tuple[str, str]], str]:
    """The choices of a seat's list and the one selected for ``kind``: an older name is
    shown as its level (``heuristic`` as normal); another agent given on the command line
    (``ismcts:500``) is added to the list, so that starting the game keeps it."""
    value = kind if kind == "human" else seat_level(kind)
    offered = offered_seats()
    if value in (v for _, v in offered):
        return offered, value
    return [*offered, (f"Computer: {value}", value)], value


def base_choices() -> list[tuple[str, str]]:
    sets = sorted({b.set for b in REGISTRY.bases.values() if not b.set.startswith("test")})
    return ([("Bases of the chosen factions' sets", "factions"), ("Every set's bases", "all")]
            + [(f"Only the {s} set's bases", s) for s in sets])


class SetupScreen(Screen[SetupConfig]):
    """Seats, faction choice and bases; dismisses with the configuration."""

    BINDINGS = [Binding("ctrl+s", "start", "Start"), Binding("escape", "app.quit", "Quit")]
    DEFAULT_CSS = """
    SetupScreen { align: center top; }
    SetupScreen > VerticalScroll { width: 80; height: auto; max-height: 100%;
                                   border: heavy $accent; padding: 1 2; }
    SetupScreen Horizontal { height: auto; }
    SetupScreen Label { width: 22; padding: 1 0; }
    SetupScreen Select { width: 1fr; }
    SetupScreen Input { width: 1fr; }
    SetupScreen Button { margin: 1 0; width: 100%; }
    """

    def __init__(self, config: SetupConfig) -> None:
        super().__init__()
        self.config = config

    def compose(self) -> ComposeResult:
        cfg = self.config
        seats = cfg.seats + [DEFAULT_COMPUTER] * (4 - len(cfg.seats))
        bases = cfg.bases if isinstance(cfg.bases, str) else "factions"
        with VerticalScroll():
            yield Static("[b]Smash Up[/b] — set up a game")
            with Horizontal():
                yield Label("Players")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=len(cfg.seats),
                             allow_blank=False, id="players")
            for p in range(4):
                with Horizontal(id=f"seat-row-{p}"):
                    yield Label(f"Player {p + 1}")
                    choices, value = seat_choices(seats[p])
                    yield Select(choices, value=value, allow_blank=False, id=f"seat-{p}")
            if note := unavailable_note():
                yield Static(note, id="levels-missing")
            with Horizontal():
                yield Label("Factions")
                yield Select(MODE_CHOICES, value=cfg.mode, allow_blank=False, id="mode")
            with Horizontal():
                yield Label("Bases")
                yield Select(base_choices(), value=bases, allow_blank=False, id="bases")
            with Horizontal():
                yield Label("Seed")
                yield Input(value="" if cfg.seed is None else str(cfg.seed),
                            placeholder="random", id="seed", type="integer")
            yield Button("Start the game", variant="primary", id="start")
        yield Footer()

    def on_mount(self) -> None:
        self.show_seats(len(self.config.seats))
        self.query_one("#start", Button).focus()

    def show_seats(self, players: int) -> None:
        for p in range(4):
            self.query_one(f"#seat-row-{p}").display = p < players

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self.show_seats(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        players = self.query_one("#players", Select).value
        if not isinstance(players, int):  # cannot happen: the list has no blank entry
            return
        seats = [str(self.query_one(f"#seat-{p}", Select).value) for p in range(players)]
        seed_text = self.query_one("#seed", Input).value.strip()
        self.dismiss(SetupConfig(
            seats=seats,
            mode=str(self.query_one("#mode", Select).value),
            bases=str(self.query_one("#bases", Select).value),
            seed=int(seed_text) if seed_text else None,
        ))


def faction_summary(key: str) -> str:
    """A faction's cards: count, name and power, with each card's text."""
    lines = [f"[b]{escape(faction_names([key]))}[/b]"]
    for d in REGISTRY.factions.get(key, []):
        power = f" ({d.power})" if d.kind == "minion" else ""
        lines.append(f"{d.count}× {escape(d.name)}{power}: [dim]{escape(shown_text(d))}[/]")
    return "\n".join(lines)


class DraftScreen(Screen[Picked]):
    """Faction picks one at a time; computer seats pick at random."""

    BINDINGS = [Binding("escape", "app.quit", "Quit")]
    DEFAULT_CSS = """
    DraftScreen #draft-status { height: auto; padding: 0 1; border: round $accent; }
    DraftScreen Horizontal { height: 1fr; }
    DraftScreen #factions { width: 1fr; }
    DraftScreen #faction-details { width: 2fr; padding: 0 1; }
    """

    def __init__(self, config: SetupConfig, delay: float = 0.3) -> None:
        super().__init__()
        self.config = config
        self.delay = delay
        players = len(config.seats)
        self.rng = random.Random(f"draft/{config.game_seed()}")
        pool = faction_pool()
        if config.mode == "draft":
            self.first: int | None = self.rng.randrange(players)
            self.draft = Draft.queensberry(players, pool, self.first)
        else:
            self.first = None
            self.draft = Draft.in_turn(players, pool)

    def compose(self) -> ComposeResult:
        yield Static("", id="draft-status")
        with Horizontal():
            yield OptionList(id="factions")
            with VerticalScroll():
                yield Static("", id="faction-details")
        yield Footer()

    def on_mount(self) -> None:
        self.next_pick()

    def status(self) -> str:
        d = self.draft
        title = ("Kickin' It Queensberry draft" if self.config.mode == "draft"
                 else "Each player chooses two factions")
        lines = [f"[b]{title}[/b]"]
        if self.first is not None:
            lines.append(f"Player {self.first + 1} picks first (and will play first).")
        for p, picks in enumerate(d.picks):
            lines.append(f"Player {p + 1} ({seat_name(self.config.seats[p])}): "
                         + (escape(faction_names(picks)) or "—"))
        if not d.done:
            lines.append(f"\n[b]Player {d.current + 1}, pick a faction[/b] "
                         "(arrows and Enter, or click)")
        return "\n".join(lines)

    def next_pick(self) -> None:
        d = self.draft
        self.query_one("#draft-status", Static).update(self.status())
        options = self.query_one("#factions", OptionList)
        options.clear_options()
        if d.done:
            self.dismiss((d.factions(), self.first))
            return
        if self.config.seats[d.current] != "human":
            self.set_timer(max(self.delay, 0.001), self.computer_pick)
            return
        options.add_options([Option(escape(faction_names([f])), id=f) for f in d.available()])
        options.highlighted = 0
        options.focus()

    def computer_pick(self) -> None:
        if not self.draft.done and self.config.seats[self.draft.current] != "human":
            self.draft.pick_random(self.rng)
            self.next_pick()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.query_one("#faction-details", Static).update(faction_summary(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and not self.draft.done:
            self.draft.pick(event.option.id)
            self.next_pick()
