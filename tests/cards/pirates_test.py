"""Pirates: each card's ability, scripted strictly on a described board."""

from __future__ import annotations

from typing import Any

from smashup import Game
from smashup.testing import decision, options, play, power, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
FACTORY = "factory-436-1337"  # breakpoint 25, only acts when it scores
MALL = "rhodes-plaza-mall"  # breakpoint 24, only acts when it scores
CLAW = "dinosaurs/tooth-and-claw-and-guns"


def m(card: str, controller: int = 0, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": controller, **more}


def board(oasis: list[Any] | None = None, factory: list[Any] | None = None,
          mall: list[Any] | None = None, **fields: Any) -> Game:
    """Player 0 to play (unless ``current`` says otherwise) at three bases; a spare base waits
    in the base deck, and each player has two cards to draw."""
    fields.setdefault("hands", [[], []])
    fields.setdefault("decks", [["dinosaurs/howl"] * 2, ["dinosaurs/howl"] * 2])
    fields.setdefault("base_deck", ["the-central-brain"])
    return scenario(bases=[{"base": OASIS, "minions": oasis or []},
                           {"base": FACTORY, "minions": factory or []},
                           {"base": MALL, "minions": mall or []}], **fields)


def finish_turn(game: Game) -> None:
    """End the Play Cards phase; nothing scores and nobody decides until the next turn."""
    play(game, "end")
    assert decision(game) == (game.state.current, "main")


# ---- Pirate King -----------------------------------------------------------------------------

# Jungle Oasis is ready: player 1's King Rex (7) beats my War Raptor and Armor Stego (3 + 3)
READY_OASIS = [m("dinosaurs/king-rex", 1), m("dinosaurs/war-raptor"), m("dinosaurs/armor-stego")]


def test_pirate_king_may_sail_to_a_scoring_base_and_win_it():
    """Core rulebook, 'The Big Score': Specials that happen "before" a base scores are used
    once it has been chosen to score."""
    game = board(oasis=READY_OASIS, mall=[m("pirates/pirate-king")])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == ["trigger pirates/pirate-king#1", "pass"]
    play(game, "trigger pirates/pirate-king#1")
    assert game.state.vp == [2, 0]  # 11 against 7
    assert where(game, "pirates/pirate-king#1") != "minion@base:rhodes-plaza-mall"


def test_pirate_king_may_stay_where_it_is():
    game = board(oasis=READY_OASIS, mall=[m("pirates/pirate-king")])
    play(game, "end", "pass")
    assert game.state.vp == [0, 2]
    assert where(game, "pirates/pirate-king#1") == "minion@base:rhodes-plaza-mall"


def test_an_opponents_pirate_king_is_offered_on_my_turn():
    game = board(oasis=[m("dinosaurs/king-rex"), m("dinosaurs/war-raptor", 1),
                        m("dinosaurs/armor-stego", 1)],
                 factory=[m("pirates/pirate-king", 1)])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    play(game, "trigger pirates/pirate-king#1")
    assert game.state.vp == [0, 2]


def test_pirate_king_already_at_the_scoring_base_is_not_asked():
    game = board(oasis=[m("pirates/pirate-king"), m("dinosaurs/king-rex", 1)])
    play(game, "end")
    assert decision(game) == (1, "main")
    assert game.state.vp == [0, 2]


# ---- Buccaneer -------------------------------------------------------------------------------


def test_buccaneer_may_move_away_instead_of_being_destroyed():
    game = board(hands=[["dinosaurs/natural-selection"], []],
                 oasis=[m("dinosaurs/king-rex"), m("pirates/buccaneer", 1)])
    play(game, "play dinosaurs/natural-selection#1")  # King Rex and Buccaneer: chosen at once
    assert decision(game) == (1, "choose_base")
    assert options(game) == ["base:factory-436-1337", "base:rhodes-plaza-mall", "skip"]
    play(game, "base:factory-436-1337")
    assert where(game, "pirates/buccaneer#1") == "minion@base:factory-436-1337"


def test_buccaneer_may_let_itself_be_destroyed():
    game = board(hands=[["dinosaurs/natural-selection"], []],
                 oasis=[m("dinosaurs/king-rex"), m("pirates/buccaneer", 1)])
    play(game, "play dinosaurs/natural-selection#1", "skip")
    assert where(game, "pirates/buccaneer#1") == "discard:1"


def test_buccaneer_escapes_only_once_per_turn():
    game = board(hands=[["dinosaurs/natural-selection", "pirates/powderkeg"], []],
                 oasis=[m("dinosaurs/king-rex"), m("pirates/buccaneer", 1)],
                 factory=[m("dinosaurs/lasertops")], plays={"minion": 1, "action": 2})
    play(game, "play dinosaurs/natural-selection#1", "dinosaurs/king-rex#1",
         "base:factory-436-1337")
    # Powderkeg on Lasertops (4) takes the Buccaneer (4) with it: no second escape this turn
    play(game, "play pirates/powderkeg#1", "dinosaurs/lasertops#1")
    assert decision(game) == (0, "main")
    assert where(game, "pirates/buccaneer#1") == "discard:1"
    assert where(game, "dinosaurs/lasertops#1") == "discard:0"


def test_buccaneer_escapes_again_on_a_later_turn():
    game = board(hands=[["dinosaurs/natural-selection"], ["pirates/powderkeg"]],
                 oasis=[m("dinosaurs/king-rex"), m("pirates/buccaneer", 1)],
                 factory=[m("pirates/cut-lass", 1)])
    play(game, "play dinosaurs/natural-selection#1", "base:factory-436-1337")
    finish_turn(game)
    # its own player's Powderkeg on the Cut Lass (3)... does not reach it; on its Buccaneer:
    play(game, "play pirates/powderkeg#1", "pirates/buccaneer#1")
    assert options(game) == ["base:jungle-oasis", "base:rhodes-plaza-mall", "skip"]
    play(game, "base:rhodes-plaza-mall")
    assert where(game, "pirates/buccaneer#1") == "minion@base:rhodes-plaza-mall"
    assert where(game, "pirates/cut-lass#1") == "discard:1"


# ---- Cut Lass --------------------------------------------------------------------------------


def test_cut_lass_may_destroy_a_minion_here_of_power_2_or_less():
    game = board(hands=[["pirates/cut-lass"], []],
                 oasis=[m("pirates/first-mate", 1), m("dinosaurs/war-raptor", 1)],
                 factory=[m("pirates/first-mate", 1)])
    play(game, "play pirates/cut-lass#1 @ base:jungle-oasis")
    assert set(options(game)) == {"pirates/first-mate#1", "skip"}
    play(game, "pirates/first-mate#1")
    assert where(game, "pirates/first-mate#1") == "discard:1"
    assert where(game, "pirates/first-mate#2") == "minion@base:factory-436-1337"


def test_cut_lass_may_decline():
    game = board(hands=[["pirates/cut-lass"], []], oasis=[m("pirates/first-mate", 1)])
    play(game, "play pirates/cut-lass#1 @ base:jungle-oasis", "skip")
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


def test_cut_lass_cannot_reach_an_upgraded_minion():
    game = board(hands=[["pirates/cut-lass"], []],
                 oasis=[m("pirates/first-mate", 1, attached=["dinosaurs/upgrade"])])
    play(game, "play pirates/cut-lass#1 @ base:jungle-oasis")
    assert decision(game) == (0, "main")


# ---- First Mate ------------------------------------------------------------------------------

# Jungle Oasis is ready: my King Rex and First Mate (7 + 2) against a Cut Lass (3)
MATE_OASIS = [m("dinosaurs/king-rex"), m("pirates/first-mate"), m("pirates/cut-lass", 1)]


def test_first_mate_may_move_to_another_base_after_its_base_scores():
    game = board(oasis=MATE_OASIS)
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, "trigger pirates/first-mate#1")
    assert options(game) == ["base:factory-436-1337", "base:rhodes-plaza-mall"]
    play(game, "base:rhodes-plaza-mall")
    assert game.state.vp == [2, 0]
    assert where(game, "pirates/first-mate#1") == "minion@base:rhodes-plaza-mall"
    assert where(game, "dinosaurs/king-rex#1") == "discard:0"


def test_first_mate_may_go_to_the_discard_pile_with_the_rest():
    game = board(oasis=MATE_OASIS)
    play(game, "end", "pass")
    assert where(game, "pirates/first-mate#1") == "discard:0"


def test_first_mate_sails_on_each_time_its_base_scores_but_never_to_the_replacement():
    """Clarification: First Mate's ability works every time its base scores, even several
    times in one turn; it cannot move to the base that replaces the scored one."""
    game = scenario(
        hands=[[], []], decks=[["dinosaurs/howl"] * 2, []],
        bases=[{"base": OASIS, "minions": MATE_OASIS},
               {"base": "tar-pits", "minions": [  # breakpoint 16: 3 + 3 + 4 + 7 = 17
                   m("dinosaurs/war-raptor"), m("dinosaurs/armor-stego"),
                   m("dinosaurs/lasertops"), m("dinosaurs/king-rex", 1)]},
               {"base": MALL}],
        base_deck=["the-central-brain", FACTORY])
    play(game, "end", "base:jungle-oasis", "trigger pirates/first-mate#1")
    assert options(game) == ["base:tar-pits", "base:rhodes-plaza-mall"]
    play(game, "base:tar-pits")
    # the oasis is replaced by The Central Brain; then the Tar Pits score, and First Mate
    # may leave again, now to the new base or the mall (not to the Factory replacing the pits)
    play(game, "trigger pirates/first-mate#1")
    assert options(game) == ["base:the-central-brain", "base:rhodes-plaza-mall"]
    play(game, "base:the-central-brain")
    assert game.state.vp == [2 + 4, 3]
    assert where(game, "pirates/first-mate#1") == "minion@base:the-central-brain"


# ---- Broadside -------------------------------------------------------------------------------


def test_broadside_destroys_one_players_weak_minions_at_a_base_where_you_have_one():
    game = board(hands=[["pirates/broadside"], []],
                 oasis=[m("dinosaurs/armor-stego"), m("pirates/first-mate"),
                        m("pirates/first-mate", 1), m("pirates/first-mate", 1),
                        m("dinosaurs/war-raptor", 1)],
                 factory=[m("dinosaurs/king-rex")], mall=[m("pirates/first-mate", 1)])
    play(game, "play pirates/broadside#1")
    assert options(game) == ["base:jungle-oasis", "base:factory-436-1337"]  # not the mall
    play(game, "base:jungle-oasis")
    assert options(game) == ["player:0", "player:1"]
    play(game, "player:1")
    assert where(game, "pirates/first-mate#2") == "discard:1"
    assert where(game, "pirates/first-mate#3") == "discard:1"
    assert where(game, "dinosaurs/war-raptor#1") == "minion@base:jungle-oasis"  # 3 power
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"  # mine
    assert where(game, "pirates/first-mate#4") == "minion@base:rhodes-plaza-mall"


# ---- Cannon ----------------------------------------------------------------------------------


def test_cannon_destroys_up_to_two_minions_of_power_2_or_less_anywhere():
    game = board(hands=[["pirates/cannon"], []],
                 oasis=[m("pirates/first-mate", 1), m("pirates/cut-lass", 1)],
                 factory=[m("pirates/first-mate", 1)], mall=[m("pirates/first-mate", 1)])
    play(game, "play pirates/cannon#1")
    assert set(options(game)) == {"pirates/first-mate#1", "pirates/first-mate#2",
                                  "pirates/first-mate#3", "skip"}
    play(game, "pirates/first-mate#1")
    assert set(options(game)) == {"pirates/first-mate#2", "pirates/first-mate#3", "skip"}
    play(game, "pirates/first-mate#3")
    assert decision(game) == (0, "main")
    assert [where(game, f"pirates/first-mate#{i}") for i in (1, 2, 3)] == [
        "discard:1", "minion@base:factory-436-1337", "discard:1"]


def test_cannon_may_stop_after_one_or_none():
    game = board(hands=[["pirates/cannon"], []],
                 oasis=[m("pirates/first-mate", 1), m("pirates/first-mate", 1)])
    play(game, "play pirates/cannon#1", "pirates/first-mate#1", "skip")
    assert where(game, "pirates/first-mate#2") == "minion@base:jungle-oasis"


# ---- Dinghy ----------------------------------------------------------------------------------


def test_dinghy_moves_up_to_two_of_your_minions_to_different_bases():
    """Clarification: Dinghy's minions may go to different bases."""
    game = board(hands=[["pirates/dinghy"], []],
                 oasis=[m("pirates/cut-lass"), m("pirates/first-mate"), m("dinosaurs/king-rex"),
                        m("pirates/buccaneer", 1)])
    play(game, "play pirates/dinghy#1")
    assert set(options(game)) == {"pirates/cut-lass#1", "pirates/first-mate#1",
                                  "dinosaurs/king-rex#1", "skip"}
    play(game, "pirates/cut-lass#1", "base:factory-436-1337")
    assert set(options(game)) == {"pirates/first-mate#1", "dinosaurs/king-rex#1", "skip"}
    play(game, "pirates/first-mate#1", "base:rhodes-plaza-mall")
    assert decision(game) == (0, "main")
    assert where(game, "pirates/cut-lass#1") == "minion@base:factory-436-1337"
    assert where(game, "pirates/first-mate#1") == "minion@base:rhodes-plaza-mall"
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:jungle-oasis"


def test_dinghy_may_move_fewer():
    game = board(hands=[["pirates/dinghy"], []], oasis=[m("pirates/cut-lass")])
    play(game, "play pirates/dinghy#1", "skip")
    assert where(game, "pirates/cut-lass#1") == "minion@base:jungle-oasis"


# ---- Full Sail -------------------------------------------------------------------------------


def test_full_sail_moves_any_number_of_your_minions_to_different_bases():
    """Clarification: Full Sail's minions may go to different bases."""
    game = board(hands=[["pirates/full-sail"], []],
                 oasis=[m("pirates/cut-lass"), m("pirates/first-mate"), m("dinosaurs/king-rex")])
    play(game, "play pirates/full-sail#1",
         "pirates/cut-lass#1", "base:factory-436-1337",
         "pirates/first-mate#1", "base:rhodes-plaza-mall",
         "dinosaurs/king-rex#1", "base:factory-436-1337")
    assert decision(game) == (0, "main")  # nothing left to move
    assert where(game, "pirates/first-mate#1") == "minion@base:rhodes-plaza-mall"
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:factory-436-1337"
    assert where(game, "pirates/full-sail#1") == "discard:0"


def test_full_sail_played_before_an_opponents_base_scores():
    """Core rulebook, 'The Big Score': a pirate player who would be runner-up at Jungle Oasis
    plays Full Sail (a Special) to move her minions away; the base still scores though its
    total power is now below its breakpoint."""
    game = board(hands=[["pirates/full-sail"], []], current=1,
                 oasis=[m("dinosaurs/king-rex", 1), m("pirates/cut-lass"),
                        m("pirates/first-mate")])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == ["special pirates/full-sail#1", "pass"]
    play(game, "special pirates/full-sail#1",
         "pirates/cut-lass#1", "base:factory-436-1337",
         "pirates/first-mate#1", "base:factory-436-1337")
    assert game.state.vp == [0, 2]
    assert where(game, "dinosaurs/king-rex#1") == "discard:1"
    assert where(game, "pirates/cut-lass#1") == "minion@base:factory-436-1337"
    assert where(game, "pirates/full-sail#1") == "discard:0"
    assert decision(game) == (0, "main")


def test_full_sail_special_can_turn_a_loss_into_a_win_on_your_own_turn():
    # before the oasis scores I bring my King Rex over: 7 + 3 beats 7; it is a free play
    game = board(hands=[["pirates/full-sail"], []], plays={"minion": 1, "action": 0},
                 oasis=[m("dinosaurs/king-rex", 1), m("pirates/cut-lass"),
                        m("pirates/first-mate", 1)],
                 factory=[m("dinosaurs/king-rex")])
    assert "play pirates/full-sail#1" not in options(game)
    play(game, "end", "special pirates/full-sail#1", "dinosaurs/king-rex#2",
         "base:jungle-oasis", "skip", "pass")  # First Mate's player 1 declines its move
    assert game.state.vp == [2, 0]


# ---- Powderkeg -------------------------------------------------------------------------------


def test_powderkeg_destroys_your_minion_and_every_minion_there_no_stronger():
    game = board(hands=[["pirates/powderkeg"], []],
                 oasis=[m("dinosaurs/lasertops"), m("pirates/first-mate"),
                        m("pirates/cut-lass", 1), m("dinosaurs/armor-stego", 1),
                        m("dinosaurs/king-rex", 1)],
                 factory=[m("pirates/first-mate", 1)])
    play(game, "play pirates/powderkeg#1")
    assert set(options(game)) == {"dinosaurs/lasertops#1", "pirates/first-mate#1"}
    play(game, "dinosaurs/lasertops#1")
    assert where(game, "dinosaurs/lasertops#1") == "discard:0"
    assert where(game, "pirates/first-mate#1") == "discard:0"
    assert where(game, "pirates/cut-lass#1") == "discard:1"
    assert where(game, "dinosaurs/armor-stego#1") == "discard:1"
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:jungle-oasis"
    assert where(game, "pirates/first-mate#2") == "minion@base:factory-436-1337"


def test_powderkeg_still_blows_up_the_others_when_your_minion_survives():
    """Clarification: if the chosen minion cannot be destroyed, the other minions are still
    destroyed (unless they too are protected)."""
    # player 1's Tooth and Claw shields my Lasertops from my own cards
    game = board(hands=[["pirates/powderkeg"], []],
                 oasis=[m("dinosaurs/lasertops",
                          attached=[{"card": CLAW, "owner": 1, "controller": 1}]),
                        m("pirates/cut-lass", 1),
                        m("pirates/first-mate", 1, attached=[{"card": CLAW, "owner": 1,
                                                              "controller": 1}])])
    play(game, "play pirates/powderkeg#1")
    assert where(game, "dinosaurs/lasertops#1") == "minion@base:jungle-oasis"
    assert where(game, "pirates/cut-lass#1") == "discard:1"
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


# ---- Sea Dogs --------------------------------------------------------------------------------


def test_sea_dogs_moves_other_players_minions_of_a_named_faction():
    game = board(hands=[["pirates/sea-dogs"], []],
                 oasis=[m("dinosaurs/war-raptor", 1), m("dinosaurs/king-rex", 1),
                        m("pirates/cut-lass", 1), m("dinosaurs/armor-stego")],
                 factory=[m("dinosaurs/lasertops", 1), m("pirates/first-mate", 1)])
    play(game, "play pirates/sea-dogs#1")
    assert options(game) == ["faction:dinosaurs", "faction:pirates"]
    play(game, "faction:dinosaurs")
    assert options(game) == ["base:jungle-oasis", "base:factory-436-1337"]
    play(game, "base:jungle-oasis")
    assert options(game) == ["base:factory-436-1337", "base:rhodes-plaza-mall"]
    play(game, "base:rhodes-plaza-mall")
    assert where(game, "dinosaurs/war-raptor#1") == "minion@base:rhodes-plaza-mall"
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:rhodes-plaza-mall"
    assert where(game, "pirates/cut-lass#1") == "minion@base:jungle-oasis"
    assert where(game, "dinosaurs/armor-stego#1") == "minion@base:jungle-oasis"  # mine
    assert where(game, "dinosaurs/lasertops#1") == "minion@base:factory-436-1337"


def test_sea_dogs_with_nothing_to_move_does_nothing():
    game = board(hands=[["pirates/sea-dogs"], []], oasis=[m("pirates/cut-lass")])
    play(game, "play pirates/sea-dogs#1")
    assert decision(game) == (0, "main")


# ---- Shanghai --------------------------------------------------------------------------------


def test_shanghai_moves_another_players_minion():
    game = board(hands=[["pirates/shanghai"], []],
                 oasis=[m("pirates/cut-lass"), m("dinosaurs/king-rex", 1)],
                 factory=[m("pirates/first-mate", 1)])
    play(game, "play pirates/shanghai#1")
    assert set(options(game)) == {"dinosaurs/king-rex#1", "pirates/first-mate#1"}
    play(game, "dinosaurs/king-rex#1")
    assert options(game) == ["base:factory-436-1337", "base:rhodes-plaza-mall"]
    play(game, "base:rhodes-plaza-mall")
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:rhodes-plaza-mall"


# ---- Swashbuckling ---------------------------------------------------------------------------


def test_swashbuckling_gives_your_minions_in_play_1_power_this_turn():
    """Clarification: only minions already in play get the bonus, not those played later."""
    game = board(hands=[["pirates/swashbuckling", "pirates/first-mate"], []],
                 oasis=[m("pirates/cut-lass")],
                 factory=[m("dinosaurs/war-raptor"), m("dinosaurs/king-rex", 1)])
    play(game, "play pirates/swashbuckling#1", "play pirates/first-mate#1 @ base:jungle-oasis")
    assert power(game, "pirates/cut-lass#1") == 4
    assert power(game, "dinosaurs/war-raptor#1") == 4
    assert power(game, "dinosaurs/king-rex#1") == 7
    assert power(game, "pirates/first-mate#1") == 2
    finish_turn(game)
    assert power(game, "pirates/cut-lass#1") == 3
