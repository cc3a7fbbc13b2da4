"""Super Spies (revised printing) and their bases: each card's ability, scripted strictly on a
described board. Rulings the texts leave open are stated in the docstrings (and in the module
docstrings of cards/sfdf/super_spies.py and cards/sfdf/bases.py)."""

from __future__ import annotations

from typing import Any

from smashup import Game
from smashup.engine.facts.hidden import hidden_from
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

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
BRAIN = "the-central-brain"  # each minion here has +1 power
PAD = "isis-swingin-pad"
VOLCANO = "secret-volcano-headquarters"
SPIES = "super-spies"


def m(card: str, controller: int = 0, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": controller, **more}


def board(oasis: list[Any] | None = None, brain: list[Any] | None = None, **fields: Any) -> Game:
    """Player 0 to play, with Jungle Oasis and The Central Brain in play."""
    fields.setdefault("hands", [[], []])
    # cards to draw at the end of the turn (an empty deck would reshuffle the discard pile)
    fields.setdefault("decks", [["zombies/walker"] * 3] * fields.get("players", 2))
    return scenario(bases=[{"base": OASIS, "minions": oasis or []},
                           {"base": BRAIN, "minions": brain or []}], **fields)


def ids(game: Game, *names: str) -> list[int]:
    return [card_id(game, n) for n in names]


def known(game: Game, player: int) -> list[str]:
    return sorted(k[0] for k in game.observation(player)["known"])


# ---- Secret Agent ----------------------------------------------------------------------------


def test_secret_agent_makes_an_opponent_discard_after_their_action():
    game = board(oasis=[m(f"{SPIES}/secret-agent")], current=1,
                 hands=[[], ["pirates/swashbuckling", "aliens/invader", "aliens/scout"]])
    play(game, "play pirates/swashbuckling#1")
    # the action resolves first (+1 to each of player 1's minions: none), then the discard
    assert decision(game) == (1, "discard")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1"]
    play(game, "aliens/scout#1")
    assert where(game, "aliens/scout#1") == "discard:1"
    assert where(game, "aliens/invader#1") == "hand:1"


def test_secret_agent_ignores_its_own_players_actions_and_minions():
    game = board(oasis=[m(f"{SPIES}/secret-agent")],
                 hands=[["pirates/swashbuckling", "aliens/invader"], []])
    play(game, "play pirates/swashbuckling#1")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/invader#1") == "hand:0"


def test_secret_agent_opponent_with_an_empty_hand_discards_nothing():
    game = board(oasis=[m(f"{SPIES}/secret-agent")], current=1,
                 hands=[[], ["pirates/swashbuckling"]])
    play(game, "play pirates/swashbuckling#1")
    assert decision(game) == (1, "main")


def test_secret_agent_destroyed_by_the_action_still_makes_them_discard():
    """Clarification: if the other player's action destroys Secret Agent, they still discard."""
    game = board(oasis=[m(f"{SPIES}/secret-agent"), m("dinosaurs/king-rex", 1)], current=1,
                 hands=[[], ["dinosaurs/natural-selection", "aliens/invader"]])
    play(game, "play dinosaurs/natural-selection#1")
    assert where(game, f"{SPIES}/secret-agent#1") == "discard:0"
    assert where(game, "aliens/invader#1") == "discard:1"  # a single card: no choice to make


def test_secret_agent_counts_an_action_played_through_a_special_while_a_base_scores():
    """Core interaction (Specials in scoring windows): Hidden Ninja played just before a base
    scores is an action played by another player, so they discard afterwards."""
    game = board(oasis=[m(f"{SPIES}/secret-agent"), m("aliens/invader", 0, counters=4),
                        m("aliens/scout", 1)],
                 hands=[[], ["ninjas/hidden-ninja", "aliens/collector", "robots/zapbot",
                             "pirates/cannon"]])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    play(game, "special ninjas/hidden-ninja#1")
    play(game, f"play aliens/collector#1 @ base:{OASIS}", "skip")
    assert decision(game) == (1, "discard")
    assert options(game) == ["robots/zapbot#1", "pirates/cannon#1"]
    play(game, "robots/zapbot#1")
    assert where(game, "robots/zapbot#1") == "discard:1"


# ---- Mole ------------------------------------------------------------------------------------


def scoring(oasis: list[Any], hands: list[list[str]], **fields: Any) -> Game:
    """Jungle Oasis (breakpoint 12) is ready to score when player 0 ends the turn."""
    return board(oasis=oasis, hands=hands, **fields)


def test_mole_plays_an_extra_action_before_its_base_scores():
    game = scoring([m(f"{SPIES}/mole"), m("dinosaurs/king-rex"), m("aliens/invader", 1)],
                   [["pirates/swashbuckling"], []], plays={"minion": 0, "action": 0})
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == ["trigger super-spies/mole#1", "pass"]
    play(game, "trigger super-spies/mole#1")
    assert decision(game) == (0, "play_extra")
    assert options(game) == ["play pirates/swashbuckling#1", "skip"]
    play(game, "play pirates/swashbuckling#1")
    assert where(game, "pirates/swashbuckling#1") == "discard:0"
    assert game.state.vp == [2, 0]


def test_mole_extra_action_may_be_declined():
    game = scoring([m(f"{SPIES}/mole"), m("dinosaurs/king-rex"), m("aliens/invader", 1)],
                   [["pirates/swashbuckling"], []])
    play(game, "end", "trigger super-spies/mole#1", "skip")
    assert where(game, "pirates/swashbuckling#1") == "hand:0"


def test_mole_only_answers_its_own_base_and_needs_an_action_in_hand():
    game = scoring([m("dinosaurs/king-rex", counters=2), m("aliens/invader", 1)],
                   [["pirates/swashbuckling"], []], brain=[m(f"{SPIES}/mole")])
    play(game, "end")
    assert game.state.vp == [2, 0]  # nobody was asked: the Mole is at the other base
    game = scoring([m(f"{SPIES}/mole"), m("dinosaurs/king-rex"), m("aliens/invader", 1)],
                   [["aliens/scout"], []])
    play(game, "end")
    assert game.state.vp == [2, 0]  # no action in hand: nothing to offer


def test_mole_in_a_seat_safe_game_is_offered_even_without_an_action():
    """Hidden information: in a seat-safe game being offered the Mole must not show whether
    the hand holds an action; without one, the extra play can only be skipped."""
    fields = {"bases": [{"base": OASIS, "minions": [m(f"{SPIES}/mole"), m("dinosaurs/king-rex"),
                                                    m("aliens/invader", 1)]}, BRAIN],
              "hands": [["aliens/scout"], []], "decks": [["zombies/walker"] * 3] * 2}
    game = Game.new({"scenario": fields, "seat_safe": True})
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert "trigger super-spies/mole#1" in options(game)
    play(game, "trigger super-spies/mole#1")
    assert options(game) == ["skip"]


# ---- Operative -------------------------------------------------------------------------------


def test_operative_buries_one_of_the_top_two_and_puts_the_other_back():
    game = board(hands=[[f"{SPIES}/operative"], []],
                 decks=[["aliens/invader", "aliens/scout", "ninjas/shinobi"], []])
    play(game, f"play {SPIES}/operative#1 @ base:{OASIS}")
    assert options(game) == ["choice:top", "choice:bottom"]
    play(game, "choice:top")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1", "skip"]
    play(game, "aliens/invader#1", f"base:{BRAIN}")
    assert where(game, "aliens/invader#1") == f"buried@base:{BRAIN}"
    assert game.state.decks[0] == ids(game, "aliens/scout#1", "ninjas/shinobi#1")
    # the buried card is face down: hidden from the other player, known to its controller
    invader = card_id(game, "aliens/invader#1")
    assert hidden_from(game.state, invader, 1) and not hidden_from(game.state, invader, 0)
    assert "aliens/invader#1" not in str(game.events_for(1))
    assert "aliens/invader#1" not in str(game.history_for(1))
    assert "aliens/invader#1" in str(game.history_for(0))
    assert "aliens/scout#1" in known(game, 0) and known(game, 1) == []


def test_operative_looks_at_the_bottom_and_may_bury_nothing():
    """Ruling: cards looked at on the bottom go back on the bottom, in the order chosen (the
    last pick becomes the bottom card)."""
    game = board(hands=[[f"{SPIES}/operative"], []],
                 decks=[["ninjas/shinobi", "aliens/invader", "aliens/scout"], []])
    play(game, f"play {SPIES}/operative#1 @ base:{OASIS}", "choice:bottom")
    assert options(game) == ["aliens/scout#1", "aliens/invader#1", "skip"]
    play(game, "skip")
    assert decision(game) == (0, "arrange")
    play(game, "aliens/scout#1")
    assert game.state.decks[0] == ids(game, "ninjas/shinobi#1", "aliens/scout#1",
                                      "aliens/invader#1")
    assert decision(game) == (0, "main")


def test_operative_with_no_cards_to_look_at_does_nothing():
    game = board(hands=[[f"{SPIES}/operative"], []], decks=[[], []])
    play(game, f"play {SPIES}/operative#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")


# ---- Informant -------------------------------------------------------------------------------


def test_informant_arranges_own_top_three_on_top_and_bottom():
    game = board(hands=[[f"{SPIES}/informant"], []],
                 decks=[["aliens/invader", "aliens/scout", "ninjas/shinobi", "robots/zapbot"],
                        ["dinosaurs/king-rex"]])
    play(game, f"play {SPIES}/informant#1 @ base:{OASIS}")
    assert options(game) == ["player:0", "player:1"]
    play(game, "player:0")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1", "ninjas/shinobi#1"]
    # the other seat reads who is choosing, never the cards being arranged
    assert "aliens/" not in repr(game.observation(1)) and "ninjas/" not in repr(
        game.observation(1))
    play(game, "ninjas/shinobi#1", "choice:top", "aliens/invader#1", "choice:bottom",
         "aliens/scout#1", "choice:bottom")
    assert game.state.decks[0] == ids(game, "ninjas/shinobi#1", "robots/zapbot#1",
                                      "aliens/invader#1", "aliens/scout#1")
    assert known(game, 0) == ["aliens/invader#1", "aliens/scout#1", "ninjas/shinobi#1"]
    assert known(game, 1) == []


def test_informant_another_deck_goes_back_in_the_same_order():
    """Clarification: looking at a deck other than your own, the cards go back in the same
    order (no decision)."""
    deck = ["aliens/invader", "aliens/scout", "ninjas/shinobi", "robots/zapbot"]
    game = board(hands=[[f"{SPIES}/informant"], []], decks=[[], deck])
    before = list(game.state.decks[1])
    play(game, f"play {SPIES}/informant#1 @ base:{OASIS}")  # the only deck with cards
    assert decision(game) == (0, "main")
    assert game.state.decks[1] == before
    assert known(game, 0) == ["aliens/invader#1", "aliens/scout#1", "ninjas/shinobi#1"]
    # the owner of the deck learns nothing, and the event shows them no card
    assert known(game, 1) == []
    looked = [e for e in game.events_for(1) if e["kind"] == "looked"]
    assert looked and all(c == "a card" for c in looked[0]["cards"])


def test_informant_knowledge_lasts_until_the_deck_is_shuffled():
    """The one who looked keeps knowing where the cards are until that deck is shuffled."""
    game = board(hands=[[f"{SPIES}/informant", "zombies/lend-a-hand"], []],
                 decks=[["aliens/invader", "aliens/scout", "ninjas/shinobi"], []],
                 discards=[["robots/zapbot"], []], plays={"minion": 1, "action": 1})
    play(game, f"play {SPIES}/informant#1 @ base:{OASIS}",  # the only deck with cards
         "aliens/invader#1", "choice:top", "aliens/scout#1", "choice:top",
         "ninjas/shinobi#1", "choice:top")
    assert len(known(game, 0)) == 3
    play(game, "play zombies/lend-a-hand#1", "robots/zapbot#1")
    assert known(game, 0) == []


# ---- Discards are Forever --------------------------------------------------------------------


def test_discards_are_forever_discards_a_minion_off_each_deck_and_restocks_yours():
    game = board(players=3, hands=[[f"{SPIES}/discards-are-forever"], [], []],
                 decks=[[], ["pirates/swashbuckling", "aliens/scout", "ninjas/shinobi"],
                        ["dinosaurs/lasertops"]],
                 discards=[["dinosaurs/king-rex", "aliens/invader", "pirates/cannon"], [], []])
    play(game, f"play {SPIES}/discards-are-forever#1")
    assert where(game, "aliens/scout#1") == "discard:1"
    assert where(game, "dinosaurs/lasertops#1") == "discard:2"
    # the non-minion turned over first was shuffled back
    assert where(game, "pirates/swashbuckling#1") == "deck:1"
    # powers 3 and 4 were discarded: a minion of power 4 or less, not King Rex (7)
    assert options(game) == ["aliens/invader#1", "skip"]
    play(game, "aliens/invader#1")
    assert game.state.decks[0][0] == card_id(game, "aliens/invader#1")
    # everyone saw it go from the discard pile to the top of the deck
    assert "aliens/invader#1" in known(game, 1)


def test_discards_are_forever_may_keep_the_discard_pile():
    game = board(hands=[[f"{SPIES}/discards-are-forever"], []], decks=[[], ["aliens/scout"]],
                 discards=[["aliens/invader"], []])
    play(game, f"play {SPIES}/discards-are-forever#1", "skip")
    assert where(game, "aliens/invader#1") == "discard:0"


def test_discards_are_forever_with_no_minion_in_their_deck_offers_nothing():
    game = board(hands=[[f"{SPIES}/discards-are-forever"], []],
                 decks=[[], ["pirates/swashbuckling"]], discards=[["aliens/invader"], []])
    play(game, f"play {SPIES}/discards-are-forever#1")
    assert decision(game) == (0, "main")
    assert where(game, "pirates/swashbuckling#1") == "deck:1"


# ---- For My Eyes Only ------------------------------------------------------------------------


def test_for_my_eyes_only_arranges_the_top_five():
    deck = ["aliens/invader", "aliens/scout", "ninjas/shinobi", "robots/zapbot",
            "dinosaurs/king-rex", "pirates/cannon"]
    game = board(hands=[[f"{SPIES}/for-my-eyes-only"], []], decks=[deck, []])
    play(game, f"play {SPIES}/for-my-eyes-only#1")
    assert len(options(game)) == 5 and "pirates/cannon#1" not in options(game)
    play(game, "dinosaurs/king-rex#1", "choice:top", "aliens/invader#1", "choice:bottom",
         "aliens/scout#1", "choice:bottom", "ninjas/shinobi#1", "choice:top",
         "robots/zapbot#1", "choice:bottom")
    assert game.state.decks[0] == ids(game, "dinosaurs/king-rex#1", "ninjas/shinobi#1",
                                      "pirates/cannon#1", "aliens/invader#1", "aliens/scout#1",
                                      "robots/zapbot#1")
    assert known(game, 1) == []


def test_for_my_eyes_only_with_a_short_deck_arranges_what_there_is():
    game = board(hands=[[f"{SPIES}/for-my-eyes-only"], []], decks=[["aliens/invader"], []])
    play(game, f"play {SPIES}/for-my-eyes-only#1", "aliens/invader#1", "choice:bottom")
    assert game.state.decks[0] == ids(game, "aliens/invader#1")


# ---- From Q With Love ------------------------------------------------------------------------


def test_from_q_with_love_discarding_a_drawn_card_buys_an_extra_minion():
    """Clarification: the card discarded may be one just drawn. Ruling: in your Play Cards
    phase you choose the kind of the extra at once and may play it later in the phase."""
    game = board(hands=[[f"{SPIES}/from-q-with-love"], []],
                 decks=[["aliens/invader", "aliens/scout"], []], plays={"minion": 0, "action": 1})
    play(game, f"play {SPIES}/from-q-with-love#1", "yes")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1"]
    play(game, "aliens/scout#1", "choice:minion")
    assert where(game, "aliens/scout#1") == "discard:0"
    play(game, f"play aliens/invader#1 @ base:{OASIS}")
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"


def test_from_q_with_love_may_keep_every_card():
    game = board(hands=[[f"{SPIES}/from-q-with-love"], []],
                 decks=[["aliens/invader", "aliens/scout"], []], plays={"minion": 0, "action": 1})
    play(game, f"play {SPIES}/from-q-with-love#1", "no")
    assert len(game.state.hands[0]) == 2
    assert not any(o.startswith("play") for o in options(game))


def test_from_q_with_love_played_by_a_mole_offers_either_kind_at_once():
    """Ruling: outside your Play Cards phase (a Mole before scoring) the extra is a minion or
    an action, played at once or not at all."""
    game = scoring([m(f"{SPIES}/mole"), m("dinosaurs/king-rex"), m("aliens/invader", 1)],
                   [[f"{SPIES}/from-q-with-love", "pirates/cannon"], []],
                   decks=[["aliens/scout", "robots/zapbot", "zombies/walker", "zombies/walker"],
                          []])
    play(game, "end", "trigger super-spies/mole#1", f"play {SPIES}/from-q-with-love#1", "yes",
         "pirates/cannon#1")
    assert decision(game) == (0, "play_extra")
    assert f"play aliens/scout#1 @ base:{OASIS}" in options(game)
    play(game, f"play aliens/scout#1 @ base:{OASIS}")
    pass_until_main(game)
    assert where(game, "aliens/scout#1") == "discard:0"  # it scored with the base
    assert game.state.vp == [2, 0]


# ---- Live and Let Chum -----------------------------------------------------------------------


def test_live_and_let_chum_destroys_a_minion_of_power_4_or_less_at_the_scoring_base():
    game = scoring([m("dinosaurs/king-rex"), m("aliens/invader", 1), m("robots/warbot", 1)],
                   [[], [f"{SPIES}/live-and-let-chum"]])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    play(game, f"special {SPIES}/live-and-let-chum#1")
    # Warbot cannot be destroyed and King Rex is too strong: only the Invader qualifies
    assert where(game, "aliens/invader#1") == "discard:1"
    assert where(game, f"{SPIES}/live-and-let-chum#1") == "discard:1"


def test_live_and_let_chum_is_not_offered_without_a_target():
    game = scoring([m("dinosaurs/king-rex"), m("dinosaurs/king-rex", 1)],
                   [[], [f"{SPIES}/live-and-let-chum"]])
    play(game, "end")
    assert where(game, f"{SPIES}/live-and-let-chum#1") == "hand:1"
    assert game.state.vp == [2, 2]


def test_live_and_let_chum_played_in_the_play_phase_does_nothing():
    """Ruling: a "before a base scores" Special played as a normal action does nothing."""
    game = board(oasis=[m("aliens/invader", 1)], hands=[[f"{SPIES}/live-and-let-chum"], []])
    play(game, f"play {SPIES}/live-and-let-chum#1")
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


# ---- Mindraker -------------------------------------------------------------------------------


def test_mindraker_sees_hands_and_buried_cards_then_draws_and_grants_an_action():
    game = scenario(
        hands=[[f"{SPIES}/mindraker"], ["aliens/invader", "pirates/cannon"]],
        decks=[["robots/zapbot"], []],
        bases=[{"base": OASIS, "buried": [{"card": "aliens/scout", "controller": 1}]}, BRAIN],
        plays={"minion": 1, "action": 1})
    play(game, f"play {SPIES}/mindraker#1")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert known(game, 0) == ["aliens/invader#1", "aliens/scout#1", "pirates/cannon#1"]
    assert where(game, "robots/zapbot#1") == "hand:0"
    assert game.state.action_plays == 1  # the extra action
    assert known(game, 1) == []


def test_mindraker_may_leave_face_down_cards_unseen():
    game = scenario(
        hands=[[f"{SPIES}/mindraker"], []],
        bases=[{"base": OASIS, "buried": [{"card": "aliens/scout", "controller": 1}]}, BRAIN])
    play(game, f"play {SPIES}/mindraker#1", "no")
    assert known(game, 0) == []


def test_mindraker_several_cards_of_one_player_may_be_rearranged():
    """Clarification: after you look at several buried or stored cards of the same place,
    their controller may rearrange them so you cannot tell which is which. Ruling: the engine
    then forgets them for the looker."""
    game = scenario(
        hands=[[f"{SPIES}/mindraker"], []],
        bases=[{"base": OASIS, "buried": [{"card": "aliens/scout", "controller": 1},
                                          {"card": "aliens/invader", "controller": 1}]},
               BRAIN])
    play(game, f"play {SPIES}/mindraker#1", "yes")
    assert decision(game) == (1, "may")
    play(game, "yes")
    assert known(game, 0) == []
    game = scenario(
        hands=[[f"{SPIES}/mindraker"], []],
        bases=[{"base": OASIS, "buried": [{"card": "aliens/scout", "controller": 1},
                                          {"card": "aliens/invader", "controller": 1}]},
               BRAIN])
    play(game, f"play {SPIES}/mindraker#1", "yes", "no")
    assert known(game, 0) == ["aliens/invader#1", "aliens/scout#1"]


def test_mindraker_looks_under_a_card_at_stored_cards():
    """Stored cards are looked at a place at a time (those under one card): only the player
    of Mindraker learns them; a single card of a player is not rearranged."""
    game = scenario(
        hands=[[f"{SPIES}/mindraker"], []],
        bases=[{"base": OASIS, "minions": [m("aliens/invader", 1, stored=["pirates/cannon"])]},
               BRAIN])
    play(game, f"play {SPIES}/mindraker#1")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert known(game, 0) == ["pirates/cannon#1"]
    assert decision(game) == (0, "main")


# ---- Permit to Kill --------------------------------------------------------------------------


def test_permit_to_kill_discards_revealed_minions_and_pays_counters():
    game = board(players=3, oasis=[m("aliens/invader"), m("aliens/scout")],
                 hands=[[f"{SPIES}/permit-to-kill"], [], []],
                 decks=[[], ["ninjas/shinobi", "robots/zapbot", "pirates/cannon"],
                        ["pirates/swashbuckling", "zombies/grave-robbing", "aliens/collector"]])
    play(game, f"play {SPIES}/permit-to-kill#1")
    assert where(game, "ninjas/shinobi#1") == "discard:1"
    assert where(game, "robots/zapbot#1") == "discard:1"
    # player 2 revealed two actions: put back in the order chosen, seen by all
    assert decision(game) == (0, "arrange")
    play(game, "zombies/grave-robbing#1")
    assert game.state.decks[2][:2] == ids(game, "zombies/grave-robbing#1",
                                          "pirates/swashbuckling#1")
    assert "zombies/grave-robbing#1" in known(game, 1)
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:1")
    # two minions discarded: four counters, each on a minion of the player's choice
    play(game, "aliens/invader#1", "aliens/invader#1", "aliens/scout#1", "aliens/invader#1")
    assert power(game, "aliens/invader#1") == 6
    assert power(game, "aliens/scout#1") == 4


def test_permit_to_kill_choosing_a_player_who_lost_nothing_gives_nothing():
    game = board(oasis=[m("aliens/invader")], hands=[[f"{SPIES}/permit-to-kill"], []],
                 decks=[[], ["pirates/cannon"]])
    play(game, f"play {SPIES}/permit-to-kill#1")
    assert decision(game) == (0, "main")
    assert power(game, "aliens/invader#1") == 3


# ---- The Base is Not Enough ------------------------------------------------------------------


def test_the_base_is_not_enough_steals_a_minion_for_the_scoring():
    """Core interaction (control-changed minions): the stolen minion's power counts for its
    new controller when the base scores. Only other players' minions of power 3 or less there
    are offered."""
    game = scoring([m("dinosaurs/king-rex"), m("aliens/scout"), m("robots/zapbot"),
                    m("dinosaurs/lasertops", 1)],
                   [[], [f"{SPIES}/the-base-is-not-enough"]])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    play(game, f"special {SPIES}/the-base-is-not-enough#1")
    assert options(game) == ["aliens/scout#1", "robots/zapbot#1"]
    play(game, "aliens/scout#1")
    # 9 against 7: player 0 still wins, but the Scout counted for player 1 (4 + 3 = 7)
    assert game.state.controller[card_id(game, "aliens/scout#1")] == 1
    pass_until_main(game)
    assert game.state.vp == [2, 0]


def test_the_base_is_not_enough_control_counts_for_the_scoring_and_ends_with_the_turn():
    """Core interaction: a stolen First Mate wins the base for its new controller, who then
    moves it away; control goes back to its owner at the end of the turn."""
    game = scoring([m("dinosaurs/lasertops"), m("pirates/first-mate"), m("dinosaurs/king-rex", 1)],
                   [[], [f"{SPIES}/the-base-is-not-enough"]])
    play(game, "end")
    play(game, f"special {SPIES}/the-base-is-not-enough#1")  # the First Mate is the only target
    mate = card_id(game, "pirates/first-mate#1")
    # player 1 had 9 power against 4: they won
    assert game.state.vp == [0, 2]
    assert decision(game) == (1, "me_first")
    play(game, "trigger pirates/first-mate#1")  # the only other base: no choice
    assert where(game, "pirates/first-mate#1") == f"minion@base:{BRAIN}"
    # nothing else to decide: the turn ended, and control went back as it ended
    assert decision(game) == (1, "main")
    assert game.state.controller[mate] == 0
    kinds = [e["kind"] for e in game.events]
    assert kinds.index("end_turn") < kinds.index("control") < kinds.index("start_turn")


def test_the_base_is_not_enough_played_in_the_play_phase_does_nothing():
    game = board(oasis=[m("aliens/scout", 1)], hands=[[f"{SPIES}/the-base-is-not-enough"], []])
    play(game, f"play {SPIES}/the-base-is-not-enough#1")
    assert game.state.controller[card_id(game, "aliens/scout#1")] == 1


# ---- The Spy Who Ditched Me ------------------------------------------------------------------


def test_the_spy_who_ditched_me_strong_discard_gives_no_counters():
    game = board(oasis=[m("aliens/scout")], hands=[[f"{SPIES}/the-spy-who-ditched-me"],
                                                   ["aliens/invader", "robots/zapbot"]])
    play(game, f"play {SPIES}/the-spy-who-ditched-me#1")
    assert decision(game) == (1, "discard")
    play(game, "aliens/invader#1")
    assert power(game, "aliens/scout#1") == 3


def test_the_spy_who_ditched_me_weak_discard_gives_counters():
    game = board(oasis=[m("aliens/scout"), m("aliens/invader", 1)],
                 brain=[m("robots/zapbot")],
                 hands=[[f"{SPIES}/the-spy-who-ditched-me"], ["aliens/invader", "robots/zapbot"]])
    play(game, f"play {SPIES}/the-spy-who-ditched-me#1", "robots/zapbot#1")
    assert power(game, "aliens/scout#1") == 4
    assert power(game, "robots/zapbot#2") == 4  # 2, +1 counter, +1 The Central Brain
    assert power(game, "aliens/invader#2") == 3


def test_the_spy_who_ditched_me_a_hand_without_minions_is_shown_to_all():
    game = board(players=3, oasis=[m("aliens/scout")],
                 hands=[[f"{SPIES}/the-spy-who-ditched-me"], ["pirates/cannon"],
                        ["dinosaurs/king-rex"]])
    play(game, f"play {SPIES}/the-spy-who-ditched-me#1")
    assert "pirates/cannon#1" in known(game, 2)
    # player 2 discarded a strong minion, but player 1 discarded none: counters
    assert where(game, "dinosaurs/king-rex#1") == "discard:2"
    assert power(game, "aliens/scout#1") == 4


# ---- ISI's Swingin' Pad ----------------------------------------------------------------------


def pad_board(**fields: Any) -> Game:
    fields.setdefault("hands", [["aliens/invader", "aliens/scout"], []])
    fields.setdefault("decks", [[], ["ninjas/shinobi", "robots/zapbot", "pirates/cannon",
                                     "dinosaurs/king-rex"]])
    return scenario(bases=[PAD, OASIS], plays={"minion": 2, "action": 1}, **fields)


def test_isis_swingin_pad_first_minion_looks_at_cards_equal_to_its_printed_power():
    """Ruling: another player's deck may be put back in any order (unlike Informant)."""
    game = pad_board()
    play(game, f"play aliens/invader#1 @ base:{PAD}")
    assert decision(game) == (0, "may")
    play(game, "yes")  # only player 1's deck has cards
    assert options(game) == ["ninjas/shinobi#1", "robots/zapbot#1", "pirates/cannon#1"]
    play(game, "pirates/cannon#1", "ninjas/shinobi#1")
    assert game.state.decks[1] == ids(game, "pirates/cannon#1", "ninjas/shinobi#1",
                                      "robots/zapbot#1", "dinosaurs/king-rex#1")
    assert known(game, 1) == []
    # the second minion played here this turn does nothing
    play(game, f"play aliens/scout#1 @ base:{PAD}")
    assert decision(game) == (0, "main")


def test_isis_swingin_pad_may_be_declined_and_still_counts_as_the_first():
    game = pad_board()
    play(game, f"play aliens/invader#1 @ base:{PAD}", "no")
    play(game, f"play aliens/scout#1 @ base:{PAD}")
    assert decision(game) == (0, "main")
    assert known(game, 0) == []


def test_isis_swingin_pad_minion_elsewhere_does_nothing():
    game = pad_board()
    play(game, f"play aliens/invader#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")


# ---- Secret Volcano Headquarters -------------------------------------------------------------


def test_secret_volcano_headquarters_plays_revealed_minions_there_before_scoring():
    """Ruling: each player with a minion there, the current player first; a minion played
    this way counts as played off the top of a deck; a non-minion stays on top, seen by all."""
    game = scenario(bases=[{"base": VOLCANO, "minions": [m("dinosaurs/king-rex", counters=6),
                                                         m("aliens/scout", 1, counters=5)]},
                           OASIS],
                    decks=[["aliens/invader", "ninjas/shinobi"], ["pirates/cannon"]])
    play(game, "end")
    played = [e for e in game.events if e["kind"] == "played"]
    assert [game.state.names[e["card"]] for e in played] == ["aliens/invader#1"]
    assert played[0]["src"] == "deck"
    assert game.state.vp[0] == 4 + 1  # first place, and the Invader's own VP
    assert where(game, "pirates/cannon#1") == "deck:1"
    assert "pirates/cannon#1" in known(game, 0)


def test_secret_volcano_headquarters_skips_players_without_a_minion_there():
    game = scenario(bases=[{"base": VOLCANO, "minions": [m("dinosaurs/king-rex", counters=11)]},
                           OASIS],
                    decks=[["ninjas/shinobi"], ["aliens/invader"]])
    play(game, "end")
    played = [game.state.names[e["card"]] for e in game.events if e["kind"] == "played"]
    assert played == ["ninjas/shinobi#1"]
    assert where(game, "aliens/invader#1") == "deck:1"
