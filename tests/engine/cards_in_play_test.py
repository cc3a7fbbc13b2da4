"""A card in play is one query, ``query.cards_in_play``, that every card whose text says "a card"
(in play, here, beside a base) uses, and ``mechanics.choose_card_in_play`` to pick one.

Rulebook passages checked:

- Oops, "Burying", Status: "A buried card is not affected by abilities that target minions,
  actions, or any other card type. They are affected by abilities that target 'cards'. A buried
  card is controlled by the player who buried it, and its controller is considered its owner
  until it is uncovered or discarded. [...] A buried card's abilities may not be triggered
  until after it is uncovered."
- EMD, "Stored Cards": "Stored cards are considered in play, but their abilities are not
  active, and they cannot be affected by abilities that do not mention stored cards."
- EMD, "Being in stasis", 3: cards in stasis "may not be affected by, or chosen as the target
  of, any ability that does not refer to stasis".
"""

import re
from typing import Any

import pytest

import smashup.cards  # noqa: F401  (registers every card)
from smashup.cards.helpers import Ctx, cards_in_play, destroy
from smashup.engine.api.game import Game
from smashup.engine.core.defs import REGISTRY
from smashup.narrate import Narrator
from smashup.testing import card_id, decision, options, play, scenario, where

OASIS = "jungle-oasis"  # no ability
BRAIN = "the-central-brain"
PORTAL = "rooftop-portal"
SLIP = "time-travelers/into-the-time-slip"
COACH = "cowboys/stagecoach"
NUKE = "extramorphs/nuke-it-from-orbit"
RANSACK = "vikings/ransack"
INVADER = "aliens/invader"
PROBE = "aliens/probe"
REX = "dinosaurs/king-rex"
WALKER = "zombies/walker"
GREMLIN = "tricksters/gremlin"  # after it is destroyed: draw, each other player discards
UPGRADE = "dinosaurs/upgrade"
OVERRUN = "zombies/overrun"

HIDDEN_WALKER = f"choice:face-down-at-{OASIS}-of-player-2"
"""The option that names player 1's buried card at Jungle Oasis by its place (hidden from 0)."""


def names(game: Game, cards: list[int]) -> list[str]:
    return [game.state.names[c] for c in cards]


def board(**more: Any) -> Game:
    """At Jungle Oasis: player 0's Invader (a Probe stored under it, an Upgrade on it), player
    1's Overrun on the base, player 0's buried King Rex and player 1's buried Walker; player 1's
    Gremlin in stasis. Central Brain is empty."""
    fields: dict[str, Any] = dict(
        hands=[[], []], stasis=[[], [GREMLIN]],
        bases=[{"base": OASIS,
                "minions": [{"card": INVADER, "stored": [PROBE], "attached": [UPGRADE]}],
                "actions": [{"card": OVERRUN, "owner": 1}],
                "buried": [{"card": REX, "controller": 0},
                           {"card": WALKER, "controller": 1}]},
               BRAIN])
    fields.update(more)
    return scenario(**fields)


def test_cards_in_play_are_minions_actions_and_buried_cards_not_stored_or_stasis_cards():
    game = board()
    g = game.state
    assert names(game, cards_in_play(g)) == [f"{INVADER}#1", f"{OVERRUN}#1", f"{UPGRADE}#1",
                                             f"{REX}#1", f"{WALKER}#1"]
    assert names(game, cards_in_play(g, player=1)) == [f"{OVERRUN}#1", f"{WALKER}#1"]
    assert cards_in_play(g, 1) == []  # at Central Brain: nothing
    assert where(game, f"{PROBE}#1") == f"stored:{INVADER}#1"
    assert where(game, f"{GREMLIN}#1") == "stasis:1"


# ---- every card whose text says "card" uses the query ------------------------------------------


def _slip(game: Game) -> list[str]:
    play(game, f"play {SLIP}#1")
    return options(game)


def _coach(game: Game) -> list[str]:
    play(game, f"play {COACH}#1")
    if decision(game)[1] == "choose_base":
        play(game, f"base:{OASIS}")
    return options(game)


def _ransack(game: Game) -> list[str]:
    play(game, f"play {RANSACK}#1")
    return options(game)


IN_PLAY_CHOICES = {
    # card: (how it is started, the options it must offer, those it must not)
    SLIP: (_slip, [f"{REX}#1", HIDDEN_WALKER, f"{INVADER}#1", f"{UPGRADE}#1"], [f"{PROBE}#1"]),
    COACH: (_coach, [f"{REX}#1", f"{INVADER}#1"], [f"{PROBE}#1", HIDDEN_WALKER]),
    RANSACK: (_ransack, [f"{REX}#1", HIDDEN_WALKER, f"{UPGRADE}#1"], [f"{PROBE}#1"]),
}
"""The cards that choose "a card" in play: each is offered the buried cards the text reaches,
never a stored card."""

CARD_TEXTS = {
    **{key: "chooses a card in play (IN_PLAY_CHOICES)" for key in IN_PLAY_CHOICES},
    NUKE: "destroys every other card on its base, buried ones included (tested below)",
    PORTAL: "answers a card destroyed here, a buried one included (tested below)",
    "aliens/terraforming": "cards on a swapped base stay: the slot keeps every zone at it",
    "shapeshifters/mimic": "a minion card in play: a minion, not a card",
    "star-roamers/ensign": "a card an opponent plays (its source), not a card in play",
    "tricksters@original/brownie": "an opponent's card that affects this minion (a source)",
    "star-roamers/science-officer": "a card's name for the extra play (in hand)",
    "ninjas/ninja-acolyte": "the Acolyte itself goes back to a hand",
    "shoguns-palace": "cards drawn",
    "tricksters/gremlin": "a random card from a hand",
    "star-portal": "a card buried here (the burying, not a target)",
    "ancient-egyptians/lost-knowledge": "buries from hand, uncovers your buried card (names it)",
    "ancient-egyptians/mummy-strength": "whether a card lies buried (a count)",
    "ancient-egyptians/pharaoh": "buried cards by name",
    "ancient-egyptians/priest-of-anubis": "whether a card of yours lies buried (a count)",
    "ancient-egyptians/pyramid-engineer": "buried cards by name; a card from hand",
    "ancient-egyptians/seal-the-tomb": "buried cards by name; cards from hand",
    "astroknights/its-a-trap": "cards of a deck",
    "backtimers/alex-p-mcglide": "cards in hand and in stasis",
    "backtimers/disrupt-the-space-time-continuum": "cards in hand",
    "backtimers/lightning-strike": "stasis counters of cards in stasis",
    "cowboys/dynamite-surprise": "cards of a hand or deck",
    "faceless-city": "a card of a deck",
    "isis-swingin-pad": "cards of a deck",
    "super-spies/from-q-with-love": "a card from hand",
    "super-spies/secret-agent": "a card from hand",
    "vikings/pillage": "a card of a hand",
    "vikings/raider": "cards from hand",
    "vikings/valkyrie": "a card of a discard pile",
    "wizards/mass-enchantment": "cards of decks",
    "wraithrustlers/the-tools-and-the-talent": "a card of a deck",
    "zombies/lend-a-hand": "cards of a discard pile",
    "zombies/mall-crawl": "cards of a deck",
    "zombies/tenacious-z": "cards played from a discard pile",
}
"""Every card whose text, once phrases about hands, decks, discard piles, stasis and stored
cards are set aside, still says "card": what that card means by it."""

_OTHER_ZONES = [
    r"\b(draws?|drawn|discards?|discarded)( up to)?( a| one| two| three| \d| an extra| another"
    r"| more| random| \w+)* cards?\b",
    r"\bcards?( \w+){0,3} (from|in|into|on top of|off the top of|under|onto|to) (your|their|his"
    r"|her|its|a|each|any|another|the|that|this)( \w+){0,3} (hand|deck|discard pile)s?\b",
    r"\b(top|bottom|three top|top three|top two|two top|top five) cards?\b",
    r"\b(this|that|the|dual|extra|hand) cards?\b", r"\bcards? (in|into) (hand|stasis)\b",
    r"\bstored cards?\b", r"\bcards? of (other )?players\b", r"\bplayers?'? cards\b",
]


def _says_card(text: str) -> bool:
    for pattern in _OTHER_ZONES:
        text = re.sub(pattern, " ", text, flags=re.I)
    return re.search(r"\bcards?\b", text, re.I) is not None


def test_every_card_text_that_says_card_is_accounted_for():
    """A card whose text reaches "a card" in play must use ``cards_in_play`` (and be tested
    here); any other use of the word is named. A new card saying "card" fails until it is."""
    texts = {**{k: d.text for k, d in REGISTRY.cards.items()},
             **{k: b.text for k, b in REGISTRY.bases.items()}}
    unread = sorted(k for k, text in texts.items() if _says_card(text or "")
                    and k not in CARD_TEXTS)
    assert unread == []
    assert _says_card(texts[SLIP]) and not _says_card("Draw two cards.")


@pytest.mark.parametrize("key", sorted(IN_PLAY_CHOICES))
def test_a_card_in_play_text_reaches_buried_cards_but_never_stored_ones(key: str):
    """Each card choosing "a card" is offered the buried cards (its own by name, another
    player's hidden one by its place) and never a stored card, whatever helper it uses."""
    start, offered, never = IN_PLAY_CHOICES[key]
    game = board(hands=[[key], []])
    got = start(game)
    assert [o for o in offered if o not in got] == []
    assert [o for o in never if o in got] == []


def test_into_the_time_slip_returns_a_buried_card_to_the_hand_of_its_burier():
    """Oops: the burier "is considered its owner until it is uncovered or discarded", so "its
    owner's hand" is the burier's; the card leaves face down: a player who did not know it
    does not learn it."""
    game = board(hands=[[SLIP], []],
                 bases=[{"base": OASIS, "buried": [{"card": REX, "owner": 1, "controller": 0}]},
                        BRAIN])
    play(game, f"play {SLIP}#1")  # the only card in play: no question
    rex = card_id(game, f"{REX}#1")
    assert where(game, f"{REX}#1") == "hand:0"
    assert game.state.controller[rex] == game.state.owner[rex] == 1  # no longer the burier's
    returned = [e for e in game.events_for(1) if e["kind"] == "returned"]
    assert len(returned) == 1 and returned[0]["card"] == "a card"
    mine = [e for e in game.events_for(0) if e["kind"] == "returned"]
    assert mine[0]["card"] == rex
    told = " ".join(Narrator(game, viewer=1).narrate(game.events_for(1)))
    assert "returns to" in told and "King Rex" not in told


def test_into_the_time_slip_on_another_players_hidden_buried_card():
    game = board(hands=[[SLIP], []])
    play(game, f"play {SLIP}#1", HIDDEN_WALKER)  # the only card of that group
    assert where(game, f"{WALKER}#1") == "hand:1"
    returned = [e for e in game.events_for(0) if e["kind"] == "returned"]
    assert returned[0]["card"] == "a card"  # player 0 picked it unseen and still has not seen it


def test_nuke_it_from_orbit_destroys_buried_cards_which_answer_nothing_of_their_own():
    """"All other cards on it" includes buried cards: destroyed (not discarded with the base),
    to their owners' discard piles; a buried Gremlin's "after this minion is destroyed" does not
    fire (its abilities wait until it is uncovered). The stored Probe is not destroyed: it goes
    with its host."""
    game = board(bases=[{"base": OASIS,
                         "minions": [{"card": INVADER, "stored": [PROBE]}],
                         "actions": [{"card": NUKE}],
                         "buried": [{"card": GREMLIN, "controller": 1},
                                    {"card": REX, "owner": 1, "controller": 0}]}, BRAIN],
                 stasis=[[], []], hands=[[WALKER], [WALKER]], base_deck=["tortuga"])
    play(game, f"use {NUKE}#1")
    destroyed = [game.state.names[e["card"]] for e in game.events
                 if e["kind"] == "destroyed" and e.get("was") == "buried"]
    assert sorted(destroyed) == [f"{REX}#1", f"{GREMLIN}#1"]
    assert where(game, f"{GREMLIN}#1") == "discard:1"
    assert where(game, f"{REX}#1") == "discard:1"  # its real owner's, once discarded
    assert where(game, f"{PROBE}#1") == "discard:0"
    assert not any(e["kind"] == "destroyed" and game.state.names[e["card"]] == f"{PROBE}#1"
                   for e in game.events)
    assert len(game.state.hands[0]) == 1 and len(game.state.hands[1]) == 1  # no Gremlin


def test_a_buried_card_destroyed_here_counts_for_rooftop_portal():
    """Rooftop Portal: "after you destroy a card here" — a buried card is a card."""
    game = scenario(bases=[{"base": PORTAL, "minions": [INVADER],
                            "buried": [{"card": REX, "controller": 1}]}, OASIS])
    g = game.state
    invader, rex = card_id(game, f"{INVADER}#1"), card_id(game, f"{REX}#1")
    gen = destroy(Ctx(g, invader, 0), rex)
    with pytest.raises(StopIteration):
        next(gen)
    assert where(game, f"{REX}#1") == "discard:1"
    portal = [p for p in g.pending if p.kind == "trigger" and p.is_base]
    assert [(p.player, p.me) for p in portal] == [(0, 0)]
