"""Changerbots (Cease and Desist) and their bases Changing Room and Unicrave: each card's
ability, scripted strictly on a described board; the general mechanics they brought (losing
abilities, talents granted by actions, move history, replacing the base being scored)."""

import pytest

from smashup import REGISTRY
from smashup.engine.facts.abilities import has_lost_abilities, lose_abilities
from smashup.engine.facts.copies import copy_abilities
from smashup.engine.facts.moves import previous_base, record_move
from smashup.engine.facts.query import can_be_destroyed
from smashup.engine.mechanics.scoring_swap import replace_scoring_base
from smashup.engine.rules.modifiers import until_end_of_turn
from smashup.testing import (
    base_power,
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    played_for_nothing,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
HOME = "factory-436-1337"  # breakpoint 25: does not score in these tests
BRAIN = "the-central-brain"  # +1 power to each minion here
MALL = "rhodes-plaza-mall"  # breakpoint 24
VOLCANO = "secret-volcano-headquarters"  # before scoring: each player there plays off the top
ROOM = "changing-room"
UNICRAVE = "unicrave"

BOTS = "changerbots"
LEADER = f"{BOTS}/leader-two"
SOLAR = f"{BOTS}/solarshout"
BRUISER = f"{BOTS}/bruiser"
HUFFIE = f"{BOTS}/huffie"
ARMOR = f"{BOTS}/cesium-armor"
GUN = f"{BOTS}/change-into-a-gun"
ROLL = f"{BOTS}/change-up-and-roll-on"
FLIGHT = f"{BOTS}/flighterizer"
MERGE = f"{BOTS}/form-mergacon"
MATRIX = f"{BOTS}/matrix-of-bossiness"
PASSENGERS = f"{BOTS}/passengers"
TOUCH = f"{BOTS}/the-touch"

MASTER = "ninjas/ninja-master"  # on play: may destroy a minion at its base
WARBOT = "robots/warbot"  # ongoing: cannot be destroyed
ALPHA = "robots/microbot-alpha"  # ongoing: +1 per other minion you have
ARCHMAGE = "wizards/archmage"  # talent: an extra action
DECK = ["zombies/walker"] * 6
QUIET = ["robots/warbot"] * 6  # minions without an on-play ability


def theirs(card: str, *attached: str) -> dict:
    return {"card": card, "controller": 1, "owner": 1, "attached": list(attached)}


def mine(card: str, *attached: str) -> dict:
    return {"card": card, "attached": list(attached)}


def end_turn(game) -> None:
    """End the current turn (no base ready) and reach the next Play Cards decision."""
    play(game, "end")
    pass_until_main(game)


# ---- Leader Two ------------------------------------------------------------------------------


def test_leader_two_gives_another_of_your_minions_two_power_until_the_turn_ends():
    """Ruling: the pick is not optional, and any of your other minions may get it (at any
    base)."""
    game = scenario(hands=[[LEADER], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE, theirs(BRUISER)]},
                           {"base": MALL, "minions": [SOLAR]}])
    play(game, f"play {LEADER}#1 @ base:{HOME}")
    assert decision(game) == (0, "choose_minion")
    # only your other minions: not itself, not the opponent's
    assert options(game) == [f"{HUFFIE}#1", f"{SOLAR}#1"]
    play(game, f"{SOLAR}#1")
    assert power(game, f"{SOLAR}#1") == 6
    assert power(game, f"{LEADER}#1") == 6
    end_turn(game)
    assert power(game, f"{SOLAR}#1") == 4


def test_leader_two_with_no_other_minion_of_yours_does_nothing():
    game = scenario(hands=[[LEADER], []],
                    bases=[{"base": HOME, "minions": [theirs(HUFFIE)]}, MALL])
    play(game, f"play {LEADER}#1 @ base:{HOME}")
    assert decision(game) == (0, "main")
    assert power(game, f"{HUFFIE}#1") == 3


def test_leader_two_is_a_power_six_minion_and_counts_six_at_a_base():
    game = scenario(hands=[[LEADER], []], bases=[HOME, MALL])
    play(game, f"play {LEADER}#1 @ base:{HOME}")
    assert base_power(game, HOME) == 6


# ---- Solarshout ------------------------------------------------------------------------------


def test_solarshout_talent_gives_an_extra_action_and_minus_two_until_the_turn_ends():
    game = scenario(hands=[[MERGE, "aliens/beam-up"], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [SOLAR]}, MALL],
                    plays={"minion": 1, "action": 0})
    assert f"play {MERGE}#1" not in options(game)
    play(game, f"use {SOLAR}#1")
    assert power(game, f"{SOLAR}#1") == 2
    play(game, f"play {MERGE}#1")  # the extra action (one base with a minion of yours)
    assert power(game, f"{SOLAR}#1") == 3
    # once per turn
    assert f"use {SOLAR}#1" not in options(game)
    end_turn(game)
    assert power(game, f"{SOLAR}#1") == 4


def test_solarshout_clarification_minus_two_stays_after_it_loses_its_abilities():
    """Solarshout's clarification: once its talent was used, the -2 lasts even if the minion
    then loses its abilities (The Touch)."""
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(SOLAR, TOUCH)]}, MALL])
    play(game, f"use {SOLAR}#1", f"use {TOUCH}#1")
    assert power(game, f"{SOLAR}#1") == 4 - 2 + 3


def test_solarshout_may_be_used_with_no_action_in_hand():
    """Ruling: a talent may be used even when its extra play cannot be used."""
    game = scenario(bases=[{"base": HOME, "minions": [SOLAR]}, MALL])
    assert f"use {SOLAR}#1" in options(game)


# ---- Bruiser ---------------------------------------------------------------------------------


def test_bruiser_cannot_be_destroyed():
    game = scenario(hands=[[MASTER], []],
                    bases=[{"base": HOME, "minions": [theirs(BRUISER), theirs(HUFFIE)]}, MALL])
    play(game, f"play {MASTER}#1 @ base:{HOME}")
    # Bruiser is not offered (every option must take effect)
    assert f"{BRUISER}#1" not in options(game)
    assert f"{HUFFIE}#1" in options(game)


def test_bruiser_talent_plus_two_and_destroyable_until_the_start_of_your_next_turn():
    game = scenario(hands=[[], [MASTER, MASTER]], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [BRUISER]}, MALL])
    play(game, f"use {BRUISER}#1")
    assert power(game, f"{BRUISER}#1") == 4
    end_turn(game)  # the opponent's turn: still without abilities
    assert power(game, f"{BRUISER}#1") == 4
    g = game.state
    assert can_be_destroyed(g, card_id(game, f"{BRUISER}#1"))
    play(game, f"play {MASTER}#1 @ base:{HOME}")
    assert f"{BRUISER}#1" in options(game)
    play(game, "skip")
    end_turn(game)  # the start of its controller's turn: the abilities and the power end
    assert power(game, f"{BRUISER}#1") == 2
    assert not can_be_destroyed(game.state, card_id(game, f"{BRUISER}#1"))
    assert f"use {BRUISER}#1" in options(game)


def test_bruiser_clarification_loses_granted_abilities_but_not_action_effects():
    """Bruiser's clarification: its talent takes away the abilities actions gave it
    (Flighterizer's talent) but not what actions' own abilities do (Cesium Armor's +2 and
    protection, Matrix of Bossiness's printed 5)."""
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(BRUISER, FLIGHT, ARMOR, MATRIX)]},
                           MALL])
    assert f"use {FLIGHT}#1" in options(game)
    play(game, f"use {BRUISER}#1")
    assert f"use {FLIGHT}#1" not in options(game)
    # printed 5 (Matrix) + 2 (armor) + 2 (talent)
    assert power(game, f"{BRUISER}#1") == 5 + 2 + 2
    assert not can_be_destroyed(game.state, card_id(game, f"{BRUISER}#1"))


def test_bruiser_clarification_abilities_gained_after_the_talent_are_kept():
    """Bruiser's clarification: an ability gained after the talent was used (Flighterizer
    played on it afterwards) is not lost."""
    game = scenario(hands=[[FLIGHT], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [BRUISER]}, MALL])
    play(game, f"use {BRUISER}#1", f"play {FLIGHT}#1 on {BRUISER}#1")
    assert f"use {FLIGHT}#1" in options(game)
    play(game, f"use {FLIGHT}#1")  # two bases: the move is forced
    assert where(game, f"{BRUISER}#1") == f"minion@base:{MALL}"
    assert power(game, f"{BRUISER}#1") == 2 + 2 - 1


# ---- Huffie ----------------------------------------------------------------------------------


def test_huffie_talent_moves_it_to_another_base_with_minus_one():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE]}, BRAIN, MALL])
    play(game, f"use {HUFFIE}#1")
    assert options(game) == [f"base:{BRAIN}", f"base:{MALL}"]
    play(game, f"base:{BRAIN}")
    assert where(game, f"{HUFFIE}#1") == f"minion@base:{BRAIN}"
    assert power(game, f"{HUFFIE}#1") == 3 + 1 - 1
    assert f"use {HUFFIE}#1" not in options(game)
    end_turn(game)
    assert power(game, f"{HUFFIE}#1") == 3 + 1


def test_huffie_talent_is_not_offered_with_nowhere_to_go():
    game = scenario(players=2, bases=[{"base": HOME, "minions": [HUFFIE]}])
    assert f"use {HUFFIE}#1" not in options(game)


# ---- Cesium Armor ----------------------------------------------------------------------------


def test_cesium_armor_gives_any_minion_plus_two_and_protection_from_destruction():
    game = scenario(hands=[[ARMOR], [MASTER]], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [theirs(HUFFIE)]}, MALL])
    play(game, f"play {ARMOR}#1 on {HUFFIE}#1")  # any minion, an opponent's too
    assert power(game, f"{HUFFIE}#1") == 5
    end_turn(game)
    play(game, f"play {MASTER}#1 @ base:{HOME}")
    # the armored Huffie cannot be destroyed: only the Ninja Master itself is offered
    assert f"{HUFFIE}#1" not in options(game)


def test_changerbots_actions_that_directly_increase_power_are_marked():
    marked = {d.name for d in REGISTRY.factions[BOTS] if d.boosts_power}
    assert marked == {"Cesium Armor", "Form Mergacon", "Matrix of Bossiness"}


def test_cesium_armor_moves_with_its_minion():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(HUFFIE, ARMOR)]}, MALL])
    play(game, f"use {HUFFIE}#1")
    assert where(game, f"{ARMOR}#1") == f"on:{HUFFIE}#1"
    assert power(game, f"{HUFFIE}#1") == 3 + 2 - 1
    assert not can_be_destroyed(game.state, card_id(game, f"{HUFFIE}#1"))


def test_boosting_actions_report_the_minions_they_directly_boosted():
    """C&D "directly increases power" (engine/facts/boosts.py): Form Mergacon boosts each of your
    minions at the base, Cesium Armor its host; The Touch (it grants a talent) boosts none."""
    game = scenario(hands=[[MERGE, ARMOR, TOUCH], []], decks=[DECK, DECK],
                    plays={"minion": 1, "action": 3},
                    bases=[{"base": HOME, "minions": [HUFFIE, SOLAR]}, MALL])

    def boosted() -> list[tuple[str, ...]]:
        g = game.state
        return [tuple(g.names[m] for m in ev["minions"]) for ev in game.events
                if ev["kind"] == "boosted"]

    play(game, f"play {MERGE}#1")  # one base with minions of yours: chosen without asking
    assert boosted() == [(f"{HUFFIE}#1", f"{SOLAR}#1")]
    play(game, f"play {ARMOR}#1 on {SOLAR}#1")
    assert boosted() == [(f"{SOLAR}#1",)]
    play(game, f"play {TOUCH}#1 on {HUFFIE}#1")
    assert boosted() == []


# ---- Change Into A Gun -----------------------------------------------------------------------


def test_change_into_a_gun_destroys_a_minion_of_power_four_or_less_there():
    """Rulings: the target is another minion than the host, its power counted with the
    host's -2 already there; it is destroyed when there is one (no "may")."""
    game = scenario(hands=[[GUN], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [LEADER, theirs(HUFFIE), theirs(MASTER)]},
                           {"base": MALL, "minions": [theirs(BRUISER, ARMOR)]}])
    opts = options(game)
    assert f"play {GUN}#1 on {LEADER}#1" in opts
    assert f"play {GUN}#1 on {HUFFIE}#1" not in opts  # only on your own minions
    play(game, f"play {GUN}#1 on {LEADER}#1")
    # the host is not a target; the Ninja Master (5) is too strong; Huffie is the only one
    assert where(game, f"{HUFFIE}#1") == "discard:1"
    assert power(game, f"{LEADER}#1") == 4


def test_change_into_a_gun_may_be_played_with_no_target_and_only_gives_minus_two():
    """Ruling (guide R:): it may be played when no minion of power 4 or less is there."""
    game = scenario(hands=[[GUN], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [SOLAR, theirs(MASTER)]}, MALL])
    play(game, f"play {GUN}#1 on {SOLAR}#1")
    assert decision(game) == (0, "main")
    assert power(game, f"{SOLAR}#1") == 2
    assert where(game, f"{MASTER}#1") == f"minion@base:{HOME}"


def test_change_into_a_gun_is_destroyed_at_the_start_of_your_next_turn():
    game = scenario(hands=[[GUN], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [SOLAR]}, MALL])
    play(game, f"play {GUN}#1 on {SOLAR}#1")
    end_turn(game)  # the opponent's turn: still there
    assert where(game, f"{GUN}#1") == f"on:{SOLAR}#1"
    end_turn(game)
    assert where(game, f"{GUN}#1") == "discard:0"
    assert power(game, f"{SOLAR}#1") == 4


def test_change_into_a_gun_cannot_shoot_a_minion_that_cannot_be_destroyed():
    """Core interaction (protection against destruction): a Warbot is never offered."""
    game = scenario(hands=[[GUN], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [LEADER, theirs(WARBOT),
                                                       theirs(SOLAR)]}, MALL])
    play(game, f"play {GUN}#1 on {LEADER}#1")
    assert where(game, f"{SOLAR}#1") == "discard:1"
    assert where(game, f"{WARBOT}#1") == f"minion@base:{HOME}"


# ---- Change Up and Roll On -------------------------------------------------------------------


def roll_on_board(**more) -> dict:
    fields = dict(hands=[[ROLL], []], decks=[DECK, DECK],
                  bases=[{"base": OASIS, "minions": [LEADER, theirs(BRUISER), theirs(MASTER)]},
                         {"base": MALL, "minions": [HUFFIE, SOLAR, theirs(HUFFIE)]}])
    fields.update(more)
    return fields


def test_change_up_and_roll_on_played_in_the_play_cards_phase_does_nothing():
    """Ruling: its Special gives the time of its ability, not a time for playing the card; so,
    like Hidden Ninja, it may be played in the Play Cards phase (core rulebook, "Void Where
    Prohibited": a card may be played even if its ability can't happen) and moves nothing."""
    game = scenario(**roll_on_board())
    assert played_for_nothing(game, f"{ROLL}#1")


def test_change_up_and_roll_on_moves_your_minions_to_the_scoring_base_with_minus_one():
    game = scenario(**roll_on_board())
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"special {ROLL}#1")
    assert options(game) == [f"{HUFFIE}#1", f"{SOLAR}#1", "done"]
    # the last one ends the pick by itself; the window closes and the base scores with them
    play(game, f"{HUFFIE}#1", f"{SOLAR}#1")
    g = game.state
    scored = next(ev for ev in game.events if ev["kind"] == "scored")
    # 6 + (3 - 1) + (4 - 1) = 11 against 2 + 5 = 7: first place's 2 VP
    assert scored["ranks"] == {0: 1, 1: 2}
    moved = [ev["card"] for ev in game.events if ev["kind"] == "moved"]
    assert moved == [card_id(game, f"{HUFFIE}#1"), card_id(game, f"{SOLAR}#1")]
    assert where(game, f"{ROLL}#1") == "discard:0"
    assert g.vp == [2, 0]


def test_change_up_and_roll_on_is_offered_only_with_a_minion_that_could_come():
    """Ruling: every option takes effect, so with all your minions already at the scoring base
    the Special is not offered (and no window asks player 0)."""
    game = scenario(hands=[[ROLL], []], decks=[DECK, DECK],
                    bases=[{"base": OASIS, "minions": [LEADER, HUFFIE, theirs(SOLAR)]}, MALL])
    play(game, "end")
    assert any(ev["kind"] == "scored" for ev in game.events)
    assert where(game, f"{ROLL}#1") == "hand:0"


def test_change_up_and_roll_on_may_move_none():
    """"Any number" includes zero."""
    game = scenario(**roll_on_board())
    play(game, "end", f"special {ROLL}#1", "done")
    assert where(game, f"{HUFFIE}#1") == f"minion@base:{MALL}"
    pass_until_main(game)
    assert game.state.vp == [0, 2]


def test_change_up_and_roll_on_on_another_players_turn():
    """A Special in a scoring window of another player's turn (core interaction: the
    Ninjas' usual timing); the moved minions are 1 weaker for the rest of that turn."""
    game = scenario(hands=[[ROLL], []], decks=[DECK, DECK], current=1,
                    bases=[{"base": OASIS, "minions": [theirs(LEADER), theirs(WARBOT),
                                                       theirs(HUFFIE)]},
                           {"base": MALL, "minions": [LEADER, HUFFIE]}])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"special {ROLL}#1", f"{LEADER}#2", "done")  # (#1: the opponent's)
    scored = next(ev for ev in game.events if ev["kind"] == "scored")
    # 6 - 1 = 5 against 13: second place
    assert scored["ranks"] == {0: 2, 1: 1}
    assert where(game, f"{LEADER}#2") == "discard:0"
    assert where(game, f"{HUFFIE}#2") == f"minion@base:{MALL}"


# ---- Flighterizer ----------------------------------------------------------------------------


def test_flighterizer_gives_its_minion_a_moving_talent_beside_its_own():
    """Guide §4.3 R: a minion with two talents uses each once per turn."""
    game = scenario(hands=[[FLIGHT], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE]}, MALL, BRAIN])
    play(game, f"play {FLIGHT}#1 on {HUFFIE}#1")
    opts = options(game)
    assert f"use {HUFFIE}#1" in opts and f"use {FLIGHT}#1" in opts
    play(game, f"use {FLIGHT}#1", f"base:{MALL}")
    assert where(game, f"{HUFFIE}#1") == f"minion@base:{MALL}"
    assert f"use {FLIGHT}#1" not in options(game)
    play(game, f"use {HUFFIE}#1", f"base:{BRAIN}")
    assert power(game, f"{HUFFIE}#1") == 3 - 2 + 1
    assert options(game) == ["end"]


def test_flighterizer_goes_only_on_your_minions_and_its_talent_is_the_minions():
    game = scenario(hands=[[FLIGHT], []],
                    bases=[{"base": HOME, "minions": [SOLAR, theirs(HUFFIE)]}, MALL])
    opts = options(game)
    assert f"play {FLIGHT}#1 on {SOLAR}#1" in opts
    assert f"play {FLIGHT}#1 on {HUFFIE}#1" not in opts


def test_flighterizer_talent_is_lost_when_its_minion_leaves_play():
    game = scenario(hands=[["aliens/beam-up"], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(SOLAR, FLIGHT)]}, MALL])
    play(game, "play aliens/beam-up#1")  # the only minion: returned without asking
    assert where(game, f"{FLIGHT}#1") == "discard:0"
    assert not any(o.startswith("use ") for o in options(game))


# ---- Form Mergacon ---------------------------------------------------------------------------


def test_form_mergacon_gives_your_minions_at_a_base_plus_one():
    game = scenario(hands=[[MERGE], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE, SOLAR, theirs(BRUISER)]},
                           {"base": MALL, "minions": [LEADER]}])
    play(game, f"play {MERGE}#1")
    assert options(game) == [f"base:{HOME}", f"base:{MALL}"]
    play(game, f"base:{HOME}")
    assert power(game, f"{HUFFIE}#1") == 4 and power(game, f"{SOLAR}#1") == 5
    assert power(game, f"{BRUISER}#1") == 2 and power(game, f"{LEADER}#1") == 6
    end_turn(game)
    assert power(game, f"{HUFFIE}#1") == 3


def test_form_mergacon_clarification_minions_played_after_it_are_not_boosted():
    """Form Mergacon's clarification: it does not affect minions played after this card."""
    game = scenario(hands=[[MERGE, SOLAR], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE]}, MALL])
    play(game, f"play {MERGE}#1", f"play {SOLAR}#1 @ base:{HOME}")
    assert power(game, f"{HUFFIE}#1") == 4
    assert power(game, f"{SOLAR}#1") == 4


# ---- Matrix of Bossiness ---------------------------------------------------------------------


def test_matrix_of_bossiness_makes_printed_power_count_as_five():
    game = scenario(hands=[[MATRIX, GUN], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE, LEADER]}, MALL],
                    plays={"minion": 1, "action": 2})
    play(game, f"play {MATRIX}#1 on {HUFFIE}#1")
    assert power(game, f"{HUFFIE}#1") == 5
    # modifiers still apply on top of the printed 5
    play(game, f"play {GUN}#1 on {HUFFIE}#1")
    assert power(game, f"{HUFFIE}#1") == 3
    assert not any(o.startswith(f"play {MATRIX}#1 on {LEADER}") for o in options(game))


def test_matrix_of_bossiness_lowers_a_minion_printed_above_five():
    """Ruling: "treated as if it were 5" also holds for Leader Two's printed 6."""
    game = scenario(hands=[[MATRIX], []],
                    bases=[{"base": HOME, "minions": [LEADER]}, MALL])
    play(game, f"play {MATRIX}#1 on {LEADER}#1")
    assert power(game, f"{LEADER}#1") == 5


# ---- Passengers ------------------------------------------------------------------------------


def test_passengers_brings_another_of_your_minions_from_the_base_it_left():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(HUFFIE, PASSENGERS), SOLAR,
                                                       LEADER, theirs(BRUISER)]},
                           {"base": MALL, "minions": [theirs(HUFFIE)]}])
    assert f"use {PASSENGERS}#1" not in options(game)  # it has not moved this turn
    play(game, f"use {HUFFIE}#1")  # two bases: the move is forced
    assert where(game, f"{HUFFIE}#1") == f"minion@base:{MALL}"
    play(game, f"use {PASSENGERS}#1")
    assert options(game) == [f"{SOLAR}#1", f"{LEADER}#1"]
    play(game, f"{LEADER}#1")
    assert where(game, f"{LEADER}#1") == f"minion@base:{MALL}"
    assert where(game, f"{BRUISER}#1") == f"minion@base:{HOME}"


def test_passengers_on_an_opponents_minion_gives_the_talent_to_that_player():
    """Guide §4.3 R: a talent an action grants belongs to the minion and is used by its
    controller."""
    game = scenario(hands=[[PASSENGERS], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [SOLAR, theirs(HUFFIE), theirs(LEADER)]},
                           MALL])
    play(game, f"play {PASSENGERS}#1 on {HUFFIE}#1")
    assert f"use {PASSENGERS}#1" not in options(game)
    end_turn(game)
    play(game, f"use {HUFFIE}#1")
    assert f"use {PASSENGERS}#1" in options(game)
    play(game, f"use {PASSENGERS}#1")  # Leader Two is player 1's only other minion there
    assert where(game, f"{LEADER}#1") == f"minion@base:{MALL}"
    assert where(game, f"{SOLAR}#1") == f"minion@base:{HOME}"


def test_passengers_is_not_offered_with_none_of_your_minions_at_the_base_it_left():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(HUFFIE, PASSENGERS), theirs(SOLAR)]},
                           {"base": MALL, "minions": [LEADER]}])
    play(game, f"use {HUFFIE}#1")
    assert where(game, f"{HUFFIE}#1") == f"minion@base:{MALL}"
    assert f"use {PASSENGERS}#1" not in options(game)


def test_passengers_uses_the_base_left_in_the_most_recent_move():
    """Ruling (guide R:): "the previous base" is the base left in the latest move this turn."""
    game = scenario(hands=[[FLIGHT], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(HUFFIE, PASSENGERS), SOLAR]},
                           {"base": MALL, "minions": [LEADER]}, BRAIN])
    play(game, f"play {FLIGHT}#1 on {HUFFIE}#1")
    play(game, f"use {HUFFIE}#1", f"base:{MALL}", f"use {FLIGHT}#1", f"base:{BRAIN}")
    play(game, f"use {PASSENGERS}#1")  # from Rhodes Plaza Mall, the base it left last
    assert where(game, f"{LEADER}#1") == f"minion@base:{BRAIN}"
    assert where(game, f"{SOLAR}#1") == f"minion@base:{HOME}"


# ---- The Touch -------------------------------------------------------------------------------


def test_the_touch_gives_plus_three_and_removes_an_ongoing_protection_until_the_turn_ends():
    """Core interaction (protection against destruction): a Warbot with The Touch used can
    be destroyed until the end of the turn."""
    game = scenario(hands=[[MASTER], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(WARBOT, TOUCH)]}, MALL])
    play(game, f"use {TOUCH}#1")
    assert power(game, f"{WARBOT}#1") == 7
    play(game, f"play {MASTER}#1 @ base:{HOME}")
    assert f"{WARBOT}#1" in options(game)
    play(game, f"{WARBOT}#1")
    assert where(game, f"{WARBOT}#1") == "discard:0"
    assert where(game, f"{TOUCH}#1") == "discard:0"


def test_the_touch_silences_an_ongoing_ability_that_reaches_the_other_minions_too():
    """Core interaction (ongoing minions): Microbot Alpha makes every minion of yours a
    Microbot, so Microbot Fixer's +1 reaches Huffie; while the Alpha has lost its abilities
    Huffie is no Microbot; back when the turn ends."""
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(ALPHA, TOUCH), HUFFIE,
                                                       "robots/microbot-fixer"]}, MALL])
    assert power(game, f"{HUFFIE}#1") == 3 + 1
    play(game, f"use {TOUCH}#1")
    assert power(game, f"{HUFFIE}#1") == 3
    end_turn(game)
    assert power(game, f"{HUFFIE}#1") == 3 + 1


def test_the_touch_clarification_loses_other_granted_talents_not_action_effects():
    """The Touch's clarification: the other abilities actions gave it (a second The Touch,
    Flighterizer) go; Cesium Armor's +2 and protection stay."""
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(SOLAR, TOUCH, FLIGHT, TOUCH,
                                                            ARMOR)]}, MALL])
    play(game, f"use {TOUCH}#1")
    assert not any(o.startswith("use ") for o in options(game))
    assert power(game, f"{SOLAR}#1") == 4 + 3 + 2
    assert not can_be_destroyed(game.state, card_id(game, f"{SOLAR}#1"))
    end_turn(game)
    end_turn(game)
    assert f"use {FLIGHT}#1" in options(game) and f"use {TOUCH}#2" in options(game)


def test_the_touch_silences_a_triggered_ability():
    """Core interaction (ongoing minions): Microbot Archive, without its abilities, draws
    nothing when it is destroyed."""
    game = scenario(hands=[[MASTER], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine("robots/microbot-archive", TOUCH)]},
                           MALL])
    play(game, f"use {TOUCH}#1", f"play {MASTER}#1 @ base:{HOME}", "robots/microbot-archive#1")
    assert where(game, "robots/microbot-archive#1") == "discard:0"
    assert not any(ev["kind"] == "drew" for ev in game.events)


def test_microbot_archive_with_its_abilities_draws_when_destroyed():
    """The same board without The Touch used: the Archive draws (the test above can fail)."""
    game = scenario(hands=[[MASTER], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine("robots/microbot-archive", TOUCH)]},
                           MALL])
    play(game, f"play {MASTER}#1 @ base:{HOME}", "robots/microbot-archive#1")
    assert any(ev["kind"] == "drew" for ev in game.events)


def test_the_touch_goes_only_on_your_minions():
    game = scenario(hands=[[TOUCH], []],
                    bases=[{"base": HOME, "minions": [SOLAR, theirs(HUFFIE)]}, MALL])
    assert f"play {TOUCH}#1 on {HUFFIE}#1" not in options(game)
    assert f"play {TOUCH}#1 on {SOLAR}#1" in options(game)


# ---- losing abilities with copies, move history (the engine's general mechanics) -------------


def test_losing_abilities_silences_copied_abilities_but_keeps_a_copy_made_afterwards():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE, theirs(WARBOT),
                                                       theirs(BRUISER)]}, MALL])
    g = game.state
    huffie, warbot, bruiser = (card_id(game, n) for n in (f"{HUFFIE}#1", f"{WARBOT}#1",
                                                          f"{BRUISER}#1"))
    copy_abilities(g, huffie, warbot, until_end_of_turn(g), 0)
    assert not can_be_destroyed(g, huffie)
    lose_abilities(g, huffie, until_end_of_turn(g), 0)
    assert has_lost_abilities(g, huffie)
    assert can_be_destroyed(g, huffie)  # the copied protection went with the loss
    copy_abilities(g, huffie, bruiser, until_end_of_turn(g), 0)
    assert not can_be_destroyed(g, huffie)  # a copy made afterwards is kept
    assert f"use {HUFFIE}#1" in options(game)  # Bruiser's talent, copied (its own is lost)


def test_cellular_bonding_copying_flighterizer_gives_its_own_minion_the_talent():
    """Copied abilities (engine/facts/copies.py): Cellular Bonding that copies Flighterizer gives
    the talent to the minion Cellular Bonding is on, used once per turn by its controller."""
    game = scenario(hands=[["shapeshifters/cellular-bonding"], []], decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [LEADER, mine(SOLAR, FLIGHT)]}, MALL])
    play(game, f"play shapeshifters/cellular-bonding#1 on {LEADER}#1")  # the one action
    assert "use shapeshifters/cellular-bonding#1" in options(game)
    play(game, "use shapeshifters/cellular-bonding#1")
    assert where(game, f"{LEADER}#1") == f"minion@base:{MALL}"
    assert power(game, f"{LEADER}#1") == 5
    assert "use shapeshifters/cellular-bonding#1" not in options(game)


def test_move_history_records_the_base_left_in_the_latest_move_this_turn():
    game = scenario(bases=[{"base": HOME, "minions": [HUFFIE]}, MALL, BRAIN])
    g = game.state
    huffie = card_id(game, f"{HUFFIE}#1")
    assert previous_base(g, huffie) is None
    record_move(g, huffie, 1)
    record_move(g, huffie, 2)
    assert previous_base(g, huffie) == 2
    g.turn += 1  # a new turn forgets the moves
    assert previous_base(g, huffie) is None


# ---- Changing Room ---------------------------------------------------------------------------


def test_changing_room_gives_plus_one_after_a_minion_here_uses_a_talent():
    game = scenario(hands=[[MERGE], []], decks=[DECK, DECK],
                    bases=[{"base": ROOM, "minions": [SOLAR, theirs(BRUISER)]}, MALL],
                    plays={"minion": 1, "action": 0})
    play(game, f"use {SOLAR}#1")
    assert power(game, f"{SOLAR}#1") == 4 - 2 + 1
    end_turn(game)
    assert power(game, f"{SOLAR}#1") == 4


def test_changing_room_clarification_moving_here_by_a_talent_does_not_count():
    """Changing Room's clarification: a talent used to move to here does not count; one used
    here to move away does (ruling: where the minion was when the talent was used)."""
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [HUFFIE]},
                           {"base": ROOM, "minions": [HUFFIE]}])
    play(game, f"use {HUFFIE}#1")  # from Jungle Oasis to the room: no bonus
    assert power(game, f"{HUFFIE}#1") == 2
    play(game, f"use {HUFFIE}#2")  # from the room to Jungle Oasis: +1
    assert where(game, f"{HUFFIE}#2") == f"minion@base:{HOME}"
    assert power(game, f"{HUFFIE}#2") == 3


def test_changing_room_clarification_counts_talents_of_actions_on_the_minion():
    """Changing Room's clarification: it triggers for the talents of the minion or of an
    action on the minion (here a talent The Touch gives it)."""
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": ROOM, "minions": [mine(LEADER, TOUCH)]}, MALL])
    play(game, f"use {TOUCH}#1")
    assert power(game, f"{LEADER}#1") == 6 + 3 + 1


def test_changing_room_counts_a_core_talent():
    """Core interaction: the Archmage's talent at Changing Room."""
    game = scenario(decks=[DECK, DECK], bases=[{"base": ROOM, "minions": [ARCHMAGE]}, MALL])
    play(game, f"use {ARCHMAGE}#1")
    assert power(game, f"{ARCHMAGE}#1") == 5


# ---- Unicrave --------------------------------------------------------------------------------


def test_unicrave_is_replaced_before_scoring_and_the_new_base_scores_with_its_cards():
    """Guide §4.14 R: the top base of the base deck scores with every card, its VP count,
    even below its own breakpoint (the C&D rulebook's example); Unicrave is discarded."""
    game = scenario(decks=[QUIET, QUIET],
                    bases=[{"base": UNICRAVE, "minions": [LEADER, mine(SOLAR, ARMOR), HUFFIE,
                                                          theirs(BRUISER), theirs(SOLAR)]},
                           MALL],
                    base_deck=[VOLCANO, OASIS])
    g = game.state
    assert base_power(game, UNICRAVE) == 6 + 6 + 3 + 2 + 4 >= 19
    play(game, "end")
    pass_until_main(game)
    # Secret Volcano Headquarters (breakpoint 18) scored in Unicrave's place: VP 4/3/2
    assert g.vp == [4, 3]
    assert g.base_names[g.bases[0]] == f"base:{OASIS}"
    assert "base:unicrave" in {g.base_names[b] for b in g.base_discard}
    assert "base:secret-volcano-headquarters" in {g.base_names[b] for b in g.base_discard}


def test_unicrave_new_bases_before_scoring_ability_still_happens():
    """Guide §4.14 R: the new base's "before scoring" abilities come (the window is open)."""
    game = scenario(decks=[[HUFFIE] + QUIET, ["robots/zapbot"] + QUIET],
                    bases=[{"base": UNICRAVE, "minions": [LEADER, SOLAR, theirs(WARBOT),
                                                          theirs(SOLAR), theirs(HUFFIE)]}, MALL],
                    base_deck=[VOLCANO])
    play(game, "end")
    pass_until_main(game)
    g = game.state
    # each player turned over a minion and played it at the Volcano before it scored
    assert {where(game, f"{HUFFIE}#1"), where(game, f"{HUFFIE}#2")} == {"discard:0", "discard:1"}
    assert where(game, "robots/zapbot#1") == "discard:1"
    # 6 + 4 + 3 = 13 against 4 + 4 + 3 + 2 = 13: a tie for first, 4 VP each
    assert g.vp == [4, 4]


def test_unicrave_new_bases_when_scored_ability_counts():
    """Guide §4.14 R: the "when this base scores" ability is the new base's (Rhodes Plaza
    Mall: 1 VP per minion there)."""
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": UNICRAVE, "minions": [LEADER, SOLAR, HUFFIE, theirs(SOLAR),
                                                          theirs(BRUISER)]}, BRAIN],
                    base_deck=[MALL])
    play(game, "end")
    pass_until_main(game)
    assert game.state.vp == [3, 2]


def test_unicrave_takes_the_shuffled_base_discard_pile_when_the_base_deck_is_empty():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": UNICRAVE, "minions": [LEADER, SOLAR, HUFFIE, theirs(SOLAR),
                                                          theirs(BRUISER), theirs(HUFFIE)]}, MALL],
                    base_discard=[OASIS])
    play(game, "end")
    pass_until_main(game)
    assert game.state.vp == [2, 0]  # Jungle Oasis scored: 2 VP for first place


def test_unicrave_with_no_base_left_scores_itself_for_nothing():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": UNICRAVE, "minions": [LEADER, SOLAR, HUFFIE,
                                                          theirs(BRUISER)]}, MALL])
    play(game, "end")
    pass_until_main(game)
    assert game.state.vp == [0, 0]


def test_replace_scoring_base_refuses_a_base_not_being_scored():
    game = scenario(bases=[UNICRAVE, MALL], base_deck=[OASIS])
    g = game.state
    before = g.fingerprint()
    with pytest.raises(ValueError, match="not being scored"):
        replace_scoring_base(g, 0)
    assert g.fingerprint() == before


# ---- what players see -------------------------------------------------------------------------


def minion_view(game, name: str, player: int = 0) -> dict:
    obs = game.observation(player)
    return next(m for b in obs["bases"] for m in b["minions"] if m["id"] == name)


def test_observation_shows_a_minion_that_lost_its_abilities_to_every_seat():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [BRUISER]}, MALL])
    assert "lost_abilities" not in minion_view(game, f"{BRUISER}#1")
    play(game, f"use {BRUISER}#1")
    for seat in (0, 1):
        view = minion_view(game, f"{BRUISER}#1", seat)
        assert view["lost_abilities"] is True and view["power"] == 4


def test_narration_tells_the_talent_an_action_gives_and_the_lost_abilities():
    from smashup.narrate import Narrator

    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": HOME, "minions": [mine(LEADER, TOUCH)]}, MALL])
    narrator = Narrator(game)
    play(game, f"use {TOUCH}#1")
    told = narrator.narrate(game.events)
    assert "Player 1 uses the talent of The Touch on Leader Two." in told
    assert any("loses its abilities" in line for line in told)


def test_narration_names_the_base_that_took_unicraves_place():
    from smashup.narrate import Narrator

    game = scenario(decks=[QUIET, QUIET],
                    bases=[{"base": UNICRAVE, "minions": [LEADER, SOLAR, SOLAR, HUFFIE,
                                                          theirs(BRUISER)]}, MALL],
                    base_deck=[OASIS, BRAIN])
    narrator = Narrator(game)
    play(game, "end")
    told = " ".join(narrator.narrate(game.events))
    assert "Jungle Oasis takes the place of Unicrave" in told
    assert "The Central Brain replaces Jungle Oasis" in told


# ---- random games with Changerbots in every game ----------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_random_games_with_changerbots_keep_every_invariant_and_replay(seed):
    """Random play with every talent, loss of abilities and Unicrave that comes up: the
    invariants hold at every decision, every option offered is accepted, and the decision
    log replays to the same game."""
    import random

    from smashup import Game
    from smashup.engine.api.invariants import check_invariants
    from smashup.sim import game_setup

    players = 2 + seed % 2
    pairs = [["changerbots", "aliens"], ["ninjas", "robots"], ["wizards", "zombies"]][:players]
    game = Game.new(game_setup(seed, players, pairs=pairs, bases="all"))
    r = random.Random(seed)
    while not game.is_over and game.state.turn <= 60:
        req = game.request
        assert req is not None
        assert check_invariants(game.state, req) == []
        game.apply(r.randrange(len(req.options)))
    replayed = Game.from_json(game.to_json())
    assert replayed.state.fingerprint() == game.state.fingerprint()


def test_terminal_game_marks_a_minion_without_abilities():
    from smashup.tui.view import minion_lines

    game = scenario(decks=[DECK, DECK], bases=[{"base": HOME, "minions": [BRUISER]}, MALL])
    assert "no abilities" not in minion_lines(minion_view(game, f"{BRUISER}#1"))[0]
    play(game, f"use {BRUISER}#1")
    assert "(no abilities)" in minion_lines(minion_view(game, f"{BRUISER}#1"))[0]
