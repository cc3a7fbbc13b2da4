"""Second, independent reading of Excellent Movies, Dudes! (issue 30 item 8): the situations the
card texts and clarifications name that the set's own test files leave out — control changed,
other players' turns, decks short, targets absent. XMage style: a described board, scripted
choices, the outcome a player would see."""

from smashup.testing import (
    base_breakpoint,
    decision,
    options,
    pass_until_main,
    play,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
TORTUGA = "tortuga"  # breakpoint 21; its ability acts only once it has scored
LIBRARY = "the-great-library"  # breakpoint 22

AH = "action-heroes"
COMMANDBRO = f"{AH}/commandbro"
ROBOBRO = f"{AH}/robobro"
WARBRO = f"{AH}/warbro"
BUBBLEGUM = f"{AH}/all-out-of-bubblegum"
CHOPPA = f"{AH}/get-to-the-choppa"
RESCUE = f"{AH}/hostage-rescue"
PUSHING = f"{AH}/pushing-the-limit"
FINAL_STAND = f"{AH}/final-stand"
WALK_AWAY = f"{AH}/walk-away-slowly"
RUMBRO = f"{AH}/rumbro"

DRAWS = ["zombies/walker", "zombies/walker"]


def theirs(card: str, player: int = 1, **more) -> dict:
    return {"card": card, "controller": player, **more}


def hand(game, p: int = 0) -> list[str]:
    g = game.state
    return sorted(g.names[c] for c in g.hands[p])


# ---- Action Heroes -----------------------------------------------------------------------------


def test_commandbro_whose_control_changed_draws_for_its_controller_at_their_turn_end():
    """"Your turn", "your only minion": the controller's, not the owner's."""
    game = scenario(decks=[["aliens/invader", "aliens/scout", "aliens/collector"], DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": COMMANDBRO, "owner": 1, "controller": 0}]}, LIBRARY])
    play(game, "end")
    assert hand(game) == ["aliens/collector#1", "aliens/invader#1", "aliens/scout#1"]
    assert hand(game, 1) == []


def test_commandbro_with_an_empty_deck_reshuffles_the_discard_pile_to_draw():
    """Rulebook: a player who must draw from an empty deck shuffles the discard pile into a new
    deck."""
    game = scenario(decks=[["aliens/invader", "aliens/scout"], []],
                    discards=[["aliens/collector"], []],
                    bases=[{"base": TORTUGA, "minions": [COMMANDBRO]}, LIBRARY])
    play(game, "end")
    assert hand(game) == ["aliens/collector#1", "aliens/invader#1", "aliens/scout#1"]


def test_robobro_whose_control_changed_answers_its_owner_playing_a_minion_here():
    """"Another player": anyone but Robobro's controller, its owner included."""
    game = scenario(current=1, hands=[[], ["aliens/scout"]], decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": ROBOBRO, "owner": 1, "controller": 0}]}, LIBRARY])
    play(game, f"play aliens/scout#1 @ base:{TORTUGA}")
    assert decision(game)[0] == 0
    play(game, f"trigger {ROBOBRO}#1")
    assert power(game, f"{ROBOBRO}#1") == 6


def test_warbro_talent_never_offers_its_own_base():
    game = scenario(decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [WARBRO]},
                           {"base": LIBRARY, "minions": ["aliens/scout", "aliens/invader"]}])
    assert f"use {WARBRO}#1" not in options(game)


def test_all_out_of_bubblegum_on_a_minion_you_control_but_do_not_own_gives_the_extra_action():
    game = scenario(hands=[[BUBBLEGUM, "ninjas/disguise"], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": "aliens/scout", "owner": 1, "controller": 0}]}, LIBRARY])
    play(game, f"play {BUBBLEGUM}#1")
    assert power(game, "aliens/scout#1") == 5
    assert game.state.action_plays >= 1


def test_get_to_the_choppa_moves_a_minion_you_control_but_do_not_own():
    game = scenario(hands=[[CHOPPA], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": "aliens/scout", "owner": 1, "controller": 0}]}, LIBRARY])
    play(game, f"play {CHOPPA}#1")  # one minion, one other base: no choice
    assert where(game, "aliens/scout#1") == f"minion@base:{LIBRARY}"
    assert game.state.action_plays == 1


def test_hostage_rescue_with_an_empty_deck_does_nothing():
    game = scenario(hands=[[RESCUE], []], decks=[[], DRAWS],
                    bases=[TORTUGA, LIBRARY])
    play(game, f"play {RESCUE}#1")
    assert decision(game) == (0, "main")
    assert where(game, f"{RESCUE}#1") == "discard:0"


def test_pushing_the_limit_draws_what_a_short_deck_holds():
    """Two lone minions, both draws, one card in the deck and an empty discard pile: one card
    drawn, the second draw finds nothing."""
    game = scenario(hands=[[PUSHING], []], decks=[["aliens/probe"], []],
                    bases=[{"base": TORTUGA, "minions": ["aliens/invader"]},
                           {"base": LIBRARY, "minions": ["aliens/scout"]}])
    play(game, f"play {PUSHING}#1", "choice:draw", "choice:draw")
    assert hand(game) == ["aliens/probe#1"]
    assert decision(game) == (0, "main")


def test_final_stand_is_played_before_a_base_scores_on_another_players_turn():
    game = scenario(current=1, hands=[[FINAL_STAND], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": [
                        COMMANDBRO, theirs("aliens/invader"), theirs("dinosaurs/king-rex")]},
                        TORTUGA, LIBRARY])
    play(game, "end")
    assert f"special {FINAL_STAND}#1" in options(game)
    play(game, f"special {FINAL_STAND}#1")
    assert where(game, "aliens/invader#1") == "discard:1"


def test_walk_away_slowly_on_another_players_turn_returns_your_minion():
    game = scenario(current=1, hands=[[WALK_AWAY], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": OASIS, "minions": [
                        "aliens/scout", theirs("dinosaurs/king-rex"), theirs("aliens/invader")]},
                        TORTUGA, LIBRARY])
    play(game, "end")
    assert f"special {WALK_AWAY}#1" in options(game)
    play(game, f"special {WALK_AWAY}#1")
    assert where(game, "aliens/scout#1") == "hand:0"


def test_rumbro_whose_control_changed_cuts_on_its_controllers_turn():
    game = scenario(decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": RUMBRO, "owner": 1, "controller": 0}]}, LIBRARY])
    assert base_breakpoint(game, TORTUGA) == 17


# ---- Backtimers --------------------------------------------------------------------------------

BT = "backtimers"
PROF = f"{BT}/zany-prof"
MPH = f"{BT}/99-mph"
ALMANAC = f"{BT}/future-almanac"
HELP = f"{BT}/help-from-the-past"
LETTER = f"{BT}/letter-from-another-time"
STRIKE = f"{BT}/lightning-strike"
WILL = f"{BT}/will-have-to-do"
FILLER = ["zombies/walker"] * 6


def frozen(card: str, counters: int = 1, **more: object) -> dict:
    return {"card": card, "stasis": counters, **more}


def stasis_counters(game, name: str) -> int:
    g = game.state
    return g.stasis.get(g.names.index(name), 0)


def test_99_mph_with_no_other_card_in_hand_still_draws():
    game = scenario(hands=[[MPH], []], decks=[["aliens/scout"], []], bases=[OASIS, TORTUGA])
    play(game, f"play {MPH}#1")
    assert hand(game) == ["aliens/scout#1"]
    assert game.state.stasis == {}


def test_99_mph_with_an_empty_deck_reshuffles_the_discard_pile_to_draw():
    game = scenario(hands=[[MPH, "aliens/invader"], []], decks=[[], []],
                    discards=[["aliens/scout"], []], bases=[OASIS, TORTUGA])
    play(game, f"play {MPH}#1")
    assert hand(game) == ["aliens/scout#1"]
    assert stasis_counters(game, "aliens/invader#1") == 2


def test_lightning_strike_cannot_be_used_on_another_players_turn():
    """"On your turn you may use an action play": never on another player's turn."""
    game = scenario(current=1, stasis=[[frozen(STRIKE, 2)], []], decks=[FILLER, FILLER],
                    bases=[OASIS, TORTUGA])
    assert decision(game)[0] == 1
    assert f"special {STRIKE}#1" not in options(game)


def test_zany_prof_whose_control_changed_works_at_its_controllers_turn_start():
    game = scenario(phase="start", stasis=[[frozen("aliens/invader", 3)], []],
                    decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [{"card": PROF, "owner": 1,
                                                        "controller": 0}]}, TORTUGA])
    play(game, f"trigger {PROF}#1", "choice:remove")
    assert stasis_counters(game, "aliens/invader#1") == 1


def test_future_almanac_draw_with_an_empty_deck_reshuffles_the_discard_pile():
    game = scenario(phase="start", stasis=[[frozen(ALMANAC, 3)], []], decks=[[], FILLER],
                    discards=[["aliens/scout"], []], bases=[OASIS, TORTUGA])
    assert "aliens/scout#1" in hand(game)


def test_help_from_the_past_stored_action_is_played_as_an_extra_action():
    game = scenario(hands=[[WILL], []], stasis=[[frozen(HELP, 0, stored=[MPH])], []],
                    decks=[FILLER, FILLER], bases=[{"base": OASIS, "minions": ["aliens/scout"]},
                                                   TORTUGA])
    play(game, f"play {HELP}#1", f"play {MPH}#1")  # Will Have to Do: the only card
    assert stasis_counters(game, f"{WILL}#1") == 2
    assert game.state.action_plays == 1  # the normal action play is still there


def test_will_have_to_do_counters_go_on_a_minion_you_control_but_do_not_own():
    game = scenario(hands=[[WILL], []], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "aliens/scout", "owner": 1, "controller": 0}]}, TORTUGA])
    play(game, f"play {WILL}#1", "aliens/scout#1", "aliens/scout#1")
    assert power(game, "aliens/scout#1") == 5


# ---- Extramorphs -------------------------------------------------------------------------------

XM = "extramorphs"
QUEEN = f"{XM}/hive-queen"
LIFE_FORM = f"{XM}/alien-life-form"
DRONE = f"{XM}/extradrone"
CHEST = f"{XM}/chestbreaker"
ENCOUNTERS = f"{XM}/close-encounters"
EGG = f"{XM}/egg-field"
GAME_OVER = f"{XM}/game-over-dude"
TIME_TO_GO = f"{XM}/time-to-go"


def names_of(game, cards) -> list[str]:
    return [game.state.names[c] for c in cards]


def test_chestbreaker_whose_control_changed_goes_under_its_owners_deck_and_hatches_from_yours():
    """Cards always go to their owner's zones (core rulebook, owner and controller); the minion
    is played off the top of the controller's deck ("your deck")."""
    game = scenario(decks=[["aliens/scout"], ["zombies/walker"]],
                    bases=[{"base": OASIS, "minions": [
                        {"card": CHEST, "owner": 1, "controller": 0}]}, TORTUGA])
    play(game, f"use {CHEST}#1", "choice:power-3")
    assert where(game, f"{CHEST}#1") == "deck:1"
    assert names_of(game, game.state.decks[1])[-1] == f"{CHEST}#1"
    assert where(game, "aliens/scout#1") == f"minion@base:{OASIS}"


def test_chestbreaker_is_not_used_on_another_players_turn():
    game = scenario(current=1, decks=[["aliens/scout"], FILLER],
                    bases=[{"base": OASIS, "minions": [CHEST]}, TORTUGA])
    assert f"use {CHEST}#1" not in options(game)


def test_alien_life_form_may_destroy_a_small_minion_of_your_own_here():
    game = scenario(hands=[[LIFE_FORM], []], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": ["aliens/scout"]}, TORTUGA])
    play(game, f"play {LIFE_FORM}#1 @ base:{OASIS}", "aliens/scout#1")
    assert where(game, "aliens/scout#1") == "discard:0"


def test_alien_life_form_with_no_small_minion_here_asks_nothing():
    game = scenario(hands=[[LIFE_FORM], []], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [theirs("dinosaurs/king-rex")]},
                           {"base": TORTUGA, "minions": [theirs("aliens/scout")]}])
    play(game, f"play {LIFE_FORM}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/scout#1") == f"minion@base:{TORTUGA}"


def test_extradrone_never_moves_your_own_minion():
    game = scenario(hands=[[DRONE], []], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": ["aliens/scout"]}, TORTUGA])
    play(game, f"play {DRONE}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/scout#1") == f"minion@base:{OASIS}"


def test_game_over_dude_with_an_empty_deck_and_discard_pile_plays_nothing():
    game = scenario(hands=[[GAME_OVER], []], decks=[[], FILLER], bases=[OASIS, TORTUGA])
    play(game, f"play {GAME_OVER}#1", f"base:{OASIS}", "choice:power-3")
    assert game.state.minions[0] == []
    assert decision(game) == (0, "main")


def test_close_encounters_with_nothing_to_draw_still_gives_the_extra_action():
    game = scenario(hands=[[ENCOUNTERS], []], decks=[[], FILLER], bases=[OASIS, TORTUGA])
    play(game, f"play {ENCOUNTERS}#1")
    assert game.state.action_plays == 1


def test_time_to_go_with_an_empty_discard_pile_does_nothing():
    game = scenario(hands=[[TIME_TO_GO], []], decks=[["aliens/scout"], FILLER],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {TIME_TO_GO}#1")
    assert decision(game) == (0, "main")
    assert names_of(game, game.state.decks[0]) == ["aliens/scout#1"]


def test_hive_queen_talent_spares_a_minion_you_control_but_another_player_owns():
    """"Other players' minions": by controller."""
    game = scenario(decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "actions": [EGG], "minions": [
                        QUEEN, {"card": "aliens/scout", "owner": 1, "controller": 0},
                        {"card": "aliens/invader", "owner": 0, "controller": 1}]}, TORTUGA])
    play(game, f"use {QUEEN}#1")
    assert power(game, "aliens/scout#1") == 3
    assert power(game, "aliens/invader#1") == 2


# ---- Wraithrustlers ----------------------------------------------------------------------------

W = "wraithrustlers"
FUNKMAN = f"{W}/funkman"
WATSON = f"{W}/watson"
DOGS = f"{W}/demon-dogs"
ECTO = f"{W}/ectoplasm-one"
HAUNT = f"{W}/librarian-haunt"
RESURGENCE = f"{W}/resurgence"
SLIMY = f"{W}/slimy"
TOOLS = f"{W}/the-tools-and-the-talent"
UNA = f"{W}/unlicensed-nuclear-accelerator"
MIST = "tricksters/enshrouding-mist"  # a plain action played on a base (not a Wraith)
BIG_THREE = ("dinosaurs/king-rex", "ninjas/ninja-master", "aliens/supreme-overlord")


def test_funkman_whose_control_changed_answers_its_controllers_destroys():
    game = scenario(hands=[[RESURGENCE], []], decks=[["aliens/scout"], FILLER],
                    bases=[{"base": OASIS, "actions": [MIST]},
                           {"base": TORTUGA, "minions": [
                               {"card": FUNKMAN, "owner": 1, "controller": 0}]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")  # no minion of yours there: a draw
    assert hand(game) == ["aliens/scout#1"]
    assert hand(game, 1) == []


def test_funkman_special_on_another_players_turn():
    """"Before a base scores": any base, on any player's turn."""
    game = scenario(current=1, decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [theirs(m) for m in BIG_THREE],
                            "actions": [{"card": SLIMY, "owner": 1}]},
                           {"base": TORTUGA, "minions": [FUNKMAN]}])
    play(game, "end")
    assert decision(game)[0] == 0
    play(game, f"trigger {FUNKMAN}#1")
    assert where(game, f"{SLIMY}#1") == f"action@base:{TORTUGA}"


def test_librarian_haunt_draws_three_from_a_short_deck_by_reshuffling_the_discard_pile():
    game = scenario(hands=[[RESURGENCE], []], decks=[["aliens/scout"], []],
                    discards=[["aliens/invader", "aliens/collector"], []],
                    bases=[{"base": OASIS, "actions": [HAUNT]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    # the Haunt itself is in the discard pile by then, so it may be reshuffled and drawn too
    assert len(game.state.hands[0]) == 3 and "aliens/scout#1" in hand(game)


def test_slimy_controlled_by_another_player_boosts_that_players_minions():
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "actions": [{"card": SLIMY, "owner": 1}],
                            "minions": ["aliens/invader", theirs("aliens/scout")]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert power(game, "aliens/scout#1") == 5
    assert power(game, "aliens/invader#1") == 3


def test_watson_with_nothing_to_destroy_or_reveal_asks_nothing():
    game = scenario(hands=[[WATSON], []], decks=[[], FILLER], bases=[OASIS, TORTUGA])
    play(game, f"play {WATSON}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")


def test_demon_dogs_offers_only_minions_of_power_3_or_less():
    game = scenario(hands=[[DOGS, "aliens/scout", "dinosaurs/king-rex"], []],
                    discards=[["robots/warbot", "zombies/walker"], []],
                    decks=[FILLER, FILLER], bases=[OASIS, TORTUGA])
    play(game, f"play {DOGS}#1 @ base:{OASIS}")
    offered = options(game)
    assert "aliens/scout#1" in offered and "skip" in offered and len(offered) == 3
    assert not any(o.startswith(("dinosaurs/king-rex", "robots/warbot")) for o in offered)


def test_resurgence_with_no_action_in_play_does_nothing():
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, FILLER], bases=[OASIS, TORTUGA])
    play(game, f"play {RESURGENCE}#1")
    assert decision(game) == (0, "main")
    assert where(game, f"{RESURGENCE}#1") == "discard:0"


def test_tools_and_the_talent_with_an_empty_deck_searches_the_reshuffled_discard_pile():
    """EMD rulebook, Playing Cards: a deck empty when you start searching it is refilled by
    shuffling its discard pile first."""
    game = scenario(hands=[[TOOLS], []], decks=[[], FILLER],
                    discards=[["aliens/scout", "aliens/invader"], []], bases=[OASIS, TORTUGA])
    play(game, f"play {TOOLS}#1", "aliens/invader#1")
    assert names_of(game, game.state.decks[0])[0] == "aliens/invader#1"
    assert decision(game) == (0, "main")


def test_tools_and_the_talent_with_no_cards_at_all_does_nothing():
    game = scenario(hands=[[TOOLS], []], decks=[[], FILLER], bases=[OASIS, TORTUGA])
    play(game, f"play {TOOLS}#1")
    assert decision(game) == (0, "main")
    assert where(game, f"{TOOLS}#1") == "discard:0"


def test_accelerator_on_another_players_minion_boosts_it_and_its_talent_counts_it():
    game = scenario(hands=[[UNA], []], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/scout")],
                            "actions": [MIST]}, TORTUGA])
    play(game, f"play {UNA}#1 on aliens/scout#1")
    assert power(game, "aliens/scout#1") == 5
    play(game, f"use {UNA}#1", f"{MIST}#1")
    assert power(game, "aliens/scout#1") == 6


def test_ectoplasm_one_talent_is_not_used_on_another_players_turn():
    game = scenario(current=1, decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "actions": [ECTO], "minions": ["aliens/scout"]},
                           TORTUGA])
    assert f"use {ECTO}#1" not in options(game)


# ---- the bases ---------------------------------------------------------------------------------

ROOFTOP = "building-rooftop"  # breakpoint 20, VP 3/1/1
CAMP = "jungle-camp"  # breakpoint 20, VP 3/2/1
PRESENT = "alternate-present"  # breakpoint 20
SHIP = "ancient-crashed-ship"  # breakpoint 21
HQ = "wraithrustlers-hq"  # breakpoint 20, VP 4/2/1


def test_alternate_present_answers_a_first_minion_played_off_the_top_of_the_deck():
    """"Play a minion here": every way of playing counts, not only from the hand."""
    game = scenario(hands=[[GAME_OVER, "aliens/invader"], []],
                    decks=[["aliens/scout"] + FILLER, FILLER], bases=[PRESENT, OASIS])
    play(game, f"play {GAME_OVER}#1", f"base:{PRESENT}", "choice:power-3")
    assert where(game, "aliens/scout#1") == f"minion@base:{PRESENT}"
    play(game, "aliens/invader#1")
    assert stasis_counters(game, "aliens/invader#1") == 2


def test_ancient_crashed_ship_counters_a_minion_played_from_stasis():
    game = scenario(stasis=[[frozen("aliens/scout", 0)], []], decks=[FILLER, FILLER],
                    bases=[SHIP, OASIS])
    play(game, f"play aliens/scout#1 @ base:{SHIP}")
    assert power(game, "aliens/scout#1") == 4


def test_jungle_camp_winner_on_another_players_turn_takes_back_their_minion():
    game = scenario(current=1, decks=[FILLER, FILLER],
                    bases=[{"base": CAMP, "minions": [
                        "dinosaurs/king-rex", "ninjas/ninja-master", "aliens/supreme-overlord",
                        theirs("robots/warbot")]}, OASIS, TORTUGA])
    play(game, "end")
    assert decision(game)[0] == 0
    play(game, f"trigger base:{CAMP}", "dinosaurs/king-rex#1")
    assert where(game, "dinosaurs/king-rex#1") == "hand:0"


def test_building_rooftop_gives_its_bonus_vp_by_controller():
    """A player whose only minion here is one they control but do not own gains the 1 VP."""
    game = scenario(current=1, decks=[FILLER, FILLER],
                    bases=[{"base": ROOFTOP, "minions": [
                        {"card": "dinosaurs/king-rex", "owner": 1, "controller": 0},
                        theirs("ninjas/ninja-master"), theirs("aliens/supreme-overlord"),
                        theirs("dinosaurs/king-rex")]},
                        OASIS, TORTUGA])
    play(game, "end")
    assert game.state.vp == [2, 3]  # player 0: 2nd place 1 VP + 1; player 1: 1st 3 VP


def test_wraithrustlers_hq_winner_who_is_not_the_current_player_gets_the_extra_next_turn():
    game = scenario(current=1, decks=[FILLER, FILLER],
                    bases=[{"base": HQ, "minions": [
                        "dinosaurs/king-rex", "ninjas/ninja-master", "aliens/supreme-overlord",
                        theirs("robots/warbot")]}, OASIS, TORTUGA])
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (0, "main")
    assert [gr[0] for gr in game.state.grants] == ["minion", "action"]


# ---- more: other players' turns, stasis removals by an action ----------------------------------

GOD = f"{W}/ancient-sumerian-god"
GIRLFRIEND = f"{BT}/sidelined-girlfriend"


def test_demon_dogs_destroyed_on_another_players_turn_lets_its_player_play_the_minion_at_once():
    """An extra card gained outside your turn is played at once or not at all (core rules)."""
    game = scenario(current=1, hands=[[], [RESURGENCE]], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "actions": [{"card": DOGS,
                                                        "stored": ["aliens/invader"]}]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert decision(game)[0] == 0
    play(game, f"play aliens/invader#1 @ base:{TORTUGA}")
    assert where(game, "aliens/invader#1") == f"minion@base:{TORTUGA}"
    assert game.state.vp == [1, 0]


def test_ancient_sumerian_god_destroyed_on_another_players_turn_plays_its_stored_action():
    game = scenario(current=1, hands=[[], [RESURGENCE]], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "actions": [{"card": GOD, "stored": [MIST]}]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert decision(game)[0] == 0
    play(game, f"play {MIST}#1 @ base:{TORTUGA}")
    assert where(game, f"{MIST}#1") == f"action@base:{TORTUGA}"


def test_sidelined_girlfriend_answers_a_counter_taken_off_by_will_have_to_do():
    game = scenario(hands=[[WILL], []], stasis=[[frozen(GIRLFRIEND, 3)], []],
                    decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": ["aliens/scout"]}, TORTUGA])
    play(game, f"play {WILL}#1", "choice:stasis-counters", f"{GIRLFRIEND}#1", "skip")
    assert f"trigger {GIRLFRIEND}#1" in options(game)
    play(game, f"trigger {GIRLFRIEND}#1")
    assert power(game, "aliens/scout#1") == 4
    assert stasis_counters(game, f"{GIRLFRIEND}#1") == 2


def test_hostage_rescue_with_an_empty_deck_searches_the_reshuffled_discard_pile():
    """EMD rulebook, Playing Cards: an empty deck is refilled from the discard pile before a
    search starts."""
    game = scenario(hands=[[RESCUE], []], decks=[[], DRAWS],
                    discards=[["aliens/scout", "ninjas/disguise"], []], bases=[TORTUGA, LIBRARY])
    play(game, f"play {RESCUE}#1")  # one minion: no choice
    assert names_of(game, game.state.decks[0])[0] == "aliens/scout#1"


def test_letter_from_another_time_with_an_empty_deck_searches_the_reshuffled_discard_pile():
    game = scenario(hands=[[LETTER], []], decks=[[], FILLER],
                    discards=[["aliens/scout"], []], bases=[OASIS, TORTUGA])
    play(game, f"play {LETTER}#1")
    assert where(game, "aliens/scout#1") == f"stored:{LETTER}#1"


def test_watson_with_an_empty_deck_reveals_from_the_reshuffled_discard_pile():
    game = scenario(hands=[[WATSON], []], decks=[[], FILLER],
                    discards=[["aliens/scout", SLIMY], []], bases=[OASIS, TORTUGA])
    play(game, f"play {WATSON}#1 @ base:{OASIS}", "choice:reveal")
    assert hand(game) == [f"{SLIMY}#1"]
    assert names_of(game, game.state.decks[0]) == ["aliens/scout#1"]


# ---- gaps left by the second reading: control changed, other players' turns, scoring -----------

KICKBOXBRO = f"{AH}/kickboxbro"


def test_kickboxbro_whose_control_changed_plays_an_action_its_previous_controller_stored():
    """"Play an action stored under this card": the talent is its controller's, whoever stored
    the card; the played action still goes to its owner's discard pile (core rules, owner and
    controller)."""
    game = scenario(decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": KICKBOXBRO, "owner": 1, "controller": 0,
                         "stored": [{"card": "aliens/invasion", "owner": 1}]},
                        theirs("aliens/invader")]}, LIBRARY])
    assert f"use {KICKBOXBRO}#1" in options(game)
    play(game, f"use {KICKBOXBRO}#1", "aliens/invader#1")
    assert where(game, "aliens/invader#1") == f"minion@base:{LIBRARY}"
    assert where(game, "aliens/invasion#1") == "discard:1"
    assert game.state.action_plays == 1  # an extra action: the turn's own play is untouched


def test_alternate_present_answers_a_minion_played_there_on_another_players_turn():
    """"The first time you play a minion here each turn": any turn, not only your own — here a
    minion Demon Dogs lets its player play at once on the other player's turn."""
    game = scenario(current=1, hands=[["aliens/scout"], [RESURGENCE]], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "actions": [{"card": DOGS,
                                                        "stored": ["aliens/invader"]}]},
                           PRESENT])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert decision(game)[0] == 0
    play(game, f"play aliens/invader#1 @ base:{PRESENT}")
    assert where(game, "aliens/invader#1") == f"minion@base:{PRESENT}"
    assert options(game) == ["aliens/scout#1", "skip"]
    play(game, "aliens/scout#1")
    assert stasis_counters(game, "aliens/scout#1") == 2


SLIP = "time-travelers/into-the-time-slip"


def test_ancient_sumerian_god_returned_to_hand_during_scoring_plays_its_stored_action():
    """"When this card leaves play": a return to hand counts as much as a discard. Before Jungle
    Oasis scores, Kickboxbro's Special plays Into the Time Slip, which returns the God from
    Tortuga; its stored action may then be played on a base still in play."""
    game = scenario(decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [
                        {"card": KICKBOXBRO, "stored": [SLIP]}, theirs("dinosaurs/king-rex")]},
                           {"base": TORTUGA, "actions": [{"card": GOD, "stored": [MIST]}]}])
    play(game, "end")  # 5 + 7 = 12: Jungle Oasis scores
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {KICKBOXBRO}#1", f"{GOD}#1")  # the only stored action: played at once
    assert where(game, f"{GOD}#1") == "hand:0"
    assert decision(game) == (0, "play_extra")
    assert options(game) == [f"play {MIST}#1 @ base:{OASIS}", f"play {MIST}#1 @ base:{TORTUGA}",
                             "skip"]  # the scoring base is still in play
    play(game, f"play {MIST}#1 @ base:{TORTUGA}")
    assert where(game, f"{MIST}#1") == f"action@base:{TORTUGA}"
    assert game.state.vp == [0, 2]  # then Jungle Oasis scored: King Rex 7 beats Kickboxbro 5


GRACIE = f"{AH}/gracie-brones"
RIGHT_PERSON = f"{AH}/the-right-person"
BULLY = f"{BT}/lifelong-bully"
BACK = f"{BT}/back-from-the-future"
HIVE = "brood-hive"  # breakpoint 22


def test_gracie_brones_whose_control_changed_works_at_its_controllers_turn_start():
    """"At the start of your turn, if this is your only minion here": its controller's."""
    game = scenario(phase="start", decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": GRACIE, "owner": 1, "controller": 0}]}, LIBRARY])
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {GRACIE}#1")
    assert power(game, f"{GRACIE}#1") == 7  # 5 + 1 counter + 1 until the end of the turn


def test_the_right_person_counts_a_base_where_your_minion_is_controlled_by_another_player():
    """"A base where you have no minions": by controller — a minion you own but another player
    controls is not yours there."""
    game = scenario(hands=[[RIGHT_PERSON, "aliens/invader"], []], decks=[DRAWS, DRAWS],
                    plays={"minion": 0, "action": 1},
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": "aliens/scout", "owner": 0, "controller": 1}]},
                           {"base": LIBRARY, "minions": ["aliens/collector"]}])
    play(game, f"play {RIGHT_PERSON}#1")
    assert options(game) == [f"play aliens/invader#1 @ base:{TORTUGA}", "end"]


def test_lifelong_bully_looks_at_what_a_one_card_deck_holds():
    game = scenario(hands=[[BULLY], []], decks=[["aliens/scout"], []], bases=[OASIS, TORTUGA])
    play(game, f"play {BULLY}#1 @ base:{OASIS}")
    assert options(game) == ["aliens/scout#1", "skip"]
    play(game, "aliens/scout#1")
    assert stasis_counters(game, "aliens/scout#1") == 2
    assert game.state.decks[0] == []


def test_back_from_the_future_with_no_cards_at_all_does_nothing():
    game = scenario(hands=[[BACK], []], decks=[[], []], bases=[OASIS, TORTUGA])
    play(game, f"play {BACK}#1")
    assert decision(game) == (0, "main")
    assert game.state.stasis == {}
    assert where(game, f"{BACK}#1") == "discard:0"


def test_brood_hive_asks_the_controller_of_a_minion_another_player_owns():
    """"Each player with a minion here": by controller; the minion comes off the asked player's
    own deck."""
    game = scenario(decks=[["robots/warbot"] + FILLER, ["dinosaurs/armor-stego"] + FILLER],
                    bases=[{"base": HIVE, "minions": [
                        "dinosaurs/king-rex", "dinosaurs/king-rex", "dinosaurs/king-rex",
                        {"card": "aliens/invader", "owner": 0, "controller": 1}]},
                           OASIS, TORTUGA])
    play(game, "end")
    assert decision(game) == (1, "may")
    play(game, "yes")
    assert decision(game) == (0, "may")  # then the current player, last
    play(game, "no")
    assert game.state.vp == [4, 2]  # King Rexes 21; Invader 3 + Armor Stego 3 for player 1
    assert where(game, "dinosaurs/armor-stego#1") == "discard:1"  # played there, then scored
    assert where(game, "aliens/invader#1") == "discard:0"  # back to its owner
    assert where(game, "robots/warbot#1") == "hand:0"  # not played: drawn as the turn ended


FIVE = f"{XM}/five-by-five"


def test_egg_field_whose_control_changed_hatches_off_its_controllers_deck():
    """"Your deck": the Egg Field's controller's, not its owner's."""
    game = scenario(decks=[["zombies/walker"], ["aliens/collector"]],
                    bases=[{"base": OASIS, "actions": [
                        {"card": EGG, "owner": 1, "controller": 0}]}, TORTUGA])
    play(game, f"use {EGG}#1")
    assert where(game, "zombies/walker#1") == f"minion@base:{OASIS}"
    assert where(game, "aliens/collector#1") == "deck:1"


def test_five_by_five_with_a_short_deck_reshuffles_the_discard_pile_to_draw_five():
    """Rulebook: a player who must draw from an empty deck shuffles the discard pile into a new
    deck; Five by Five itself is still being played, so it is not shuffled in."""
    game = scenario(hands=[[FIVE], []], decks=[["aliens/invader", "zombies/walker"], []],
                    discards=[["aliens/scout", "dinosaurs/king-rex", "robots/warbot"], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {FIVE}#1")
    assert hand(game) == ["aliens/invader#1", "aliens/scout#1", "dinosaurs/king-rex#1",
                          "robots/warbot#1", "zombies/walker#1"]
    play(game, "robots/warbot#1", "aliens/scout#1", "zombies/walker#1", "aliens/invader#1")
    assert names_of(game, game.state.decks[0]) == [
        "robots/warbot#1", "aliens/scout#1", "zombies/walker#1", "aliens/invader#1",
        "dinosaurs/king-rex#1"]
    assert where(game, f"{FIVE}#1") == "discard:0"


COLLATERAL = f"{AH}/collateral-damage"
DISTRESS = f"{XM}/distress-call"


def test_collateral_damage_played_on_another_players_turn_makes_a_base_score_that_turn():
    """Played through Kickboxbro's Special before Jungle Oasis scores on the other player's turn,
    it lowers Tortuga to 16 for the rest of that turn: Tortuga (17) then scores too."""
    game = scenario(current=1, decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [
                        {"card": KICKBOXBRO, "stored": [COLLATERAL]},
                        theirs("dinosaurs/king-rex")]},
                           {"base": TORTUGA, "minions": [
                               theirs("ninjas/ninja-master"), theirs("aliens/supreme-overlord"),
                               theirs("aliens/supreme-overlord"), theirs("zombies/walker")]},
                           LIBRARY])
    play(game, "end", f"trigger {KICKBOXBRO}#1", f"base:{TORTUGA}")
    pass_until_main(game)
    assert decision(game) == (0, "main")
    assert where(game, "aliens/supreme-overlord#1") == "discard:1"  # Tortuga scored
    assert where(game, "dinosaurs/king-rex#1") == "discard:1"  # and Jungle Oasis


def test_distress_call_moving_a_minion_to_alternate_present_is_not_playing_it_there():
    """Alternate Present answers a minion played there; a minion moved there is not played."""
    game = scenario(hands=[[DISTRESS, "aliens/invader"], []], decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": ["aliens/scout"]}, PRESENT])
    play(game, f"play {DISTRESS}#1")  # the only minion, to the only other base
    assert where(game, "aliens/scout#1") == f"minion@base:{PRESENT}"
    assert decision(game) == (0, "main")
    assert game.state.stasis == {}


CAR = "time-traveling-car"  # breakpoint 22
GRABBER = f"{XM}/head-grabber"


def test_time_traveling_car_winner_on_another_players_turn_may_put_a_minion_into_stasis():
    """"The winner", whoever's turn it is. EMD rulebook, Leaving stasis: the winner's own turn
    then begins by taking one of the two counters off."""
    game = scenario(current=1, decks=[FILLER, FILLER], base_deck=[LIBRARY],
                    bases=[{"base": CAR, "minions": [
                        "dinosaurs/king-rex", "dinosaurs/king-rex", "dinosaurs/king-rex",
                        theirs("zombies/walker")]}, TORTUGA])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger base:{CAR}", "dinosaurs/king-rex#2")
    assert where(game, "dinosaurs/king-rex#2") == "stasis:0"
    pass_until_main(game)
    assert decision(game) == (0, "main")
    assert stasis_counters(game, "dinosaurs/king-rex#2") == 1
    assert where(game, "dinosaurs/king-rex#1") == "discard:0"


def test_head_grabber_on_a_minion_you_control_but_do_not_own_is_usable_at_once():
    """On "your" minion the talent needs no wait: a minion you control counts as yours; the
    destroyed minion goes to its owner's discard pile, the new one comes off your deck."""
    game = scenario(hands=[[GRABBER], []], decks=[["aliens/scout"] + FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "aliens/collector", "owner": 1, "controller": 0}]}, TORTUGA])
    play(game, f"play {GRABBER}#1 on aliens/collector#1")
    assert f"use {GRABBER}#1" in options(game)
    play(game, f"use {GRABBER}#1", "choice:power-3")
    assert where(game, "aliens/collector#1") == "discard:1"
    assert where(game, "aliens/scout#1") == f"minion@base:{OASIS}"


FRIENDS = f"{AH}/friends-through-eternity"


def test_friends_through_eternity_on_another_players_turn_plays_both_extras_at_once():
    """Played through Kickboxbro's Special before a base scores on the other player's turn, its
    two extra actions are played then or not at all (core rules: extra plays outside your
    turn)."""
    game = scenario(current=1, decks=[FILLER, FILLER],
                    hands=[["aliens/invader", "dinosaurs/augmentation", "dinosaurs/howl"], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": KICKBOXBRO, "stored": [FRIENDS]},
                        theirs("dinosaurs/king-rex")]}, TORTUGA])
    play(game, "end", f"trigger {KICKBOXBRO}#1", "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "discard:0"
    assert decision(game) == (0, "play_extra")
    assert options(game) == ["play dinosaurs/augmentation#1", "play dinosaurs/howl#1", "skip"]
    play(game, "play dinosaurs/augmentation#1", f"{KICKBOXBRO}#1")
    assert options(game) == ["play dinosaurs/howl#1", "skip"]  # the second extra action
    play(game, "skip")
    assert where(game, "dinosaurs/howl#1") == "hand:0"  # not kept for later
    pass_until_main(game)
    assert game.state.vp == [2, 0]  # Kickboxbro 5 + 4 beat King Rex 7
    assert where(game, "dinosaurs/howl#1") == "hand:0"
    assert game.state.action_plays == 1  # player 0's own turn: only its usual action


LONE_WOLF = f"{AH}/lone-wolf"


def test_lone_wolf_ignores_a_minion_you_own_that_another_player_controls():
    """"Your only minion here" is by controller: a minion of yours that another player has
    taken is no company, so your lone minion keeps +4."""
    game = scenario(hands=[[LONE_WOLF], []], decks=[DRAWS, DRAWS],
                    bases=[{"base": TORTUGA, "minions": [
                        "aliens/invader", {"card": "aliens/scout", "owner": 0, "controller": 1}]},
                           LIBRARY])
    play(game, f"play {LONE_WOLF}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 7
