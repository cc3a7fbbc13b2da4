"""The card resolution order (issue 30, item 5): a standard action just played goes to the
discard pile only after the abilities it triggered have resolved (engine/rules/resolution.py).

Rulebooks, "Card Resolution Order": Oops, You Did It Again (1. resolve the card just played;
2. finish the cards in the middle of resolving; 3. the cards in play it triggered; 4. the cards
in hand it triggered, Me First!; 5. discard the card of step 1 unless it was played on another
card); Science Fiction Double Feature (the same five steps); Cease and Desist (four steps:
resolve it, the cards in play it triggered, the cards in hand it triggered, then discard it).
"""

from smashup.testing import card_id, decision, options, play, scenario, where

B = "backtimers"
HELP = f"{B}/help-from-the-past"  # enters stasis: store a card from your discard pile under it
DISRUPT = f"{B}/disrupt-the-space-time-continuum"  # up to two hand cards go into stasis
AUGMENTATION = "dinosaurs/augmentation"  # a minion gets +4
UPGRADE = "dinosaurs/upgrade"  # played on a minion
HOWL = "dinosaurs/howl"
WALKER = "zombies/walker"
INVADER = "aliens/invader"
AGENT = "super-spies/secret-agent"  # an opponent plays an action: once resolved, they discard
GURU = "astroknights/alien-guru"  # may add a counter after your action boosts a minion
KNIGHT = "astroknights/space-knight"
OASIS = "jungle-oasis"
TORTUGA = "tortuga"


def test_a_triggered_ability_cannot_take_the_action_just_played_from_the_discard_pile():
    """Oops/SFDF step 5, C&D step 4: Disrupt the Space-Time Continuum puts Help From the Past
    into stasis; Help From the Past's ability (triggered by that) stores a card from your
    discard pile. Disrupt is still resolving, not in the discard pile, so it is not offered;
    once that ability has resolved, Disrupt goes to the discard pile."""
    game = scenario(hands=[[DISRUPT, HELP], []], discards=[[HOWL, WALKER], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {DISRUPT}#1", f"{HELP}#1")  # (its only other hand card)
    assert decision(game) == (0, "choose_card")
    assert options(game) == [f"{HOWL}#1", f"{WALKER}#1"]
    assert where(game, f"{DISRUPT}#1") == "aside:0"  # face up, where it resolved
    play(game, f"{HOWL}#1")
    assert where(game, f"{HOWL}#1") == f"stored:{HELP}#1"
    assert where(game, f"{DISRUPT}#1") == "discard:0"
    assert game.state.discards[0] == [card_id(game, f"{WALKER}#1"),
                                      card_id(game, f"{DISRUPT}#1")]
    assert decision(game) == (0, "main")


def test_the_discard_waits_for_a_mandatory_trigger_and_is_never_a_choice_itself():
    """Secret Agent (another player's) answers the action: its player discards a card once the
    action has resolved. Only that ability waits (no "which resolves first?" choice with the
    discard step); meanwhile the action is aside, then in its owner's discard pile, after the
    card the Agent made them discard."""
    game = scenario(hands=[[AUGMENTATION, WALKER, INVADER], []],
                    bases=[{"base": OASIS, "minions": [{"card": AGENT, "controller": 1}, KNIGHT]},
                           TORTUGA])
    play(game, f"play {AUGMENTATION}#1", f"{KNIGHT}#1")
    assert decision(game) == (0, "discard")
    assert where(game, f"{AUGMENTATION}#1") == "aside:0"
    play(game, f"{WALKER}#1")
    assert game.state.discards[0] == [card_id(game, f"{WALKER}#1"),
                                      card_id(game, f"{AUGMENTATION}#1")]
    assert game.state.pending == []


def test_the_discard_waits_for_an_optional_trigger_offered_in_me_first():
    """Alien Guru's "may" answers the boost: while it is offered the action is aside; after
    the pass it is in the discard pile. The offer names only the Guru and pass."""
    game = scenario(hands=[[AUGMENTATION], []],
                    bases=[{"base": OASIS, "minions": [GURU, KNIGHT]}, TORTUGA])
    play(game, f"play {AUGMENTATION}#1", f"{KNIGHT}#1")
    assert options(game) == [f"trigger {GURU}#1", "pass"]
    assert where(game, f"{AUGMENTATION}#1") == "aside:0"
    play(game, "pass")
    assert where(game, f"{AUGMENTATION}#1") == "discard:0"


def test_an_action_that_triggers_nothing_is_discarded_at_once():
    game = scenario(hands=[[AUGMENTATION], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"play {AUGMENTATION}#1")  # a single minion: chosen without asking
    assert where(game, f"{AUGMENTATION}#1") == "discard:0"
    assert game.state.pending == []
    assert decision(game) == (0, "main")


def test_an_action_played_on_a_minion_stays_on_it():
    """Step 5: "unless it was played on another card"."""
    game = scenario(hands=[[UPGRADE], []],
                    bases=[{"base": OASIS, "minions": [GURU, KNIGHT]}, TORTUGA])
    play(game, f"play {UPGRADE}#1 on {KNIGHT}#1", "pass")
    assert where(game, f"{UPGRADE}#1") == f"on:{KNIGHT}#1"
