"""What the table shows, as Textual markup built from one player's observation.

Everything here reads ``game.observation(player)`` (which already hides what that player may
not see) and the static card definitions in ``smashup.REGISTRY`` — never another player's hand.

>>> print(card_details("aliens/invader#1"))
[b]Invader[/b] — minion, power 3 (Aliens)
On play, you gain one victory point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from textual.markup import escape as escape

from ..engine.core.defs import REGISTRY, BaseDef, CardDef, faction_name, shown_text
from ..engine.core.requests import sourced_prompt
from .moves import Entry

COLOURS = ("#ff6f6f", "#6fa8ff", "#7ddc6f", "#f2d35b")
"""One colour per player."""


def player_tag(p: int) -> str:
    """``P1`` in that player's colour."""
    return f"[bold {COLOURS[p % len(COLOURS)]}]P{p + 1}[/]"


def lookup(name: str) -> CardDef | BaseDef | None:
    """The definition of a card instance name (``aliens/invader#2``) or a base (``base:x``)."""
    if name.startswith("base:"):
        return REGISTRY.bases.get(name.removeprefix("base:"))
    return REGISTRY.cards.get(name.split("#", 1)[0])


def link(name: str, label: str | None = None) -> str:
    """A card's name that shows its text in the details panel when clicked."""
    d = lookup(name)
    text = escape(label if label is not None else (d.name if d else name))
    return f"[@click=app.show_card('{name}')]{text}[/]"


def card_details(name: str) -> str:
    """The name, facts and text of a card or base."""
    d = lookup(name)
    if d is None:
        return escape(name)
    if isinstance(d, BaseDef):
        vp = "/".join(str(v) for v in d.vp)
        head = f"[b]{escape(d.name)}[/b] — base, breakpoint {d.breakpoint}, VP {vp} ({d.set})"
    else:
        kind = f"minion, power {d.power}" if d.kind == "minion" else _action_kind(d)
        kind += "".join(f", {label}" for label in d.labels)  # "action played on a base, Wraith"
        head = f"[b]{escape(d.name)}[/b] — {escape(kind)} ({escape(d.faction)})"
    return f"{head}\n{escape(shown_text(d) or 'No ability.')}"


def _action_kind(d: CardDef) -> str:
    return {"base": "action played on a base",
            "minion": "action played on a minion"}.get(d.play_on or "", "action")


# ---- bases -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """What the table marks as just happened: the cards the latest move named (``latest``),
    those named since the seat last decided (``recent``), and each minion's power when it
    last decided (``powers``), to show what changed."""

    recent: frozenset[str] = frozenset()
    latest: frozenset[str] = frozenset()
    powers: dict[str, int] = field(default_factory=dict)


NO_MARKS = Marks()


def marked(name: str, marks: Marks, label: str | None = None) -> str:
    """A card's clickable name, highlighted when the latest move named it and flagged with
    ``•`` when a move since the seat's last decision did."""
    text = link(name, label)
    if name in marks.latest:
        return f"[reverse]{text}[/]"
    if name in marks.recent:
        return f"[yellow]•[/]{text}"
    return text


def power_change(name: str, power: int, marks: Marks) -> str:
    """`` (+2)`` when a minion's power changed since the seat last decided."""
    before = marks.powers.get(name)
    if before is None or before == power:
        return ""
    return f" [yellow]({power - before:+d})[/]"


def will_score(base: dict[str, Any]) -> bool:
    """Has the base reached its breakpoint (so it scores in the Score Bases phase, unless
    its power drops first)?"""
    return bool(base["total_power"] >= base["breakpoint"] > 0)


def base_markup(base: dict[str, Any], nplayers: int, marks: Marks = NO_MARKS) -> str:
    """A base: power against its breakpoint (and the printed one), VP, each player's power,
    minions, actions, buried cards, then its ability (the static part, read last)."""
    bp, printed = base["breakpoint"], base["printed_breakpoint"]
    bp_text = f"{bp}" if bp == printed else f"{bp} (printed {printed})"
    total = base["total_power"]
    lines = [
        f"Power [b]{total}[/b]/{bp_text}",
        f"VP {base['vp'][0]}/{base['vp'][1]}/{base['vp'][2]}",
        " ".join(f"{player_tag(p)} {base['power_by_player'][p]}" for p in range(nplayers)),
    ]
    if will_score(base):
        lines.insert(0, "[b reverse yellow] ⚑ AT BREAKPOINT [/]")
    for m in base["minions"]:
        lines.extend(minion_lines(m, marks))
    if base["actions"]:
        lines.append("[u]Actions here[/u]")
        for a in base["actions"]:
            lines.append(f" {marked(a['id'], marks)} {player_tag(a.get('controller', a['owner']))}")
            lines.extend(stored_lines(a))
    buried = base.get("buried") or []
    if buried:
        # whose each buried card is, when the view says (``buried_by``)
        by = base.get("buried_by") or [None] * len(buried)
        shown = [link(b) + ("" if p is None else f" {player_tag(p)}")
                 for b, p in zip(buried, by, strict=False) if b != "hidden"]
        hidden = [p for b, p in zip(buried, by, strict=False) if b == "hidden"]
        owners = sorted({p for p in hidden if p is not None})
        tags = f" ({' '.join(player_tag(p) for p in owners)})" if owners else ""
        parts = shown + ([f"{len(hidden)} face down{tags}"] if hidden else [])
        lines.append("Buried: " + ", ".join(parts))
    lines.append(f"[dim italic]{link(base['id'], base['text'] or 'No ability.')}[/]")
    return "\n".join(lines)


def copied_note(card: dict[str, Any]) -> str:
    """`` (copying War Raptor)`` for a card with copied abilities (Copycat, Cellular Bonding)."""
    copied = card.get("copied")
    return f" (copying {', '.join(copied)})" if copied else ""


def minion_lines(m: dict[str, Any], marks: Marks = NO_MARKS) -> list[str]:
    """``5 Invader P1`` with counters, owner (if not the controller) and attached actions;
    what just happened to it marked (see ``Marks``)."""
    power = m.get("power", m.get("printed_power", 0))
    extra = power_change(m["id"], power, marks)
    if m.get("counters"):
        extra += f" [b]+{m['counters']}c[/b]"
    if m["owner"] != m.get("controller", m["owner"]):
        extra += f" (owner {player_tag(m['owner'])})"
    extra += copied_note(m)
    if m.get("lost_abilities"):  # Bruiser, The Touch: its abilities are gone for now
        extra += " (no abilities)"
    diff = "" if power == m.get("printed_power", power) else "*"
    lines = [f"[b]{power:>2}{diff}[/b] {marked(m['id'], marks)} {player_tag(m['controller'])}"
             f"{extra}"]
    for a in m.get("attached", []):
        lines.append(f"    + {marked(a['id'], marks)} {player_tag(a.get('controller', a['owner']))}"
                     + copied_note(a))
    return lines + stored_lines(m)


def stored_lines(card: dict[str, Any]) -> list[str]:
    """The cards stored under ``card`` (Kickboxbro, Ancient Sumerian God), face down to those
    who may not see them."""
    return ["    stored: " + ("a face-down card" if s == "hidden" else link(s))
            for s in card.get("stored", [])]


def stasis_note(card: dict[str, Any]) -> str:
    """``Future Almanac? (3 stasis, 1 stored)``: a card in stasis with its counters."""
    parts = [f"{card.get('stasis', 0)} stasis"]
    stored = card.get("stored", [])
    if stored:
        parts.append(f"{len(stored)} stored")
    return f"{link(card['id'])} ({', '.join(parts)})"


# ---- players and hand --------------------------------------------------------------------------


def faction_names(keys: list[str]) -> str:
    return " + ".join(faction_name(key) for key in keys)


def players_markup(obs: dict[str, Any], labels: list[str], deciding: int) -> str:
    """One line per player: VP, hand, deck and discard sizes, and cards in stasis."""
    lines = []
    for p, label in enumerate(labels):
        turn = "▶" if p == obs["current"] else " "
        mark = " [reverse] deciding [/]" if p == deciding else ""
        line = (f"{turn} {player_tag(p)} {escape(label)}{mark} · [b]{obs['vp'][p]} VP[/b]"
                f" · hand {obs['hand_sizes'][p]} · deck {obs['deck_sizes'][p]}"
                f" · discard {len(obs['discards'][p])}")
        stasis = obs.get("stasis", [[]] * len(labels))[p]
        if stasis:
            line += " · stasis: " + ", ".join(stasis_note(c) for c in stasis)
        revealed = obs.get("revealed", [[]] * len(labels))[p]
        if revealed:
            line += " · revealed: " + ", ".join(link(c) for c in revealed)
        extra = obs.get("extra_turns", []).count(p)
        if extra:
            line += " · [b]extra turn[/b] to come" + (f" ×{extra}" if extra > 1 else "")
        for kinds in obs.get("next_turn_extras", [[]] * len(labels))[p]:  # Wraithrustlers HQ
            line += f" · next turn: extra {' or '.join(kinds)}"
        # the factions last: on a narrow screen the line is cut there first
        lines.append(f"{line} · {faction_names(obs['factions'][p])}")
    duel = duel_markup(obs)
    if duel:
        lines.append(duel)
    return "\n".join(lines)


def minion_power(obs: dict[str, Any], name: str) -> int | None:
    """The power of a minion in play, as the observation shows it."""
    for base in obs["bases"]:
        for m in base["minions"]:
            if m["id"] == name:
                return int(m.get("power", m.get("printed_power", 0)))
    return None


def duel_markup(obs: dict[str, Any]) -> str:
    """A duel under way: both minions with their controller and power, whether each side
    has placed a card face down, and the card the viewer placed (theirs only)."""
    duel = obs.get("duel")
    if not duel:
        return ""
    sides = []
    for m, p, down in zip(duel["minions"], duel["controllers"], duel["placed"], strict=True):
        power = minion_power(obs, m) if m else None
        what = f"{link(m)} {player_tag(p)}" if m else f"a minion gone ({player_tag(p)})"
        if power is not None:
            what += f" power [b]{power}[/b]"
        what += ", card face down" if down else ", no card yet"
        sides.append(what)
    slot = duel.get("slot")
    base = (obs["bases"][slot]["name"]
            if isinstance(slot, int) and 0 <= slot < len(obs["bases"]) else "")
    where = f" at {escape(base)}" if base else ""
    mine = f" · yours: {', '.join(link(c) for c in duel['mine'])}" if duel.get("mine") else ""
    return (f"[b reverse] Duel [/]{where}: {sides[0]} [b]vs[/b] {sides[1]}{mine} "
            "[dim](? explains duels)[/]")


def hand_markup(obs: dict[str, Any], marks: Marks = NO_MARKS) -> str:
    """The hand; at the holder's Play Cards decision, a card they cannot play now is marked
    ✗ with the reason, and an action that would do nothing now is marked !; a card that
    came since the holder's last decision is flagged ``•``."""
    if not obs["hand"]:
        return "[dim](no cards)[/]"
    lines = []
    unplayable = obs.get("unplayable") or {}
    warnings = obs.get("warnings") or {}
    for name in obs["hand"]:
        d = lookup(name)
        tag = (f"{d.power:>3}" if isinstance(d, CardDef) and d.kind == "minion"
               else "[dim]act[/]")
        line = f"{tag} {marked(name, marks)}"
        if name in unplayable:
            line = f"[dim]{line} ✗ {escape(unplayable[name])}[/]"
        elif name in warnings:
            line += f" [yellow]! {escape(warnings[name])}[/]"
        lines.append(line)
    known = obs.get("known") or []
    if known:
        lines.append("[u]Also known to you[/u]")
        for name, zone, _ in known:
            lines.append(f"   {link(name)} ({escape(str(zone))})")
    return "\n".join(lines)


def plays_left(obs: dict[str, Any]) -> str:
    """``Plays left: 0 minion, 1 action (+1 minion of power 2 or less)`` for the player
    whose turn it is."""
    left = obs.get("plays_left")
    if not left:
        return ""
    text = f"Plays left: {left['minion']} minion, {left['action']} action"
    conditions = left.get("conditions")
    if conditions:
        text += " (" + ", ".join(f"+1 {c}" for c in conditions) + ")"
    elif left.get("constrained"):
        text += f" (+{left['constrained']} with a condition)"
    return text


def status_line(obs: dict[str, Any], labels: list[str], seed: Any = None) -> str:
    phase = {"play": "Play Cards", "score": "Score Bases", "draw": "Draw 2 Cards",
             "start": "Start of turn", "end": "End of turn", "over": "Game over"}
    current = obs["current"]
    seed_text = "" if seed is None else f" · seed {escape(str(seed))}"
    return (f"Turn {obs['turn']} · {escape(labels[current])}'s turn · "
            f"{phase.get(obs['phase'], obs['phase'])} · {plays_left(obs) or 'Smash Up'}"
            f"{seed_text}")


def prompt_markup(obs: dict[str, Any]) -> str:
    """The decision's prompt, led by the card or base that asks (``First Mate: ...``)."""
    decision = obs["decision"]
    return escape(sourced_prompt(decision.get("source"), decision["prompt"]))


# ---- options -----------------------------------------------------------------------------------


def option_cards(text: str) -> list[str]:
    """The cards and bases an option's text form names (for the details panel)."""
    words = text.split()
    return [w for w in words if "/" in w or w.startswith("base:")]


def where_is(obs: dict[str, Any], name: str) -> str:
    """Where a card named in an option is, as far as the viewer knows."""
    if name.startswith("base:"):
        return ""
    if name in obs["hand"]:
        return "in your hand"
    for base in obs["bases"]:
        for m in base["minions"]:
            if m["id"] == name:
                return f"at {base['name']}, P{m['controller'] + 1}'s"
            if any(a["id"] == name for a in m.get("attached", [])):
                return f"on {m['name']} at {base['name']}"
        if any(a["id"] == name for a in base["actions"]):
            return f"on {base['name']}"
    for p, pile in enumerate(obs["discards"]):
        if name in pile:
            return f"in P{p + 1}'s discard pile"
    return ""


def distinct_options(obs: dict[str, Any], texts: list[str]) -> list[int]:
    """Indices of the options worth listing: playing either of two copies of the same card
    from your hand the same way is one choice, so only the first copy is listed."""
    hand = set(obs["hand"])
    seen: set[str] = set()
    keep = []
    for i, text in enumerate(texts):
        key = " ".join(w.split("#")[0] if w in hand else w for w in text.split())
        if key not in seen:
            seen.add(key)
            keep.append(i)
    return keep


def readable(label: str) -> str:
    """A label with card instance names (``aliens/scout#1``, ``base:tortuga``, as in the
    labels of triggered abilities) put as card names; ``name/2`` marks a second such entry.

    >>> readable("Resolve aliens/scout#1/2")
    'Resolve Scout (2)'
    """
    return " ".join(_readable_word(w) for w in label.split(" "))


def _readable_word(word: str) -> str:
    name, copy = word, ""
    head, _, tail = word.rpartition("/")
    if tail.isdigit() and head:
        name, copy = head, f" ({tail})"
    if "#" not in name and not name.startswith("base:"):
        return word
    d = lookup(name)
    return word if d is None else d.name + copy


def key_name(key: str | None) -> str:
    """How a key is shown before its option (``1.``, ``e.``, ``esc``)."""
    if key is None:
        return "  "
    return "esc" if key == "escape" else f"{key}."


def entry_line(obs: dict[str, Any], entry: Entry, text: str = "") -> str:
    """``3. Invader — at Tortuga, P2's``: an entry of the Decision panel with its key, and
    where a card it names is (a bare card choice could be ambiguous). ``text`` is the
    option's text form, when the entry is an option."""
    hint = ""
    words = text.split(" ") if text else []
    if words and (len(words) == 1 or words[0] in ("trigger", "special")):
        place = where_is(obs, words[-1]) if "#" in words[-1] else ""
        hint = f" [dim]— {escape(place)}[/]" if place else ""
    elif entry.target:
        if entry.target.startswith("base:"):
            base = next((b for b in obs["bases"] if b["id"] == entry.target), None)
            if base is not None:
                hint = f" [dim]{base['total_power']}/{base['breakpoint']}[/]"
        else:
            place = where_is(obs, entry.target)
            hint = f" [dim]— {escape(place)}[/]" if place else ""
    label = escape(readable(entry.label))
    if entry.group is not None:
        label = f"[b]{label}[/b]"
    return f"{key_name(entry.key)} {label}{hint}"


OPTION_HELP = {
    "end": "Bases at or over their breakpoint score, you draw 2 cards, then your turn ends.",
    "pass": "Use nothing now. The chance goes round the table; once everyone has passed in a "
            "row, the game goes on.",
    "skip": "Do not do it: this part of the ability is optional.",
    "yes": "Do it.",
    "no": "Do not do it.",
    "done": "Stop choosing: the ability goes on with what has been chosen.",
}
"""What choosing an option that names no card does, for the Card panel."""


def hand_card_notes(obs: dict[str, Any], name: str) -> str:
    """Why a card in the viewer's hand cannot be played now, or that it would do nothing."""
    reason = (obs.get("unplayable") or {}).get(name)
    if reason:
        return f"\n\n[b red]Cannot be played now:[/] {escape(reason)}."
    warning = (obs.get("warnings") or {}).get(name)
    if warning:
        return f"\n\n[b yellow]Careful:[/] {escape(warning)}."
    return ""


def prompt_cards(obs: dict[str, Any]) -> list[str]:
    """The cards the prompt names that the seat knows of, away from the table (the top card
    of a deck, a card in another hand): "Discard Howl or keep it on top?" names Howl. The
    engine lists them in ``decision["cards"]`` (only those this seat may read about); a
    name in the prompt that matches a known card is added too. The asking card is left out
    (the panel shows it as "Asked by")."""
    decision = obs.get("decision") or {}
    prompt = decision.get("prompt", "")
    source = decision.get("source_id")
    found = [c for c in decision.get("cards") or () if c != source and lookup(c) is not None]
    for name, _, _ in obs.get("known") or []:
        d = lookup(name)
        if d is not None and re.search(rf"\b{re.escape(d.name)}\b", prompt) and name not in found:
            found.append(name)
    return found


def option_details(obs: dict[str, Any], label: str, text: str) -> str:
    """The Card panel for a highlighted option: the text of each card or base it names (with
    a warning for a hand card that would do nothing), else what the choice does and the text
    of the card or base that asks — never a bare ``end`` or ``yes``."""
    names = option_cards(text)
    decision = obs.get("decision") or {}
    source = decision.get("source_id")
    asked = f"\n\n[dim]Asked by:[/] {card_details(source)}" if source else ""
    if names:
        return "\n\n".join(card_details(n) + (hand_card_notes(obs, n) if n in obs["hand"]
                                               else "") for n in names) + (
            asked if source not in names else "")
    word = text.split(":", 1)[0]
    lines = [f"[b]{escape(readable(label))}[/b]"]
    if word in OPTION_HELP:
        lines.append(OPTION_HELP[word])
    named = "".join(f"\n\n{card_details(n)}" for n in prompt_cards(obs))
    return "\n".join(lines) + named + asked
