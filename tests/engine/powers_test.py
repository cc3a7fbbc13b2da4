"""``query.powers`` (every minion's power in one pass, as the learning environments' observation
reads it) gives exactly what ``query.power`` gives each minion; ``query.printed_powers`` (Mimic
reads every minion's printed power) exactly what ``printed_power`` gives each.

A modifier declared to change one minion only (``changes_only``: "this minion", "the minion
it is attached to") or minions at one base only (``changes_only_at``: "at its base", "here")
is asked about those alone by ``powers``: the declarations are checked against what the
modifiers answer for every other minion.

Random games over every implemented faction, compared at every decision: ongoing modifiers,
cards that protect from them, temporary effects, counters and Mimic all occur (the test counts
them, so that it cannot pass on positions where nothing modifies power)."""

from __future__ import annotations

import random

from smashup import Game
from smashup.engine.api.game import base_views
from smashup.engine.facts.query import (
    ONE_BASE_MODS,
    ONE_MINION_MODS,
    every_players_power,
    hooks,
    player_power,
    players_power,
    power,
    powers,
    printed_power,
    printed_powers,
    total_power,
)
from smashup.sim import DEFAULT_TURN_CAP, game_setup, implemented_factions

SEEDS = range(14)  # 4-player games whose factions cover every implemented faction


def _positions():
    for seed in SEEDS:
        game = Game.new(game_setup(seed, 4))
        rng = random.Random(seed)
        while not game.is_over and game.state.turn <= DEFAULT_TURN_CAP:
            yield game.state
            req = game.request
            assert req is not None
            game.apply(rng.randrange(len(req.options)))


def test_the_games_cover_every_faction():
    covered = {f for seed in SEEDS for pair in game_setup(seed, 4)["factions"] for f in pair}
    assert covered == set(implemented_factions())


def test_powers_equal_power_minion_by_minion():
    seen = {"positions": 0, "modified": 0, "effects": 0, "protected": 0, "counters": 0,
            "printed changed": 0}
    for g in _positions():
        one_by_one = [[power(g, m) for m in at_base] for at_base in g.minions]
        assert powers(g) == one_by_one
        # some bases only, in the order asked (the observation asks for its first slots)
        slots = list(range(len(g.bases)))[::-2]
        assert powers(g, slots) == [one_by_one[s] for s in slots]
        every = [m for at_base in g.minions for m in at_base]
        seen["positions"] += 1
        seen["modified"] += any(power(g, m) != g.defs[m].power for m in every)
        seen["effects"] += bool(every and g.effects)
        seen["protected"] += bool(every and hooks(g, "power_mod") and hooks(g, "protects"))
        seen["counters"] += any(g.counters.get(m) for m in every)
        printed = printed_powers(g, every)
        assert printed == [printed_power(g, m) for m in every]
        seen["printed changed"] += printed != [g.defs[m].power for m in every]
    assert seen["positions"] > 3000
    assert all(n > 0 for n in seen.values()), seen


def test_every_players_power_equals_players_power_base_by_base():
    """What a search's evaluation and the score phase read (``every_players_power``) is
    each base's ``players_power``, and a base's total its ``total_power``, in positions with
    modifiers, protection and counters, and with temporary effects (on a minion's power or a
    player's total) or printed power changed: one pass over the position in every case."""
    seen = {"modified": 0, "protected": 0, "counters": 0, "effects or printed power": 0}
    for g in _positions():
        every = every_players_power(g)
        assert every == [players_power(g, s) for s in range(len(g.bases))]
        assert [sum(row) for row in every] == [total_power(g, s) for s in range(len(g.bases))]
        minions = [m for at_base in g.minions for m in at_base]
        if g.effects or g.tables.card_hooks["printed_power"]:
            seen["effects or printed power"] += bool(minions)
            continue
        seen["modified"] += any(power(g, m) != g.defs[m].power for m in minions)
        seen["protected"] += bool(minions and hooks(g, "power_mod") and hooks(g, "protects"))
        seen["counters"] += any(g.counters.get(m) for m in minions)
    assert all(n > 0 for n in seen.values()), seen


def test_an_observations_powers_are_those_of_power_player_power_and_total_power():
    """A seat's observation (``base_views``, read from one ``powers`` pass) shows each
    minion's ``power``, each player's ``player_power`` and each base's ``total_power``."""
    checked = 0
    for n, g in enumerate(_positions()):
        if n % 4:
            continue
        for slot, view in enumerate(base_views(g, n % g.nplayers)):
            assert view["total_power"] == total_power(g, slot)
            assert view["power_by_player"] == [player_power(g, slot, p)
                                               for p in range(g.nplayers)]
            assert [card.get("power") for card in view["minions"]] == [
                power(g, m) if g.defs[m].kind == "minion" else None for m in g.minions[slot]]
            checked += len(view["minions"])
    assert checked > 5000


def test_a_modifier_declared_for_one_minion_or_base_changes_no_other():
    checked = set()
    for g in _positions():
        every = [m for at_base in g.minions for m in at_base]
        for fn, me, _ in hooks(g, "power_mod"):
            only, at = ONE_MINION_MODS.get(fn), ONE_BASE_MODS.get(fn)
            if only is not None:
                target = only(g, me)
                assert [m for m in every if m != target and fn(g, me, m)] == [], fn.__name__
                checked.add(fn)
            elif at is not None:
                slot = at(g, me)
                assert [m for m in every if g.slot_of(m) != slot and fn(g, me, m)] == [], \
                    fn.__name__
                checked.add(fn)
        for fn, me, _ in hooks(g, "printed_power"):  # Mimic, Matrix of Bossiness
            only = ONE_MINION_MODS.get(fn)
            if only is not None:
                target = only(g, me)
                assert [m for m in every if m != target and fn(g, me, m, 3) != 3] == [], \
                    fn.__name__
                checked.add(fn)
    # most of the declared modifiers are met in these games
    assert len(checked) >= 14 and checked & set(ONE_BASE_MODS)
