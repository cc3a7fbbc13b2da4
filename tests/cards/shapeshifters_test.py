"""Shapeshifters (Science Fiction Double Feature) and their bases, Faceless City and The Vats:
each card's ability scripted strictly on a described board."""

from contextlib import contextmanager

from smashup.narrate import Narrator
from smashup.testing import (
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
CITY = "faceless-city"
VATS = "the-vats"
BASES = [OASIS, BRAIN]


def theirs(card: str, **more) -> dict:
    return {"card": card, "controller": 1, **more}


def at(base: str) -> str:
    return f"minion@base:{base}"


def end_turn(game):
    """End player 0's turn and pass through player 1's start to their Play Cards phase."""
    play(game, "end")
    return pass_until_main(game)


# ---- Copycat -----------------------------------------------------------------------------------


def test_copycat_copied_on_play_ability_resolves_at_once():
    """Guide §5.1 ruling: a copied on-play ability happens as part of Copycat's own on-play
    (the Invader's VP comes as Copycat is played)."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/invader")]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert game.state.vp == [1, 0]
    assert decision(game) == (0, "main")


def test_copycat_copied_may_ability_can_be_taken_or_declined():
    game = scenario(hands=[["shapeshifters/copycat", "shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/supreme-overlord"),
                                                       theirs("ninjas/shinobi")]}, BRAIN],
                    plays={"minion": 2})
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}", "aliens/supreme-overlord#1")
    assert decision(game) == (0, "choose_minion")
    assert "skip" in options(game)
    play(game, "ninjas/shinobi#1")
    assert where(game, "ninjas/shinobi#1") == "hand:1"
    # the Overlord is now the only other player's minion: copied without asking
    play(game, f"play shapeshifters/copycat#2 @ base:{OASIS}", "skip")
    assert where(game, "aliens/supreme-overlord#1") == at(OASIS)


def test_copycat_offers_only_other_players_minions_and_does_nothing_without_one():
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")  # its own Invader is not another player's
    assert game.state.vp == [0, 0]
    assert "copied" not in _view(game, "shapeshifters/copycat#1")


def test_copycat_goes_by_control_not_ownership():
    """"Another player's minion" is one another player controls: player 1's Invader that
    player 0 controls now is not offered; player 0's Archmage that player 1 controls is."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "aliens/invader", "owner": 1, "controller": 0},
                        {"card": "wizards/archmage", "owner": 0, "controller": 1}]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")  # the only one: no question
    assert _view(game, "shapeshifters/copycat#1")["copied"] == ["Archmage"]
    assert game.state.vp == [0, 0]


def test_copycat_copying_another_copycat_copies_on_but_never_the_same_minion_twice():
    """Ruling (found by a random game with Ignobles, which give minions away): a Copycat that
    another player controls is a minion like any other; copying it gives this Copycat its
    ability, which copies on (the newer copy replacing the older) but never offers a minion
    the chain copied already, so it always ends."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "shapeshifters/copycat", "owner": 0, "controller": 1},
                        theirs("aliens/invader")]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}", "shapeshifters/copycat#2")
    # the copied Copycat ability asks again; the Copycat copied already is not offered, and
    # the Invader, the only one left, is copied without a question (and its ability runs)
    assert game.state.vp == [1, 0]
    assert decision(game) == (0, "main")
    assert _view(game, "shapeshifters/copycat#1")["copied"] == ["Invader"]


def test_two_copycats_copying_each_other_end_the_chain():
    """The random game's loop: only two other Copycats to copy. The chain copies one, then
    the other, then has nothing left to offer and stops, having the last one's abilities."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "shapeshifters/copycat", "owner": 0, "controller": 1},
                        {"card": "shapeshifters/copycat", "owner": 0, "controller": 1}]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}", "shapeshifters/copycat#2")
    assert decision(game) == (0, "main")
    assert _view(game, "shapeshifters/copycat#1")["copied"] == ["Copycat"]


def test_copycat_copied_ongoing_raises_war_raptors_but_not_itself():
    """Clarification: copying does not copy the name; copying War Raptor raises the War
    Raptors at Copycat's base, not Copycat itself."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [theirs("dinosaurs/war-raptor"),
                                                       theirs("dinosaurs/war-raptor")]}, BRAIN])
    assert power(game, "dinosaurs/war-raptor#1") == 4
    narrator = Narrator(game, viewer=1)
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}", "dinosaurs/war-raptor#1")
    assert ("Player 1's Copycat gains the abilities of War Raptor for now."
            in narrator.narrate(game.events))
    assert power(game, "dinosaurs/war-raptor#1") == 5
    assert power(game, "dinosaurs/war-raptor#2") == 5
    assert power(game, "shapeshifters/copycat#1") == 2
    assert _view(game, "shapeshifters/copycat#1")["copied"] == ["War Raptor"]


def test_copycat_copy_shows_in_the_terminal_game():
    from smashup.tui.view import minion_lines

    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [theirs("dinosaurs/war-raptor")]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    line = minion_lines(_view(game, "shapeshifters/copycat#1"))[0]
    assert "(copying War Raptor)" in line


def test_copycat_copies_until_the_end_of_the_turn():
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [theirs("dinosaurs/war-raptor")]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert power(game, "dinosaurs/war-raptor#1") == 4
    end_turn(game)
    assert power(game, "dinosaurs/war-raptor#1") == 3
    assert "copied" not in _view(game, "shapeshifters/copycat#1")


def test_copycat_copied_talent_is_usable_once_that_turn():
    """Guide §5.1: a copied Talent can be used once that turn."""
    game = scenario(hands=[["shapeshifters/copycat", "shapeshifters/genetic-shift",
                            "shapeshifters/splice-as-nice"], []],
                    bases=[{"base": OASIS, "minions": [theirs("wizards/archmage")]}, BRAIN],
                    plays={"minion": 1, "action": 0})
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert "use shapeshifters/copycat#1" in options(game)
    assert "play shapeshifters/genetic-shift#1" not in options(game)
    play(game, "use shapeshifters/copycat#1")  # the Archmage's talent: an extra action
    assert "play shapeshifters/genetic-shift#1" in options(game)
    assert "use shapeshifters/copycat#1" not in options(game)


def test_copycat_copied_special_works_during_scoring():
    """Clarification: Special abilities can be copied. Copycat copies the Pirate King's (move
    here as another base is about to score) and uses it in that scoring window the same turn."""
    game = scenario(hands=[["shapeshifters/copycat"], []], decks=[["wizards/scry"] * 3, []],
                    bases=[{"base": OASIS, "minions": [theirs("pirates/pirate-king")]},
                           {"base": BRAIN, "minions": [theirs("dinosaurs/king-rex"),
                                                       theirs("dinosaurs/king-rex"),
                                                       theirs("dinosaurs/king-rex")]}])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}", "pirates/pirate-king#1", "end")
    # the Brain (20) is about to score; player 0 answers first
    assert decision(game) == (0, "me_first")
    assert "trigger shapeshifters/copycat#1" in options(game)
    play(game, "trigger shapeshifters/copycat#1")
    assert where(game, "shapeshifters/copycat#1") == at(BRAIN)
    pass_until_main(game)
    assert where(game, "shapeshifters/copycat#1") == "discard:0"  # scored there


def test_copycat_copies_a_minion_immune_to_its_effects():
    """Clarification: being immune to effects does not prevent copying (the Raptor under
    Tooth and Claw cannot be affected by player 0's cards, yet Copycat copies it)."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [
                        theirs("dinosaurs/war-raptor",
                               attached=[{"card": "dinosaurs/tooth-and-claw-and-guns",
                                          "owner": 1, "controller": 1}])]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert _view(game, "shapeshifters/copycat#1")["copied"] == ["War Raptor"]


def test_copycat_copy_ends_when_it_leaves_play():
    """Clarification: the copied ability expires if the Copycat leaves play before the end
    of the turn."""
    game = scenario(hands=[["shapeshifters/copycat", "aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": [theirs("dinosaurs/war-raptor")]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert power(game, "dinosaurs/war-raptor#1") == 4
    play(game, "play aliens/beam-up#1", "shapeshifters/copycat#1")
    assert where(game, "shapeshifters/copycat#1") == "hand:0"
    assert power(game, "dinosaurs/war-raptor#1") == 3


def test_copycat_effect_outlasting_the_turn_stays_as_if_the_original_had_left():
    """Clarification: an effect the copied ability made that lasts beyond the turn is treated
    as if the original card had left play. Copycat uses the copied Armor Stego talent: its +2
    on other players' turns lasts into player 1's turn, after the copy itself has ended."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [theirs("dinosaurs/armor-stego")]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}", "use shapeshifters/copycat#1")
    end_turn(game)
    assert "copied" not in _view(game, "shapeshifters/copycat#1")
    assert power(game, "shapeshifters/copycat#1") == 4


def test_copycat_copied_on_play_sees_copycats_own_position():
    """The copied on-play ability runs as Copycat's: the Zombie Lord's "each base where you
    have no minions" counts Copycat, so the Oasis where it stands is not offered."""
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    discards=[["robots/zapbot"], []],
                    bases=[{"base": OASIS, "minions": [theirs("zombies/zombie-lord")]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert decision(game) == (0, "play_extra")
    assert f"play robots/zapbot#1 @ base:{BRAIN}" in options(game)
    assert f"play robots/zapbot#1 @ base:{OASIS}" not in options(game)


@contextmanager
def picky_minion():
    """A test-only minion with a play prerequisite (no printed card in the engine has one):
    it may be played only at a base where its player already has a minion; on play, 1 VP."""
    from smashup.cards.api import Faction
    from smashup.cards.helpers import gain_vp, has_minion_at
    from smashup.engine.core.defs import REGISTRY

    def _picky(ctx):
        gain_vp(ctx.g, ctx.player, 1)
        return
        yield

    Faction("Test Shapes", "core").minion(
        "Picky", power=3, can_target=lambda g, me, slot, p: has_minion_at(g, p, slot))(_picky)
    try:
        yield
    finally:
        for d in REGISTRY.factions.pop("test-shapes"):
            REGISTRY.cards.pop(d.key, None)
        REGISTRY.faction_sets.pop("test-shapes", None)


def test_copycat_ignores_the_copied_minions_play_prerequisite():
    """Clarification: prerequisites for playing the copied minion are ignored, Copycat being
    in play already: it copies the Picky (playable only beside a minion of yours) alone on a
    base, and the copied on-play ability still happens."""
    with picky_minion():
        game = scenario(hands=[["shapeshifters/copycat", "test-shapes/picky"], []],
                        bases=[{"base": OASIS, "minions": [theirs("test-shapes/picky")]}, BRAIN])
        assert not any("test-shapes/picky#1 @" in o for o in options(game))  # its own rule
        play(game, f"play shapeshifters/copycat#1 @ base:{BRAIN}")
        assert game.state.vp == [1, 0]


def test_copycat_copying_mimic_counts_its_own_printed_two():
    game = scenario(hands=[["shapeshifters/copycat"], []],
                    bases=[{"base": OASIS, "minions": [{"card": "shapeshifters/mimic",
                                                        "controller": 1, "owner": 1}]}, BRAIN])
    play(game, f"play shapeshifters/copycat#1 @ base:{OASIS}")
    assert power(game, "shapeshifters/mimic#1") == 2
    assert power(game, "shapeshifters/copycat#1") == 2


# ---- Mimic -------------------------------------------------------------------------------------


def test_mimic_alone_has_power_zero_and_follows_the_highest_printed_power():
    game = scenario(hands=[["dinosaurs/king-rex", "shapeshifters/mimic"], []], bases=BASES,
                    plays={"minion": 2})
    play(game, f"play shapeshifters/mimic#1 @ base:{OASIS}")
    assert power(game, "shapeshifters/mimic#1") == 0
    play(game, f"play dinosaurs/king-rex#1 @ base:{BRAIN}")  # another base still counts
    assert power(game, "shapeshifters/mimic#1") == 7


def test_mimic_power_drops_when_the_highest_minion_leaves():
    game = scenario(hands=[["aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": ["shapeshifters/mimic", "robots/zapbot",
                                                       theirs("dinosaurs/king-rex")]}, BRAIN])
    assert power(game, "shapeshifters/mimic#1") == 7
    play(game, "play aliens/beam-up#1", "dinosaurs/king-rex#1")
    assert power(game, "shapeshifters/mimic#1") == 2


def test_mimic_reads_printed_not_current_power():
    """Clarification: the starting power is the highest *printed* power; the Brain's +1 on the
    Zapbot does not count."""
    game = scenario(bases=[OASIS, {"base": BRAIN, "minions": ["robots/zapbot"]},
                           ], hands=[["shapeshifters/mimic"], []])
    play(game, f"play shapeshifters/mimic#1 @ base:{OASIS}")
    assert power(game, "robots/zapbot#1") == 3
    assert power(game, "shapeshifters/mimic#1") == 2


def test_mimic_is_then_modified_by_abilities_and_counters():
    """Clarification: Mimic's starting power can be modified by abilities and +1 counters."""
    game = scenario(bases=[{"base": OASIS, "minions": [
        {"card": "shapeshifters/mimic", "counters": 2, "attached": ["dinosaurs/upgrade"]},
        theirs("wizards/archmage")]}, BRAIN])
    assert power(game, "shapeshifters/mimic#1") == 4 + 2 + 2


def test_two_mimics_never_feed_each_other():
    """Guide §5.1 ruling: a Mimic's own printed 0 never raises another Mimic."""
    game = scenario(bases=[{"base": OASIS, "minions": ["shapeshifters/mimic",
                                                       "shapeshifters/mimic"]}, BRAIN])
    assert power(game, "shapeshifters/mimic#1") == 0
    assert power(game, "shapeshifters/mimic#2") == 0


def test_mimic_in_hand_counts_as_zero_for_really():
    """Clarification: in hand, deck or discard pile Mimic's power is 0, so "...Really?" (and
    G.E.L.F., Transmogrify) can fetch it."""
    game = scenario(hands=[['shapeshifters/really'], []],
                    discards=[["shapeshifters/mimic", "dinosaurs/king-rex"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot"]}, BRAIN])
    play(game, "play shapeshifters/really#1")
    assert f"play shapeshifters/mimic#1 @ base:{OASIS}" in options(game)
    assert not any("king-rex" in o for o in options(game))
    play(game, f"play shapeshifters/mimic#1 @ base:{OASIS}")
    assert power(game, "shapeshifters/mimic#1") == 0  # the Zapbot went to the discard pile


def test_lasertops_reads_mimics_changed_printed_power():
    """Guide §4.15: every check of printed power sees Mimic's. With only the Zapbot (2) in
    play Mimic counts as printed 2 and Lasertops may destroy it; beside a King Rex it is 7."""
    game = scenario(hands=[["dinosaurs/lasertops"], []],
                    bases=[{"base": OASIS, "minions": [theirs("shapeshifters/mimic"),
                                                       theirs("robots/microbot-alpha")]},
                           BRAIN])
    play(game, f"play dinosaurs/lasertops#1 @ base:{OASIS}")
    # with Lasertops (4) in play, Mimic counts as printed 4: only the Microbot Alpha qualifies
    assert options(game) == ["robots/microbot-alpha#1", "skip"]
    game = scenario(hands=[["dinosaurs/lasertops"], []],
                    bases=[{"base": OASIS, "minions": [theirs("shapeshifters/mimic")]},
                           {"base": BRAIN, "minions": []}])
    play(game, f"play dinosaurs/lasertops#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")  # Mimic counts as printed 4 now: not offered


def test_mimic_counts_a_minion_in_stasis():
    """Guide §5.1 ruling: minions in stasis are in play and count for Mimic."""
    game = scenario(stasis=[[], ["dinosaurs/king-rex"]],
                    bases=[{"base": OASIS, "minions": ["shapeshifters/mimic"]}, BRAIN])
    assert power(game, "shapeshifters/mimic#1") == 7


# ---- Cellular Bonding --------------------------------------------------------------------------


def test_cellular_bonding_with_no_other_action_on_a_minion_is_discarded():
    """Clarification: played with no play-on-minion action in play, it is discarded with no
    effect."""
    game = scenario(hands=[["shapeshifters/cellular-bonding"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot"]}, BRAIN])
    play(game, "play shapeshifters/cellular-bonding#1 on robots/zapbot#1")
    assert where(game, "shapeshifters/cellular-bonding#1") == "discard:0"
    assert power(game, "robots/zapbot#1") == 2
    assert decision(game) == (0, "main")


def test_cellular_bonding_copies_an_action_on_another_players_minion():
    game = scenario(hands=[["shapeshifters/cellular-bonding"], []],
                    bases=[{"base": OASIS, "minions": [
                        "robots/zapbot",
                        theirs("robots/warbot", attached=[{"card": "dinosaurs/upgrade",
                                                           "owner": 1, "controller": 1}])]},
                        BRAIN])
    play(game, "play shapeshifters/cellular-bonding#1 on robots/zapbot#1")
    assert power(game, "robots/zapbot#1") == 4  # the only candidate: chosen without asking
    assert power(game, "robots/warbot#1") == 6


def test_cellular_bonding_keeps_the_copy_when_the_copied_action_leaves():
    """Clarification: the copied ability lasts while Cellular Bonding is in play, even after
    the copied action leaves play."""
    game = scenario(hands=[["shapeshifters/cellular-bonding", "aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": [
                        "robots/zapbot", theirs("robots/warbot", attached=["dinosaurs/upgrade"])]},
                        BRAIN],
                    plays={"minion": 1, "action": 2})
    play(game, "play shapeshifters/cellular-bonding#1 on robots/zapbot#1",
         "play aliens/beam-up#1", "robots/warbot#1")
    assert where(game, "dinosaurs/upgrade#1") == "discard:1"
    assert power(game, "robots/zapbot#1") == 4
    end_turn(game)
    assert power(game, "robots/zapbot#1") == 4  # no turn limit


def test_cellular_bonding_asks_which_action_and_ends_when_it_leaves():
    game = scenario(hands=[["shapeshifters/cellular-bonding", "aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": [
                        "robots/zapbot",
                        theirs("robots/warbot", attached=[
                            {"card": "dinosaurs/upgrade", "owner": 1, "controller": 1},
                            {"card": "shapeshifters/shell-game", "owner": 1,
                             "controller": 1}])]},
                        BRAIN],
                    plays={"minion": 1, "action": 2})
    play(game, "play shapeshifters/cellular-bonding#1 on robots/zapbot#1")
    assert options(game) == ["dinosaurs/upgrade#1", "shapeshifters/shell-game#1"]
    play(game, "dinosaurs/upgrade#1")
    assert power(game, "robots/zapbot#1") == 4
    play(game, "play aliens/beam-up#1", "robots/zapbot#1")
    assert where(game, "shapeshifters/cellular-bonding#1") == "discard:0"
    assert "copied" not in _view(game, "robots/warbot#1")


def test_cellular_bonding_on_another_players_minion_ignores_play_on_your_minion():
    """Clarification: played on another player's minion it may copy a "play on your minion"
    action, ignoring that part: Smoke Bomb's protection covers player 1's Warbot against
    actions of players other than Cellular Bonding's controller."""
    game = scenario(players=3, hands=[["shapeshifters/cellular-bonding"], [], []],
                    bases=[{"base": OASIS, "minions": [
                        "robots/zapbot",
                        theirs("dinosaurs/war-raptor"),
                        {"card": "ninjas/shinobi", "owner": 2, "controller": 2,
                         "attached": [{"card": "ninjas/smoke-bomb", "owner": 2,
                                       "controller": 2}]}]},
                        BRAIN, "faceless-city"])
    play(game, "play shapeshifters/cellular-bonding#1 on dinosaurs/war-raptor#1")
    g = game.state
    from smashup.engine.core.defs import Source
    from smashup.engine.facts.query import can_affect
    raptor = card_id(game, "dinosaurs/war-raptor#1")
    assert not can_affect(g, raptor, Source(None, 2, "action"))
    assert not can_affect(g, raptor, Source(None, 1, "action"))
    assert can_affect(g, raptor, Source(None, 0, "action"))


def test_cellular_bonding_copies_a_trigger():
    """Ruling: the copied action's triggered abilities work for Cellular Bonding; a copied
    Assassin destroys Cellular Bonding's own minion at the end of the turn."""
    game = scenario(hands=[["shapeshifters/cellular-bonding"], []],
                    bases=[{"base": OASIS, "minions": [
                        theirs("robots/zapbot"),
                        theirs("robots/microbot-alpha", attached=["ninjas/assassin"])]},
                        BRAIN])
    play(game, "play shapeshifters/cellular-bonding#1 on robots/zapbot#1", "end")
    if decision(game)[1] == "order":
        play(game, options(game)[0])
    pass_until_main(game)
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, "robots/microbot-alpha#1") == "discard:1"


def test_cellular_bonding_does_not_copy_an_on_play_part():
    """Ruling: Cellular Bonding takes the copied action's lasting abilities, not what it did
    when played: copying Poison gives -4, but destroys no action."""
    game = scenario(hands=[["shapeshifters/cellular-bonding"], []],
                    bases=[{"base": OASIS, "minions": [
                        theirs("dinosaurs/king-rex", attached=[
                            {"card": "dinosaurs/upgrade", "owner": 1, "controller": 1}]),
                        theirs("robots/warbot", attached=["ninjas/poison"])]}, BRAIN])
    play(game, "play shapeshifters/cellular-bonding#1 on dinosaurs/king-rex#1",
         "ninjas/poison#1")
    assert power(game, "dinosaurs/king-rex#1") == 7 + 2 - 4
    assert where(game, "dinosaurs/upgrade#1") == "on:dinosaurs/king-rex#1"


# ---- Doppelgänger ------------------------------------------------------------------------------

DOPPEL = "shapeshifters/doppelganger"


def test_doppelganger_destroyed_plays_a_minion_from_the_deck():
    game = scenario(hands=[["ninjas/ninja-master"], []],
                    decks=[[], ["wizards/scry", "aliens/invader", "robots/zapbot"]],
                    bases=[{"base": OASIS, "minions": [theirs(DOPPEL)]}, BRAIN])
    play(game, f"play ninjas/ninja-master#1 @ base:{OASIS}", DOPPEL + "#1")
    assert decision(game) == (1, "choose_card")  # its owner searches their deck
    assert options(game) == ["aliens/invader#1", "robots/zapbot#1"]
    play(game, "aliens/invader#1")
    # the search was shown to everyone: player 0 learns which card came out of the deck only
    seen = _names_in(game, game.events_for(0))
    assert "aliens/invader#1" in seen and "robots/zapbot#1" not in seen
    assert options(game) == [f"play aliens/invader#1 @ base:{OASIS}",
                             f"play aliens/invader#1 @ base:{BRAIN}"]
    play(game, f"play aliens/invader#1 @ base:{OASIS}")  # its old base is fine
    assert where(game, "aliens/invader#1") == at(OASIS)
    assert game.state.vp == [0, 1]


def test_doppelganger_on_a_scored_base_cannot_replace_onto_the_new_base():
    """Clarification: cards on a scored base are discarded before the base is replaced, so the
    minion Doppelgänger brings cannot go to the new base."""
    game = scenario(decks=[["robots/zapbot", "wizards/scry", "wizards/scry"], []],
                    bases=[{"base": OASIS, "minions": [DOPPEL, "dinosaurs/king-rex"]}, BRAIN],
                    base_deck=[CITY])
    play(game, "end")  # the Oasis (12) scores; Doppelgänger goes to the discard pile
    # the Zapbot, the only minion found, had one place to go: played there without a question
    assert where(game, "robots/zapbot#1") == at(BRAIN)
    assert where(game, "shapeshifters/doppelganger#1") == "discard:0"


def test_doppelganger_and_transmogrify_both_trigger():
    """Clarification: if Transmogrify destroys Doppelgänger, both abilities happen."""
    game = scenario(hands=[["shapeshifters/transmogrify"], []],
                    decks=[["robots/zapbot", "aliens/invader"], []],
                    bases=[{"base": OASIS, "minions": [DOPPEL]}, BRAIN])
    play(game, "play shapeshifters/transmogrify#1")
    # Transmogrify first: a minion of power 5 or less
    play(game, "aliens/invader#1", f"play aliens/invader#1 @ base:{OASIS}")
    # then Doppelgänger's own search
    play(game, f"play robots/zapbot#1 @ base:{BRAIN}")
    assert where(game, "robots/zapbot#1") == at(BRAIN)
    assert where(game, "aliens/invader#1") == at(OASIS)


def test_doppelganger_minion_that_cannot_be_played_is_discarded():
    """Clarification: if conditions prohibit playing the chosen minion, it is discarded. The
    only base is The Vats, where a Copycat already stands."""
    game = scenario(hands=[["ninjas/ninja-master"], []],
                    decks=[[], ["shapeshifters/copycat", "wizards/scry"]],
                    bases=[{"base": VATS, "minions": [theirs(DOPPEL), "shapeshifters/copycat"]}])
    play(game, f"play ninjas/ninja-master#1 @ base:{VATS}", DOPPEL + "#1")
    g = game.state
    assert [g.names[c] for c in g.discards[1]] == [DOPPEL + "#1", "shapeshifters/copycat#1"]


def test_doppelganger_returned_to_hand_does_nothing():
    game = scenario(hands=[["aliens/beam-up"], []], decks=[["robots/zapbot"], []],
                    bases=[{"base": OASIS, "minions": [DOPPEL]}, BRAIN])
    play(game, "play aliens/beam-up#1")
    assert where(game, DOPPEL + "#1") == "hand:0"
    assert decision(game) == (0, "main")
    assert where(game, "robots/zapbot#1") == "deck:0"


# ---- G.E.L.F. ----------------------------------------------------------------------------------

GELF = "shapeshifters/g-e-l-f"


def test_gelf_talent_swaps_itself_for_a_minion_of_power_four_or_less():
    game = scenario(decks=[["dinosaurs/king-rex", GELF, "robots/zapbot", "shapeshifters/mimic",
                            "wizards/archmage"], []],
                    bases=[{"base": OASIS, "minions": [GELF]}, BRAIN], plays={"minion": 0})
    assert power(game, GELF + "#2") == 4
    play(game, "use " + GELF + "#2")
    assert options(game) == ["robots/zapbot#1", "shapeshifters/mimic#1", "wizards/archmage#1"]
    play(game, "wizards/archmage#1")
    assert where(game, "wizards/archmage#1") == at(OASIS)  # here, without a minion play
    assert where(game, GELF + "#2") == "deck:0"
    assert decision(game) == (0, "main")


def test_gelf_with_nothing_to_find_still_shuffles_itself_in():
    game = scenario(decks=[["dinosaurs/king-rex"], []],
                    bases=[{"base": OASIS, "minions": [GELF]}, BRAIN])
    play(game, "use " + GELF + "#1")
    assert where(game, GELF + "#1") == "deck:0"
    assert where(game, "dinosaurs/king-rex#1") == "deck:0"


def test_gelf_found_minions_on_play_ability_happens():
    game = scenario(decks=[["aliens/invader"], []],
                    bases=[{"base": OASIS, "minions": [GELF]}, BRAIN])
    play(game, "use " + GELF + "#1")
    assert where(game, "aliens/invader#1") == at(OASIS)
    assert game.state.vp == [1, 0]
    assert "use " + GELF + "#1" not in options(game)


# ---- "...Really?" ------------------------------------------------------------------------------

REALLY = "shapeshifters/really"


def test_really_may_replay_the_destroyed_minion_at_once():
    """Clarification: you can destroy a minion and immediately play it from the discard
    pile."""
    game = scenario(hands=[[REALLY], []], discards=[["dinosaurs/king-rex"], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN])
    play(game, "play " + REALLY + "#1")
    assert options(game) == [f"play aliens/invader#1 @ base:{OASIS}",
                             f"play aliens/invader#1 @ base:{BRAIN}", "skip"]
    play(game, f"play aliens/invader#1 @ base:{BRAIN}")
    assert where(game, "aliens/invader#1") == at(BRAIN)
    assert game.state.vp == [1, 0]


def test_really_extra_minion_may_be_declined():
    game = scenario(hands=[[REALLY], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN])
    play(game, "play " + REALLY + "#1", "skip")
    assert where(game, "aliens/invader#1") == "discard:0"


def test_really_uses_the_destroyed_minions_current_power():
    """Ruling: "the same or lower power" is the destroyed minion's power as it was in play
    (the Zapbot with Upgrade had 4)."""
    game = scenario(hands=[[REALLY], []], discards=[["dinosaurs/lasertops", "dinosaurs/king-rex"],
                                                    []],
                    bases=[{"base": OASIS, "minions": [{"card": "robots/zapbot",
                                                        "attached": ["dinosaurs/upgrade"]}]},
                           BRAIN])
    play(game, "play " + REALLY + "#1")
    assert f"play dinosaurs/lasertops#1 @ base:{OASIS}" in options(game)
    assert not any("king-rex" in o for o in options(game))


def test_really_on_a_minion_that_cannot_be_destroyed_still_plays_one():
    """Ruling (as the Transmogrify and Bacta clarifications): the Warbot stays, and a minion
    of power 4 or less may still be played from the discard pile."""
    game = scenario(hands=[[REALLY], []], discards=[["wizards/archmage"], []],
                    bases=[{"base": OASIS, "minions": ["robots/warbot"]}, BRAIN])
    play(game, "play " + REALLY + "#1", f"play wizards/archmage#1 @ base:{OASIS}")
    assert where(game, "robots/warbot#1") == at(OASIS)
    assert where(game, "wizards/archmage#1") == at(OASIS)


def test_really_without_a_minion_of_yours_does_nothing():
    game = scenario(hands=[[REALLY], []], discards=[["wizards/archmage"], []],
                    bases=[{"base": OASIS, "minions": [theirs("robots/zapbot")]}, BRAIN])
    play(game, "play " + REALLY + "#1")
    assert decision(game) == (0, "main")
    assert where(game, "robots/zapbot#1") == at(OASIS)


# ---- Bacta the Future --------------------------------------------------------------------------

BACTA = "shapeshifters/bacta-the-future"


def test_bacta_destroys_a_minion_and_its_owner_may_play_an_extra_minion():
    game = scenario(hands=[[BACTA], ["aliens/invader", "wizards/scry"]],
                    bases=[{"base": OASIS, "minions": [theirs("robots/zapbot")]}, BRAIN])
    play(game, "play " + BACTA + "#1")
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert decision(game) == (1, "play_extra")
    play(game, f"play aliens/invader#1 @ base:{BRAIN}")
    assert where(game, "aliens/invader#1") == at(BRAIN)
    assert game.state.vp == [0, 1]
    assert decision(game) == (0, "main")


def test_bacta_owner_may_decline():
    game = scenario(hands=[[BACTA], ["aliens/invader"]],
                    bases=[{"base": OASIS, "minions": [theirs("robots/zapbot")]}, BRAIN])
    play(game, "play " + BACTA + "#1", "skip")
    assert where(game, "aliens/invader#1") == "hand:1"


def test_bacta_on_a_protected_minion_still_gives_the_extra_minion():
    """Clarification: if the chosen minion is protected, the rest still happens (the Warbot
    cannot be destroyed; its owner still may play an extra minion)."""
    game = scenario(hands=[[BACTA], ["aliens/invader"]],
                    bases=[{"base": OASIS, "minions": [theirs("robots/warbot")]}, BRAIN])
    play(game, "play " + BACTA + "#1")
    assert where(game, "robots/warbot#1") == at(OASIS)
    assert decision(game) == (1, "play_extra")


def test_bacta_on_your_own_minion_gives_you_the_extra_minion():
    game = scenario(hands=[[BACTA, "dinosaurs/king-rex"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot"]}, BRAIN],
                    plays={"minion": 0, "action": 1})
    play(game, "play " + BACTA + "#1", f"play dinosaurs/king-rex#1 @ base:{OASIS}")
    assert where(game, "dinosaurs/king-rex#1") == at(OASIS)


# ---- Genetic Shift -----------------------------------------------------------------------------

SHIFT = "shapeshifters/genetic-shift"


def test_genetic_shift_each_gives_plus_one_only_to_minions_already_in_play():
    """Clarification: the first part affects only minions in play at the time."""
    game = scenario(hands=[[SHIFT, "robots/warbot"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot", "aliens/invader",
                                                       theirs("wizards/archmage")]}, BRAIN])
    play(game, "play " + SHIFT + "#1", "choice:each", f"play robots/warbot#1 @ base:{OASIS}")
    assert power(game, "robots/zapbot#1") == 3
    assert power(game, "aliens/invader#1") == 4
    assert power(game, "wizards/archmage#1") == 4
    assert power(game, "robots/warbot#1") == 4
    end_turn(game)
    assert power(game, "robots/zapbot#1") == 2


def test_genetic_shift_one_gives_plus_three_until_the_end_of_the_turn():
    game = scenario(hands=[[SHIFT], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot", "aliens/invader"]},
                           BRAIN])
    play(game, "play " + SHIFT + "#1", "choice:one")
    assert options(game) == ["robots/zapbot#1", "aliens/invader#1"]
    play(game, "aliens/invader#1")
    assert power(game, "aliens/invader#1") == 6
    assert power(game, "robots/zapbot#1") == 2
    end_turn(game)
    assert power(game, "aliens/invader#1") == 3


def test_genetic_shift_without_minions_asks_nothing():
    game = scenario(hands=[[SHIFT], []], bases=BASES)
    play(game, "play " + SHIFT + "#1")
    assert decision(game) == (0, "main")


# ---- Mitosis -----------------------------------------------------------------------------------

MITOSIS = "shapeshifters/mitosis"


def test_mitosis_grants_an_extra_minion_of_that_name_only():
    game = scenario(hands=[[MITOSIS, "robots/zapbot", "aliens/invader"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot", "aliens/collector"]},
                           BRAIN],
                    plays={"minion": 0, "action": 1})
    play(game, "play " + MITOSIS + "#1")  # only the Zapbot has a copy in hand: no question
    assert f"play robots/zapbot#1 @ base:{BRAIN}" in options(game)
    assert not any("invader" in o for o in options(game))
    play(game, f"play robots/zapbot#1 @ base:{BRAIN}")
    assert where(game, "robots/zapbot#1") == at(BRAIN)


def test_mitosis_without_a_copy_in_hand_does_nothing():
    game = scenario(hands=[[MITOSIS, "aliens/invader"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot"]}, BRAIN],
                    plays={"minion": 0, "action": 1})
    play(game, "play " + MITOSIS + "#1")
    assert options(game) == ["end"]


def test_mitosis_copy_cannot_go_to_the_vats_beside_its_namesake():
    game = scenario(hands=[[MITOSIS, "robots/zapbot"], []],
                    bases=[{"base": VATS, "minions": ["robots/zapbot"]}, BRAIN],
                    plays={"minion": 0, "action": 1})
    play(game, "play " + MITOSIS + "#1")
    assert options(game) == [f"play robots/zapbot#1 @ base:{BRAIN}", "end"]


# ---- Shell Game and Splice as Nice -------------------------------------------------------------


def test_shell_game_minion_cannot_be_destroyed_and_is_not_offered():
    game = scenario(hands=[["shapeshifters/shell-game"], ["ninjas/seeing-stars"]],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot",
                                                       "robots/microbot-alpha"]}, BRAIN])
    play(game, "play shapeshifters/shell-game#1 on robots/zapbot#1")
    end_turn(game)
    play(game, "play ninjas/seeing-stars#1")  # only the Alpha can be destroyed: no question
    assert where(game, "robots/zapbot#1") == at(OASIS)
    assert where(game, "robots/microbot-alpha#1") == "discard:0"


def test_shell_game_stops_working_once_it_leaves():
    game = scenario(hands=[["wizards/sacrifice"], []], decks=[["aliens/invader"] * 3, []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "robots/zapbot", "attached": ["shapeshifters/shell-game"]}]},
                        BRAIN])
    play(game, "play wizards/sacrifice#1")
    assert where(game, "robots/zapbot#1") == at(OASIS)  # drew, but the Zapbot stays


def test_splice_as_nice_gives_plus_two_while_attached():
    game = scenario(hands=[["shapeshifters/splice-as-nice", "aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": [theirs("robots/zapbot")]}, BRAIN],
                    plays={"minion": 1, "action": 2})
    play(game, "play shapeshifters/splice-as-nice#1 on robots/zapbot#1")
    assert power(game, "robots/zapbot#1") == 4
    play(game, "play aliens/beam-up#1")  # the only minion in play
    assert where(game, "shapeshifters/splice-as-nice#1") == "discard:0"


# ---- Transmogrify ------------------------------------------------------------------------------

TRANSMOGRIFY = "shapeshifters/transmogrify"


def test_transmogrify_trades_a_minion_for_one_of_no_more_power_from_the_deck():
    game = scenario(hands=[[TRANSMOGRIFY], []],
                    decks=[["dinosaurs/king-rex", "wizards/archmage", "robots/zapbot",
                            "pirates/cut-lass"], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN])
    play(game, "play " + TRANSMOGRIFY + "#1")  # the Invader, its only minion, goes
    assert where(game, "aliens/invader#1") == "discard:0"
    assert options(game) == ["robots/zapbot#1", "pirates/cut-lass#1"]  # power 3 or less
    play(game, "robots/zapbot#1")
    assert any(ev["kind"] == "shuffled" for ev in game.events)
    seen = _names_in(game, game.events_for(1))
    assert "robots/zapbot#1" in seen and "pirates/cut-lass#1" not in seen
    play(game, f"play robots/zapbot#1 @ base:{BRAIN}")
    assert where(game, "robots/zapbot#1") == at(BRAIN)


def test_transmogrify_can_fetch_a_mimic_as_power_zero():
    """Mimic clarification: in the deck its power is 0, so Transmogrify finds it for a
    destroyed minion of any power."""
    game = scenario(hands=[[TRANSMOGRIFY], []],
                    decks=[["shapeshifters/mimic", "wizards/archmage"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot"]}, BRAIN])
    play(game, "play " + TRANSMOGRIFY + "#1")  # the Mimic is the only minion of power <= 2
    play(game, f"play shapeshifters/mimic#1 @ base:{OASIS}")
    assert where(game, "shapeshifters/mimic#1") == at(OASIS)
    assert where(game, "wizards/archmage#1") == "deck:0"


def test_transmogrify_on_a_protected_minion_still_searches():
    """Clarification: if the chosen minion is protected, the rest still happens."""
    game = scenario(hands=[[TRANSMOGRIFY], []], decks=[["wizards/archmage"], []],
                    bases=[{"base": OASIS, "minions": ["robots/warbot"]}, BRAIN])
    play(game, "play " + TRANSMOGRIFY + "#1", f"play wizards/archmage#1 @ base:{OASIS}")
    assert where(game, "robots/warbot#1") == at(OASIS)
    assert where(game, "wizards/archmage#1") == at(OASIS)


def test_transmogrify_with_nothing_to_find_only_destroys():
    game = scenario(hands=[[TRANSMOGRIFY], []], decks=[["dinosaurs/king-rex"], []],
                    bases=[{"base": OASIS, "minions": ["robots/zapbot"]}, BRAIN])
    play(game, "play " + TRANSMOGRIFY + "#1")
    assert where(game, "robots/zapbot#1") == "discard:0"
    assert where(game, "dinosaurs/king-rex#1") == "deck:0"
    assert decision(game) == (0, "main")


# ---- Faceless City -----------------------------------------------------------------------------


def test_faceless_city_may_fetch_a_copy_once_per_turn():
    game = scenario(hands=[["robots/zapbot", "robots/zapbot"], []],
                    decks=[["robots/zapbot", "aliens/invader", "robots/zapbot"], []],
                    bases=[CITY, OASIS], plays={"minion": 2})
    play(game, f"play robots/zapbot#1 @ base:{CITY}")
    assert decision(game) == (0, "me_first")
    play(game, "trigger base:faceless-city")
    assert options(game) == ["robots/zapbot#3", "robots/zapbot#4"]
    play(game, "robots/zapbot#4")
    assert where(game, "robots/zapbot#4") == "hand:0"
    assert "robots/zapbot#4" in _names_in(game, game.events_for(1))  # shown to everyone
    # the Zapbot's extra minion (power 2 or less) goes here too: no second fetch this turn
    play(game, f"play robots/zapbot#2 @ base:{CITY}")
    assert decision(game) == (0, "main")


def test_faceless_city_declined_stays_available_and_ignores_other_bases():
    game = scenario(hands=[["aliens/invader", "aliens/invader"], []],
                    decks=[["aliens/invader"], []],
                    bases=[CITY, OASIS], plays={"minion": 2})
    play(game, f"play aliens/invader#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    play(game, f"play aliens/invader#2 @ base:{CITY}", "pass")
    assert decision(game) == (0, "main")
    game = scenario(hands=[["aliens/invader", "aliens/invader"], []],
                    decks=[["aliens/invader"], []],
                    bases=[CITY, OASIS], plays={"minion": 2})
    play(game, f"play aliens/invader#1 @ base:{CITY}", "pass",
         f"play aliens/invader#2 @ base:{CITY}", "trigger base:faceless-city")
    assert where(game, "aliens/invader#3") == "hand:0"


def test_faceless_city_search_of_a_last_card_shows_it_to_the_searcher_only():
    """A search with no copy to find still looks through the deck: with one card left (no
    shuffle needed) its player keeps knowing it; the other player learns nothing."""
    game = scenario(hands=[["aliens/invader"], []], decks=[["wizards/scry"], []],
                    bases=[CITY, OASIS])
    play(game, f"play aliens/invader#1 @ base:{CITY}", "trigger base:faceless-city")
    assert where(game, "wizards/scry#1") == "deck:0"
    assert ["wizards/scry#1", "deck", 0] in game.observation(0)["known"]
    assert ["wizards/scry#1", "deck", 0] not in game.observation(1)["known"]
    assert "wizards/scry#1" not in _names_in(game, game.events_for(1))


# ---- The Vats ----------------------------------------------------------------------------------


def test_the_vats_forbids_a_second_minion_of_the_same_name_but_not_a_move():
    game = scenario(hands=[["robots/zapbot", "aliens/invader", "ninjas/way-of-deception"], []],
                    bases=[{"base": VATS, "minions": [theirs("robots/zapbot")]},
                           {"base": OASIS, "minions": ["robots/zapbot"]}])
    assert f"play robots/zapbot#1 @ base:{VATS}" not in options(game)
    assert f"play robots/zapbot#1 @ base:{OASIS}" in options(game)
    assert f"play aliens/invader#1 @ base:{VATS}" in options(game)
    play(game, "play ninjas/way-of-deception#1")  # the only minion of player 0 moves there
    assert where(game, "robots/zapbot#3") == at(VATS)


def test_the_vats_does_not_see_a_copied_name():
    """Copying brings no name: a Copycat that copied a Zapbot is still a Copycat, so a Zapbot
    may join it at The Vats."""
    game = scenario(hands=[["shapeshifters/copycat", "robots/zapbot"], []],
                    bases=[{"base": VATS, "minions": []},
                           {"base": OASIS, "minions": [theirs("robots/zapbot")]}],
                    plays={"minion": 1})
    play(game, f"play shapeshifters/copycat#1 @ base:{VATS}", f"play robots/zapbot#1 @ "
                                                                f"base:{VATS}")
    assert where(game, "robots/zapbot#1") == at(VATS)


# ---- helpers -----------------------------------------------------------------------------------


def _view(game, name: str) -> dict:
    for base in game.observation(0)["bases"]:
        for m in base["minions"]:
            if m["id"] == name:
                return m
            for a in m["attached"]:
                if a["id"] == name:
                    return a
    raise KeyError(name)


def _names_in(game, events) -> list[str]:
    """Every card an event list (as one seat gets it) names; hidden ones read "a card"."""
    found = []
    for ev in events:
        for field in ("card", "cards", "other"):
            value = ev.get(field)
            for v in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(v, int):
                    found.append(game.state.names[v])
                elif isinstance(v, str):
                    found.append(v)
    return found
