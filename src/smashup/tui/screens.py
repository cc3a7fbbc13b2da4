"""Small screens over the table: hotseat hand-off, saving, browsing piles, game over."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from .view import card_details, lookup


class HandoffScreen(Screen[None]):
    """Hides the table until the next player at this terminal is ready."""

    BINDINGS = [Binding("enter", "ready", "I'm ready", priority=True)]
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen > Static { width: auto; padding: 2 6; border: heavy $accent; }
    """

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        yield Static(f"[b]Pass to Player {self.player + 1}[/b] — press Enter\n\n"
                     "[dim]The table stays hidden until then.[/]", id="handoff")

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class SaveScreen(ModalScreen[str | None]):
    """Asks for a file name; dismisses with it (None: cancelled)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    SaveScreen { align: center middle; }
    SaveScreen > Vertical { width: 70; height: auto; border: heavy $accent; padding: 1 2;
                            background: $surface; }
    """

    def __init__(self, default: str) -> None:
        super().__init__()
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Save the game to (Enter saves, Escape cancels):")
            yield Input(value=self.default, id="save-path")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class BrowseScreen(ModalScreen[None]):
    """A list of cards (discard piles, or everything on screen) with the highlighted card's text."""

    BINDINGS = [Binding("escape,q,d,c", "close", "Close")]
    DEFAULT_CSS = """
    BrowseScreen { align: center middle; }
    BrowseScreen > Vertical { width: 90%; height: 80%; border: heavy $accent;
                              background: $surface; }
    BrowseScreen Horizontal { height: 1fr; }
    BrowseScreen OptionList { width: 1fr; }
    BrowseScreen #browse-details { width: 1fr; padding: 0 1; }
    """

    def __init__(self, title: str, sections: list[tuple[str, list[str]]]) -> None:
        super().__init__()
        self.title_text = title
        self.sections = sections

    def compose(self) -> ComposeResult:
        items: list[Any] = []
        for heading, names in self.sections:
            items.append(Option(f"[b]{heading}[/b] ({len(names)})", disabled=True))
            for name in names:
                d = lookup(name)
                items.append(Option(f"  {d.name if d else name}", id=f"{len(items)}|{name}"))
        with Vertical():
            yield Static(f"[b]{self.title_text}[/b] — Escape closes")
            with Horizontal():
                yield OptionList(*items, id="browse-list")
                yield Static("", id="browse-details")
            yield Footer()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        option_id = event.option.id or ""
        if "|" in option_id:
            self.query_one("#browse-details", Static).update(
                card_details(option_id.split("|", 1)[1]))

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(ModalScreen[None]):
    """The result; Enter or Escape goes back to look at the final table."""

    BINDINGS = [Binding("enter,escape", "close", "Back to the table"),
                Binding("q", "app.quit", "Quit")]
    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Static { width: auto; padding: 1 4; border: heavy $success;
                              background: $surface; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text + "\n\n[dim]Enter: back to the table · q: quit[/]",
                     id="game-over")

    def action_close(self) -> None:
        self.dismiss(None)
