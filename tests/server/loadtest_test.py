"""The load test (tools/loadtest.py), run short: games played at once by computer players over
WebSockets against a real ``smashup serve`` process lose no decision and double none."""

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_tool() -> ModuleType:
    path = ROOT / "tools" / "loadtest.py"
    spec = importlib.util.spec_from_file_location("smashup_loadtest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_short_load_test_keeps_every_decision_once(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Four games at once for four seconds, both seats of each played by a random player: the
    players' decisions go through, and afterwards the server's file holds each decision a
    player saw taken exactly once, in order and without a gap, and nothing else but the few
    still in flight when the players left; the tool says so with exit status 0."""
    status = load_tool().main(["--games", "4", "--seconds", "4", "--json",
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
