"""A one-time shield remembers what it absorbed for one ability resolution only.

The 2012 Hideout (tricksters@original): "the action does not affect your minions" — the
shield takes one resolution of an opponent's card, all of it, and is then gone. What it
covered is kept for that resolution (``protection.resolve``), whatever kind of ability it was: a
later ability of the same card affects those minions like any others.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from smashup.cards.api import Faction
from smashup.engine.core.context import Ctx
from smashup.engine.core.defs import REGISTRY, AbilityGen, Event, Trigger
from smashup.engine.core.state import State
from smashup.engine.rules.moving import return_to_hand
from smashup.testing import decision, pass_until_main, play, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, no ability
BRAIN = "the-central-brain"
HIDEOUT = "tricksters@original/hideout"
GRABBER = "extramorphs/head-grabber"
WALKER = "zombies/walker"  # power 2
INVADER = "aliens/invader"  # power 3


def test_a_talent_stopped_by_the_shield_works_again_the_next_turn():
    """A talent whose one use the Hideout absorbed (Head Grabber on an opponent's minion) is a
    resolution of its own: on its next turn the same talent destroys that minion."""
    game = scenario(
        bases=[{"base": OASIS, "minions": [{"card": WALKER, "controller": 1, "attached": [
            {"card": GRABBER, "controller": 0}]}],
            "actions": [{"card": HIDEOUT, "controller": 1}]},
            {"base": BRAIN}],
        hands=[[], []], decks=[[INVADER, INVADER, INVADER, INVADER], [INVADER] * 4])
    play(game, f"use {GRABBER}#1")
    assert where(game, f"{HIDEOUT}#1").startswith("discard")  # the shield took it
    assert where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"
    play(game, "end")
    pass_until_main(game)
    play(game, "end")
    pass_until_main(game)
    play(game, f"use {GRABBER}#1", "choice:power-3")
    assert where(game, f"{WALKER}#1").startswith("discard")  # no shield now: the talent destroys it



def theirs(card: str) -> dict[str, Any]:
    return {"card": card, "owner": 1, "controller": 1}


def test_an_actions_trigger_stopped_by_the_shield_works_the_next_time_it_triggers():
    """A triggered ability is a resolution of its own too. A test action on a base: "at the
    start of your turn, return each other player's minion here to its owner's hand". The
    Hideout takes its first trigger and is gone; the next one returns the minion."""
    def my_turn(g: State, me: int, ev: Event) -> list[int]:
        return [g.controller[me]] if ev["player"] == g.controller[me] and g.in_play(me) else []

    def sweep(ctx: Ctx, ev: Event) -> AbilityGen:
        g, slot = ctx.g, ctx.slot
        for m in [m for m in g.minions[slot] if g.controller[m] != ctx.player]:
            yield from return_to_hand(ctx, m)

    sweeper = Faction("Test Sweeper", "core")
    sweeper.action("Broom", play_on="base", triggers=(Trigger("start_turn", my_turn, sweep),))
    try:
        game = scenario(
            bases=[{"base": OASIS, "minions": [theirs(WALKER)],
                    "actions": ["test-sweeper/broom", theirs(HIDEOUT)]}, {"base": BRAIN}],
            hands=[[], []], decks=[[INVADER] * 6, [INVADER] * 6])
        for _ in range(2):
            play(game, "end")
            pass_until_main(game)
        assert decision(game) == (0, "main")
        assert where(game, f"{HIDEOUT}#1") == "discard:1"  # the shield took the first sweep
        assert where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"
        for _ in range(2):
            play(game, "end")
            pass_until_main(game)
        assert where(game, f"{WALKER}#1") == "hand:1"  # no shield now: the sweep returns it
    finally:
        for d in REGISTRY.factions.pop("test-sweeper"):
            REGISTRY.cards.pop(d.key)
        REGISTRY.faction_sets.pop("test-sweeper")


ENGINE = Path(__file__).resolve().parents[2] / "src" / "smashup" / "engine"
STARTS_ABILITY = re.compile(r"(\.run|\bon_play|\bhook)\((Ctx\(|\w*ctx\b)")
"""A call that starts a card's ability with a new context: its talent, Special, trigger,
"instead" ability, play or leave-stasis instruction."""


def test_every_ability_of_a_card_the_engine_starts_is_one_resolution():
    """No engine module starts a card's ability without ``protection.resolve`` (a base's
    abilities have no card for a shield to remember)."""
    around = [f"{path.name}:{n}: {line.strip()}"
              for path in sorted(ENGINE.rglob("*.py"))
              for n, line in enumerate(path.read_text().splitlines(), 1)
              if STARTS_ABILITY.search(line) and "resolve(" not in line
              and "is_base=True" not in line]
    assert around == []
