"""The top cards of a deck (``decks.top_cards``), the one place for the empty-deck rule, and
what is built on it: drawing, looking, searching and revealing until.

The rulebooks, from the oldest to the newest wording:
- core, "Draw 2 Cards": "If you need to draw or reveal a card and your deck is empty, shuffle
  your discard pile ... that's your new deck. Start drawing from there."
- Cease and Desist, "Draw 2 Cards": the same for "draw, reveal, search for or look at a card".
- SFDF and Oops, "Draw 2 Cards": "if you need to draw, reveal, search for, or look at a card and
  your deck is empty, shuffle your discard pile to make your new deck, and keep going."
- EMD, "Draw 2 Cards": "If a deck is empty when you need to start drawing, searching for,
  revealing, or looking at cards from it, then shuffle its discard pile to make the new deck,
  and keep going. You also shuffle the discard pile if the deck runs out in the middle of
  drawing, revealing, or looking for cards - but not when searching." Exception: "If you are
  revealing cards until a condition is fulfilled ... if the deck runs out first, stop
  revealing."

Rulings where the texts leave a question: the group of N cards is counted before any of it
moves, so the cards already counted (in hand, revealed, set aside) are never shuffled back in;
the discard pile shuffled is always the deck owner's (an opponent's deck takes its owner's
discard pile); a deck and discard pile together short of N give what there is."""

from smashup.engine.mechanics.looking import look_at_deck, look_teaches
from smashup.engine.mechanics.revealing import reveal_until
from smashup.engine.rules.decks import deck_to_search, draw, top_cards
from smashup.testing import card_id, scenario, where

BASES = ["jungle-oasis", "tortuga"]
INVADER, SCOUT, COLLECTOR = "aliens/invader", "aliens/scout", "aliens/collector"
REX, WALKER, SUMMON = "dinosaurs/king-rex", "zombies/walker", "wizards/summon"


def ids(game, *names: str) -> list[int]:
    return [card_id(game, n) for n in names]


def shuffles(game) -> list[int]:
    return [ev["player"] for ev in game.state.events if ev["kind"] == "shuffled"]


def test_a_deck_that_runs_out_part_way_is_topped_up_from_the_discard_pile():
    """EMD: the discard pile is shuffled "if the deck runs out in the middle of drawing,
    revealing, or looking"; the cards already counted stay on top, in their order."""
    game = scenario(decks=[[INVADER, SCOUT], []], discards=[[REX, WALKER, COLLECTOR], []],
                    bases=BASES)
    g = game.state
    top = top_cards(g, 0, 4)
    assert top[:2] == ids(game, f"{INVADER}#1", f"{SCOUT}#1")
    assert set(top[2:]) < set(ids(game, f"{REX}#1", f"{WALKER}#1", f"{COLLECTOR}#1"))
    assert len(top) == 4 and g.decks[0][:4] == top  # they stay in the deck
    assert g.discards[0] == [] and len(g.decks[0]) == 5
    assert where(game, f"{REX}#1") == "deck:0"
    assert shuffles(game) == [0]


def test_a_deck_that_holds_enough_is_not_touched():
    """No card is counted past the deck's end: the discard pile stays, nothing is shuffled (the
    games that never run out play exactly as before)."""
    game = scenario(decks=[[INVADER, SCOUT, REX], []], discards=[[WALKER], []], bases=BASES)
    g = game.state
    rng = g.rng
    assert top_cards(g, 0, 3) == ids(game, f"{INVADER}#1", f"{SCOUT}#1", f"{REX}#1")
    assert g.discards[0] == ids(game, f"{WALKER}#1") and shuffles(game) == [] and g.rng == rng
    assert top_cards(g, 0, 0) == [] and top_cards(g, 0, -1) == []


def test_deck_and_discard_pile_together_short_of_n_give_what_there_is():
    """Ruling: there is nothing more to take; the count stops (no loop, no second shuffle)."""
    game = scenario(decks=[[INVADER], []], discards=[[SCOUT], []], bases=BASES)
    g = game.state
    assert top_cards(g, 0, 5) == ids(game, f"{INVADER}#1", f"{SCOUT}#1")
    assert shuffles(game) == [0]
    empty = scenario(bases=BASES)
    assert top_cards(empty.state, 0, 3) == [] and shuffles(empty) == []


def test_an_opponents_deck_is_topped_up_from_its_owners_discard_pile():
    """Ruling (EMD: "shuffle its discard pile"): the deck's own discard pile, whoever reads
    the deck; the reader's discard pile stays where it is."""
    game = scenario(decks=[[], [INVADER]], discards=[[WALKER], [SCOUT]], bases=BASES)
    g = game.state
    assert top_cards(g, 1, 2) == ids(game, f"{INVADER}#1", f"{SCOUT}#1")
    assert where(game, f"{SCOUT}#1") == "deck:1" and where(game, f"{WALKER}#1") == "discard:0"
    assert shuffles(game) == [1]


def test_cards_counted_from_the_bottom_stay_underneath_the_new_cards():
    """Looking at cards from the bottom (Operative): the new deck goes above the cards already
    counted, which stay at the bottom."""
    game = scenario(decks=[[INVADER, SCOUT], []], discards=[[REX], []], bases=BASES)
    g = game.state
    assert top_cards(g, 0, 3, bottom=True) == ids(game, f"{SCOUT}#1", f"{INVADER}#1",
                                                   f"{REX}#1")
    assert g.decks[0] == ids(game, f"{REX}#1", f"{INVADER}#1", f"{SCOUT}#1")


def test_drawing_keeps_going_and_never_draws_a_drawn_card_again():
    """Core: "Start drawing from there"; SFDF: "and keep going". The card drawn before the deck
    ran out is in hand, not in the discard pile: it is not shuffled back in."""
    game = scenario(decks=[[INVADER], []], discards=[[SCOUT, REX], []], bases=BASES)
    g = game.state
    drawn = draw(g, 0, 2)
    assert drawn[0] == card_id(game, f"{INVADER}#1") and len(set(drawn)) == 2
    assert sorted(g.hands[0]) == sorted(drawn)
    assert len(g.decks[0]) == 1 and g.discards[0] == []
    # three cards in all: drawing five takes the three
    game = scenario(decks=[[INVADER], []], discards=[[SCOUT, REX], []], bases=BASES)
    assert len(draw(game.state, 0, 5)) == 3 and game.state.decks[0] == []


def test_a_look_keeps_going_and_the_other_players_learn_nothing():
    """EMD: "in the middle of ... looking"; the looker learns the new cards, nobody else."""
    game = scenario(decks=[[INVADER], []], discards=[[SCOUT], []], bases=BASES)
    g = game.state
    assert look_at_deck(g, 0, 3, 0) == ids(game, f"{INVADER}#1", f"{SCOUT}#1")
    assert card_id(game, f"{SCOUT}#1") in g.known[0]
    assert card_id(game, f"{SCOUT}#1") not in g.known[1]


def test_a_short_deck_with_a_discard_pile_always_has_something_to_show():
    """A look that would run into the discard pile shows cards nobody knows the order of, so
    it teaches the looker something even when they know the whole deck."""
    game = scenario(decks=[[INVADER], []], discards=[[SCOUT], []], bases=BASES)
    g = game.state
    g.known[0].add(card_id(game, f"{INVADER}#1"))
    assert not look_teaches(g, 0, 1, 0)
    assert look_teaches(g, 0, 2, 0)


def test_a_search_refills_an_empty_deck_first_and_only_then():
    """EMD: a deck empty "when you need to start ... searching" is refilled; a search sees the
    whole deck at once, so nothing is shuffled part-way ("but not when searching")."""
    game = scenario(discards=[[INVADER, SCOUT], []], bases=BASES)
    g = game.state
    assert sorted(deck_to_search(g, 0)) == sorted(ids(game, f"{INVADER}#1", f"{SCOUT}#1"))
    assert g.discards[0] == [] and shuffles(game) == [0]
    game = scenario(decks=[[INVADER], []], discards=[[SCOUT], []], bases=BASES)
    assert deck_to_search(game.state, 0) == ids(game, f"{INVADER}#1")
    assert shuffles(game) == [] and where(game, f"{SCOUT}#1") == "discard:0"
    # "your deck and/or discard pile": an empty deck is taken as it is
    game = scenario(discards=[[INVADER], []], bases=BASES)
    assert deck_to_search(game.state, 0, refill=False) == [] and shuffles(game) == []


def test_revealing_until_stops_at_the_end_of_the_deck():
    """EMD, the exception: revealing until something shows stops when the deck runs out (no
    reshuffle); an empty deck at the start is refilled first."""
    game = scenario(decks=[[SUMMON], []], discards=[[INVADER], []], bases=BASES)
    g = game.state
    assert reveal_until(g, 0, lambda c: g.defs[c].kind == "minion") is None
    assert where(game, f"{SUMMON}#1") == "revealed:0"
    assert where(game, f"{INVADER}#1") == "discard:0" and shuffles(game) == []
    game = scenario(discards=[[SUMMON, INVADER], []], bases=BASES)
    g = game.state
    assert reveal_until(g, 0, lambda c: g.defs[c].kind == "minion") == card_id(
        game, f"{INVADER}#1")
    assert shuffles(game) == [0]
