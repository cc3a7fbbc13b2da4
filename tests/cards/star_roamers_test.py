"""Star Roamers (Cease and Desist) and their bases Neutral Space and USS Undertaking: each
card's ability, scripted strictly on a described board; Ensign's taking over of a target
(engine/facts/redirects.py) and the extra base of Weird New Worlds
(engine/mechanics/extra_bases.py)."""

from smashup.engine.core.kinds import POINTS, register_point
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
BRAIN = "the-central-brain"  # +1 power to each minion here
TORTUGA = "tortuga"
NEUTRAL = "neutral-space"
USS = "uss-undertaking"

SR = "star-roamers"
CAPTAIN = f"{SR}/ships-captain"
MEDIC = f"{SR}/medical-officer"
SCIENCE = f"{SR}/science-officer"
ENGINEER = f"{SR}/ships-engineer"
ENSIGN = f"{SR}/ensign"
HYPERSPEED = f"{SR}/hyperspeed-10"
MASS = f"{SR}/mass-teleport"
PORT = f"{SR}/port-me-up"
FIELDS = f"{SR}/protector-fields"
ERROR = f"{SR}/teleport-error"
OVERFLOW = f"{SR}/teleport-overflow"
WORLDS = f"{SR}/weird-new-worlds"
WHIPLASH = f"{SR}/whiplash-maneuver"

INVADER = "aliens/invader"  # power 3; on play, gain 1 VP
COLLECTOR = "aliens/collector"  # power 2
REX = "dinosaurs/king-rex"  # power 7, no ability
WALKER = "zombies/walker"  # power 2
BEAM_UP = "aliens/beam-up"


def theirs(card: str, **more) -> dict:
    return {"card": card, "controller": 1, **more}


def names(game, cards) -> list[str]:
    return sorted(game.state.names[c] for c in cards)


def hand(game, p: int = 0) -> list[str]:
    return names(game, game.state.hands[p])


def bases(game) -> list[str]:
    return [game.state.base_names[b] for b in game.state.bases]


def beam_up_board(*mine: object, base: str = OASIS, other: object = BRAIN, **more) -> dict:
    """Player 1 (to play) holds Beam Up; player 0's minions ``mine`` are at ``base``."""
    return dict(hands=[[], [BEAM_UP]], current=1, decks=[["zombies/walker"] * 3, []],
                bases=[{"base": base, "minions": list(mine)}, other], **more)


# ---- Ship's Captain ----------------------------------------------------------------------------


def test_ships_captain_finds_a_small_minion_shows_it_and_plays_it_here():
    game = scenario(hands=[[CAPTAIN], []], decks=[[REX, INVADER, BEAM_UP], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {CAPTAIN}#1 @ base:{OASIS}")
    # any minion of the deck (not the action), in no deck order
    assert options(game) == [f"{REX}#1", f"{INVADER}#1"]
    play(game, f"{INVADER}#1")
    # power 3: played here at once as an extra minion (its on-play ability happens)
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert game.state.vp == [1, 0]
    assert card_id(game, f"{INVADER}#1") in game.state.known[1]  # it was shown to everyone
    assert decision(game) == (0, "main") and options(game) == ["end"]


def test_ships_captain_keeps_a_big_minion_in_hand():
    game = scenario(hands=[[CAPTAIN], []], decks=[[REX, INVADER], []], bases=[OASIS, BRAIN])
    play(game, f"play {CAPTAIN}#1 @ base:{OASIS}", f"{REX}#1")
    assert where(game, f"{REX}#1") == "hand:0"
    assert card_id(game, f"{REX}#1") in game.state.known[1]
    assert decision(game) == (0, "main")


def test_ships_captain_with_no_minion_in_the_deck_finds_nothing():
    game = scenario(hands=[[CAPTAIN], []], decks=[[BEAM_UP, "aliens/probe"], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {CAPTAIN}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert hand(game) == []


# ---- Medical Officer ---------------------------------------------------------------------------


def test_medical_officer_draws_instead_of_a_return_and_the_minion_stays():
    game = scenario(**beam_up_board(MEDIC, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game) == (0, "may")  # the Medical Officer's controller decides
    play(game, "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert hand(game) == ["zombies/walker#1"]


def test_medical_officer_may_be_declined():
    game = scenario(**beam_up_board(MEDIC, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1", "no")
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert hand(game) == [f"{INVADER}#1"]


def test_medical_officer_saves_only_one_of_several_minions_one_effect_returns():
    """Errata: "one or more ... instead of returning one of them": Crop Circles returns both
    minions at once, so the Medical Officer (elsewhere) saves one, and the other goes."""
    game = scenario(hands=[[], ["aliens/crop-circles"]], current=1,
                    decks=[["zombies/walker"] * 3, []],
                    bases=[{"base": OASIS, "minions": [INVADER, COLLECTOR]},
                           {"base": BRAIN, "minions": [MEDIC]}])
    play(game, "play aliens/crop-circles#1", f"base:{OASIS}")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{COLLECTOR}#1") == "hand:0"  # no second offer
    assert decision(game) == (1, "main")
    assert hand(game) == [f"{COLLECTOR}#1", "zombies/walker#1"]


def test_medical_officer_declined_for_one_minion_may_save_the_next():
    game = scenario(hands=[[], ["aliens/crop-circles"]], current=1,
                    decks=[["zombies/walker"] * 3, []],
                    bases=[{"base": OASIS, "minions": [INVADER, COLLECTOR]},
                           {"base": BRAIN, "minions": [MEDIC]}])
    play(game, "play aliens/crop-circles#1", f"base:{OASIS}", "no", "yes")
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{OASIS}"


def test_medical_officer_works_again_for_another_card():
    game = scenario(hands=[[], [BEAM_UP, BEAM_UP]], current=1, plays={"minion": 1, "action": 2},
                    decks=[["zombies/walker"] * 3, []],
                    bases=[{"base": OASIS, "minions": [MEDIC, INVADER, COLLECTOR]}, BRAIN])
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1", "yes",
         f"play {BEAM_UP}#2", f"{COLLECTOR}#1", "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{OASIS}"
    assert len(hand(game)) == 2


def test_medical_officer_does_not_save_itself_or_a_minion_it_does_not_own():
    """Ruling (guide R:, as the clarification of Ship's Engineer): a minion you control but
    do not own goes to its owner's hand, not yours, so nothing replaces its return."""
    game = scenario(hands=[[], [BEAM_UP]], current=1,
                    bases=[{"base": OASIS, "minions": [
                        MEDIC, {"card": WALKER, "owner": 1, "controller": 0}]}, BRAIN])
    play(game, f"play {BEAM_UP}#1", f"{WALKER}#1")
    assert where(game, f"{WALKER}#1") == "hand:1"
    assert decision(game) == (1, "main")

    itself = scenario(hands=[[], [BEAM_UP]], current=1,
                      bases=[{"base": OASIS, "minions": [MEDIC]}, BRAIN])
    play(itself, f"play {BEAM_UP}#1")
    assert where(itself, f"{MEDIC}#1") == "hand:0"


# ---- Science Officer ---------------------------------------------------------------------------


def test_science_officer_returns_a_small_minion_and_grants_a_differently_named_extra():
    game = scenario(hands=[[INVADER, COLLECTOR], []], plays={"minion": 0, "action": 0},
                    bases=[{"base": OASIS, "minions": [SCIENCE, INVADER, REX]}, BRAIN])
    play(game, f"use {SCIENCE}#1")
    # power 4 or less only: not King Rex; itself counts
    assert options(game) == [f"{SCIENCE}#1", f"{INVADER}#2"]
    play(game, f"{INVADER}#2")
    assert where(game, f"{INVADER}#2") == "hand:0"
    opts = options(game)
    assert f"play {COLLECTOR}#1 @ base:{OASIS}" in opts
    assert not any(o.startswith(f"play {INVADER}") for o in opts)  # not the same name
    assert "not named Invader" in game.why_not(card_id(game, f"{INVADER}#1"))


def test_science_officer_returns_a_minion_it_controls_but_does_not_own():
    """Clarification: you can return a minion you control but don't own (to its owner's
    hand), and still play the extra minion."""
    game = scenario(hands=[[COLLECTOR], []], plays={"minion": 0, "action": 0},
                    bases=[{"base": OASIS, "minions": [
                        SCIENCE, {"card": INVADER, "owner": 1, "controller": 0}]}, BRAIN])
    play(game, f"use {SCIENCE}#1", f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "hand:1"
    play(game, f"play {COLLECTOR}#1 @ base:{BRAIN}", "skip")
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{BRAIN}"


def test_science_officer_grants_the_extra_even_when_the_return_is_replaced():
    """Ruling: the extra minion does not depend on the return (a sentence of its own): the
    Medical Officer keeps the Invader in play and draws instead, and the extra minion, of
    any name but Invader, is still granted."""
    game = scenario(hands=[[INVADER, COLLECTOR], []], plays={"minion": 0, "action": 0},
                    decks=[[REX], []],
                    bases=[{"base": OASIS, "minions": [SCIENCE, MEDIC, INVADER]}, BRAIN])
    play(game, f"use {SCIENCE}#1", f"{INVADER}#2", "yes")
    assert where(game, f"{INVADER}#2") == f"minion@base:{OASIS}"
    assert where(game, f"{REX}#1") == "hand:0"
    opts = options(game)
    assert f"play {COLLECTOR}#1 @ base:{OASIS}" in opts
    assert f"play {REX}#1 @ base:{OASIS}" in opts
    assert not any(o.startswith(f"play {INVADER}") for o in opts)


def test_science_officer_talent_is_not_offered_with_every_minion_too_strong():
    game = scenario(bases=[{"base": OASIS, "minions": [
        {"card": SCIENCE, "counters": 1}, REX]}, BRAIN])
    assert options(game) == ["end"]


# ---- Ship's Engineer ---------------------------------------------------------------------------


def test_ships_engineer_moves_a_minion_instead_of_its_return():
    game = scenario(**beam_up_board(ENGINEER, INVADER, other=BRAIN))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game) == (0, "choose_base")
    assert options(game) == [f"base:{BRAIN}", "skip"]
    play(game, f"base:{BRAIN}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"


def test_ships_engineer_may_let_the_minion_go():
    game = scenario(**beam_up_board(ENGINEER, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1", "skip")
    assert where(game, f"{INVADER}#1") == "hand:0"


def test_ships_engineer_does_not_move_a_minion_you_do_not_own():
    """Clarification: returning a minion you don't own does not trigger it, since it does not
    go to your hand."""
    game = scenario(**beam_up_board(ENGINEER, {"card": COLLECTOR, "owner": 1, "controller": 0}))
    play(game, f"play {BEAM_UP}#1", f"{COLLECTOR}#1")
    assert where(game, f"{COLLECTOR}#1") == "hand:1"
    assert decision(game) == (1, "main")


def test_ships_engineer_and_medical_officer_both_apply_and_their_controller_picks_one():
    """Ruling (guide R:): with several replacements for one minion, each is its controller's
    "may" in turn: declining the Medical Officer leaves the Engineer's move."""
    game = scenario(**beam_up_board(ENGINEER, MEDIC, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game)[1] == "order"
    play(game, f"trigger {MEDIC}#1", "no")
    assert decision(game) == (0, "choose_base")
    play(game, f"base:{BRAIN}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"
    assert hand(game) == []


def test_ships_engineer_catches_a_minion_returned_by_its_own_player():
    """Core interaction: your own Supreme Overlord returning your minion still sends it to
    your hand, so the Engineer may move it."""
    game = scenario(hands=[["aliens/supreme-overlord"], []],
                    bases=[{"base": OASIS, "minions": [ENGINEER, WALKER]}, BRAIN])
    play(game, f"play aliens/supreme-overlord#1 @ base:{BRAIN}", f"{WALKER}#1",
         f"base:{BRAIN}")
    assert where(game, f"{WALKER}#1") == f"minion@base:{BRAIN}"


# ---- Ensign ------------------------------------------------------------------------------------


def test_ensign_takes_a_return_aimed_at_another_of_your_minions_here():
    """Core interaction: an opponent's Beam Up picks your Invader; the Ensign there takes it."""
    game = scenario(**beam_up_board(ENSIGN, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game) == (0, "choose_card")
    assert options(game) == [f"{ENSIGN}#1", "skip"]
    play(game, f"{ENSIGN}#1")
    assert where(game, f"{ENSIGN}#1") == "hand:0"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_ensign_may_be_declined():
    game = scenario(**beam_up_board(ENSIGN, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1", "skip")
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert where(game, f"{ENSIGN}#1") == f"minion@base:{OASIS}"


def test_ensign_does_not_take_an_effect_on_itself_on_another_base_or_of_another_player():
    game = scenario(hands=[[], [BEAM_UP]], current=1,
                    bases=[{"base": OASIS, "minions": [ENSIGN, theirs(WALKER)]},
                           {"base": BRAIN, "minions": [INVADER]}])
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")  # another base: no offer
    assert where(game, f"{INVADER}#1") == "hand:0"
    again = scenario(hands=[[], [BEAM_UP]], current=1,
                     bases=[{"base": OASIS, "minions": [ENSIGN, theirs(WALKER)]}, BRAIN])
    play(again, f"play {BEAM_UP}#1", f"{WALKER}#1")  # the opponent's own minion: no offer
    assert where(again, f"{WALKER}#1") == "hand:1"
    alone = scenario(hands=[[], [BEAM_UP]], current=1,
                     bases=[{"base": OASIS, "minions": [ENSIGN]}, BRAIN])
    play(alone, f"play {BEAM_UP}#1")  # the Ensign itself is the only target: no question
    assert where(alone, f"{ENSIGN}#1") == "hand:0"


def test_ensign_ignores_the_original_targets_prerequisite():
    """Clarification: it can take an effect even if it does not fit the original target's
    prerequisites: Disintegrator needs power 3 or less; the Ensign has 4 with counters."""
    game = scenario(hands=[[], ["aliens/disintegrator"]], current=1,
                    bases=[{"base": OASIS, "minions": [
                        {"card": ENSIGN, "counters": 2}, INVADER]}, BRAIN])
    play(game, "play aliens/disintegrator#1")  # only the Invader qualifies: picked at once
    assert power(game, f"{ENSIGN}#1") == 4
    assert options(game) == [f"{ENSIGN}#1", "skip"]
    play(game, f"{ENSIGN}#1")
    assert where(game, f"{ENSIGN}#1") == "deck:0"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_ensign_takes_an_action_played_on_another_minion():
    """Clarification: an action played on a different minion can be played on the Ensign
    instead (core Ninjas' Assassin: it then destroys the Ensign at the end of the turn)."""
    game = scenario(hands=[[], ["ninjas/assassin"]], current=1,
                    bases=[{"base": OASIS, "minions": [ENSIGN, INVADER]}, BRAIN])
    play(game, f"play ninjas/assassin#1 on {INVADER}#1")
    assert decision(game) == (0, "choose_card")
    play(game, f"{ENSIGN}#1")
    assert where(game, "ninjas/assassin#1") == f"on:{ENSIGN}#1"
    play(game, "end")
    pass_until_main(game)
    assert where(game, f"{ENSIGN}#1") == "discard:0"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_ensign_stands_in_for_a_minion_being_taken_over():
    """Clarification: it can substitute for a minion being taken control of (Super Spies'
    The Base is Not Enough, played through its Special before the base scores)."""
    spy = "super-spies/the-base-is-not-enough"
    game = scenario(hands=[[spy], []], current=1,
                    bases=[{"base": OASIS, "minions": [
                        theirs(ENSIGN), theirs(INVADER), REX, "ninjas/ninja-master"]}, BRAIN])
    play(game, "end")
    assert options(game) == [f"special {spy}#1", "pass"]
    play(game, f"special {spy}#1")
    # both player 1's minions have power 3 or less: player 0 picks the Invader
    play(game, f"{INVADER}#1")
    assert decision(game) == (1, "choose_card")
    play(game, f"{ENSIGN}#1")
    taken = [ev for ev in game.events if ev["kind"] == "control" and ev["reason"] == "taken"]
    assert [(ev["card"], ev["player"]) for ev in taken] == [(card_id(game, f"{ENSIGN}#1"), 0)]
    # the base then scores with the Ensign counted for player 0: 7 + 5 + 2 against 3
    scored = next(ev for ev in game.events if ev["kind"] == "scored")
    assert scored["ranks"] == {0: 1, 1: 2}


def test_an_effect_one_ensign_took_is_not_passed_on_again():
    """Clarification: an Ensign cannot take an effect that a different Ensign already took
    from a third minion; but an Ensign may take one aimed at another Ensign."""
    game = scenario(**beam_up_board(ENSIGN, ENSIGN, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert options(game) == [f"{ENSIGN}#1", f"{ENSIGN}#2", "skip"]
    play(game, f"{ENSIGN}#2")
    assert where(game, f"{ENSIGN}#2") == "hand:0"
    assert decision(game) == (1, "main")  # no second question

    other = scenario(**beam_up_board(ENSIGN, ENSIGN))
    play(other, f"play {BEAM_UP}#1", f"{ENSIGN}#1")
    assert options(other) == [f"{ENSIGN}#2", "skip"]
    play(other, f"{ENSIGN}#2")
    assert where(other, f"{ENSIGN}#2") == "hand:0"


def test_ensign_takes_one_of_several_effects_but_not_a_second_destroy():
    """Clarification: it can take several effects where that makes sense, but not several
    destroys (unless it cannot be destroyed): core Pirates' Cannon picks two of your minions
    in turn; the Ensign takes the first destroy and is gone, so the second asks nothing."""
    game = scenario(hands=[[], ["pirates/cannon"]], current=1,
                    bases=[{"base": OASIS, "minions": [ENSIGN, WALKER, COLLECTOR]}, BRAIN])
    play(game, "play pirates/cannon#1", f"{WALKER}#1", f"{ENSIGN}#1")
    assert where(game, f"{ENSIGN}#1") == "discard:0"
    assert where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"
    play(game, f"{COLLECTOR}#1")
    assert where(game, f"{COLLECTOR}#1") == "discard:0"
    assert decision(game) == (1, "main")


def test_ensign_does_not_take_effects_of_cards_already_in_play():
    """Clarification: not effects from cards already in play: core Tricksters' Gnome, in
    play, destroys a minion before its base scores; no Ensign question."""
    game = scenario(current=1,
                    bases=[{"base": OASIS, "minions": [
                        ENSIGN, WALKER, theirs("tricksters/gnome"), theirs(REX),
                        theirs(INVADER)]}, BRAIN])
    play(game, "end", "trigger tricksters/gnome#1")
    assert options(game) == [f"{ENSIGN}#1", f"{WALKER}#1"]
    play(game, f"{WALKER}#1")  # no Ensign question follows: the base scores at once
    destroyed = [ev["card"] for ev in game.events if ev["kind"] == "destroyed"]
    assert destroyed == [card_id(game, f"{WALKER}#1")]
    assert any(ev["kind"] == "scored" for ev in game.events)


def test_ensign_is_not_asked_when_its_player_picks_the_target():
    """Ruling: "each player returns one of their minions" (Mass Teleport, played by an
    opponent) lets you pick your own minion, the Ensign included; you are not asked again."""
    game = scenario(hands=[[], [MASS]], current=1,
                    bases=[{"base": OASIS, "minions": [ENSIGN, INVADER, theirs(WALKER)]},
                           BRAIN])
    play(game, f"play {MASS}#1")  # player 1's own Walker goes first (the only one)
    assert decision(game) == (0, "choose_minion")
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert decision(game) == (1, "main")


def test_ensign_is_not_offered_when_the_effect_could_not_affect_it():
    """Every option takes effect: core Dinosaurs' Tooth and Claw on the Ensign keeps the
    opponent's Beam Up off it, so it is not offered."""
    game = scenario(hands=[[], [BEAM_UP]], current=1,
                    bases=[{"base": OASIS, "minions": [
                        {"card": ENSIGN, "attached": ["dinosaurs/tooth-and-claw-and-guns"]},
                        INVADER]}, BRAIN])
    play(game, f"play {BEAM_UP}#1")
    assert where(game, f"{INVADER}#1") == "hand:0"


def test_registering_a_point_twice_is_refused():
    assert "takes_target" in POINTS
    try:
        register_point("takes_target", "again")
    except ValueError as err:
        assert "already registered" in str(err)
    else:
        raise AssertionError("a second takes_target was accepted")


# ---- Hyperspeed 10 -----------------------------------------------------------------------------


def test_hyperspeed_10_moves_every_minion_of_a_base_to_one_other_base():
    game = scenario(hands=[[HYPERSPEED], []],
                    bases=[{"base": OASIS, "minions": [INVADER, theirs(REX)]},
                           BRAIN, TORTUGA])
    play(game, f"play {HYPERSPEED}#1")  # the only base with minions: no question
    assert options(game) == [f"base:{BRAIN}", f"base:{TORTUGA}"]
    play(game, f"base:{TORTUGA}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"
    assert where(game, f"{REX}#1") == f"minion@base:{TORTUGA}"


def test_hyperspeed_10_leaves_a_minion_that_cannot_move():
    """Ruling: a minion that may not move to the chosen base stays where it is; the others
    go (core interaction: another player's Tooth and Claw keeps your card off their minion,
    and a base whose only movable minion is yours is still offered)."""
    game = scenario(hands=[[HYPERSPEED], []],
                    bases=[{"base": OASIS, "minions": [INVADER, theirs(
                        REX, attached=[{"card": "dinosaurs/tooth-and-claw-and-guns",
                                        "owner": 1, "controller": 1}])]}, BRAIN])
    play(game, f"play {HYPERSPEED}#1")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"
    assert where(game, f"{REX}#1") == f"minion@base:{OASIS}"


# ---- Mass Teleport -----------------------------------------------------------------------------


def test_mass_teleport_makes_each_player_return_one_of_their_minions():
    game = scenario(players=3, hands=[[MASS], [], []],
                    bases=[{"base": OASIS, "minions": [
                        INVADER, COLLECTOR, theirs(REX), theirs(WALKER),
                        {"card": "ninjas/ninja-master", "controller": 2}]}, BRAIN, TORTUGA])
    play(game, f"play {MASS}#1")
    assert decision(game) == (0, "choose_minion")  # you first
    assert options(game) == [f"{INVADER}#1", f"{COLLECTOR}#1"]
    play(game, f"{COLLECTOR}#1")
    assert decision(game) == (1, "choose_minion")
    play(game, f"{REX}#1")
    # player 2 has one minion: returned without a question
    assert where(game, "ninjas/ninja-master#1") == "hand:2"
    assert where(game, f"{COLLECTOR}#1") == "hand:0"
    assert where(game, f"{REX}#1") == "hand:1"
    assert where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"


def test_mass_teleport_skips_a_player_with_no_minion_it_may_affect():
    """Ruling: a player with no minion the card may affect returns nothing (core
    interaction: Tooth and Claw shields player 1's only minion from your card)."""
    game = scenario(hands=[[MASS], []],
                    bases=[{"base": OASIS, "minions": [INVADER, theirs(
                        REX, attached=[{"card": "dinosaurs/tooth-and-claw-and-guns",
                                        "owner": 1, "controller": 1}])]}, BRAIN])
    play(game, f"play {MASS}#1")
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert where(game, f"{REX}#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


# ---- Port Me Up --------------------------------------------------------------------------------


def test_port_me_up_returns_one_of_your_minions():
    game = scenario(hands=[[PORT], []],
                    bases=[{"base": OASIS, "minions": [INVADER, theirs(REX)]},
                           {"base": BRAIN, "minions": [COLLECTOR]}])
    play(game, f"play {PORT}#1")
    assert options(game) == [f"{INVADER}#1", f"{COLLECTOR}#1"]  # yours only, any base
    play(game, f"{COLLECTOR}#1")
    assert where(game, f"{COLLECTOR}#1") == "hand:0"


def test_port_me_up_as_a_special_saves_a_minion_from_the_scored_base():
    game = scenario(hands=[[PORT], []], plays={"minion": 1, "action": 0},
                    decks=[["aliens/probe"] * 2, []],
                    bases=[{"base": OASIS, "minions": [INVADER, REX, theirs(WALKER)]},
                           {"base": BRAIN, "minions": [COLLECTOR]}])
    play(game, "end")
    # after scoring (not before): the Special is offered
    assert options(game) == [f"special {PORT}#1", "pass"]
    play(game, f"special {PORT}#1")
    assert options(game) == [f"{INVADER}#1", f"{REX}#1"]  # only yours on the scored base
    play(game, f"{REX}#1")
    pass_until_main(game)
    assert where(game, f"{REX}#1") == "hand:0"
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert where(game, f"{PORT}#1") == "discard:0"
    assert game.state.vp == [2, 0]


def test_port_me_up_special_is_not_offered_without_a_minion_of_yours_there():
    """Ruling: the Special needs one of your minions on the scored base (it would do
    nothing otherwise), so it is not offered."""
    game = scenario(hands=[[PORT], []],
                    bases=[{"base": OASIS, "minions": [theirs(REX), theirs(INVADER)]},
                           {"base": BRAIN, "minions": [COLLECTOR]}])
    play(game, "end")
    assert decision(game) == (1, "main") or f"special {PORT}#1" not in options(game)


# ---- Protector Fields --------------------------------------------------------------------------


def test_protector_fields_goes_only_on_a_base_where_you_have_a_minion():
    game = scenario(hands=[[FIELDS], []],
                    bases=[{"base": OASIS, "minions": [INVADER]},
                           {"base": BRAIN, "minions": [theirs(REX)]}])
    assert [o for o in options(game) if FIELDS in o] == [f"play {FIELDS}#1 @ base:{OASIS}"]


def test_protector_fields_shields_your_minions_there_from_other_players_cards():
    """Core interactions: the opponent's Beam Up cannot pick them, and their Poison already
    on one of them stops counting; base abilities still apply (guide R:: a base is nobody's
    card), so the Central Brain's +1 stays."""
    game = scenario(hands=[[FIELDS], [BEAM_UP]],
                    bases=[{"base": OASIS, "minions": [INVADER, theirs(REX)]},
                           {"base": BRAIN, "minions": [
                               {"card": COLLECTOR, "attached": [
                                   {"card": "ninjas/poison", "owner": 1, "controller": 1}]},
                               WALKER]}])
    assert power(game, f"{COLLECTOR}#1") == 0
    play(game, f"play {FIELDS}#1 @ base:{BRAIN}")
    assert power(game, f"{COLLECTOR}#1") == 3  # 2 + the Brain's 1; the Poison no longer counts
    assert power(game, f"{WALKER}#1") == 3
    play(game, "end")
    pass_until_main(game)
    play(game, f"play {BEAM_UP}#1")
    assert options(game) == [f"{INVADER}#1", f"{REX}#1"]  # nothing at the Brain


def test_protector_fields_does_not_stop_your_own_cards():
    game = scenario(hands=[[PORT], []], bases=[
        {"base": OASIS, "minions": [INVADER], "actions": [FIELDS]}, BRAIN])
    play(game, f"play {PORT}#1")
    assert where(game, f"{INVADER}#1") == "hand:0"


# ---- Teleport Error ----------------------------------------------------------------------------


def test_teleport_error_moves_a_minion_to_a_random_other_base():
    landed = set()
    for seed in range(12):
        game = scenario(seed=seed, hands=[[ERROR], []],
                        bases=[{"base": OASIS, "minions": [theirs(REX)]}, BRAIN, TORTUGA])
        play(game, f"play {ERROR}#1")  # the one minion: picked without a question
        landed.add(where(game, f"{REX}#1"))
        assert decision(game) == (0, "main")  # nobody chooses the base
    assert landed == {f"minion@base:{BRAIN}", f"minion@base:{TORTUGA}"}


def test_teleport_error_draws_only_among_bases_the_minion_may_go_to():
    """Every option takes effect: core Tricksters' Hideout (player 1's) keeps your minion
    off its base, so the random base is the other one."""
    for seed in range(6):
        game = scenario(seed=seed, hands=[[ERROR], []],
                        bases=[{"base": OASIS, "minions": [INVADER]}, BRAIN,
                               {"base": TORTUGA, "actions": [
                                   {"card": "tricksters/hideout", "owner": 1,
                                    "controller": 1}]}])
        play(game, f"play {ERROR}#1")
        assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"


# ---- Teleport Overflow -------------------------------------------------------------------------


def test_teleport_overflow_returns_then_plays_same_named_minions_as_extras():
    """Ruling: the revealed minions are specific cards, so each is played at once (a base of
    your choice) or not at all; the reveal is shown to every player."""
    game = scenario(hands=[[OVERFLOW, INVADER, INVADER, COLLECTOR], []],
                    plays={"minion": 0, "action": 1},
                    bases=[{"base": OASIS, "minions": [WALKER, theirs(REX)]}, BRAIN])
    play(game, f"play {OVERFLOW}#1")  # Walker, your only minion, goes back
    assert where(game, f"{WALKER}#1") == "hand:0"
    assert options(game) == [f"{INVADER}#1", f"{INVADER}#2", f"{COLLECTOR}#1",
                             f"{WALKER}#1", "skip"]
    play(game, f"{INVADER}#1")
    assert options(game) == [f"{INVADER}#2", "done"]  # only the same name
    play(game, f"{INVADER}#2")
    shown = next(ev for ev in game.events if ev["kind"] == "revealed")
    assert set(shown["to"]) == {0, 1}
    play(game, f"play {INVADER}#1 @ base:{OASIS}", f"play {INVADER}#2 @ base:{BRAIN}")
    assert where(game, f"{INVADER}#2") == f"minion@base:{BRAIN}"
    assert game.state.vp == [2, 0]
    assert options(game) == ["end"]  # extras now or never: nothing left to play


def test_teleport_overflow_names_need_not_match_the_returned_minion():
    """Clarification: the minions played need not share the returned minion's name, only
    each other's; a single minion counts as such a group."""
    game = scenario(hands=[[OVERFLOW, COLLECTOR], []], plays={"minion": 0, "action": 1},
                    bases=[{"base": OASIS, "minions": [WALKER]}, BRAIN])
    play(game, f"play {OVERFLOW}#1", f"{COLLECTOR}#1")  # no other Collector: asked nothing
    play(game, f"play {COLLECTOR}#1 @ base:{BRAIN}", "skip")
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{BRAIN}"


def test_teleport_overflow_returns_a_minion_it_controls_but_does_not_own():
    """Clarification: you can return a minion you control but don't own (it goes to its
    owner's hand) and still do the rest."""
    game = scenario(hands=[[OVERFLOW, COLLECTOR], []], plays={"minion": 0, "action": 1},
                    bases=[{"base": OASIS, "minions": [
                        {"card": INVADER, "owner": 1, "controller": 0}]}, BRAIN])
    play(game, f"play {OVERFLOW}#1")
    assert where(game, f"{INVADER}#1") == "hand:1"
    play(game, "skip")  # any number includes none
    assert where(game, f"{COLLECTOR}#1") == "hand:0"


# ---- Weird New Worlds --------------------------------------------------------------------------


def test_weird_new_worlds_adds_a_base_for_good_with_an_extra_minion_there():
    """Errata: the new base stays for the rest of the game (guide §4.14: scored bases are
    still replaced one for one). Ruling: in your Play Cards phase the extra minion may wait,
    but it may only go to the new base."""
    game = scenario(hands=[[WORLDS, COLLECTOR], []], plays={"minion": 0, "action": 1},
                    base_deck=[TORTUGA, "the-homeworld"],
                    bases=[{"base": OASIS, "minions": [
                        "ninjas/ninja-master", REX, theirs(INVADER)]}, BRAIN])
    play(game, f"play {WORLDS}#1")
    assert bases(game) == [f"base:{OASIS}", f"base:{BRAIN}", f"base:{TORTUGA}"]
    # the extra minion may wait, but goes only to the new base
    assert [o for o in options(game) if o.startswith("play")] == [
        f"play {COLLECTOR}#1 @ base:{TORTUGA}"]
    play(game, f"play {COLLECTOR}#1 @ base:{TORTUGA}", "skip", "end")
    pass_until_main(game)
    # Jungle Oasis scored (12 power) and was replaced one for one: still three bases
    assert bases(game) == ["base:the-homeworld", f"base:{BRAIN}", f"base:{TORTUGA}"]
    assert game.state.vp == [2, 0]
    assert len(game.observation(1)["bases"]) == 3


def test_weird_new_worlds_with_no_base_left_does_nothing():
    game = scenario(hands=[[WORLDS, REX], []], plays={"minion": 0, "action": 1},
                    bases=[OASIS, BRAIN])
    play(game, f"play {WORLDS}#1")
    assert bases(game) == [f"base:{OASIS}", f"base:{BRAIN}"]
    assert options(game) == ["end"]


# ---- Whiplash Maneuver -------------------------------------------------------------------------


def test_whiplash_maneuver_pulls_a_returning_minion_to_its_base():
    game = scenario(hands=[[], [BEAM_UP]], current=1,
                    bases=[{"base": OASIS, "minions": [INVADER]},
                           {"base": BRAIN, "actions": [WHIPLASH]}])
    play(game, f"play {BEAM_UP}#1")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"


def test_whiplash_maneuver_leaves_minions_at_its_own_base_and_may_be_declined():
    game = scenario(hands=[[], [BEAM_UP, BEAM_UP]], current=1,
                    plays={"minion": 1, "action": 2},
                    bases=[{"base": OASIS, "minions": [INVADER]},
                           {"base": BRAIN, "actions": [WHIPLASH], "minions": [COLLECTOR]}])
    play(game, f"play {BEAM_UP}#1", f"{COLLECTOR}#1")  # at its own base: no question
    assert where(game, f"{COLLECTOR}#1") == "hand:0"
    play(game, f"play {BEAM_UP}#2", "no")
    assert where(game, f"{INVADER}#1") == "hand:0"


def test_whiplash_maneuver_does_not_pull_a_minion_you_do_not_own():
    """Clarification: returning a minion you don't own does not trigger it."""
    game = scenario(hands=[[], [BEAM_UP]], current=1,
                    bases=[{"base": OASIS, "minions": [
                        {"card": INVADER, "owner": 1, "controller": 0}]},
                           {"base": BRAIN, "actions": [WHIPLASH]}])
    play(game, f"play {BEAM_UP}#1")
    assert where(game, f"{INVADER}#1") == "hand:1"
    assert decision(game) == (1, "main")


# ---- Neutral Space -----------------------------------------------------------------------------


def test_neutral_space_keeps_other_players_minions_here_off_your_minions_here():
    """Core interaction: the opponent's Supreme Overlord played here cannot pick your
    minion here, but may pick one elsewhere; their Beam Up (an action) still may."""
    board = dict(hands=[[], ["aliens/supreme-overlord", BEAM_UP]], current=1,
                 bases=[{"base": NEUTRAL, "minions": [INVADER]},
                        {"base": BRAIN, "minions": [COLLECTOR]}])
    game = scenario(**board)
    play(game, f"play aliens/supreme-overlord#1 @ base:{NEUTRAL}")
    assert options(game) == ["aliens/supreme-overlord#1", f"{COLLECTOR}#1", "skip"]
    play(game, "skip", f"play {BEAM_UP}#1")
    assert f"{INVADER}#1" in options(game)


def test_neutral_space_shields_from_another_players_minion_played_here_only():
    """Core interaction: the opponent's Ninja Master played here cannot pick your minion here
    (only itself), but their Tiger Assassin played at another base can."""
    game = scenario(hands=[[], ["ninjas/ninja-master", "ninjas/tiger-assassin"]], current=1,
                    plays={"minion": 2, "action": 1},
                    bases=[{"base": NEUTRAL, "minions": [INVADER]}, BRAIN])
    play(game, f"play ninjas/ninja-master#1 @ base:{NEUTRAL}")
    assert options(game) == ["ninjas/ninja-master#1", "skip"]
    play(game, "skip", f"play ninjas/tiger-assassin#1 @ base:{BRAIN}")
    assert options(game) == [f"{INVADER}#1", "skip"]
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "discard:0"


# ---- USS Undertaking ---------------------------------------------------------------------------


def test_uss_undertaking_moves_one_of_your_minions_here_at_the_start_of_your_turn():
    game = scenario(phase="start",
                    bases=[{"base": USS, "minions": [theirs(REX)]},
                           {"base": BRAIN, "minions": [INVADER, theirs(WALKER)]}])
    assert options(game) == [f"trigger base:{USS}", "pass"]
    play(game, f"trigger base:{USS}")  # your only minion: picked without a question
    assert where(game, f"{INVADER}#1") == f"minion@base:{USS}"
    assert decision(game) == (0, "main")


def test_uss_undertaking_moves_a_minion_from_here_to_another_base():
    game = scenario(phase="start",
                    bases=[{"base": USS, "minions": [INVADER]}, BRAIN, OASIS])
    play(game, f"trigger base:{USS}")
    assert options(game) == [f"base:{BRAIN}", f"base:{OASIS}"]
    play(game, f"base:{OASIS}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_uss_undertaking_may_be_passed_and_asks_nobody_without_minions():
    """Ruling: the "may" is offered only to a player with a minion it could move onto or
    off the base (here player 0 has none: the minion there is player 1's)."""
    game = scenario(phase="start",
                    bases=[{"base": USS, "minions": [INVADER]}, BRAIN])
    play(game, "pass")
    assert where(game, f"{INVADER}#1") == f"minion@base:{USS}"
    nobody = scenario(phase="start", bases=[{"base": USS, "minions": [theirs(INVADER)]}, BRAIN])
    assert decision(nobody) == (0, "main")


# ---- what players see --------------------------------------------------------------------------


def test_the_ensign_question_shows_the_card_being_played_and_nothing_else():
    """The action played on your minion is shown to everyone as it is played, so the
    question that names it gives nothing away; a world rebuilt from player 0's view reaches
    the same question."""
    game = scenario(hands=[[], ["ninjas/assassin", "ninjas/poison"]], current=1,
                    bases=[{"base": OASIS, "minions": [ENSIGN, INVADER]}, BRAIN])
    play(game, f"play ninjas/assassin#1 on {INVADER}#1")
    assert decision(game) == (0, "choose_card")
    assert card_id(game, "ninjas/assassin#1") in game.state.known[0]
    assert card_id(game, "ninjas/poison#1") not in game.state.known[0]
    assert "Assassin" in game.observation(0)["decision"]["prompt"]
    world = game.determinize(0, 7)
    assert world.action_texts() == game.action_texts()


def test_the_narrator_tells_an_added_base_and_a_taken_over_effect():
    from smashup.narrate import Narrator

    game = scenario(hands=[[WORLDS], [BEAM_UP]], base_deck=[TORTUGA],
                    bases=[{"base": OASIS, "minions": [ENSIGN, INVADER]}, BRAIN])
    narrator = Narrator(game)
    play(game, f"play {WORLDS}#1")
    assert "Tortuga comes into play as an extra base." in narrator.narrate(game.events_for(1))
    play(game, "end")
    pass_until_main(game)
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1", f"{ENSIGN}#1")
    assert narrator.narrate(game.events_for(-1))[0] == "Ensign takes Beam Up in place of Invader."
