"""Vikings (Oops, You Did It Again) and their bases Drakkar and Longhouse: each card's ability,
scripted strictly on a described board. Cards held by a player who does not own them are
``engine/mechanics/borrowed.py`` (guide §4.10); the rulings are listed in the modules'
docstrings."""

import json
import random
import re

from smashup import Game
from smashup.engine.api.invariants import check_invariants
from smashup.engine.api.views import visible_to
from smashup.narrate import Narrator
from smashup.testing import (
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

VK = "vikings"
VALKYRIE = f"{VK}/valkyrie"
RAIDER = f"{VK}/raider"
MAIDEN = f"{VK}/shield-maiden"
HUSCARL = f"{VK}/huscarl"
BERSERK = f"{VK}/berserk"
RUNES = f"{VK}/cast-the-runes"
TRAINING = f"{VK}/combat-training"
PILLAGE = f"{VK}/pillage"
PARTY = f"{VK}/raiding-party"
RANSACK = f"{VK}/ransack"
TRIBUTE = f"{VK}/tribute"
FUNERAL = f"{VK}/viking-funeral"

DRAKKAR = "drakkar"  # breakpoint 21
LONGHOUSE = "longhouse"  # breakpoint 25
OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
TORTUGA = "tortuga"  # breakpoint 21

REX = "dinosaurs/king-rex"  # power 7, no ability
UPGRADE = "dinosaurs/upgrade"  # on a minion: +2 power
INVADER = "aliens/invader"  # power 3; on play, 1 VP
COLLECTOR = "aliens/collector"  # power 2
SUMMON = "wizards/summon"  # a standard action: an extra minion play
JAMMED = "aliens/jammed-signal"  # an action played on a base
WALKER = "zombies/walker"  # power 2
GRAVE_DIGGER = "zombies/grave-digger"  # power 4: may take a minion of your discard into hand
WARBOT = "robots/warbot"  # power 4, cannot be destroyed
ZAPBOT = "robots/zapbot"  # power 2
NINJA_MASTER = "ninjas/ninja-master"  # power 5
ASSASSIN = "ninjas/assassin"  # on a minion: destroy it at the end of the turn


def names(game, cards) -> list[str]:
    return sorted(game.state.names[c] for c in cards)


def hand(game, p: int = 0) -> list[str]:
    return names(game, game.state.hands[p])


def deck(game, p: int = 0) -> list[str]:
    return [game.state.names[c] for c in game.state.decks[p]]


def told(game, seat: int) -> str:
    """Everything ``seat`` learnt from the last decision: its events and their sentences."""
    events = game.events_for(seat)
    return json.dumps(events) + " ".join(Narrator(game, viewer=seat).narrate(events))


def knows(game, seat: int, name: str) -> bool:
    return card_id(game, name) in game.state.known[seat]


def sound(game) -> None:
    assert check_invariants(game.state, game.request, complete_factions=False) == []


# ---- Valkyrie ----------------------------------------------------------------------------------


def test_valkyrie_takes_a_minion_from_another_players_discard_pile():
    """Ruling: a minion of another player's discard pile (not your own), taken in full view."""
    game = scenario(hands=[[VALKYRIE], []], discards=[[WALKER], [INVADER, SUMMON]],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {VALKYRIE}#1 @ base:{OASIS}")
    # the only minion in another player's discard pile: no question (not the action, not
    # player 0's own Walker)
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert where(game, f"{WALKER}#1") == "discard:0"
    assert knows(game, 1, f"{INVADER}#1")  # taken in full view
    assert "Invader" in told(game, 1)
    sound(game)


def test_valkyrie_chooses_among_the_discard_piles_of_every_other_player():
    game = scenario(players=3, hands=[[VALKYRIE], [], []],
                    discards=[[], [INVADER], [COLLECTOR, REX]],
                    bases=[OASIS, TORTUGA, DRAKKAR])
    play(game, f"play {VALKYRIE}#1 @ base:{OASIS}")
    assert options(game) == [f"{INVADER}#1", f"{COLLECTOR}#1", f"{REX}#1"]
    play(game, f"{REX}#1")
    assert hand(game) == [f"{REX}#1"]


def test_valkyrie_without_a_minion_in_other_discard_piles_takes_nothing():
    game = scenario(hands=[[VALKYRIE], []], discards=[[WALKER], [SUMMON]],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {VALKYRIE}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main") and hand(game) == []


def test_clarification_valkyrie_a_taken_minion_is_played_and_controlled_then_goes_home():
    """Clarification: cards in your hand that you do not own are still treated like your
    cards: you can play them normally, and you control them until they go out of play, at
    which point they go back to their owners."""
    game = scenario(hands=[[VALKYRIE, ASSASSIN], []], discards=[[], [REX]],
                    plays={"minion": 2, "action": 1}, bases=[OASIS, TORTUGA])
    play(game, f"play {VALKYRIE}#1 @ base:{OASIS}", f"play {REX}#1 @ base:{TORTUGA}")
    rex = card_id(game, f"{REX}#1")
    assert game.state.controller[rex] == 0 and game.state.owner[rex] == 1
    play(game, f"play {ASSASSIN}#1 on {REX}#1", "end")
    pass_until_main(game)
    assert where(game, f"{REX}#1") == "discard:1"  # back to its owner
    sound(game)


# ---- Raider ------------------------------------------------------------------------------------


def test_raider_puts_up_to_three_cards_on_its_deck_for_plus_one_each():
    """Ruling: one to three cards, the last one placed ends on top; only its player knows
    which cards went there."""
    game = scenario(hands=[[SUMMON, WALKER, COLLECTOR, INVADER], []], decks=[[REX], []],
                    bases=[{"base": OASIS, "minions": [RAIDER]}, TORTUGA])
    play(game, f"use {RAIDER}#1", f"{SUMMON}#1")
    assert options(game) == [f"{WALKER}#1", f"{COLLECTOR}#1", f"{INVADER}#1", "done"]
    play(game, f"{WALKER}#1", f"{COLLECTOR}#1")  # the third pick ends it: no "done" asked
    assert power(game, f"{RAIDER}#1") == 4 + 3
    # the last one placed is on top
    assert deck(game) == [f"{COLLECTOR}#1", f"{WALKER}#1", f"{SUMMON}#1", f"{REX}#1"]
    assert hand(game) == [f"{INVADER}#1"]
    assert not knows(game, 1, f"{COLLECTOR}#1")
    assert "Collector" not in told(game, 1) and "Collector" not in json.dumps(
        game.history_for(1))
    assert f"use {RAIDER}#1" not in options(game)  # once per turn


def test_raider_may_stop_after_one_card_and_the_power_lasts_the_turn():
    game = scenario(hands=[[SUMMON, WALKER], []], decks=[[REX] * 3, [WALKER] * 3],
                    bases=[{"base": OASIS, "minions": [RAIDER]}, TORTUGA])
    play(game, f"use {RAIDER}#1", f"{SUMMON}#1", "done")
    assert power(game, f"{RAIDER}#1") == 5
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{RAIDER}#1") == 4


def test_raider_talent_is_not_offered_with_an_empty_hand():
    """Ruling: talents that put a card on the deck are offered only with a card in hand."""
    game = scenario(bases=[{"base": OASIS, "minions": [RAIDER]}, TORTUGA])
    assert options(game) == ["end"]


def test_clarification_raider_a_card_you_do_not_own_goes_safely_on_your_deck():
    """Clarification: you may place a card in your hand you don't own on top of your deck
    safely, since no one sees what the card is: it stays in your deck, and drawn again it is
    back in your hand."""
    game = scenario(hands=[[{"card": INVADER, "owner": 1}], []], decks=[[], [WALKER] * 3],
                    bases=[{"base": OASIS, "minions": [RAIDER]}, TORTUGA])
    play(game, f"use {RAIDER}#1")
    assert where(game, f"{INVADER}#1") == "deck:0"
    assert power(game, f"{RAIDER}#1") == 5
    sound(game)
    play(game, "end")
    pass_until_main(game)  # player 0 draws it back at the end of the turn
    assert where(game, f"{INVADER}#1") == "hand:0"
    sound(game)


# ---- Shield Maiden -----------------------------------------------------------------------------


def test_shield_maiden_takes_a_revealed_action():
    game = scenario(hands=[[MAIDEN], []], decks=[[], [SUMMON, REX]], bases=[OASIS, TORTUGA])
    play(game, f"play {MAIDEN}#1 @ base:{OASIS}")
    assert where(game, f"{SUMMON}#1") == "hand:0"
    assert knows(game, 1, f"{SUMMON}#1")
    assert "Summon" in told(game, 1)
    sound(game)


def test_shield_maiden_takes_a_minion_of_power_three_but_not_four():
    """Ruling: the printed power of the revealed card counts; one not taken stays on top,
    known to everyone."""
    game = scenario(hands=[[MAIDEN, MAIDEN], []], plays={"minion": 2, "action": 0},
                    decks=[[], [INVADER, WARBOT]], bases=[OASIS, TORTUGA])
    play(game, f"play {MAIDEN}#1 @ base:{OASIS}")
    assert where(game, f"{INVADER}#1") == "hand:0"
    play(game, f"play {MAIDEN}#2 @ base:{OASIS}")
    # power 4: it is returned, and stays on top, known to everyone
    assert deck(game, 1) == [f"{WARBOT}#1"]
    assert knows(game, 0, f"{WARBOT}#1") and knows(game, 1, f"{WARBOT}#1")
    assert "Warbot" in told(game, 1)


def test_shield_maiden_chooses_among_players_with_a_deck_to_reveal():
    game = scenario(players=3, hands=[[MAIDEN], [], []], decks=[[], [SUMMON], [REX]],
                    discards=[[], [], []], bases=[OASIS, TORTUGA, DRAKKAR])
    play(game, f"play {MAIDEN}#1 @ base:{OASIS}")
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:2")
    assert deck(game, 2) == [f"{REX}#1"]
    assert hand(game) == []

    empty = scenario(players=3, hands=[[MAIDEN], [], []], decks=[[], [], [SUMMON]],
                     bases=[OASIS, TORTUGA, DRAKKAR])
    play(empty, f"play {MAIDEN}#1 @ base:{OASIS}")  # player 1 has nothing: no question
    assert hand(empty) == [f"{SUMMON}#1"]


def test_shield_maiden_reshuffles_an_empty_deck_to_reveal():
    game = scenario(hands=[[MAIDEN], []], discards=[[], [SUMMON]], bases=[OASIS, TORTUGA])
    play(game, f"play {MAIDEN}#1 @ base:{OASIS}")
    assert where(game, f"{SUMMON}#1") == "hand:0"


def test_clarification_shield_maiden_a_taken_card_seen_to_go_elsewhere_goes_home():
    """Clarification: cards you don't own that are revealed in your hand stay there, but if
    they are seen to go elsewhere (here: discarded) they go back to their owners."""
    game = scenario(hands=[[MAIDEN], []], decks=[[], [SUMMON]], bases=[OASIS, TORTUGA],
                    plays={"minion": 1, "action": 1})
    play(game, f"play {MAIDEN}#1 @ base:{OASIS}", f"play {SUMMON}#1")
    # the Summon (a Wizards action of player 1) is played by player 0, then discarded
    pass_until_main(game)
    assert where(game, f"{SUMMON}#1") == "discard:1"
    sound(game)


# ---- Huscarl -----------------------------------------------------------------------------------


def test_huscarl_puts_a_card_on_its_deck_for_plus_two():
    game = scenario(hands=[[SUMMON, WALKER], []], decks=[[REX], []],
                    bases=[{"base": OASIS, "minions": [HUSCARL]}, TORTUGA])
    play(game, f"use {HUSCARL}#1")
    assert options(game) == [f"{SUMMON}#1", f"{WALKER}#1"]
    play(game, f"{WALKER}#1")
    assert power(game, f"{HUSCARL}#1") == 4
    assert deck(game) == [f"{WALKER}#1", f"{REX}#1"]
    assert "Walker" not in told(game, 1) and "Walker" not in json.dumps(game.history_for(1))
    assert f"use {HUSCARL}#1" not in options(game)


def test_huscarl_talent_needs_a_card_in_hand():
    game = scenario(bases=[{"base": OASIS, "minions": [HUSCARL]}, TORTUGA])
    assert options(game) == ["end"]


def test_clarification_huscarl_a_card_you_do_not_own_stays_in_your_deck():
    """Clarification: you may place a card in your hand you don't own on top of your deck
    safely, since no one sees what the card is."""
    game = scenario(hands=[[{"card": SUMMON, "owner": 1}], []],
                    bases=[{"base": OASIS, "minions": [HUSCARL]}, TORTUGA])
    play(game, f"use {HUSCARL}#1")
    assert where(game, f"{SUMMON}#1") == "deck:0" and power(game, f"{HUSCARL}#1") == 4
    assert "Player 2's deck" not in " ".join(Narrator(game, viewer=None).narrate(game.events))
    sound(game)


# ---- Berserk -----------------------------------------------------------------------------------


def test_berserk_stacks_a_card_and_gives_one_of_your_minions_plus_three():
    """Ruling: +3 (the cards.json text); Berserk directly increases the minion's power."""
    game = scenario(hands=[[BERSERK, SUMMON], []],
                    bases=[{"base": OASIS, "minions": [HUSCARL, {"card": REX, "controller": 1}]},
                           {"base": TORTUGA, "minions": [INVADER]}])
    play(game, f"play {BERSERK}#1")
    assert where(game, f"{SUMMON}#1") == "deck:0"  # the only card: no question
    assert options(game) == [f"{HUSCARL}#1", f"{INVADER}#1"]  # yours only
    play(game, f"{INVADER}#1")
    assert power(game, f"{INVADER}#1") == 6
    boosted = [ev for ev in game.events if ev["kind"] == "boosted"]
    assert boosted and boosted[0]["minions"] == (card_id(game, f"{INVADER}#1"),)


def test_berserk_without_another_card_in_hand_or_a_minion_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen. "Do X to do Y" (C&D rulebook, "To"): with no card left to stack nothing happens;
    with no minion of yours to give +3, no card is stacked either."""
    game = scenario(hands=[[BERSERK], []], bases=[{"base": OASIS, "minions": [HUSCARL]},
                                                   TORTUGA])
    assert played_for_nothing(game, f"{BERSERK}#1")
    alone = scenario(hands=[[BERSERK, SUMMON], []], bases=[
        {"base": OASIS, "minions": [{"card": REX, "controller": 1}]}, TORTUGA])
    assert played_for_nothing(alone, f"{BERSERK}#1")
    assert hand(alone) == [f"{SUMMON}#1"]


def test_clarification_berserk_a_card_you_do_not_own_stays_on_your_deck():
    """Clarification: you may place a card in your hand you don't own on top of your deck
    safely, since no one sees what the card is."""
    game = scenario(hands=[[BERSERK, {"card": WALKER, "owner": 1}], []],
                    bases=[{"base": OASIS, "minions": [HUSCARL]}, TORTUGA])
    play(game, f"play {BERSERK}#1")
    assert where(game, f"{WALKER}#1") == "deck:0"
    assert power(game, f"{HUSCARL}#1") == 5
    assert not knows(game, 1, f"{WALKER}#1")
    sound(game)


# ---- Cast the Runes ----------------------------------------------------------------------------


def test_cast_the_runes_sees_a_hand_arranges_two_cards_and_grants_an_action():
    """Ruling: the two deck cards go back in your order, known to you only; the extra action
    may be played later in the turn (an extra play of the Wizards' Summon)."""
    game = scenario(hands=[[RUNES, SUMMON], [REX, WALKER]], decks=[[], [INVADER, COLLECTOR, REX]],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {RUNES}#1")
    assert knows(game, 0, f"{REX}#1") and knows(game, 0, f"{WALKER}#1")
    assert decision(game)[1] == "arrange"
    assert options(game) == [f"{INVADER}#1", f"{COLLECTOR}#1"]
    play(game, f"{COLLECTOR}#1")
    assert deck(game, 1) == [f"{COLLECTOR}#1", f"{INVADER}#1", f"{REX}#2"]
    assert not knows(game, 1, f"{COLLECTOR}#1")  # only the looker knows the new order
    # the extra action waits for later in the turn
    assert f"play {SUMMON}#1" in options(game)
    play(game, f"play {SUMMON}#1")
    assert decision(game) == (0, "main")


def test_cast_the_runes_hand_is_shown_to_the_looker_only():
    """Ruling: the hand is shown to the player of Cast the Runes alone."""
    game = scenario(players=3, hands=[[RUNES], [REX], []], decks=[[], [], []],
                    bases=[OASIS, TORTUGA, DRAKKAR])
    play(game, f"play {RUNES}#1", "player:1")
    assert "King Rex" in told(game, 0)
    assert "King Rex" not in told(game, 2) and "King Rex" not in told(game, -1)
    assert not knows(game, 2, f"{REX}#1")


# ---- Combat Training ---------------------------------------------------------------------------


def test_combat_training_gives_each_of_your_minions_plus_one_for_the_turn():
    game = scenario(hands=[[TRAINING], []], decks=[[REX] * 3, [WALKER] * 3],
                    bases=[{"base": OASIS, "minions": [HUSCARL, {"card": REX, "controller": 1}]},
                           {"base": TORTUGA, "minions": [INVADER]}])
    play(game, f"play {TRAINING}#1")
    assert [power(game, n) for n in (f"{HUSCARL}#1", f"{INVADER}#1", f"{REX}#1")] == [3, 4, 7]
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{HUSCARL}#1") == 2


def test_combat_training_without_a_minion_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen."""
    game = scenario(hands=[[TRAINING], []], bases=[OASIS, TORTUGA])
    assert played_for_nothing(game, f"{TRAINING}#1")


# ---- Pillage -----------------------------------------------------------------------------------


def test_pillage_takes_a_random_card_seen_by_the_taker_and_the_victim_only():
    """Ruling: only the taker and the player who lost the card learn which card it was."""
    game = scenario(players=3, seed=3, hands=[[PILLAGE], [REX, WALKER, SUMMON], [INVADER]],
                    bases=[OASIS, TORTUGA, DRAKKAR])
    play(game, f"play {PILLAGE}#1")
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:1")
    taken = game.state.hands[0]
    assert len(taken) == 1 and len(game.state.hands[1]) == 2
    name = game.state.defs[taken[0]].name
    assert name in told(game, 0) and name in told(game, 1)
    assert name not in told(game, 2) and name not in told(game, -1)
    assert taken[0] in game.state.known[1] and taken[0] not in game.state.known[2]
    assert name not in json.dumps(game.observation(2))
    sound(game)


def test_pillage_draws_the_card_from_the_games_rng():
    """Ruling: the card is drawn from the game's RNG (the same seed takes the same card)."""
    picked = set()
    for seed in range(12):
        game = scenario(seed=seed, hands=[[PILLAGE], [REX, WALKER, SUMMON]],
                        bases=[OASIS, TORTUGA])
        play(game, f"play {PILLAGE}#1")  # one other player: no question
        picked.add(game.state.names[game.state.hands[0][0]])
        again = scenario(seed=seed, hands=[[PILLAGE], [REX, WALKER, SUMMON]],
                         bases=[OASIS, TORTUGA])
        play(again, f"play {PILLAGE}#1")
        assert again.state.hands[0] == game.state.hands[0]  # same seed, same card
    assert len(picked) > 1


def test_pillage_when_no_other_player_has_a_card_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen; a player with no card in hand is not offered as the victim."""
    game = scenario(hands=[[PILLAGE], []], bases=[OASIS, TORTUGA])
    assert played_for_nothing(game, f"{PILLAGE}#1")
    three = scenario(players=3, hands=[[PILLAGE], [], [WALKER]],
                     bases=[OASIS, TORTUGA, DRAKKAR])
    play(three, f"play {PILLAGE}#1")  # only player 2 has a card: no question
    assert hand(three) == [f"{WALKER}#1"]


def test_clarification_pillage_a_pillaged_minion_is_yours_to_play_until_it_leaves_play():
    """Clarification: cards in your hand that you do not own are still treated like your
    cards: you can play them normally, and you control them until they go out of play, at
    which point they go back to their owners (Invader's VP goes to its player, player 0;
    returned, it goes to its owner's hand)."""
    game = scenario(hands=[[PILLAGE, "aliens/beam-up"], [INVADER]],
                    plays={"minion": 1, "action": 2}, bases=[OASIS, TORTUGA])
    play(game, f"play {PILLAGE}#1", f"play {INVADER}#1 @ base:{OASIS}")
    assert game.state.vp == [1, 0]
    assert game.state.controller[card_id(game, f"{INVADER}#1")] == 0
    assert "play aliens/beam-up#1" in options(game)
    play(game, "play aliens/beam-up#1")
    assert where(game, f"{INVADER}#1") == "hand:1"
    sound(game)


# ---- Raiding Party -----------------------------------------------------------------------------


def test_raiding_party_plays_a_revealed_minion_as_an_extra_and_stacks_the_rest():
    """Ruling: only revealed cards that qualify and can be played are offered, at once;
    the rest go back on top in your order, in full view."""
    game = scenario(hands=[[PARTY], []], plays={"minion": 0, "action": 1},
                    decks=[[], [REX, INVADER, SUMMON, WALKER]], bases=[OASIS, TORTUGA])
    play(game, f"play {PARTY}#1")
    assert all(knows(game, 1, n) for n in (f"{REX}#1", f"{INVADER}#1", f"{SUMMON}#1"))
    # King Rex is too strong; Invader (power 3) and Summon (an action) may be played
    assert options(game) == [f"play {INVADER}#1 @ base:{OASIS}",
                             f"play {INVADER}#1 @ base:{TORTUGA}", f"play {SUMMON}#1", "skip"]
    play(game, f"play {INVADER}#1 @ base:{TORTUGA}")
    assert game.state.vp == [1, 0]  # played: its on-play ability happens, for player 0
    assert game.state.controller[card_id(game, f"{INVADER}#1")] == 0
    assert options(game) == [f"{REX}#1", f"{SUMMON}#1"]
    play(game, f"{SUMMON}#1")
    assert deck(game, 1) == [f"{SUMMON}#1", f"{REX}#1", f"{WALKER}#1"]
    assert knows(game, 1, f"{SUMMON}#1")  # the order was put back in full view
    assert decision(game) == (0, "main")
    sound(game)


def test_raiding_party_may_play_nothing():
    game = scenario(hands=[[PARTY], []], decks=[[], [SUMMON, REX]], bases=[OASIS, TORTUGA])
    play(game, f"play {PARTY}#1", "skip", f"{REX}#1")
    assert deck(game, 1) == [f"{REX}#1", f"{SUMMON}#1"]


def test_raiding_party_when_no_other_player_has_cards_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen."""
    game = scenario(hands=[[PARTY], []], decks=[[WALKER], []], bases=[OASIS, TORTUGA])
    assert played_for_nothing(game, f"{PARTY}#1")


def test_clarification_raiding_party_a_played_card_goes_back_to_its_owner():
    """Clarification: you control a card you don't own until it goes out of play, at which
    point it goes back to its owner (destroyed here: to player 1's discard pile)."""
    game = scenario(hands=[[PARTY, ASSASSIN], []], plays={"minion": 0, "action": 2},
                    decks=[[], [COLLECTOR]], bases=[OASIS, TORTUGA])
    play(game, f"play {PARTY}#1", f"play {COLLECTOR}#1 @ base:{OASIS}", "skip",
         f"play {ASSASSIN}#1 on {COLLECTOR}#1", "end")
    pass_until_main(game)
    assert where(game, f"{COLLECTOR}#1") == "discard:1"


# ---- Ransack -----------------------------------------------------------------------------------


def test_ransack_takes_an_action_off_a_minion_or_a_base():
    """Ruling: any action in play, on a minion or on a base, whoever's it is."""
    game = scenario(hands=[[RANSACK], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": REX, "controller": 1, "attached": [UPGRADE]}]},
                        {"base": TORTUGA, "actions": [{"card": JAMMED, "owner": 1}]}])
    assert power(game, f"{REX}#1") == 9
    play(game, f"play {RANSACK}#1")
    assert options(game) == [f"{UPGRADE}#1", f"{JAMMED}#1"]
    play(game, f"{UPGRADE}#1")
    assert where(game, f"{UPGRADE}#1") == "hand:0" and power(game, f"{REX}#1") == 7
    assert knows(game, 1, f"{UPGRADE}#1")
    sound(game)


def test_ransack_names_a_hidden_buried_card_by_its_place_only():
    """Ruling: another player's face-down buried card is offered by its place; only the
    taker and the player who buried it learn which card it was."""
    game = scenario(players=3, hands=[[RANSACK], [], []],
                    bases=[{"base": OASIS, "buried": [{"card": REX, "controller": 1}]},
                           TORTUGA, DRAKKAR])
    play(game, f"play {RANSACK}#1")  # the only choice: made at once
    assert where(game, f"{REX}#1") == "hand:0"
    assert "King Rex" in told(game, 0) and "King Rex" in told(game, 1)
    assert "King Rex" not in told(game, 2) and "King Rex" not in told(game, -1)
    assert not knows(game, 2, f"{REX}#1")
    sound(game)

    two = scenario(hands=[[RANSACK], []],
                   bases=[{"base": OASIS, "buried": [{"card": REX, "controller": 1},
                                                     {"card": WALKER, "controller": 1}]},
                          {"base": TORTUGA, "buried": [{"card": INVADER, "controller": 0}]}])
    play(two, f"play {RANSACK}#1")
    assert options(two) == [f"{INVADER}#1", f"choice:face-down-at-{OASIS}-of-player-2"]
    assert "King Rex" not in json.dumps(two.observation(0))
    play(two, f"choice:face-down-at-{OASIS}-of-player-2")
    # one of the two, drawn from the game's RNG; the other stays buried
    assert hand(two) in ([f"{REX}#1"], [f"{WALKER}#1"])
    assert len([n for n in (f"{REX}#1", f"{WALKER}#1")
                if where(two, n) == f"buried@base:{OASIS}"]) == 1


def test_ransack_with_nothing_to_take_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen."""
    game = scenario(hands=[[RANSACK], []], bases=[{"base": OASIS, "minions": [REX]}, TORTUGA])
    assert played_for_nothing(game, f"{RANSACK}#1")


def test_clarification_ransack_a_ransacked_action_is_played_and_goes_back_to_its_owner():
    """Clarification: cards in your hand that you do not own are still treated like your
    cards: you can play them normally, and you control them until they go out of play, at
    which point they go back to their owners (here with their minion, returned by Beam Up)."""
    game = scenario(hands=[[RANSACK], ["aliens/beam-up"]], plays={"minion": 0, "action": 2},
                    decks=[[WALKER] * 3, [WALKER] * 3],
                    bases=[{"base": OASIS, "minions": [
                        HUSCARL, {"card": REX, "controller": 1, "attached": [UPGRADE]}]},
                        TORTUGA])
    play(game, f"play {RANSACK}#1", f"play {UPGRADE}#1 on {HUSCARL}#1")
    assert power(game, f"{HUSCARL}#1") == 4 and power(game, f"{REX}#1") == 7
    assert game.state.controller[card_id(game, f"{UPGRADE}#1")] == 0
    play(game, "end")
    pass_until_main(game)
    play(game, "play aliens/beam-up#1", f"{HUSCARL}#1")
    assert where(game, f"{HUSCARL}#1") == "hand:0"
    assert where(game, f"{UPGRADE}#1") == "discard:1"
    sound(game)


def test_ransack_of_a_core_action_ends_its_ongoing_effect():
    """Interaction with the core set: Jammed Signal (Aliens) cancels a base's abilities while
    it is there; Ransack takes it away, and Longhouse's ability comes back."""
    game = scenario(hands=[[RANSACK, SUMMON], []], plays={"minion": 0, "action": 1},
                    bases=[{"base": LONGHOUSE, "minions": [HUSCARL],
                            "actions": [{"card": JAMMED, "owner": 1}]}, TORTUGA])
    assert f"use base:{LONGHOUSE}" not in options(game)
    play(game, f"play {RANSACK}#1")
    assert where(game, f"{JAMMED}#1") == "hand:0"
    assert f"use base:{LONGHOUSE}" in options(game)


# ---- Tribute -----------------------------------------------------------------------------------


def test_tribute_draws_three():
    game = scenario(hands=[[TRIBUTE], []], decks=[[REX, WALKER, SUMMON, INVADER], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {TRIBUTE}#1")
    assert hand(game) == [f"{REX}#1", f"{SUMMON}#1", f"{WALKER}#1"]


# ---- Viking Funeral ----------------------------------------------------------------------------


def test_viking_funeral_goes_only_on_a_minion_of_yours_of_power_five_or_more():
    game = scenario(hands=[[FUNERAL], []],
                    bases=[{"base": OASIS, "minions": [
                        REX, HUSCARL, {"card": NINJA_MASTER, "controller": 1},
                        {"card": INVADER, "attached": [UPGRADE]}]}, TORTUGA])
    assert [o for o in options(game) if FUNERAL in o] == [
        f"play {FUNERAL}#1 on {REX}#1", f"play {FUNERAL}#1 on {INVADER}#1"]


def test_viking_funeral_destroyed_minion_gives_a_vp_and_goes_to_the_box():
    game = scenario(hands=[[FUNERAL, ASSASSIN], []], plays={"minion": 0, "action": 2},
                    bases=[{"base": OASIS, "minions": [REX]}, TORTUGA])
    play(game, f"play {FUNERAL}#1 on {REX}#1", f"play {ASSASSIN}#1 on {REX}#1", "end")
    pass_until_main(game)
    assert game.state.vp == [1, 0]
    assert where(game, f"{REX}#1") == "box"
    assert where(game, f"{FUNERAL}#1") == "discard:0"
    sound(game)


def test_viking_funeral_on_a_minion_you_do_not_own_gives_the_vp_but_no_box():
    """Ruling: "if you own it" is the funeral's player; a minion of player 1 under player 0's
    control goes to player 1's discard pile and stays there."""
    game = scenario(hands=[[FUNERAL, ASSASSIN], []], plays={"minion": 0, "action": 2},
                    bases=[{"base": OASIS, "minions": [{"card": REX, "owner": 1,
                                                        "controller": 0}]}, TORTUGA])
    play(game, f"play {FUNERAL}#1 on {REX}#1", f"play {ASSASSIN}#1 on {REX}#1", "end")
    pass_until_main(game)
    assert game.state.vp == [1, 0]
    assert where(game, f"{REX}#1") == "discard:1"


def test_viking_funeral_answers_its_minion_discarded_with_the_scored_base():
    """Guide R (set ambiguity "Viking Funeral"): the VP and the box come although the
    funeral leaves play with its minion, discarded after scoring (not destroyed)."""
    game = scenario(hands=[[FUNERAL], []], decks=[[WALKER] * 3, [WALKER] * 3],
                    bases=[{"base": OASIS, "minions": [REX, NINJA_MASTER]}, TORTUGA])
    play(game, f"play {FUNERAL}#1 on {REX}#1", "end")  # 7 + 5 = 12: Jungle Oasis scores
    pass_until_main(game)
    assert game.state.vp == [2 + 1, 0]
    assert where(game, f"{REX}#1") == "box"
    assert where(game, f"{NINJA_MASTER}#1") == "discard:0"
    sound(game)


def test_viking_funeral_does_nothing_when_its_minion_returns_to_hand():
    """Ruling: returned to a hand, the minion does not go to the discard pile: no VP, no box."""
    game = scenario(hands=[[FUNERAL], ["aliens/beam-up"]], current=0,
                    plays={"minion": 0, "action": 1}, decks=[[WALKER] * 3, [WALKER] * 3],
                    bases=[{"base": OASIS, "minions": [REX]}, TORTUGA])
    play(game, f"play {FUNERAL}#1 on {REX}#1", "end")
    pass_until_main(game)
    play(game, "play aliens/beam-up#1")
    assert where(game, f"{REX}#1") == "hand:0"
    assert where(game, f"{FUNERAL}#1") == "discard:0"
    assert game.state.vp == [0, 0]


def test_viking_funeral_removed_first_no_longer_answers():
    """The funeral taken off its minion (Ransack, by player 1) answers nothing when the
    minion later goes to the discard pile."""
    game = scenario(hands=[[], [RANSACK, ASSASSIN]], current=1,
                    plays={"minion": 0, "action": 2},
                    bases=[{"base": OASIS, "minions": [
                        {"card": REX, "attached": [FUNERAL]}]}, TORTUGA])
    play(game, f"play {RANSACK}#1")
    assert where(game, f"{FUNERAL}#1") == "hand:1"
    play(game, f"play {ASSASSIN}#1 on {REX}#1", "end")
    pass_until_main(game)
    assert where(game, f"{REX}#1") == "discard:0" and game.state.vp == [0, 0]


def test_clarification_viking_funeral_a_boxed_minion_is_out_for_the_rest_of_the_game():
    """Clarification: a card put back in the box is out of play for the rest of the game:
    Grave Digger (Zombies), which takes a minion back from its player's discard pile, finds
    nothing."""
    game = scenario(hands=[[FUNERAL, ASSASSIN], []], plays={"minion": 0, "action": 2},
                    decks=[[GRAVE_DIGGER], []],
                    bases=[{"base": OASIS, "minions": [NINJA_MASTER]}, TORTUGA])
    play(game, f"play {FUNERAL}#1 on {NINJA_MASTER}#1",
         f"play {ASSASSIN}#1 on {NINJA_MASTER}#1", "end")
    pass_until_main(game)
    assert where(game, f"{NINJA_MASTER}#1") == "box"
    play(game, "end")
    pass_until_main(game)  # player 0 drew Grave Digger at the end of turn 1; now turn 3
    assert decision(game)[0] == 0
    play(game, f"play {GRAVE_DIGGER}#1 @ base:{TORTUGA}")
    assert decision(game) == (0, "main")  # nothing to take back: no question
    assert where(game, f"{NINJA_MASTER}#1") == "box"


def test_viking_funeral_and_a_minion_that_cannot_be_destroyed_stay():
    """Interaction with the core set: Warbot (Robots) cannot be destroyed, so the funeral on
    it (with Upgrade's +2 it has power 6) waits."""
    game = scenario(hands=[[FUNERAL, ASSASSIN], []], plays={"minion": 0, "action": 2},
                    bases=[{"base": OASIS, "minions": [
                        {"card": WARBOT, "attached": [UPGRADE]}]}, TORTUGA])
    play(game, f"play {FUNERAL}#1 on {WARBOT}#1", f"play {ASSASSIN}#1 on {WARBOT}#1",
         "end")
    pass_until_main(game)
    assert where(game, f"{WARBOT}#1") == f"minion@base:{OASIS}"
    assert game.state.vp == [0, 0]


# ---- Drakkar -----------------------------------------------------------------------------------


def test_drakkar_first_minion_here_may_draw_a_small_card_from_another_deck():
    game = scenario(hands=[[WALKER, HUSCARL], []], plays={"minion": 2, "action": 0},
                    decks=[[], [SUMMON, INVADER]], bases=[DRAKKAR, TORTUGA])
    play(game, f"play {WALKER}#1 @ base:{DRAKKAR}")
    # an optional ability: offered in the Me First! window
    assert options(game) == [f"trigger base:{DRAKKAR}", "pass"]
    play(game, f"trigger base:{DRAKKAR}")
    assert decision(game) == (0, "may") and knows(game, 1, f"{SUMMON}#1")
    play(game, "yes")
    assert where(game, f"{SUMMON}#1") == "hand:0"
    # the second minion here this turn: nothing more
    play(game, f"play {HUSCARL}#1 @ base:{DRAKKAR}")
    assert decision(game) == (0, "main")
    sound(game)


def test_drakkar_big_card_stays_and_the_offer_may_be_declined():
    """Ruling: a minion played here after a declined first one is still not the first."""
    game = scenario(hands=[[WALKER], []], decks=[[], [REX]], bases=[DRAKKAR, TORTUGA])
    play(game, f"play {WALKER}#1 @ base:{DRAKKAR}", f"trigger base:{DRAKKAR}")
    assert deck(game, 1) == [f"{REX}#1"] and knows(game, 0, f"{REX}#1")
    assert decision(game) == (0, "main")

    declined = scenario(hands=[[WALKER, HUSCARL], []], plays={"minion": 2, "action": 0},
                        decks=[[], [SUMMON]], bases=[DRAKKAR, TORTUGA])
    play(declined, f"play {WALKER}#1 @ base:{DRAKKAR}", "pass")
    assert deck(declined, 1) == [f"{SUMMON}#1"]
    play(declined, f"play {HUSCARL}#1 @ base:{DRAKKAR}")  # still not the first
    assert decision(declined) == (0, "main")


def test_drakkar_counts_each_players_first_minion_even_in_a_scoring_window():
    """Guide R: once per turn per player. Player 0 has played a minion here this turn; player
    1's Shinobi (Ninjas), played here through its Special before the base scores, is player
    1's first: Drakkar offers them a card of player 0's deck."""
    game = scenario(hands=[[HUSCARL], ["ninjas/shinobi"]],
                    decks=[[SUMMON, WALKER], [WALKER] * 3],
                    bases=[{"base": DRAKKAR, "minions": [REX, REX, REX]}, TORTUGA])
    play(game, f"play {HUSCARL}#1 @ base:{DRAKKAR}", "pass", "end")
    assert options(game) == ["special ninjas/shinobi#1", "pass"]
    play(game, "special ninjas/shinobi#1")
    assert decision(game) == (1, "me_first")
    assert options(game) == [f"trigger base:{DRAKKAR}", "pass"]
    play(game, f"trigger base:{DRAKKAR}", "yes")
    assert where(game, f"{SUMMON}#1") == "hand:1"
    sound(game)


def test_drakkar_not_triggered_elsewhere_or_without_another_deck():
    game = scenario(hands=[[WALKER, HUSCARL], []], plays={"minion": 2, "action": 0},
                    decks=[[], [SUMMON]], bases=[DRAKKAR, TORTUGA])
    play(game, f"play {WALKER}#1 @ base:{TORTUGA}")
    assert decision(game) == (0, "main")
    empty = scenario(hands=[[WALKER], []], bases=[DRAKKAR, TORTUGA])
    play(empty, f"play {WALKER}#1 @ base:{DRAKKAR}")
    assert decision(empty) == (0, "main")


def test_clarification_drakkar_a_drawn_card_is_yours_to_play_then_goes_home():
    """Clarification: cards in your hand that you do not own are still treated like your
    cards: you can play them normally, and you control them until they go out of play."""
    game = scenario(hands=[[WALKER], []], plays={"minion": 2, "action": 0},
                    decks=[[], [INVADER]], bases=[DRAKKAR, TORTUGA])
    play(game, f"play {WALKER}#1 @ base:{DRAKKAR}", f"trigger base:{DRAKKAR}", "yes",
         f"play {INVADER}#1 @ base:{TORTUGA}")
    assert game.state.vp == [1, 0]
    assert game.state.controller[card_id(game, f"{INVADER}#1")] == 0
    sound(game)


# ---- Longhouse ---------------------------------------------------------------------------------


def test_longhouse_stacks_a_card_to_give_your_minion_here_plus_two():
    game = scenario(hands=[[SUMMON, WALKER], []],
                    bases=[{"base": LONGHOUSE, "minions": [HUSCARL, INVADER,
                                                          {"card": REX, "controller": 1}]},
                           {"base": TORTUGA, "minions": [COLLECTOR]}])
    play(game, f"use base:{LONGHOUSE}", f"{SUMMON}#1")
    assert options(game) == [f"{HUSCARL}#1", f"{INVADER}#1"]  # yours, here
    play(game, f"{INVADER}#1")
    assert power(game, f"{INVADER}#1") == 5
    assert deck(game) == [f"{SUMMON}#1"]
    assert f"use base:{LONGHOUSE}" not in options(game)  # once per turn


def test_longhouse_needs_a_card_in_hand_and_a_minion_of_yours_here():
    game = scenario(hands=[[SUMMON], []], bases=[
        {"base": LONGHOUSE, "minions": [{"card": REX, "controller": 1}]},
        {"base": TORTUGA, "minions": [HUSCARL]}])
    assert f"use base:{LONGHOUSE}" not in options(game)
    empty = scenario(bases=[{"base": LONGHOUSE, "minions": [HUSCARL]}, TORTUGA])
    assert f"use base:{LONGHOUSE}" not in options(empty)


def test_clarification_longhouse_a_card_you_do_not_own_stays_on_your_deck():
    """Clarification: you may place a card in your hand you don't own on top of your deck
    safely, since no one sees what the card is."""
    game = scenario(hands=[[{"card": SUMMON, "owner": 1}], []],
                    bases=[{"base": LONGHOUSE, "minions": [HUSCARL]}, TORTUGA])
    play(game, f"use base:{LONGHOUSE}")
    assert where(game, f"{SUMMON}#1") == "deck:0" and power(game, f"{HUSCARL}#1") == 4
    sound(game)


# ---- borrowed cards in whole games -------------------------------------------------------------

CARD_NAME = re.compile(r"[a-z0-9@-]+/[a-z0-9-]+#[0-9]+")


def test_random_games_with_vikings_conserve_every_card_and_show_borrowed_ones_to_none_else():
    """Whole random games with the Vikings (and buried cards to Ransack): at every decision
    each card is in one place, every player still owns their 40 cards, and no seat's
    observation (without its own options) names a card it may not see; cards do get
    borrowed along the way."""
    borrowed = 0
    for seed in range(4):
        r = random.Random(seed)
        game = Game.new({"factions": [["vikings", "ancient-egyptians"], ["aliens", "zombies"],
                                      ["ninjas", "wizards"]], "seed": seed})
        while not game.is_over and game.state.turn <= 40:
            g = game.state
            assert check_invariants(g, game.request) == [], (seed, game.history[-5:])
            borrowed += sum(g.owner[c] != p for p, h in enumerate(g.hands) for c in h)
            seat = r.randrange(g.nplayers)
            obs = game.observation(seat)
            (obs.get("decision") or {}).pop("options", None)
            for name in set(CARD_NAME.findall(json.dumps(obs))):
                assert visible_to(g, g.names.index(name), seat), (seed, seat, name)
            game.apply(r.randrange(len(game.legal_actions())))
    assert borrowed > 0


def test_raiding_party_puts_back_only_the_cards_still_shown_on_the_deck():
    """The extra card played shuffles that player's deck (Winds of Change played from it puts
    a card of theirs from your hand into their deck): the other revealed cards are mixed in,
    unseen, so nobody is asked to put them back by name (the "shuffled" rule: nobody knows
    where a card of a shuffled deck is)."""
    game = scenario(hands=[[PARTY, {"card": "pirates/dinghy", "owner": 1}], []],
                    decks=[["vikings/tribute"] * 6,
                           ["wizards/winds-of-change", "pirates/cut-lass", "wizards/summon",
                            WALKER, WALKER]],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {PARTY}#1", "play wizards/winds-of-change#1")
    assert decision(game) == (0, "main")
    assert where(game, "pirates/cut-lass#1") == "deck:1"
    g = game.state
    assert not any(card_id(game, "pirates/cut-lass#1") in known for known in g.known)
