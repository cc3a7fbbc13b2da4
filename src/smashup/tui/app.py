"""The Textual application behind ``smashup play``.

``SmashUpApp(session=...)`` plays an already-built game (a loaded save, or a scenario in
tests); ``SmashUpApp(config=...)`` starts from the setup screen, or straight at the table
when the configuration already fixes the factions.
"""

from __future__ import annotations

import argparse
import random
import sys

from textual.app import App

from ..engine.core.defs import REGISTRY
from .draft import random_factions
from .session import DEFAULT_COMPUTER, Session, SetupConfig, faction_pool, parse_seats
from .setup_screen import DraftScreen, Picked, SetupScreen
from .table import TableScreen


class SmashUpApp(App[None]):
    """Smash Up at the terminal: setup, faction picks, then the table."""

    TITLE = "Smash Up"

    def __init__(
        self,
        session: Session | None = None,
        config: SetupConfig | None = None,
        *,
        skip_setup: bool = False,
        delay: float = 0.5,
        max_turns: int | None = None,
        save_path: str | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.config = config or SetupConfig(seats=["human", DEFAULT_COMPUTER])
        self.skip_setup = skip_setup
        self.delay = delay
        self.max_turns = max_turns
        self.save_path = save_path

    def on_mount(self) -> None:
        if self.session is not None:
            self.start_table(self.session)
        elif self.skip_setup:
            self.configured(self.config)
        else:
            self.push_screen(SetupScreen(self.config), self.configured)

    def configured(self, config: SetupConfig | None) -> None:
        if config is None:
            return
        self.config = config
        if config.factions is not None:
            self.start_game(config.factions)
        elif config.mode == "random":
            rng = random.Random(f"factions/{config.game_seed()}")
            self.start_game(random_factions(len(config.seats), faction_pool(), rng))
        else:
            self.push_screen(DraftScreen(config, delay=min(self.delay, 0.3)), self.drafted)

    def drafted(self, picked: Picked | None) -> None:
        if picked is not None:
            self.start_game(*picked)

    def start_game(self, factions: list[list[str]], first: int | None = None) -> None:
        try:
            session = self.config.start(factions, first)
        except ValueError as err:  # a setup the engine refuses: back to the setup screen
            self.notify(f"Cannot start this game: {err}", severity="error")
            self.push_screen(SetupScreen(self.config), self.configured)
            return
        self.start_table(session)

    def start_table(self, session: Session) -> None:
        self.session = session
        self.push_screen(TableScreen(session, delay=self.delay, max_turns=self.max_turns,
                                     save_path=self.save_path))

    @property
    def table(self) -> TableScreen | None:
        """The table screen, if a game is on (even under a hand-off or other screen)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def action_quit_game(self) -> None:
        """``q`` on a screen over the table (the hand-off): quit as the table does, asking
        first when the game has unsaved moves."""
        table = self.table
        if table is None:
            self.exit()
        else:
            table.action_quit_game()

    def action_show_card(self, name: str) -> None:
        """Clicking a card's name anywhere on the table shows its text."""
        table = self.table
        if table is not None:
            table.show_details(name)


# ---- the command line ------------------------------------------------------------------------

DEFAULT_PACE_S = 0.5
"""The pause between a computer's plays, so that a person can follow them."""
MAX_PACE_S = 10.0


def config_from_args(args: argparse.Namespace) -> tuple[SetupConfig, bool]:
    """The setup asked for on the command line, and whether it is complete enough to skip
    the setup screen (factions fixed, or a draft asked for)."""
    players = getattr(args, "players", None)
    seats_text = getattr(args, "seats", None)
    factions = None
    if getattr(args, "factions", None):
        factions = [[f.strip() for f in item.split(",") if f.strip()] for item in args.factions]
        if any(len(pf) != 2 for pf in factions):
            raise ValueError("--factions takes one 'a,b' pair per player")
        players = players or len(factions)
        if len(factions) != players:
            raise ValueError(f"--factions gives {len(factions)} pairs for {players} players")
        unknown = sorted({f for pf in factions for f in pf} - set(faction_pool()))
        if unknown:
            raise ValueError(f"unknown faction {', '.join(unknown)}; choose from "
                             + ", ".join(faction_pool()))
    if seats_text:
        seats = parse_seats(seats_text, players)
    else:
        seats = ["human"] + [DEFAULT_COMPUTER] * ((players or 2) - 1)
    if not 2 <= len(seats) <= 4:
        raise ValueError("Smash Up is for 2 to 4 players")
    bases_arg = getattr(args, "bases", None) or "factions"
    bases: str | list[str] = (bases_arg if bases_arg in ("factions", "all")
                              else [b.strip() for b in bases_arg.split(",") if b.strip()])
    if isinstance(bases, list):
        known = {b.set for b in REGISTRY.bases.values()} | set(REGISTRY.bases)
        unknown = [b for b in bases if b not in known]
        if unknown or not bases:
            raise ValueError(f"unknown base sets {', '.join(unknown) or bases_arg!r}; use "
                             "factions, all or sets such as "
                             + ", ".join(sorted({b.set for b in REGISTRY.bases.values()})))
    mode = "draft" if getattr(args, "draft", False) else "random"
    config = SetupConfig(seats=seats, mode=mode, factions=factions, bases=bases,
                         seed=getattr(args, "seed", None))
    return config, factions is not None or mode == "draft"


def run(args: argparse.Namespace) -> int:
    """``smashup play``: returns the exit status (2 for bad options or a bad save file)."""
    load = getattr(args, "load", None)
    pace = getattr(args, "pace", None)
    pace = DEFAULT_PACE_S if pace is None else pace
    try:
        if not 0 <= pace <= MAX_PACE_S:
            raise ValueError(f"--pace is seconds from 0 to {MAX_PACE_S:g}, not {pace:g}")
        if load:
            app = SmashUpApp(session=Session.load(load), save_path=load, delay=pace)
        else:
            config, complete = config_from_args(args)
            app = SmashUpApp(config=config, skip_setup=complete, delay=pace)
    except (OSError, ValueError) as err:
        print(f"smashup play: {err}", file=sys.stderr)
        return 2
    app.run()
    return 0
