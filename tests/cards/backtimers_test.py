"""Backtimers (Excellent Movies, Dudes!) and their bases Alternate Present and Time-Traveling Car:
each card's ability, scripted strictly on a described board. Stasis is the EMD rulebook's
"Stasis" (guide §4.7), stored cards its "Stored Cards" (§4.8)."""

import json

from smashup import REGISTRY
from smashup.engine.rules.plays import can_spend_play, spend_play
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

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
TORTUGA = "tortuga"  # breakpoint 21
PRESENT = "alternate-present"
CAR = "time-traveling-car"

BT = "backtimers"
ALEX = f"{BT}/alex-p-mcglide"
PROF = f"{BT}/zany-prof"
BULLY = f"{BT}/lifelong-bully"
GIRLFRIEND = f"{BT}/sidelined-girlfriend"
MPH = f"{BT}/99-mph"
BACK = f"{BT}/back-from-the-future"
DISRUPT = f"{BT}/disrupt-the-space-time-continuum"
ALMANAC = f"{BT}/future-almanac"
HELP = f"{BT}/help-from-the-past"
LETTER = f"{BT}/letter-from-another-time"
STRIKE = f"{BT}/lightning-strike"
WILL = f"{BT}/will-have-to-do"

INVADER = "aliens/invader"  # on play: gain 1 VP
SCOUT = "aliens/scout"  # power 3
COLLECTOR = "aliens/collector"
REX = "dinosaurs/king-rex"  # power 7, no ability
RAPTOR = "dinosaurs/war-raptor"  # power 2
FILLER = ["zombies/walker"] * 6
TWO = [OASIS, TORTUGA]


def frozen(card: str, counters: int = 1, **more: object) -> dict:
    """A card in stasis with ``counters`` stasis counters."""
    return {"card": card, "stasis": counters, **more}


def counters_on(game, name: str) -> int:
    return game.state.stasis.get(card_id(game, name), 0)


def hand(game, p: int = 0) -> list[str]:
    return sorted(game.state.names[c] for c in game.state.hands[p])


def seen(game, player: int) -> str:
    """Everything produced for ``player``: their observation and the event log they see."""
    return json.dumps(game.observation(player)) + repr(game.events_for(player))


def start_turn(**fields: object):
    """A game that begins at the start of player 0's turn (start-of-turn rules first)."""
    fields.setdefault("decks", [FILLER, FILLER])
    fields.setdefault("bases", TWO)
    return scenario(phase="start", **fields)


# ---- the stasis rules, as these cards meet them -------------------------------------------------


def test_a_card_in_stasis_loses_a_counter_each_turn_and_is_then_an_extra_play():
    """EMD 'Stasis': at the start of your turn remove one counter from each card in stasis;
    with none left you may play it as an extra card in your Play Cards phase (99 MPH put the
    Invader there; two turns later it is played and the free minion play is still there)."""
    game = scenario(hands=[[MPH, INVADER, SCOUT], []], decks=[FILLER, FILLER], bases=TWO)
    play(game, f"play {MPH}#1", f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "stasis:0" and counters_on(game, f"{INVADER}#1") == 2
    play(game, "end", "end")
    assert counters_on(game, f"{INVADER}#1") == 1
    assert not any(o.startswith(f"play {INVADER}#1") for o in options(game))
    play(game, "end", "end")
    assert counters_on(game, f"{INVADER}#1") == 0
    play(game, f"play {INVADER}#1 @ base:{OASIS}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}" and game.state.vp == [1, 0]
    play(game, f"play {SCOUT}#1 @ base:{OASIS}")  # the free minion play was not used
    assert where(game, f"{SCOUT}#1") == f"minion@base:{OASIS}"


def test_a_card_in_stasis_is_face_up_to_everyone_and_no_ordinary_target():
    """EMD 'Stasis': cards in stasis lie face up (the other player's observation shows the card
    and its counters) and may not be chosen by abilities that do not refer to stasis: a minion
    in stasis is on no base, so Disintegrator (bottom of the deck) cannot pick it."""
    game = scenario(hands=[[], ["aliens/disintegrator"]], current=1,
                    stasis=[[frozen(GIRLFRIEND, 2)], []],
                    bases=[{"base": OASIS, "minions": [SCOUT]}, TORTUGA])
    shown = game.observation(1)["stasis"][0]
    assert [(c["id"], c["stasis"]) for c in shown] == [(f"{GIRLFRIEND}#1", 2)]
    play(game, "play aliens/disintegrator#1")
    assert where(game, f"{SCOUT}#1") == "deck:0"  # the only minion it could choose
    assert where(game, f"{GIRLFRIEND}#1") == "stasis:0"


def test_a_spent_stasis_card_not_played_is_discarded_at_the_end_of_the_turn():
    """EMD 'Stasis': at the end of each turn, discard your cards in stasis with no counters
    (with the card stored under it)."""
    game = scenario(stasis=[[frozen(HELP, 0, stored=[SCOUT])], []], decks=[FILLER, FILLER],
                    bases=TWO)
    play(game, "end")
    assert where(game, f"{HELP}#1") == "discard:0" and where(game, f"{SCOUT}#1") == "discard:0"


# ---- Alex P. McGlide --------------------------------------------------------------------------


def test_alex_may_put_a_hand_card_into_stasis_with_two_counters():
    game = scenario(hands=[[ALEX, INVADER, SCOUT], []], bases=TWO)
    play(game, f"play {ALEX}#1 @ base:{OASIS}")
    assert options(game) == [f"{INVADER}#1", f"{SCOUT}#1", "skip"]
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "stasis:0" and counters_on(game, f"{INVADER}#1") == 2
    assert game.state.vp == [0, 0]  # put in stasis, not played


def test_alex_may_decline_and_with_an_empty_hand_asks_nothing():
    game = scenario(hands=[[ALEX, INVADER], [ALEX]], bases=TWO)
    play(game, f"play {ALEX}#1 @ base:{OASIS}", "skip")
    assert where(game, f"{INVADER}#1") == "hand:0"
    alone = scenario(hands=[[ALEX], []], bases=TWO)
    play(alone, f"play {ALEX}#1 @ base:{OASIS}")
    assert decision(alone) == (0, "main")


def test_alex_played_from_stasis_uses_its_on_play_ability_again():
    """EMD 'Stasis': a card with no instructions for leaving stasis is just played as an extra
    card, so its on-play ability happens: Alex puts another hand card into stasis."""
    game = scenario(hands=[[INVADER], []], stasis=[[frozen(ALEX, 0)], []], bases=TWO)
    play(game, f"play {ALEX}#1 @ base:{OASIS}", f"{INVADER}#1")
    assert where(game, f"{ALEX}#1") == f"minion@base:{OASIS}"
    assert counters_on(game, f"{INVADER}#1") == 2 and game.state.minion_plays == 1


def test_alex_talent_needs_a_card_that_lost_its_last_stasis_counter_this_turn():
    """The talent is offered only once some card had its last stasis counter removed this turn
    (here by the start-of-turn rule); it puts a +1 power counter on one of your minions."""
    game = start_turn(stasis=[[frozen(SCOUT, 1)], []],
                      bases=[{"base": OASIS, "minions": [ALEX, COLLECTOR]}, TORTUGA])
    assert decision(game) == (0, "main")
    assert f"use {ALEX}#1" in options(game)
    play(game, f"use {ALEX}#1")
    assert options(game) == [f"{ALEX}#1", f"{COLLECTOR}#1"]
    play(game, f"{COLLECTOR}#1")
    assert power(game, f"{COLLECTOR}#1") == 3 and game.state.counters[
        card_id(game, f"{COLLECTOR}#1")] == 1
    assert f"use {ALEX}#1" not in options(game)  # once per turn

    waiting = start_turn(stasis=[[frozen(SCOUT, 2)], []],
                         bases=[{"base": OASIS, "minions": [ALEX]}, TORTUGA])
    assert f"use {ALEX}#1" not in options(waiting)  # a counter came off, not the last one


def test_alex_talent_counts_a_counter_removed_by_will_have_to_do():
    """"Had its last stasis counter removed" counts any removal this turn, by an action too."""
    game = scenario(hands=[[WILL], []], stasis=[[frozen(SCOUT, 1)], []],
                    bases=[{"base": OASIS, "minions": [ALEX]}, TORTUGA])
    assert f"use {ALEX}#1" not in options(game)
    play(game, f"play {WILL}#1", "choice:stasis-counters", f"{SCOUT}#1")
    assert f"use {ALEX}#1" in options(game)
    play(game, f"use {ALEX}#1")
    assert power(game, f"{ALEX}#1") == 6


# ---- Zany Prof ---------------------------------------------------------------------------------


def test_zany_prof_may_take_a_further_counter_off_at_the_start_of_your_turn():
    """The mandatory removal comes first (a rule), then the Prof's optional one: a card with two
    counters is ready to play this very turn."""
    game = start_turn(stasis=[[frozen(INVADER, 2)], []],
                      bases=[{"base": OASIS, "minions": [PROF]}, TORTUGA])
    assert decision(game) == (0, "me_first") and counters_on(game, f"{INVADER}#1") == 1
    play(game, f"trigger {PROF}#1", "choice:remove")
    assert counters_on(game, f"{INVADER}#1") == 0
    play(game, f"play {INVADER}#1 @ base:{OASIS}")
    assert game.state.vp == [1, 0]


def test_zany_prof_may_add_a_counter_or_pass():
    game = start_turn(stasis=[[frozen(INVADER, 1), frozen(SCOUT, 3)], []],
                      bases=[{"base": OASIS, "minions": [PROF]}, TORTUGA])
    play(game, f"trigger {PROF}#1")
    assert options(game) == [f"{INVADER}#1", f"{SCOUT}#1"]
    play(game, f"{INVADER}#1")  # no counter left on it: it can only get one
    assert counters_on(game, f"{INVADER}#1") == 1 and counters_on(game, f"{SCOUT}#1") == 2
    passing = start_turn(stasis=[[frozen(INVADER, 2)], []],
                         bases=[{"base": OASIS, "minions": [PROF]}, TORTUGA])
    play(passing, "pass")
    assert counters_on(passing, f"{INVADER}#1") == 1 and decision(passing) == (0, "main")


def test_zany_prof_removal_triggers_the_card_it_comes_off():
    """Each counter removed is a removal its card answers: the rule's and then the Prof's both
    make Future Almanac? draw. A counter put back keeps a spent card from the discard pile."""
    game = start_turn(stasis=[[frozen(ALMANAC, 3)], []],
                      bases=[{"base": OASIS, "minions": [PROF]}, TORTUGA])
    assert len(game.state.hands[0]) == 1
    play(game, f"trigger {PROF}#1", "choice:remove")
    assert len(game.state.hands[0]) == 2 and counters_on(game, f"{ALMANAC}#1") == 1
    saved = start_turn(stasis=[[frozen(INVADER, 1)], []],
                       bases=[{"base": OASIS, "minions": [PROF]}, TORTUGA])
    play(saved, f"trigger {PROF}#1", "end")  # the Invader gets one back; the turn ends
    assert where(saved, f"{INVADER}#1") == "stasis:0"


def test_zany_prof_works_only_at_the_start_of_its_controllers_turn():
    game = start_turn(current=1, stasis=[[frozen(INVADER, 2)], []],
                      bases=[{"base": OASIS, "minions": [PROF]}, TORTUGA])
    assert decision(game) == (1, "main")
    assert counters_on(game, f"{INVADER}#1") == 2  # player 1's turn: no removal for player 0


# ---- Lifelong Bully ---------------------------------------------------------------------------


def test_lifelong_bully_adds_a_stasis_counter_to_one_of_your_cards():
    game = scenario(hands=[[BULLY], []], stasis=[[frozen(INVADER, 0)], []], decks=[FILLER, []],
                    bases=TWO)
    play(game, f"play {BULLY}#1 @ base:{OASIS}")
    assert options(game) == ["choice:add-counter", "choice:look"]
    play(game, "choice:add-counter")  # the only card in stasis: no question
    assert counters_on(game, f"{INVADER}#1") == 1
    assert f"play {INVADER}#1 @ base:{OASIS}" not in options(game)


def test_lifelong_bully_looks_at_two_and_may_put_one_into_stasis():
    """With no card in stasis only the look is possible (no question). The card put in stasis
    is face up; the one put back stays hidden from the other player."""
    game = scenario(hands=[[BULLY], []], decks=[[INVADER, SCOUT, COLLECTOR], []], bases=TWO)
    play(game, f"play {BULLY}#1 @ base:{OASIS}")
    assert options(game) == [f"{INVADER}#1", f"{SCOUT}#1", "skip"]
    play(game, f"{SCOUT}#1")
    assert where(game, f"{SCOUT}#1") == "stasis:0" and counters_on(game, f"{SCOUT}#1") == 2
    assert [game.state.names[c] for c in game.state.decks[0]] == [
        f"{INVADER}#1", f"{COLLECTOR}#1"]
    assert f"{SCOUT}#1" in seen(game, 1) and f"{INVADER}#1" not in seen(game, 1)


def test_lifelong_bully_may_put_both_back_in_a_chosen_order():
    game = scenario(hands=[[BULLY], []], decks=[[INVADER, SCOUT, COLLECTOR], []], bases=TWO)
    play(game, f"play {BULLY}#1 @ base:{OASIS}", "skip", f"{SCOUT}#1")
    assert [game.state.names[c] for c in game.state.decks[0]] == [
        f"{SCOUT}#1", f"{INVADER}#1", f"{COLLECTOR}#1"]
    assert game.state.stasis == {}


# ---- Sidelined Girlfriend ---------------------------------------------------------------------


def test_sidelined_girlfriend_may_go_into_stasis_leaving_its_base():
    """It leaves the base for stasis with one counter. Ruling (guide §4.1): like a buried card,
    it loses what was on it; here it arrives with none."""
    game = scenario(hands=[[GIRLFRIEND, GIRLFRIEND], []], plays={"minion": 2, "action": 1},
                    bases=TWO)
    play(game, f"play {GIRLFRIEND}#1 @ base:{OASIS}", "yes")
    assert where(game, f"{GIRLFRIEND}#1") == "stasis:0"
    assert counters_on(game, f"{GIRLFRIEND}#1") == 1
    play(game, f"play {GIRLFRIEND}#2 @ base:{OASIS}", "no")
    assert where(game, f"{GIRLFRIEND}#2") == f"minion@base:{OASIS}"


def test_sidelined_girlfriend_gives_a_counter_when_a_stasis_counter_comes_off_it():
    game = start_turn(stasis=[[frozen(GIRLFRIEND, 2)], []],
                      bases=[{"base": OASIS, "minions": [SCOUT, {"card": COLLECTOR,
                                                                  "controller": 1}]}, TORTUGA])
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {GIRLFRIEND}#1")  # one minion of its player on a base: no question
    assert power(game, f"{SCOUT}#1") == 4 and power(game, f"{COLLECTOR}#1") == 2
    declined = start_turn(stasis=[[frozen(GIRLFRIEND, 2)], []],
                          bases=[{"base": OASIS, "minions": [SCOUT]}, TORTUGA])
    play(declined, "pass")
    assert power(declined, f"{SCOUT}#1") == 3


def test_sidelined_girlfriend_played_from_stasis_is_an_extra_minion_with_a_counter():
    """Played from stasis: an extra minion (the free play stays), its on-play ability first (it
    may not go straight back into stasis, so no question), then a +1 power counter. It is not
    discarded: it stays on its base after the turn ends."""
    game = scenario(hands=[[SCOUT], []], stasis=[[frozen(GIRLFRIEND, 0)], []],
                    decks=[FILLER, FILLER], bases=TWO)
    play(game, f"play {GIRLFRIEND}#1")
    assert options(game) == [f"play {GIRLFRIEND}#1 @ base:{OASIS}",
                             f"play {GIRLFRIEND}#1 @ base:{TORTUGA}"]
    play(game, f"play {GIRLFRIEND}#1 @ base:{TORTUGA}")
    assert decision(game) == (0, "main") and power(game, f"{GIRLFRIEND}#1") == 3
    play(game, f"play {SCOUT}#1 @ base:{OASIS}", "end")
    assert where(game, f"{GIRLFRIEND}#1") == f"minion@base:{TORTUGA}"


def test_sidelined_girlfriend_clarification_each_removal_is_its_own_trigger():
    """Clarification: an "after X" effect happens each time X happens, even when several Xs
    happen at once. Two Girlfriends losing a counter at the same start of turn give two
    counters; one Girlfriend losing two counters to Will Have to Do gives two."""
    game = start_turn(stasis=[[frozen(GIRLFRIEND, 2), frozen(GIRLFRIEND, 3)], []],
                      bases=[{"base": OASIS, "minions": [SCOUT]}, TORTUGA])
    play(game, f"trigger {GIRLFRIEND}#1", f"trigger {GIRLFRIEND}#2")
    assert power(game, f"{SCOUT}#1") == 5

    game = scenario(hands=[[WILL], []], stasis=[[frozen(GIRLFRIEND, 2)], []],
                    bases=[{"base": OASIS, "minions": [SCOUT]}, TORTUGA])
    play(game, f"play {WILL}#1", "choice:stasis-counters", f"{GIRLFRIEND}#1", f"{GIRLFRIEND}#1")
    play(game, f"trigger {GIRLFRIEND}#1", f"trigger {GIRLFRIEND}#1")
    assert power(game, f"{SCOUT}#1") == 5 and counters_on(game, f"{GIRLFRIEND}#1") == 0


def test_sidelined_girlfriend_counters_go_only_to_your_minions_on_a_base():
    """With no minion of yours on a base, its trigger does not come up at all."""
    game = start_turn(stasis=[[frozen(GIRLFRIEND, 2)], []],
                      bases=[{"base": OASIS, "minions": [{"card": SCOUT, "controller": 1}]},
                             TORTUGA])
    assert decision(game) == (0, "main")


# ---- 99 MPH, Back From the Future, Disrupt the Space-Time Continuum ----------------------------


def test_99_mph_puts_a_hand_card_into_stasis_then_draws():
    game = scenario(hands=[[MPH, INVADER, SCOUT], []], decks=[[COLLECTOR], []], bases=TWO)
    play(game, f"play {MPH}#1")
    assert options(game) == [f"{INVADER}#1", f"{SCOUT}#1"]  # not optional
    play(game, f"{SCOUT}#1")
    assert counters_on(game, f"{SCOUT}#1") == 2
    assert hand(game) == [f"{COLLECTOR}#1", f"{INVADER}#1"]
    assert where(game, f"{MPH}#1") == "discard:0"


def test_back_from_the_future_reveals_three_and_may_put_one_into_stasis():
    """The three cards are revealed (the other player sees them); one goes into stasis, the
    rest go back on top in the chosen order, which everyone saw."""
    game = scenario(hands=[[BACK], []], decks=[[INVADER, SCOUT, COLLECTOR, ALEX], []],
                    bases=TWO)
    play(game, f"play {BACK}#1")
    assert options(game) == [f"{INVADER}#1", f"{SCOUT}#1", f"{COLLECTOR}#1", "skip"]
    play(game, f"{INVADER}#1", f"{COLLECTOR}#1")
    assert where(game, f"{INVADER}#1") == "stasis:0" and counters_on(game, f"{INVADER}#1") == 2
    assert [game.state.names[c] for c in game.state.decks[0]] == [
        f"{COLLECTOR}#1", f"{SCOUT}#1", f"{ALEX}#1"]
    assert card_id(game, f"{SCOUT}#1") in game.state.known[1]


def test_back_from_the_future_may_put_none_into_stasis():
    game = scenario(hands=[[BACK], []], decks=[[INVADER, SCOUT], []], bases=TWO)
    play(game, f"play {BACK}#1", "skip", f"{SCOUT}#1")
    assert game.state.stasis == {}
    assert [game.state.names[c] for c in game.state.decks[0]] == [f"{SCOUT}#1", f"{INVADER}#1"]


def test_disrupt_gives_each_chosen_card_as_many_counters_as_cards_chosen():
    game = scenario(hands=[[DISRUPT, DISRUPT, INVADER, SCOUT, ALEX], []],
                    plays={"minion": 1, "action": 2}, bases=TWO)
    play(game, f"play {DISRUPT}#1", f"{INVADER}#1", f"{SCOUT}#1")
    assert counters_on(game, f"{INVADER}#1") == 2 and counters_on(game, f"{SCOUT}#1") == 2
    play(game, f"play {DISRUPT}#2", f"{ALEX}#1")  # the last card: the pick ends
    assert counters_on(game, f"{ALEX}#1") == 1


# ---- Future Almanac? ---------------------------------------------------------------------------


def test_future_almanac_draws_a_card_for_each_counter_taken_off():
    """Three counters on it; the start-of-turn removal draws a card; played from stasis it is
    only discarded."""
    game = scenario(hands=[[ALMANAC], []], decks=[FILLER, FILLER], bases=TWO)
    play(game, f"play {ALMANAC}#1")
    assert where(game, f"{ALMANAC}#1") == "stasis:0" and counters_on(game, f"{ALMANAC}#1") == 3
    play(game, "end", "end")
    assert len(game.state.hands[0]) == 3  # two in the draw phase, one for the counter
    game = scenario(stasis=[[frozen(ALMANAC, 0)], []], decks=[FILLER, FILLER], bases=TWO)
    play(game, f"play {ALMANAC}#1")
    assert where(game, f"{ALMANAC}#1") == "discard:0" and game.state.hands[0] == []


def test_future_almanac_clarification_two_counters_at_once_draw_two_cards():
    """Clarification: the effect happens each time X happens, even several at once: Will Have
    to Do takes two counters off it, two cards are drawn."""
    game = scenario(hands=[[WILL], []], stasis=[[frozen(ALMANAC, 3)], []],
                    decks=[FILLER, []], bases=TWO)
    play(game, f"play {WILL}#1", f"{ALMANAC}#1", f"{ALMANAC}#1")
    assert decision(game) == (0, "order")  # two draws waiting: the player orders them
    play(game, f"trigger {ALMANAC}#1")
    assert len(game.state.hands[0]) == 2 and counters_on(game, f"{ALMANAC}#1") == 1


# ---- Help From the Past, Letter From Another Time --------------------------------------------


def test_help_from_the_past_stores_a_discarded_card_then_plays_it_as_an_extra():
    game = scenario(hands=[[HELP], []], discards=[[INVADER, SCOUT], []], decks=[FILLER, FILLER],
                    bases=TWO)
    play(game, f"play {HELP}#1")
    assert options(game) == [f"{INVADER}#1", f"{SCOUT}#1"]
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == f"stored:{HELP}#1"
    # taken from a discard pile: shown to everyone (EMD, 'look, reveal, search')
    assert game.observation(1)["stasis"][0][0]["stored"] == [f"{INVADER}#1"]
    assert counters_on(game, f"{HELP}#1") == 3


def test_help_from_the_past_played_from_stasis_plays_the_stored_card():
    """Played from stasis it is discarded, and the stored card may be played at once as an
    extra card: the normal minion play is still there afterwards."""
    game = scenario(hands=[[SCOUT], []], stasis=[[frozen(HELP, 0, stored=[INVADER])], []],
                    bases=TWO)
    play(game, f"play {HELP}#1")
    assert where(game, f"{HELP}#1") == "discard:0"
    assert options(game) == [f"play {INVADER}#1 @ base:{OASIS}",
                             f"play {INVADER}#1 @ base:{TORTUGA}", "skip"]
    play(game, f"play {INVADER}#1 @ base:{OASIS}")
    assert game.state.vp == [1, 0]
    play(game, f"play {SCOUT}#1 @ base:{OASIS}")


def test_help_from_the_past_stored_card_not_played_is_discarded_with_it():
    game = scenario(stasis=[[frozen(HELP, 0, stored=[INVADER])], []], bases=TWO)
    play(game, f"play {HELP}#1", "skip")
    assert where(game, f"{INVADER}#1") == "discard:0" and game.state.vp == [0, 0]


def test_help_from_the_past_with_an_empty_discard_pile_stores_nothing():
    game = scenario(hands=[[HELP], []], bases=TWO)
    play(game, f"play {HELP}#1")
    assert decision(game) == (0, "main") and counters_on(game, f"{HELP}#1") == 3


def test_letter_from_another_time_clarification_the_searched_card_is_revealed():
    """Clarification: whenever you search for a card you reveal it, even with no restriction
    on it. The other player sees what is stored; the deck is shuffled."""
    game = scenario(hands=[[LETTER], []], decks=[[COLLECTOR, INVADER, SCOUT], []], bases=TWO)
    play(game, f"play {LETTER}#1")
    assert options(game) == [f"{COLLECTOR}#1", f"{INVADER}#1", f"{SCOUT}#1"]
    play(game, f"{SCOUT}#1")
    assert where(game, f"{SCOUT}#1") == f"stored:{LETTER}#1"
    assert game.observation(1)["stasis"][0][0]["stored"] == [f"{SCOUT}#1"]
    assert f"{INVADER}#1" not in seen(game, 1)  # the rest of the deck stays hidden


def test_letter_from_another_time_played_from_stasis_plays_the_stored_action():
    """A stored action is played as an extra action: 99 MPH resolves (a card into stasis, a
    draw) though the free action play was already spent."""
    game = scenario(stasis=[[frozen(LETTER, 0, stored=[MPH])], []], hands=[[SCOUT], []],
                    decks=[[COLLECTOR], []], plays={"minion": 1, "action": 0}, bases=TWO)
    play(game, f"play {LETTER}#1", f"play {MPH}#1")
    assert where(game, f"{SCOUT}#1") == "stasis:0"
    assert hand(game) == [f"{COLLECTOR}#1"] and where(game, f"{LETTER}#1") == "discard:0"


# ---- Lightning Strike -------------------------------------------------------------------------


def test_lightning_strike_spends_an_action_play_to_cut_a_breakpoint_until_the_turn_ends():
    """Its Special is used from stasis in your Play Cards phase: it spends your action play,
    lowers one base's breakpoint by its counters, and the card is discarded."""
    game = scenario(hands=[[WILL], []], stasis=[[frozen(STRIKE, 2)], []], decks=[FILLER, FILLER],
                    bases=TWO)
    play(game, f"special {STRIKE}#1")
    assert options(game) == [f"base:{OASIS}", f"base:{TORTUGA}"]
    play(game, f"base:{TORTUGA}")
    assert base_breakpoint(game, TORTUGA) == 19 and where(game, f"{STRIKE}#1") == "discard:0"
    assert game.state.action_plays == 0
    assert f"play {WILL}#1" not in options(game)  # the action play is gone
    play(game, "end")
    assert base_breakpoint(game, TORTUGA) == 21


def test_lightning_strike_needs_an_action_play_and_a_counter():
    game = scenario(hands=[[MPH, INVADER], []], stasis=[[frozen(STRIKE, 2)], []], bases=TWO)
    assert f"special {STRIKE}#1" in options(game)
    play(game, f"play {MPH}#1")  # the Invader, the only card in hand, goes into stasis
    assert f"special {STRIKE}#1" not in options(game)  # no action play left
    empty = scenario(stasis=[[frozen(STRIKE, 0)], []], bases=TWO)
    assert f"special {STRIKE}#1" not in options(empty)  # nothing to cut by
    play(empty, f"play {STRIKE}#1")  # played from stasis: only discarded
    assert where(empty, f"{STRIKE}#1") == "discard:0" and empty.state.action_plays == 1


def test_lightning_strike_may_soak_up_counters_taken_off_your_other_cards():
    """At the start of the turn every card loses a counter; the Strike may take the one removed
    from another card (it loses its own as usual)."""
    game = start_turn(stasis=[[frozen(STRIKE, 2), frozen(SCOUT, 3)], []])
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {STRIKE}#1")
    assert counters_on(game, f"{STRIKE}#1") == 2 and counters_on(game, f"{SCOUT}#1") == 2
    declined = start_turn(stasis=[[frozen(STRIKE, 2), frozen(SCOUT, 3)], []])
    play(declined, "pass")
    assert counters_on(declined, f"{STRIKE}#1") == 1


def test_lightning_strike_cut_is_capped_at_five():
    game = scenario(stasis=[[frozen(STRIKE, 7)], []], bases=TWO)
    play(game, f"special {STRIKE}#1", f"base:{TORTUGA}")
    assert base_breakpoint(game, TORTUGA) == 16


def test_lightning_strike_clarification_the_cut_outlives_the_card_and_lets_a_base_score():
    """Clarification: an "until Y" effect lasts until Y even though the card that caused it has
    left play. The cut stays after the Strike is discarded, and the base scores this turn."""
    game = scenario(stasis=[[frozen(STRIKE, 5)], []],
                    bases=[{"base": OASIS, "minions": [ALEX, SCOUT]}, TORTUGA],
                    base_deck=[PRESENT], decks=[FILLER, FILLER])
    play(game, f"special {STRIKE}#1", f"base:{OASIS}")
    assert where(game, f"{STRIKE}#1") == "discard:0" and base_breakpoint(game, OASIS) == 7
    play(game, "end")  # 8 power against a breakpoint of 7: Jungle Oasis scores
    assert game.state.vp == [2, 0]
    play(game, "pass")  # the Scout stays
    # only the base in play then was cut: the one that replaced it keeps its breakpoint
    assert base_breakpoint(game, PRESENT) == 20


# ---- Will Have to Do ---------------------------------------------------------------------------


def test_will_have_to_do_places_up_to_two_power_counters_on_your_minions():
    game = scenario(hands=[[WILL], []], stasis=[[frozen(SCOUT, 2)], []],
                    bases=[{"base": OASIS, "minions": [ALEX, COLLECTOR,
                                                       {"card": INVADER, "controller": 1}]},
                           TORTUGA])
    play(game, f"play {WILL}#1")
    assert options(game) == ["choice:power-counters", "choice:stasis-counters"]
    play(game, "choice:power-counters")
    assert options(game) == [f"{ALEX}#1", f"{COLLECTOR}#1", "skip"]  # yours only
    play(game, f"{ALEX}#1", f"{COLLECTOR}#1")
    assert power(game, f"{ALEX}#1") == 6 and power(game, f"{COLLECTOR}#1") == 3


def test_will_have_to_do_removes_up_to_two_stasis_counters_from_your_cards():
    """With no minion of yours on a base only the stasis choice is left (no question); the card
    is playable at once."""
    game = scenario(hands=[[WILL], []], stasis=[[frozen(INVADER, 1), frozen(SCOUT, 2)], []],
                    bases=TWO)
    play(game, f"play {WILL}#1")
    assert options(game) == [f"{INVADER}#1", f"{SCOUT}#1", "skip"]
    play(game, f"{INVADER}#1", "skip")
    assert counters_on(game, f"{INVADER}#1") == 0 and counters_on(game, f"{SCOUT}#1") == 2
    play(game, f"play {INVADER}#1 @ base:{OASIS}")
    assert game.state.vp == [1, 0]


def test_only_will_have_to_do_directly_increases_power():
    """Cease and Desist: an action that places +1 power counters directly increases power
    (Will Have to Do); putting cards into stasis does not."""
    boosting = sorted(d.name for d in REGISTRY.factions[BT] if d.boosts_power)
    assert boosting == ["Will Have to Do"]


# ---- bases: Alternate Present, Time-Traveling Car ----------------------------------------------


def test_alternate_present_first_minion_here_each_turn_may_put_a_hand_card_in_stasis():
    game = scenario(hands=[[SCOUT, REX, INVADER], []], plays={"minion": 2, "action": 1},
                    bases=[PRESENT, OASIS])
    play(game, f"play {SCOUT}#1 @ base:{PRESENT}")
    assert options(game) == [f"{REX}#1", f"{INVADER}#1", "skip"]
    play(game, f"{INVADER}#1")
    assert counters_on(game, f"{INVADER}#1") == 2
    play(game, f"play {REX}#1 @ base:{PRESENT}")  # the second minion: nothing
    assert decision(game) == (0, "main")


def test_alternate_present_declining_spends_the_turns_chance():
    game = scenario(hands=[[SCOUT, REX, INVADER], []], plays={"minion": 2, "action": 1},
                    bases=[PRESENT, OASIS])
    play(game, f"play {SCOUT}#1 @ base:{PRESENT}", "skip", f"play {REX}#1 @ base:{PRESENT}")
    assert decision(game) == (0, "main") and game.state.stasis == {}


def test_time_traveling_car_winner_may_put_a_minion_there_into_stasis():
    """After scoring, the winner's minion goes into stasis with two counters instead of the
    discard pile; its +1 power counters and the action on it are discarded (guide §4.1)."""
    game = scenario(hands=[[], []], decks=[FILLER, FILLER], base_deck=[OASIS],
                    bases=[{"base": CAR, "minions": [
                        {"card": ALEX, "counters": 2, "attached": ["dinosaurs/upgrade"]},
                        REX, REX, REX, {"card": RAPTOR, "controller": 1}]}, TORTUGA])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger base:{CAR}")
    assert options(game) == [f"{ALEX}#1", f"{REX}#1", f"{REX}#2", f"{REX}#3",
                             "dinosaurs/upgrade#1"]  # not another player's minion
    play(game, f"{ALEX}#1")
    assert where(game, f"{ALEX}#1") == "stasis:0" and counters_on(game, f"{ALEX}#1") == 2
    assert game.state.counters.get(card_id(game, f"{ALEX}#1"), 0) == 0
    assert where(game, "dinosaurs/upgrade#1") == "discard:0"
    assert where(game, f"{REX}#1") == "discard:0"


def test_time_traveling_car_clarification_an_action_on_a_minion_there_counts():
    """Clarification: "cards here" includes actions played on minions there. The action goes
    into stasis; its minion (another player's) is discarded with the base."""
    game = scenario(decks=[FILLER, FILLER], base_deck=[OASIS],
                    bases=[{"base": CAR, "minions": [
                        REX, REX, REX, REX,
                        {"card": RAPTOR, "controller": 1,
                         "attached": [{"card": "dinosaurs/upgrade", "owner": 0}]}]}, TORTUGA])
    play(game, "end", f"trigger base:{CAR}")
    assert options(game)[-1] == "dinosaurs/upgrade#1"
    play(game, "dinosaurs/upgrade#1")
    assert where(game, "dinosaurs/upgrade#1") == "stasis:0"
    assert where(game, f"{RAPTOR}#1") == "discard:1"


def test_time_traveling_car_puts_a_controlled_minion_in_its_controllers_stasis():
    """Ruling (guide §4.7): the player who puts a card in stasis controls it there, though it
    is another player's card; played out of stasis it is theirs to play, and it goes to its
    owner's discard pile when it is discarded."""
    game = scenario(decks=[FILLER, FILLER], base_deck=[OASIS],
                    bases=[{"base": CAR, "minions": [
                        REX, REX, REX, {"card": REX, "owner": 1, "controller": 0}]}, TORTUGA])
    play(game, "end", f"trigger base:{CAR}", f"{REX}#4")
    assert where(game, f"{REX}#4") == "stasis:0" and counters_on(game, f"{REX}#4") == 2
    assert game.state.owner[card_id(game, f"{REX}#4")] == 1
    play(game, "end")  # player 1's turn ends; at player 0's turn one counter comes off
    assert counters_on(game, f"{REX}#4") == 1
    play(game, "end", "end")
    play(game, f"play {REX}#4 @ base:{TORTUGA}")
    assert game.state.controller[card_id(game, f"{REX}#4")] == 0


def test_time_traveling_car_cannot_send_back_a_card_that_left_stasis_this_turn():
    """EMD 'Stasis': cards leaving stasis may not immediately re-enter it. The Girlfriend played
    from stasis onto the Car, which scores that turn, is not offered (the King Rex is)."""
    game = scenario(stasis=[[frozen(GIRLFRIEND, 0)], []], decks=[FILLER, FILLER],
                    base_deck=[OASIS], bases=[{"base": CAR, "minions": [REX] * 3}, TORTUGA])
    play(game, f"play {GIRLFRIEND}#1", f"play {GIRLFRIEND}#1 @ base:{CAR}", "end",
         f"trigger base:{CAR}")
    assert options(game) == [f"{REX}#1", f"{REX}#2", f"{REX}#3"]


def test_time_traveling_car_is_optional():
    game = scenario(decks=[FILLER, FILLER], base_deck=[OASIS],
                    bases=[{"base": CAR, "minions": [REX] * 4}, TORTUGA])
    play(game, "end", "pass")
    assert game.state.stasis == {}
    assert pass_until_main(game) is game


# ---- spending a play (engine: plays.spend_play) -----------------------------------------------


def test_spend_play_uses_a_play_without_a_card_and_refuses_when_none_is_left():
    """"Use an action play to ..." (Lightning Strike): the free play, or an unconditional extra,
    is used up; with none left nothing is spent. Only the current player has plays."""
    game = scenario(bases=TWO, plays={"minion": 1, "action": 2})
    g = game.state
    assert not can_spend_play(g, 1, "action") and not spend_play(g, 1, "action")
    assert spend_play(g, 0, "action") and spend_play(g, 0, "action")
    assert g.action_plays == 0 and not spend_play(g, 0, "action")
    assert g.minion_plays == 1 and spend_play(g, 0, "minion") and g.minion_plays == 0
