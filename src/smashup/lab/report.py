"""``smashup lab report``: one self-contained HTML page of a sweep, with its plots.

The plots are drawn by matplotlib as SVG and written into the page itself, so the page
needs nothing else to open, offline. Beside it go ``aggregates.json`` (every number the
page shows, and more) for scripts.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..engine.api.setup import SetupError
from .plan import deck_factions
from .stats import aggregate, best_and_worst, excludes
from .store import LabStore

REPORT_FILE = "report.html"
AGGREGATES_FILE = "aggregates.json"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise SetupError("the report needs matplotlib: pip install 'smashup[lab]'") from None
    matplotlib.use("Agg")  # files only: no screen needed
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "smashup-lab",
                         "font.size": 9, "axes.titlesize": 11})
    return plt


def _svg(fig: Any) -> str:
    """A figure as inline SVG markup (no XML prologue, no metadata)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    fig.clf()
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    return re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)


def _interval_plot(plt: Any, entries: Sequence[tuple[str, dict[str, Any]]], par: float,
                   title: str, ylabel: str) -> str:
    """Win rates with their 95% intervals, one row per entry, top to bottom."""
    names = [name for name, _ in entries][::-1]
    rates = [e["rate"] for _, e in entries][::-1]
    lows = [e["rate"] - e["low"] for _, e in entries][::-1]
    highs = [e["high"] - e["rate"] for _, e in entries][::-1]
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(entries) + 1.2))
    ax.errorbar(rates, range(len(names)), xerr=[lows, highs], fmt="o", capsize=3,
                color="#1f5fa8", ecolor="#7aa6d6")
    ax.axvline(par, color="#c0392b", linestyle="--", linewidth=1, label=f"par ({par:.0%})")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("win rate (95% confidence interval)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return _svg(fig)


MATCHUP_SPREAD = 0.25
"""The matchup heatmap's colours run from par less this to par plus this, whatever the
sweep: the same colour means the same rate on every report (beyond it, the end colour)."""
SYNERGY_SPREAD = 0.15
"""The synergy heatmap's colours run from -this to +this."""


def _heatmap(plt: Any, names: list[str], cells: dict[tuple[str, str], dict[str, Any]],
             title: str, colour_label: str, centre: float, spread: float, ylabel: str,
             xlabel: str, label: Callable[[float], str]) -> str:
    """A square heatmap that prints each cell's value (``label``) and frames the cells
    whose 95% interval leaves out ``centre``; its colour scale is fixed and symmetric."""
    import numpy as np
    from matplotlib.patches import Rectangle

    grid = np.full((len(names), len(names)), np.nan)
    for (a, b), cell in cells.items():
        grid[names.index(a), names.index(b)] = cell["value"]
    side = max(5.0, 0.36 * len(names) + 2.5)
    fig, ax = plt.subplots(figsize=(side + 1.2, side))
    # grey: no deck (a faction with itself) or no game yet
    colours = plt.get_cmap("RdBu").with_extremes(bad="#e4e4e4")
    image = ax.imshow(grid, cmap=colours, vmin=centre - spread, vmax=centre + spread)
    size = 7 if len(names) <= 12 else 5.5
    for (a, b), cell in cells.items():
        row, col = names.index(a), names.index(b)
        strong = abs(cell["value"] - centre) > 0.6 * spread
        ax.text(col, row, label(cell["value"]), ha="center", va="center", fontsize=size,
                color="white" if strong else "#111",
                fontweight="bold" if cell["significant"] else "normal")
        if cell["significant"]:
            ax.add_patch(Rectangle((col - 0.5, row - 0.5), 1, 1, fill=False,
                                   edgecolor="black", linewidth=1.2))
    ax.set_xticks(range(len(names)), names, rotation=90)
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ticks = [centre + spread * k for k in (-1, -0.5, 0, 0.5, 1)]
    bar = fig.colorbar(image, ax=ax, label=colour_label, shrink=0.8, extend="both",
                       ticks=ticks)
    bar.ax.set_yticklabels([label(t) for t in ticks])
    return _svg(fig)


def _seat_plot(plt: Any, seats: list[dict[str, Any]], par: float) -> str:
    fig, ax = plt.subplots(figsize=(5, 3))
    labels = [f"seat {i + 1}" for i in range(len(seats))]
    rates = [s["rate"] or 0 for s in seats]
    err = [[r - s["low"] for r, s in zip(rates, seats, strict=True)],
           [s["high"] - r for r, s in zip(rates, seats, strict=True)]]
    ax.bar(labels, rates, yerr=err, capsize=4, color="#1f5fa8")
    ax.axhline(par, color="#c0392b", linestyle="--", linewidth=1, label=f"par ({par:.0%})")
    ax.set_xlabel("seat (turn order)")
    ax.set_ylabel("win rate (95% confidence interval)")
    ax.set_title("Seat advantage")
    ax.legend(loc="lower right")
    return _svg(fig)


def _pct(entry: dict[str, Any]) -> str:
    return (f"{entry['rate']:.1%} [{entry['low']:.1%}, {entry['high']:.1%}]"
            if entry["rate"] is not None else "–")


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]],
           sortable: bool = False) -> str:
    """An HTML table. A sortable one sorts on a click on a heading (a number cell sorts
    by its ``data-value``); cells given as ``(text, number)`` carry that number."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in rows)
    kind = " class='sortable'" if sortable else ""
    return f"<table{kind}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(content: Any) -> str:
    if isinstance(content, tuple):
        text, value = content
        return f"<td data-value='{value}'>{html.escape(str(text))}</td>"
    return f"<td>{html.escape(str(content))}</td>"


_STYLE = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;
color:#222}h1{margin-bottom:.2em}section{margin:2em 0}svg{max-width:100%;height:auto}
table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .6em;
text-align:left}th{background:#eef}.note{color:#555;font-size:.9em}
table.sortable th{cursor:pointer}table.sortable th:hover{background:#dde}
.warn{background:#fff6dd;border-left:4px solid #e0b000;padding:.4em .8em}
"""

_SORT_SCRIPT = """
for (const table of document.querySelectorAll("table.sortable")) {
  table.querySelectorAll("th").forEach((th, column) => th.addEventListener("click", () => {
    const body = table.tBodies[0];
    const up = th.dataset.order !== "up";
    th.dataset.order = up ? "up" : "down";
    const key = row => {
      const cell = row.cells[column];
      const value = cell.dataset.value ?? cell.textContent;
      return value === "" || isNaN(value) ? value : Number(value);
    };
    const rows = Array.from(body.rows).sort((a, b) => {
      const x = key(a), y = key(b);
      return (x < y ? -1 : x > y ? 1 : 0) * (up ? 1 : -1);
    });
    body.append(...rows);
  }));
}
"""

MIN_DECK_GAMES = 20
"""The games a deck needs to be listed among the best or worst (fewer: its interval is too
wide to rank it)."""

DECK_MATRIX_FILE = "deck_matchups.csv"
DECK_PAIRS_FILE = "deck_matchups_long.csv"

AGENT_WORDS = {"random": "random (the easy level: a legal move at random)",
               "easy": "easy (random legal moves)",
               "heuristic": "heuristic (the normal level: plays for points by rules of thumb)",
               "normal": "normal (the heuristic player)",
               "hard": "hard (ISMCTS, 1000 iterations, at most 1 s a decision)",
               "expert": "expert (ISMCTS with the learned value at its leaves, at most 1 s a "
                         "decision)"}


def _agents_line(agents: Sequence[str]) -> str:
    """Who played, in words: the same player in every seat, or one per seat."""
    words = [AGENT_WORDS.get(a, (f"{a} (ISMCTS search with a learned value)" if "+value" in a
                          else f"{a} (ISMCTS search)") if a.startswith("ismcts") else a)
             for a in agents]
    if len(set(agents)) == 1:
        return f"every seat played by {words[0]}"
    return "; ".join(f"seat {i + 1} played by {w}" for i, w in enumerate(words))


def _signed_points(value: float) -> str:
    """A difference of rates in percentage points: ``+3``, ``-12``, ``0``."""
    points = round(value * 100)
    return f"{points:+d}" if points else "0"


def render(agg: dict[str, Any], plan: dict[str, Any], runs: list[dict[str, Any]]) -> str:
    """The report page for a sweep's aggregates."""
    plt = _pyplot()
    par = agg["par"]
    seat_agents = list(plan.get("agents") or ["random"])
    seat_agents = [seat_agents[p % len(seat_agents)] for p in range(agg["players"])]
    factions = sorted(agg["factions"].items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
    random_play = any(a in ("random", "easy") for a in seat_agents)
    compared = (len(agg["factions"]) + len(agg["decks"]) + len(agg["synergy"])
                + len(agg["faction_matchups"])
                + agg["players"] * (1 + len(agg.get("faction_seats", {}))))
    floor = ("Random play is a floor: it shows what a faction does on its own, not how well "
             "it can be played, and stronger players can change every rate here. "
             if random_play else "These rates hold for the players named above; other "
             "players can change them. ")
    parts = [f"<h1>Smash Up balance lab</h1><p class='note'>{agg['games']} games "
             f"({agg['scored']} ended with a winner, {agg['capped']} capped, {agg['errors']} "
             f"errors), {agg['players']} players, bases: "
             f"{html.escape(str(plan.get('bases')))}, {len(agg['decks'])} decks. "
             "Every interval is a 95% Wilson interval.</p>"
             f"<p><b>Players:</b> {html.escape(_agents_line(seat_agents))}"
             f" (stored: {html.escape(', '.join(agg['agents']))}).</p>"
             f"<p class='warn'>{floor}This page shows about {compared} rates, each with a "
             f"95% interval: about {max(1, round(compared / 20))} of them miss par by "
             "chance alone, so read one framed cell or one outlier as a lead to check with "
             "more games, not as a finding.</p>"]
    if factions:
        names = sorted(agg["factions"])
        parts.append("<section><h2>Faction win rates</h2>"
                     + _interval_plot(plt, factions, par, "Win rate by faction", "faction")
                     + _table(("faction", "games", "win rate [95% CI]"),
                              [(f, e["games"], _pct(e)) for f, e in factions]) + "</section>")
        parts.append(_seat_section(plt, agg, par))
        if agg["faction_matchups"]:
            wins = {(m["faction"], m["against"]): {"value": m["rate"],
                                                   "significant": excludes(m, par)}
                    for m in agg["faction_matchups"]}
            parts.append(
                "<section><h2>Matchups</h2><p class='note'>Each cell: the win rate, in per "
                "cent, of decks with the row's faction against decks with the column's. "
                "Framed and bold: its 95% interval leaves out par "
                f"({par:.0%}). The colours are fixed: full red or blue at par "
                f"± {MATCHUP_SPREAD:.0%} and beyond.</p>"
                + _heatmap(plt, names, wins, "Faction against faction",
                           "win rate of the row's faction", par, MATCHUP_SPREAD, "faction",
                           "opposing faction", lambda v: f"{round(v * 100)}")
                + "</section>")
        cells = {}
        for deck, syn in agg["synergy"].items():
            a, b = deck_factions(deck)
            cells[a, b] = cells[b, a] = {"value": syn["synergy"],
                                         "significant": syn["low"] > 0 or syn["high"] < 0}
        parts.append(
            "<section><h2>Synergy</h2><p class='note'>Each cell: the deck's win rate less "
            "what its two factions predict (their win rates added, less par), in percentage "
            "points. Blue: the pair does better together than apart. Framed and bold: the "
            "deck's 95% interval leaves out the prediction. The colours are fixed: full at "
            f"± {SYNERGY_SPREAD * 100:.0f} points and beyond.</p>"
            + _heatmap(plt, names, cells, "Synergy of faction pairs",
                       "win rate less prediction", 0.0, SYNERGY_SPREAD, "faction", "partner",
                       _signed_points)
            + "</section>")
        parts.append(_decks_section(plt, agg, par))
    else:
        parts.append("<p>No game has ended yet.</p>")
    parts.append("<section><h2>Runs</h2>" + _table(
        ("backend", "workers", "compiled", "games", "wall s", "CPU s", "games per CPU-second"),
        [(r["backend"], r["workers"], "yes" if r["compiled"] else "no", r["games"],
          round(r["wall_s"], 1), round(r["cpu_s"], 1),
          round(r["games"] / r["cpu_s"], 1) if r["cpu_s"] else "–") for r in runs])
        + "</section>")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>Smash Up balance lab</title><style>{_STYLE}</style></head><body>"
            + "".join(parts) + f"<script>{_SORT_SCRIPT}</script></body></html>")


def _seat_section(plt: Any, agg: dict[str, Any], par: float) -> str:
    seats = range(agg["players"])
    by_faction = sorted(agg["faction_seats"].items())
    return ("<section><h2>Seat advantage</h2>" + _seat_plot(plt, agg["seats"], par)
            + _table(("seat", "win rate [95% CI]"),
                     [(i + 1, _pct(s)) for i, s in enumerate(agg["seats"])])
            + "<h3>By faction</h3><p class='note'>Each faction's win rate from each seat "
            "(seat 1 plays first). Click a heading to sort.</p>"
            + _table(["faction"] + [f"seat {p + 1} [95% CI]" for p in seats]
                     + [f"seat {p + 1} games" for p in seats]
                     + ["seat 1 less last seat"],
                     [[f] + [(_pct(e[p]), e[p]["rate"] if e[p]["rate"] is not None else "")
                             for p in seats]
                      + [(e[p]["games"], e[p]["games"]) for p in seats]
                      + [_gap(e[0], e[-1])] for f, e in by_faction], sortable=True)
            + "</section>")


def _gap(first: dict[str, Any], last: dict[str, Any]) -> tuple[str, Any]:
    if first["rate"] is None or last["rate"] is None:
        return ("–", "")
    gap = first["rate"] - last["rate"]
    return (f"{gap * 100:+.1f} points", round(gap, 4))


def _decks_section(plt: Any, agg: dict[str, Any], par: float) -> str:
    best, worst = best_and_worst(agg["decks"], min_games=MIN_DECK_GAMES)
    listed = ("<p class='note'>Decks with at least "
              f"{MIN_DECK_GAMES} ended games; no deck is in both lists.</p>")
    if best:
        listed += _interval_plot(plt, best, par, f"The {len(best)} best decks", "deck")
    if worst:
        listed += _interval_plot(plt, worst, par, f"The {len(worst)} worst decks", "deck")
    if not best:
        listed += f"<p>No deck has {MIN_DECK_GAMES} ended games yet.</p>"
    rows = []
    for deck, e in sorted(agg["decks"].items()):
        syn = agg["synergy"][deck]
        rows.append([deck, (e["games"], e["games"]), (e["wins"], e["wins"]),
                     (f"{e['rate']:.1%}", e["rate"]), (f"{e['low']:.1%}", e["low"]),
                     (f"{e['high']:.1%}", e["high"]),
                     (_signed_points(syn["synergy"]), syn["synergy"])])
    matrix = ""
    if agg["deck_matchups"]:
        matrix = (f"<p>Deck against deck, every pair that met: <a href='{DECK_MATRIX_FILE}' "
                  f"download>{DECK_MATRIX_FILE}</a> (a matrix of the row deck's win rate "
                  f"against the column deck) and <a href='{DECK_PAIRS_FILE}' download>"
                  f"{DECK_PAIRS_FILE}</a> (one line per pair, with games, wins and the 95% "
                  "interval), beside this page.</p>")
    return ("<section><h2>Best and worst decks</h2>" + listed + "</section>"
            "<section><h2>Every deck</h2><p class='note'>Click a heading to sort. Synergy "
            "in percentage points (see above).</p>" + matrix
            + _table(("deck", "games", "wins", "win rate", "95% low", "95% high", "synergy"),
                     rows, sortable=True) + "</section>")


def write_deck_matchups(agg: dict[str, Any], folder: Path) -> None:
    """The deck-by-deck matchups as two CSV files beside the page: a matrix of win rates
    (empty where two decks never met) and one line per pair with its counts."""
    decks = sorted(agg["decks"])
    rates = {(m["deck"], m["against"]): m["rate"] for m in agg["deck_matchups"]}
    with (folder / DECK_MATRIX_FILE).open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["deck", *decks])
        for d in decks:
            writer.writerow([d, *(rates.get((d, e), "") for e in decks)])
    with (folder / DECK_PAIRS_FILE).open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["deck", "against", "games", "wins", "rate", "low", "high"])
        for m in agg["deck_matchups"]:
            writer.writerow([m["deck"], m["against"], m["games"], m["wins"], m["rate"],
                             m["low"], m["high"]])


def write_report(folder: str | Path) -> Path:
    """Write ``report.html``, ``aggregates.json`` and the deck matchups' CSV files into a
    lab folder; returns the page."""
    store, plan = LabStore.open(folder)
    try:
        agg, runs = aggregate(store.iter_rows()), store.runs()
    finally:
        store.close()
    path = Path(folder)
    (path / AGGREGATES_FILE).write_text(json.dumps(agg, indent=1), encoding="utf-8")
    write_deck_matchups(agg, path)
    page = path / REPORT_FILE
    page.write_text(render(agg, plan.to_json(), runs), encoding="utf-8")
    return page
