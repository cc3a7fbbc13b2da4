"""``smashup lab report``: one self-contained HTML page of a sweep, with its plots.

The plots are drawn by matplotlib as SVG and written into the page itself, so the page
needs nothing else to open, offline. Beside it go ``aggregates.json`` (every number the
page shows, and more) for scripts.
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.setup import SetupError
from .plan import deck_factions
from .stats import aggregate, ranked
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


def _heatmap(plt: Any, names: list[str], cells: dict[tuple[str, str], float], title: str,
             colour_label: str, centre: float, ylabel: str, xlabel: str) -> str:
    import numpy as np

    grid = np.full((len(names), len(names)), np.nan)
    for (a, b), value in cells.items():
        grid[names.index(a), names.index(b)] = value
    spread = float(np.nanmax(np.abs(grid - centre))) if cells else 1.0
    fig, ax = plt.subplots(figsize=(9, 8))
    # grey: no deck (a faction with itself) or no game yet
    colours = plt.get_cmap("RdBu").with_extremes(bad="#e4e4e4")
    image = ax.imshow(grid, cmap=colours, vmin=centre - spread, vmax=centre + spread)
    ax.set_xticks(range(len(names)), names, rotation=90)
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label=colour_label, shrink=0.8)
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


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;
color:#222}h1{margin-bottom:.2em}section{margin:2em 0}svg{max-width:100%;height:auto}
table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .6em;
text-align:left}th{background:#eef}.note{color:#555;font-size:.9em}
"""


def render(agg: dict[str, Any], plan: dict[str, Any], runs: list[dict[str, Any]]) -> str:
    """The report page for a sweep's aggregates."""
    plt = _pyplot()
    par = agg["par"]
    factions = sorted(agg["factions"].items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
    parts = [f"<h1>Smash Up balance lab</h1><p class='note'>{agg['games']} games "
             f"({agg['scored']} ended with a winner, {agg['capped']} capped, {agg['errors']} "
             f"errors), {agg['players']} players, agents {html.escape(', '.join(agg['agents']))}"
             f", bases: {html.escape(str(plan.get('bases')))}, {len(agg['decks'])} decks. "
             "Every interval is a 95% Wilson interval.</p>"]
    if factions:
        parts.append("<section><h2>Faction win rates</h2>"
                     + _interval_plot(plt, factions, par, "Win rate by faction", "faction")
                     + _table(("faction", "games", "win rate [95% CI]"),
                              [(f, e["games"], _pct(e)) for f, e in factions]) + "</section>")
        names = sorted(agg["factions"])
        cells = {}
        for deck, s in agg["synergy"].items():
            a, b = deck_factions(deck)
            cells[a, b] = cells[b, a] = s["synergy"]
        parts.append("<section><h2>Synergy</h2><p class='note'>Each cell: the deck's win rate "
                     "less what its two factions predict (their win rates added, less par). "
                     "Blue: the pair does better together than apart.</p>"
                     + _heatmap(plt, names, cells, "Synergy of faction pairs",
                                "win rate less prediction", 0.0, "faction", "partner")
                     + "</section>")
        best = ranked(agg["decks"], best=True)
        worst = ranked(agg["decks"], best=False)
        parts.append("<section><h2>Best and worst decks</h2>"
                     + _interval_plot(plt, best, par, "The 10 best decks", "deck")
                     + _interval_plot(plt, worst[::-1], par, "The 10 worst decks", "deck")
                     + "</section>")
        parts.append("<section><h2>Seat advantage</h2>" + _seat_plot(plt, agg["seats"], par)
                     + _table(("seat", "win rate [95% CI]"),
                              [(i + 1, _pct(s)) for i, s in enumerate(agg["seats"])])
                     + "</section>")
        if agg["faction_matchups"]:
            wins = {(m["faction"], m["against"]): m["rate"] for m in agg["faction_matchups"]}
            parts.append("<section><h2>Matchups</h2><p class='note'>Each cell: the win rate "
                         "of decks with the row's faction against decks with the column's. "
                         "Deck against deck is in aggregates.json.</p>"
                         + _heatmap(plt, names, wins, "Faction against faction",
                                    "win rate of the row's faction", par, "faction",
                                    "opposing faction") + "</section>")
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
            + "".join(parts) + "</body></html>")


def write_report(folder: str | Path) -> Path:
    """Write ``report.html`` and ``aggregates.json`` into a lab folder; returns the page."""
    store, plan = LabStore.open(folder)
    try:
        agg, runs = aggregate(store.iter_rows()), store.runs()
    finally:
        store.close()
    path = Path(folder)
    (path / AGGREGATES_FILE).write_text(json.dumps(agg, indent=1), encoding="utf-8")
    page = path / REPORT_FILE
    page.write_text(render(agg, plan.to_json(), runs), encoding="utf-8")
    return page
