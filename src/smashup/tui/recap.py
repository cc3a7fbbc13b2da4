"""What just happened, for the table: the last scoring, VP gained from abilities, and the cards
the latest moves named — all read from the events as one seat sees them (already masked:
a card hidden from the seat is never named) and from that seat's observation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual.markup import escape

from ..engine.api.views import event_cards

if TYPE_CHECKING:
    from ..engine.core.defs import Event

PLACES = ("1st", "2nd", "3rd", "4th")
QUIET_AFTER = frozenset({"vp", "after_score", "phase", "before_score"})
"""Events after a scoring that its summary leaves out (the awards are its own lines)."""
SCORING_ENDS = frozenset({"base_replaced", "base_destroyed", "start_turn", "game_over"})
"""Events after which nothing more belongs to the scoring summary."""
MAX_CARD_VP = 4
"""VP gains from abilities (of cards or bases) kept under the last scoring (the newest)."""


def scoring_summary(ev: Event, base_name: str,
                    powers: Mapping[int, int] | Sequence[int] | None, turn: int) -> list[str]:
    """A scoring as lines of markup: the base, then each player with power there, in place
    order, with their power, place and VP (what happens after is added as it comes)."""
    ranks: dict[int, int] = dict(ev.get("ranks", {}))
    awards: dict[int, int] = dict(ev.get("awards", {}))
    # the event's own powers are by player; the table's fallback is a list in seat order
    at = dict(powers) if isinstance(powers, Mapping) else dict(enumerate(powers or ()))
    lines = [f"[b]{escape(base_name)}[/b] scored (turn {turn})"]
    if not ranks:
        lines.append(" nobody had a minion or power there")
    for p, place in sorted(ranks.items(), key=lambda kv: (kv[1], kv[0])):
        where = PLACES[place - 1] if place <= len(PLACES) else f"#{place}"
        power = f" · power {at[p]}" if p in at else ""
        lines.append(f" [b]P{p + 1}[/b] {where} [b]+{awards.get(p, 0)} VP[/b]{power}")
    return lines


@dataclass
class Recap:
    """The "Scoring & VP" panel's content and the cards to mark on the table."""

    scoring: list[str] = field(default_factory=list)  # the last scoring, as markup lines
    card_vp: list[str] = field(default_factory=list)  # VP from abilities, newest first
    since_decision: set[str] = field(default_factory=set)  # cards named since the seat decided
    latest: set[str] = field(default_factory=set)  # cards named by the latest move
    before: dict[str, Any] = field(default_factory=dict)  # the observation the marks compare to
    after_scoring: bool = False  # a scoring is under way: what follows is told under it
    awards: dict[int, int] = field(default_factory=dict)  # the scoring's VP not yet gained

    def new_decision(self, obs: dict[str, Any]) -> None:
        """The seat decides: what is marked from now on is what follows."""
        self.since_decision = set()
        self.latest = set()
        self.before = obs

    def take(self, pairs: list[tuple[Event, str]], names: Sequence[str],
             base_name: Callable[[int], str], powers_before: dict[int, list[int]],
             turn: int) -> None:
        """Read one move's narrated events (``pairs``: event, sentence)."""
        moved: set[str] = set()
        for ev, _ in pairs:
            moved.update(names[c] for c in event_cards(ev) if 0 <= c < len(names))
        self.latest = moved
        self.since_decision |= moved
        for ev, text in pairs:
            kind = ev["kind"]
            if kind == "scored":
                bid = ev.get("base")
                name = base_name(bid) if isinstance(bid, int) else "A base"
                powers = ev.get("powers") or powers_before.get(ev.get("slot", -1))
                self.scoring = scoring_summary(ev, name, powers, turn)
                self.after_scoring = True
                self.awards = {p: vp for p, vp in dict(ev.get("awards", {})).items() if vp}
            elif kind == "vp":
                if self.awards.get(ev.get("player", -1)) == ev.get("amount"):
                    del self.awards[ev["player"]]  # the scoring's own award: in its lines
                else:  # from a card or a base's ability: its reason stays on screen too
                    self.card_vp.insert(0, escape(text))
                    del self.card_vp[MAX_CARD_VP:]
            elif self.after_scoring and kind not in QUIET_AFTER:
                # its after-scoring abilities, the cards discarded, the base replacing it
                # (several decisions may come between: Scout's "after scoring" asks first)
                self.scoring.append(f" [dim]then:[/] {escape(text)}")
            if kind in SCORING_ENDS:
                self.after_scoring = False
                self.awards = {}

    def markup(self) -> str:
        """The panel: the last scoring first, then the latest VP gained from abilities."""
        lines = list(self.scoring) or ["[dim]No base has scored yet.[/]"]
        if self.card_vp:
            lines.append("[u]VP from abilities[/u]")
            lines.extend(f" {line}" for line in self.card_vp)
        return "\n".join(lines)
