"""Extramorphs (Excellent Movies, Dudes!) and their bases Ancient Crashed Ship and Brood Hive:
each card's ability, scripted strictly on a described board. Rulings the texts leave open are
stated in the docstrings (and in the module docstrings of cards/emd/extramorphs.py and the
Extramorphs section of cards/emd/bases.py)."""

from __future__ import annotations

import json
from typing import Any

from smashup import Game
from smashup.cli.main import main
from smashup.engine.core.defs import REGISTRY
from smashup.testing import (
    base_power,
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    power,
    scenario,
    where,
)
from smashup.tui.view import card_details

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
SHIP = "ancient-crashed-ship"
HIVE = "brood-hive"

XM = "extramorphs"
QUEEN = f"{XM}/hive-queen"
LIFE_FORM = f"{XM}/alien-life-form"
DRONE = f"{XM}/extradrone"
CHEST = f"{XM}/chestbreaker"
ENCOUNTERS = f"{XM}/close-encounters"
DISTRESS = f"{XM}/distress-call"
EGG = f"{XM}/egg-field"
FIVE = f"{XM}/five-by-five"
GAME_OVER = f"{XM}/game-over-dude"
GRABBER = f"{XM}/head-grabber"
NUKE = f"{XM}/nuke-it-from-orbit"
TIME_TO_GO = f"{XM}/time-to-go"

WALKER = "zombies/walker"  # power 2
INVADER = "aliens/invader"  # power 3
SCOUT = "aliens/scout"  # power 3
KING = "dinosaurs/king-rex"  # power 7
WARBOT = "robots/warbot"  # power 4, cannot be destroyed
TRICKSTER_GNOME = "tricksters/gnome"  # power 3
DISENCHANT = "tricksters@original/disenchant"  # destroy an action


def theirs(card: str, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": 1, **more}


def board(oasis: list[Any] | None = None, brain: list[Any] | None = None,
          first: str = OASIS, second: str = BRAIN, **fields: Any) -> Game:
    """Player 0 to play, with two bases in play (Jungle Oasis and The Central Brain unless
    named otherwise); ``oasis``/``brain`` are their minions (or whole base objects)."""
    fields.setdefault("hands", [[], []])
    bases = []
    for key, content in ((first, oasis), (second, brain)):
        if isinstance(content, dict):
            bases.append({"base": key, **content})
        else:
            bases.append({"base": key, "minions": content or []})
    return scenario(bases=bases, **fields)


def names(game: Game, cards: list[int]) -> list[str]:
    return sorted(game.state.names[c] for c in cards)


def hand(game: Game, p: int = 0) -> list[str]:
    return names(game, game.state.hands[p])


def deck(game: Game, p: int = 0) -> list[str]:
    """The deck, top card first."""
    return [game.state.names[c] for c in game.state.decks[p]]


def counters(game: Game, name: str) -> int:
    return game.state.counters.get(card_id(game, name), 0)


def seen_by(game: Game, viewer: int) -> str:
    """Everything the seat ``viewer`` is given: its observation, its share of the decisions
    so far and of the last events."""
    return json.dumps([game.observation(viewer), game.history_for(viewer),
                       game.events_for(viewer)], default=str)


# ---- Hive Queen ------------------------------------------------------------------------------


def test_hive_queen_takes_an_egg_field_from_the_deck_shown_to_all_and_shuffles():
    """Ruling: the search offers the Egg Fields of the deck and of the discard pile (only the
    searcher sees them, as with Scry); one taken from the deck is shown to everyone and goes
    into the hand without counting as a draw, and the deck is then shuffled."""
    game = board(hands=[[QUEEN], []], decks=[[WALKER, EGG, INVADER], []],
                 discards=[[EGG], []])
    play(game, f"play {QUEEN}#1 @ base:{OASIS}")
    assert decision(game) == (0, "choose_card")
    assert options(game) == [f"{EGG}#1", f"{EGG}#2", "skip"]  # deck's, then discard's
    assert f"{EGG}#1" not in seen_by(game, 1)  # the other player does not see the search
    play(game, f"{EGG}#1")
    assert where(game, f"{EGG}#1") == "hand:0"
    assert card_id(game, f"{EGG}#1") in game.state.known[1]  # shown to everyone
    assert sorted(deck(game)) == sorted([INVADER + "#1", WALKER + "#1"])
    assert [ev["player"] for ev in game.state.events if ev["kind"] == "shuffled"] == [0]
    assert where(game, f"{EGG}#2") == "discard:0"


def test_hive_queen_takes_an_egg_field_from_the_discard_pile():
    game = board(hands=[[QUEEN], []], decks=[[WALKER], []], discards=[[EGG], []])
    play(game, f"play {QUEEN}#1 @ base:{OASIS}", f"{EGG}#1")
    assert hand(game) == [f"{EGG}#1"]


def test_hive_queen_search_may_be_declined_and_is_not_offered_without_an_egg_field():
    game = board(hands=[[QUEEN], []], discards=[[EGG], []])
    play(game, f"play {QUEEN}#1 @ base:{OASIS}", "skip")
    assert where(game, f"{EGG}#1") == "discard:0"
    game = board(hands=[[QUEEN], []], decks=[[WALKER], []], discards=[[INVADER], []])
    play(game, f"play {QUEEN}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")


def queen_board(**fields: Any) -> Game:
    """Hive Queen in play at The Central Brain; player 0's Egg Field on Jungle Oasis with a
    minion of each player there, and one of player 1's at The Central Brain."""
    return board(oasis={"minions": [{"card": WALKER}, theirs(INVADER)],
                        "actions": [{"card": EGG}]},
                 brain=[{"card": QUEEN}, theirs(SCOUT)], **fields)


def test_hive_queen_talent_weakens_other_players_minions_at_bases_with_your_egg_field():
    game = queen_board()
    assert options(game).count(f"use {QUEEN}#1") == 1
    play(game, f"use {QUEEN}#1")
    assert power(game, f"{INVADER}#1") == 2  # at your Egg Field's base: -1
    assert power(game, f"{WALKER}#1") == 2  # your own minion: unchanged
    assert power(game, f"{SCOUT}#1") == 4  # no Egg Field at The Central Brain (3 + 1)


def test_hive_queen_talent_lasts_after_she_leaves_and_catches_newcomers():
    """Clarification: the -1 lasts until the start of your next turn even if Hive Queen leaves
    play, and also applies to minions played at or moved to a base with your Egg Field."""
    game = queen_board(hands=[[DISTRESS], ["aliens/beam-up", TRICKSTER_GNOME]],
                       decks=[[WALKER] * 4, [WALKER] * 4])
    play(game, f"use {QUEEN}#1")
    # the Scout is moved to the Egg Field's base: it is caught there
    play(game, f"play {DISTRESS}#1", f"{SCOUT}#1")
    assert where(game, f"{SCOUT}#1") == f"minion@base:{OASIS}"
    assert power(game, f"{SCOUT}#1") == 2
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (1, "main")
    # Hive Queen leaves play: the effect stays, and a minion played there later is caught
    play(game, "play aliens/beam-up#1", f"{QUEEN}#1")
    assert where(game, f"{QUEEN}#1") == "hand:0"
    play(game, f"play {TRICKSTER_GNOME}#1 @ base:{OASIS}")
    pass_until_main(game)
    assert power(game, f"{TRICKSTER_GNOME}#1") == 2
    assert power(game, f"{INVADER}#1") == 2
    play(game, "end")
    pass_until_main(game)
    # the start of player 0's next turn ends it
    assert decision(game) == (0, "main")
    assert power(game, f"{INVADER}#1") == 3
    assert power(game, f"{TRICKSTER_GNOME}#1") == 3


def test_hive_queen_talent_follows_the_egg_field_not_the_base():
    """Ruling: "a base where you have an Egg Field" is read as the effect is asked: a base
    whose Egg Field is destroyed stops being one."""
    game = queen_board(hands=[[], [DISENCHANT]], decks=[[WALKER] * 4, [WALKER] * 4])
    play(game, f"use {QUEEN}#1", "end")
    pass_until_main(game)
    assert power(game, f"{INVADER}#1") == 2
    play(game, f"play {DISENCHANT}#1")  # the only action in play
    assert where(game, f"{EGG}#1") == "discard:0"
    assert power(game, f"{INVADER}#1") == 3


# ---- Alien Life Form -------------------------------------------------------------------------


def test_alien_life_form_may_destroy_a_small_minion_here_and_gets_no_counters_from_hand():
    """Ruling: "a minion of power 3 or less here" is any player's, measured by current power."""
    game = board(oasis=[theirs(WALKER), theirs(KING), {"card": INVADER}],
                 hands=[[LIFE_FORM], []])
    play(game, f"play {LIFE_FORM}#1 @ base:{OASIS}")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{WALKER}#1", f"{INVADER}#1", "skip"]  # King Rex is too big
    play(game, f"{WALKER}#1")
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert counters(game, f"{LIFE_FORM}#1") == 0
    assert "use" not in " ".join(options(game))  # no counter: no talent


def test_alien_life_form_destroy_may_be_declined():
    game = board(oasis=[theirs(WALKER)], hands=[[LIFE_FORM], []])
    play(game, f"play {LIFE_FORM}#1 @ base:{OASIS}", "skip")
    assert where(game, f"{WALKER}#1") == "minion@base:" + OASIS


def test_alien_life_form_off_the_top_gets_two_counters_and_moves_by_spending_one():
    """Played off the top of the deck (Game Over, Dude!, power 4): the destroy is offered, then
    two +1 counters; its talent takes one off to move it."""
    game = board(oasis=[theirs(WALKER)], hands=[[GAME_OVER], []],
                 decks=[[WALKER, LIFE_FORM, INVADER], []])
    play(game, f"play {GAME_OVER}#1", f"base:{OASIS}", "choice:power-4")
    assert decision(game) == (0, "choose_minion")
    play(game, f"{WALKER}#2")  # player 1's Walker (#1 is the one in player 0's deck)
    assert counters(game, f"{LIFE_FORM}#1") == 2
    assert power(game, f"{LIFE_FORM}#1") == 6
    play(game, f"use {LIFE_FORM}#1")  # one other base: no choice to make
    assert where(game, f"{LIFE_FORM}#1") == f"minion@base:{BRAIN}"
    assert counters(game, f"{LIFE_FORM}#1") == 1
    assert f"use {LIFE_FORM}#1" not in options(game)  # once per turn


def test_alien_life_form_cannot_destroy_a_minion_that_cannot_be_destroyed():
    """Core interaction (protection against destruction): a Warbot weakened to 0 by Poison is
    small enough but is not offered, since it cannot be destroyed."""
    game = board(oasis=[theirs(WARBOT, attached=[{"card": "ninjas/poison", "owner": 0}]),
                        theirs(WALKER)],
                 hands=[[LIFE_FORM], []])
    assert power(game, f"{WARBOT}#1") == 0
    play(game, f"play {LIFE_FORM}#1 @ base:{OASIS}")
    assert options(game) == [f"{WALKER}#1", "skip"]


# ---- Extradrone ------------------------------------------------------------------------------


def test_extradrone_moves_a_small_minion_of_another_player_and_may_follow_it():
    """Ruling: Extradrone may follow only to the base the other minion went to."""
    game = board(oasis=[theirs(INVADER), theirs(KING), {"card": WALKER}],
                 hands=[[DRONE], []])
    play(game, f"play {DRONE}#1 @ base:{OASIS}")
    assert options(game) == [f"{INVADER}#1", "skip"]  # not your own, not King Rex
    play(game, f"{INVADER}#1")  # (one other base: moved there at once)
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"
    assert where(game, f"{DRONE}#1") == f"minion@base:{BRAIN}"
    assert counters(game, f"{DRONE}#1") == 0  # played from the hand


def test_extradrone_may_stay_behind_or_move_nothing():
    game = board(oasis=[theirs(INVADER)], hands=[[DRONE], []])
    play(game, f"play {DRONE}#1 @ base:{OASIS}", f"{INVADER}#1", "no")
    assert where(game, f"{DRONE}#1") == f"minion@base:{OASIS}"
    game = board(oasis=[theirs(INVADER)], hands=[[DRONE], []])
    play(game, f"play {DRONE}#1 @ base:{OASIS}", "skip")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


def test_extradrone_off_the_top_gets_a_counter():
    game = board(hands=[[GAME_OVER], []], decks=[[DRONE, WALKER], []])
    play(game, f"play {GAME_OVER}#1", f"base:{OASIS}", "choice:power-3")
    assert where(game, f"{DRONE}#1") == f"minion@base:{OASIS}"
    assert counters(game, f"{DRONE}#1") == 1
    assert power(game, f"{DRONE}#1") == 4


def test_extradrone_moves_a_control_changed_minion_only_if_another_player_controls_it():
    """Core interaction (control): "another player's minion" is one another player controls,
    whoever owns it."""
    game = board(oasis=[{"card": INVADER, "owner": 1, "controller": 0},
                        {"card": SCOUT, "owner": 0, "controller": 1}],
                 hands=[[DRONE], []])
    play(game, f"play {DRONE}#1 @ base:{OASIS}")
    assert options(game) == [f"{SCOUT}#1", "skip"]


# ---- Chestbreaker ----------------------------------------------------------------------------


def test_chestbreaker_talent_needs_it_on_a_base_since_the_turn_began():
    game = board(hands=[[CHEST], []], decks=[[INVADER] * 3, [WALKER] * 3])
    play(game, f"play {CHEST}#1 @ base:{OASIS}")
    assert f"use {CHEST}#1" not in options(game)  # played this turn
    play(game, "end")
    pass_until_main(game)
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (0, "main")
    assert f"use {CHEST}#1" in options(game)


def test_chestbreaker_tucks_itself_then_plays_a_minion_of_the_named_power_here():
    """Clarification: the power is chosen before the minion is played off the top (the deck is
    untouched when the choice comes); Chestbreaker goes under the deck first, so it is shuffled
    in with the other revealed cards."""
    game = board(oasis=[{"card": CHEST}], decks=[[WALKER, SCOUT, WARBOT, INVADER], []])
    play(game, f"use {CHEST}#1")
    assert decision(game) == (0, "choose")
    assert options(game) == ["choice:power-3", "choice:power-4"]
    assert deck(game) == [f"{WALKER}#1", f"{SCOUT}#1", f"{WARBOT}#1", f"{INVADER}#1",
                          f"{CHEST}#1"]  # already under the deck, nothing revealed yet
    play(game, "choice:power-4")
    assert where(game, f"{WARBOT}#1") == f"minion@base:{OASIS}"
    assert sorted(deck(game)) == sorted([f"{WALKER}#1", f"{SCOUT}#1", f"{INVADER}#1",
                                         f"{CHEST}#1"])


def test_chestbreaker_with_no_minion_of_that_power_plays_nothing():
    game = board(oasis=[{"card": CHEST}], decks=[[WALKER, SCOUT], []])
    play(game, f"use {CHEST}#1", "choice:power-4")
    assert sorted(deck(game)) == sorted([f"{CHEST}#1", f"{SCOUT}#1", f"{WALKER}#1"])
    assert game.state.minions[0] == []


def test_chestbreaker_moved_this_turn_still_counts_as_on_a_base_since_it_began():
    """Ruling (guide §4.3): "on a base", not "on this base": a move keeps the condition; the
    minion is played where Chestbreaker is now."""
    game = board(oasis=[{"card": CHEST}], hands=[[DISTRESS], []], decks=[[INVADER], []])
    play(game, f"play {DISTRESS}#1")  # the only minion, to the only other base
    assert where(game, f"{CHEST}#1") == f"minion@base:{BRAIN}"
    play(game, f"use {CHEST}#1", "choice:power-3")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"


# ---- Close Encounters, Distress Call, Five by Five, Time to Go --------------------------------


def test_close_encounters_draws_may_put_a_card_back_and_gives_an_extra_action():
    """Ruling: any card of the hand may go back, the one just drawn included; only its player
    learns which card is now on top of the deck."""
    game = board(hands=[[ENCOUNTERS, SCOUT], []], decks=[[INVADER, WALKER], []],
                 plays={"minion": 1, "action": 1})
    play(game, f"play {ENCOUNTERS}#1")
    assert hand(game) == [f"{INVADER}#1", f"{SCOUT}#1"]
    assert options(game) == [f"{SCOUT}#1", f"{INVADER}#1", "skip"]
    play(game, f"{SCOUT}#1")
    assert deck(game) == [f"{SCOUT}#1", f"{WALKER}#1"]
    assert game.state.action_plays == 1  # the extra action
    # only player 0 knows which card went back
    assert card_id(game, f"{SCOUT}#1") in game.state.known[0]
    assert f"{SCOUT}#1" not in seen_by(game, 1)


def test_close_encounters_put_back_may_be_declined():
    game = board(hands=[[ENCOUNTERS], []], decks=[[INVADER], []])
    play(game, f"play {ENCOUNTERS}#1", "skip")
    assert hand(game) == [f"{INVADER}#1"]
    assert game.state.action_plays == 1


def test_close_encounters_puts_a_card_another_player_owns_on_your_own_deck():
    """Ruling (as the Vikings' clarifications say of their deck-top cards): a card you hold
    that another player owns goes on top of *your* deck and stays there; it returns to its
    owner only when it goes to a discard pile."""
    game = board(hands=[[ENCOUNTERS, {"card": SCOUT, "owner": 1}], []], decks=[[INVADER], []])
    play(game, f"play {ENCOUNTERS}#1", f"{SCOUT}#1")
    assert deck(game) == [f"{SCOUT}#1"]
    assert deck(game, 1) == []
    assert game.state.owner[card_id(game, f"{SCOUT}#1")] == 1


def test_distress_call_moves_any_minion():
    game = board(oasis=[theirs(KING)], hands=[[DISTRESS], []])
    play(game, f"play {DISTRESS}#1")  # the only minion, to the only other base
    assert where(game, f"{KING}#1") == f"minion@base:{BRAIN}"


def test_five_by_five_draws_five_and_stacks_five_in_the_chosen_order():
    """Ruling: the first card chosen becomes the top card; only the player knows them."""
    game = board(hands=[[FIVE, SCOUT], []],
                 decks=[[INVADER, WALKER, KING, WARBOT, LIFE_FORM, DRONE], []])
    play(game, f"play {FIVE}#1")
    assert len(game.state.hands[0]) == 6
    play(game, f"{SCOUT}#1", f"{KING}#1", f"{WALKER}#1", f"{WARBOT}#1", f"{INVADER}#1")
    assert deck(game) == [f"{SCOUT}#1", f"{KING}#1", f"{WALKER}#1", f"{WARBOT}#1",
                          f"{INVADER}#1", f"{DRONE}#1"]
    assert hand(game) == [f"{LIFE_FORM}#1"]
    for name in (SCOUT, KING, WALKER, WARBOT, INVADER):
        assert card_id(game, f"{name}#1") in game.state.known[0]
        assert card_id(game, f"{name}#1") not in game.state.known[1]
    assert f"{KING}#1" not in seen_by(game, 1)
    assert f"{KING}#1" in seen_by(game, 0)  # (the player's own log names it)


def test_five_by_five_with_a_short_deck_puts_back_what_the_hand_holds():
    game = board(hands=[[FIVE], []], decks=[[INVADER, WALKER], []])
    play(game, f"play {FIVE}#1", f"{WALKER}#1")
    assert deck(game) == [f"{WALKER}#1", f"{INVADER}#1"]
    assert hand(game) == []


def test_time_to_go_shuffles_up_to_three_discarded_cards_into_the_deck():
    """"Up to three": any number from none to three, picked one at a time."""
    game = board(hands=[[TIME_TO_GO], []], discards=[[INVADER, WALKER, KING, SCOUT], []])
    play(game, f"play {TIME_TO_GO}#1", f"{KING}#1", f"{SCOUT}#1", f"{WALKER}#1")
    assert sorted(deck(game)) == sorted([f"{KING}#1", f"{SCOUT}#1", f"{WALKER}#1"])
    assert names(game, game.state.discards[0]) == [f"{INVADER}#1", f"{TIME_TO_GO}#1"]
    game = board(hands=[[TIME_TO_GO], []], discards=[[INVADER], []])
    play(game, f"play {TIME_TO_GO}#1", "done")
    assert deck(game) == []


# ---- Egg Field and Head Grabber ----------------------------------------------------------------


def test_egg_field_plays_a_head_grabber_from_the_deck_on_a_small_minion_here():
    """Ruling: the Head Grabbers of the deck are offered like a search (only the player sees
    them); one played from the deck leaves the deck shuffled. "Power 3 or less" is current
    power."""
    game = board(oasis=[theirs(WALKER), theirs(WARBOT)], hands=[[EGG], []],
                 decks=[[INVADER, GRABBER, SCOUT], []])
    play(game, f"play {EGG}#1 @ base:{OASIS}")
    assert decision(game) == (0, "play_extra")
    assert options(game) == [f"play {GRABBER}#1 on {WALKER}#1", "skip"]  # not the Warbot (4)
    assert f"{GRABBER}#1" not in seen_by(game, 1)  # still in the deck, unseen
    play(game, f"play {GRABBER}#1 on {WALKER}#1")
    assert where(game, f"{GRABBER}#1") == f"on:{WALKER}#1"
    assert sorted(deck(game)) == sorted([f"{INVADER}#1", f"{SCOUT}#1"])
    assert [ev["player"] for ev in game.state.events if ev["kind"] == "shuffled"] == [0]
    assert game.state.action_plays == 0  # the Egg Field used the action; the Grabber is extra


def test_egg_field_head_grabber_may_come_from_hand_or_discard_or_be_declined():
    game = board(oasis=[{"card": WALKER}], hands=[[EGG, GRABBER], []],
                 discards=[[GRABBER], []])
    play(game, f"play {EGG}#1 @ base:{OASIS}")
    assert options(game) == [f"play {GRABBER}#1 on {WALKER}#1",
                             f"play {GRABBER}#2 on {WALKER}#1", "skip"]
    play(game, "skip")
    assert hand(game) == [f"{GRABBER}#1"]
    game = board(oasis=[{"card": WALKER}], hands=[[EGG], []], discards=[[GRABBER], []])
    play(game, f"play {EGG}#1 @ base:{OASIS}", f"play {GRABBER}#1 on {WALKER}#1")
    assert where(game, f"{GRABBER}#1") == f"on:{WALKER}#1"


def test_egg_field_without_a_target_asks_nothing():
    game = board(oasis=[theirs(KING)], hands=[[EGG, GRABBER], []])
    play(game, f"play {EGG}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")


def test_egg_field_talent_plays_a_minion_of_power_two_or_less_off_the_top_here():
    game = board(oasis={"actions": [{"card": EGG}]}, decks=[[KING, SCOUT, CHEST, WALKER], []])
    play(game, f"use {EGG}#1")
    assert where(game, f"{CHEST}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{WALKER}#1") == "deck:0"  # not revealed: it came after Chestbreaker
    assert sorted(deck(game)) == sorted([f"{KING}#1", f"{SCOUT}#1", f"{WALKER}#1"])


def test_head_grabber_is_marked_provisional_wherever_its_text_is_shown(capsys):
    """Head Grabber has no official text (guide §7.1): our reconstruction is marked in `smashup
    cards` (text: before its text; --json: a key "provisional", the text itself unchanged), in
    the terminal game's card details and in observations."""
    grabber = REGISTRY.cards[GRABBER]
    assert grabber.provisional and not REGISTRY.cards[EGG].provisional
    assert main(["cards", "--json"]) == 0
    listed = {c["key"]: c for c in json.loads(capsys.readouterr().out)["cards"]}
    assert listed[GRABBER]["provisional"] is True and listed[EGG]["provisional"] is False
    assert listed[GRABBER]["text"] == grabber.text
    assert {"set", "faction", "faction_key", "name", "key", "type", "power", "copies",
            "text"} < set(listed[GRABBER])
    assert main(["cards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    marked = [line for line in lines if "(provisional text)" in line]
    assert len(marked) == 1 and "Head Grabber" in marked[0]
    assert "(provisional text)" in card_details(f"{GRABBER}#1")
    assert "(provisional text)" not in card_details(f"{EGG}#1")
    game = board(oasis=[{"card": WALKER, "attached": [{"card": GRABBER}]}])
    minion = game.observation(0)["bases"][0]["minions"][0]
    assert minion["attached"][0]["text"].startswith("(provisional text)")


def test_head_grabber_plays_only_on_a_minion_of_power_three_or_less():
    game = board(oasis=[theirs(WALKER), theirs(KING)], hands=[[GRABBER], []])
    assert [o for o in options(game) if GRABBER in o] == [f"play {GRABBER}#1 on {WALKER}#1"]


def test_head_grabber_on_your_minion_destroys_it_to_hatch_a_minion_of_the_named_power():
    game = board(oasis=[{"card": WALKER}], hands=[[GRABBER], []],
                 decks=[[SCOUT, KING, INVADER], []])
    play(game, f"play {GRABBER}#1 on {WALKER}#1")
    assert f"use {GRABBER}#1" in options(game)  # on your own minion: usable at once
    play(game, f"use {GRABBER}#1")
    assert where(game, f"{WALKER}#1") == "discard:0"
    assert where(game, f"{GRABBER}#1") == "discard:0"
    assert options(game) == [f"choice:power-{n}" for n in range(5)]
    play(game, "choice:power-3")
    assert where(game, f"{SCOUT}#1") == f"minion@base:{OASIS}"


def test_head_grabber_on_another_players_minion_waits_a_turn():
    """Ruling (guide §7.1 reconstruction): on another player's minion the talent needs Head
    Grabber to have been in play since the turn began."""
    game = board(oasis=[theirs(WALKER)], hands=[[GRABBER], []],
                 decks=[[SCOUT, SCOUT, INVADER], [KING] * 4])
    play(game, f"play {GRABBER}#1 on {WALKER}#1")
    assert f"use {GRABBER}#1" not in options(game)
    play(game, "end")
    pass_until_main(game)
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (0, "main")
    play(game, f"use {GRABBER}#1", "choice:power-3")
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_head_grabber_on_a_minion_that_cannot_be_destroyed_offers_no_talent():
    """Ruling: destroying the host pays for the rest ("to"); a host that cannot be destroyed
    (Warbot) makes the talent unusable, so it is not offered."""
    game = board(oasis=[{"card": WARBOT, "attached": [{"card": GRABBER}]}],
                 decks=[[INVADER], []])
    assert f"use {GRABBER}#1" not in options(game)


def test_head_grabber_clarification_power_is_chosen_before_the_reveal():
    """Clarification (listed with Head Grabber): the power is chosen before the minion is
    played off the top of the deck; an exact match is needed."""
    game = board(oasis=[{"card": WALKER, "attached": [{"card": GRABBER}]}],
                 decks=[[KING, INVADER, LIFE_FORM], []])
    play(game, f"use {GRABBER}#1")
    assert deck(game) == [f"{KING}#1", f"{INVADER}#1", f"{LIFE_FORM}#1"]  # nothing revealed yet
    play(game, "choice:power-4")
    assert where(game, f"{LIFE_FORM}#1") == f"minion@base:{OASIS}"
    assert sorted(deck(game)) == sorted([f"{INVADER}#1", f"{KING}#1"])


# ---- Game Over, Dude! -------------------------------------------------------------------------


def test_game_over_dude_names_a_base_and_a_power_then_hatches_there():
    game = board(hands=[[GAME_OVER], []], decks=[[KING, WALKER, INVADER, SCOUT], []])
    play(game, f"play {GAME_OVER}#1")
    assert options(game) == [f"base:{OASIS}", f"base:{BRAIN}"]
    play(game, f"base:{BRAIN}")
    assert options(game) == [f"choice:power-{n}" for n in range(5)]
    assert deck(game)[0] == f"{KING}#1"  # the power is chosen before anything is revealed
    play(game, "choice:power-3")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"
    assert sorted(deck(game)) == sorted([f"{KING}#1", f"{SCOUT}#1", f"{WALKER}#1"])
    assert game.state.minion_plays == 1  # an extra minion: the normal play is still there


def test_game_over_dude_clarification_chestbreaker_rules_power_first_exact_match():
    """Clarification (listed with Game Over, Dude!): the power is chosen before playing off the
    top; a minion of another power is revealed and shuffled back, not played."""
    game = board(hands=[[GAME_OVER], []], decks=[[WALKER, CHEST, INVADER], []])
    play(game, f"play {GAME_OVER}#1", f"base:{OASIS}", "choice:power-1")
    assert game.state.minions[0] == []
    assert sorted(deck(game)) == sorted([f"{CHEST}#1", f"{INVADER}#1", f"{WALKER}#1"])


def test_game_over_dude_hatched_minion_that_cannot_be_played_there_is_discarded():
    """Guide §4.2, core interaction: a revealed minion that cannot be played is discarded
    instead; Overrun keeps other players' minions off its base."""
    game = board(oasis={"actions": [theirs("zombies/overrun", owner=1)]},
                 hands=[[GAME_OVER], []], decks=[[WALKER, WARBOT, SCOUT], []])
    play(game, f"play {GAME_OVER}#1", f"base:{OASIS}", "choice:power-4")
    assert where(game, f"{WARBOT}#1") == "discard:0"
    assert game.state.minions[0] == []
    assert sorted(deck(game)) == sorted([f"{WALKER}#1", f"{SCOUT}#1"])


# ---- Nuke It From Orbit ----------------------------------------------------------------------


def test_nuke_it_from_orbit_needs_a_turn_on_the_base():
    game = board(hands=[[NUKE], []], decks=[[WALKER] * 4, [WALKER] * 4])
    play(game, f"play {NUKE}#1 @ base:{OASIS}")
    assert f"use {NUKE}#1" not in options(game)


def test_nuke_it_from_orbit_destroys_its_base_and_everything_there_then_goes_to_the_box():
    game = board(oasis={"minions": [{"card": WALKER,
                                     "attached": [{"card": "ninjas/poison", "owner": 1}]},
                                    theirs(KING)],
                        "actions": [{"card": NUKE}, theirs("zombies/overrun", owner=1)]},
                 brain=[theirs(SCOUT)], base_deck=["tortuga"])
    play(game, f"use {NUKE}#1")
    assert where(game, f"{NUKE}#1") == "box"
    assert where(game, f"{WALKER}#1") == "discard:0"
    assert where(game, f"{KING}#1") == "discard:1"
    assert where(game, "ninjas/poison#1") == "discard:1"
    assert where(game, "zombies/overrun#1") == "discard:1"
    assert where(game, f"{SCOUT}#1") == f"minion@base:{BRAIN}"
    g = game.state
    assert [g.base_names[b] for b in g.bases] == ["base:tortuga", f"base:{BRAIN}"]
    assert g.vp == [0, 0]  # nobody scores a destroyed base
    assert f"base:{OASIS}" in [g.base_names[b] for b in g.base_discard]


def test_nuke_it_from_orbit_destroyed_without_its_talent_goes_to_the_discard_pile():
    """Clarification: if Nuke It From Orbit leaves play without using its talent, it does not
    go to the box."""
    game = board(oasis={"actions": [{"card": NUKE}]}, hands=[[], [DISENCHANT]], current=1)
    play(game, f"play {DISENCHANT}#1")  # the only action in play
    assert where(game, f"{NUKE}#1") == "discard:0"


def test_nuke_it_from_orbit_spares_a_minion_it_cannot_destroy_but_the_base_still_goes():
    """Core interaction (protection): Warbot cannot be destroyed, so it is not destroyed, but it
    is discarded with its base like any card left there."""
    game = board(oasis={"minions": [theirs(WARBOT)], "actions": [{"card": NUKE}]},
                 base_deck=["tortuga"])
    play(game, f"use {NUKE}#1")
    assert where(game, f"{WARBOT}#1") == "discard:1"
    assert where(game, f"{NUKE}#1") == "box"


# ---- Ancient Crashed Ship --------------------------------------------------------------------


def test_ancient_crashed_ship_gives_no_counter_to_a_minion_from_your_hand():
    game = board(first=SHIP, hands=[[WALKER], []])
    play(game, f"play {WALKER}#1 @ base:{SHIP}")
    assert counters(game, f"{WALKER}#1") == 0


def test_ancient_crashed_ship_counters_a_minion_played_off_the_top_of_a_deck():
    game = board(first=SHIP, hands=[[GAME_OVER], []], decks=[[INVADER], []])
    play(game, f"play {GAME_OVER}#1", f"base:{SHIP}", "choice:power-3")
    assert counters(game, f"{INVADER}#1") == 1
    assert power(game, f"{INVADER}#1") == 4


def test_ancient_crashed_ship_clarification_from_a_discard_pile_or_stasis():
    """Clarification: "from anywhere except your hand" includes a discard pile and stasis."""
    game = board(first=SHIP, hands=[["zombies/they-keep-coming"], []],
                 discards=[[WALKER], []])
    play(game, "play zombies/they-keep-coming#1", f"play {WALKER}#1 @ base:{SHIP}")
    assert counters(game, f"{WALKER}#1") == 1
    game = board(first=SHIP, stasis=[[{"card": INVADER, "stasis": 0}], []])
    play(game, f"play {INVADER}#1 @ base:{SHIP}")
    assert counters(game, f"{INVADER}#1") == 1


def test_ancient_crashed_ship_clarification_an_uncovered_minion():
    """Clarification: "from anywhere except your hand" includes being buried: a minion
    uncovered at the start of the turn is played here from beside the base."""
    game = scenario(bases=[{"base": SHIP, "buried": [{"card": INVADER, "controller": 0}]},
                           OASIS], phase="start")
    play(game, "trigger rule:uncover")
    assert where(game, f"{INVADER}#1") == f"minion@base:{SHIP}"
    assert counters(game, f"{INVADER}#1") == 1


def test_ancient_crashed_ship_clarification_each_minion_played_gets_its_own_counter():
    """Clarification: a trigger works each time its event happens: two minions arriving here
    from elsewhere than the hand in one turn get one counter each. (The engine plays cards one
    at a time, so minions "played at the same time" are this case.)"""
    game = board(first=SHIP, hands=[[GAME_OVER, "zombies/they-keep-coming"], []],
                 decks=[[INVADER, SCOUT], []], discards=[[WALKER], []],
                 plays={"minion": 1, "action": 2})
    play(game, f"play {GAME_OVER}#1", f"base:{SHIP}", "choice:power-3")
    play(game, "play zombies/they-keep-coming#1", f"play {WALKER}#1 @ base:{SHIP}")
    play(game, "choice:keep")  # the Walker's own ability first, then the base's counter
    assert counters(game, f"{INVADER}#1") == 1
    assert counters(game, f"{WALKER}#1") == 1
    assert base_power(game, SHIP, 0) == 7


# ---- Brood Hive ------------------------------------------------------------------------------


STEGO = "dinosaurs/armor-stego"  # power 3, +2 during other players' turns
RAPTOR = "dinosaurs/war-raptor"  # power 2, +1 per other War Raptor with it


def hive_game() -> Game:
    """Three players; Brood Hive (breakpoint 22, VP 4/2/1) scores at the end of player 1's
    turn: player 0 and player 1 have 7 power there each, player 2 has 10."""
    minions = [{"card": KING, "controller": 0}, {"card": KING, "controller": 1},
               {"card": STEGO, "controller": 2}, {"card": KING, "controller": 2}]
    return scenario(players=3, bases=[{"base": HIVE, "minions": minions}, OASIS, BRAIN,
                                      "tortuga"],
                    decks=[[WARBOT, WALKER, WALKER], [RAPTOR, WALKER, WALKER],
                           [WARBOT, WALKER, WALKER]], current=1)


def test_brood_hive_asks_each_player_with_a_minion_from_the_current_players_left():
    """Each player with a minion there, starting on the current player's left and ending with
    the current player, decides before revealing (guide §4.2) whether to play a minion off the
    top of their deck there."""
    game = hive_game()
    play(game, "end")
    order = []
    for answer in ("yes", "no", "yes"):
        assert decision(game)[1] == "may"
        order.append(decision(game)[0])
        play(game, answer)
    assert order == [2, 0, 1]  # player 1's left is player 2, then round to player 1
    # player 2 hatched a Warbot, player 0 declined, player 1 hatched a War Raptor (2): 9 beats
    # player 0's 7, so the base scores 1 / 2 / 4 (without it they would tie for second)
    assert game.state.vp == [1, 2, 4]
    assert where(game, f"{WARBOT}#2") == "discard:2"  # played there, cleared with the base
    assert where(game, f"{RAPTOR}#1") == "discard:1"
    assert where(game, f"{WARBOT}#1") == "deck:0"


def test_brood_hive_skips_a_player_without_a_minion_there():
    game = scenario(players=2, bases=[{"base": HIVE, "minions": [
        {"card": KING, "controller": 0}, {"card": KING, "controller": 0},
        {"card": KING, "controller": 0}, {"card": STEGO, "controller": 0}]}, OASIS, BRAIN],
        decks=[[WARBOT, WALKER, WALKER], [WARBOT, WALKER, WALKER]])
    play(game, "end")
    assert decision(game) == (0, "may")  # player 1 (on the left) has no minion there
    play(game, "yes")
    assert game.state.vp == [4, 0]
    assert where(game, f"{WARBOT}#1") == "discard:0"  # played there, then scored with it
    assert where(game, f"{WARBOT}#2") == "deck:1"
