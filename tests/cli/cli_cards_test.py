"""`smashup cards`: every implemented card and base."""

from __future__ import annotations

import json

import pytest

from smashup import REGISTRY
from smashup.cli.main import main


def test_cards_json_lists_cards_and_bases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    cards = {c["key"]: c for c in data["cards"]}
    invader = cards["aliens/invader"]
    assert invader["name"] == "Invader"
    assert invader["faction"] == "Aliens"
    assert invader["set"] == "core"
    assert invader["type"] == "minion"
    assert invader["power"] == 3
    assert invader["copies"] == 2
    assert invader["text"]
    assert len(cards) == len(REGISTRY.cards)
    bases = {b["key"]: b for b in data["bases"]}
    assert bases["jungle-oasis"]["breakpoint"] == 12
    assert bases["jungle-oasis"]["vp"] == [2, 0, 0]


def test_every_listed_faction_has_twenty_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """Core rulebook, 'Game Contents': each faction has 20 cards."""
    main(["cards", "--json"])
    data = json.loads(capsys.readouterr().out)
    copies: dict[str, int] = {}
    for c in data["cards"]:
        copies[c["faction_key"]] = copies.get(c["faction_key"], 0) + c["copies"]
    assert copies and all(n == 20 for n in copies.values()), copies


def test_cards_table_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    assert "Aliens [aliens]" in out
    assert "2x Invader" in out
    assert "Jungle Oasis" in out
