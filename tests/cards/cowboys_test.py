"""Cowboys (Oops, You Did It Again) and their bases Saloon and So-so Corral: each card's
ability, scripted strictly on a described board; the duel framework (engine/mechanics/duels.py) as
these
cards meet it: face-down cards hidden from the other seats, dueling actions played without a
play, duels that stop, no second duel; Dynamite Surprise answering another player's card seeing
into a hand or deck (the ``by`` and ``places`` of the ``revealed`` event)."""

import json

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

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
SALOON = "saloon"
CORRAL = "so-so-corral"

CB = "cowboys"
SHERIFF = f"{CB}/sheriff"
PINKERTON = f"{CB}/pinkerton"
GUNFIGHTER = f"{CB}/gunfighter"
DEPUTY = f"{CB}/deputy"
DYNAMITE = f"{CB}/dynamite-surprise"
POSSE = f"{CB}/form-a-posse"
GOLD = f"{CB}/gold-in-them-thar-hills"
STRIKE = f"{CB}/gold-strike"
NOON = f"{CB}/high-noon"
QUICK = f"{CB}/quick-draw"
RUN = f"{CB}/run-em-off"
COACH = f"{CB}/stagecoach"

INVADER = "aliens/invader"  # power 3; on play, gain 1 VP
COLLECTOR = "aliens/collector"  # power 2
WALKER = "zombies/walker"  # power 2
REX = "dinosaurs/king-rex"  # power 7, no ability
WARBOT = "robots/warbot"  # power 4, cannot be destroyed
PROBE = "aliens/probe"  # look at another player's hand
BEAM_UP = "aliens/beam-up"  # return a minion to its owner's hand


def theirs(card: str, **more) -> dict:
    return {"card": card, "controller": 1, **more}


def at(base: str, *minions: object, **more) -> dict:
    return {"base": base, "minions": list(minions), **more}


def hand(game, p: int = 0) -> list[str]:
    return sorted(game.state.names[c] for c in game.state.hands[p])


def seen(game, p: int) -> str:
    return json.dumps(game.observation(p))


FILLER = [[WALKER] * 5, [WALKER] * 5]


# ---- Gunfighter and the duel itself --------------------------------------------------------------


def test_gunfighter_duels_a_minion_here_and_the_loser_is_destroyed():
    """Ruling: the Gunfighter's own ability destroys the loser (a minion's ability)."""
    game = scenario(hands=[[GUNFIGHTER], []], bases=[at(OASIS, theirs(COLLECTOR)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{COLLECTOR}#1", "skip"]
    play(game, f"{COLLECTOR}#1")  # empty hands: nobody is asked for a dueling card
    assert where(game, f"{COLLECTOR}#1") == "discard:1"  # 3 against 2
    assert where(game, f"{GUNFIGHTER}#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


def test_gunfighter_may_decline_and_has_nobody_to_call_out_alone():
    """The Gunfighter's duel is a "may"; with nobody to call out, nothing is asked."""
    game = scenario(hands=[[GUNFIGHTER, GUNFIGHTER], []], plays={"minion": 2, "action": 1},
                    bases=[at(OASIS, theirs(COLLECTOR)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", "skip")
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{OASIS}"
    play(game, f"play {GUNFIGHTER}#2 @ base:{BRAIN}")  # no other player's minion there
    assert decision(game) == (0, "main")


def test_gunfighter_loses_to_a_stronger_minion_and_a_tie_destroys_both():
    """Oops 'Duels' and guide R: on a tie both sides get all the effects: both are destroyed."""
    game = scenario(hands=[[GUNFIGHTER, GUNFIGHTER], []], plays={"minion": 2, "action": 1},
                    bases=[at(OASIS, theirs(REX)), at(BRAIN, theirs(INVADER))])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{REX}#1", "skip")
    assert where(game, f"{GUNFIGHTER}#1") == "discard:0"
    assert where(game, f"{REX}#1") == f"minion@base:{OASIS}"
    game = scenario(hands=[[GUNFIGHTER], []], bases=[at(OASIS, theirs(INVADER)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{INVADER}#1")
    assert where(game, f"{GUNFIGHTER}#1") == "discard:0"  # 3 against 3: both sides lose
    assert where(game, f"{INVADER}#1") == "discard:1"


def test_a_minion_that_cannot_be_destroyed_may_be_challenged_and_survives_losing():
    """Core Warbot: being in a duel does not affect it, so it can be called out; losing, it is
    not destroyed (guide §4.6 'Protection')."""
    game = scenario(hands=[[GUNFIGHTER, QUICK], []],
                    bases=[at(OASIS, theirs(WARBOT)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{WARBOT}#1")
    play(game, f"{QUICK}#1")  # face down; the defender has no hand
    # Quick Draw on the only minion of its player, in a duel: +4 (7 against 4)
    assert where(game, f"{WARBOT}#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


def test_dueling_cards_are_face_down_and_hidden_from_the_other_seats():
    """Oops 'Duels': each side may place a card face down, the challenger first; it is in no
    zone and only its owner knows it until it is revealed. The observation shows the duel and
    who placed a card, never which."""
    game = scenario(hands=[[GUNFIGHTER, QUICK], [DEPUTY, WALKER]], decks=FILLER,
                    bases=[at(OASIS, theirs(INVADER)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{INVADER}#1")
    assert decision(game) == (1, "me_first")  # the Deputy may be used as the duel starts
    play(game, "pass")
    assert decision(game) == (0, "duel_card")
    assert options(game) == [f"{QUICK}#1", "skip"]
    play(game, f"{QUICK}#1")
    assert decision(game) == (1, "duel_card")
    duel = game.observation(1)["duel"]
    assert duel == {"minions": [f"{GUNFIGHTER}#1", f"{INVADER}#1"], "slot": 0,
                    "controllers": [0, 1], "placed": [True, False], "mine": []}
    quick = card_id(game, f"{QUICK}#1")
    assert QUICK not in seen(game, 1) and QUICK not in json.dumps(game.spectator_observation())
    for seat in (1, -1):
        placed = [e for e in game.events_for(seat) if e["kind"] == "duel_card"]
        assert placed == [{"kind": "duel_card", "player": 0, "card": "a card", "private": 0,
                           "side": 0}]
    assert QUICK in seen(game, 0)  # its owner knows it
    play(game, f"{WALKER}#1")  # a bluff: goes back to the hand
    assert where(game, f"{WALKER}#1") == "hand:1"
    assert any(e["kind"] == "revealed" and e["cards"] == (quick,)
               for e in game.events_for(1))  # revealed now
    play(game, "pass")  # the Deputy's window after the reveal
    assert where(game, f"{INVADER}#1") == "discard:1"  # Quick Draw: +4 on the Gunfighter
    assert game.observation(0)["duel"] is None


def test_a_dueling_action_is_played_without_an_action_play():
    """Guide §4.6 R: the dueling action is played as part of the duel; the challenger keeps
    their action play, and the defender plays one on another player's turn."""
    game = scenario(hands=[[GUNFIGHTER, QUICK, QUICK], [QUICK]],
                    bases=[at(OASIS, theirs(REX)), at(BRAIN, COLLECTOR)])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{REX}#1", f"{QUICK}#1", f"{QUICK}#3",
         f"{GUNFIGHTER}#1")
    result = next(e for e in game.events if e["kind"] == "duel_result")
    assert result["powers"] == (7, 11)  # +4 each: both Quick Draws were in a duel
    assert where(game, f"{GUNFIGHTER}#1") == "discard:0"
    assert where(game, f"{QUICK}#1") == "discard:0" and where(game, f"{QUICK}#3") == "discard:1"
    assert game.state.action_plays == 1
    assert f"play {QUICK}#2" in options(game)


def test_a_dueling_card_that_cannot_be_played_goes_back_to_the_hand():
    """Guide §4.6 R: Heart of the Battle (played only through its Special: "Special: play
    before a base scores") cannot be played in a duel: revealed, it returns to its hand.
    High Noon is played (Oops "Duels": a dueling action "is played normally"; "if any ability
    that allows a duel is triggered during another duel, that part of the ability is
    ignored"): it starts no second duel and goes to the discard pile."""
    heart = "samurai/heart-of-the-battle"
    game = scenario(hands=[[GUNFIGHTER, heart], [NOON]],
                    bases=[at(OASIS, theirs(COLLECTOR), theirs(INVADER)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{COLLECTOR}#1", f"{heart}#1",
         f"{NOON}#1")
    assert where(game, f"{heart}#1") == "hand:0"
    assert where(game, f"{NOON}#1") == "discard:1"
    assert sum(e["kind"] == "duel_result" for e in game.events) == 1
    assert where(game, f"{COLLECTOR}#1") == "discard:1"


def test_dynamite_surprise_placed_in_a_duel_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen. Dynamite Surprise's text gives times for its abilities, not for playing it, so as a
    dueling card it is played normally (Oops "Duels") and does nothing."""
    game = scenario(hands=[[GUNFIGHTER, DYNAMITE], []],
                    bases=[at(OASIS, theirs(COLLECTOR), theirs(INVADER)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{COLLECTOR}#1", f"{DYNAMITE}#1")
    assert where(game, f"{DYNAMITE}#1") == "discard:0"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{COLLECTOR}#1") == "discard:1"


def test_a_duel_stops_when_a_minion_leaves_the_base():
    """Oops 'Duels': if after the dueling cards the minions no longer share a base, the duel
    stops without result."""
    game = scenario(hands=[[GUNFIGHTER], [BEAM_UP]],
                    bases=[at(OASIS, theirs(REX)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{REX}#1", f"{BEAM_UP}#1",
         f"{GUNFIGHTER}#1")
    assert where(game, f"{GUNFIGHTER}#1") == "hand:0"
    assert where(game, f"{REX}#1") == f"minion@base:{OASIS}"  # no loser
    assert any(e["kind"] == "duel_stopped" for e in game.events)


# ---- Sheriff -----------------------------------------------------------------------------------


def sheriff_board(**more) -> dict:
    """Oasis (breakpoint 12) is ready: the Sheriff (5) against a Collector (2), a Walker (2) and
    King Rex (7)... of player 1."""
    return dict(decks=FILLER, bases=[at(OASIS, SHERIFF, theirs(COLLECTOR), theirs(REX)),
                                     BRAIN], **more)


def test_sheriff_duels_just_before_its_base_scores():
    """Ruling: the Sheriff's Special is an optional ability of the Sheriff in play, offered in the
    before-scoring window of its own base when another player has a minion there."""
    game = scenario(**sheriff_board())
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {SHERIFF}#1", "pass"]
    play(game, f"trigger {SHERIFF}#1")
    assert options(game) == [f"{COLLECTOR}#1", f"{REX}#1"]
    play(game, f"{COLLECTOR}#1")
    assert where(game, f"{COLLECTOR}#1") == "discard:1"  # destroyed (5 against 2)
    assert game.state.vp == [0, 2]  # then the base scores: King Rex still wins it


def test_sheriff_may_let_the_window_pass():
    """The Sheriff's duel is a "may"."""
    game = scenario(**sheriff_board())
    play(game, "end", "pass")
    assert where(game, f"{COLLECTOR}#1") == "discard:1"  # scored with its base
    assert game.state.vp == [0, 2]


def test_sheriff_is_not_offered_with_no_other_players_minion_here():
    """Ruling: with nobody to call out, the Sheriff is not offered."""
    game = scenario(decks=FILLER, bases=[at(OASIS, SHERIFF, REX), BRAIN])
    play(game, "end")
    assert game.state.vp == [2, 0] and decision(game) == (1, "main")


# ---- Pinkerton ---------------------------------------------------------------------------------


def test_clarification_pinkerton_counter_comes_before_the_dueling_cards_and_may_be_itself():
    """Clarification: "This may affect itself in a duel. The power counter is placed before the
    dueling cards are placed on the table." """
    game = scenario(hands=[[GUNFIGHTER, WALKER], []], decks=FILLER,
                    bases=[at(OASIS, theirs(PINKERTON)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{PINKERTON}#1")
    assert decision(game) == (1, "me_first")  # before player 1 places a dueling card
    assert options(game) == [f"trigger {PINKERTON}#1", "pass"]
    play(game, f"trigger {PINKERTON}#1")
    assert power(game, f"{PINKERTON}#1") == 5
    assert decision(game) == (0, "duel_card")
    play(game, "skip")
    assert where(game, f"{GUNFIGHTER}#1") == "discard:0"


def test_pinkerton_backs_another_of_your_minions_at_another_base_once_per_duel():
    """Errata: not limited to your minions at its own base. One counter per Pinkerton per duel."""
    game = scenario(hands=[[GUNFIGHTER], []],
                    bases=[at(OASIS, theirs(INVADER)), at(BRAIN, PINKERTON)])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{INVADER}#1")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {PINKERTON}#1")  # the Gunfighter is its only minion in the duel
    assert where(game, f"{INVADER}#1") == "discard:1"  # 4 against 3
    assert game.state.counters.get(card_id(game, f"{GUNFIGHTER}#1"), 0) == 1
    assert decision(game) == (0, "main")


def test_pinkerton_may_be_declined_and_ignores_other_duels():
    """Pinkerton's counter is a "may"; it answers only duels of its controller's minions."""
    game = scenario(hands=[[GUNFIGHTER], []],
                    bases=[at(OASIS, theirs(INVADER)), at(BRAIN, theirs(PINKERTON))])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{INVADER}#1")
    assert decision(game) == (1, "me_first")
    play(game, "pass")
    assert where(game, f"{INVADER}#1") == "discard:1"
    assert where(game, f"{GUNFIGHTER}#1") == "discard:0"
    game = scenario(hands=[[GUNFIGHTER], []],
                    bases=[at(OASIS, theirs(INVADER), theirs(WALKER)), at(BRAIN, PINKERTON)])
    play(game, f"play {GUNFIGHTER}#1 @ base:{BRAIN}")  # no duel: nobody to call out there
    assert decision(game) == (0, "main")


# ---- Deputy ------------------------------------------------------------------------------------


def test_clarification_deputy_may_wait_until_the_dueling_card_is_revealed():
    """Clarification: "You may wait until after your opponent has revealed their dueling card
    to decide whether to discard the Deputy." """
    game = scenario(hands=[[GUNFIGHTER, QUICK], [DEPUTY]], decks=FILLER,
                    bases=[at(OASIS, theirs(INVADER)), BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{INVADER}#1")
    play(game, "pass")  # the Deputy waits as the duel starts
    play(game, f"{QUICK}#1")  # player 1 keeps the Deputy in hand (skips its dueling card)
    play(game, "skip")
    assert power(game, f"{GUNFIGHTER}#1") == 7  # revealed: Quick Draw +4
    assert decision(game) == (1, "me_first")
    assert options(game) == [f"special {DEPUTY}#1", "pass"]
    play(game, f"special {DEPUTY}#1", f"{INVADER}#1")
    assert where(game, f"{DEPUTY}#1") == "discard:1"
    assert where(game, f"{INVADER}#1") == "discard:1"  # 5 against 7: not enough
    assert where(game, f"{GUNFIGHTER}#1") == f"minion@base:{OASIS}"


def test_deputy_on_your_turn_in_the_play_phase_and_not_on_another_turn():
    """Ruling: the Deputy is discarded from hand, not played (no minion play spent); on your turn
    it may be used in your Play Cards phase, and the +2 lasts until the end of the turn."""
    game = scenario(hands=[[DEPUTY], [DEPUTY]], bases=[at(OASIS, WALKER, theirs(INVADER)), BRAIN])
    assert f"special {DEPUTY}#1" in options(game)
    play(game, f"special {DEPUTY}#1", f"{WALKER}#1")
    assert power(game, f"{WALKER}#1") == 4 and where(game, f"{DEPUTY}#1") == "discard:0"
    assert game.state.minion_plays == 1  # discarded, not played
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (1, "main")
    assert power(game, f"{WALKER}#1") == 2  # until the end of the turn


def test_deputy_is_not_offered_outside_its_turns_and_duels():
    """Ruling: on another player's turn the Deputy only answers a duel of one of your minions."""
    game = scenario(hands=[[GUNFIGHTER], [DEPUTY]], decks=FILLER,
                    bases=[at(OASIS, theirs(INVADER)), at(BRAIN, theirs(WALKER))])
    play(game, f"play {GUNFIGHTER}#1 @ base:{BRAIN}", "skip")  # no duel: no window for it
    assert decision(game) == (0, "main")


# ---- Dynamite Surprise -------------------------------------------------------------------------


def test_dynamite_surprise_before_scoring_where_you_are_not_winning():
    """Ruling: 'not winning' means another player has strictly more power there; any minion of
    power 4 or less there may be destroyed, on another player's turn through the Special."""
    game = scenario(hands=[[], [DYNAMITE]], decks=FILLER,
                    bases=[at(OASIS, REX, INVADER, theirs(COLLECTOR)), BRAIN])
    assert f"play {DYNAMITE}#1" not in options(game) and "end" in options(game)
    play(game, "end")
    assert decision(game) == (1, "me_first")
    assert options(game) == [f"special {DYNAMITE}#1", "pass"]
    play(game, f"special {DYNAMITE}#1")
    assert options(game) == [f"{INVADER}#1", f"{COLLECTOR}#1"]  # power 4 or less there
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert where(game, f"{DYNAMITE}#1") == "discard:1"


def test_dynamite_surprise_is_not_offered_where_you_win_or_have_no_minion():
    """'Not winning' (guide §4.12 R): a tie for the most power counts as winning."""
    game = scenario(hands=[[], [DYNAMITE]], decks=FILLER,
                    bases=[at(OASIS, INVADER, WALKER, theirs(REX)), BRAIN])
    play(game, "end")
    assert game.state.vp == [0, 2] and decision(game) == (1, "main")  # never asked
    game = scenario(hands=[[], [DYNAMITE]], decks=FILLER,
                    bases=[at(OASIS, REX, INVADER, WALKER), BRAIN])
    play(game, "end")
    assert decision(game) == (1, "main")


def test_dynamite_surprise_answers_a_look_at_your_hand():
    """Core Probe looks at player 1's hand: Dynamite Surprise there destroys one of player 0's
    minions of power 4 or less."""
    game = scenario(hands=[[PROBE], [DYNAMITE, WALKER]], decks=FILLER,
                    bases=[at(OASIS, REX, INVADER, theirs(COLLECTOR)), BRAIN])
    play(game, f"play {PROBE}#1")
    assert where(game, f"{WALKER}#1") == "discard:1"  # the Probe's pick, the only minion
    assert decision(game) == (1, "me_first")
    assert options(game) == [f"special {DYNAMITE}#1", "pass"]
    play(game, f"special {DYNAMITE}#1")  # the Invader is player 0's only small minion
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{OASIS}"


def test_dynamite_surprise_needs_another_players_minion_it_can_destroy():
    """Ruling: only a player it could destroy a minion of is offered Dynamite Surprise."""
    game = scenario(hands=[[PROBE], [DYNAMITE, WALKER]], decks=FILLER,
                    bases=[at(OASIS, REX, theirs(COLLECTOR)), BRAIN])
    play(game, f"play {PROBE}#1")
    assert decision(game) == (0, "main")


def test_clarification_dynamite_surprise_answers_a_reveal_from_your_deck_not_a_look():
    """Clarification: "This triggers from your hand, or if revealed from your deck. It is not
    triggered if another player looks at it in your deck." Super Spies' Informant looks at
    player 1's deck: nothing. Vikings' Raiding Party reveals it there: it may go off."""
    spy = "super-spies/informant"
    game = scenario(hands=[[spy], []], decks=[[WALKER] * 3, [DYNAMITE, WALKER, WALKER]],
                    bases=[at(OASIS, REX, INVADER), BRAIN])
    play(game, f"play {spy}#1 @ base:{BRAIN}", "player:1")
    while decision(game)[1] == "arrange":
        play(game, options(game)[0])
    assert decision(game) == (0, "main")
    game = scenario(hands=[["vikings/raiding-party"], []],
                    decks=[[WALKER] * 3, [DYNAMITE, REX, REX]],
                    bases=[at(OASIS, REX, INVADER), BRAIN])
    play(game, "play vikings/raiding-party#1")
    while decision(game)[0] == 0:
        play(game, "skip" if "skip" in options(game) else options(game)[0])
    assert decision(game) == (1, "me_first")
    assert options(game) == [f"special {DYNAMITE}#1", "pass"]
    play(game, f"special {DYNAMITE}#1")
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert where(game, f"{DYNAMITE}#1") == "discard:1"


def test_dynamite_surprise_ignores_your_own_cards_showing_your_hand():
    """Ruling: your own card showing a card of your hand (Star Roamers' Teleport Overflow) does
    not set it off, though another player has a small minion."""
    overflow = "star-roamers/teleport-overflow"
    game = scenario(hands=[[overflow, INVADER, DYNAMITE], []],
                    bases=[at(OASIS, theirs(COLLECTOR)), BRAIN])
    play(game, f"play {overflow}#1", f"{INVADER}#1")
    assert any(e["kind"] == "revealed" for e in game.events)
    play(game, f"play {INVADER}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")  # no window for Dynamite Surprise
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{OASIS}"


# ---- Form a Posse ------------------------------------------------------------------------------


def test_form_a_posse_gives_plus_one_and_guards_until_the_end_of_the_turn():
    """Ruling: the minions you control when it is played get +1 and cannot be destroyed until the
    end of the turn; a minion played later is not in the posse."""
    game = scenario(hands=[[POSSE, NOON, GUNFIGHTER], []], decks=FILLER,
                    plays={"minion": 1, "action": 2},
                    bases=[at(OASIS, INVADER, theirs(REX)), at(BRAIN, theirs(COLLECTOR))])
    play(game, f"play {POSSE}#1")
    assert power(game, f"{INVADER}#1") == 4 and power(game, f"{REX}#1") == 7
    play(game, f"play {NOON}#1", "skip")
    # the Invader (3+1) loses to King Rex but cannot be destroyed
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    # a minion that arrives later is not in the posse
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{REX}#1")
    assert where(game, f"{GUNFIGHTER}#1") == "discard:0"
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{INVADER}#1") == 3


def test_form_a_posse_also_stops_your_own_move():
    """Guide: Form a Posse also stops you moving your own minions that turn."""
    game = scenario(hands=[[POSSE, COACH], []], plays={"minion": 1, "action": 2},
                    bases=[at(OASIS, WALKER, INVADER), BRAIN])
    play(game, f"play {POSSE}#1")
    assert played_for_nothing(game, f"{COACH}#1")  # nothing it could move


def test_form_a_posse_without_a_minion_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen."""
    game = scenario(hands=[[POSSE], []], bases=[at(OASIS, theirs(WALKER)), BRAIN])
    assert played_for_nothing(game, f"{POSSE}#1")


def test_beam_up_is_not_offered_a_minion_in_the_posse():
    """Rule: every target offered takes effect; a minion of the posse cannot be returned to a
    hand, so Beam Up offers only the others."""
    game = scenario(hands=[[POSSE, BEAM_UP], []], plays={"minion": 1, "action": 2},
                    bases=[at(OASIS, INVADER, theirs(COLLECTOR)), at(BRAIN, theirs(WALKER))])
    play(game, f"play {POSSE}#1", f"play {BEAM_UP}#1")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{COLLECTOR}#1", f"{WALKER}#1"]
    play(game, f"{COLLECTOR}#1")
    assert where(game, f"{COLLECTOR}#1") == "hand:1"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_beam_up_has_no_choice_when_every_minion_is_in_the_posse():
    """Rule: a minion that cannot be returned is never offered: with only posse minions in
    play, Beam Up asks nothing and returns nothing."""
    game = scenario(hands=[[POSSE, BEAM_UP], []], plays={"minion": 1, "action": 2},
                    bases=[at(OASIS, INVADER, WALKER), BRAIN])
    play(game, f"play {POSSE}#1", f"play {BEAM_UP}#1")
    assert decision(game) == (0, "main")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{BEAM_UP}#1") == "discard:0"


def test_doctor_when_is_offered_only_a_minion_outside_the_posse():
    """Rule: Doctor When (Time Travelers) may return only a minion that can be returned: one
    played after Form a Posse, not one in the posse."""
    doctor = "time-travelers/doctor-when"
    game = scenario(hands=[[POSSE, COLLECTOR, doctor], []], plays={"minion": 2, "action": 1},
                    bases=[at(OASIS, INVADER), BRAIN])
    play(game, f"play {POSSE}#1", f"play {COLLECTOR}#1 @ base:{BRAIN}", "skip",
         f"play {doctor}#1 @ base:{OASIS}")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{COLLECTOR}#1", "skip"]


def test_ninja_acolyte_talent_is_not_offered_in_the_posse():
    """Rule: the Acolyte's talent returns it to the hand; in the posse it cannot go, so the
    talent is not offered."""
    acolyte = "ninjas/ninja-acolyte"
    game = scenario(hands=[[POSSE, WALKER], []], bases=[at(OASIS, acolyte), BRAIN])
    assert f"use {acolyte}#1" in options(game)
    play(game, f"play {POSSE}#1")
    assert f"use {acolyte}#1" not in options(game)


def test_out_of_sight_skips_a_minion_in_the_posse():
    """Rule: Out of Sight (Ignobles) has each player return a minion they own; one that cannot
    be returned is not offered, so the choice is among the others."""
    out = "ignobles/out-of-sight"
    game = scenario(hands=[[POSSE, REX, out], []], plays={"minion": 1, "action": 2},
                    bases=[at(OASIS, INVADER, theirs(COLLECTOR)), at(BRAIN, theirs(WALKER))])
    play(game, f"play {POSSE}#1", f"play {REX}#1 @ base:{BRAIN}", f"play {out}#1")
    # player 0's only minion outside the posse goes back without a choice
    assert where(game, f"{REX}#1") == "hand:0"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert decision(game) == (1, "choose_minion")
    assert options(game) == [f"{COLLECTOR}#1", f"{WALKER}#1"]


def test_invasion_is_not_offered_a_minion_in_the_posse():
    """Rule: a minion of the posse cannot be moved, so a move card (Invasion) offers only the
    minions it could move."""
    invasion = "aliens/invasion"
    game = scenario(hands=[[POSSE, invasion], []], plays={"minion": 1, "action": 2},
                    bases=[at(OASIS, INVADER, theirs(COLLECTOR)), at(BRAIN, theirs(WALKER))])
    play(game, f"play {POSSE}#1", f"play {invasion}#1")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{COLLECTOR}#1", f"{WALKER}#1"]


def test_way_of_deception_has_nothing_to_move_in_the_posse():
    """Rule: Way of Deception (Ninjas) moves a minion of yours; all of them in the posse, none is
    offered and nothing moves."""
    way = "ninjas/way-of-deception"
    game = scenario(hands=[[POSSE, way], []], plays={"minion": 1, "action": 2},
                    bases=[at(OASIS, INVADER, WALKER), BRAIN])
    play(game, f"play {POSSE}#1", f"play {way}#1")
    assert decision(game) == (0, "main")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"


# ---- Gold in Them Thar Hills ---------------------------------------------------------------------


def test_gold_in_them_thar_hills_draws_one_plays_it_and_puts_the_rest_back():
    """Ruling (guide): the drawn card is a specific card, so it is played now as an extra card or
    not at all; the card is shown to everyone; the rest go back on top in the chosen order."""
    game = scenario(hands=[[GOLD], []], decks=[[WALKER, INVADER, REX, COLLECTOR], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {GOLD}#1")
    assert options(game) == [f"{WALKER}#1", f"{INVADER}#1", f"{REX}#1"]
    play(game, f"{INVADER}#1")
    assert card_id(game, f"{INVADER}#1") in game.state.known[1]  # shown
    assert options(game) == [f"play {INVADER}#1 @ base:{OASIS}",
                             f"play {INVADER}#1 @ base:{BRAIN}", "skip"]
    play(game, f"play {INVADER}#1 @ base:{OASIS}")
    assert game.state.vp == [1, 0]
    play(game, f"{REX}#1")  # back on top first
    assert [game.state.names[c] for c in game.state.decks[0]] == [
        f"{REX}#1", f"{WALKER}#1", f"{COLLECTOR}#1"]
    assert game.state.minion_plays == 1  # an extra minion
    assert decision(game) == (0, "main")


def test_gold_in_them_thar_hills_may_keep_the_card_in_hand():
    """Ruling: declining the play keeps the drawn card in hand."""
    game = scenario(hands=[[GOLD], []], decks=[[WALKER, INVADER], []], bases=[OASIS, BRAIN])
    play(game, f"play {GOLD}#1", f"{INVADER}#1", "skip")
    assert hand(game) == [f"{INVADER}#1"]
    assert decision(game) == (0, "main")  # one card left: put back without asking


# ---- Gold Strike -------------------------------------------------------------------------------


def test_gold_strike_draws_after_you_play_a_minion_here_only():
    """After you play a minion at its base, draw a card; a minion at another base does nothing."""
    game = scenario(hands=[[STRIKE, INVADER, INVADER], []], decks=FILLER,
                    plays={"minion": 2, "action": 1}, bases=[OASIS, BRAIN])
    play(game, f"play {STRIKE}#1 @ base:{OASIS}")
    play(game, f"play {INVADER}#1 @ base:{BRAIN}")
    assert len(game.state.hands[0]) == 1
    play(game, f"play {INVADER}#2 @ base:{OASIS}")
    assert hand(game) == [f"{WALKER}#1"]  # drew the top card


# ---- High Noon ---------------------------------------------------------------------------------


def test_high_noon_win_gives_an_extra_minion_there():
    """Ruling: with one possible pair, the duellists are chosen without asking; the extra minion
    is for the winner's base only."""
    game = scenario(hands=[[NOON, WALKER], []], plays={"minion": 0, "action": 1},
                    bases=[at(OASIS, REX, theirs(INVADER)), at(BRAIN, theirs(COLLECTOR))])
    play(game, f"play {NOON}#1", "skip")  # one duel possible: chosen without asking
    assert where(game, f"{INVADER}#1") == "discard:1"
    assert options(game) == [f"play {WALKER}#1 @ base:{OASIS}", "end"]


def test_clarification_high_noon_no_extra_minion_when_yours_loses():
    """Clarification: "If your opponent wins they do not get an extra minion, and neither do you
    if your minion is destroyed." A tie destroys both: no extra minion either."""
    game = scenario(hands=[[NOON, WALKER], []], plays={"minion": 0, "action": 1},
                    bases=[at(OASIS, INVADER, theirs(REX)), BRAIN])
    play(game, f"play {NOON}#1", "skip")
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert options(game) == ["end"]
    game = scenario(hands=[[NOON, WALKER], []], plays={"minion": 0, "action": 1},
                    bases=[at(OASIS, INVADER, theirs(INVADER)), BRAIN])
    play(game, f"play {NOON}#1", "skip")
    assert where(game, f"{INVADER}#1") == "discard:0" and where(game, f"{INVADER}#2") == "discard:1"
    assert options(game) == ["end"]


def test_clarification_high_noon_extra_minion_where_the_winner_is_after_the_duel():
    """Clarification: "'There' is where your winning minion is at the end of the duel." """
    # (the winner never moves in a duel it wins here; the extra goes to its base)
    game = scenario(hands=[[NOON, WALKER], []], plays={"minion": 0, "action": 1},
                    bases=[at(OASIS, theirs(COLLECTOR)), at(BRAIN, REX, theirs(INVADER))])
    play(game, f"play {NOON}#1", "skip")
    assert options(game) == [f"play {WALKER}#1 @ base:{BRAIN}", "end"]


def test_high_noon_without_a_duel_to_start_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen: with no minion of yours facing another player's, High Noon asks nothing and does
    nothing."""
    game = scenario(hands=[[NOON], []], bases=[at(OASIS, REX), at(BRAIN, theirs(INVADER))])
    assert played_for_nothing(game, f"{NOON}#1")


# ---- Quick Draw --------------------------------------------------------------------------------


def test_quick_draw_outside_a_duel_gives_plus_two():
    """Quick Draw outside a duel: +2 until the end of the turn."""
    game = scenario(hands=[[QUICK], []], bases=[at(OASIS, WALKER, theirs(INVADER)), BRAIN])
    play(game, f"play {QUICK}#1")  # the only minion of yours
    assert power(game, f"{WALKER}#1") == 4


def test_clarification_quick_draw_power_is_fixed_when_played():
    """Clarification: "The amount of power gained is determined when this card is played and
    does not change even if the minion's dueling status changes." Played in a duel: +4, kept
    after the duel."""
    game = scenario(hands=[[GUNFIGHTER, QUICK], []], decks=FILLER,
                    bases=[at(OASIS, WALKER, theirs(REX)), at(BRAIN, theirs(COLLECTOR))])
    play(game, f"play {GUNFIGHTER}#1 @ base:{BRAIN}", f"{COLLECTOR}#1", f"{QUICK}#1",
         f"{GUNFIGHTER}#1")
    assert power(game, f"{GUNFIGHTER}#1") == 8  # still +4 after the duel (+1: the Brain)


# ---- Run 'Em Off -------------------------------------------------------------------------------


def test_run_em_off_winner_gets_plus_three_and_moves_the_loser():
    """The winner gets +3; its controller moves the loser to another base."""
    game = scenario(hands=[[RUN], []], bases=[at(OASIS, REX, theirs(INVADER)), BRAIN])
    play(game, f"play {RUN}#1")
    assert power(game, f"{REX}#1") == 10
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"  # the only other base


def test_run_em_off_on_a_tie_each_controller_moves_the_other_minion():
    """Guide R: on a tie both get +3 and each controller moves the other minion, the challenger's
    side first."""
    game = scenario(players=3, hands=[[RUN], [], []],
                    bases=[at(OASIS, INVADER, theirs(INVADER)), BRAIN, "tortuga",
                           "mushroom-kingdom"])
    play(game, f"play {RUN}#1")
    assert power(game, f"{INVADER}#1") == 6 and power(game, f"{INVADER}#2") == 6
    assert decision(game) == (0, "choose_base")  # the challenger's side first
    play(game, f"base:{BRAIN}")
    assert decision(game) == (1, "choose_base")
    play(game, "base:tortuga")
    assert where(game, f"{INVADER}#2") == f"minion@base:{BRAIN}"
    assert where(game, f"{INVADER}#1") == "minion@base:tortuga"


# ---- Stagecoach --------------------------------------------------------------------------------


def test_stagecoach_moves_a_minion_and_transfers_an_action():
    """Ruling: up to two of your cards at one base, each to another base of your choice: a minion
    is moved, an action transferred."""
    game = scenario(hands=[[COACH], []], plays={"minion": 1, "action": 1},
                    bases=[at(OASIS, WALKER, INVADER, actions=[STRIKE]), BRAIN])
    play(game, f"play {COACH}#1")
    assert options(game) == [f"{WALKER}#1", f"{INVADER}#1", f"{STRIKE}#1", "done"]
    play(game, f"{WALKER}#1", f"{STRIKE}#1")
    assert where(game, f"{WALKER}#1") == f"minion@base:{BRAIN}"
    assert where(game, f"{STRIKE}#1") == f"action@base:{BRAIN}"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_stagecoach_moves_your_buried_card_face_down():
    """Guide R: Stagecoach moves "your cards", buried ones included; the card stays face down
    and only its controller learns which one went."""
    game = scenario(hands=[[COACH], []],
                    bases=[at(OASIS, buried=[{"card": REX, "controller": 0}]), BRAIN])
    play(game, f"play {COACH}#1", f"{REX}#1")  # the one other base: no question
    assert where(game, f"{REX}#1") == f"buried@base:{BRAIN}"
    moved = [e for e in game.events_for(1) if e["kind"] == "buried_moved"]
    assert len(moved) == 1 and moved[0]["card"] == "a card"
    assert REX not in seen(game, 1)


def test_stagecoach_without_a_card_of_yours_in_play_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen."""
    game = scenario(hands=[[COACH], []], bases=[at(OASIS, theirs(WALKER)), BRAIN])
    assert played_for_nothing(game, f"{COACH}#1")


# ---- Saloon ------------------------------------------------------------------------------------


def test_saloon_each_player_with_a_minion_here_may_draw_after_a_destruction():
    """Ruling: after a minion here is destroyed, each player with a minion here at that moment may
    draw ("each player may": every such player is asked)."""
    game = scenario(players=3, hands=[[GUNFIGHTER], [], []], decks=[[WALKER] * 3] * 3,
                    bases=[at(SALOON, theirs(COLLECTOR), {"card": INVADER, "controller": 2}),
                           BRAIN, OASIS, "tortuga"])
    play(game, f"play {GUNFIGHTER}#1 @ base:{SALOON}", f"{COLLECTOR}#1")
    assert where(game, f"{COLLECTOR}#1") == "discard:1"
    assert decision(game) == (0, "order") or decision(game) == (0, "may")
    while decision(game)[1] == "order":
        play(game, options(game)[0])
    asked = []
    while decision(game)[1] == "may":
        asked.append(decision(game)[0])
        play(game, "yes" if decision(game)[0] == 0 else "no")
    assert sorted(asked) == [0, 2]  # player 1 has no minion here any more
    assert len(game.state.hands[0]) == 1 and len(game.state.hands[2]) == 0


# ---- So-so Corral ------------------------------------------------------------------------------


def test_so_so_corral_the_played_minion_may_duel_and_the_loser_is_destroyed():
    """After you play a minion here it may duel another player's minion here; the loser goes."""
    game = scenario(hands=[[REX], []], bases=[at(CORRAL, theirs(INVADER)), BRAIN])
    play(game, f"play {REX}#1 @ base:{CORRAL}")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{INVADER}#1", "skip"]
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "discard:1"


def test_clarification_so_so_corral_the_challenging_player_destroys_the_loser():
    """Clarification: "The losing minion is destroyed by the challenging player." The base
    destroys it in that player's name; a minion protected from other players' minions and
    actions is no shield against it."""
    game = scenario(hands=[[REX], []], bases=[at(CORRAL, theirs(INVADER)), BRAIN])
    play(game, f"play {REX}#1 @ base:{CORRAL}", f"{INVADER}#1")
    gone = next(e for e in game.events if e["kind"] == "destroyed")
    assert gone["by"] == 0 and gone["by_base"]


def test_clarification_so_so_corral_minions_played_by_a_minion_duel_latest_first():
    """Clarification: a minion played here that plays other minions here at once (Star Roamers'
    Ship's Captain): the duels come in reverse order of play, each chosen by the minion's
    controller after it is played and resolved."""
    captain = "star-roamers/ships-captain"
    game = scenario(hands=[[captain], []], decks=[[INVADER], []],
                    bases=[at(CORRAL, theirs(WALKER), theirs(REX)), BRAIN])
    play(game, f"play {captain}#1 @ base:{CORRAL}")  # finds the Invader, plays it here
    assert where(game, f"{INVADER}#1") == f"minion@base:{CORRAL}"
    # the player orders the two duels: the later-played Invader's first
    assert options(game) == [f"trigger base:{CORRAL}", f"trigger base:{CORRAL}/2"]
    play(game, f"trigger base:{CORRAL}/2")
    assert decision(game) == (0, "choose_minion")
    assert "invader" in game.request.prompt.lower()
    play(game, f"{WALKER}#1")  # 3 against 2
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert "captain" in game.request.prompt.lower()
    play(game, f"{REX}#1")  # 5 against 7
    assert where(game, f"{captain}#1") == "discard:0"


# ---- duels shown everywhere: narrator, board text, terminal game ----------------------------


def test_a_duel_in_progress_shows_in_the_narrator_the_board_and_the_terminal_game():
    """The log tells the duel starting, a card placed face down (unnamed to the other seat),
    the reveal and the result; the board text and the terminal game's player lines show the
    duel under way."""
    from smashup.cli.views import board_text
    from smashup.narrate import Narrator
    from smashup.tui.view import players_markup

    game = scenario(hands=[[GUNFIGHTER, QUICK], [WALKER]],
                    bases=[at(OASIS, theirs(INVADER)), BRAIN])
    theirs_log = Narrator(game, viewer=1)
    mine_log = Narrator(game, viewer=0)
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{INVADER}#1")
    assert "Player 1's Gunfighter calls out Player 2's Invader to a duel at Jungle Oasis." \
        in theirs_log.narrate(game.events_for(1))
    play(game, f"{QUICK}#1")
    told = theirs_log.narrate(game.events_for(1))
    assert "Player 1 places a card face down for the duel." in told
    assert "Quick Draw" not in " ".join(told)
    assert "Player 1 places Quick Draw face down for the duel." in mine_log.narrate(
        game.events_for(0))
    assert any("Duel under way" in line and f"face down: {QUICK}#1" in line
               for line in board_text(game))
    obs = game.observation(1)
    markup = players_markup(obs, ["A", "B"], 1)
    assert "Duel" in markup and "card face down" in markup and "Quick Draw" not in markup
    play(game, "skip")
    told = theirs_log.narrate(game.events_for(1))
    assert "Revealed: Quick Draw." in told
    assert any("wins the duel" in line for line in told)
    assert not any("Duel under way" in line for line in board_text(game))


def test_a_duel_in_a_saved_game_replays_to_the_same_position():
    """Face-down cards live in the state: a game saved in the middle of a duel reloads."""
    from smashup.engine.api.game import Game

    game = scenario(hands=[[GUNFIGHTER, QUICK], [WALKER]], bases=[at(OASIS, theirs(INVADER)),
                                                                 BRAIN])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{INVADER}#1", f"{QUICK}#1")
    again = Game.from_dict(game.to_dict())
    assert again.state.fingerprint() == game.state.fingerprint()
    assert again.observation(1)["duel"] == game.observation(1)["duel"]
