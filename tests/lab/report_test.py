"""The report: one offline HTML page with labelled plots of the sweep."""

from __future__ import annotations

import json
import re

from smashup.cli.main import main
from smashup.lab.plan import Plan
from smashup.lab.runner import run_lab

SIX = ["aliens", "ninjas", "pirates", "robots", "wizards", "zombies"]


def test_the_report_is_one_offline_page_with_its_plots(tmp_path, capsys):
    run_lab(str(tmp_path), Plan.make(factions=SIX, games_per_matchup=2), workers=1,
            progress=False)
    assert main(["lab", "report", str(tmp_path)]) == 0
    assert "report.html" in capsys.readouterr().out
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 6  # factions, synergy, best, worst, seats, matchups
    for title in ("Win rate by faction", "Synergy of faction pairs", "The 10 best decks",
                  "The 10 worst decks", "Seat advantage", "Faction against faction"):
        assert title in page
    for axis in ("win rate (95% confidence interval)", "faction", "partner", "deck",
                 "seat (turn order)", "opposing faction"):
        assert axis in page
    # nothing is fetched: no scripts, no linked files, no images from elsewhere
    assert "<script" not in page and "<link" not in page
    assert not re.search(r"""(src|href)=["'](https?:|//)""", page)
    agg = json.loads((tmp_path / "aggregates.json").read_text())
    assert agg["scored"] == 90 and len(agg["factions"]) == 6 and len(agg["decks"]) == 15
    for faction in SIX:
        assert f">{faction}<" in page  # in the faction table


def test_names_in_the_report_are_escaped():
    from smashup.lab.report import render

    entry = {"games": 2, "wins": 1, "rate": 0.5, "low": 0.1, "high": 0.9}
    agg = {"games": 2, "scored": 2, "capped": 0, "errors": 0, "players": 2, "par": 0.5,
           "agents": ["<b>bold</b>"], "factions": {}, "decks": {}, "seats": [entry, entry],
           "synergy": {}, "faction_matchups": [], "deck_matchups": []}
    page = render(agg, {"bases": "<i>"}, [])
    assert "<b>bold</b>" not in page and "&lt;b&gt;bold&lt;/b&gt;" in page
    assert "No game has ended yet." in page


def test_a_report_of_a_folder_that_is_no_lab_is_refused(tmp_path, capsys):
    assert main(["lab", "report", str(tmp_path)]) == 2
    assert "is not a lab folder" in capsys.readouterr().err
