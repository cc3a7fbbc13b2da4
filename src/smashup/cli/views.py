"""Plain-data views for the command line: a complete position, the card list as text
(the list itself is ``engine/api/listing.py``'s)."""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

from ..engine.api.game import Game, base_views, card_view
from ..engine.api.labels import decision_labels
from ..engine.core.defs import PROVISIONAL_MARK
from ..engine.core.requests import option_text, request_prompt
from ..engine.core.state import State
from ..engine.facts.query import breakpoint, hooks, total_power
from ..engine.mechanics.duels import duel_under_way
from ..engine.mechanics.next_turn import waiting_next_turn
from ..engine.rules.timeline import extra_turns_queued


def _names(g: State, cards: list[int]) -> list[str]:
    return [g.names[c] for c in cards]


def _plain(value: Any) -> Any:
    """Tuples, sets and other values as JSON-friendly data."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return repr(value)


def _zone_name(g: State, loc: tuple[Any, ...]) -> str:
    """``box``, ``aside 0``, ``stored aliens/invader#1``, ``buried 2``..."""
    if loc[0] == "stored" and len(loc) > 1:
        return f"stored {g.names[loc[1]]}"
    return " ".join(str(x) for x in loc)


def full_state(game: Game) -> dict[str, Any]:
    """The whole position, hidden zones included (for scenarios, debugging and bug reports).

    Unlike ``Game.observation`` it shows every hand and every deck (top card
    first), every base with its cards and power, the current decision and its
    options, and the decisions made so far.
    """
    g = game.state
    bases = base_views(g)
    players = []
    for p in range(g.nplayers):
        players.append({
            "player": p, "factions": list(g.factions[p]) if p < len(g.factions) else [],
            "vp": g.vp[p], "hand": _names(g, g.hands[p]), "deck": _names(g, g.decks[p]),
            "discard": _names(g, g.discards[p]),
        })
    others = {
        _zone_name(g, loc): _names(g, cards)
        for loc, cards in sorted(g.zones.items(), key=lambda kv: repr(kv[0])) if cards
    }
    state: dict[str, Any] = {
        "turn": g.turn, "phase": g.phase, "current": g.current, "vp": list(g.vp),
        "winner": g.winner, "over": game.is_over,
        "players": players, "bases": bases,
        "base_deck": [g.base_names[b] for b in g.base_deck],
        "base_discard": [g.base_names[b] for b in g.base_discard],
        "other_zones": others,
        "plays_left": {"minion": g.minion_plays, "action": g.action_plays,
                       "constrained": _plain(g.grants)},
        "effects": [
            {"kind": e[0], "target": _plain(e[1]), "value": _plain(e[2]),
             "expiry": _plain(e[3]), "player": e[4]}
            for e in g.effects
        ],
        "counters": {g.names[c]: n for c, n in sorted(g.counters.items()) if n},
        "used_this_turn": sorted(repr(u) for u in g.used),
        "decision": None,
        "history": game.history,
    }
    req = game.request
    if req is not None:
        state["decision"] = {
            "player": req.player, "kind": req.kind, "prompt": req.prompt,
            "options": [option_text(g, o) for o in req.options],
            "labels": decision_labels(g, req),
        }
    return state


MIN_TEXT_WIDTH = 30
"""Below this many columns for the card text, the text goes on lines of its own."""


def _columns(head: str, text: str, width: int) -> list[str]:
    """``head`` then ``text`` wrapped to ``width`` columns, its lines under one another."""
    room = width - len(head)
    if room < MIN_TEXT_WIDTH:  # a narrow terminal: the text below, indented
        return [head.rstrip()] + textwrap.wrap(text, width, initial_indent=" " * 6,
                                               subsequent_indent=" " * 6)
    wrapped = textwrap.wrap(text, room) or [""]
    return [head + wrapped[0]] + [" " * len(head) + line for line in wrapped[1:]]


def card_table(data: dict[str, Any], width: int | None = None) -> list[str]:
    """The card list as readable lines, grouped by faction; columns as wide as their widest
    entry, card texts wrapped to ``width`` (default: the terminal's width)."""
    if width is None:
        width = shutil.get_terminal_size((100, 24)).columns
    lines: list[str] = []
    current = None
    name_w = max((len(c["name"]) for c in data["cards"]), default=0)
    for c in data["cards"]:
        if c["faction_key"] != current:
            current = c["faction_key"]
            copies = sum(x["copies"] for x in data["cards"] if x["faction_key"] == current)
            head = f"{c['faction']} [{current}] ({c['set_name']}, {copies} cards)"
            if len(head) > width:  # a narrow terminal: the set on a line of its own
                head = f"{c['faction']} [{current}]\n  ({c['set_name']}, {copies} cards)"
            lines.extend(head.split("\n"))
        kind = f"minion {c['power']}" if c["type"] == "minion" else "action"
        text = f"{PROVISIONAL_MARK} {c['text']}" if c.get("provisional") else c["text"]
        text = "".join(f"[{label}] " for label in c.get("labels", ())) + text  # "[Wraith]"
        lines += _columns(f"  {c['copies']}x {c['name']:<{name_w}} {kind:<9} ", text, width)
    lines.append("")
    lines.append(f"Bases ({len(data['bases'])})")
    base_w = max((len(b["name"]) for b in data["bases"]), default=0)
    shown_set = None
    for b in data["bases"]:
        if b["set"] != shown_set:  # bases grouped by set, under its name
            shown_set = b["set"]
            lines.append(f" {b['set_name']}")
        vp = "-".join(str(v) for v in b["vp"])
        head = f"  {b['name']:<{base_w}} {b['breakpoint']:>3}  {vp:<7} "
        lines += _columns(head, b["text"], width)
    return lines


def _stored_note(g: State, card: int) -> str:
    """`` [stored: a, b]``: the cards stored under ``card`` (the board shows every card)."""
    stored = _names(g, list(g.zones.get(("stored", card), ())))
    return f" [stored: {', '.join(stored)}]" if stored else ""


def _duel_lines(game: Game) -> list[str]:
    """The duel under way (engine/mechanics/duels.py), with the face-down cards (this board names
    every
    card, hands included)."""
    g = game.state
    d = duel_under_way(g)
    if d is None:
        return []
    sides = []
    for minion in d[:2]:
        p = g.controller[minion]
        down = ", ".join(_names(g, g.zones.get(("duel", p), []))) or "no card"
        sides.append(f"{g.names[minion]} (Player {p + 1}; face down: {down})")
    return [f"  Duel under way: {sides[0]} against {sides[1]}"]


def board_text(game: Game) -> list[str]:
    """A readable summary of the position: bases, players, the decision (players numbered
    from 1, as in the game log)."""
    g = game.state
    mods = hooks(g, "power_mod")
    lines = [f"Turn {g.turn}, Player {g.current + 1} ({g.phase} phase); VP "
             + ", ".join(f"Player {p + 1}: {v}" for p, v in enumerate(g.vp))]
    for slot, bid in enumerate(g.bases):
        bdef = g.base_defs[bid]
        lines.append(f"  {bdef.name} [{g.base_names[bid]}]: power {total_power(g, slot, mods)}"
                     f" / breakpoint {breakpoint(g, slot)}")
        for m in g.minions[slot]:
            view = card_view(g, m, mods)
            extra = "".join(f" +{a['id']}" for a in view.get("attached", []))
            if g.counters.get(m):
                extra += f" [{g.counters[m]} +1 counters]"
            lines.append(f"    {view['id']} (Player {g.controller[m] + 1}, power {view['power']})"
                         f"{extra}{_stored_note(g, m)}")
        for a in g.base_actions[slot]:
            lines.append(f"    {g.names[a]} (action, Player {g.controller[a] + 1})"
                         f"{_stored_note(g, a)}")
        buried = [f"{g.names[c]} (Player {g.controller[c] + 1})"
                  for c in g.zones.get(("buried", slot), ())]
        if buried:
            lines.append(f"    buried: {', '.join(buried)}")
    for p in range(g.nplayers):
        hand = ", ".join(_names(g, g.hands[p])) or "-"
        discard = ", ".join(_names(g, g.discards[p])) or "-"
        lines.append(f"  Player {p + 1}: hand {hand}; deck {len(g.decks[p])}; discard {discard}")
        stasis = [f"{g.names[c]} ({g.stasis.get(c, 0)} stasis){_stored_note(g, c)}"
                  for c in g.zones.get(("stasis", p), ())]
        if stasis:
            lines.append(f"    in stasis: {', '.join(stasis)}")
    lines.extend(_duel_lines(game))
    queued = extra_turns_queued(g)
    if queued:
        lines.append("  Extra turns to come: " + ", ".join(f"Player {p + 1}" for p in queued))
    for p in range(g.nplayers):
        for kinds in waiting_next_turn(g, p):  # Wraithrustlers HQ
            lines.append(f"  Player {p + 1} may play an extra {' or '.join(kinds)} on their "
                         "next turn")
    req = game.request
    if req is None:
        winner = "none" if g.winner is None else f"Player {g.winner + 1}"
        lines.append(f"The game is over; winner: {winner}.")
    else:
        lines.append(f"Player {req.player + 1} to decide ({req.kind}): "
                     f"{request_prompt(g, req)}")
        lines.extend(f"  {option_text(g, o)}" for o in req.options)
    return lines
