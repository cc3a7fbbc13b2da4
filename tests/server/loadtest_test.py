"""The load test (tools/loadtest.py), run short: games played at once by computer players over
WebSockets against a real ``smashup serve`` process lose no decision and double none."""

import json
from pathlib import Path

import pytest

from tool_modules import load_loadtest

ROOT = Path(__file__).resolve().parents[2]




def test_a_short_load_test_keeps_every_decision_once(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Four games at once for four seconds, both seats of each played by a random player: the
    players' decisions go through, and afterwards the server's file holds each decision a
    player saw taken exactly once, in order and without a gap, and nothing else but the few
    still in flight when the players left; the tool says so with exit status 0."""
    status = load_loadtest().main(["--games", "4", "--seconds", "4", "--json",
                               "--db", str(tmp_path / "games.db")])
    report = json.loads(capsys.readouterr().out)
    check = report["check"]
    assert check["ok"], check["problems"]
    assert status == 0
    assert report["decisions"] > 0
    assert report["games_started"] >= 4
    assert not report["server"]["died"]
    in_flight = check["in_flight_stored"] + check["in_flight_absent"]
    assert report["decisions"] <= check["stored_decisions"] <= report["decisions"] + in_flight
    assert report["errors"].keys() <= {"rate_limited"}  # the players are never refused
