"""Tricksters as first printed (faction ``tricksters@original``) and its two bases."""

import smashup
from smashup.engine.api.setup import choose_bases
from smashup.engine.core.defs import REGISTRY
from smashup.testing import decision, options, play, scenario, where

A, B = "the-great-library", "factory-436-1337"
T = "tricksters@original"


def theirs(card: str, **extra) -> dict:
    return {"card": card, "owner": 1, "controller": 1, **extra}


def test_the_variant_is_a_full_faction_of_its_own():
    cards = REGISTRY.factions[T]
    assert sum(d.count for d in cards) == 20
    assert {d.key.split("/")[0] for d in cards} == {T}
    assert REGISTRY.cards[f"{T}/disenchant"].count == 2
    assert f"{T}/pixie" not in REGISTRY.cards


# ---- the base deck ------------------------------------------------------------------------------


def keys(bases) -> set[str]:
    return {b.key for b in bases}


def test_original_bases_replace_the_current_ones_only_with_the_variant():
    plain = keys(choose_bases({"bases": "factions"}, ["tricksters", "zombies"]))
    assert {"cave-of-shinies", "mushroom-kingdom"} <= plain
    assert not {"cave-of-shinies-original", "mushroom-kingdom-original"} & plain
    variant = keys(choose_bases({"bases": "all"}, [T, "zombies"]))
    assert {"cave-of-shinies-original", "mushroom-kingdom-original"} <= variant
    assert not {"cave-of-shinies", "mushroom-kingdom"} & variant
    everything = keys(choose_bases({"bases": "all"}, ["aliens", "zombies"]))
    assert "cave-of-shinies-original" not in everything and "cave-of-shinies" in everything


def test_a_base_named_by_key_is_always_in():
    spec = {"bases": ["core", "cave-of-shinies-original"]}
    named = keys(choose_bases(spec, ["aliens", "ninjas"]))
    assert "cave-of-shinies-original" in named and "mushroom-kingdom-original" not in named


def test_a_game_with_the_variant_deals_from_the_original_bases():
    game = smashup.Game.new({"factions": [[T, "zombies"], ["aliens", "ninjas"]], "seed": 3})
    g = game.state
    names = {g.base_names[b] for b in g.bases + g.base_deck}
    assert "base:cave-of-shinies-original" in names and "base:cave-of-shinies" not in names


# ---- cards --------------------------------------------------------------------------------------


def test_leprechaun_has_no_once_per_turn_limit():
    game = scenario(hands=[[], ["robots/zapbot", "robots/zapbot"]], current=1, plays={"minion": 2},
                    bases=[{"base": A, "minions": [f"{T}/leprechaun"]}, B])
    play(game, "play robots/zapbot#1 @ base:the-great-library",
         "play robots/zapbot#2 @ base:the-great-library")
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, "robots/zapbot#2") == "discard:1"


def test_brownie_punishes_a_card_that_affects_it():
    game = scenario(hands=[[], ["aliens/beam-up", "aliens/invader", "aliens/invader",
                                "aliens/invasion"]], current=1,
                    bases=[{"base": A, "minions": [f"{T}/brownie"]}, B])
    play(game, "play aliens/beam-up#1")
    assert where(game, f"{T}/brownie#1") == "hand:0"
    assert len(game.state.hands[1]) == 1 and len(game.state.discards[1]) == 3


def test_gnome_on_play_may_destroy_a_minion_weaker_than_your_count_here():
    game = scenario(hands=[[f"{T}/gnome"], []],
                    bases=[{"base": A, "minions": [f"{T}/gremlin", f"{T}/brownie",
                                               theirs("robots/zapbot")]}, B])
    play(game, f"play {T}/gnome#1 @ base:the-great-library")
    assert options(game) == [f"{T}/gremlin#1", "robots/zapbot#1", "skip"]
    play(game, "robots/zapbot#1")
    assert where(game, "robots/zapbot#1") == "discard:1"


def test_block_the_path_names_any_faction_in_the_game():
    game = scenario(factions=[[T, "zombies"], ["aliens", "robots"]],
                    hands=[[f"{T}/block-the-path"], ["robots/zapbot"]], bases=[A, B])
    play(game, f"play {T}/block-the-path#1 @ base:the-great-library")
    assert options(game) == ["faction:aliens", "faction:robots", f"faction:{T}",
                             "faction:zombies"]
    play(game, "faction:robots", "end")
    assert "play robots/zapbot#1 @ base:the-great-library" not in options(game)


def test_disenchant_destroys_an_action_on_a_base():
    game = scenario(hands=[[f"{T}/disenchant"], []],
                    bases=[{"base": A, "actions": [{"card": "zombies/overrun", "owner": 1}]}, B])
    play(game, f"play {T}/disenchant#1")
    assert where(game, "zombies/overrun#1") == "discard:1"


def test_enshrouding_mist_gives_a_free_extra_minion_here_each_of_your_turns():
    game = scenario(hands=[[f"{T}/gremlin", f"{T}/gremlin", f"{T}/gnome"], []],
                    bases=[{"base": A, "actions": [f"{T}/enshrouding-mist"]}, B])
    play(game, f"play {T}/gremlin#1 @ base:the-great-library")
    assert game.state.minion_plays == 1  # the Mist paid for it
    play(game, f"play {T}/gremlin#2 @ base:factory-436-1337")
    assert not [o for o in options(game) if o.startswith("play")]


def test_flame_trap_destroys_the_minion_and_itself():
    game = scenario(hands=[[], ["robots/zapbot"]], current=1,
                    bases=[{"base": A, "actions": [f"{T}/flame-trap"]}, B])
    play(game, "play robots/zapbot#1 @ base:the-great-library")
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, f"{T}/flame-trap#1") == "discard:0"


def test_hideout_is_destroyed_instead_when_an_opponents_action_would_affect_your_minion():
    """Original Hideout: the opponent may still aim an action at your minion there, but the
    Hideout is destroyed instead and the minion stays; the shield is then gone."""
    game = scenario(hands=[[], ["aliens/beam-up", "aliens/beam-up"]], current=1,
                    plays={"minion": 1, "action": 2},
                    bases=[{"base": A, "minions": [f"{T}/gnome"], "actions": [f"{T}/hideout"]},
                           {"base": B, "minions": [f"{T}/gremlin"]}])
    play(game, "play aliens/beam-up#1")
    assert sorted(options(game)) == [f"{T}/gnome#1", f"{T}/gremlin#1"]  # it may be aimed at
    play(game, f"{T}/gnome#1")
    assert where(game, f"{T}/gnome#1") == "minion@base:the-great-library"
    assert where(game, f"{T}/hideout#1") == "discard:0"
    play(game, "play aliens/beam-up#2", f"{T}/gnome#1")  # no Hideout any more
    assert where(game, f"{T}/gnome#1") == "hand:0"


def test_hideout_leaves_other_minions_alone():
    """Original Hideout covers only your minions at its base."""
    game = scenario(hands=[[], ["aliens/beam-up"]], current=1,
                    bases=[{"base": A, "minions": [f"{T}/gnome"], "actions": [f"{T}/hideout"]},
                           {"base": B, "minions": [f"{T}/gremlin"]}])
    play(game, "play aliens/beam-up#1", f"{T}/gremlin#1")
    assert where(game, f"{T}/gremlin#1") == "hand:0"
    assert where(game, f"{T}/hideout#1") == "action@base:the-great-library"


def test_hideout_protects_every_minion_there_from_the_whole_action():
    """Original Hideout: "the action does not affect your minions" — all of them, for the
    whole of that action (Crop Circles returns only the opponent's own minion)."""
    game = scenario(hands=[[], ["aliens/crop-circles"]], current=1,
                    bases=[{"base": A, "actions": [f"{T}/hideout"], "minions": [
                               f"{T}/gnome", f"{T}/gremlin", theirs("aliens/scout")]},
                           B])
    play(game, "play aliens/crop-circles#1", "base:the-great-library")
    assert where(game, f"{T}/gnome#1") == "minion@base:the-great-library"
    assert where(game, f"{T}/gremlin#1") == "minion@base:the-great-library"
    assert where(game, "aliens/scout#1") == "hand:1"
    assert where(game, f"{T}/hideout#1") == "discard:0"


def test_hideout_stops_an_action_played_on_your_minion():
    """Original Hideout: an opponent's action played on your minion there affects nothing."""
    game = scenario(hands=[[], ["ninjas/poison"]], current=1,
                    bases=[{"base": A, "minions": [f"{T}/gnome"], "actions": [f"{T}/hideout"]},
                           B])
    play(game, f"play ninjas/poison#1 on {T}/gnome#1")
    assert where(game, "ninjas/poison#1") == "discard:1"
    assert where(game, f"{T}/hideout#1") == "discard:0"
    assert game.state.attached.get(game.state.names.index(f"{T}/gnome#1"), []) == []


def test_mark_of_sleep_blocks_actions_on_the_victims_next_turn_only():
    game = scenario(hands=[[f"{T}/mark-of-sleep"], ["aliens/invasion"]], bases=[A, B])
    play(game, f"play {T}/mark-of-sleep#1", "end")
    assert decision(game) == (1, "main")
    assert "play aliens/invasion#1" not in options(game)
    play(game, "end")
    assert not [e for e in game.state.effects if e[0] == "no_actions"]


def test_cave_of_shinies_original_gives_the_owner_1_vp_per_destroyed_minion():
    game = scenario(hands=[[], ["ninjas/seeing-stars"]], current=1,
                    bases=[{"base": "cave-of-shinies-original", "minions": [f"{T}/gnome"]}, B])
    play(game, "play ninjas/seeing-stars#1")
    assert game.state.vp == [1, 0]


def test_mushroom_kingdom_original_moves_another_players_minion_here_at_turn_start():
    board = dict(phase="start", bases=["mushroom-kingdom-original",
                                       {"base": B, "minions": [theirs("robots/zapbot")]}])
    game = scenario(**board)
    assert options(game) == ["trigger base:mushroom-kingdom-original", "pass"]
    play(game, "trigger base:mushroom-kingdom-original")
    assert where(game, "robots/zapbot#1") == "minion@base:mushroom-kingdom-original"

    declined = scenario(**board)
    play(declined, "pass")
    assert where(declined, "robots/zapbot#1") == "minion@base:factory-436-1337"
