"""New mechanics added from a card module alone (``smashup.testing_inventions``), through the
engine's registries: a continuous-effect kind, a temporary-effect kind, a replaceable event
and an extra-play condition. No engine file names any of them."""

import pytest

from smashup.cards.api import Faction
from smashup.cards.helpers import HookKind, Replacement, register_hook_kind
from smashup.engine.core.context import Ctx
from smashup.engine.core.defs import REGISTRY
from smashup.engine.rules.modifiers import add_effect, until_end_of_turn
from smashup.testing import card_id, decision, options, play, power, scenario, where
from smashup.testing_inventions import registered

T = "test-inventions/"


@pytest.fixture(autouse=True, scope="module")
def _inventions():
    with registered():
        yield


BASES = ["jungle-oasis", "the-homeworld"]


def test_a_card_in_the_discard_pile_can_have_a_continuous_effect_of_a_new_kind():
    """Rallying Banner: +1 power to its owner's minions while in its owner's discard pile."""
    game = scenario(hands=[["aliens/scout"], []], discards=[[T + "rallying-banner"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": [{"card": "ninjas/shinobi", "controller": 1}]},
                           "the-homeworld"])
    play(game, "play aliens/scout#1 @ base:jungle-oasis")
    assert power(game, "aliens/scout#1") == 4  # printed 3, +1 from the banner in the discard
    assert power(game, "ninjas/shinobi#1") == 3  # another player's minion: unchanged


def test_the_banner_works_only_from_the_discard_pile_not_from_the_hand():
    game = scenario(hands=[["aliens/scout", T + "rallying-banner"], []], bases=BASES)
    play(game, "play aliens/scout#1 @ base:jungle-oasis")
    assert power(game, "aliens/scout#1") == 3
    play(game, "play test-inventions/rallying-banner#1")  # a standard action: to the discard
    assert where(game, T + "rallying-banner#1") == "discard:0"
    assert power(game, "aliens/scout#1") == 4


def test_a_new_temporary_effect_kind_counts_cards_in_hand_and_ends_with_the_turn():
    """Pep Talk: +1 power per card in its player's hand, until the end of the turn."""
    game = scenario(hands=[[T + "pep-talk", "aliens/scout", "aliens/invader"], []],
                    bases=[{"base": "jungle-oasis", "minions": ["ninjas/shinobi"]},
                           "the-homeworld"])
    play(game, "play test-inventions/pep-talk#1")  # the only minion: chosen at once
    assert power(game, "ninjas/shinobi#1") == 3 + 2  # two cards left in hand
    play(game, "play aliens/scout#1 @ base:the-homeworld")
    assert power(game, "ninjas/shinobi#1") == 3 + 1  # it follows the hand as it shrinks
    play(game, "end")
    assert power(game, "ninjas/shinobi#1") == 3  # ended with the turn


def test_an_unregistered_temporary_effect_kind_is_refused():
    game = scenario(bases=BASES)
    with pytest.raises(ValueError, match="unknown effect kind 'sparkle'"):
        add_effect(game.state, "sparkle", 0, 1, until_end_of_turn(game.state), 0)


def test_a_new_replaceable_event_is_replaced_by_an_instead_ability():
    """Mothball puts a minion into the box; Warded Idol returns to its hand instead."""
    game = scenario(hands=[[T + "mothball"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": [{"card": T + "warded-idol", "controller": 1}]},
                           "the-homeworld"])
    play(game, "play test-inventions/mothball#1")
    assert where(game, T + "warded-idol#1") == "hand:1"


def test_without_an_instead_ability_the_new_event_happens():
    game = scenario(hands=[[T + "mothball"], []],
                    bases=[{"base": "jungle-oasis", "minions": [{"card": "aliens/scout",
                                                                 "controller": 1}]},
                           "the-homeworld"])
    play(game, "play test-inventions/mothball#1")
    assert where(game, "aliens/scout#1") == "box"


def test_an_extra_play_condition_of_a_card_module_limits_the_extra_play():
    """Even Keel: an extra minion of even power (Shinobi 3 no, Tiger Assassin 4 yes)."""
    game = scenario(hands=[["aliens/scout", T + "even-keel", "ninjas/tiger-assassin",
                            "ninjas/shinobi"], []], bases=BASES)
    play(game, "play aliens/scout#1 @ base:jungle-oasis")
    play(game, "play test-inventions/even-keel#1")
    assert decision(game) == (0, "main")
    plays = [o for o in options(game) if o.startswith("play ")]
    assert plays == ["play ninjas/tiger-assassin#1 @ base:jungle-oasis",
                     "play ninjas/tiger-assassin#1 @ base:the-homeworld"]


def test_why_not_names_the_new_condition_in_words():
    game = scenario(hands=[["aliens/scout", T + "even-keel", "aliens/invader"], []],
                    bases=BASES)
    play(game, "play aliens/scout#1 @ base:jungle-oasis", "play test-inventions/even-keel#1")
    assert game.why_not("aliens/invader#1") == (
        "no plays of minions left (your extra play is only for a minion of even power)")


def test_engine_events_are_replaceable_too_return_and_move():
    """A card of a set may replace the engine's own events, e.g. "return" and "move"."""
    def is_me(g, me, target):
        return target == me

    def stay(ctx: Ctx, target: int):
        return True
        yield

    stubborn = Faction("Test Stubborn", "core")
    stubborn.minion("Anchor", power=1, replacements=(
        Replacement("return", is_me, stay), Replacement("move", is_me, stay)))
    try:
        game = scenario(hands=[["aliens/beam-up"], []],
                        bases=[{"base": "jungle-oasis", "minions": [
                            {"card": "test-stubborn/anchor", "controller": 1}]},
                            "the-homeworld"])
        play(game, "play aliens/beam-up#1")
        assert where(game, "test-stubborn/anchor#1") == "minion@base:jungle-oasis"
        game = scenario(hands=[["ninjas/way-of-deception"], []],
                        bases=[{"base": "jungle-oasis", "minions": ["test-stubborn/anchor"]},
                               "the-homeworld"])
        play(game, "play ninjas/way-of-deception#1")
        while decision(game) != (0, "main"):
            play(game, options(game)[0])
        assert where(game, "test-stubborn/anchor#1") == "minion@base:jungle-oasis"
        assert card_id(game, "test-stubborn/anchor#1") in game.state.minions[0]
    finally:
        for d in REGISTRY.factions.pop("test-stubborn"):
            REGISTRY.cards.pop(d.key)
        REGISTRY.faction_sets.pop("test-stubborn")


def test_cards_may_use_only_registered_kinds_and_events():
    odd = Faction("Test Odd", "core")
    try:
        with pytest.raises(ValueError, match="not a registered hook kind"):
            odd.minion("Glow", power=1, hooks={"glow": lambda g, me, m: 1})
        with pytest.raises(ValueError, match="cannot replace unknown event 'vanish'"):
            odd.minion("Fade", power=1, replacements=(
                Replacement("vanish", lambda g, me, t: True, lambda ctx, t: iter(())),))
        with pytest.raises(ValueError, match="already registered"):
            register_hook_kind(HookKind("power_mod", "power_mod"))
        with pytest.raises(ValueError, match="unknown point"):
            register_hook_kind(HookKind("glow", "brightness"))
    finally:
        REGISTRY.factions.pop("test-odd", None)
        REGISTRY.faction_sets.pop("test-odd", None)


def test_going_from_play_to_the_discard_pile_is_replaceable_when_destroyed_or_scored():
    """A card that goes to its owner's hand instead of the discard pile (as Jumper may): when
    destroyed it is still destroyed (the event happens, "destroyed" abilities fire), and it
    goes to the hand; when its base scores it goes to the hand too."""
    def is_me(g, me, target):
        return target == me

    def to_hand_instead(ctx: Ctx, target: int):
        from smashup.engine.rules.zones import to_owner
        to_owner(ctx.g, target, "hand")
        return True
        yield

    homing = Faction("Test Homing", "core")
    homing.minion("Homer", power=1, replacements=(Replacement("discard", is_me, to_hand_instead),))
    try:
        game = scenario(hands=[["ninjas/seeing-stars"], []],
                        bases=[{"base": "jungle-oasis", "minions": [
                            {"card": "test-homing/homer", "controller": 1}]}, "the-homeworld"])
        play(game, "play ninjas/seeing-stars#1")  # the only minion of power 3 or less
        assert where(game, "test-homing/homer#1") == "hand:1"
        assert any(e["kind"] == "destroyed" for e in game.events_for(0))
        game = scenario(hands=[["robots/warbot"], []],
                        bases=[{"base": "jungle-oasis", "minions": [
                            {"card": "test-homing/homer", "controller": 1}, "dinosaurs/king-rex"]},
                            "the-homeworld"],
                        base_deck=["the-mothership"], decks=[["robots/zapbot"] * 3, []])
        play(game, "play robots/warbot#1 @ base:jungle-oasis", "end")  # 1 + 7 + 4 >= 12
        assert where(game, "test-homing/homer#1") == "hand:1"
        assert where(game, "dinosaurs/king-rex#1") == "discard:0"
    finally:
        for d in REGISTRY.factions.pop("test-homing"):
            REGISTRY.cards.pop(d.key)
        REGISTRY.faction_sets.pop("test-homing")
