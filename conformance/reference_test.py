"""Every registered card and base carries the printed facts of the reference.

The facts (name, faction, set, copies, printed power, type; a base's
breakpoint and VP) come from ``shared/reference/cards.json`` (beside the
checkout, so this module runs in ``make conformance``, not ``make test``).
The rules text does not: the project states each ability in its own words
(design guide, requirement 9), so no ``text`` may copy or nearly copy the
reference text.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from smashup import REGISTRY
from smashup.engine.core.defs import BaseDef, CardDef, faction_key, slug

# The reference lies beside the checkout (``../shared``), not in it: this check runs in its own
# target, ``make conformance``. SMASHUP_REFERENCE points it at another copy.
REFERENCE = Path(
    os.environ.get("SMASHUP_REFERENCE")
    or Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "cards.json"
)
FACTION_SIZE = 20
TOO_CLOSE = 0.8  # difflib ratio from which a text counts as a near copy


def set_key(set_name: str) -> str:
    """Our key for a set name of the reference: "Smash Up" is the core set."""
    return "core" if set_name == "Smash Up" else slug(set_name)


@cache
def reference() -> dict[str, Any]:
    assert REFERENCE.is_file(), f"the card reference is missing: {REFERENCE}"
    data: dict[str, Any] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return data


@cache
def reference_factions() -> dict[str, tuple[str, dict[str, dict[str, Any]]]]:
    """Faction key -> (set key, {card slug: card entry}); printing variants as ``x@original``."""
    found: dict[str, tuple[str, dict[str, dict[str, Any]]]] = {}
    for s in reference()["sets"]:
        for f in s["factions"]:
            cards = {slug(c["name"]): {**c, "faction": f["name"]} for c in f["cards"]}
            found[faction_key(f["name"])] = (set_key(s["name"]), cards)
            original = f.get("original_printing")
            if original:
                cards = {slug(c["name"]): {**c, "faction": f["name"]} for c in original["cards"]}
                found[faction_key(f["name"], "original")] = (set_key(s["name"]), cards)
    return found


@cache
def reference_bases() -> dict[str, list[dict[str, Any]]]:
    """Base slug -> its entries (the current one, then any original printing)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for s in reference()["sets"]:
        for b in s["bases"]:
            found.setdefault(slug(b["name"]), []).append({**b, "set": set_key(s["name"])})
        for f in s["factions"]:
            for b in (f.get("original_printing") or {}).get("bases") or ():
                entry = {"faction": f["name"], **b, "set": set_key(s["name"])}
                found.setdefault(slug(b["name"]), []).append(entry)
    return found


def is_test_faction(key: str) -> bool:
    return key.startswith("test")


FACTIONS = sorted(k for k in REGISTRY.factions if not is_test_faction(k))
BASES = sorted(k for k, b in REGISTRY.bases.items()
               if not is_test_faction(k) and not is_test_faction(slug(b.faction)))


def card_problems(d: CardDef, ref: dict[str, Any], set_key_: str) -> list[str]:
    problems = []
    if d.name != ref["name"]:
        problems.append(f"name {d.name!r}, printed {ref['name']!r}")
    if d.faction != ref["faction"]:
        problems.append(f"faction {d.faction!r}, printed {ref['faction']!r}")
    if d.set != set_key_:
        problems.append(f"set {d.set!r}, printed in {set_key_!r}")
    if d.count != ref["count"]:
        problems.append(f"{d.count} copies, printed {ref['count']}")
    if d.kind not in (ref["type"], ref.get("alt_type")):
        problems.append(f"type {d.kind!r}, printed {ref['type']!r}")
    if d.kind == "minion" and d.power != ref.get("power"):
        problems.append(f"power {d.power}, printed {ref.get('power')}")
    if d.labels != tuple(ref.get("labels", ())):  # printed labels such as "Wraith"
        problems.append(f"labels {list(d.labels)}, printed {ref.get('labels', [])}")
    return problems


@pytest.mark.parametrize("faction", FACTIONS)
def test_card_facts_match_the_reference(faction: str):
    known = reference_factions()
    assert faction in known, f"faction {faction!r} is not in the reference"
    set_key_, cards = known[faction]
    problems = []
    for d in REGISTRY.factions[faction]:
        ref = cards.get(slug(d.name))
        if ref is None:
            problems.append(f"{d.key}: no card {d.name!r} in the reference for {faction}")
        else:
            problems.extend(f"{d.key}: {p}" for p in card_problems(d, ref, set_key_))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("faction", FACTIONS)
def test_each_faction_has_its_20_cards(faction: str):
    cards = REGISTRY.factions[faction]
    total = sum(d.count for d in cards)
    assert total == FACTION_SIZE, f"{faction} has {total} cards, not {FACTION_SIZE}"
    _, printed = reference_factions()[faction]
    missing = sorted(set(printed) - {slug(d.name) for d in cards})
    assert not missing, f"{faction} lacks {missing}"


def test_base_facts_match_the_reference():
    known = reference_bases()
    problems = []
    for key in BASES:
        b: BaseDef = REGISTRY.bases[key]
        entries = known.get(slug(b.name))
        if entries is None:
            problems.append(f"{key}: no base {b.name!r} in the reference")
            continue
        diffs = [base_problems(b, e) for e in entries]
        if all(diffs):
            problems.extend(f"{key}: {p}" for p in diffs[0])
    assert not problems, "\n".join(problems)


def base_problems(b: BaseDef, ref: dict[str, Any]) -> list[str]:
    problems = []
    if b.name != ref["name"]:
        problems.append(f"name {b.name!r}, printed {ref['name']!r}")
    if b.faction != ref["faction"]:
        problems.append(f"faction {b.faction!r}, printed {ref['faction']!r}")
    if b.set != ref["set"]:
        problems.append(f"set {b.set!r}, printed in {ref['set']!r}")
    if b.breakpoint != ref["breakpoint"]:
        problems.append(f"breakpoint {b.breakpoint}, printed {ref['breakpoint']}")
    if tuple(b.vp) != tuple(ref["vp"]):
        problems.append(f"VP {tuple(b.vp)}, printed {tuple(ref['vp'])}")
    return problems


def normalise(text: str) -> str:
    text = text.lower().replace("’", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


def too_close(ours: str, printed: str | None) -> float | None:
    """The similarity ratio when our text copies or nearly copies the printed one."""
    if not ours or not printed:
        return None
    a, b = normalise(ours), normalise(printed)
    ratio = 1.0 if a == b else difflib.SequenceMatcher(None, a, b).ratio()
    return ratio if ratio >= TOO_CLOSE else None


def test_own_words_detects_a_copy():
    """The check itself: a copy and a light edit are caught, a restatement is not."""
    printed = "Return a minion to its owner’s hand."
    assert too_close("Return a minion to its owner's hand.", printed) == 1.0
    assert too_close("Return one minion to its owner's hand.", printed)
    assert too_close("Bounce a minion: it goes back to the hand of whoever owns it.",
                     printed) is None


@pytest.mark.parametrize("faction", FACTIONS)
def test_card_texts_are_in_our_own_words(faction: str):
    _, cards = reference_factions().get(faction, ("", {}))
    offenders = []
    for d in REGISTRY.factions[faction]:
        ref = cards.get(slug(d.name))
        ratio = too_close(d.text, ref and ref.get("text"))
        if ratio is not None:
            offenders.append(f"{d.key} (similarity {ratio:.2f}): {d.text!r}")
    assert not offenders, "these texts copy the reference; restate them:\n" + "\n".join(offenders)


def test_base_texts_are_in_our_own_words():
    known = reference_bases()
    offenders = []
    for key in BASES:
        b = REGISTRY.bases[key]
        for ref in known.get(slug(b.name), ()):
            ratio = too_close(b.text, ref.get("text"))
            if ratio is not None:
                offenders.append(f"base:{key} (similarity {ratio:.2f}): {b.text!r}")
                break
    assert not offenders, "these texts copy the reference; restate them:\n" + "\n".join(offenders)
