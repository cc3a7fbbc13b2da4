"""Aggregates of a sweep's rows, each win rate with a 95% confidence interval.

Only games that ended count (a game stopped by a cap or an error is reported, not scored).
A seat *wins* when it is the game's winner; with ``P`` players a side with no edge wins
``1/P`` of its games, the *par* every rate is read against.

*Synergy* of a deck is its win rate less what its two factions predict: a faction's own
rate is par plus the faction's edge, and the prediction adds both factions' edges to par
(``rate(a) + rate(b) - par``). A deck whose factions help each other beats that sum.

>>> round(wilson(50, 100)[0], 3), round(wilson(50, 100)[1], 3)
(0.404, 0.596)
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from .plan import deck_factions

Z95 = 1.959963984540054


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + Z95 * Z95 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    scale = 1 + Z95 * Z95 / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def rate(wins: int, n: int) -> dict[str, Any]:
    """Wins out of n as a rate with its interval."""
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "rate": round(wins / n, 4) if n else None,
            "low": round(lo, 4), "high": round(hi, 4)}


def aggregate(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Every aggregate of the report, as plain data (see the module's docstring), in one
    pass over the rows (a sweep's millions of rows are read one at a time)."""
    total = scored_games = errors = capped = turns = 0
    players = 2
    agents: set[str] = set()
    faction_n: dict[str, int] = defaultdict(int)
    faction_w: dict[str, int] = defaultdict(int)
    deck_n: dict[str, int] = defaultdict(int)
    deck_w: dict[str, int] = defaultdict(int)
    seat_w: dict[int, int] = defaultdict(int)
    faction_seat_n: dict[tuple[str, int], int] = defaultdict(int)
    faction_seat_w: dict[tuple[str, int], int] = defaultdict(int)
    pair_n: dict[tuple[str, str], int] = defaultdict(int)  # faction vs faction (2 players)
    pair_w: dict[tuple[str, str], int] = defaultdict(int)
    deck_pair_n: dict[tuple[str, str], int] = defaultdict(int)
    deck_pair_w: dict[tuple[str, str], int] = defaultdict(int)
    for r in rows:
        total += 1
        players = max(players, r["players"])
        agents.add("/".join(r["agents"]))
        errors += bool(r["error"])
        capped += bool(r["capped"] and not r["error"])
        if r["winner"] is None:
            continue
        scored_games += 1
        turns += r["turns"]
        seat_w[r["winner"]] += 1
        two = len(r["seats"]) == 2
        for seat, deck in enumerate(r["seats"]):
            won = int(seat == r["winner"])
            deck_n[deck] += 1
            deck_w[deck] += won
            for f in deck_factions(deck):
                faction_n[f] += 1
                faction_w[f] += won
                faction_seat_n[f, seat] += 1
                faction_seat_w[f, seat] += won
            if two:
                other = r["seats"][1 - seat]
                deck_pair_n[deck, other] += 1
                deck_pair_w[deck, other] += won
                for f in deck_factions(deck):
                    for g in deck_factions(other):
                        pair_n[f, g] += 1
                        pair_w[f, g] += won
    par = 1 / players
    factions = {f: rate(faction_w[f], faction_n[f]) for f in sorted(faction_n)}
    decks = {d: rate(deck_w[d], deck_n[d]) for d in sorted(deck_n)}
    synergy = {}
    for d, r in decks.items():
        a, b = deck_factions(d)
        predicted = factions[a]["rate"] + factions[b]["rate"] - par
        synergy[d] = {"games": r["games"], "rate": r["rate"],
                      "predicted": round(predicted, 4),
                      "synergy": round(r["rate"] - predicted, 4),
                      "low": round(r["low"] - predicted, 4),
                      "high": round(r["high"] - predicted, 4)}
    return {
        "games": total, "scored": scored_games, "players": players, "par": round(par, 4),
        "errors": errors, "capped": capped, "agents": sorted(agents),
        "turns_mean": round(turns / scored_games, 2) if scored_games else None,
        "factions": factions,
        "decks": decks,
        "seats": [rate(seat_w[p], scored_games) for p in range(players)],
        "faction_seats": {f: [rate(faction_seat_w[f, p], faction_seat_n[f, p])
                              for p in range(players)] for f in sorted(faction_n)},
        "synergy": synergy,
        "faction_matchups": [{"faction": f, "against": g, **rate(pair_w[f, g], n)}
                             for (f, g), n in sorted(pair_n.items())],
        "deck_matchups": [{"deck": d, "against": e, **rate(deck_pair_w[d, e], n)}
                          for (d, e), n in sorted(deck_pair_n.items())],
    }


def ranked(table: dict[str, dict[str, Any]], best: bool, count: int = 10,
           min_games: int = 1) -> list[tuple[str, dict[str, Any]]]:
    """The ``count`` best (or worst) entries by rate, among those with ``min_games``."""
    entries = [(k, v) for k, v in table.items() if v["games"] >= min_games]
    entries.sort(key=lambda kv: (kv[1]["rate"], kv[0]), reverse=best)
    return entries[:count]


def best_and_worst(table: dict[str, dict[str, Any]], count: int = 10,
                   min_games: int = 1) -> tuple[list[tuple[str, dict[str, Any]]],
                                                list[tuple[str, dict[str, Any]]]]:
    """The best and the worst entries among those with ``min_games``, best first in the
    one and worst first in the other, never one entry in both: with fewer than twice
    ``count`` entries, the upper half is the best and the lower half the worst."""
    entries = ranked(table, best=True, count=len(table), min_games=min_games)
    half = min(count, (len(entries) + 1) // 2)
    best = entries[:half]
    worst = entries[half:][::-1][:count]
    return best, worst


def excludes(entry: dict[str, Any], value: float) -> bool:
    """Whether an entry's 95% interval leaves out ``value`` (par, or no synergy)."""
    return bool(entry["games"]) and (entry["high"] < value or entry["low"] > value)
