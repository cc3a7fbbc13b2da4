"""Small screens over the table: hotseat hand-off, saving, browsing piles, game over."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ..help_topics import TOPICS
from .view import card_details, escape, lookup


class HandoffScreen(Screen[None]):
    """Hides the table until the next player at this terminal is ready."""

    BINDINGS = [Binding("enter", "ready", "I'm ready", priority=True),
                Binding("q", "app.quit_game", "Quit")]
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


class ConfirmQuitScreen(ModalScreen[str]):
    """Asked before quitting a game with unsaved decisions: dismisses with "quit", "save"
    (save first, then quit) or "stay"."""

    BINDINGS = [Binding("y", "answer('quit')", "Quit without saving"),
                Binding("s", "answer('save')", "Save, then quit"),
                Binding("n,escape", "answer('stay')", "Keep playing")]
    DEFAULT_CSS = """
    ConfirmQuitScreen { align: center middle; }
    ConfirmQuitScreen > Static { width: auto; padding: 1 4; border: heavy $warning;
                                 background: $surface; }
    """

    def compose(self) -> ComposeResult:
        yield Static("[b]Quit? This game has moves that are not saved.[/b]\n\n"
                     "y: quit without saving · s: save, then quit · n or Escape: keep playing",
                     id="confirm-quit")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


HELP_TEXT = """\
[b]Keys[/b]
  1-9 0 a b…  choose the option listed with that key; a card that
              can go to several places: first the card, then where
  e           end the Play Cards phase (the same key every turn)
  p y n k o   pass, yes, no, skip, done (the same keys every time)
  Escape      back from "where does it go?" to every option
  ↑ ↓ Enter   move through the options and choose one ("▼ 3 more
              below": the options that do not fit scroll)
  \\[ ]         page back and on through the game log (or scroll it)
  mouse       click an option to choose it, a card's name to read it
  s           save the game (resume: smashup play --load FILE)
  d           the discard piles
  c           every card in view, with its text
  ? or F1     this help
  q           quit (asks first if the game has unsaved moves)

[b]The table[/b]
  Top: whose turn, the phase, plays left and the game's seed. Then each player's VP and \
cards, and the bases with their power, breakpoint, VP and minions. Below: the decision, your \
hand, the Card panel (the text of what you highlight or click), the last scoring and the game \
log.

  In your hand, ✗ marks a card you cannot play now, with the reason; ! marks an action that \
would do nothing now.

  What just happened: the cards the latest move named are highlighted, those named since \
your last decision are marked •, and a minion's power change since then shows as (+2). A \
base at its breakpoint has a heavy border and ⚑: it scores this turn unless its power drops. \
"Last scoring & VP" keeps the last scoring (power, place and VP of each player, then what \
happened after) and the latest VP gained from abilities.

[b]Smash Up in short[/b]
  Each player shuffles two factions together into one deck. On your turn you may play one \
minion and one action (cards can give extra plays), in any order. Minions go on bases; some \
actions go on bases or minions, the others happen and are discarded.

  When the total power of the minions on a base reaches its breakpoint, the base scores at \
the end of the turn: the players with the most, second and third most power there get the VP \
shown on it (1st / 2nd / 3rd); its cards are discarded and a new base replaces it. Then you \
draw 2 cards (keep 10 at most) and the next player goes. The first player with 15 VP at the \
end of a turn wins.

  Specials are played in response to what their text names, even on other players' turns; \
talents are used once per turn during your turn. The card text says when.
"""


def topics_markup() -> str:
    """The rules topics shared with the browser's help (``smashup.help_topics``)."""
    parts = []
    for topic in TOPICS:
        body = "\n\n".join("  " + escape(" ".join(para.split()))
                            for para in topic.body.split("\n\n"))
        parts.append(f"[b]{escape(topic.title)}[/b]\n{body}")
    return "\n\n".join(parts)


class HelpScreen(ModalScreen[None]):
    """The keys, what the table shows, and a short summary of the rules."""

    BINDINGS = [Binding("escape,enter,question_mark,f1,q", "close", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 96; max-width: 100%; height: 90%; border: heavy $accent;
                                  background: $surface; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP_TEXT + "\n" + topics_markup()
                         + "\n\n[dim]Escape closes this help.[/]", id="help")

    def action_close(self) -> None:
        self.dismiss(None)
