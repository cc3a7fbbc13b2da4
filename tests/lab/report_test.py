"""The report: one offline HTML page with labelled plots of the sweep."""

from __future__ import annotations

import csv
import json
import re

from smashup.cli.main import main
from smashup.lab.plan import Plan
from smashup.lab.report import write_report
from smashup.lab.runner import run_lab

SIX = ["aliens", "ninjas", "pirates", "robots", "wizards", "zombies"]


def test_the_report_is_one_offline_page_with_its_plots(tmp_path, capsys):
    run_lab(str(tmp_path), Plan.make(factions=SIX, games_per_matchup=4), workers=1,
            progress=False)
    assert main(["lab", "report", str(tmp_path)]) == 0
    assert "report.html" in capsys.readouterr().out
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 6  # factions, seats, matchups, synergy, best, worst
    for title in ("Win rate by faction", "Synergy of faction pairs", "The 8 best decks",
                  "The 7 worst decks", "Seat advantage", "Faction against faction"):
        assert title in page  # 15 decks of 24 games each: 8 best, 7 worst, none in both
    for axis in ("win rate (95% confidence interval)", "faction", "partner", "deck",
                 "seat (turn order)", "opposing faction"):
        assert axis in page
    # nothing is fetched: no script files, no linked files, no images from elsewhere
    assert "<script src" not in page and "<link" not in page
    assert not re.search(r"""(src|href)=["'](https?:|//)""", page)
    agg = json.loads((tmp_path / "aggregates.json").read_text())
    assert agg["scored"] == 180 and len(agg["factions"]) == 6 and len(agg["decks"]) == 15
    for faction in SIX:
        assert f">{faction}<" in page  # in the faction table
    # who played, that random play is a floor, and that many rates are compared
    assert "every seat played by random" in page
    assert "Random play is a floor" in page and "miss par by chance alone" in page


def test_every_deck_is_in_a_sortable_table_with_its_interval_and_games(tmp_path):
    run_lab(str(tmp_path), Plan.make(factions=SIX, games_per_matchup=4), workers=1,
            progress=False)
    page = write_report(tmp_path).read_text(encoding="utf-8")
    agg = json.loads((tmp_path / "aggregates.json").read_text())
    table = page[page.index("<h2>Every deck</h2>"):]
    table = table[table.index("<table class='sortable'>"):table.index("</table>")]
    assert "<th>games</th>" in table and "<th>95% low</th>" in table
    for deck, e in agg["decks"].items():
        assert (f"<td>{deck}</td><td data-value='{e['games']}'>{e['games']}</td>"
                in table)
        assert f"<td data-value='{e['low']}'>{e['low']:.1%}</td>" in table
    assert "table.sortable" in page  # the sorting script, inline


def test_the_deck_against_deck_matrix_is_a_csv_beside_the_page(tmp_path):
    run_lab(str(tmp_path), Plan.make(factions=SIX, games_per_matchup=2), workers=1,
            progress=False)
    page = write_report(tmp_path).read_text(encoding="utf-8")
    assert "href='deck_matchups.csv'" in page and "href='deck_matchups_long.csv'" in page
    agg = json.loads((tmp_path / "aggregates.json").read_text())
    with (tmp_path / "deck_matchups.csv").open(newline="") as f:
        matrix = list(csv.reader(f))
    decks = matrix[0][1:]
    assert decks == sorted(agg["decks"]) and len(matrix) == 16
    for m in agg["deck_matchups"]:
        assert float(matrix[decks.index(m["deck"]) + 1][decks.index(m["against"]) + 1]) \
            == m["rate"]
    assert matrix[1][1] == ""  # a deck never meets itself
    with (tmp_path / "deck_matchups_long.csv").open(newline="") as f:
        pairs = list(csv.DictReader(f))
    assert len(pairs) == len(agg["deck_matchups"])
    assert sum(int(p["games"]) for p in pairs) == 2 * agg["scored"]


def _texts(svg):
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_heatmaps_print_their_values_frame_the_sure_cells_and_keep_one_scale():
    from smashup.lab.report import _heatmap, _pyplot

    plt = _pyplot()
    names = ["aliens", "ninjas", "robots"]
    cells = {("aliens", "ninjas"): {"value": 0.9, "significant": True},
             ("ninjas", "aliens"): {"value": 0.1, "significant": True},
             ("aliens", "robots"): {"value": 0.52, "significant": False}}
    svg = _heatmap(plt, names, cells, "t", "rate", 0.5, 0.25, "y", "x",
                   lambda v: f"{round(v * 100)}")
    texts = _texts(svg)
    assert {"90", "10", "52"} <= set(texts)
    assert svg.count("font-weight: 700") == 2  # the two sure cells, in bold
    mild = {("aliens", "robots"): {"value": 0.52, "significant": False}}
    other = _heatmap(plt, names, mild, "t", "rate", 0.5, 0.25, "y", "x",
                     lambda v: f"{round(v * 100)}")
    # the colour bar runs from 25% to 75% (par ± 25 points) whatever the values shown
    ticks = ["25", "38", "50", "62", "75"]
    assert texts[-len(ticks) - 1:-1] == _texts(other)[-len(ticks) - 1:-1] == ticks


def test_names_in_the_report_are_escaped():
    from smashup.lab.report import render

    entry = {"games": 2, "wins": 1, "rate": 0.5, "low": 0.1, "high": 0.9}
    agg = {"games": 2, "scored": 2, "capped": 0, "errors": 0, "players": 2, "par": 0.5,
           "agents": ["<b>bold</b>"], "factions": {}, "decks": {}, "seats": [entry, entry],
           "synergy": {}, "faction_matchups": [], "deck_matchups": [], "faction_seats": {}}
    page = render(agg, {"bases": "<i>"}, [])
    assert "<b>bold</b>" not in page and "&lt;b&gt;bold&lt;/b&gt;" in page
    assert "No game has ended yet." in page


def test_a_report_of_a_folder_that_is_no_lab_is_refused(tmp_path, capsys):
    assert main(["lab", "report", str(tmp_path)]) == 2
    assert "is not a lab folder" in capsys.readouterr().err
