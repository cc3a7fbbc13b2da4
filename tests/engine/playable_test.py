"""Whether a card may be played is one rule for every card of every set.

Core rulebook, "Void Where Prohibited": "You can play a card even if its ability can't happen.
For example, you can play an action that destroys a minion even if no minions are in play."
(Oops, SFDF and EMD: "even if its ability can't or doesn't happen".) A card in hand is
playable whenever a play of its kind is left, no restriction in force bars it and, for a card
played on a base or a minion, there is one it may go on. What its ability would do never
matters: an action that would do nothing is marked so (``game.would_do_nothing``), never
refused. The only conditions are those a card's own text gives for where or when it is
played (``PLAY_CONDITIONS``).
"""

from __future__ import annotations

import random

import pytest

from smashup.engine.core.defs import REGISTRY, CardDef
from smashup.testing import options, scenario

A, B = "jungle-oasis", "the-central-brain"  # bases with no ability that bars a play
MINE_BIG = "dinosaurs/king-rex"  # power 7, no ability
MINE_SMALL = "zombies/walker"  # power 2
THEIRS = "zombies/walker"

PLAY_CONDITIONS = {
    # played on a minion: the text names which one
    "ninjas/smoke-bomb": "play on one of your minions",
    "cyborg-apes/missing-uplink": "play on your minion",
    "cyborg-apes/monkey-on-your-back": "play on your minion",
    "changerbots/change-into-a-gun": "play on one of your minions",
    "changerbots/flighterizer": "play on one of your minions",
    "changerbots/matrix-of-bossiness": "play on one of your minions",
    "changerbots/the-touch": "play on one of your minions",
    "samurai/final-haiku": "play on one of your minions",
    "vikings/viking-funeral": "play on one of your minions of power 5 or more",
    "extramorphs/head-grabber": "play on a minion of power 3 or less",
    # played on a base: the text names which one
    "star-roamers/protector-fields": "play on a base where you have a minion",
    # played only when its text says: "Special: play before / after a base scores"
    "samurai/heart-of-the-battle": "Special: play before a base scores",
    "time-travelers/time-is-fleeting": "Special: play after a base scores",
    "time-travelers/wormhole": "Special: play after a base scores",
    "action-heroes/final-stand": "Special: play before a base scores",
    "action-heroes/walk-away-slowly": "Special: play after a base scores",
}
"""Every card whose text gives a condition on where or when it is played, with that text."""

PREVIOUSLY_REFUSED = [
    "cowboys/dynamite-surprise", "cowboys/form-a-posse", "cowboys/gold-in-them-thar-hills",
    "cowboys/high-noon", "cowboys/quick-draw", "cowboys/run-em-off", "cowboys/stagecoach",
    "vikings/berserk", "vikings/combat-training", "vikings/pillage", "vikings/raiding-party",
    "vikings/ransack", "samurai/code-of-bushido", "samurai/honor-the-ancestors",
    "samurai/honorable-combat", "samurai/way-of-the-warrior", "samurai/yokai-attack",
    "astroknights/its-a-trap", "changerbots/change-up-and-roll-on",
]
"""Actions that were refused ("it cannot be played now") when they had nothing to act on."""

ALL_CARDS = sorted(REGISTRY.cards)


def faces(d: CardDef) -> list[CardDef]:
    return [d] if d.alt is None else [d, d.alt]


def plays_of(game, key: str) -> list[str]:
    return [o for o in options(game) if o.split(" ")[:2] == ["play", f"{key}#1"]]


def empty_position(key: str):
    """Only ``key`` in player 0's hand; no card anywhere else but two bases: nothing in play,
    empty decks and discard piles, the other player's hand empty."""
    return scenario(hands=[[key], []], bases=[A, B])


def board_position(key: str):
    """``key`` in hand; player 0 has a power-7 and a power-2 minion at A, player 1 one at B."""
    return scenario(hands=[[key], []],
                    bases=[{"base": A, "minions": [MINE_BIG, MINE_SMALL]},
                           {"base": B, "minions": [{"card": THEIRS, "controller": 1,
                                                    "owner": 1}]}])


def test_the_factions_are_all_there():
    factions = {d.faction for d in REGISTRY.cards.values()}
    assert len(factions) == 24 and len(ALL_CARDS) > 300


def test_the_play_conditions_are_exactly_those_the_card_texts_give():
    """A card that refuses a play has a condition in its text, listed here; no other card may
    (a standard action has no condition at all: ``defs.check_playability``)."""
    found = {key for key, d in REGISTRY.cards.items()
             if any(f.can_target is not None or f.special_only for f in faces(d))}
    assert found == set(PLAY_CONDITIONS)
    for key in found:
        d = REGISTRY.cards[key]
        assert d.special_only == PLAY_CONDITIONS[key].startswith("Special")
        assert d.kind == "minion" or (d.play_on is None) == d.special_only


def test_a_standard_action_with_a_condition_of_its_own_is_refused_at_registration():
    from smashup.cards.api import Faction

    with pytest.raises(ValueError, match="no play condition of its own"):
        Faction("Test Picky Actions", "core").action(
            "Picky", can_target=lambda g, me, target, player: False)
    REGISTRY.factions.pop("test-picky-actions", None)
    REGISTRY.faction_sets.pop("test-picky-actions", None)


@pytest.mark.parametrize("key", ALL_CARDS)
def test_every_card_is_playable_when_its_ability_has_nothing_to_act_on(key):
    """Empty board, decks, discard piles and other hands: every minion and every action may be
    played, but a card played on a minion (there is none) and one whose text gives a
    condition; the reasons say why."""
    d = REGISTRY.cards[key]
    game = empty_position(key)
    plays = plays_of(game, key)
    reason = game.why_not(f"{key}#1")
    as_minion = [o for o in plays if " @ base:" in o and d.kind == "minion"]
    as_action = [o for o in plays if o not in as_minion]
    if d.kind == "minion":
        assert len(as_minion) == 2, plays
    for face in faces(d):
        if face.kind != "action":
            continue
        if face.play_on == "minion":
            assert as_action == []
            assert reason == "it is played on a minion, and there is none in play"
        elif key in PLAY_CONDITIONS:
            assert as_action == [], PLAY_CONDITIONS[key]
            assert reason is not None and reason != "there is no legal way to play it now"
        else:
            assert as_action, f"{key}: an action with no condition in its text is refused"
    if plays:
        assert reason is None


@pytest.mark.parametrize("key", [k for k in ALL_CARDS if any(
    f.kind == "action" and f.play_on is not None for f in faces(REGISTRY.cards[k]))])
def test_every_card_played_on_a_minion_or_base_is_playable_where_one_fits(key):
    """With minions of both players in play (yours of power 7 and 2), every action played on a
    minion or a base has somewhere to go, whatever its text's condition."""
    game = board_position(key)
    assert plays_of(game, key), game.why_not(f"{key}#1")
    assert game.why_not(f"{key}#1") is None


@pytest.mark.parametrize("key", PREVIOUSLY_REFUSED)
def test_an_action_with_nothing_to_act_on_is_offered_and_marked_as_doing_nothing(key):
    game = empty_position(key)
    assert plays_of(game, key) == [f"play {key}#1"]
    assert game.why_not(f"{key}#1") is None
    assert game.would_do_nothing(f"{key}#1")
    assert game.observation(0)["warnings"] == {f"{key}#1": "playing it now would have no effect"}


@pytest.mark.parametrize("key", [k for k in ALL_CARDS
                                 if k not in PLAY_CONDITIONS
                                 and REGISTRY.cards[k].kind == "action"
                                 and REGISTRY.cards[k].play_on != "minion"])
def test_every_action_played_with_nothing_to_act_on_resolves(key):
    """Played on the empty position, each action resolves whatever is chosen (choices taken at
    random) and leaves its player at their Play Cards decision, with the card gone from hand."""
    game = empty_position(key)
    play_opts = plays_of(game, key)
    game.apply(play_opts[0])
    rng = random.Random(key)
    for _ in range(50):
        req = game.request
        if req is None or (req.kind == "main" and req.player == 0):
            break
        game.apply(rng.randrange(len(game.legal_actions())))
    assert game.request is not None and game.request.kind == "main"
    assert f"{key}#1" not in [game.state.names[c] for c in game.state.hands[0]]
