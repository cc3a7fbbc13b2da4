"""Action Heroes (Excellent Movies, Dudes!) and their bases Building Rooftop and Jungle Camp:
each card's ability, scripted strictly on a described board. Rulings the texts leave open are
named in the docstrings (and listed in src/smashup/cards/emd/action_heroes.py)."""

import json

from smashup.engine.api.game import observe
from smashup.narrate import Narrator
from smashup.testing import (
    base_breakpoint,
    base_power,
    card_id,
    decision,
    options,
    play,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
TORTUGA = "tortuga"  # breakpoint 21; its ability acts only once it has scored
LIBRARY = "the-great-library"  # breakpoint 22
ROOFTOP = "building-rooftop"  # breakpoint 20, VP 3/1/1
CAMP = "jungle-camp"  # breakpoint 20, VP 3/2/1

AH = "action-heroes"
COMMANDBRO = f"{AH}/commandbro"
GRACIE = f"{AH}/gracie-brones"
KICKBOXBRO = f"{AH}/kickboxbro"
RUMBRO = f"{AH}/rumbro"
ROBOBRO = f"{AH}/robobro"
WARBRO = f"{AH}/warbro"
BUBBLEGUM = f"{AH}/all-out-of-bubblegum"
COLLATERAL = f"{AH}/collateral-damage"
FINAL_STAND = f"{AH}/final-stand"
FRIENDS = f"{AH}/friends-through-eternity"
CHOPPA = f"{AH}/get-to-the-choppa"
RESCUE = f"{AH}/hostage-rescue"
LONE_WOLF = f"{AH}/lone-wolf"
PUSHING = f"{AH}/pushing-the-limit"
SLO_MO = f"{AH}/slo-mo-attack"
RIGHT_PERSON = f"{AH}/the-right-person"
WALK_AWAY = f"{AH}/walk-away-slowly"


DRAWS = ["zombies/walker", "zombies/walker"]  # a deck for the Draw phase (no reshuffle)


def theirs(card: str, player: int = 1, **more) -> dict:
    return {"card": card, "controller": player, **more}


def names(game, cards) -> list[str]:
    return sorted(game.state.names[c] for c in cards)


def hand(game, p: int = 0) -> list[str]:
    return names(game, game.state.hands[p])


def deck(game, p: int = 0) -> list[str]:
    """The deck, top card first."""
    return [game.state.names[c] for c in game.state.decks[p]]


def destroyed(game) -> list[str]:
    """The cards destroyed so far, in order."""
    g = game.state
    return [g.names[ev["card"]] for ev in g.events if ev["kind"] == "destroyed"]


def plays_left(game) -> tuple[int, int]:
    g = game.state
    return g.minion_plays, g.action_plays


# ---- Commandbro --------------------------------------------------------------------------------


def test_commandbro_draws_a_card_as_your_turn_ends_when_it_is_your_only_minion_there():
    game = scenario(decks=[["aliens/invader", "aliens/scout", "aliens/collector"], []],
                    bases=[{"base": TORTUGA, "minions": [COMMANDBRO, theirs("aliens/invader")]},
                           LIBRARY])
    play(game, "end")  # draws 2 in the Draw phase, then 1 more as the turn ends
    assert hand(game) == ["aliens/collector#1", "aliens/invader#1", "aliens/scout#1"]
    assert decision(game) == (1, "main")


def test_commandbro_draws_nothing_with_another_minion_of_yours_beside_it():
    game = scenario(decks=[["aliens/invader", "aliens/scout", "aliens/collector"], []],
                    bases=[{"base": TORTUGA, "minions": [COMMANDBRO, "aliens/invader"]},
                           LIBRARY])
    play(game, "end")
    assert hand(game) == ["aliens/invader#1", "aliens/scout#1"]


def test_commandbro_draws_nothing_at_the_end_of_another_players_turn():
    game = scenario(current=1, decks=[["aliens/invader"], ["aliens/scout", "aliens/collector"]],
                    bases=[{"base": TORTUGA, "minions": [COMMANDBRO]}, LIBRARY])
    play(game, "end")
    assert hand(game) == []
    assert deck(game) == ["aliens/invader#1"]


# ---- Gracie Brones -----------------------------------------------------------------------------


def test_gracie_brones_takes_a_counter_and_a_bonus_per_counter_at_the_start_of_your_turn():
    game = scenario(phase="start",
                    bases=[{"base": TORTUGA, "minions": [{"card": GRACIE, "counters": 1}]},
                           LIBRARY])
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {GRACIE}#1", "pass"]
    play(game, f"trigger {GRACIE}#1")
    # 5 printed + 2 counters + 2 more until the end of the turn (one per counter)
    assert game.state.counters[card_id(game, f"{GRACIE}#1")] == 2
    assert power(game, f"{GRACIE}#1") == 9
    assert decision(game) == (0, "main")
    play(game, "end")
    assert power(game, f"{GRACIE}#1") == 7  # the bonus is gone, the counters stay


def test_gracie_brones_may_be_declined():
    game = scenario(phase="start", bases=[{"base": TORTUGA, "minions": [GRACIE]}, LIBRARY])
    play(game, "pass")
    assert power(game, f"{GRACIE}#1") == 5
    assert decision(game) == (0, "main")


def test_gracie_brones_is_not_offered_beside_another_minion_of_yours_or_on_others_turns():
    game = scenario(phase="start",
                    bases=[{"base": TORTUGA, "minions": [GRACIE, "aliens/invader"]}, LIBRARY])
    assert decision(game) == (0, "main")
    game = scenario(phase="start", current=1,
                    bases=[{"base": TORTUGA, "minions": [GRACIE]}, LIBRARY])
    assert decision(game) == (1, "main")


def test_gracie_brones_bonus_lasts_when_another_minion_of_yours_joins_it():
    """Clarification: an "until the end of the turn" bonus lasts even when its condition (alone
    here) stops being true: a minion of yours arriving keeps Gracie at +1 per counter."""
    game = scenario(phase="start", hands=[["aliens/invader"], []],
                    bases=[{"base": TORTUGA, "minions": [GRACIE]}, LIBRARY])
    play(game, f"trigger {GRACIE}#1", f"play aliens/invader#1 @ base:{TORTUGA}")
    assert power(game, f"{GRACIE}#1") == 7


# ---- Kickboxbro --------------------------------------------------------------------------------


def test_kickboxbro_may_store_a_hand_card_face_down_as_your_turn_ends():
    """Ruling: the stored card is hidden from the other players (its owner may look)."""
    game = scenario(hands=[["aliens/invader", "aliens/beam-up"], []],
                    bases=[{"base": TORTUGA, "minions": [KICKBOXBRO]}, LIBRARY])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {KICKBOXBRO}#1")
    assert options(game) == ["aliens/invader#1", "aliens/beam-up#1"]
    play(game, "aliens/beam-up#1")
    assert where(game, "aliens/beam-up#1") == f"stored:{KICKBOXBRO}#1"
    assert "aliens/beam-up#1" in json.dumps(observe(game.state, 0, None))
    assert "aliens/beam-up#1" not in json.dumps(observe(game.state, 1, None))
    assert "Beam Up" in " ".join(Narrator(game, viewer=0).narrate(game.events))
    assert "Beam Up" not in " ".join(Narrator(game, viewer=1).narrate(game.events))


def test_kickboxbro_store_may_be_declined_and_is_not_offered_with_an_empty_hand():
    game = scenario(hands=[["aliens/invader"], []],
                    bases=[{"base": TORTUGA, "minions": [KICKBOXBRO]}, LIBRARY])
    play(game, "end", "pass")
    assert where(game, "aliens/invader#1") == "hand:0"
    assert decision(game) == (1, "main")
    empty = scenario(bases=[{"base": TORTUGA, "minions": [KICKBOXBRO]}, LIBRARY])
    play(empty, "end")
    assert decision(empty) == (1, "main")


def test_kickboxbro_talent_plays_a_stored_action_as_an_extra_action():
    game = scenario(hands=[["aliens/beam-up"], []],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": KICKBOXBRO, "stored": ["aliens/invasion"]},
                        theirs("aliens/invader")]}, LIBRARY])
    assert f"use {KICKBOXBRO}#1" in options(game)
    play(game, f"use {KICKBOXBRO}#1")  # a single stored action: played at once
    play(game, "aliens/invader#1")  # Invasion moves it (to the only other base)
    assert where(game, "aliens/invader#1") == f"minion@base:{LIBRARY}"
    assert where(game, "aliens/invasion#1") == "discard:0"
    assert plays_left(game) == (1, 1)  # the extra action spent no action play
    assert f"use {KICKBOXBRO}#1" not in options(game)  # once per turn


def test_kickboxbro_talent_is_not_offered_for_an_action_it_could_not_play():
    """Every option offered takes effect: Walk Away... Slowly can only be played through its
    own Special, so a Kickboxbro holding only it has no talent to use."""
    game = scenario(bases=[{"base": TORTUGA, "minions": [
        {"card": KICKBOXBRO, "stored": [WALK_AWAY]}]}, LIBRARY])
    assert options(game) == ["end"]


def test_kickboxbro_stores_nothing_at_the_end_of_another_players_turn():
    game = scenario(current=1, hands=[["aliens/invader"], []],
                    bases=[{"base": TORTUGA, "minions": [KICKBOXBRO]}, LIBRARY])
    play(game, "end")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/invader#1") == "hand:0"


def test_kickboxbro_never_plays_a_stored_minion():
    """Ruling (guide 5.4): a minion may be stored, but only actions can be played out."""
    game = scenario(bases=[{"base": TORTUGA, "minions": [
        {"card": KICKBOXBRO, "stored": ["aliens/invader"]}]}, LIBRARY])
    assert options(game) == ["end"]


def test_kickboxbro_special_plays_a_stored_action_before_its_base_scores_on_any_turn():
    """Special: before its base scores, if it is the player's only minion there; here on the
    other player's turn, and the extra action is played at once."""
    game = scenario(current=1, bases=[
        {"base": OASIS, "minions": [{"card": KICKBOXBRO, "stored": ["dinosaurs/augmentation"]},
                                    theirs("dinosaurs/king-rex")]}, TORTUGA])
    play(game, "end")  # 5 + 7 = 12: Jungle Oasis scores
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {KICKBOXBRO}#1", "pass"]
    play(game, f"trigger {KICKBOXBRO}#1", f"{KICKBOXBRO}#1")  # +4 to Kickboxbro
    # nobody has anything more to use: it scores, Kickboxbro (9) beats King Rex (7)
    assert game.state.vp == [2, 0]
    assert where(game, "dinosaurs/augmentation#1") == "discard:0"


def test_kickboxbro_special_needs_it_to_be_your_only_minion_there():
    game = scenario(decks=[DRAWS, []], bases=[
        {"base": OASIS, "minions": [{"card": KICKBOXBRO, "stored": ["dinosaurs/augmentation"]},
                                    "dinosaurs/king-rex"]}, TORTUGA])
    play(game, "end")
    assert game.state.vp == [2, 0]  # scored without a window for Kickboxbro
    assert where(game, "dinosaurs/augmentation#1") == "discard:0"  # discarded with its host


def test_kickboxbro_uses_only_one_talent_before_its_base_scores():
    """Clarification: only one talent may be used before the base scores, even with several:
    with two stored actions, the Special plays one, and is not offered again in that window."""
    game = scenario(bases=[
        {"base": OASIS, "minions": [
            {"card": KICKBOXBRO, "stored": ["dinosaurs/augmentation", "dinosaurs/howl"]},
            theirs("dinosaurs/king-rex")]}, TORTUGA], decks=[DRAWS, []])
    play(game, "end", f"trigger {KICKBOXBRO}#1")
    assert options(game) == ["play dinosaurs/augmentation#1", "play dinosaurs/howl#1"]
    play(game, "play dinosaurs/howl#1")
    # the window closes: no second use was offered, and the base scored (5 + 1 against 7)
    assert decision(game) == (1, "main")
    assert game.state.vp == [0, 2]
    assert where(game, "dinosaurs/augmentation#1") == "discard:0"


def test_kickboxbro_with_a_granted_talent_still_uses_only_one_before_scoring():
    """Clarification: a Kickboxbro that gained another talent (The Touch, Cease and Desist) may
    use only one of them before its base scores: it picks The Touch (+3), and its own talent
    is not offered afterwards, so the stored Howl stays under it and is discarded with it."""
    game = scenario(decks=[DRAWS, []], bases=[
        {"base": OASIS, "minions": [
            {"card": KICKBOXBRO, "stored": ["dinosaurs/howl"],
             "attached": ["changerbots/the-touch"]},
            theirs("dinosaurs/king-rex")]}, TORTUGA])
    play(game, "end", f"trigger {KICKBOXBRO}#1")
    assert options(game) == [f"{KICKBOXBRO}#1", "changerbots/the-touch#1"]
    play(game, "changerbots/the-touch#1")
    assert game.state.vp == [2, 0]  # 5 + 3 against 7
    assert where(game, "dinosaurs/howl#1") == "discard:0"
    assert not any(ev["kind"] == "played" for ev in game.state.events)


def test_kickboxbro_leaving_play_discards_its_stored_cards():
    game = scenario(hands=[["aliens/beam-up"], []],
                    bases=[{"base": TORTUGA, "minions": [
                        theirs(KICKBOXBRO, stored=["aliens/invader"])]}, LIBRARY])
    play(game, "play aliens/beam-up#1")
    assert where(game, f"{KICKBOXBRO}#1") == "hand:1"
    assert where(game, "aliens/invader#1") == "discard:1"


# ---- Rumbro ------------------------------------------------------------------------------------


def test_rumbro_lowers_its_base_by_4_during_your_turn_while_alone():
    game = scenario(hands=[["aliens/invader"], []],
                    bases=[{"base": OASIS, "minions": [RUMBRO]}, TORTUGA])
    assert base_breakpoint(game, OASIS) == 8
    assert base_breakpoint(game, TORTUGA) == 21
    play(game, f"play aliens/invader#1 @ base:{OASIS}")  # no longer alone there
    assert base_breakpoint(game, OASIS) == 12


def test_rumbro_does_nothing_on_other_players_turns():
    game = scenario(current=1, bases=[{"base": OASIS, "minions": [RUMBRO]}, TORTUGA])
    assert base_breakpoint(game, OASIS) == 12


def test_rumbro_makes_its_base_score_in_your_score_phase_only():
    """A lowered breakpoint is checked in the Score Bases phase (EMD rulebook, scoring): 5 + 3
    reaches 8 on Rumbro's turn; on the other player's turn the base needs 12 again."""
    game = scenario(decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": [RUMBRO, theirs("aliens/invader")]},
                           TORTUGA])
    play(game, "end")
    assert game.state.vp == [2, 0]
    other = scenario(current=1, decks=[DRAWS, DRAWS],
                     bases=[{"base": OASIS, "minions": [RUMBRO, theirs("aliens/invader")]},
                            TORTUGA])
    play(other, "end")
    assert other.state.vp == [0, 0]
    assert where(other, f"{RUMBRO}#1") == f"minion@base:{OASIS}"


def test_a_base_chosen_to_score_scores_even_when_rumbros_reduction_stops():
    """EMD rulebook, scoring: "Once a base has been chosen to score, nothing can stop it."
    Shinobi joins Rumbro before scoring: the breakpoint is 12 again, the total only 11, and
    the base still scores."""
    game = scenario(hands=[["ninjas/shinobi"], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": [RUMBRO, theirs("aliens/invader")]},
                           TORTUGA])
    play(game, "end", "special ninjas/shinobi#1")
    assert game.state.vp == [2, 0]
    assert where(game, "ninjas/shinobi#1") == "discard:0"


# ---- Robobro -----------------------------------------------------------------------------------


def test_robobro_may_take_a_counter_when_another_player_plays_a_minion_here():
    game = scenario(current=1, hands=[[], ["aliens/collector"]],
                    bases=[{"base": TORTUGA, "minions": [ROBOBRO]}, LIBRARY])
    play(game, f"play aliens/collector#1 @ base:{TORTUGA}", "skip")  # Collector returns nothing
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {ROBOBRO}#1", "pass"]
    play(game, f"trigger {ROBOBRO}#1")
    assert power(game, f"{ROBOBRO}#1") == 6
    assert decision(game) == (1, "main")


def test_robobro_counter_may_be_declined_and_ignores_your_own_minions_and_other_bases():
    game = scenario(current=1, hands=[[], ["aliens/invader"]],
                    bases=[{"base": TORTUGA, "minions": [ROBOBRO]}, LIBRARY])
    play(game, f"play aliens/invader#1 @ base:{TORTUGA}", "pass")
    assert power(game, f"{ROBOBRO}#1") == 5
    elsewhere = scenario(current=1, hands=[[], ["aliens/invader"]],
                         bases=[{"base": TORTUGA, "minions": [ROBOBRO]}, LIBRARY])
    play(elsewhere, f"play aliens/invader#1 @ base:{LIBRARY}")
    assert decision(elsewhere) == (1, "main")
    own = scenario(hands=[["aliens/invader"], []],
                   bases=[{"base": TORTUGA, "minions": [ROBOBRO]}, LIBRARY])
    play(own, f"play aliens/invader#1 @ base:{TORTUGA}")
    assert decision(own) == (0, "main")


def test_robobro_answers_each_minion_moved_here_even_when_two_move_at_once():
    """Clarification: an "after X" ability happens each time X happens, even when several
    happen together: Dinghy moving two minions to Robobro's base gives two counters."""
    game = scenario(current=1, hands=[[], ["pirates/dinghy"]],
                    bases=[{"base": TORTUGA, "minions": [ROBOBRO]},
                           {"base": LIBRARY, "minions": [theirs("aliens/invader"),
                                                         theirs("aliens/scout")]}])
    play(game, "play pirates/dinghy#1", "aliens/invader#1", "aliens/scout#1")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {ROBOBRO}#1", f"trigger {ROBOBRO}#1/2", "pass"]
    play(game, f"trigger {ROBOBRO}#1", f"trigger {ROBOBRO}#1")
    assert power(game, f"{ROBOBRO}#1") == 7


def test_robobro_answers_another_player_moving_robobro_itself_to_a_base():
    """Ruling: "a minion" includes Robobro: moved by another player (Shanghai), it arrives at
    its new base and may take a counter there."""
    game = scenario(current=1, hands=[[], ["pirates/shanghai"]],
                    bases=[{"base": TORTUGA, "minions": [ROBOBRO]}, LIBRARY])
    play(game, "play pirates/shanghai#1")  # the only minion and the only other base: forced
    assert where(game, f"{ROBOBRO}#1") == f"minion@base:{LIBRARY}"
    play(game, f"trigger {ROBOBRO}#1")
    assert power(game, f"{ROBOBRO}#1") == 6


# ---- Warbro ------------------------------------------------------------------------------------


def test_warbro_talent_lowers_another_base_where_you_have_exactly_one_minion():
    game = scenario(bases=[{"base": TORTUGA, "minions": [WARBRO]},
                           {"base": LIBRARY, "minions": ["aliens/invader"]},
                           {"base": OASIS, "minions": ["aliens/scout", "aliens/collector"]}])
    play(game, f"use {WARBRO}#1")  # the Library is the only such base: chosen at once
    assert base_breakpoint(game, LIBRARY) == 19
    assert base_breakpoint(game, TORTUGA) == 21 and base_breakpoint(game, OASIS) == 12
    play(game, "end")
    assert base_breakpoint(game, LIBRARY) == 22


def test_warbro_talent_is_not_offered_without_such_a_base():
    game = scenario(bases=[{"base": TORTUGA, "minions": [WARBRO]},
                           {"base": LIBRARY, "minions": ["aliens/invader", "aliens/scout"]}])
    assert options(game) == ["end"]


def test_warbro_reduction_lasts_when_warbro_leaves_and_the_base_gains_a_minion():
    """Clarification: an "until the end of the turn" effect lasts even if the card that made it
    leaves play or its condition stops being true."""
    game = scenario(hands=[["aliens/beam-up", "aliens/scout"], []],
                    bases=[{"base": TORTUGA, "minions": [WARBRO]},
                           {"base": LIBRARY, "minions": ["aliens/invader"]}])
    play(game, f"use {WARBRO}#1", "play aliens/beam-up#1", f"{WARBRO}#1",
         f"play aliens/scout#1 @ base:{LIBRARY}")
    assert where(game, f"{WARBRO}#1") == "hand:0"
    assert base_breakpoint(game, LIBRARY) == 19


# ---- All Out of Bubblegum ----------------------------------------------------------------------


def test_all_out_of_bubblegum_gives_plus_2_and_an_extra_action_to_a_lone_minion():
    game = scenario(hands=[[BUBBLEGUM], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader", theirs("aliens/scout")]},
                           {"base": LIBRARY, "minions": ["aliens/collector", "aliens/scout"]}])
    play(game, f"play {BUBBLEGUM}#1")
    assert options(game) == ["aliens/invader#1", "aliens/collector#1", "aliens/scout#2"]
    play(game, "aliens/invader#1")
    assert power(game, "aliens/invader#1") == 5
    assert plays_left(game) == (1, 1)  # the extra action
    play(game, "end")
    assert power(game, "aliens/invader#1") == 3


def test_all_out_of_bubblegum_gives_no_extra_action_to_a_minion_with_company():
    game = scenario(hands=[[BUBBLEGUM], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/collector", "aliens/scout"]},
                           LIBRARY])
    play(game, f"play {BUBBLEGUM}#1", "aliens/scout#1")
    assert power(game, "aliens/scout#1") == 5
    assert plays_left(game) == (1, 0)


def test_all_out_of_bubblegum_with_no_minion_of_yours_does_nothing():
    game = scenario(hands=[[BUBBLEGUM], []],
                    bases=[{"base": TORTUGA, "minions": [theirs("aliens/scout")]}, LIBRARY])
    play(game, f"play {BUBBLEGUM}#1")
    assert power(game, "aliens/scout#1") == 3
    assert plays_left(game) == (1, 0)


def test_all_out_of_bubblegum_bonus_lasts_after_the_minion_moves():
    """Clarification: "until the end of the turn" effects last even when the condition stops
    being true: the minion moves to a base where another minion of yours stands."""
    game = scenario(hands=[[BUBBLEGUM, "ninjas/way-of-deception"], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"]},
                           {"base": LIBRARY, "minions": ["aliens/scout"]}])
    play(game, f"play {BUBBLEGUM}#1", "aliens/invader#1", "play ninjas/way-of-deception#1",
         "aliens/invader#1")
    assert where(game, "aliens/invader#1") == f"minion@base:{LIBRARY}"
    assert power(game, "aliens/invader#1") == 5


def test_all_out_of_bubblegum_played_by_kickboxbro_before_scoring_plays_its_extra_at_once():
    """Outside your Play Cards phase (Kickboxbro's Special on another player's turn) the extra
    action must be played at once or not at all."""
    game = scenario(current=1, hands=[["dinosaurs/augmentation"], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": KICKBOXBRO, "stored": [BUBBLEGUM]},
                        theirs("dinosaurs/king-rex")]}, TORTUGA])
    play(game, "end", f"trigger {KICKBOXBRO}#1")  # Kickboxbro is the only minion of player 0
    assert decision(game) == (0, "play_extra")
    assert options(game) == ["play dinosaurs/augmentation#1", "skip"]
    play(game, "play dinosaurs/augmentation#1", "dinosaurs/king-rex#1")
    assert game.state.vp == [0, 2]  # 7 + 4 against 5 + 2


# ---- Collateral Damage -------------------------------------------------------------------------


def test_collateral_damage_lowers_a_base_by_5_until_the_end_of_the_turn():
    game = scenario(hands=[[COLLATERAL], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"]}, LIBRARY])
    play(game, f"play {COLLATERAL}#1", f"base:{LIBRARY}")
    assert base_breakpoint(game, LIBRARY) == 17
    play(game, "end")
    assert base_breakpoint(game, LIBRARY) == 22


def test_collateral_damage_can_make_a_base_score_this_turn():
    game = scenario(hands=[[COLLATERAL], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": ["dinosaurs/king-rex"]}, TORTUGA])
    play(game, f"play {COLLATERAL}#1", f"base:{OASIS}")
    # EMD rulebook: bases are checked in the Score Bases phase, not the moment they are ready
    assert base_breakpoint(game, OASIS) == 7 and decision(game) == (0, "main")
    assert game.state.vp == [0, 0]
    play(game, "end")
    assert game.state.vp == [2, 0]


def test_collateral_damage_does_not_pass_to_the_base_that_replaces_the_scored_one():
    """Clarification: an "until" effect affects only what is in play when it happens: the base
    that replaces the scored one has its own printed breakpoint."""
    game = scenario(hands=[[COLLATERAL], []], decks=[DRAWS, DRAWS], base_deck=[LIBRARY],
                    bases=[{"base": OASIS, "minions": ["dinosaurs/king-rex"]}, TORTUGA])
    play(game, f"play {COLLATERAL}#1", f"base:{OASIS}", "end")
    assert game.state.vp == [2, 0]
    assert base_breakpoint(game, LIBRARY) == 22


def test_breakpoints_stack_but_never_drop_below_zero():
    """Rulebook (EMD, "card text wins" exception): a base's breakpoint is never reduced below
    zero. Rumbro 4 + Collateral Damage 5 + Warbro 3 + Slo-Mo Attack 3 on Jungle Oasis (12)."""
    game = scenario(hands=[[COLLATERAL], []], plays={"minion": 1, "action": 1},
                    bases=[{"base": OASIS, "minions": [RUMBRO], "actions": [SLO_MO]},
                           {"base": TORTUGA, "minions": [WARBRO]}])
    play(game, f"use {WARBRO}#1", f"use {SLO_MO}#1", f"play {COLLATERAL}#1", f"base:{OASIS}")
    assert base_breakpoint(game, OASIS) == 0


# ---- Final Stand -------------------------------------------------------------------------------


def stand_game(**more):
    """Three players; player 0's Commandbro is alone at Jungle Oasis (12), where player 1 has
    an Invader (3) and a Collector (2) and player 2 a Zapbot (2): 12 power, it scores."""
    fields = {"players": 3, "hands": [[FINAL_STAND], [], []], "decks": [DRAWS, [], []],
              "bases": [{"base": OASIS, "minions": [
                  COMMANDBRO, theirs("aliens/invader"), theirs("aliens/collector"),
                  theirs("robots/zapbot", 2)]}, TORTUGA, LIBRARY]}
    fields.update(more)
    return scenario(**fields)


def test_final_stand_destroys_one_small_minion_of_each_other_player_and_the_base_still_scores():
    """EMD rulebook example: Final Stand before a base scores; the total drops below the
    breakpoint (5 + 2 < 12) and the base still scores."""
    game = stand_game()
    assert f"play {FINAL_STAND}#1" not in options(game)  # only through its Special
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"special {FINAL_STAND}#1", "pass"]
    play(game, f"special {FINAL_STAND}#1")
    assert options(game) == ["aliens/invader#1", "aliens/collector#1"]  # player 2's: forced
    play(game, "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "discard:1"
    assert where(game, "robots/zapbot#1") == "discard:2"
    assert game.state.vp == [2, 0, 0]


def test_final_stand_needs_exactly_one_minion_of_yours_at_the_base():
    game = stand_game(bases=[{"base": OASIS, "minions": [
        COMMANDBRO, "aliens/scout", theirs("aliens/invader"), theirs("robots/zapbot", 2)]},
        TORTUGA, LIBRARY])
    play(game, "end")
    assert game.state.vp == [2, 0, 0]  # scored with no window for Final Stand
    assert where(game, f"{FINAL_STAND}#1") == "hand:0"


def test_final_stand_reads_printed_power_not_current_power():
    """Final Stand checks printed power: an Invader raised to 5 by Upgrade is still destroyed,
    while a printed-4 Tiger Assassin is not a target. Ruling (guide 5.4): Mimic's printed power
    is 0 whatever its starting power, so it is always a target."""
    game = stand_game(bases=[{"base": OASIS, "minions": [
        COMMANDBRO, theirs("aliens/invader", attached=["dinosaurs/upgrade"]),
        theirs("ninjas/tiger-assassin"), theirs("shapeshifters/mimic", 2)]},
        TORTUGA, LIBRARY])
    assert power(game, "aliens/invader#1") == 5 and power(game, "shapeshifters/mimic#1") == 5
    play(game, "end", f"special {FINAL_STAND}#1")  # one target per player: no choice asked
    assert destroyed(game) == ["aliens/invader#1", "shapeshifters/mimic#1"]
    assert game.state.vp == [2, 0, 0]


def test_final_stand_spares_a_minion_whose_printed_power_counts_as_5():
    """Cease and Desist interaction: Matrix of Bossiness makes its minion's printed power 5,
    out of Final Stand's reach (guide 4.15)."""
    game = stand_game(bases=[{"base": OASIS, "minions": [
        COMMANDBRO, theirs("aliens/invader"),
        theirs("robots/zapbot", 2, attached=[{"card": "changerbots/matrix-of-bossiness",
                                              "owner": 2, "controller": 2}]),
        theirs("robots/microbot-alpha", 2)]}, TORTUGA, LIBRARY])
    play(game, "end", f"special {FINAL_STAND}#1")
    assert destroyed(game) == ["aliens/invader#1", "robots/microbot-alpha#1"]


def test_final_stand_cannot_reach_a_minion_protected_from_your_actions():
    """Core interaction, protection: Smoke Bomb keeps other players' actions off its minion, so
    Final Stand takes player 1's other small minion instead."""
    game = stand_game(bases=[{"base": OASIS, "minions": [
        COMMANDBRO, theirs("aliens/invader", attached=[{"card": "ninjas/smoke-bomb", "owner": 1,
                                                        "controller": 1}]),
        theirs("aliens/collector"), theirs("robots/zapbot", 2)]}, TORTUGA, LIBRARY])
    play(game, "end", f"special {FINAL_STAND}#1")  # one target each: no choice to make
    assert destroyed(game) == ["aliens/collector#1", "robots/zapbot#1"]


def test_final_stand_is_not_offered_with_nothing_to_destroy():
    game = stand_game(bases=[{"base": OASIS, "minions": [
        COMMANDBRO, theirs("dinosaurs/king-rex")]}, TORTUGA, LIBRARY])
    play(game, "end")
    assert where(game, f"{FINAL_STAND}#1") == "hand:0"
    assert game.state.vp == [0, 2, 0]


# ---- Friends Through Eternity ------------------------------------------------------------------


def test_friends_through_eternity_discards_a_card_for_two_extra_actions():
    game = scenario(hands=[[FRIENDS, "aliens/invader", "aliens/scout"], []],
                    bases=[TORTUGA, LIBRARY])
    play(game, f"play {FRIENDS}#1")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1"]
    play(game, "aliens/scout#1")
    assert where(game, "aliens/scout#1") == "discard:0"
    assert plays_left(game) == (1, 2)


def test_friends_through_eternity_with_an_empty_hand_gives_nothing():
    """"Do X to do Y" (EMD rulebook): with no card to discard there are no extra actions."""
    game = scenario(hands=[[FRIENDS], []], bases=[TORTUGA, LIBRARY])
    play(game, f"play {FRIENDS}#1")
    assert plays_left(game) == (1, 0)
    assert options(game) == ["end"]


# ---- Get to the Choppa! ------------------------------------------------------------------------


def test_get_to_the_choppa_moves_a_minion_and_gives_an_extra_action_when_it_lands_alone():
    game = scenario(hands=[[CHOPPA], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader", "aliens/scout"]},
                           {"base": LIBRARY, "minions": [theirs("aliens/collector")]},
                           {"base": OASIS, "minions": ["aliens/collector"]}])
    play(game, f"play {CHOPPA}#1")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1", "aliens/collector#2"]
    play(game, "aliens/invader#1", f"base:{LIBRARY}")
    assert where(game, "aliens/invader#1") == f"minion@base:{LIBRARY}"
    assert plays_left(game) == (1, 1)


def test_get_to_the_choppa_gives_no_extra_action_when_another_minion_of_yours_is_there():
    """Errata wording: "there" is the base the minion moved to."""
    game = scenario(hands=[[CHOPPA], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"]},
                           {"base": LIBRARY, "minions": ["aliens/collector"]}])
    play(game, f"play {CHOPPA}#1", "aliens/invader#1")
    assert where(game, "aliens/invader#1") == f"minion@base:{LIBRARY}"
    assert plays_left(game) == (1, 0)


def test_get_to_the_choppa_without_a_minion_of_yours_does_nothing():
    game = scenario(hands=[[CHOPPA], []],
                    bases=[{"base": TORTUGA, "minions": [theirs("aliens/invader")]}, LIBRARY])
    play(game, f"play {CHOPPA}#1")
    assert where(game, "aliens/invader#1") == f"minion@base:{TORTUGA}"
    assert plays_left(game) == (1, 0)


# ---- Hostage Rescue ----------------------------------------------------------------------------


def test_hostage_rescue_puts_a_searched_minion_on_top_of_the_deck_for_all_to_see():
    """Searching shows the card found; after the shuffle it goes on top, and every player knows
    it is there."""
    game = scenario(hands=[[RESCUE], []],
                    decks=[["aliens/beam-up", "aliens/invader", "aliens/probe", "aliens/scout"],
                           []],
                    bases=[TORTUGA, LIBRARY])
    play(game, f"play {RESCUE}#1")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1"]
    play(game, "aliens/scout#1")
    assert deck(game)[0] == "aliens/scout#1"
    assert sorted(deck(game)) == ["aliens/beam-up#1", "aliens/invader#1", "aliens/probe#1",
                                  "aliens/scout#1"]
    assert card_id(game, "aliens/scout#1") in game.state.known[1]
    revealed = [ev for ev in game.state.events if ev["kind"] == "revealed"]
    assert revealed and revealed[-1]["cards"] == (card_id(game, "aliens/scout#1"),)


def test_hostage_rescue_with_no_minion_in_the_deck_only_shuffles():
    game = scenario(hands=[[RESCUE], []], decks=[["aliens/beam-up", "aliens/probe"], []],
                    bases=[TORTUGA, LIBRARY])
    play(game, f"play {RESCUE}#1")
    assert decision(game) == (0, "main")
    assert sorted(deck(game)) == ["aliens/beam-up#1", "aliens/probe#1"]
    assert any(ev["kind"] == "shuffled" for ev in game.state.events)


# ---- Lone Wolf ---------------------------------------------------------------------------------


def test_lone_wolf_gives_4_to_your_lone_minion_and_2_once_it_has_company():
    game = scenario(hands=[[LONE_WOLF, "aliens/scout"], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"]}, LIBRARY])
    play(game, f"play {LONE_WOLF}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 7
    play(game, f"play aliens/scout#1 @ base:{TORTUGA}")
    assert power(game, "aliens/invader#1") == 5


def test_lone_wolf_on_another_players_minion_gives_only_2():
    """Ruling (guide 5.4): "your only minion" is read from Lone Wolf's controller, so on
    another player's minion it is never more than +2, even when that minion is alone."""
    game = scenario(hands=[[LONE_WOLF], []],
                    bases=[{"base": TORTUGA, "minions": [theirs("aliens/invader")]}, LIBRARY])
    play(game, f"play {LONE_WOLF}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 5


def test_lone_wolf_counts_a_minion_you_control_but_do_not_own_as_yours():
    """Core interaction, control changed: "your minion" is a minion you control, so a lone
    minion taken from another player gets +4."""
    game = scenario(hands=[[LONE_WOLF], []],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": "aliens/invader", "owner": 1, "controller": 0}]}, LIBRARY])
    play(game, f"play {LONE_WOLF}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 7


def test_lone_wolf_follows_its_minion_when_it_moves():
    game = scenario(hands=[["ninjas/way-of-deception"], []],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": "aliens/invader", "attached": [LONE_WOLF]}, "aliens/scout"]},
                        LIBRARY])
    assert power(game, "aliens/invader#1") == 5
    play(game, "play ninjas/way-of-deception#1", "aliens/invader#1")
    assert power(game, "aliens/invader#1") == 7  # alone at the Library now


# ---- Pushing the Limit -------------------------------------------------------------------------


def test_pushing_the_limit_chooses_counters_or_a_draw_at_each_base_with_one_minion_of_yours():
    game = scenario(hands=[[PUSHING], []], decks=[["aliens/probe"], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"]},
                           {"base": LIBRARY, "minions": ["aliens/scout", "aliens/collector"]},
                           {"base": OASIS, "minions": ["robots/zapbot", theirs("aliens/scout")]}])
    play(game, f"play {PUSHING}#1")
    assert options(game) == ["choice:counters", "choice:draw"]
    play(game, "choice:counters", "choice:draw")
    assert power(game, "aliens/invader#1") == 5
    assert game.state.counters.get(card_id(game, "robots/zapbot#1"), 0) == 0
    assert hand(game) == ["aliens/probe#1"]
    assert power(game, "aliens/scout#1") == 3 and power(game, "aliens/collector#1") == 2


def test_pushing_the_limit_does_nothing_without_a_lone_minion_of_yours():
    game = scenario(hands=[[PUSHING], []], decks=[["aliens/probe"], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader", "aliens/scout"]},
                           LIBRARY])
    play(game, f"play {PUSHING}#1")
    assert decision(game) == (0, "main")
    assert hand(game) == []


# ---- Slo-Mo Attack -----------------------------------------------------------------------------


def test_slo_mo_attack_talent_lowers_its_base_by_3_with_exactly_one_minion_of_yours():
    game = scenario(hands=[[SLO_MO, "aliens/scout"], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"]}, LIBRARY])
    play(game, f"play {SLO_MO}#1 @ base:{TORTUGA}", f"use {SLO_MO}#1")
    assert base_breakpoint(game, TORTUGA) == 18
    assert f"use {SLO_MO}#1" not in options(game)  # once per turn
    # "until the end of the turn" outlives its condition: a second minion arrives
    play(game, f"play aliens/scout#1 @ base:{TORTUGA}")
    assert base_breakpoint(game, TORTUGA) == 18
    play(game, "end")
    assert base_breakpoint(game, TORTUGA) == 21


def test_slo_mo_attack_talent_needs_exactly_one_minion_of_yours_here():
    two = scenario(bases=[{"base": TORTUGA, "minions": ["aliens/invader", "aliens/scout"],
                           "actions": [SLO_MO]}, LIBRARY])
    assert f"use {SLO_MO}#1" not in options(two)
    none = scenario(bases=[{"base": TORTUGA, "minions": [theirs("aliens/invader")],
                            "actions": [SLO_MO]}, {"base": LIBRARY, "minions": ["aliens/scout"]}])
    assert f"use {SLO_MO}#1" not in options(none)


def test_slo_mo_attack_shields_your_minions_here_from_other_players_actions_only():
    game = scenario(current=1, hands=[[], ["aliens/beam-up"]],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader", theirs("aliens/scout")],
                            "actions": [SLO_MO]},
                           {"base": LIBRARY, "minions": ["aliens/collector"]}])
    play(game, "play aliens/beam-up#1")
    # Beam Up cannot pick the Invader under Slo-Mo Attack; the Collector elsewhere it can
    assert options(game) == ["aliens/scout#1", "aliens/collector#1"]
    own = scenario(hands=[["aliens/beam-up"], []],
                   bases=[{"base": TORTUGA, "minions": ["aliens/invader"], "actions": [SLO_MO]},
                          LIBRARY])
    play(own, "play aliens/beam-up#1")  # your own action still reaches it
    assert where(own, "aliens/invader#1") == "hand:0"


def test_slo_mo_attack_shields_a_minion_of_yours_that_arrives_later():
    game = scenario(hands=[["aliens/scout"], ["aliens/beam-up"]], decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"], "actions": [SLO_MO]},
                           {"base": LIBRARY, "minions": [theirs("aliens/collector")]}])
    play(game, f"play aliens/scout#1 @ base:{TORTUGA}", "end", "play aliens/beam-up#1")
    # Beam Up's only possible target is player 1's own Collector: taken without a choice
    assert where(game, "aliens/collector#1") == "hand:1"
    assert where(game, "aliens/scout#1") == f"minion@base:{TORTUGA}"


def test_slo_mo_attack_keeps_other_players_power_changes_off_your_minions():
    """Core interaction: Upgrade of another player cannot be played on your minion there."""
    game = scenario(current=1, hands=[[], ["dinosaurs/upgrade"]],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader", theirs("aliens/scout")],
                            "actions": [SLO_MO]}, LIBRARY])
    assert "play dinosaurs/upgrade#1 on aliens/invader#1" not in options(game)
    assert "play dinosaurs/upgrade#1 on aliens/scout#1" in options(game)


def test_slo_mo_attack_reduction_lasts_after_the_card_leaves_play():
    """Clarification: an "until the end of the turn" effect lasts even if the card that made it
    leaves play: Infiltrate destroys Slo-Mo Attack after its talent was used."""
    game = scenario(hands=[["ninjas/infiltrate"], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"], "actions": [SLO_MO]},
                           LIBRARY])
    play(game, f"use {SLO_MO}#1", f"play ninjas/infiltrate#1 @ base:{TORTUGA}", f"{SLO_MO}#1")
    assert where(game, f"{SLO_MO}#1") == "discard:0"
    assert base_breakpoint(game, TORTUGA) == 18


# ---- The Right Person --------------------------------------------------------------------------


def test_the_right_person_gives_an_extra_minion_for_a_base_without_yours_and_an_extra_action():
    game = scenario(hands=[[RIGHT_PERSON, "aliens/invader", "aliens/beam-up"], []],
                    plays={"minion": 0, "action": 1},
                    bases=[{"base": TORTUGA, "minions": ["aliens/scout"]},
                           {"base": LIBRARY, "minions": [theirs("aliens/collector")]}, OASIS])
    play(game, f"play {RIGHT_PERSON}#1")
    assert options(game) == [f"play aliens/invader#1 @ base:{LIBRARY}",
                             f"play aliens/invader#1 @ base:{OASIS}", "play aliens/beam-up#1",
                             "end"]
    play(game, f"play aliens/invader#1 @ base:{OASIS}")
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"


def test_the_right_person_played_outside_your_turn_offers_its_extras_at_once():
    """Played by Kickboxbro's Special on another player's turn, the extra minion goes at once
    to a base where its player has no minion, then the extra action, or not at all."""
    game = scenario(current=1, hands=[["aliens/invader", "aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": KICKBOXBRO, "stored": [RIGHT_PERSON]},
                        theirs("dinosaurs/king-rex")]}, TORTUGA])
    play(game, "end", f"trigger {KICKBOXBRO}#1")
    assert decision(game) == (0, "play_extra")
    assert options(game) == [f"play aliens/invader#1 @ base:{TORTUGA}", "skip"]
    play(game, f"play aliens/invader#1 @ base:{TORTUGA}")
    assert game.state.vp == [1, 0]  # the Invader's own ability
    assert options(game) == ["play aliens/beam-up#1", "skip"]
    play(game, "skip")
    assert where(game, "aliens/beam-up#1") == "hand:0"


# ---- Walk Away... Slowly -----------------------------------------------------------------------


def test_walk_away_slowly_returns_one_of_your_minions_after_its_base_scores():
    game = scenario(hands=[[WALK_AWAY], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": ["dinosaurs/king-rex", "aliens/invader",
                                                       theirs("aliens/collector")]}, TORTUGA])
    assert f"play {WALK_AWAY}#1" not in options(game)  # only through its Special
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"special {WALK_AWAY}#1", "pass"]
    play(game, f"special {WALK_AWAY}#1")
    assert options(game) == ["dinosaurs/king-rex#1", "aliens/invader#1"]
    play(game, "dinosaurs/king-rex#1")
    assert where(game, "dinosaurs/king-rex#1") == "hand:0"
    assert where(game, "aliens/invader#1") == "discard:0"
    assert game.state.vp == [2, 0]


def test_walk_away_slowly_sends_a_minion_you_control_to_its_owners_hand():
    """Core interaction: a minion whose control changed goes back to its owner's hand."""
    game = scenario(hands=[[WALK_AWAY], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "dinosaurs/king-rex", "owner": 1, "controller": 0},
                        "ninjas/ninja-master"]}, TORTUGA])
    play(game, "end", f"special {WALK_AWAY}#1", "dinosaurs/king-rex#1")
    assert where(game, "dinosaurs/king-rex#1") == "hand:1"


def test_walk_away_slowly_is_not_offered_without_a_minion_of_yours_there():
    game = scenario(hands=[[WALK_AWAY], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": [theirs("dinosaurs/king-rex"),
                                                       theirs("ninjas/ninja-master")]},
                           {"base": TORTUGA, "minions": ["aliens/invader"]}])
    play(game, "end")
    assert where(game, f"{WALK_AWAY}#1") == "hand:0"
    assert game.state.vp == [0, 2]


# ---- Building Rooftop --------------------------------------------------------------------------


def test_building_rooftop_may_lower_its_breakpoint_by_your_lone_minions_power():
    game = scenario(phase="start", decks=[DRAWS, DRAWS],
                    bases=[{"base": ROOFTOP, "minions": [
                        {"card": "aliens/invader", "counters": 1}]}, TORTUGA])
    assert options(game) == [f"trigger base:{ROOFTOP}", "pass"]
    play(game, f"trigger base:{ROOFTOP}")
    assert base_breakpoint(game, ROOFTOP) == 16
    play(game, "end")
    assert base_breakpoint(game, ROOFTOP) == 20


def test_building_rooftop_cut_may_be_declined_and_needs_exactly_one_minion():
    game = scenario(phase="start", bases=[{"base": ROOFTOP, "minions": ["aliens/invader"]},
                                          TORTUGA])
    play(game, "pass")
    assert base_breakpoint(game, ROOFTOP) == 20
    two = scenario(phase="start", bases=[
        {"base": ROOFTOP, "minions": ["aliens/invader", "aliens/scout", theirs("aliens/scout")]},
        TORTUGA])
    assert decision(two) == (0, "main")


def test_building_rooftop_gives_1_vp_more_to_each_player_with_a_single_minion_here():
    """"When this base scores" (EMD rulebook): the VP come with the placement VP. Player 0
    wins with one minion (3 + 1), player 1 is second with two (1), player 2 third with one
    (1 + 1)."""
    game = scenario(players=3, decks=[DRAWS, [], []],
                    bases=[{"base": ROOFTOP, "minions": [
                        {"card": "dinosaurs/king-rex", "counters": 6}, theirs("aliens/invader"),
                        theirs("aliens/collector"), theirs("robots/zapbot", 2)]},
                        TORTUGA, LIBRARY])
    assert base_power(game, ROOFTOP) == 20
    play(game, "end")
    assert game.state.vp == [4, 1, 2]


# ---- Jungle Camp -------------------------------------------------------------------------------


def camp_game(**more):
    """Player 0 wins Jungle Camp (20) with a King Rex (7 + 8 counters) and an Invader (3);
    player 1 has a Collector (2)."""
    fields = {"decks": [DRAWS, DRAWS],
              "bases": [{"base": CAMP, "minions": [
                  {"card": "dinosaurs/king-rex", "counters": 8}, "aliens/invader",
                  theirs("aliens/collector")]}, TORTUGA]}
    fields.update(more)
    return scenario(**fields)


def test_jungle_camp_lets_its_winner_take_back_one_of_their_minions():
    game = camp_game()
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger base:{CAMP}", "pass"]
    play(game, f"trigger base:{CAMP}")
    assert options(game) == ["dinosaurs/king-rex#1", "aliens/invader#1"]
    play(game, "dinosaurs/king-rex#1")
    assert where(game, "dinosaurs/king-rex#1") == "hand:0"
    assert where(game, "aliens/invader#1") == "discard:0"
    assert where(game, "aliens/collector#1") == "discard:1"
    assert game.state.vp == [3, 2]


def test_jungle_camp_may_be_declined():
    game = camp_game()
    play(game, "end", "pass")
    assert where(game, "dinosaurs/king-rex#1") == "discard:0"
    assert decision(game) == (1, "main")


def test_jungle_camp_returns_a_minion_the_winner_controls_to_its_owners_hand():
    """Errata wording ("their minions"): the minions the winner controls there; one owned by
    another player goes to its owner's hand."""
    game = camp_game(bases=[{"base": CAMP, "minions": [
        {"card": "dinosaurs/king-rex", "counters": 8, "owner": 1, "controller": 0},
        "aliens/invader", theirs("aliens/collector")]}, TORTUGA])
    play(game, "end", f"trigger base:{CAMP}", "dinosaurs/king-rex#1")
    assert where(game, "dinosaurs/king-rex#1") == "hand:1"
