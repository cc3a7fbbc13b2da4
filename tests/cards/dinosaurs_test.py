"""Dinosaurs: each card's ability, scripted strictly on a described board."""

from __future__ import annotations

from typing import Any

from smashup import Game
from smashup.engine.core.requests import option_text
from smashup.engine.turn.flow import play_card
from smashup.testing import (
    base_breakpoint,
    card_id,
    decision,
    options,
    play,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
FACTORY = "factory-436-1337"  # breakpoint 25, only acts when it scores
MALL = "rhodes-plaza-mall"  # breakpoint 24, only acts when it scores


def m(card: str, controller: int = 0, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": controller, **more}


def board(oasis: list[Any] | None = None, factory: list[Any] | None = None,
          mall: list[Any] | None = None, oasis_actions: list[Any] | None = None,
          **fields: Any) -> Game:
    """Player 0 to play (unless ``current`` says otherwise) at three bases."""
    fields.setdefault("hands", [[], []])
    return scenario(bases=[{"base": OASIS, "minions": oasis or [], "actions": oasis_actions or []},
                           {"base": FACTORY, "minions": factory or []},
                           {"base": MALL, "minions": mall or []}], **fields)


def finish_turn(game: Game) -> None:
    """End the Play Cards phase; nothing scores and nobody decides until the next turn."""
    play(game, "end")
    assert decision(game) == (game.state.current, "main")


def play_off_turn(game: Game, player: int, card: str, *answers: str) -> None:
    """``player`` plays ``card`` from hand now, during another player's turn, as some other
    card's effect could let them; each answer is given strictly."""
    g = game.state
    assert g.current != player
    cid = card_id(game, card)
    flow = play_card(g, player, cid, ("play", cid))
    given = list(answers)
    try:
        req = next(flow)
        while True:
            texts = [option_text(g, o) for o in req.options]
            assert given, f"unexpected decision: {texts}"
            req = flow.send(req.options[texts.index(given.pop(0))])
    except StopIteration:
        pass
    assert not given, f"answers left over: {given}"


# ---- King Rex --------------------------------------------------------------------------------


def test_king_rex_has_7_power_and_no_ability():
    """Clarification: King Rex's ability is left blank on purpose."""
    game = board(hands=[["dinosaurs/king-rex"], []], oasis=[m("pirates/first-mate", 1)])
    play(game, "play dinosaurs/king-rex#1 @ base:jungle-oasis")
    assert decision(game) == (0, "main")  # nothing to decide: no ability
    assert power(game, "dinosaurs/king-rex#1") == 7
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


# ---- Lasertops -------------------------------------------------------------------------------


def test_lasertops_may_destroy_a_minion_here_of_printed_power_2_or_less():
    # a lone War Raptor has 3 power but printed power 2: a target; Cut Lass (printed 3) is not;
    # the First Mate at another base is out of reach
    game = board(hands=[["dinosaurs/lasertops"], []],
                 oasis=[m("dinosaurs/war-raptor", 1), m("pirates/cut-lass", 1)],
                 factory=[m("pirates/first-mate", 1)])
    assert power(game, "dinosaurs/war-raptor#1") == 3
    play(game, "play dinosaurs/lasertops#1 @ base:jungle-oasis")
    assert set(options(game)) == {"dinosaurs/war-raptor#1", "skip"}
    play(game, "dinosaurs/war-raptor#1")
    assert where(game, "dinosaurs/war-raptor#1") == "discard:1"


def test_lasertops_ignores_power_bonuses_and_may_decline():
    # Upgrade lifts a First Mate to 4 power, but its printed power is still 2
    game = board(hands=[["dinosaurs/lasertops"], []],
                 oasis=[m("pirates/first-mate", 1, attached=["dinosaurs/upgrade"])])
    assert power(game, "pirates/first-mate#1") == 4
    play(game, "play dinosaurs/lasertops#1 @ base:jungle-oasis")
    assert set(options(game)) == {"pirates/first-mate#1", "skip"}
    play(game, "skip")
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


# ---- Armor Stego -----------------------------------------------------------------------------


def test_armor_stego_talent_gives_2_power_only_during_other_players_turns():
    game = board(oasis=[m("dinosaurs/armor-stego")])
    play(game, "use dinosaurs/armor-stego#1")
    assert power(game, "dinosaurs/armor-stego#1") == 3  # still my turn
    assert "use dinosaurs/armor-stego#1" not in options(game)  # once per turn
    finish_turn(game)
    assert game.state.current == 1
    assert power(game, "dinosaurs/armor-stego#1") == 5
    finish_turn(game)
    assert game.state.current == 0  # the start of my turn ends it
    assert power(game, "dinosaurs/armor-stego#1") == 3
    finish_turn(game)
    assert power(game, "dinosaurs/armor-stego#1") == 3  # not renewed without the talent


def test_armor_stego_armor_keeps_it_above_an_opponents_natural_selection():
    # on player 1's turn the armoured Stego (5) is stronger than Buccaneer (4); the other
    # Stego (3), whose talent was not used, is weaker and is the only target
    game = board(hands=[[], ["dinosaurs/natural-selection"]],
                 oasis=[m("dinosaurs/armor-stego"), m("dinosaurs/armor-stego"),
                        m("pirates/buccaneer", 1)])
    play(game, "use dinosaurs/armor-stego#1")
    finish_turn(game)
    play(game, "play dinosaurs/natural-selection#1")
    # Buccaneer is player 1's only minion: chosen at once; one target left
    assert where(game, "dinosaurs/armor-stego#2") == "discard:0"
    assert where(game, "dinosaurs/armor-stego#1") == "minion@base:jungle-oasis"


# ---- War Raptor ------------------------------------------------------------------------------


def test_war_raptor_gains_1_for_each_war_raptor_at_its_base():
    game = board(hands=[["dinosaurs/war-raptor"], []],
                 oasis=[m("dinosaurs/war-raptor"), m("dinosaurs/war-raptor", 1)],
                 factory=[m("dinosaurs/war-raptor")])
    # two Raptors at the oasis (one is player 1's): 4 each; the lone one: 3
    assert power(game, "dinosaurs/war-raptor#2") == 4
    assert power(game, "dinosaurs/war-raptor#3") == 4
    assert power(game, "dinosaurs/war-raptor#4") == 3
    play(game, "play dinosaurs/war-raptor#1 @ base:jungle-oasis")
    assert [power(game, f"dinosaurs/war-raptor#{i}") for i in (1, 2, 3, 4)] == [5, 5, 5, 3]


def test_war_raptor_pack_shrinks_when_a_raptor_leaves():
    game = board(hands=[["dinosaurs/lasertops"], []],
                 oasis=[m("dinosaurs/war-raptor"), m("dinosaurs/war-raptor", 1)])
    assert power(game, "dinosaurs/war-raptor#1") == 4
    play(game, "play dinosaurs/lasertops#1 @ base:jungle-oasis", "dinosaurs/war-raptor#2")
    assert power(game, "dinosaurs/war-raptor#1") == 3


def test_war_raptor_has_power_2_outside_a_base():
    """Clarification: a War Raptor has 2 power in hand, deck or discard pile; only on a base
    does its ability lift it to 3."""
    game = board(hands=[["dinosaurs/war-raptor"], []], decks=[["dinosaurs/war-raptor"], []],
                 discards=[["dinosaurs/war-raptor"], []])
    assert [power(game, f"dinosaurs/war-raptor#{i}") for i in (1, 2, 3)] == [2, 2, 2]
    play(game, "play dinosaurs/war-raptor#1 @ base:jungle-oasis")
    assert power(game, "dinosaurs/war-raptor#1") == 3


def test_a_lone_war_raptor_is_out_of_reach_of_cut_lass():
    # Cut Lass reads current power (3), unlike Lasertops' printed power
    game = board(hands=[["pirates/cut-lass"], []],
                 oasis=[m("dinosaurs/war-raptor", 1), m("pirates/first-mate", 1)])
    play(game, "play pirates/cut-lass#1 @ base:jungle-oasis")
    assert set(options(game)) == {"pirates/first-mate#1", "skip"}


# ---- Augmentation ----------------------------------------------------------------------------


def test_augmentation_gives_any_minion_4_power_until_the_end_of_your_turn():
    game = board(hands=[["dinosaurs/augmentation"], []],
                 factory=[m("dinosaurs/king-rex"), m("pirates/first-mate", 1)])
    play(game, "play dinosaurs/augmentation#1")
    assert set(options(game)) == {"dinosaurs/king-rex#1", "pirates/first-mate#1"}
    play(game, "pirates/first-mate#1")
    assert power(game, "pirates/first-mate#1") == 6
    finish_turn(game)
    assert power(game, "pirates/first-mate#1") == 2


def test_augmentation_played_on_another_players_turn_lasts_to_the_end_of_your_next_turn():
    """Clarification: played during another player's turn, Augmentation lasts until the end of
    your next turn."""
    game = board(hands=[["dinosaurs/augmentation"], []], current=1,
                 oasis=[m("dinosaurs/war-raptor"), m("pirates/first-mate", 1)])
    play_off_turn(game, 0, "dinosaurs/augmentation#1", "dinosaurs/war-raptor#1")
    assert power(game, "dinosaurs/war-raptor#1") == 7
    finish_turn(game)  # player 1's turn ends: still on
    assert game.state.current == 0
    assert power(game, "dinosaurs/war-raptor#1") == 7
    finish_turn(game)  # my turn ends: gone
    assert power(game, "dinosaurs/war-raptor#1") == 3


def test_augmentation_stays_with_the_minion_it_was_given_to():
    """Clarification: Augmentation affects only a minion in play when it is played; a minion
    that leaves play and is played again is a new minion without the bonus."""
    game = board(hands=[["dinosaurs/augmentation", "aliens/beam-up", "dinosaurs/war-raptor"],
                        []],
                 oasis=[m("dinosaurs/armor-stego")], plays={"minion": 2, "action": 2})
    play(game, "play dinosaurs/augmentation#1")  # the only minion: chosen at once
    assert power(game, "dinosaurs/armor-stego#1") == 7
    play(game, "play dinosaurs/war-raptor#1 @ base:jungle-oasis")
    assert power(game, "dinosaurs/war-raptor#1") == 3  # arrived later: no bonus
    play(game, "play aliens/beam-up#1", "dinosaurs/armor-stego#1")
    play(game, "play dinosaurs/armor-stego#1 @ base:jungle-oasis")
    assert power(game, "dinosaurs/armor-stego#1") == 3


# ---- Howl ------------------------------------------------------------------------------------


def test_howl_gives_each_of_your_minions_1_power_until_the_end_of_your_turn():
    game = board(hands=[["dinosaurs/howl"], []],
                 oasis=[m("dinosaurs/king-rex"), m("pirates/first-mate", 1)],
                 factory=[m("dinosaurs/war-raptor")])
    play(game, "play dinosaurs/howl#1")
    assert power(game, "dinosaurs/king-rex#1") == 8
    assert power(game, "dinosaurs/war-raptor#1") == 4
    assert power(game, "pirates/first-mate#1") == 2  # not mine
    finish_turn(game)
    assert power(game, "dinosaurs/king-rex#1") == 7
    assert power(game, "dinosaurs/war-raptor#1") == 3


def test_howl_played_on_another_players_turn_lasts_to_the_end_of_your_next_turn():
    """Clarification: played during another player's turn, Howl lasts until the end of your
    next turn."""
    game = board(hands=[["dinosaurs/howl"], []], current=1, oasis=[m("dinosaurs/king-rex")])
    play_off_turn(game, 0, "dinosaurs/howl#1")
    assert power(game, "dinosaurs/king-rex#1") == 8
    finish_turn(game)
    assert power(game, "dinosaurs/king-rex#1") == 8
    finish_turn(game)
    assert power(game, "dinosaurs/king-rex#1") == 7


def test_howl_does_not_reach_minions_played_after_it():
    """Clarification: Howl affects only your minions already in play, not minions played
    later that turn."""
    game = board(hands=[["dinosaurs/howl", "dinosaurs/king-rex"], []],
                 oasis=[m("dinosaurs/armor-stego")])
    play(game, "play dinosaurs/howl#1", "play dinosaurs/king-rex#1 @ base:jungle-oasis")
    assert power(game, "dinosaurs/armor-stego#1") == 4
    assert power(game, "dinosaurs/king-rex#1") == 7


# ---- Natural Selection -----------------------------------------------------------------------


def test_natural_selection_destroys_a_weaker_minion_at_your_minions_base():
    game = board(hands=[["dinosaurs/natural-selection"], []],
                 oasis=[m("dinosaurs/armor-stego"), m("pirates/first-mate", 1),
                        m("pirates/cut-lass", 1), m("pirates/buccaneer", 1)],
                 factory=[m("dinosaurs/king-rex"), m("pirates/pirate-king", 1)])
    play(game, "play dinosaurs/natural-selection#1")
    assert set(options(game)) == {"dinosaurs/armor-stego#1", "dinosaurs/king-rex#1"}
    play(game, "dinosaurs/armor-stego#1")
    # only strictly less power than the Stego's 3 (Cut Lass has 3): destroyed without asking
    assert decision(game) == (0, "main")
    assert where(game, "pirates/first-mate#1") == "discard:1"
    assert where(game, "pirates/cut-lass#1") == "minion@base:jungle-oasis"


def test_natural_selection_does_nothing_when_nothing_is_weaker():
    game = board(hands=[["dinosaurs/natural-selection"], []],
                 oasis=[m("dinosaurs/war-raptor"), m("pirates/cut-lass", 1)])
    play(game, "play dinosaurs/natural-selection#1")
    assert decision(game) == (0, "main")
    assert where(game, "pirates/cut-lass#1") == "minion@base:jungle-oasis"


# ---- Rampage ---------------------------------------------------------------------------------


def test_rampage_lowers_a_breakpoint_by_your_minions_power_until_the_end_of_turn():
    game = board(hands=[["dinosaurs/rampage"], []],
                 factory=[m("dinosaurs/king-rex"), m("pirates/pirate-king", 1)],
                 mall=[m("dinosaurs/war-raptor")])
    play(game, "play dinosaurs/rampage#1")
    assert set(options(game)) == {"dinosaurs/king-rex#1", "dinosaurs/war-raptor#1"}
    play(game, "dinosaurs/king-rex#1")
    assert base_breakpoint(game, FACTORY) == 18
    assert base_breakpoint(game, MALL) == 24
    play(game, "end")  # 12 power does not reach 18: nothing scores
    assert decision(game) == (1, "main")
    assert base_breakpoint(game, FACTORY) == 25


def test_rampage_can_make_a_base_score_this_turn():
    # Jungle Oasis (12) with 7 + 2 power: Rampage with King Rex brings it down to 5
    game = board(hands=[["dinosaurs/rampage"], []],
                 oasis=[m("dinosaurs/king-rex"), m("pirates/cut-lass", 1)],
                 decks=[["dinosaurs/howl", "dinosaurs/howl"], []],
                 base_deck=["the-central-brain"])
    play(game, "play dinosaurs/rampage#1", "end")  # King Rex is my only minion
    assert game.state.vp == [2, 0]
    assert where(game, "dinosaurs/king-rex#1") == "discard:0"
    assert decision(game) == (1, "main")


def test_rampage_reduction_is_fixed_when_played():
    """Clarification: Rampage uses the minion's power when played; later changes to that
    minion's power do not change the reduction."""
    game = board(hands=[["dinosaurs/rampage", "dinosaurs/augmentation", "dinosaurs/lasertops"],
                        []],
                 factory=[m("dinosaurs/war-raptor"), m("dinosaurs/war-raptor")],
                 plays={"minion": 1, "action": 2})
    play(game, "play dinosaurs/rampage#1", "dinosaurs/war-raptor#1")
    assert base_breakpoint(game, FACTORY) == 21
    play(game, "play dinosaurs/augmentation#1", "dinosaurs/war-raptor#1")
    assert power(game, "dinosaurs/war-raptor#1") == 8
    assert base_breakpoint(game, FACTORY) == 21
    play(game, "play dinosaurs/lasertops#1 @ base:factory-436-1337", "dinosaurs/war-raptor#1")
    assert where(game, "dinosaurs/war-raptor#1") == "discard:0"
    assert base_breakpoint(game, FACTORY) == 21


# ---- Survival of the Fittest -----------------------------------------------------------------


def test_survival_of_the_fittest_destroys_the_weakest_minion_at_each_base():
    game = board(hands=[["dinosaurs/survival-of-the-fittest"], []],
                 oasis=[m("dinosaurs/king-rex"), m("pirates/first-mate", 1),
                        m("pirates/cut-lass", 1)],
                 factory=[m("pirates/buccaneer", 1), m("dinosaurs/armor-stego"),
                          m("pirates/cut-lass", 1)],
                 mall=[m("dinosaurs/war-raptor")])
    play(game, "play dinosaurs/survival-of-the-fittest#1")
    # the oasis has a single weakest minion; at the factory I break the tie between 3s
    assert set(options(game)) == {"dinosaurs/armor-stego#1", "pirates/cut-lass#2"}
    play(game, "pirates/cut-lass#2")
    assert where(game, "pirates/first-mate#1") == "discard:1"
    assert where(game, "pirates/cut-lass#2") == "discard:1"
    assert where(game, "dinosaurs/armor-stego#1") == "minion@base:factory-436-1337"
    assert where(game, "dinosaurs/war-raptor#1") == "minion@base:rhodes-plaza-mall"


def test_survival_of_the_fittest_spares_bases_without_a_stronger_minion():
    game = board(hands=[["dinosaurs/survival-of-the-fittest"], []],
                 oasis=[m("dinosaurs/armor-stego"), m("pirates/cut-lass", 1)],
                 factory=[m("pirates/first-mate", 1)])
    play(game, "play dinosaurs/survival-of-the-fittest#1")
    assert decision(game) == (0, "main")
    assert where(game, "pirates/cut-lass#1") == "minion@base:jungle-oasis"
    assert where(game, "dinosaurs/armor-stego#1") == "minion@base:jungle-oasis"
    assert where(game, "pirates/first-mate#1") == "minion@base:factory-436-1337"


# ---- Tooth and Claw...and Guns ---------------------------------------------------------------

CLAW = "dinosaurs/tooth-and-claw-and-guns"


def test_tooth_and_claw_shields_the_minion_from_other_players_cards():
    game = board(hands=[[], ["pirates/shanghai", "pirates/cannon"]], current=1,
                 oasis=[m("pirates/first-mate", attached=[CLAW]), m("pirates/cut-lass")],
                 plays={"minion": 1, "action": 2})
    # Shanghai may only move the Cut Lass (chosen at once), Cannon finds no target at all
    play(game, "play pirates/shanghai#1")
    assert options(game) == ["base:factory-436-1337", "base:rhodes-plaza-mall"]
    play(game, "base:factory-436-1337", "play pirates/cannon#1")
    assert decision(game) == (1, "main")
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"
    assert where(game, "pirates/cut-lass#1") == "minion@base:factory-436-1337"


def test_tooth_and_claw_blocks_other_players_minion_abilities_and_attachments():
    game = board(hands=[[], ["pirates/cut-lass", "dinosaurs/upgrade"]], current=1,
                 oasis=[m("pirates/first-mate", attached=[CLAW]), m("dinosaurs/war-raptor")])
    assert "play dinosaurs/upgrade#1 on pirates/first-mate#1" not in options(game)
    play(game, "play pirates/cut-lass#1 @ base:jungle-oasis")
    assert decision(game) == (1, "main")  # the shielded First Mate is no target
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


def test_tooth_and_claw_still_lets_its_own_player_affect_the_minion():
    game = board(hands=[["pirates/dinghy"], []],
                 oasis=[m("pirates/first-mate", attached=[CLAW])])
    play(game, "play pirates/dinghy#1", "pirates/first-mate#1", "base:rhodes-plaza-mall")
    assert where(game, "pirates/first-mate#1") == "minion@base:rhodes-plaza-mall"
    assert where(game, CLAW + "#1") == "on:pirates/first-mate#1"


# ---- Upgrade ---------------------------------------------------------------------------------


def test_upgrade_gives_its_minion_2_power_while_attached():
    game = board(hands=[["dinosaurs/upgrade"], ["pirates/cannon"]],
                 oasis=[m("pirates/first-mate"), m("dinosaurs/king-rex", 1)])
    assert "play dinosaurs/upgrade#1 on dinosaurs/king-rex#1" in options(game)
    play(game, "play dinosaurs/upgrade#1 on pirates/first-mate#1")
    assert power(game, "pirates/first-mate#1") == 4
    assert power(game, "dinosaurs/king-rex#1") == 7
    # four power is beyond Cannon's reach on player 1's turn
    finish_turn(game)
    play(game, "play pirates/cannon#1")
    assert decision(game) == (1, "main")
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


def test_upgrade_goes_to_its_owners_discard_pile_with_its_minion():
    game = board(hands=[["dinosaurs/lasertops"], []],
                 oasis=[m("dinosaurs/war-raptor", 1, attached=["dinosaurs/upgrade"])])
    assert power(game, "dinosaurs/war-raptor#1") == 5
    play(game, "play dinosaurs/lasertops#1 @ base:jungle-oasis", "dinosaurs/war-raptor#1")
    assert where(game, "dinosaurs/war-raptor#1") == "discard:1"
    assert where(game, "dinosaurs/upgrade#1") == "discard:1"


# ---- Wildlife Preserve -----------------------------------------------------------------------

PRESERVE = "dinosaurs/wildlife-preserve"


def test_wildlife_preserve_shields_your_minions_here_from_other_players_actions():
    game = board(hands=[[], ["pirates/cannon", "pirates/shanghai"]], current=1,
                 oasis=[m("pirates/first-mate"), m("pirates/first-mate", 1)],
                 factory=[m("dinosaurs/war-raptor")], oasis_actions=[PRESERVE],
                 plays={"minion": 1, "action": 2})
    play(game, "play pirates/cannon#1")
    # my First Mate at the preserve is safe; player 1's own First Mate is not
    assert set(options(game)) == {"pirates/first-mate#2", "skip"}
    play(game, "skip", "play pirates/shanghai#1")
    # the War Raptor at another base is not shielded: the only target
    assert options(game) == ["base:jungle-oasis", "base:rhodes-plaza-mall"]


def test_wildlife_preserve_does_not_stop_other_players_minions():
    game = board(hands=[[], ["pirates/cut-lass"]], current=1,
                 oasis=[m("pirates/first-mate")], oasis_actions=[PRESERVE])
    play(game, "play pirates/cut-lass#1 @ base:jungle-oasis", "pirates/first-mate#1")
    assert where(game, "pirates/first-mate#1") == "discard:0"


def test_wildlife_preserve_stops_an_opponents_broadside():
    game = board(hands=[[], ["pirates/broadside"]], current=1,
                 oasis=[m("pirates/first-mate"), m("pirates/first-mate", 1)],
                 oasis_actions=[PRESERVE])
    play(game, "play pirates/broadside#1", "player:0")
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


def test_wildlife_preserve_discards_other_players_actions_on_your_minions_there():
    """Clarification: when Wildlife Preserve is played, actions other players control that
    are already on your minions there are discarded."""
    game = board(hands=[[PRESERVE], []],
                 oasis=[m("dinosaurs/war-raptor", attached=[{"card": "dinosaurs/upgrade",
                                                            "owner": 1, "controller": 1},
                                                           "dinosaurs/upgrade"]),
                        m("pirates/first-mate", 1,
                          attached=[{"card": CLAW, "owner": 1, "controller": 1}])],
                 factory=[m("dinosaurs/king-rex",
                            attached=[{"card": "dinosaurs/upgrade", "owner": 1,
                                       "controller": 1}])])
    play(game, f"play {PRESERVE}#1 @ base:jungle-oasis")
    assert where(game, "dinosaurs/upgrade#1") == "discard:1"  # player 1's, on my minion here
    assert where(game, "dinosaurs/upgrade#2") == "on:dinosaurs/war-raptor#1"  # mine stays
    assert where(game, CLAW + "#1") == "on:pirates/first-mate#1"  # not on my minion
    assert where(game, "dinosaurs/upgrade#3") == "on:dinosaurs/king-rex#1"  # another base
    assert power(game, "dinosaurs/war-raptor#1") == 5
