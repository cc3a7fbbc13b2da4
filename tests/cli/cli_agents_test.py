"""`smashup simulate --agents`: seats played by named computer players."""

import json

from smashup.cli.main import main


def test_simulate_with_heuristic_and_random_agents_reports_wins_per_agent(capsys):
    assert main(["simulate", "--games", "4", "--agents", "heuristic,random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["agents"] == ["heuristic", "random"]
    assert report["errors"]["count"] == 0
    assert sum(report["wins_per_agent"].values()) == report["finished"]


def test_an_unknown_agent_is_a_clear_error(capsys):
    assert main(["simulate", "--games", "1", "--agents", "genius"]) == 2
    assert "unknown agent" in capsys.readouterr().err
