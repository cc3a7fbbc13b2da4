"""Astroknights (Cease and Desist) and their bases Hive of Scum and Villainy and No-Moon: each
card's ability, scripted strictly on a described board, and the engine's record of an action
that directly increases a minion's power (engine/facts/boosts.py)."""

import pytest

from smashup.engine.core.requests import IllegalAction
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

OASIS = "jungle-oasis"  # breakpoint 12, no ability
TORTUGA = "tortuga"
LIBRARY = "the-great-library"
HIVE = "hive-of-scum-and-villainy"
NO_MOON = "no-moon"
WALKERS = ["zombies/walker"] * 6

A = "astroknights"
KNIGHT = f"{A}/space-knight"
SCOUNDREL = f"{A}/scoundrel"
PRINCE = f"{A}/space-prince"
CARPET = f"{A}/walking-carpet"
GURU = f"{A}/alien-guru"
ANNOYING = f"{A}/annoying-alien"
ASTRO_ROBOT = f"{A}/astro-robot"
MANNERSBOT = f"{A}/mannersbot"
PUPOKS = f"{A}/pupoks"
GHOST = f"{A}/ghost-knight"
PROBE = f"{A}/block-the-probe"
HIDDEN = f"{A}/hidden-base"
TRAP = f"{A}/its-a-trap"
SWORD = f"{A}/laser-sword"
PREPARE = f"{A}/prepare-for-battle"
RECYCLE = f"{A}/recycle-the-trash"
FOURS = f"{A}/use-the-fours"
RAGE = f"{A}/yield-to-rage"

UPGRADE = "dinosaurs/upgrade"
AUGMENTATION = "dinosaurs/augmentation"
HOWL = "dinosaurs/howl"
REX = "dinosaurs/king-rex"  # power 7
BEAM_UP = "aliens/beam-up"
INVADER = "aliens/invader"  # power 3
TOUCH = "changerbots/the-touch"


def theirs(card: str, **more) -> dict:
    return {"card": card, "controller": 1, **more}


def hand(game, p: int = 0) -> list[str]:
    g = game.state
    return sorted(g.names[c] for c in g.hands[p])


def deck(game, p: int = 0) -> list[str]:
    g = game.state
    return [g.names[c] for c in g.decks[p]]


def events(game, kind: str) -> list[dict]:
    return [ev for ev in game.state.events if ev["kind"] == kind]


# ---- "directly increases power": the engine's record (engine/facts/boosts.py)
# ------------------------


def test_a_boosting_action_records_the_minions_it_raised_and_others_do_not():
    """Howl (core Dinosaurs) raises each of your minions: the "boosted" event names them all,
    with the action and its player. Beam Up (no boost) records nothing."""
    game = scenario(hands=[[HOWL, BEAM_UP], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT, theirs(INVADER)]},
                           {"base": TORTUGA, "minions": [MANNERSBOT]}])
    play(game, f"play {HOWL}#1")
    boosted = events(game, "boosted")
    assert len(boosted) == 1
    g = game.state
    assert boosted[0]["card"] == card_id(game, f"{HOWL}#1") and boosted[0]["player"] == 0
    assert {g.names[m] for m in boosted[0]["minions"]} == {f"{KNIGHT}#1", f"{MANNERSBOT}#1"}
    game = scenario(hands=[[BEAM_UP], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT, theirs(INVADER)]}, TORTUGA])
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert events(game, "boosted") == []


def test_an_action_played_on_a_minion_with_a_power_bonus_boosts_its_host():
    """Upgrade (core Dinosaurs, +2 while attached) directly increases its host's power."""
    game = scenario(hands=[[UPGRADE], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT, theirs(INVADER)]}, TORTUGA])
    play(game, f"play {UPGRADE}#1 on {INVADER}#1")
    [ev] = events(game, "boosted")
    assert ev["minions"] == (card_id(game, f"{INVADER}#1"),)


def test_a_minion_played_by_a_boosting_action_does_not_count_as_boosted_by_it():
    """Only the action's own ability counts (guide §4.12): the power a minion it plays gives
    (Yield to Rage's extra action, played later, is its own play) is not the first action's."""
    game = scenario(hands=[[RAGE, FOURS], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT, MANNERSBOT]}, TORTUGA])
    play(game, f"play {RAGE}#1", f"{KNIGHT}#1")
    [first] = events(game, "boosted")
    assert first["minions"] == (card_id(game, f"{KNIGHT}#1"),)
    play(game, f"play {FOURS}#1", f"{MANNERSBOT}#1")
    [second] = events(game, "boosted")
    assert second["card"] == card_id(game, f"{FOURS}#1")
    assert second["minions"] == (card_id(game, f"{MANNERSBOT}#1"),)


def test_granting_a_talent_is_not_a_direct_power_increase():
    """C&D clarification (Space Prince, Walking Carpet, Alien Guru, Hive of Scum and Villainy):
    The Touch grants a talent that would raise power; that is not a direct increase, so no
    "boosted" event, and Hive of Scum and Villainy does not draw."""
    game = scenario(hands=[[TOUCH], []], decks=[WALKERS, []],
                    bases=[{"base": HIVE, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"play {TOUCH}#1 on {KNIGHT}#1")
    assert events(game, "boosted") == []
    assert hand(game) == []


# ---- Space Knight ------------------------------------------------------------------------------


def test_space_knight_draws_a_revealed_action_and_puts_the_rest_back_in_a_chosen_order():
    game = scenario(decks=[[INVADER, FOURS, REX, BEAM_UP], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"use {KNIGHT}#1")
    assert options(game) == [f"{FOURS}#1", "skip"]  # only the action among the three
    play(game, f"{FOURS}#1")
    assert decision(game) == (0, "arrange")
    play(game, f"{REX}#1")  # the first pick becomes the top card
    assert hand(game) == [f"{FOURS}#1"]
    assert deck(game) == [f"{REX}#1", f"{INVADER}#1", f"{BEAM_UP}#1"]
    # shown to everyone, and put back face up: the other player knows where they are
    assert card_id(game, f"{REX}#1") in game.state.known[1]


def test_space_knight_may_keep_nothing_and_is_not_offered_without_cards():
    game = scenario(decks=[[INVADER, FOURS], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"use {KNIGHT}#1", "skip", f"{FOURS}#1")
    assert hand(game) == [] and deck(game) == [f"{FOURS}#1", f"{INVADER}#1"]
    empty = scenario(bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    assert f"use {KNIGHT}#1" not in options(empty)


# ---- Scoundrel ---------------------------------------------------------------------------------


def test_scoundrel_takes_one_of_your_minions_from_its_base_along():
    """Ruling: the destination is chosen first, then the minion of yours there that goes
    along (one that may move there); another player's minion is never offered."""
    game = scenario(bases=[{"base": OASIS, "minions": [SCOUNDREL, MANNERSBOT, GURU,
                                                       theirs(INVADER)]},
                           {"base": TORTUGA}, LIBRARY])
    play(game, f"use {SCOUNDREL}#1", f"base:{LIBRARY}")
    assert options(game) == [f"{MANNERSBOT}#1", f"{GURU}#1"]  # not the other player's
    play(game, f"{GURU}#1")
    assert where(game, f"{SCOUNDREL}#1") == f"minion@base:{LIBRARY}"
    assert where(game, f"{GURU}#1") == f"minion@base:{LIBRARY}"
    assert where(game, f"{MANNERSBOT}#1") == f"minion@base:{OASIS}"


def test_scoundrel_clarification_usable_with_no_other_minion_at_its_base():
    """Clarification: the talent may be used when no other minion of yours is there."""
    game = scenario(bases=[{"base": OASIS, "minions": [SCOUNDREL, theirs(INVADER)]},
                           {"base": TORTUGA, "minions": [MANNERSBOT]}])
    play(game, f"use {SCOUNDREL}#1")  # one base to go to: no question
    assert where(game, f"{SCOUNDREL}#1") == f"minion@base:{TORTUGA}"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


# ---- Space Prince ------------------------------------------------------------------------------


def test_space_prince_offers_only_actions_that_boost_one_of_your_minions():
    """Upgrade (core) and Laser Sword go only on your minions; Use the Fours (standard) is
    offered; Beam Up and The Touch (a granted talent: clarification) are not. Ruling: the
    extra action is played as the talent resolves."""
    game = scenario(hands=[[UPGRADE, SWORD, FOURS, BEAM_UP, TOUCH], []],
                    bases=[{"base": OASIS, "minions": [PRINCE, theirs(INVADER)]}, TORTUGA])
    play(game, f"use {PRINCE}#1")
    assert decision(game) == (0, "play_extra")
    assert options(game) == [f"play {UPGRADE}#1 on {PRINCE}#1", f"play {SWORD}#1 on {PRINCE}#1",
                             f"play {FOURS}#1", "skip"]
    play(game, f"play {UPGRADE}#1 on {PRINCE}#1")
    assert power(game, f"{PRINCE}#1") == 4 + 2
    assert game.state.action_plays == 1  # the extra did not use the action play
    assert f"play {FOURS}#1" in options(game)


def test_space_prince_clarification_a_granted_talent_or_nothing_to_boost_is_not_offered():
    """Clarification: granting a talent (The Touch) is not a direct power increase, so with
    only The Touch and Beam Up in hand the talent is not offered."""
    game = scenario(hands=[[TOUCH, BEAM_UP], []],
                    bases=[{"base": OASIS, "minions": [PRINCE]}, TORTUGA])
    assert f"use {PRINCE}#1" not in options(game)


def test_space_prince_plays_another_new_factions_boosting_action():
    """Changerbots' Cesium Armor (+2 on a minion) qualifies."""
    game = scenario(hands=[["changerbots/cesium-armor"], []],
                    bases=[{"base": OASIS, "minions": [PRINCE]}, TORTUGA])
    play(game, f"use {PRINCE}#1", f"play changerbots/cesium-armor#1 on {PRINCE}#1")
    assert where(game, "changerbots/cesium-armor#1") == f"on:{PRINCE}#1"
    assert power(game, f"{PRINCE}#1") == 4 + 2


# ---- Walking Carpet ----------------------------------------------------------------------------


def _carpet_board(hand_cards: list[str], rivals: int = 2) -> dict:
    return {"hands": [hand_cards, []], "decks": [WALKERS, WALKERS],
            "bases": [{"base": OASIS, "minions": [CARPET] + [theirs(REX)] * rivals},
                      TORTUGA]}


def test_walking_carpet_plays_a_boosting_action_on_itself_before_scoring_when_behind():
    game = scenario(**_carpet_board([SWORD, BEAM_UP]))
    play(game, "end")
    assert f"trigger {CARPET}#1" in options(game)
    play(game, f"trigger {CARPET}#1")
    assert options(game) == [f"play {SWORD}#1 on {CARPET}#1", "skip"]
    play(game, f"play {SWORD}#1 on {CARPET}#1")  # then the base scores
    [boosted] = events(game, "boosted")
    assert boosted["minions"] == (card_id(game, f"{CARPET}#1"),)
    kinds = [ev["kind"] for ev in game.state.events]
    assert kinds.index("boosted") < kinds.index("scored")
    assert game.state.actions_played == 0  # played through the Special, not the action play


def test_walking_carpet_is_not_offered_when_winning_or_tied():
    """Guide §4.12 R: a tie for the most power counts as winning."""
    game = scenario(hands=[[SWORD], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [CARPET, REX, theirs(REX),
                                                       theirs(MANNERSBOT), theirs(PUPOKS)]},
                           TORTUGA])
    assert base_power(game, OASIS, 0) == base_power(game, OASIS, 1) == 11
    play(game, "end")
    assert f"trigger {CARPET}#1" not in options(game)


def test_walking_carpet_clarification_only_direct_increases_are_offered():
    """Clarification: The Touch (grants a talent) is no direct increase; Use the Fours is."""
    game = scenario(**_carpet_board([TOUCH, FOURS]))
    play(game, "end", f"trigger {CARPET}#1")
    assert options(game) == [f"play {FOURS}#1", "skip"]
    play(game, f"play {FOURS}#1")  # the Carpet is its player's only minion
    [boosted] = events(game, "boosted")
    assert boosted["minions"] == (card_id(game, f"{CARPET}#1"),)


# ---- Alien Guru --------------------------------------------------------------------------------


def test_alien_guru_adds_a_counter_once_per_turn_after_a_boosting_action():
    game = scenario(hands=[[AUGMENTATION, FOURS], []], plays={"minion": 1, "action": 2},
                    bases=[{"base": OASIS, "minions": [GURU, KNIGHT]}, TORTUGA])
    play(game, f"play {AUGMENTATION}#1", f"{KNIGHT}#1")
    assert options(game) == [f"trigger {GURU}#1", "pass"]
    play(game, f"trigger {GURU}#1")
    assert game.state.counters[card_id(game, f"{KNIGHT}#1")] == 1
    assert power(game, f"{KNIGHT}#1") == 5 + 4 + 1
    play(game, f"play {FOURS}#1", f"{GURU}#1")
    assert decision(game) == (0, "main")  # once per turn
    assert power(game, f"{GURU}#1") == 2 + 4


def test_alien_guru_declined_stays_available_and_ignores_other_players_actions():
    """Declining the "may" does not spend the once per turn (ruling in the module)."""
    game = scenario(hands=[[FOURS, RAGE], []],
                    bases=[{"base": OASIS, "minions": [GURU, KNIGHT]}, TORTUGA])
    play(game, f"play {RAGE}#1", f"{KNIGHT}#1", "pass")
    assert game.state.counters.get(card_id(game, f"{KNIGHT}#1")) is None
    play(game, f"play {FOURS}#1", f"{KNIGHT}#1", f"trigger {GURU}#1")
    assert game.state.counters[card_id(game, f"{KNIGHT}#1")] == 1
    theirs_turn = scenario(current=1, hands=[[], [AUGMENTATION]],
                           bases=[{"base": OASIS, "minions": [GURU, KNIGHT]}, TORTUGA])
    play(theirs_turn, f"play {AUGMENTATION}#1", f"{KNIGHT}#1")
    assert decision(theirs_turn) == (1, "main")


def test_alien_guru_clarification_one_of_several_boosted_minions_gets_the_counter():
    """Clarification: when the action raised several minions, choose one for the counter."""
    game = scenario(hands=[[HOWL], []],
                    bases=[{"base": OASIS, "minions": [GURU, KNIGHT]},
                           {"base": TORTUGA, "minions": [MANNERSBOT]}])
    play(game, f"play {HOWL}#1", f"trigger {GURU}#1")
    assert set(options(game)) == {f"{GURU}#1", f"{KNIGHT}#1", f"{MANNERSBOT}#1"}
    play(game, f"{MANNERSBOT}#1")
    assert game.state.counters == {card_id(game, f"{MANNERSBOT}#1"): 1}


def test_alien_guru_clarification_counter_transfer_and_printed_power_count():
    """Clarification: a raised printed power is a direct increase: Matrix of Bossiness
    (Changerbots) on a minion of yours lets the Guru add its counter."""
    game = scenario(hands=[["changerbots/matrix-of-bossiness"], []],
                    bases=[{"base": OASIS, "minions": [GURU, MANNERSBOT]}, TORTUGA])
    play(game, f"play changerbots/matrix-of-bossiness#1 on {MANNERSBOT}#1",
         f"trigger {GURU}#1")
    assert power(game, f"{MANNERSBOT}#1") == 5 + 1


# ---- Annoying Alien ----------------------------------------------------------------------------


def test_annoying_alien_weakens_every_minion_of_the_named_name_here_until_your_next_turn():
    """Guide §5.2 R: only the minions with that name at its base when the talent is used;
    ruling: the names offered are those of the minions there (another would do nothing)."""
    game = scenario(decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [ANNOYING, theirs(INVADER),
                                                       theirs(INVADER), theirs(REX)]},
                           {"base": TORTUGA, "minions": [theirs(INVADER)]}])
    play(game, f"use {ANNOYING}#1")
    assert options(game) == ["choice:annoying-alien", "choice:invader", "choice:king-rex"]
    play(game, "choice:invader")
    assert [power(game, f"{INVADER}#{i}") for i in (1, 2, 3)] == [1, 1, 3]
    assert power(game, f"{REX}#1") == 7
    play(game, "end")
    pass_until_main(game)  # player 1's turn: still weakened
    assert power(game, f"{INVADER}#1") == 1
    play(game, "end")
    pass_until_main(game)  # player 0's next turn has begun
    assert power(game, f"{INVADER}#1") == 3


def test_annoying_alien_names_only_minions_its_talent_can_affect():
    """Inside an ability every choice offered takes effect: a name that only minions shielded
    from the Alien's player answer (Tooth and Claw...and Guns, played by their controller:
    cards of other players cannot affect that minion) would do nothing and is not offered; with
    no such name the talent is not offered at all. (Found by the option property test over
    every faction, issue 30 item 9.)"""
    claw = {"card": "dinosaurs/tooth-and-claw-and-guns", "owner": 1}
    game = scenario(decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [ANNOYING, theirs(INVADER, attached=[claw]),
                                                       theirs(REX)]},
                           {"base": TORTUGA, "minions": [theirs(INVADER)]}])
    play(game, f"use {ANNOYING}#1")
    assert options(game) == ["choice:annoying-alien", "choice:king-rex"]
    shielded_alien = {"card": ANNOYING, "attached": [claw]}
    game = scenario(decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [shielded_alien,
                                                       theirs(INVADER, attached=[claw])]},
                           {"base": TORTUGA, "minions": [theirs(INVADER)]}])
    assert f"use {ANNOYING}#1" not in options(game)


# ---- Astro Robot -------------------------------------------------------------------------------


def test_astro_robot_may_destroy_an_action_on_its_base_or_on_a_minion_there():
    """Errata: the destruction is optional."""
    board = {"hands": [[ASTRO_ROBOT], []],
             "bases": [{"base": OASIS, "minions": [theirs(INVADER, attached=[UPGRADE])],
                        "actions": [{"card": "dinosaurs/wildlife-preserve", "controller": 1}]},
                       {"base": TORTUGA, "minions": [theirs(REX, attached=[SWORD])]}]}
    game = scenario(**board)
    play(game, f"play {ASTRO_ROBOT}#1 @ base:{OASIS}")
    assert options(game) == ["dinosaurs/wildlife-preserve#1", f"{UPGRADE}#1", "skip"]
    play(game, f"{UPGRADE}#1")
    assert where(game, f"{UPGRADE}#1") == "discard:1"
    declined = scenario(**board)
    play(declined, f"play {ASTRO_ROBOT}#1 @ base:{OASIS}", "skip")
    assert where(declined, "dinosaurs/wildlife-preserve#1") == f"action@base:{OASIS}"
    elsewhere = scenario(**board)  # only the actions at its own base are offered
    play(elsewhere, f"play {ASTRO_ROBOT}#1 @ base:{TORTUGA}")
    assert options(elsewhere) == [f"{SWORD}#1", "skip"]
    bare = scenario(hands=[[ASTRO_ROBOT], []], bases=[{"base": OASIS}, TORTUGA])
    play(bare, f"play {ASTRO_ROBOT}#1 @ base:{OASIS}")  # no action there: nothing to ask
    assert decision(bare) == (0, "main")


# ---- Mannersbot --------------------------------------------------------------------------------


def test_mannersbot_draws_a_revealed_action_and_leaves_a_minion_on_top():
    game = scenario(decks=[[FOURS, INVADER], []],
                    bases=[{"base": OASIS, "minions": [MANNERSBOT]}, TORTUGA])
    play(game, f"use {MANNERSBOT}#1")
    assert hand(game) == [f"{FOURS}#1"]
    game = scenario(decks=[[INVADER, FOURS], []],
                    bases=[{"base": OASIS, "minions": [MANNERSBOT]}, TORTUGA])
    play(game, f"use {MANNERSBOT}#1")
    assert hand(game) == [] and deck(game)[0] == f"{INVADER}#1"
    assert card_id(game, f"{INVADER}#1") in game.state.known[1]  # everyone saw it


# ---- Pupoks ------------------------------------------------------------------------------------


def test_pupoks_pays_a_vp_to_draw_three_and_may_play_one_as_an_extra():
    """Ruling: the extra card is played at once (as a minion or an action) or not at all."""
    game = scenario(vp=[3, 0], decks=[[INVADER, FOURS, REX, BEAM_UP], []],
                    bases=[{"base": OASIS, "minions": [PUPOKS]}, TORTUGA])
    play(game, f"use {PUPOKS}#1")
    assert game.state.vp == [2, 0]
    assert hand(game) == sorted([f"{INVADER}#1", f"{FOURS}#1", f"{REX}#1"])
    assert f"play {REX}#1 @ base:{TORTUGA}" in options(game)
    play(game, f"play {REX}#1 @ base:{TORTUGA}")
    assert game.state.minion_plays == 1  # an extra card: the minion play is still there
    assert where(game, f"{REX}#1") == f"minion@base:{TORTUGA}"


def test_pupoks_is_not_offered_at_zero_vp():
    """A player cannot pay a VP they do not have (guide §4.15)."""
    game = scenario(decks=[WALKERS, []], bases=[{"base": OASIS, "minions": [PUPOKS]}, TORTUGA])
    assert f"use {PUPOKS}#1" not in options(game)
    with pytest.raises(IllegalAction):
        play(game, f"use {PUPOKS}#1")
    assert game.state.vp == [0, 0]


# ---- Ghost Knight ------------------------------------------------------------------------------


def test_ghost_knight_cannot_be_destroyed_and_strengthens_your_other_minions_there():
    game = scenario(hands=[["pirates/cannon"], []],
                    bases=[{"base": OASIS, "minions": [GHOST, MANNERSBOT, theirs(INVADER)]},
                           {"base": TORTUGA, "minions": [PUPOKS]}])
    assert power(game, f"{MANNERSBOT}#1") == 4
    assert power(game, f"{GHOST}#1") == 0 and power(game, f"{INVADER}#1") == 3
    assert power(game, f"{PUPOKS}#1") == 2
    play(game, "play pirates/cannon#1")
    assert f"{GHOST}#1" not in options(game)  # power 0, yet it cannot be destroyed
    assert where(game, f"{GHOST}#1") == f"minion@base:{OASIS}"


def test_ghost_knight_bonus_follows_minions_as_they_arrive_and_move_away():
    game = scenario(hands=[[PUPOKS, "ninjas/way-of-deception"], []],
                    bases=[{"base": OASIS, "minions": [GHOST, MANNERSBOT]},
                           {"base": TORTUGA}])
    play(game, f"play {PUPOKS}#1 @ base:{OASIS}")
    assert power(game, f"{PUPOKS}#1") == 4  # arrives: +2
    play(game, "play ninjas/way-of-deception#1", f"{MANNERSBOT}#1")  # to the only other base
    assert power(game, f"{MANNERSBOT}#1") == 2  # moved away: no more +2
    assert base_power(game, OASIS, 0) == 0 + 4


# ---- Block the Probe ---------------------------------------------------------------------------


def test_block_the_probe_gives_any_minion_two_until_the_turn_ends():
    game = scenario(hands=[[PROBE], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [theirs(INVADER)]}, TORTUGA])
    play(game, f"play {PROBE}#1")
    assert power(game, f"{INVADER}#1") == 5
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{INVADER}#1") == 3


def test_block_the_probe_as_a_special_before_scoring_uses_no_action_play():
    """Played as a Special before a base scores (guide §4.3: it then uses no action play, so
    it is offered with none left); it directly increases power, so Hive of Scum and Villainy
    draws for it before it scores."""
    game = scenario(hands=[[PROBE], []], decks=[WALKERS, WALKERS], plays={"minion": 1,
                                                                         "action": 0},
                    bases=[{"base": HIVE, "minions": [KNIGHT, theirs(REX), theirs(REX),
                                                      theirs(INVADER)]}, TORTUGA])
    assert f"play {PROBE}#1" not in options(game)
    play(game, "end")
    play(game, f"special {PROBE}#1", f"{KNIGHT}#1")
    g = game.state
    kinds = [(ev["kind"], ev.get("player")) for ev in g.events]
    assert kinds.index(("boosted", 0)) < kinds.index(("drew", 0)) < kinds.index(("scored", None))
    scored = events(game, "scored")[0]
    assert scored["ranks"] == {0: 2, 1: 1}  # Knight 5 + 2 = 7 against 17


# ---- Hidden Base -------------------------------------------------------------------------------


def test_hidden_base_draws_at_the_start_of_your_turn_if_you_have_a_minion_there():
    game = scenario(phase="start", decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [KNIGHT], "actions": [HIDDEN]}, TORTUGA])
    pass_until_main(game)
    assert len(game.state.hands[0]) == 1
    empty = scenario(phase="start", decks=[WALKERS, WALKERS],
                     bases=[{"base": OASIS, "minions": [theirs(INVADER)], "actions": [HIDDEN]},
                            {"base": TORTUGA, "minions": [KNIGHT]}])
    pass_until_main(empty)
    assert empty.state.hands[0] == []


# ---- It's a Trap! ------------------------------------------------------------------------------


def _trap_board(top: list[str]) -> dict:
    return {"hands": [[TRAP], []], "decks": [top, WALKERS],
            "bases": [{"base": OASIS, "minions": [KNIGHT, theirs(REX)]},
                      {"base": TORTUGA, "minions": [MANNERSBOT]}]}


def test_its_a_trap_played_in_the_play_cards_phase_does_nothing():
    """Ruling: its Special gives the time of its ability ("before a base scores"), not a time
    for playing the card (unlike "Special: play before a base scores"); so, like Hidden Ninja,
    it may be played in the Play Cards phase (core rulebook, "Void Where Prohibited": a card
    may be played even if its ability can't happen), and then reveals nothing."""
    game = scenario(**_trap_board([INVADER, FOURS]))
    assert played_for_nothing(game, f"{TRAP}#1")
    assert game.state.decks[0] == [card_id(game, f"{INVADER}#1"), card_id(game, f"{FOURS}#1")]


def test_its_a_trap_plays_the_revealed_action_before_scoring_and_shuffles_the_rest():
    game = scenario(**_trap_board([INVADER, REX, FOURS, BEAM_UP]))
    play(game, "end", f"special {TRAP}#1")
    assert options(game) == ["choice:draw", "choice:play", "choice:leave"]
    play(game, "choice:play", f"{KNIGHT}#1")  # its only way to be played: no question
    [boosted] = events(game, "boosted")
    assert boosted["card"] == card_id(game, f"{FOURS}#1")
    assert boosted["minions"] == (card_id(game, f"{KNIGHT}#1"),)
    # the unused cards were shuffled back (then the turn's two cards were drawn)
    g = game.state
    assert {g.loc[card_id(game, c)][0] for c in (f"{INVADER}#1", f"{REX}#1", f"{BEAM_UP}#1")} \
        <= {"deck", "hand"}
    assert where(game, f"{TRAP}#1") == "discard:0"


def test_its_a_trap_may_draw_the_action_instead():
    game = scenario(**_trap_board([INVADER, FOURS]))
    play(game, "end", f"special {TRAP}#1", "choice:draw")
    first_draw = events(game, "drew")[0]
    assert first_draw["cards"] == (card_id(game, f"{FOURS}#1"),)
    assert events(game, "boosted") == []


# ---- Laser Sword -------------------------------------------------------------------------------


def test_laser_sword_errata_gives_two_and_shields_from_other_players_minions():
    """Errata: +2 (printed +1). Another player's Supreme Overlord cannot return the minion;
    another player's action (Beam Up) still can."""
    game = scenario(current=1, hands=[[], ["aliens/supreme-overlord", BEAM_UP]],
                    bases=[{"base": OASIS, "minions": [{"card": KNIGHT, "attached": [SWORD]},
                                                       MANNERSBOT]}, TORTUGA])
    assert power(game, f"{KNIGHT}#1") == 7
    play(game, f"play aliens/supreme-overlord#1 @ base:{TORTUGA}")
    assert f"{KNIGHT}#1" not in options(game)
    play(game, "skip", f"play {BEAM_UP}#1")
    assert f"{KNIGHT}#1" in options(game)


def test_laser_sword_lets_your_own_minions_affect_it():
    """Ruling: "other players" are counted from the sword's controller."""
    game = scenario(hands=[["aliens/supreme-overlord"], []],
                    bases=[{"base": OASIS, "minions": [{"card": KNIGHT, "attached": [SWORD]}]},
                           TORTUGA])
    play(game, f"play aliens/supreme-overlord#1 @ base:{TORTUGA}")
    assert f"{KNIGHT}#1" in options(game)


# ---- Prepare for Battle ------------------------------------------------------------------------


def test_prepare_for_battle_errata_draws_two_of_three_and_places_the_third():
    """Errata: the top three are revealed and two of them drawn; the third goes on the top or
    the bottom of the deck."""
    game = scenario(hands=[[PREPARE], []], decks=[[INVADER, FOURS, REX, BEAM_UP], []],
                    bases=[{"base": OASIS}, TORTUGA])
    play(game, f"play {PREPARE}#1", f"{REX}#1", "choice:bottom")
    assert hand(game) == sorted([f"{INVADER}#1", f"{FOURS}#1"])
    assert deck(game) == [f"{BEAM_UP}#1", f"{REX}#1"]
    game = scenario(hands=[[PREPARE], []], decks=[[INVADER, FOURS, REX, BEAM_UP], []],
                    bases=[{"base": OASIS}, TORTUGA])
    play(game, f"play {PREPARE}#1", f"{INVADER}#1", "choice:top")
    assert deck(game) == [f"{INVADER}#1", f"{BEAM_UP}#1"]


# ---- Recycle the Trash -------------------------------------------------------------------------


def test_recycle_the_trash_shuffles_up_to_two_actions_from_your_discard_pile():
    game = scenario(hands=[[RECYCLE], []], discards=[[FOURS, BEAM_UP, INVADER, SWORD], []],
                    decks=[[REX], []], bases=[{"base": OASIS}, TORTUGA])
    play(game, f"play {RECYCLE}#1")
    assert options(game) == [f"{FOURS}#1", f"{BEAM_UP}#1", f"{SWORD}#1", "done"]
    play(game, f"{FOURS}#1", f"{SWORD}#1")
    assert sorted(deck(game)) == sorted([f"{REX}#1", f"{FOURS}#1", f"{SWORD}#1"])
    assert where(game, f"{BEAM_UP}#1") == "discard:0"


# ---- Use the Fours / Yield to Rage -------------------------------------------------------------


def test_use_the_fours_is_for_your_own_minions_only():
    game = scenario(hands=[[FOURS], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [MANNERSBOT, theirs(INVADER)]}, TORTUGA])
    play(game, f"play {FOURS}#1")  # one minion of yours: no question
    assert power(game, f"{MANNERSBOT}#1") == 6
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{MANNERSBOT}#1") == 2


def test_yield_to_rage_gives_two_and_an_extra_action():
    game = scenario(hands=[[RAGE, BEAM_UP], []],
                    bases=[{"base": OASIS, "minions": [MANNERSBOT, theirs(INVADER)]}, TORTUGA])
    play(game, f"play {RAGE}#1")
    assert power(game, f"{MANNERSBOT}#1") == 4
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "hand:1"


# ---- Hive of Scum and Villainy -----------------------------------------------------------------


def test_hive_of_scum_draws_the_first_time_each_turn_for_your_minion_here():
    """Only an action of yours raising a minion of yours here counts; the first such action
    each turn draws, later ones do not (ruling: once per player per turn)."""
    game = scenario(hands=[[FOURS, RAGE, PROBE, UPGRADE], []], decks=[WALKERS, WALKERS],
                    plays={"minion": 1, "action": 4},
                    bases=[{"base": HIVE, "minions": [KNIGHT, theirs(INVADER)]},
                           {"base": TORTUGA, "minions": [MANNERSBOT]}])
    play(game, f"play {PROBE}#1", f"{INVADER}#1")  # not your minion: no draw
    assert "zombies/walker#1" not in hand(game)
    play(game, f"play {RAGE}#1", f"{MANNERSBOT}#1")  # your minion, elsewhere: no draw
    assert "zombies/walker#1" not in hand(game)
    play(game, f"play {FOURS}#1", f"{KNIGHT}#1")
    assert "zombies/walker#1" in hand(game)
    play(game, f"play {UPGRADE}#1 on {KNIGHT}#1")
    assert "zombies/walker#2" not in hand(game)  # only the first time each turn


def test_hive_of_scum_clarification_a_granted_talent_draws_nothing():
    """Clarification (shared with Space Prince): granting a talent is no direct increase."""
    game = scenario(hands=[[TOUCH, UPGRADE], []], decks=[WALKERS, WALKERS],
                    plays={"minion": 1, "action": 2},
                    bases=[{"base": HIVE, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"play {TOUCH}#1 on {KNIGHT}#1")
    assert hand(game) == [f"{UPGRADE}#1"]
    play(game, f"play {UPGRADE}#1 on {KNIGHT}#1")  # core Dinosaurs: +2 on it
    assert hand(game) == ["zombies/walker#1"]


# ---- No-Moon -----------------------------------------------------------------------------------


def test_no_moon_destroys_a_random_other_base_before_it_scores():
    """Guide §4.14 R: the destroyed base's cards are discarded (not destroyed); nobody scores
    it; the base deck replaces it; No-Moon then scores as usual."""
    game = scenario(decks=[WALKERS, WALKERS], base_deck=[LIBRARY, "the-homeworld"],
                    bases=[{"base": NO_MOON, "minions": [REX, REX, REX, REX]},
                           {"base": OASIS, "minions": [KNIGHT, theirs(INVADER)]}])
    play(game, "end")
    pass_until_main(game)
    g = game.state
    names = [g.base_names[b] for b in g.bases]
    assert names == ["base:the-homeworld", f"base:{LIBRARY}"]  # both replaced
    assert where(game, f"{KNIGHT}#1") == "discard:0"
    assert where(game, f"{INVADER}#1") == "discard:1"
    assert events(game, "destroyed") == []
    assert [ev["reason"] for ev in events(game, "discarded")
            if ev["card"] == card_id(game, f"{KNIGHT}#1")] == ["base destroyed"]
    assert g.vp[0] == 5 and g.vp[1] == 0  # only No-Moon's VP


# ---- more interactions with the core set ---------------------------------------------------------


def test_a_dual_cards_action_face_placing_counters_boosts_but_its_minion_face_does_not():
    """Pixie (core Tricksters) played as its action places two +1 counters: a direct
    increase (C&D clarification: "places a +1 power counter"), so Alien Guru answers. Played
    as a minion, its counters come from a minion, not an action: nothing is recorded."""
    board = {"hands": [["tricksters/pixie", "zombies/walker", "zombies/walker"], [BEAM_UP]],
             "bases": [{"base": OASIS, "minions": [GURU, theirs(INVADER, attached=[UPGRADE])]},
                       TORTUGA]}
    game = scenario(**board)
    play(game, "play tricksters/pixie#1")  # one action to destroy, one minion of yours
    [boosted] = events(game, "boosted")
    assert boosted["minions"] == (card_id(game, f"{GURU}#1"),)
    play(game, f"trigger {GURU}#1")
    assert game.state.counters[card_id(game, f"{GURU}#1")] == 3
    as_minion = scenario(**board)
    play(as_minion, f"play tricksters/pixie#1 @ base:{OASIS}", f"{GURU}#1", "done")
    assert as_minion.state.counters[card_id(as_minion, f"{GURU}#1")] == 1
    assert events(as_minion, "boosted") == []


def test_hive_of_scum_counts_a_minion_you_control_but_do_not_own():
    """"One of your minions" is one you control (C&D control rules): a minion of another
    player's deck that you control at the Hive draws you a card when you boost it."""
    game = scenario(hands=[[FOURS], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": HIVE, "minions": [{"card": INVADER, "owner": 1,
                                                       "controller": 0}]}, TORTUGA])
    play(game, f"play {FOURS}#1")
    assert power(game, f"{INVADER}#1") == 7
    assert hand(game) == ["zombies/walker#1"]


def test_its_a_trap_may_leave_the_action_to_be_shuffled_back():
    """Ruling: "may draw it or play it": declining both leaves it to be shuffled back."""
    game = scenario(**_trap_board([INVADER, FOURS]))
    play(game, "end", f"special {TRAP}#1", "choice:leave")
    assert events(game, "boosted") == []
    drew = events(game, "drew")
    kinds = [ev["kind"] for ev in game.state.events]
    # nothing drawn before the base scored (only the turn's two cards after it), and the
    # revealed cards were shuffled back
    assert kinds.index("scored") < kinds.index("drew") and len(drew) == 1
    assert kinds.index("shuffled") < kinds.index("scored")
    assert where(game, f"{FOURS}#1") in ("deck:0", "hand:0")


# ---- the game log ------------------------------------------------------------------------------


def test_the_log_tells_a_direct_power_increase_and_a_destroyed_base():
    from smashup.narrate import Narrator

    game = scenario(hands=[[FOURS], []], decks=[WALKERS, WALKERS],
                    base_deck=[LIBRARY, "the-homeworld"],
                    bases=[{"base": NO_MOON, "minions": [REX, REX, REX]},
                           {"base": OASIS, "minions": [theirs(INVADER)]}])
    narrator = Narrator(game, viewer=1)
    play(game, f"play {FOURS}#1", f"{REX}#1")
    lines = narrator.narrate(game.events)
    # the raise and its being direct (what Astroknights ask about) in one line
    assert "Player 1's King Rex gets +4 power (raised directly by Use the Fours)." in lines
    play(game, "end")
    lines = narrator.narrate(game.events)
    assert "Jungle Oasis is destroyed; The Great Library replaces it." in lines
