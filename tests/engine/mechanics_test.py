"""Expansion mechanics (engine/mechanics/: costs, revealing, stasis, storage, burying), each
test naming the rulebook passage.

EMD = Excellent Movies, Dudes!; SFDF = Science Fiction Double Feature; Oops = Oops, You Did
It Again. The cards are test-only (smashup/testing_cards.py).
"""

from __future__ import annotations

import json

import pytest

from smashup import Game, testing_cards
from smashup.engine.core.context import Ctx
from smashup.engine.mechanics.burying import bury
from smashup.testing import base_power, card_id, decision, options, play, power, scenario, where

R = "test-rigs/"


@pytest.fixture(autouse=True, scope="module")
def _test_cards():
    """The test-only cards exist while this module's tests run."""
    with testing_cards.registered():
        yield

TWO = ["test-dock", "test-lot"]
FILLER = [[R + "maybe"] * 6, [R + "maybe"] * 6]


def pass_round(game: Game) -> None:
    """Both players end their turn (two players, nothing scores)."""
    play(game, "end")
    play(game, "end")


def seen(game: Game, player: int) -> str:
    return json.dumps(game.observation(player))


# ---- +1 power counters ------------------------------------------------------------------------


def test_power_counters_placed_transferred_and_removed():
    """EMD, 'Power Counters': counters are placed on, transferred between and removed from
    cards when an ability says so; each adds +1 power while it is there."""
    game = scenario(hands=[[R + "charger", R + "siphon", R + "leech"], []], plays={"action": 3},
                    bases=[{"base": "test-dock", "minions": [R + "dummy", R + "heavy"]},
                           "test-lot"])
    play(game, f"play {R}charger#1", f"{R}dummy#1")
    assert power(game, f"{R}dummy#1") == 4
    play(game, f"play {R}siphon#1")  # from the only minion with counters to the only other
    assert power(game, f"{R}dummy#1") == 3 and power(game, f"{R}heavy#1") == 6
    play(game, f"play {R}leech#1", f"{R}heavy#1")
    assert power(game, f"{R}heavy#1") == 5


def test_power_counters_are_removed_when_the_card_leaves_play():
    """EMD, 'Power Counters': when a card leaves play, remove all power counters from it."""
    game = scenario(hands=[[R + "zap"], []], decks=FILLER,
                    bases=[{"base": "test-dock", "minions": [{"card": R + "dummy",
                                                             "counters": 2}]}, "test-lot"])
    assert power(game, f"{R}dummy#1") == 4
    play(game, f"play {R}zap#1")
    assert where(game, f"{R}dummy#1") == "discard:0"
    assert game.state.counters.get(card_id(game, f"{R}dummy#1"), 0) == 0


def test_protection_from_effects_stops_power_counters():
    """EMD, 'Power Counters': abilities that protect minions from effects also protect
    against placing, transferring or removing counters."""
    game = scenario(hands=[[R + "charger", R + "siphon", R + "leech"], []], plays={"action": 3},
                    bases=[{"base": "test-dock", "minions": [
                        R + "shielded", {"card": R + "dummy", "counters": 1}]}, "test-lot"])
    play(game, f"play {R}charger#1", f"{R}shielded#1")
    assert power(game, f"{R}shielded#1") == 3  # no counter went on
    play(game, f"play {R}siphon#1")  # from the dummy to the shielded one: refused
    assert power(game, f"{R}dummy#1") == 3 and power(game, f"{R}shielded#1") == 3
    play(game, f"play {R}leech#1")
    assert power(game, f"{R}dummy#1") == 2  # unshielded: removed


# ---- playing off the top of the deck ---------------------------------------------------------


def test_play_off_the_top_reveals_until_the_type_and_shuffles_back_the_rest():
    """SFDF, 'Cards Played off the Top of the Deck': reveal until a card of the type, play it;
    afterwards shuffle the unused revealed cards into the deck."""
    game = scenario(hands=[[R + "launcher"], []],
                    decks=[[R + "maybe", R + "maybe", R + "lifter", R + "heavy"], []], bases=TWO)
    play(game, f"play {R}launcher#1")
    assert decision(game) == (0, "play_extra")
    play(game, f"play {R}lifter#1 @ base:test-lot")
    assert where(game, f"{R}lifter#1") == "minion@base:test-lot"
    assert power(game, f"{R}lifter#1") == 3  # "if played off the top of a deck": +1 counter
    assert sorted(where(game, f"{R}maybe#{i}") for i in (1, 2)) == ["deck:0", "deck:0"]
    assert len(game.state.decks[0]) == 3 and game.state.zones.get(("revealed", 0)) == []
    assert game.state.minion_plays == 1  # an extra play: the free minion is still there


def test_play_off_the_top_with_a_narrower_type_and_an_empty_deck():
    """SFDF, 'Cards Played off the Top of the Deck': an empty deck is first refilled from
    the discard pile; cards that are not the wanted X stay revealed, then go back."""
    game = scenario(hands=[[R + "small-launcher", R + "lifter"], []],
                    discards=[[R + "heavy", R + "lifter"], []], bases=TWO)
    play(game, f"play {R}small-launcher#1")
    play(game, f"play {R}lifter#2 @ base:test-dock")
    assert power(game, f"{R}lifter#2") == 3
    assert where(game, f"{R}heavy#1") == "deck:0"
    play(game, f"play {R}lifter#1 @ base:test-dock")  # from the hand: not off the top
    assert power(game, f"{R}lifter#1") == 2


# ---- stasis -----------------------------------------------------------------------------------


def test_stasis_counters_tick_down_then_the_card_is_an_extra_play():
    """EMD, 'Stasis': cards in stasis lie in front of their owner with stasis counters; at
    the start of your turn remove one from each; with none left you may play the card as an
    extra card in your Play Cards phase."""
    game = scenario(hands=[[R + "pod", R + "heavy", R + "dummy"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}pod#1", f"{R}heavy#1")
    assert where(game, f"{R}heavy#1") == "stasis:0"
    stasis = game.observation(1)["stasis"][0]
    assert stasis[0]["id"] == f"{R}heavy#1" and stasis[0]["stasis"] == 2
    assert not any(o.startswith(f"play {R}heavy") for o in options(game))
    pass_round(game)
    assert game.state.stasis[card_id(game, f"{R}heavy#1")] == 1
    pass_round(game)
    assert game.state.stasis[card_id(game, f"{R}heavy#1")] == 0
    play(game, f"play {R}heavy#1 @ base:test-dock")
    assert where(game, f"{R}heavy#1") == "minion@base:test-dock"
    play(game, f"play {R}dummy#1 @ base:test-dock")  # the free minion play is still there
    assert base_power(game, "test-dock") == 7


def test_spent_stasis_card_is_discarded_at_the_end_of_the_turn():
    """EMD, 'Stasis': at the end of each turn, discard your cards in stasis that have no
    stasis counters on them."""
    game = scenario(hands=[[R + "loop"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}loop#1")
    assert where(game, f"{R}loop#1") == "stasis:0"
    pass_round(game)
    assert f"play {R}loop#1" in options(game)
    play(game, "end")
    assert where(game, f"{R}loop#1") == "discard:0"


def test_a_card_leaving_stasis_may_not_re_enter_it_at_once():
    """EMD, 'Stasis': cards leaving stasis may not immediately re-enter stasis (played
    normally, Loop's own ability cannot put it back; it is discarded as usual)."""
    game = scenario(hands=[[R + "loop"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}loop#1")
    pass_round(game)
    play(game, f"play {R}loop#1")
    assert where(game, f"{R}loop#1") == "discard:0"


def test_leaving_stasis_follows_the_cards_own_instructions():
    """EMD, 'Stasis': when you play a card from stasis, follow its instructions for leaving
    stasis, then discard it unless it says otherwise."""
    game = scenario(hands=[[R + "capsule"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}capsule#1")
    pass_round(game)
    hand = len(game.state.hands[0])
    play(game, f"play {R}capsule#1")
    assert len(game.state.hands[0]) == hand + 2
    assert where(game, f"{R}capsule#1") == "discard:0"


def test_cards_in_stasis_answer_only_stasis_events():
    """EMD, 'Stasis': abilities of cards in stasis do not work unless they refer to stasis
    (Hourglass draws when a stasis counter comes off it)."""
    game = scenario(hands=[[R + "hourglass"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}hourglass#1")
    hand = len(game.state.hands[0])
    play(game, "end")  # player 0 draws 2
    play(game, "end")  # player 0's turn starts: a counter comes off, Hourglass draws
    assert len(game.state.hands[0]) == hand + 3


# ---- stored cards -----------------------------------------------------------------------------


def test_stored_cards_are_hidden_inactive_and_discarded_with_their_host():
    """EMD, 'Stored Cards': stored cards lie face down under another card; you may look at
    yours, others may only count them; they have no active abilities; when the host leaves
    play they are discarded."""
    game = scenario(hands=[[R + "vault", R + "heavy"], []], decks=FILLER,
                    bases=[{"base": "test-yard", "minions": [R + "dummy"]}, "test-lot"])
    play(game, f"play {R}vault#1 @ base:test-yard", f"{R}heavy#1")
    assert where(game, f"{R}heavy#1") == f"stored:{R}vault#1"
    vault0 = game.observation(0)["bases"][0]["actions"][0]
    vault1 = game.observation(1)["bases"][0]["actions"][0]
    assert vault0["stored"] == [f"{R}heavy#1"] and vault1["stored"] == ["hidden"]
    assert f"{R}heavy#1" not in seen(game, 1)
    assert base_power(game, "test-yard") == 2  # a stored minion adds no power
    play(game, f"use {R}vault#1")  # the talent plays it onto the base: 7 of 8
    assert where(game, f"{R}heavy#1") == "minion@base:test-yard"


def test_stored_cards_go_to_the_discard_pile_when_the_host_leaves_play():
    """EMD, 'Stored Cards': when a card leaves play, cards stored under it are discarded."""
    game = scenario(hands=[[R + "vault", R + "dummy"], []], decks=FILLER,
                    bases=[{"base": "test-yard", "minions": [R + "heavy", R + "heavy"]},
                           "test-lot"])
    play(game, f"play {R}vault#1 @ base:test-yard", f"{R}dummy#1", "end")
    assert game.state.vp == [4, 0]
    assert where(game, f"{R}dummy#1") == "discard:0"


# ---- burying and uncovering -------------------------------------------------------------------


def test_buried_card_is_face_down_without_power_and_uncovered_at_start_of_turn():
    """Oops, 'Burying': a buried card lies face down beside a base, seen only by its
    controller, with no power; at the start of your turn you may uncover one, playing it
    there as an extra card."""
    game = scenario(hands=[[R + "shovel", R + "heavy"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}shovel#1", "base:test-lot")  # the only card in hand
    assert where(game, f"{R}heavy#1") == "buried@base:test-lot"
    assert game.observation(0)["bases"][1]["buried"] == [f"{R}heavy#1"]
    assert game.observation(1)["bases"][1]["buried"] == ["hidden"]
    assert f"{R}heavy#1" not in seen(game, 1)
    assert base_power(game, "test-lot") == 0
    pass_round(game)
    assert decision(game) == (0, "me_first")
    assert options(game) == ["trigger rule:uncover", "pass"]
    play(game, "trigger rule:uncover")
    assert where(game, f"{R}heavy#1") == "minion@base:test-lot"
    assert game.state.minion_plays == 1  # an extra play


def test_uncovering_is_optional_and_buried_cards_go_when_the_base_scores():
    """Oops, 'Burying': uncovering is optional; after a base scores, buried cards still
    there go to their owners' discard piles."""
    game = scenario(hands=[[R + "shovel", R + "dummy"], []], decks=FILLER,
                    bases=[{"base": "test-yard", "minions": [R + "heavy"]}, "test-lot"])
    play(game, f"play {R}shovel#1", "base:test-yard", "end", "end", "pass")
    assert where(game, f"{R}dummy#1") == "buried@base:test-yard"
    game2 = scenario(hands=[[R + "shovel", R + "dummy", R + "heavy"], []], decks=FILLER,
                     bases=[{"base": "test-yard", "minions": [R + "heavy"]}, "test-lot"])
    play(game2, f"play {R}shovel#1", f"{R}dummy#1", "base:test-yard",
         f"play {R}heavy#1 @ base:test-yard", "end")
    assert game2.state.vp == [4, 0]
    assert where(game2, f"{R}dummy#1") == "discard:0"


def test_a_card_that_buries_itself_is_revealed_and_not_reburied_when_uncovered():
    """Oops, 'Clarifications' (Blessing of Anubis...): a card that buries itself is
    revealed; when uncovered it is played again but is not reburied."""
    game = scenario(hands=[[R + "time-bomb"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}time-bomb#1", "base:test-dock")
    assert game.observation(1)["bases"][0]["buried"] == [f"{R}time-bomb#1"]
    pass_round(game)
    play(game, "trigger rule:uncover")
    assert game.state.vp == [2, 0]
    assert where(game, f"{R}time-bomb#1") == "discard:0"
    g = game.state
    bomb = card_id(game, f"{R}time-bomb#1")
    assert not bury(Ctx(g, bomb, 0), bomb, 0)  # uncovered this turn: not again


def test_an_uncovered_card_that_cannot_be_played_is_discarded():
    """Oops, 'Burying': if circumstances make playing an uncovered card impossible, it is
    discarded instead (an action for a minion, with no minion there)."""
    game = scenario(hands=[[R + "shovel", R + "zap"], []], decks=FILLER, bases=TWO)
    play(game, f"play {R}shovel#1", "base:test-dock")
    pass_round(game)
    play(game, "trigger rule:uncover")
    assert where(game, f"{R}zap#1") == "discard:0"


# ---- duels ------------------------------------------------------------------------------------


def test_duel_cards_face_down_actions_played_then_higher_power_wins():
    """Oops, 'Duels': each controller, challenger first, may place a card face down; they are
    revealed, an action is played normally, another card returns to the hand; then the
    higher-power minion wins."""
    game = scenario(hands=[[R + "duelist", R + "boost"], [R + "heavy"]], decks=FILLER,
                    bases=[{"base": "test-dock", "minions": [{"card": R + "dummy",
                                                             "controller": 1}]}, "test-lot"])
    play(game, f"play {R}duelist#1 @ base:test-dock", f"{R}dummy#1")
    assert decision(game) == (0, "duel_card")
    play(game, f"{R}boost#1")
    assert decision(game) == (1, "duel_card")
    assert f"{R}boost#1" not in seen(game, 1)  # face down
    play(game, f"{R}heavy#1")
    play(game, f"{R}duelist#1")  # Boost: +3 on the duelist (6 against 2)
    assert where(game, f"{R}heavy#1") == "hand:1"
    assert where(game, f"{R}dummy#1") == "discard:1"
    assert where(game, f"{R}duelist#1") == "minion@base:test-dock"


def test_duel_tie_gives_both_sides_the_effects():
    """Oops, 'Duels': in case of ties, both sides get all the effects of the duel."""
    game = scenario(hands=[[R + "challenge"], []],
                    bases=[{"base": "test-dock", "minions": [
                        R + "dummy", {"card": R + "dummy", "controller": 1}]}, "test-lot"])
    play(game, f"play {R}challenge#1")  # one duelist each: chosen without asking
    assert decision(game) == (0, "main")  # no hands: nobody is asked for a duel card
    assert power(game, f"{R}dummy#1") == 3 and power(game, f"{R}dummy#2") == 3
