"""A deck that runs out part-way, card by card: every card that draws, reveals, looks at or takes
the top N cards of a deck keeps going into its owner's discard pile, shuffled into a new deck,
when the deck holds fewer than N (``decks.top_cards``; the rule itself and its edge cases are
in tests/engine/deck_top_test.py, and tests/engine/deck_top_scan_test.py refuses any card that
reads a deck on its own). Each test puts fewer cards in the deck than the text names and the
rest in the discard pile, so the cards counted are known whatever the shuffle; the order of
the cards from the discard pile is not, and no test relies on it.

The rulebooks' passages:
- SFDF and Oops, "Draw 2 Cards": "if you need to draw, reveal, search for, or look at a card and
  your deck is empty, shuffle your discard pile to make your new deck, and keep going."
- EMD, "Draw 2 Cards": "You also shuffle the discard pile if the deck runs out in the middle of
  drawing, revealing, or looking for cards - but not when searching", and the exception for
  revealing until something shows: "if the deck runs out first, stop revealing".
- Core and C&D, "Draw 2 Cards": an empty deck is replaced by the shuffled discard pile: "Start
  drawing from there" (C&D: to "draw, reveal, search for or look at a card")."""

from __future__ import annotations

from typing import Any

from smashup import Game
from smashup.testing import decision, options, play, power, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, no ability
TORTUGA = "tortuga"
PAD = "isis-swingin-pad"
TWO = [OASIS, TORTUGA]

INVADER = "aliens/invader"  # power 3; on play: 1 VP
SCOUT = "aliens/scout"  # power 3
COLLECTOR = "aliens/collector"  # power 2
BEAM_UP = "aliens/beam-up"  # an action
REX = "dinosaurs/king-rex"  # power 7
WALKER = "zombies/walker"  # power 2
SUMMON = "wizards/summon"  # an action: an extra minion
SHINOBI = "ninjas/shinobi"
ACOLYTE = "ninjas/ninja-acolyte"
ZAPBOT = "robots/zapbot"  # power 2
CANNON = "pirates/cannon"  # an action


def names(game: Game, cards: Any) -> list[str]:
    return [game.state.names[c] for c in cards]


def hand(game: Game, p: int = 0) -> list[str]:
    return sorted(names(game, game.state.hands[p]))


def deck(game: Game, p: int = 0) -> list[str]:
    return names(game, game.state.decks[p])


def discard(game: Game, p: int = 0) -> list[str]:
    return sorted(names(game, game.state.discards[p]))


def shuffled(game: Game) -> list[int]:
    return [ev["player"] for ev in game.state.events if ev["kind"] == "shuffled"]


def one(*cards: str) -> list[str]:
    """The first copy of each card, by its name in the game."""
    return [f"{c}#1" for c in cards]


# ---- core ------------------------------------------------------------------------------------


def test_mystic_studies_draws_past_the_end_of_the_deck():
    """Core: the deck runs out after one card; the discard pile becomes the deck and the
    second card is drawn from it ("Start drawing from there")."""
    game = scenario(hands=[["wizards/mystic-studies"], []], decks=[[INVADER], []],
                    discards=[[SCOUT], []], bases=TWO)
    play(game, "play wizards/mystic-studies#1")
    assert hand(game) == one(INVADER, SCOUT)
    assert shuffled(game) == [0]


def test_portal_reveals_five_past_the_end_of_the_deck():
    """Core Portal, three cards short: the discard pile is shuffled and the reveal keeps going;
    the card already revealed (set aside) is not shuffled back in."""
    game = scenario(hands=[["wizards/portal"], []], decks=[[SHINOBI, SUMMON], []],
                    discards=[[ACOLYTE, CANNON, REX], []], bases=TWO)
    play(game, "play wizards/portal#1")
    [shown] = [ev for ev in game.events if ev["kind"] == "revealed"]
    assert sorted(names(game, shown["cards"])) == sorted(one(SHINOBI, SUMMON, ACOLYTE, CANNON,
                                                             REX))
    assert names(game, shown["cards"][:2]) == one(SHINOBI, SUMMON)  # the deck's own first
    assert sorted(options(game)) == sorted([*one(SHINOBI, ACOLYTE, REX), "done"])
    play(game, f"{ACOLYTE}#1", "done", f"{SUMMON}#1", f"{CANNON}#1", f"{REX}#1")
    assert hand(game) == one(ACOLYTE)
    assert deck(game) == one(SUMMON, CANNON, REX, SHINOBI)


def test_scry_searches_an_empty_deck_after_refilling_it():
    """C&D, SFDF, Oops, EMD: a deck empty when a search starts is the shuffled discard pile."""
    game = scenario(hands=[["wizards/scry"], []], discards=[[SUMMON, SHINOBI], []], bases=TWO)
    play(game, "play wizards/scry#1")  # the one action there: taken without asking
    assert hand(game) == one(SUMMON) and deck(game) == one(SHINOBI)
    assert shuffled(game) == [0, 0]  # refilled, then shuffled after the search


def test_mall_crawl_searches_an_empty_deck_after_refilling_it():
    """EMD: "If a deck is empty when you need to start ... searching ... shuffle its discard
    pile to make the new deck" (until now Mall Crawl found nothing in an empty deck)."""
    game = scenario(hands=[["zombies/mall-crawl"], []],
                    discards=[[WALKER, WALKER, "zombies/outbreak"], []], bases=TWO)
    play(game, "play zombies/mall-crawl#1")
    assert sorted(options(game)) == sorted([f"{WALKER}#1", "zombies/outbreak#1", "skip"])
    play(game, f"{WALKER}#1", "choice:2")
    assert where(game, f"{WALKER}#1") == "discard:0" and where(game, f"{WALKER}#2") == "discard:0"
    assert deck(game) == ["zombies/outbreak#1"]


def test_hideout_searches_an_empty_deck_after_refilling_it():
    """Hideout's talent takes a base action "from your hand or deck": with the deck empty, the
    discard pile becomes the deck before the search, so one there can be taken (and the talent
    is offered for it)."""
    game = scenario(discards=[["tricksters/flame-trap", WALKER], []],
                    bases=[{"base": OASIS, "actions": ["tricksters/hideout"]}, TORTUGA])
    assert "use tricksters/hideout#1" in options(game)
    play(game, "use tricksters/hideout#1")  # the one base action: taken without asking
    assert where(game, "tricksters/flame-trap#1") == f"action@base:{OASIS}"
    assert sorted(deck(game)) == sorted(["tricksters/hideout#1", f"{WALKER}#1"])


# ---- Science Fiction Double Feature ----------------------------------------------------------


def test_for_my_eyes_only_looks_at_five_past_the_end_of_the_deck():
    """SFDF: two cards in the deck, three in the discard pile: all five are looked at and
    arranged ("and keep going")."""
    five = one(INVADER, SCOUT, REX, WALKER, COLLECTOR)
    game = scenario(hands=[["super-spies/for-my-eyes-only"], []], decks=[[INVADER, SCOUT], []],
                    discards=[[REX, WALKER, COLLECTOR], []], bases=TWO)
    play(game, "play super-spies/for-my-eyes-only#1")
    assert sorted(options(game)) == sorted(five)
    for name in (REX, INVADER, WALKER, SCOUT, COLLECTOR):
        play(game, f"{name}#1", "choice:top")
    assert deck(game) == one(REX, INVADER, WALKER, SCOUT, COLLECTOR)
    assert discard(game) == ["super-spies/for-my-eyes-only#1"]  # went after it resolved


def test_permit_to_kill_reveals_two_past_the_end_of_an_opponents_deck():
    """SFDF: another player's deck holds one card; their own discard pile is shuffled to make
    the second, and both revealed minions are discarded: four counters."""
    game = scenario(hands=[["super-spies/permit-to-kill"], []], decks=[[], [INVADER]],
                    discards=[[WALKER], [SCOUT]],
                    bases=[{"base": OASIS, "minions": [COLLECTOR]}, TORTUGA])
    play(game, "play super-spies/permit-to-kill#1")
    assert where(game, f"{INVADER}#1") == "discard:1" and where(game, f"{SCOUT}#1") == "discard:1"
    assert where(game, f"{WALKER}#1") == "discard:0"  # the deck owner's pile, not the player's
    assert shuffled(game) == [1]
    # one opponent, one minion of yours: the four counters go on it without asking
    assert decision(game) == (0, "main")
    assert power(game, f"{COLLECTOR}#1") == 2 + 4


def test_informant_looks_at_three_past_the_end_of_the_deck():
    game = scenario(hands=[["super-spies/informant"], []], decks=[[INVADER], []],
                    discards=[[SCOUT, SHINOBI], []], bases=TWO)
    play(game, f"play super-spies/informant#1 @ base:{OASIS}")  # the only deck with cards
    assert sorted(options(game)) == sorted(one(INVADER, SCOUT, SHINOBI))
    play(game, f"{SHINOBI}#1", "choice:top", f"{INVADER}#1", "choice:bottom",
         f"{SCOUT}#1", "choice:top")
    assert deck(game) == one(SHINOBI, SCOUT, INVADER)


def test_operative_looks_at_two_past_the_bottom_of_the_deck():
    """Looking from the bottom: the one card left is the bottom card; the discard pile, shuffled,
    becomes the deck above it, and the look goes on upwards."""
    game = scenario(hands=[["super-spies/operative"], []], decks=[[INVADER], []],
                    discards=[[SCOUT], []], bases=TWO)
    play(game, f"play super-spies/operative#1 @ base:{OASIS}", "choice:bottom")
    assert options(game) == [*one(INVADER, SCOUT), "skip"]  # the bottom card first
    play(game, "skip", f"{INVADER}#1")  # the last pick becomes the bottom card
    assert deck(game) == one(INVADER, SCOUT)


def test_isis_swingin_pad_looks_past_the_end_of_a_deck():
    """The first minion played there (printed power 3) looks at three cards of a deck that
    holds one: the deck's owner's discard pile makes up the rest."""
    game = scenario(hands=[[INVADER], []], decks=[[], [SHINOBI]],
                    discards=[[], [ZAPBOT, CANNON]], bases=[PAD, OASIS])
    play(game, f"play {INVADER}#1 @ base:{PAD}", "yes")  # only player 1's deck has cards
    assert sorted(options(game)) == sorted(one(SHINOBI, ZAPBOT, CANNON))
    play(game, f"{CANNON}#1", f"{SHINOBI}#1")
    assert deck(game, 1) == one(CANNON, SHINOBI, ZAPBOT)


def test_monkey_see_monkey_do_reveals_five_past_the_end_of_the_deck():
    """The cards revealed from the deck are set aside, not in the discard pile: they are not
    shuffled into the new deck, and only the discard pile's cards are."""
    game = scenario(hands=[["cyborg-apes/monkey-see-monkey-do"], []], decks=[[SUMMON], []],
                    discards=[[INVADER, BEAM_UP, REX, CANNON], []], bases=TWO)
    play(game, "play cyborg-apes/monkey-see-monkey-do#1")
    assert sorted(options(game)) == sorted([*one(SUMMON, BEAM_UP, CANNON), "done"])
    play(game, f"{BEAM_UP}#1", "done")
    assert hand(game) == one(BEAM_UP)
    assert sorted(deck(game)) == sorted(one(SUMMON, INVADER, REX, CANNON))


def test_transmogrify_searches_an_empty_deck_after_refilling_it():
    """Ruling: the minion it destroys is already in the discard pile when the search starts;
    an empty deck is then that discard pile shuffled, so it may be found again."""
    game = scenario(hands=[["shapeshifters/transmogrify"], []], discards=[[ZAPBOT], []],
                    bases=[{"base": OASIS, "minions": [INVADER]}, TORTUGA])
    play(game, "play shapeshifters/transmogrify#1")
    assert sorted(options(game)) == sorted(one(INVADER, ZAPBOT))
    play(game, f"{ZAPBOT}#1", f"play {ZAPBOT}#1 @ base:{OASIS}")
    assert where(game, f"{ZAPBOT}#1") == f"minion@base:{OASIS}"


# ---- Cease and Desist ------------------------------------------------------------------------


def test_space_knight_reveals_three_past_the_end_of_the_deck():
    """C&D: the action among the three comes from the discard pile, shuffled into the deck."""
    game = scenario(decks=[[INVADER], []], discards=[["astroknights/use-the-fours", REX], []],
                    bases=[{"base": OASIS, "minions": ["astroknights/space-knight"]}, TORTUGA])
    play(game, "use astroknights/space-knight#1")
    assert options(game) == ["astroknights/use-the-fours#1", "skip"]
    play(game, "astroknights/use-the-fours#1", f"{REX}#1")
    assert hand(game) == ["astroknights/use-the-fours#1"]
    assert deck(game) == one(REX, INVADER)


def test_pupoks_draws_three_past_the_end_of_the_deck():
    game = scenario(vp=[2, 0], decks=[[INVADER], []], discards=[[BEAM_UP, REX], []],
                    bases=[{"base": OASIS, "minions": ["astroknights/pupoks"]}, TORTUGA])
    play(game, "use astroknights/pupoks#1")
    assert game.state.vp == [1, 0]
    assert hand(game) == sorted(one(INVADER, BEAM_UP, REX))
    assert game.state.decks[0] == [] and game.state.discards[0] == []


def test_prepare_for_battle_reveals_three_past_the_end_of_the_deck():
    game = scenario(hands=[["astroknights/prepare-for-battle"], []], decks=[[INVADER], []],
                    discards=[[BEAM_UP, REX], []], bases=TWO)
    play(game, "play astroknights/prepare-for-battle#1")
    assert sorted(options(game)) == sorted(one(INVADER, BEAM_UP, REX))
    play(game, f"{REX}#1", "choice:bottom")
    assert hand(game) == sorted(one(INVADER, BEAM_UP))
    assert deck(game) == one(REX)


# ---- Oops, You Did It Again ------------------------------------------------------------------


def test_gold_in_them_thar_hills_looks_at_three_past_the_end_of_the_deck():
    """Oops: "shuffle your discard pile to make your new deck, and keep going"."""
    game = scenario(hands=[["cowboys/gold-in-them-thar-hills"], []], decks=[[WALKER], []],
                    discards=[[INVADER, REX], []], bases=TWO)
    play(game, "play cowboys/gold-in-them-thar-hills#1")
    assert sorted(options(game)) == sorted(one(WALKER, INVADER, REX))
    play(game, f"{INVADER}#1", "skip", f"{REX}#1")
    assert hand(game) == one(INVADER)
    assert deck(game) == one(REX, WALKER)


def test_raiding_party_reveals_three_past_the_end_of_an_opponents_deck():
    """Oops: another player's deck holds one card; their discard pile is shuffled to make the
    other two, which may be played."""
    game = scenario(hands=[["vikings/raiding-party"], []], plays={"minion": 0, "action": 1},
                    decks=[[], [REX]], discards=[[], [INVADER, SUMMON]], bases=TWO)
    play(game, "play vikings/raiding-party#1")
    assert sorted(options(game)) == sorted([f"play {INVADER}#1 @ base:{OASIS}",
                                            f"play {INVADER}#1 @ base:{TORTUGA}",
                                            f"play {SUMMON}#1", "skip"])
    play(game, f"play {INVADER}#1 @ base:{TORTUGA}", f"{REX}#1")
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"
    assert deck(game, 1) == one(REX, SUMMON)


def test_cast_the_runes_looks_at_two_past_the_end_of_an_opponents_deck():
    game = scenario(hands=[["vikings/cast-the-runes"], [REX]], decks=[[], [INVADER]],
                    discards=[[], [COLLECTOR]], bases=TWO)
    play(game, "play vikings/cast-the-runes#1")
    assert sorted(options(game)) == sorted(one(INVADER, COLLECTOR))
    play(game, f"{COLLECTOR}#1")
    assert deck(game, 1) == one(COLLECTOR, INVADER)


def test_shield_maiden_reveals_from_an_opponents_empty_deck_after_refilling_it():
    """The top card of another player's empty deck: their discard pile, shuffled, is the deck."""
    game = scenario(hands=[["vikings/shield-maiden"], []], discards=[[WALKER], [SUMMON]],
                    bases=TWO)
    play(game, f"play vikings/shield-maiden#1 @ base:{OASIS}")
    assert where(game, f"{SUMMON}#1") == "hand:0"
    assert where(game, f"{WALKER}#1") == "discard:0"


# ---- Excellent Movies, Dudes! ----------------------------------------------------------------


def test_back_from_the_future_reveals_three_past_the_end_of_the_deck():
    """EMD: the deck runs out "in the middle of ... revealing": shuffle and keep going."""
    game = scenario(hands=[["backtimers/back-from-the-future"], []], decks=[[INVADER], []],
                    discards=[[SCOUT, COLLECTOR], []], bases=TWO)
    play(game, "play backtimers/back-from-the-future#1")
    assert sorted(options(game)) == sorted([*one(INVADER, SCOUT, COLLECTOR), "skip"])
    play(game, f"{SCOUT}#1", f"{COLLECTOR}#1")
    assert where(game, f"{SCOUT}#1") == "stasis:0"
    assert deck(game) == one(COLLECTOR, INVADER)


def test_lifelong_bully_looks_at_two_past_the_end_of_the_deck():
    """EMD: "in the middle of ... looking"."""
    game = scenario(hands=[["backtimers/lifelong-bully"], []], decks=[[INVADER], []],
                    discards=[[SCOUT], []], bases=TWO)
    play(game, f"play backtimers/lifelong-bully#1 @ base:{OASIS}")
    assert sorted(options(game)) == sorted([*one(INVADER, SCOUT), "skip"])
    play(game, f"{SCOUT}#1")
    assert where(game, f"{SCOUT}#1") == "stasis:0" and deck(game) == one(INVADER)


def test_watson_stops_revealing_at_the_end_of_the_deck():
    """EMD, the exception: revealing until a Wraith shows stops when the deck runs out; the
    Wraith in the discard pile is not reached, and nothing is shuffled part-way."""
    game = scenario(hands=[["wraithrustlers/watson"], []], decks=[[WALKER], []],
                    discards=[["wraithrustlers/slimy"], []], bases=TWO)
    play(game, f"play wraithrustlers/watson#1 @ base:{OASIS}", "choice:reveal")
    assert hand(game) == []
    assert where(game, "wraithrustlers/slimy#1") == "discard:0" and deck(game) == one(WALKER)


def test_hive_queen_takes_an_egg_field_from_the_discard_pile_of_an_empty_deck_as_it_lies():
    """Ruling: "search your deck and/or discard pile" with an empty deck searches the discard
    pile as it lies (shuffling it into a deck first would offer the same cards and take away
    the choice of searching the discard pile alone): nothing is shuffled."""
    game = scenario(hands=[["extramorphs/hive-queen"], []],
                    discards=[["extramorphs/egg-field", WALKER], []], bases=TWO)
    play(game, f"play extramorphs/hive-queen#1 @ base:{OASIS}")
    assert options(game) == ["extramorphs/egg-field#1", "skip"]
    play(game, "extramorphs/egg-field#1")
    assert hand(game) == ["extramorphs/egg-field#1"]
    assert where(game, f"{WALKER}#1") == "discard:0" and shuffled(game) == []


def test_egg_field_plays_a_head_grabber_from_the_discard_pile_of_an_empty_deck_as_it_lies():
    """The same ruling for "your hand, deck, and/or discard pile": with the deck empty, the
    Head Grabber in the discard pile is played from there and the pile is not shuffled."""
    game = scenario(hands=[["extramorphs/egg-field"], []],
                    discards=[["extramorphs/head-grabber", REX], []],
                    bases=[{"base": OASIS, "minions": [WALKER]}, TORTUGA])
    play(game, f"play extramorphs/egg-field#1 @ base:{OASIS}")
    assert options(game) == [f"play extramorphs/head-grabber#1 on {WALKER}#1", "skip"]
    play(game, f"play extramorphs/head-grabber#1 on {WALKER}#1")
    assert where(game, "extramorphs/head-grabber#1") == f"on:{WALKER}#1"
    assert where(game, f"{REX}#1") == "discard:0" and shuffled(game) == []
