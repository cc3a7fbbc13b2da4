"""Wraithrustlers (Excellent Movies, Dudes!) and their bases Rooftop Portal and Wraithrustlers
HQ: each card's ability, scripted strictly on a described board; the Wraith label, transfers,
"destroyed here this turn", stored cards played as their host leaves play, and extra plays for
the next turn (engine mechanics the faction brought)."""

import json

import pytest

from smashup.cli.views import board_text, card_table
from smashup.engine.api.listing import card_list
from smashup.engine.core.context import Ctx
from smashup.engine.core.defs import REGISTRY
from smashup.engine.mechanics.next_turn import grant_next_turn, waiting_next_turn
from smashup.engine.mechanics.transfers import transfer_options
from smashup.engine.rules.modifiers import swap_base
from smashup.engine.rules.moving import return_to_hand
from smashup.engine.rules.zones import destroyed_here_this_turn
from smashup.narrate import Narrator
from smashup.testing import (
    base_breakpoint,
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    power,
    scenario,
    where,
)

W = "wraithrustlers"
FUNKMAN = f"{W}/funkman"
ELLEN = f"{W}/ellen"
ROY = f"{W}/roy"
WATSON = f"{W}/watson"
GOD = f"{W}/ancient-sumerian-god"
DOGS = f"{W}/demon-dogs"
ECTO = f"{W}/ectoplasm-one"
HAUNT = f"{W}/librarian-haunt"
RESURGENCE = f"{W}/resurgence"
SLIMY = f"{W}/slimy"
TOOLS = f"{W}/the-tools-and-the-talent"
UNA = f"{W}/unlicensed-nuclear-accelerator"

OASIS = "jungle-oasis"  # breakpoint 12, no ability
TORTUGA = "tortuga"  # breakpoint 21
LIBRARY = "the-great-library"  # breakpoint 22
PORTAL = "rooftop-portal"
HQ = "wraithrustlers-hq"

MIST = "tricksters/enshrouding-mist"  # a plain action played on a base (not a Wraith)
UPGRADE = "dinosaurs/upgrade"  # an action played on a minion: +2
KING_AND_MASTER = ("dinosaurs/king-rex", "ninjas/ninja-master")  # 12 power: Oasis scores
# 17 power: Jungle Oasis scores even with a Wraith's +3 on it
BIG_THREE = ("dinosaurs/king-rex", "ninjas/ninja-master", "aliens/supreme-overlord")


def theirs(card: str, **more) -> dict:
    return {"card": card, "controller": 1, **more}


def names(game, cards) -> list[str]:
    return sorted(game.state.names[c] for c in cards)


def hand(game, p: int = 0) -> list[str]:
    return names(game, game.state.hands[p])


def discard(game, p: int = 0) -> list[str]:
    return names(game, game.state.discards[p])


FILLER = ["zombies/walker", "zombies/grave-digger", "zombies/tenacious-z", "aliens/collector",
          "aliens/scout"]


# ---- the Wraith label ----------------------------------------------------------------------------


def test_the_four_wraiths_carry_the_wraith_label_and_nothing_else_does():
    """Clarification (Roy, Ellen, Watson): a Wraith is an action labelled "Wraith": Slimy,
    Librarian Haunt, Demon Dogs and Ancient Sumerian God."""
    labelled = sorted(d.name for d in REGISTRY.cards.values() if "Wraith" in d.labels)
    assert labelled == ["Ancient Sumerian God", "Demon Dogs", "Librarian Haunt", "Slimy"]


def test_the_card_list_shows_the_wraith_label_in_text_and_json():
    data = card_list()
    slimy = next(c for c in data["cards"] if c["key"] == SLIMY)
    roy = next(c for c in data["cards"] if c["key"] == ROY)
    assert slimy["labels"] == ["Wraith"] and roy["labels"] == []
    assert {"set", "faction", "key", "type", "power", "copies", "text"} <= set(slimy)
    json.dumps(data)  # still plain data
    line = next(x for x in card_table(data, width=200) if "Slimy" in x)
    assert "[Wraith]" in line


def test_the_terminal_game_card_text_names_the_label():
    from smashup.tui.view import card_details

    assert "action played on a base, Wraith (" in card_details(f"{SLIMY}#1").split("\n")[0]
    assert "minion, power 3 (Wraithrustlers)" in card_details(f"{ROY}#1").split("\n")[0]


# ---- the Wraiths' breakpoint -----------------------------------------------------------------


def test_each_wraith_raises_its_base_breakpoint_by_3_and_they_add_up():
    """Clarification: the changes from all Wraiths add together, even from two with the same
    name."""
    game = scenario(bases=[{"base": OASIS, "actions": [f"{HAUNT}", f"{HAUNT}#2", SLIMY,
                                                      DOGS, GOD]},
                           TORTUGA])
    assert base_breakpoint(game, OASIS) == 12 + 5 * 3
    assert base_breakpoint(game, TORTUGA) == 21


def test_a_wraith_played_on_another_players_base_burdens_it():
    game = scenario(hands=[[HAUNT], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/invader")]}, TORTUGA])
    play(game, f"play {HAUNT}#1 @ base:{OASIS}")
    assert base_breakpoint(game, OASIS) == 15


# ---- Librarian Haunt ---------------------------------------------------------------------------


def test_librarian_haunt_draws_three_for_its_controller_when_destroyed():
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "actions": [HAUNT]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert where(game, f"{HAUNT}#1") == "discard:0"
    assert len(game.state.hands[0]) == 3
    assert base_breakpoint(game, OASIS) == 12


def test_librarian_haunt_on_another_players_side_draws_for_its_owner():
    """The Haunt is player 1's: its controller draws, not the player who destroyed it."""
    game = scenario(hands=[[RESURGENCE], []], decks=[[], FILLER],
                    bases=[{"base": OASIS, "actions": [{"card": HAUNT, "owner": 1}]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert len(game.state.hands[1]) == 3 and game.state.hands[0] == []


def test_librarian_haunt_discarded_with_its_scored_base_draws_nothing():
    game = scenario(decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": list(KING_AND_MASTER) + ["aliens/invader"],
                            "actions": [HAUNT]}, TORTUGA])
    play(game, "end")
    pass_until_main(game)
    assert where(game, f"{HAUNT}#1") == "discard:0"
    # only the two cards of the draw phase
    assert len(game.state.hands[0]) == 2


# ---- Slimy -------------------------------------------------------------------------------------


def test_slimy_gives_its_controllers_minions_there_plus_2_when_destroyed():
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader", theirs("aliens/scout")],
                            "actions": [SLIMY]},
                           {"base": TORTUGA, "minions": ["aliens/collector"]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert power(game, "aliens/invader#1") == 3 + 2
    assert power(game, "aliens/scout#1") == 3  # not its controller's
    assert power(game, "aliens/collector#1") == 2  # another base


def test_slimy_boost_lasts_the_turn_even_if_the_minion_moves_away():
    """Clarification: an "until Y" effect hits the cards in play now and lasts until Y even if
    they move away; a minion arriving later gets nothing."""
    game = scenario(hands=[[RESURGENCE, "aliens/collector"], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"], "actions": [SLIMY]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    play(game, f"play aliens/collector#1 @ base:{OASIS}", "skip")  # Collector: return nothing
    assert power(game, "aliens/collector#1") == 2
    assert power(game, "aliens/invader#1") == 5
    play(game, "end")
    pass_until_main(game)
    assert power(game, "aliens/invader#1") == 3  # the turn ended


# ---- Funkman -----------------------------------------------------------------------------------


def test_funkman_after_you_destroy_an_action_boosts_your_minions_at_its_base():
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader", theirs("aliens/scout")],
                            "actions": [MIST]},
                           {"base": TORTUGA, "minions": [FUNKMAN]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert options(game) == ["choice:power", "choice:draw"]
    play(game, "choice:power")
    assert power(game, "aliens/invader#1") == 4
    assert power(game, "aliens/scout#1") == 3
    assert power(game, f"{FUNKMAN}#1") == 5  # at another base
    assert game.state.hands[0] == []


def test_funkman_may_draw_instead():
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"], "actions": [MIST]},
                           {"base": TORTUGA, "minions": [FUNKMAN]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy", "choice:draw")
    assert hand(game) == ["zombies/walker#1"]
    assert power(game, "aliens/invader#1") == 3


def test_funkman_its_base_is_where_the_action_was_attached():
    """Guide R: "its base" is the base the destroyed action was on, or whose minion it was on.
    With none of your minions there the draw comes without a choice."""
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/scout",
                                                               attached=[UPGRADE])]},
                           {"base": TORTUGA, "minions": [FUNKMAN]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert hand(game) == ["zombies/walker#1"]
    assert decision(game) == (0, "main")


def test_funkman_ignores_actions_other_players_destroy_and_minions_you_destroy():
    game = scenario(current=1, hands=[[], [RESURGENCE]], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"], "actions": [MIST]},
                           {"base": TORTUGA, "minions": [FUNKMAN]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert game.state.hands[0] == [] and decision(game) == (1, "main")


def test_funkman_answers_each_action_destroyed():
    """Clarification: an "after X" trigger is done each time X happens."""
    game = scenario(hands=[[RESURGENCE, WATSON], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [FUNKMAN], "actions": [MIST, UPGRADE]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", f"{MIST}#1", "choice:destroy", "choice:draw")
    play(game, f"play {WATSON}#1 @ base:{OASIS}", "choice:destroy", "choice:power")
    assert hand(game) == ["zombies/walker#1"]
    assert power(game, f"{FUNKMAN}#1") == 6 and power(game, f"{WATSON}#1") == 3


def test_funkman_boost_outlasts_funkman():
    """Clarification: an "until the end of the turn" effect lasts even if its source leaves."""
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "minions": [FUNKMAN, "aliens/invader"],
                            "actions": [MIST]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy", "choice:power")
    leave_play_to_hand(game, f"{FUNKMAN}#1")
    assert where(game, f"{FUNKMAN}#1") == "hand:0"
    assert power(game, "aliens/invader#1") == 4


def test_funkman_special_transfers_an_action_off_a_scoring_base():
    game = scenario(bases=[{"base": OASIS, "minions": list(BIG_THREE),
                            "actions": [SLIMY]},
                           {"base": TORTUGA, "minions": [FUNKMAN]}])
    play(game, "end")
    assert options(game) == [f"trigger {FUNKMAN}#1", "pass"]
    play(game, f"trigger {FUNKMAN}#1")
    assert where(game, f"{SLIMY}#1") == f"action@base:{TORTUGA}"
    assert base_breakpoint(game, TORTUGA) == 24
    pass_until_main(game)
    assert where(game, f"{SLIMY}#1") == f"action@base:{TORTUGA}"


def test_funkman_special_declined_leaves_the_action_to_be_discarded():
    game = scenario(decks=[FILLER, FILLER], bases=[{"base": OASIS, "minions": list(BIG_THREE),
                            "actions": [SLIMY]},
                           {"base": TORTUGA, "minions": [FUNKMAN]}])
    play(game, "end", "pass")
    pass_until_main(game)
    assert where(game, f"{SLIMY}#1") == "discard:0"


def test_funkman_special_not_offered_without_an_action_on_the_scoring_base():
    game = scenario(bases=[{"base": OASIS, "minions": list(KING_AND_MASTER)},
                           {"base": TORTUGA, "minions": [FUNKMAN], "actions": [SLIMY]}])
    play(game, "end")
    assert f"trigger {FUNKMAN}#1" not in options(game)


# ---- Ellen -------------------------------------------------------------------------------------


def test_ellen_talent_destroys_one_of_your_actions_here_to_cut_the_breakpoint():
    game = scenario(bases=[{"base": OASIS, "minions": [ELLEN], "actions": [MIST]}, TORTUGA])
    play(game, f"use {ELLEN}#1")
    assert where(game, f"{MIST}#1") == "discard:0"
    assert base_breakpoint(game, OASIS) == 9
    play(game, "end")
    pass_until_main(game)
    assert base_breakpoint(game, OASIS) == 12


def test_ellen_talent_may_take_an_action_on_a_minion_here():
    """Ruling: "your actions on this base" include yours played on minions there, whoever
    controls the minion."""
    game = scenario(bases=[{"base": OASIS, "minions": [
        ELLEN, theirs("aliens/invader", attached=[MINE_UPGRADE])], "actions": [MIST]}, TORTUGA])
    play(game, f"use {ELLEN}#1")
    assert options(game) == [f"{MIST}#1", f"{UPGRADE}#1"]
    play(game, f"{UPGRADE}#1")
    assert where(game, f"{UPGRADE}#1") == "discard:0"
    assert base_breakpoint(game, OASIS) == 9


def test_ellen_talent_not_offered_without_an_action_of_yours_here():
    game = scenario(bases=[{"base": OASIS, "minions": [ELLEN],
                            "actions": [{"card": MIST, "owner": 1}]},
                           {"base": TORTUGA, "actions": [HAUNT]}])
    assert f"use {ELLEN}#1" not in options(game)


def test_ellen_cut_lasts_the_turn_after_ellen_leaves():
    """Clarification: "until the end of the turn" outlasts the card that caused it."""
    game = scenario(bases=[{"base": OASIS, "minions": [ELLEN, "aliens/invader"],
                            "actions": [MIST]}, TORTUGA])
    play(game, f"use {ELLEN}#1")
    leave_play_to_hand(game, f"{ELLEN}#1")
    assert base_breakpoint(game, OASIS) == 9


def test_ellen_destroying_a_wraith_here_gives_an_extra_action():
    game = scenario(hands=[["wizards/mystic-studies"], []], plays={"minion": 1, "action": 0},
                    decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [ELLEN], "actions": [HAUNT]}, TORTUGA])
    play(game, f"use {ELLEN}#1")
    assert options(game) == [f"trigger {ELLEN}#1", "pass"]
    play(game, f"trigger {ELLEN}#1")
    assert game.state.action_plays == 1
    assert base_breakpoint(game, OASIS) == 9  # the Haunt's +3 is gone, then -3


def test_ellen_each_wraith_destroyed_here_is_an_extra_action():
    """Clarification: the trigger is done each time; and a non-Wraith action gives nothing."""
    game = scenario(hands=[[RESURGENCE, RESURGENCE], []], plays={"minion": 1, "action": 2},
                    decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [ELLEN],
                            "actions": [HAUNT, SLIMY, MIST]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", f"{HAUNT}#1", "choice:destroy", f"trigger {ELLEN}#1")
    play(game, f"play {RESURGENCE}#2", f"{SLIMY}#1", "choice:destroy", f"trigger {ELLEN}#1")
    assert game.state.action_plays == 2
    play(game, f"use {ELLEN}#1")  # Enshrouding Mist: not a Wraith
    assert decision(game) == (0, "main") and game.state.action_plays == 2


def test_ellen_does_not_answer_a_wraith_destroyed_at_another_base():
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [ELLEN]},
                           {"base": TORTUGA, "actions": [HAUNT]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert decision(game) == (0, "main")


# ---- Roy ---------------------------------------------------------------------------------------


def test_roy_transfers_one_of_your_actions_from_another_base_to_his():
    """Ruling: "your actions" are those you control; the Wraith's +3 follows it to its new base."""
    game = scenario(hands=[[ROY], []],
                    bases=[OASIS, {"base": TORTUGA, "actions": [SLIMY, {"card": HAUNT,
                                                                        "owner": 1}]}])
    play(game, f"play {ROY}#1 @ base:{OASIS}")
    assert options(game) == [f"{SLIMY}#1", "skip"]  # only your own actions
    play(game, f"{SLIMY}#1")
    assert where(game, f"{SLIMY}#1") == f"action@base:{OASIS}"
    assert base_breakpoint(game, OASIS) == 15 and base_breakpoint(game, TORTUGA) == 24


def test_roy_may_decline_and_asks_nothing_without_an_action_elsewhere():
    game = scenario(hands=[[ROY, f"{ROY}#2"], []], plays={"minion": 2, "action": 1},
                    bases=[{"base": OASIS, "actions": [MIST]}, {"base": TORTUGA,
                                                               "actions": [SLIMY]}])
    play(game, f"play {ROY}#1 @ base:{OASIS}", "skip")
    assert where(game, f"{SLIMY}#1") == f"action@base:{TORTUGA}"
    game = scenario(hands=[[ROY], []], bases=[{"base": OASIS, "actions": [MIST]}, TORTUGA])
    play(game, f"play {ROY}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")


def test_roy_moves_an_action_on_a_minion_onto_a_minion_at_his_base():
    """Ruling: a transferred action keeps its kind of host: one on a minion goes onto a minion
    at the new base (the player picks which; Roy himself counts)."""
    game = scenario(hands=[[ROY], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/scout")]},
                           {"base": TORTUGA, "minions": [theirs("aliens/invader",
                                                                attached=[MINE_UPGRADE])]}])
    play(game, f"play {ROY}#1 @ base:{OASIS}", f"{UPGRADE}#1")
    assert options(game) == ["aliens/scout#1", f"{ROY}#1"]
    play(game, f"{ROY}#1")
    assert where(game, f"{UPGRADE}#1") == f"on:{ROY}#1"
    assert power(game, f"{ROY}#1") == 5 and power(game, "aliens/invader#1") == 3


def test_roy_has_plus_2_while_a_wraith_was_destroyed_at_his_base_this_turn():
    """Clarification: a Wraith is an action labelled Wraith; a plain action does not count,
    nor a Wraith destroyed at another base; the bonus ends with the turn."""
    game = scenario(hands=[[RESURGENCE, RESURGENCE], []], plays={"minion": 1, "action": 2},
                    decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [ROY], "actions": [MIST, SLIMY]},
                           {"base": TORTUGA, "actions": [HAUNT]}])
    play(game, f"play {RESURGENCE}#1", f"{MIST}#1", "choice:destroy")
    assert power(game, f"{ROY}#1") == 3
    play(game, f"play {RESURGENCE}#2", f"{HAUNT}#1", "choice:destroy")
    assert power(game, f"{ROY}#1") == 3
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [ROY], "actions": [HAUNT]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert power(game, f"{ROY}#1") == 5
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{ROY}#1") == 3


def test_roy_arriving_after_the_wraith_went_still_gets_plus_2():
    """"Has been destroyed here this turn" looks at the base's record, not at Roy's."""
    game = scenario(hands=[[RESURGENCE, ROY], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "actions": [HAUNT]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    play(game, f"play {ROY}#1 @ base:{OASIS}")
    assert power(game, f"{ROY}#1") == 5


# ---- Watson ------------------------------------------------------------------------------------


def test_watson_may_destroy_one_of_your_actions_here():
    """Ruling: "your actions" are those you control; another player's action here is not offered."""
    game = scenario(hands=[[WATSON], []],
                    bases=[{"base": OASIS, "actions": [MIST, {"card": SLIMY, "owner": 1}]},
                           TORTUGA])
    play(game, f"play {WATSON}#1 @ base:{OASIS}")
    assert options(game) == ["choice:destroy", "skip"]  # no deck to reveal from
    play(game, "choice:destroy")
    assert where(game, f"{MIST}#1") == "discard:0"
    assert where(game, f"{SLIMY}#1") == f"action@base:{OASIS}"


def test_watson_reveals_until_a_wraith_draws_it_and_shuffles_the_rest_back():
    game = scenario(hands=[[WATSON], []],
                    decks=[["zombies/walker", "aliens/scout", SLIMY, "aliens/invader"], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {WATSON}#1 @ base:{OASIS}")
    assert options(game) == ["choice:reveal", "skip"]
    play(game, "choice:reveal")
    assert hand(game) == [f"{SLIMY}#1"]
    assert names(game, game.state.decks[0]) == ["aliens/invader#1", "aliens/scout#1",
                                                "zombies/walker#1"]
    # the Wraith was revealed: the other player knows it is in the hand
    assert card_id(game, f"{SLIMY}#1") in game.state.known[1]


def test_watson_with_no_wraith_in_the_deck_reveals_it_all_and_shuffles_it_back():
    game = scenario(hands=[[WATSON], []], decks=[["zombies/walker", "aliens/scout"], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {WATSON}#1 @ base:{OASIS}", "choice:reveal")
    assert game.state.hands[0] == [] and len(game.state.decks[0]) == 2


def test_watson_may_do_nothing():
    game = scenario(hands=[[WATSON], []], decks=[[SLIMY], []],
                    bases=[{"base": OASIS, "actions": [MIST]}, TORTUGA])
    play(game, f"play {WATSON}#1 @ base:{OASIS}", "skip")
    assert where(game, f"{MIST}#1") == f"action@base:{OASIS}"
    assert where(game, f"{SLIMY}#1") == "deck:0"


# ---- Ancient Sumerian God ----------------------------------------------------------------------


def test_god_talent_stores_a_base_action_from_your_discard_pile_face_up():
    game = scenario(discards=[[HAUNT, RESURGENCE, UPGRADE, "aliens/invader"], []],
                    bases=[{"base": OASIS, "actions": [GOD]}, TORTUGA])
    play(game, f"use {GOD}#1")
    assert where(game, f"{HAUNT}#1") == f"stored:{GOD}#1"
    # restricted: shown to everyone first
    assert card_id(game, f"{HAUNT}#1") in game.state.known[1]
    # stored cards' abilities are off: no extra +3
    assert base_breakpoint(game, OASIS) == 15


def test_god_talent_offers_only_actions_played_on_a_base():
    """Ruling: "an action that can be played on a base" is one played on a base (not a standard
    action, not one played on a minion)."""
    game = scenario(discards=[[RESURGENCE, UPGRADE], []],
                    bases=[{"base": OASIS, "actions": [GOD]}, TORTUGA])
    assert f"use {GOD}#1" not in options(game)


def test_god_destroyed_plays_its_stored_actions_one_per_base_then_discards_the_rest():
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "actions": [{"card": GOD,
                                                        "stored": [HAUNT, SLIMY, MIST]}]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert decision(game) == (0, "play_extra")
    assert f"play {HAUNT}#1 @ base:{OASIS}" in options(game)
    play(game, f"play {HAUNT}#1 @ base:{OASIS}")
    # the base it took is no longer offered
    assert options(game) == [f"play {SLIMY}#1 @ base:{TORTUGA}",
                             f"play {MIST}#1 @ base:{TORTUGA}", "skip"]
    play(game, f"play {SLIMY}#1 @ base:{TORTUGA}")
    assert where(game, f"{HAUNT}#1") == f"action@base:{OASIS}"
    assert where(game, f"{SLIMY}#1") == f"action@base:{TORTUGA}"
    assert where(game, f"{MIST}#1") == "discard:0"
    assert where(game, f"{GOD}#1") == "discard:0"
    # played as extra actions: the normal action play went on Resurgence only
    assert game.state.action_plays == 0 and decision(game) == (0, "main")


def test_god_stored_actions_may_all_be_declined():
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "actions": [{"card": GOD, "stored": [HAUNT]}]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy", "skip")
    assert where(game, f"{HAUNT}#1") == "discard:0"


def test_god_discarded_with_its_scored_base_plays_on_the_other_bases_only():
    """Guide R: leaving play includes being discarded at scoring; the stored actions may go on
    the bases in play at that moment, not the one being discarded (nor its replacement)."""
    game = scenario(base_deck=[LIBRARY],
                    bases=[{"base": OASIS, "minions": list(BIG_THREE),
                            "actions": [{"card": GOD, "stored": [HAUNT]}]}, TORTUGA])
    play(game, "end")
    assert decision(game) == (0, "play_extra")
    assert options(game) == [f"play {HAUNT}#1 @ base:{TORTUGA}", "skip"]
    play(game, f"play {HAUNT}#1 @ base:{TORTUGA}")
    assert where(game, f"{HAUNT}#1") == f"action@base:{TORTUGA}"


def test_god_returned_to_hand_also_releases_its_stored_actions():
    game = scenario(bases=[{"base": OASIS, "minions": ["aliens/invader"],
                            "actions": [{"card": GOD, "stored": [HAUNT]}]}, TORTUGA])
    leave_play_to_hand(game, f"{GOD}#1")
    # the stored card waits under it for its leaving ability (not discarded yet)
    assert where(game, f"{HAUNT}#1") == f"stored:{GOD}#1"


def test_god_stored_cards_are_hidden_only_when_not_shown():
    """Stored cards: their host's controller may look at them; the God's are shown when stored
    (its talent restricts what may go under it)."""
    from smashup.engine.facts.hidden import hidden_from

    game = scenario(bases=[{"base": OASIS, "actions": [{"card": GOD, "stored": [HAUNT]}]},
                           TORTUGA])
    haunt = card_id(game, f"{HAUNT}#1")
    assert not hidden_from(game.state, haunt, 0)
    assert hidden_from(game.state, haunt, 1)


# ---- Demon Dogs --------------------------------------------------------------------------------


def test_demon_dogs_stores_a_small_minion_from_hand_or_discard():
    """Ruling: "power 3 or less" of a card in hand or discard pile is its printed power; the
    minion is revealed first (the ability restricts it)."""
    game = scenario(hands=[[DOGS, "aliens/invader", "aliens/supreme-overlord"], []],
                    discards=[["aliens/collector"], []], bases=[OASIS, TORTUGA])
    play(game, f"play {DOGS}#1 @ base:{OASIS}")
    assert options(game) == ["aliens/invader#1", "aliens/collector#1", "skip"]
    play(game, "aliens/collector#1")
    assert where(game, "aliens/collector#1") == f"stored:{DOGS}#1"
    assert card_id(game, "aliens/collector#1") in game.state.known[1]  # revealed first
    assert base_breakpoint(game, OASIS) == 15


def test_demon_dogs_may_store_nothing():
    game = scenario(hands=[[DOGS, "aliens/invader"], []], bases=[OASIS, TORTUGA])
    play(game, f"play {DOGS}#1 @ base:{OASIS}", "skip")
    assert hand(game) == ["aliens/invader#1"]


def test_demon_dogs_destroyed_plays_the_stored_minion_at_any_base():
    """Clarification: the minion under it can be played on any base."""
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "actions": [{"card": DOGS,
                                                        "stored": ["aliens/invader"]}]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert options(game) == [f"play aliens/invader#1 @ base:{OASIS}",
                             f"play aliens/invader#1 @ base:{TORTUGA}", "skip"]
    play(game, f"play aliens/invader#1 @ base:{TORTUGA}")
    assert where(game, "aliens/invader#1") == f"minion@base:{TORTUGA}"
    assert game.state.vp == [1, 0]  # played: its on-play ability happened
    assert game.state.minion_plays == 1  # an extra minion


def test_demon_dogs_stored_minion_not_played_is_discarded():
    """Clarification: if you don't play it, discard it."""
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "actions": [{"card": DOGS,
                                                        "stored": ["aliens/invader"]}]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy", "skip")
    assert where(game, "aliens/invader#1") == "discard:0"


def test_demon_dogs_leaving_play_without_being_destroyed_discards_the_minion():
    """Guide R: scored (not destroyed), the stored minion is just discarded."""
    game = scenario(decks=[FILLER, FILLER], bases=[{"base": OASIS, "minions": list(BIG_THREE),
                            "actions": [{"card": DOGS, "stored": ["aliens/invader"]}]},
                           TORTUGA])
    play(game, "end")
    pass_until_main(game)
    assert where(game, "aliens/invader#1") == "discard:0"
    assert where(game, f"{DOGS}#1") == "discard:0"


# ---- Ectoplasm One -----------------------------------------------------------------------------


def test_ectoplasm_one_carries_a_minion_along_and_may_destroy_an_action_there():
    """Ruling: the destination is chosen first; the action destroyed may be any action on the new
    base, another player's or Ectoplasm One itself."""
    game = scenario(decks=[[], FILLER],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"], "actions": [ECTO]},
                           {"base": TORTUGA, "actions": [{"card": HAUNT, "owner": 1}]},
                           LIBRARY])
    play(game, f"use {ECTO}#1", f"base:{TORTUGA}")
    assert where(game, f"{ECTO}#1") == f"action@base:{TORTUGA}"
    assert where(game, "aliens/invader#1") == f"minion@base:{TORTUGA}"
    assert options(game) == [f"{HAUNT}#1", f"{ECTO}#1", "skip"]
    play(game, f"{HAUNT}#1")
    assert where(game, f"{HAUNT}#1") == "discard:1"


def test_ectoplasm_one_must_take_a_minion_when_you_have_one():
    """Clarification: you must move one of your minions there if you have one."""
    game = scenario(bases=[{"base": OASIS, "minions": ["aliens/invader", "aliens/scout",
                                                      theirs("aliens/collector")],
                            "actions": [ECTO]}, TORTUGA])
    play(game, f"use {ECTO}#1")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1"]  # no skip, not theirs
    play(game, "aliens/scout#1")
    assert where(game, "aliens/scout#1") == f"minion@base:{TORTUGA}"


def test_ectoplasm_one_without_a_minion_moves_but_destroys_nothing():
    """Clarification: with no minion of yours there, you may not destroy an action."""
    game = scenario(bases=[{"base": OASIS, "minions": [theirs("aliens/invader")],
                            "actions": [ECTO]},
                           {"base": TORTUGA, "actions": [{"card": HAUNT, "owner": 1}]}])
    play(game, f"use {ECTO}#1")
    assert where(game, f"{ECTO}#1") == f"action@base:{TORTUGA}"
    assert where(game, f"{HAUNT}#1") == f"action@base:{TORTUGA}"
    assert decision(game) == (0, "main")


# ---- Resurgence --------------------------------------------------------------------------------


def test_resurgence_transfers_an_action_to_another_base():
    """Ruling: Resurgence may take any player's action; a transfer keeps the card's controller."""
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "actions": [{"card": HAUNT, "owner": 1}]}, TORTUGA,
                           LIBRARY])
    play(game, f"play {RESURGENCE}#1", "choice:transfer")
    assert options(game) == [f"base:{TORTUGA}", f"base:{LIBRARY}"]
    play(game, f"base:{LIBRARY}")
    assert where(game, f"{HAUNT}#1") == f"action@base:{LIBRARY}"
    assert game.state.controller[card_id(game, f"{HAUNT}#1")] == 1  # still theirs


def test_resurgence_as_a_special_before_scoring_may_target_another_base():
    """Clarification: played as a Special, it may target an action not on the scoring base."""
    game = scenario(current=1, hands=[[RESURGENCE], []], decks=[[], FILLER],
                    bases=[{"base": OASIS, "minions": list(KING_AND_MASTER)},
                           {"base": TORTUGA, "actions": [{"card": HAUNT, "owner": 1}]}])
    play(game, "end")
    assert decision(game)[0] == 0 and f"special {RESURGENCE}#1" in options(game)
    play(game, f"special {RESURGENCE}#1")
    play(game, "choice:destroy")
    assert where(game, f"{HAUNT}#1") == "discard:1"
    pass_until_main(game)
    assert len(game.state.hands[1]) == 3 + 2  # the Haunt's draw, then the draw phase


def test_resurgence_cannot_put_an_action_on_a_minion_shielded_from_it():
    """Core interaction: Smoke Bomb keeps other players' actions off its minion, so Resurgence
    cannot transfer an action onto it; only the other minion is offered."""
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/invader",
                                                               attached=[UPGRADE])]},
                           {"base": TORTUGA, "minions": [
                               theirs("aliens/scout", attached=[{"card": "ninjas/smoke-bomb",
                                                                 "owner": 1}]),
                               "aliens/collector"]}])
    play(game, f"play {RESURGENCE}#1", f"{UPGRADE}#1", "choice:transfer")
    assert where(game, f"{UPGRADE}#1") == "on:aliens/collector#1"
    assert power(game, "aliens/collector#1") == 4


# ---- The Tools and The Talent ------------------------------------------------------------------


def test_tools_and_talent_puts_any_card_of_the_deck_on_top_revealed():
    """Clarification: a searched card is revealed even without a restriction; the deck is
    shuffled, then the card goes on top."""
    game = scenario(hands=[[TOOLS], []], decks=[["aliens/invader", SLIMY, "aliens/scout"], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {TOOLS}#1")
    assert sorted(options(game)) == ["aliens/invader#1", "aliens/scout#1", f"{SLIMY}#1"]
    play(game, "aliens/scout#1")
    assert game.state.decks[0][0] == card_id(game, "aliens/scout#1")
    assert where(game, f"{TOOLS}#1") == "discard:0"
    assert card_id(game, "aliens/scout#1") in game.state.known[1]


# ---- Unlicensed Nuclear Accelerator ------------------------------------------------------------


def test_accelerator_gives_its_minion_plus_2_on_any_minion():
    game = scenario(hands=[[UNA], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/invader")]}, TORTUGA])
    play(game, f"play {UNA}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 5
    boosted = [e for e in game.events if e["kind"] == "boosted"]
    assert [(e["card"], list(e["minions"])) for e in boosted] == [
        (card_id(game, f"{UNA}#1"), [card_id(game, "aliens/invader#1")])]


def test_only_the_accelerator_directly_increases_power():
    """C&D's "directly increases a minion's power" as the action is played (engine/facts/boosts.py):
    the Accelerator does; Slimy's +2 comes later, when it is destroyed, so it does not."""
    assert [d.name for d in REGISTRY.factions[W] if d.boosts_power] == [
        "Unlicensed Nuclear Accelerator"]


def test_accelerator_talent_destroys_your_action_here_for_a_counter():
    game = scenario(bases=[{"base": OASIS, "minions": [{"card": "aliens/invader",
                                                        "attached": [UNA]}],
                            "actions": [MIST]}, TORTUGA])
    play(game, f"use {UNA}#1")
    assert options(game) == [f"{MIST}#1", f"{UNA}#1"]
    play(game, f"{MIST}#1")
    assert game.state.counters[card_id(game, "aliens/invader#1")] == 1
    assert power(game, "aliens/invader#1") == 3 + 2 + 1


def test_accelerator_may_burn_itself_and_the_minion_keeps_the_counter():
    """Ruling: "one of your actions on this base" includes the Accelerator itself; the counter
    goes on the minion it was on, which keeps it (the +2 goes with the card)."""
    game = scenario(bases=[{"base": OASIS, "minions": [{"card": "aliens/invader",
                                                        "attached": [UNA]}]}, TORTUGA])
    play(game, f"use {UNA}#1")
    assert where(game, f"{UNA}#1") == "discard:0"
    assert power(game, "aliens/invader#1") == 4


# ---- Rooftop Portal ----------------------------------------------------------------------------


def test_rooftop_portal_draws_once_per_turn_after_you_destroy_a_card_here():
    game = scenario(hands=[[RESURGENCE, RESURGENCE], []], plays={"minion": 1, "action": 2},
                    decks=[FILLER, []],
                    bases=[{"base": PORTAL, "actions": [MIST, "tricksters/hideout"]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", f"{MIST}#1", "choice:destroy")
    assert hand(game) == [f"{RESURGENCE}#2", "zombies/walker#1"]
    play(game, f"play {RESURGENCE}#2", "choice:destroy")
    assert hand(game) == ["zombies/walker#1"]  # once per turn


def test_rooftop_portal_counts_actions_on_minions_here():
    """Clarification: "cards here" includes actions played on minions there."""
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[{"base": PORTAL, "minions": [theirs("aliens/invader",
                                                               attached=[UPGRADE])]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1")
    assert where(game, f"{UPGRADE}#1") == "discard:1"
    assert hand(game) == ["zombies/walker#1"]


def test_rooftop_portal_ignores_cards_destroyed_elsewhere():
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []],
                    bases=[PORTAL, {"base": TORTUGA, "actions": [MIST]}])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert game.state.hands[0] == []


# ---- Wraithrustlers HQ -------------------------------------------------------------------------


def hq_scored_by_player_0() -> object:
    """Player 0 wins Wraithrustlers HQ (20) at the end of their turn; player 1 plays next."""
    game = scenario(hands=[["robots/warbot", "dinosaurs/war-raptor", MIST,
                            "tricksters/hideout"], []],
                    decks=[FILLER, FILLER],
                    bases=[{"base": HQ, "minions": list(BIG_THREE) + ["aliens/invader"]},
                           TORTUGA], base_deck=[LIBRARY])
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (1, "main") and game.state.vp[0] == 4
    return game


def test_hq_winner_gets_an_extra_play_on_their_next_turn_not_now():
    game = hq_scored_by_player_0()
    assert game.state.grants == []  # player 1 gets nothing
    assert waiting_next_turn(game.state, 0) == (("minion", "action"),)
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (0, "main")
    assert [gr[0] for gr in game.state.grants] == ["minion", "action"]
    assert waiting_next_turn(game.state, 0) == ()
    play(game, "end")
    pass_until_main(game)
    play(game, "end")
    pass_until_main(game)
    assert game.state.grants == []  # only that one turn


def test_hq_extra_play_taken_as_a_minion_uses_up_the_action():
    """Ruling: "an extra action or an extra minion" is one extra play, of whichever kind is
    played first with it."""
    game = hq_scored_by_player_0()
    play(game, "end")
    pass_until_main(game)
    play(game, f"play robots/warbot#1 @ base:{TORTUGA}")  # the normal minion play
    play(game, f"play dinosaurs/war-raptor#1 @ base:{TORTUGA}")  # the extra, as a minion
    assert game.state.grants == []  # its action twin went with it
    assert game.observation(0)["plays_left"]["constrained"] == 0
    play(game, f"play {MIST}#1 @ base:{TORTUGA}")  # the normal action play
    assert not any("hideout" in o for o in options(game))


def test_hq_extra_play_taken_as_an_action_uses_up_the_minion():
    game = hq_scored_by_player_0()
    play(game, "end")
    pass_until_main(game)
    play(game, f"play {MIST}#1 @ base:{TORTUGA}")  # the normal action play
    play(game, "play tricksters/hideout#1 @ base:" + LIBRARY)  # the extra, as an action
    play(game, f"play robots/warbot#1 @ base:{TORTUGA}")  # the normal minion play
    assert not any("war-raptor" in o for o in options(game))


def test_hq_tied_winners_each_get_the_extra():
    """Ties give each tied player the winner's place (core rules): both get the extra."""
    game = scenario(decks=[FILLER, FILLER],
                    bases=[{"base": HQ, "minions": ["dinosaurs/king-rex", "ninjas/ninja-master",
                                                    theirs("aliens/supreme-overlord"),
                                                    theirs("dinosaurs/king-rex#2")]},
                           TORTUGA], base_deck=[LIBRARY])
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (1, "main")
    # player 1's next turn is this one; player 0's comes after it
    assert [gr[0] for gr in game.state.grants] == ["minion", "action"]
    assert waiting_next_turn(game.state, 0) == (("minion", "action"),)


def test_next_turn_extras_refuse_other_kinds():
    game = scenario(bases=[OASIS, TORTUGA])
    with pytest.raises(ValueError):
        grant_next_turn(game.state, 0, ("card",))
    assert waiting_next_turn(game.state, 0) == ()


# ---- more interactions -------------------------------------------------------------------------


def test_rooftop_portal_once_per_turn_is_per_player():
    """Guide R for once-per-turn bases: each player has their own once. Player 1's Haunt
    destroyed by player 0 draws for player 0 (the Portal) and for player 1 (the Haunt)."""
    game = scenario(hands=[[RESURGENCE, RESURGENCE], []], plays={"minion": 1, "action": 2},
                    decks=[FILLER, ["aliens/invader", "aliens/scout", "aliens/collector",
                                    "robots/warbot"]],
                    bases=[{"base": PORTAL, "actions": [MIST, {"card": HAUNT, "owner": 1}]},
                           TORTUGA])
    play(game, f"play {RESURGENCE}#1", f"{HAUNT}#1", "choice:destroy")
    # both players' abilities are mandatory: the current player orders them
    assert options(game) == [f"trigger {HAUNT}#1", f"trigger base:{PORTAL}"]
    play(game, f"trigger base:{PORTAL}")
    assert len(game.state.hands[0]) == 2  # the other Resurgence and the Portal's card
    assert len(game.state.hands[1]) == 3  # the Haunt's three; the Portal is player 0's


def test_ellen_extra_action_on_another_players_turn_is_played_at_once():
    """An extra card gained outside your Play Cards phase is played immediately or not at
    all (rules); Resurgence played by player 1 destroys player 0's Wraith at Ellen's base."""
    game = scenario(current=1, hands=[["dinosaurs/upgrade"], [RESURGENCE]],
                    decks=[FILLER, FILLER],
                    bases=[{"base": OASIS, "minions": [ELLEN], "actions": [SLIMY]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    assert options(game) == [f"trigger {ELLEN}#1", "pass"] and decision(game)[0] == 0
    play(game, f"trigger {ELLEN}#1")
    assert decision(game) == (0, "play_extra")
    play(game, f"play {UPGRADE}#1 on {ELLEN}#1")
    assert power(game, f"{ELLEN}#1") == 4 + 2 + 2  # Upgrade, and Slimy's burst


def test_transfers_are_told_by_the_narrator_and_keep_the_controller():
    game = scenario(hands=[[ROY], []],
                    bases=[OASIS, {"base": TORTUGA, "actions": [SLIMY]}])
    play(game, f"play {ROY}#1 @ base:{OASIS}", f"{SLIMY}#1")
    told = Narrator(game, viewer=1).narrate(game.events)
    assert "Player 1 transfers Player 1's Slimy from Tortuga to Jungle Oasis." in told
    ev = next(e for e in game.events if e["kind"] == "transferred")
    assert (ev["src"], ev["dest"], ev["onto"]) == (1, 0, None)


def test_transfer_options_skip_a_protected_action_and_its_own_place():
    """An action shielded from the transferring ability is not offered (Smoke Bomb: other
    players' actions cannot affect it or its minion), and an action never goes where it is."""
    game = scenario(hands=[[RESURGENCE], []],
                    bases=[{"base": OASIS, "minions": [theirs(
                        "aliens/invader", attached=[{"card": "ninjas/smoke-bomb", "owner": 1}])],
                        "actions": [{"card": MIST, "owner": 1}]}, TORTUGA])
    g = game.state
    ctx = Ctx(g, card_id(game, f"{RESURGENCE}#1"), 0)
    assert transfer_options(ctx, card_id(game, f"{MIST}#1")) == [("base", 1)]
    assert transfer_options(ctx, card_id(game, f"{MIST}#1"), (0,)) == []
    # the Smoke Bomb itself is an action on a minion: no minion at the other base to go on
    assert transfer_options(ctx, card_id(game, "ninjas/smoke-bomb#1")) == []


def test_stored_cards_still_go_to_the_discard_pile_when_the_host_keeps_none():
    """The rule (guide §4.8): a host without a leaving ability of its own loses its stored
    cards at once when it leaves play (here a minion with a stored card)."""
    game = scenario(bases=[{"base": OASIS, "minions": [{"card": "aliens/invader",
                                                        "stored": ["aliens/scout"]}]},
                           TORTUGA])
    leave_play_to_hand(game, "aliens/invader#1")
    assert where(game, "aliens/scout#1") == "discard:0"


def test_observation_and_board_show_the_next_turn_extra():
    game = hq_scored_by_player_0()
    assert game.observation(1)["next_turn_extras"] == [[["minion", "action"]], []]
    assert "  Player 1 may play an extra minion or action on their next turn" in \
        board_text(game)


def test_destroyed_here_this_turn_is_the_bases_record_not_the_slots():
    """The record names the base card: a base swapped into the slot starts with none."""
    game = scenario(hands=[[RESURGENCE], []], decks=[FILLER, []], base_deck=[LIBRARY],
                    bases=[{"base": OASIS, "actions": [HAUNT]}, TORTUGA])
    play(game, f"play {RESURGENCE}#1", "choice:destroy")
    g = game.state
    assert destroyed_here_this_turn(g, 0) == [card_id(game, f"{HAUNT}#1")]
    assert destroyed_here_this_turn(g, 1) == []
    swap_base(g, 0, g.base_deck[0])
    assert destroyed_here_this_turn(g, 0) == []


# ---- helpers of these tests --------------------------------------------------------------------


def leave_play_to_hand(game, name: str) -> None:
    """Return a card in play to its owner's hand by the rules' own helper (as a bounce effect
    of another player's card would)."""
    g = game.state
    list(return_to_hand(Ctx(g, card_id(game, name), 1), card_id(game, name)))
    assert where(game, name).startswith("hand:")


MINE_UPGRADE = {"card": UPGRADE, "owner": 0, "controller": 0}
"""Upgrade played by player 0 on another player's minion."""
