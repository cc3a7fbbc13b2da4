"""Ninjas: each card's ability, scripted strictly on a described board."""

from __future__ import annotations

from typing import Any

import pytest

from smashup import Game
from smashup.cards.helpers import Ctx, Event, Trigger, play_extra_now
from smashup.engine.core.defs import REGISTRY, CardDef
from smashup.testing import decision, options, play, power, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
BRAIN = "the-central-brain"  # each minion here has +1 power
BASES = [OASIS, BRAIN]


def m(card: str, controller: int = 0, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": controller, **more}


def board(oasis: list[Any] | None = None, brain: list[Any] | None = None,
          oasis_actions: list[Any] | None = None, **fields: Any) -> Game:
    """Player 0 to play, with Jungle Oasis and The Central Brain in play."""
    fields.setdefault("hands", [[], []])
    return scenario(bases=[{"base": OASIS, "minions": oasis or [], "actions": oasis_actions or []},
                           {"base": BRAIN, "minions": brain or []}], **fields)


def finish_turn(game: Game) -> None:
    """End the Play Cards phase; nothing scores and nobody decides until the next turn."""
    play(game, "end")
    assert decision(game) == (game.state.current, "main")


# ---- Ninja Master ----------------------------------------------------------------------------


def test_ninja_master_may_destroy_a_minion_at_its_base_only():
    game = board(hands=[["ninjas/ninja-master"], []],
                 oasis=[m("aliens/invader", 1)], brain=[m("aliens/scout", 1)])
    play(game, "play ninjas/ninja-master#1 @ base:jungle-oasis")
    assert set(options(game)) == {"aliens/invader#1", "ninjas/ninja-master#1", "skip"}
    play(game, "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "discard:1"
    assert where(game, "aliens/scout#1") == "minion@base:the-central-brain"


def test_ninja_master_may_decline():
    game = board(hands=[["ninjas/ninja-master"], []], oasis=[m("aliens/invader", 1)])
    play(game, "play ninjas/ninja-master#1 @ base:jungle-oasis", "skip")
    assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"


# ---- Tiger Assassin --------------------------------------------------------------------------


def test_tiger_assassin_may_destroy_a_minion_of_power_3_or_less_anywhere():
    game = board(hands=[["ninjas/tiger-assassin"], []],
                 oasis=[m("aliens/collector", 1), m("aliens/supreme-overlord", 1)],
                 brain=[m("ninjas/ninja-acolyte", 1)])
    play(game, "play ninjas/tiger-assassin#1 @ base:jungle-oasis")
    assert set(options(game)) == {"aliens/collector#1", "ninjas/ninja-acolyte#1", "skip"}
    play(game, "ninjas/ninja-acolyte#1")
    assert where(game, "ninjas/ninja-acolyte#1") == "discard:1"


def test_tiger_assassin_uses_current_power_and_may_decline():
    # a 3-power Scout at The Central Brain has 4 power: out of reach
    game = board(hands=[["ninjas/tiger-assassin"], []], brain=[m("aliens/scout", 1)],
                 oasis=[m("aliens/invader", 1)])
    play(game, "play ninjas/tiger-assassin#1 @ base:jungle-oasis")
    assert set(options(game)) == {"aliens/invader#1", "skip"}
    play(game, "skip")
    assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"


# ---- Shinobi ---------------------------------------------------------------------------------


def scoring_board(hands: list[list[str]], **fields: Any) -> Game:
    """Jungle Oasis (12) is about to score: player 0 has 7 power there, player 1 has 5."""
    return board(hands=hands,
                 oasis=[m("ninjas/ninja-master", 0), m("ninjas/ninja-acolyte", 0),
                        m("ninjas/tiger-assassin", 1, counters=1)],
                 **fields)


def test_shinobi_special_plays_it_just_before_the_base_scores():
    game = scoring_board([[], ["ninjas/shinobi"]])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    assert options(game) == ["special ninjas/shinobi#1", "pass"]
    play(game, "special ninjas/shinobi#1")
    assert where(game, "ninjas/shinobi#1") == "discard:1"  # it scored with the base
    assert game.state.vp == [0, 2]  # 8 power beats 7


def test_shinobi_special_may_be_declined():
    game = scoring_board([[], ["ninjas/shinobi"]])
    play(game, "end", "pass")
    assert where(game, "ninjas/shinobi#1") == "hand:1"
    assert game.state.vp == [2, 0]


def test_only_one_shinobi_per_scoring_base():
    """Card text: a player can use only one Shinobi's ability per base."""
    game = scoring_board([[], ["ninjas/shinobi", "ninjas/shinobi"]])
    play(game, "end")
    assert options(game) == ["special ninjas/shinobi#1", "special ninjas/shinobi#2", "pass"]
    play(game, "special ninjas/shinobi#1")
    # no one has anything left to use: the base scores at once
    assert where(game, "ninjas/shinobi#2") == "hand:1"
    assert game.state.vp == [0, 2]


def test_each_player_may_use_one_shinobi_at_the_same_base():
    """Our ruling: the once-per-base limit is per player ("you can only use one")."""
    game = scoring_board([["ninjas/shinobi"], ["ninjas/shinobi"]])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, "special ninjas/shinobi#1")
    assert decision(game) == (1, "me_first")
    play(game, "special ninjas/shinobi#2")
    assert game.state.vp == [2, 0]  # 10 against 8


def test_shinobi_played_normally_is_just_a_minion():
    game = board(hands=[["ninjas/shinobi"], []])
    play(game, "play ninjas/shinobi#1 @ base:jungle-oasis")
    assert decision(game) == (0, "main")
    assert power(game, "ninjas/shinobi#1") == 3


def test_shinobi_is_not_offered_at_a_base_that_is_not_scoring():
    game = board(hands=[[], ["ninjas/shinobi"]], oasis=[m("aliens/invader", 0)])
    play(game, "end")
    assert decision(game) == (1, "main")


# ---- Ninja Acolyte ---------------------------------------------------------------------------


def test_ninja_acolyte_talent_returns_it_and_plays_an_extra_minion_there():
    game = board(hands=[["ninjas/tiger-assassin"], []], brain=[m("ninjas/ninja-acolyte")])
    play(game, "use ninjas/ninja-acolyte#1")
    assert decision(game) == (0, "play_extra")
    assert set(options(game)) == {"play ninjas/tiger-assassin#1 @ base:the-central-brain",
                                  "play ninjas/ninja-acolyte#1 @ base:the-central-brain"}
    play(game, "play ninjas/tiger-assassin#1 @ base:the-central-brain")
    assert where(game, "ninjas/ninja-acolyte#1") == "hand:0"
    assert where(game, "ninjas/tiger-assassin#1") == "minion@base:the-central-brain"
    # the extra minion did not use up the turn's free minion play
    assert "play ninjas/ninja-acolyte#1 @ base:jungle-oasis" in options(game)
    assert "use ninjas/ninja-acolyte#1" not in options(game)


def test_ninja_acolyte_must_both_return_and_play():
    """Clarification: returning it and playing the extra minion both happen; neither alone."""
    game = board(hands=[[], []], oasis=[m("ninjas/ninja-acolyte")])
    play(game, "use ninjas/ninja-acolyte#1")
    # its only choice is to come straight back: no way to skip the extra play
    assert where(game, "ninjas/ninja-acolyte#1") == "minion@base:jungle-oasis"
    assert decision(game) == (0, "main")
    assert "use ninjas/ninja-acolyte#1" not in options(game)


def test_ninja_acolyte_not_after_playing_a_minion_this_turn():
    game = board(hands=[["aliens/invader"], []], oasis=[m("ninjas/ninja-acolyte")])
    assert "use ninjas/ninja-acolyte#1" in options(game)
    play(game, "play aliens/invader#1 @ base:the-central-brain")
    assert "use ninjas/ninja-acolyte#1" not in options(game)


def _play_at_start(ctx: Ctx, ev: Event) -> Any:
    yield from play_extra_now(ctx, "minion")


EARLY = CardDef(key="test/early-riser", name="Early Riser", faction="Test", set="core",
                kind="minion", power=1,
                triggers=(Trigger("start_turn", lambda g, me, ev: [g.controller[me]]
                                  if ev["player"] == g.controller[me] else [], _play_at_start),))


def test_ninja_acolyte_ignores_minions_played_at_the_start_of_the_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Clarification: only minions played in the Play Cards phase stop the talent."""
    monkeypatch.setitem(REGISTRY.cards, EARLY.key, EARLY)
    game = board(hands=[["aliens/invader"], []], phase="start",
                 oasis=[m("ninjas/ninja-acolyte"), m("test/early-riser")])
    assert decision(game) == (0, "play_extra")
    play(game, "play aliens/invader#1 @ base:the-central-brain")
    assert decision(game) == (0, "main")
    assert game.state.minions_played == 1
    assert "use ninjas/ninja-acolyte#1" in options(game)


def test_ninja_acolyte_talent_only_on_its_controllers_turn():
    game = board(hands=[[], []], current=1, oasis=[m("ninjas/ninja-acolyte", 0)])
    assert "use ninjas/ninja-acolyte#1" not in options(game)


# ---- Assassin --------------------------------------------------------------------------------


def test_assassin_destroys_its_minion_at_the_end_of_the_turn():
    game = board(hands=[["ninjas/assassin"], []], oasis=[m("aliens/supreme-overlord", 1)])
    play(game, "play ninjas/assassin#1 on aliens/supreme-overlord#1")
    assert where(game, "aliens/supreme-overlord#1") == "minion@base:jungle-oasis"
    finish_turn(game)
    assert where(game, "aliens/supreme-overlord#1") == "discard:1"
    assert where(game, "ninjas/assassin#1") == "discard:0"


def test_assassin_needs_a_minion_to_be_played_on():
    game = board(hands=[["ninjas/assassin"], []])
    assert options(game) == ["end"]


def test_assassin_does_nothing_if_its_minion_left_first():
    game = board(hands=[["ninjas/assassin", "aliens/beam-up"], []], plays={"action": 2},
                 oasis=[m("aliens/supreme-overlord", 1)], brain=[m("aliens/invader", 1)])
    play(game, "play ninjas/assassin#1 on aliens/supreme-overlord#1",
         "play aliens/beam-up#1", "aliens/supreme-overlord#1")
    assert where(game, "ninjas/assassin#1") == "discard:0"
    finish_turn(game)
    assert where(game, "aliens/supreme-overlord#1") == "hand:1"
    assert where(game, "aliens/invader#1") == "minion@base:the-central-brain"


# ---- Disguise --------------------------------------------------------------------------------


def test_disguise_swaps_one_minion():
    game = board(hands=[["ninjas/disguise", "ninjas/tiger-assassin"], []],
                 oasis=[m("ninjas/ninja-acolyte"), m("aliens/invader", 1)])
    # one base, one minion of yours, one minion in hand: every pick is forced
    play(game, "play ninjas/disguise#1")
    assert where(game, "ninjas/tiger-assassin#1") == "minion@base:jungle-oasis"
    # the new minion arrives while the disguised one is still there
    assert decision(game) == (0, "choose_minion")
    assert set(options(game)) == {"ninjas/ninja-acolyte#1", "aliens/invader#1", "skip"}
    play(game, "skip")
    assert where(game, "ninjas/ninja-acolyte#1") == "hand:0"
    assert "play ninjas/ninja-acolyte#1 @ base:jungle-oasis" in options(game)  # free play left


def test_disguise_swaps_two_minions():
    game = board(hands=[["ninjas/disguise", "ninjas/shinobi", "aliens/invader"], []],
                 oasis=[m("ninjas/ninja-acolyte"), m("ninjas/ninja-acolyte")],
                 brain=[m("aliens/scout")])
    play(game, "play ninjas/disguise#1")
    assert options(game) == ["base:jungle-oasis", "base:the-central-brain"]
    play(game, "base:jungle-oasis")
    assert options(game) == ["ninjas/ninja-acolyte#1", "ninjas/ninja-acolyte#2"]
    play(game, "ninjas/ninja-acolyte#1")
    assert options(game) == ["ninjas/ninja-acolyte#2", "skip"]
    play(game, "ninjas/ninja-acolyte#2")
    assert options(game) == ["play ninjas/shinobi#1 @ base:jungle-oasis",
                             "play aliens/invader#1 @ base:jungle-oasis"]
    play(game, "play ninjas/shinobi#1 @ base:jungle-oasis")  # then the Invader, forced
    assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"
    assert where(game, "ninjas/ninja-acolyte#1") == "hand:0"
    assert where(game, "ninjas/ninja-acolyte#2") == "hand:0"
    assert game.state.vp == [1, 0]
    assert where(game, "aliens/scout#1") == "minion@base:the-central-brain"


def test_disguise_must_play_immediately_and_must_do_both():
    """Clarifications: the extra minions are played at once, and both the returning and the
    playing happen (neither can be skipped). The picked minions go back only after the new
    ones arrive, so they cannot be the ones played."""
    game = board(hands=[["ninjas/disguise", "aliens/invader", "aliens/scout"], []],
                 oasis=[m("ninjas/ninja-acolyte"), m("ninjas/shinobi")])
    play(game, "play ninjas/disguise#1", "ninjas/shinobi#1", "skip")
    assert decision(game) == (0, "play_extra")
    assert options(game) == ["play aliens/invader#1 @ base:jungle-oasis",
                             "play aliens/scout#1 @ base:jungle-oasis"]
    play(game, "play aliens/scout#1 @ base:jungle-oasis")
    assert where(game, "ninjas/shinobi#1") == "hand:0"
    assert where(game, "ninjas/ninja-acolyte#1") == "minion@base:jungle-oasis"
    assert game.state.minion_plays == 1  # not paid for with the free minion play


def test_disguise_with_no_minion_in_hand_does_nothing():
    game = board(hands=[["ninjas/disguise"], []], oasis=[m("ninjas/ninja-acolyte")])
    play(game, "play ninjas/disguise#1")
    assert decision(game) == (0, "main")
    assert where(game, "ninjas/ninja-acolyte#1") == "minion@base:jungle-oasis"
    assert where(game, "ninjas/disguise#1") == "discard:0"


def test_disguise_with_no_minion_of_yours_in_play_does_nothing():
    game = board(hands=[["ninjas/disguise", "aliens/invader"], []],
                 oasis=[m("ninjas/ninja-acolyte", 1)])
    play(game, "play ninjas/disguise#1")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/invader#1") == "hand:0"


# ---- Hidden Ninja ----------------------------------------------------------------------------


def test_hidden_ninja_special_plays_a_minion_at_the_scoring_base():
    game = scoring_board([[], ["ninjas/hidden-ninja", "aliens/invader", "aliens/scout"]])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    play(game, "special ninjas/hidden-ninja#1")
    # the minion must be played, and only at the scoring base
    assert decision(game) == (1, "play_extra")
    assert options(game) == ["play aliens/invader#1 @ base:jungle-oasis",
                             "play aliens/scout#1 @ base:jungle-oasis"]
    play(game, "play aliens/invader#1 @ base:jungle-oasis")
    assert game.state.vp == [0, 3]  # 1 VP from the Invader, 2 for winning with 8 against 7
    assert where(game, "ninjas/hidden-ninja#1") == "discard:1"


def test_hidden_ninja_may_be_kept_in_hand():
    game = scoring_board([[], ["ninjas/hidden-ninja", "aliens/invader"]])
    play(game, "end", "pass")
    assert where(game, "ninjas/hidden-ninja#1") == "hand:1"
    assert game.state.vp == [2, 0]


def test_hidden_ninja_is_not_offered_without_a_minion_in_hand():
    game = scoring_board([[], ["ninjas/hidden-ninja"]])
    play(game, "end")
    assert game.state.vp == [2, 0]
    assert where(game, "ninjas/hidden-ninja#1") == "hand:1"


def test_hidden_ninja_played_normally_does_nothing():
    game = board(hands=[["ninjas/hidden-ninja", "aliens/invader"], []])
    play(game, "play ninjas/hidden-ninja#1")
    assert decision(game) == (0, "main")
    assert where(game, "ninjas/hidden-ninja#1") == "discard:0"
    assert where(game, "aliens/invader#1") == "hand:0"


# ---- Infiltrate ------------------------------------------------------------------------------


def test_infiltrate_may_destroy_another_action_on_its_base():
    game = board(hands=[["ninjas/infiltrate"], []],
                 oasis=[m("ninjas/tiger-assassin", 1, attached=["ninjas/smoke-bomb"])],
                 oasis_actions=[{"card": "aliens/jammed-signal", "owner": 1}])
    play(game, "play ninjas/infiltrate#1 @ base:jungle-oasis")
    # only actions played on the base itself, not those on minions there
    assert options(game) == ["aliens/jammed-signal#1", "skip"]
    play(game, "aliens/jammed-signal#1")
    assert where(game, "aliens/jammed-signal#1") == "discard:1"
    assert where(game, "ninjas/infiltrate#1") == "action@base:jungle-oasis"


def test_infiltrate_destroying_is_optional():
    game = board(hands=[["ninjas/infiltrate"], []],
                 oasis_actions=[{"card": "aliens/jammed-signal", "owner": 1}])
    play(game, "play ninjas/infiltrate#1 @ base:jungle-oasis", "skip")
    assert where(game, "aliens/jammed-signal#1") == "action@base:jungle-oasis"


def test_infiltrate_alone_on_its_base_asks_nothing():
    game = board(hands=[["ninjas/infiltrate"], []])
    play(game, "play ninjas/infiltrate#1 @ base:the-central-brain")
    assert decision(game) == (0, "main")


def test_infiltrate_talent_cancels_the_base_until_the_start_of_your_turn():
    game = scenario(hands=[[], []], bases=[OASIS, {"base": BRAIN,
                                                   "minions": [m("aliens/scout", 1)],
                                                   "actions": ["ninjas/infiltrate"]}])
    assert power(game, "aliens/scout#1") == 4
    play(game, "use ninjas/infiltrate#1")
    assert where(game, "ninjas/infiltrate#1") == "discard:0"
    assert power(game, "aliens/scout#1") == 3
    finish_turn(game)  # player 1's turn: still cancelled
    assert power(game, "aliens/scout#1") == 3
    finish_turn(game)  # the start of player 0's turn ends it
    assert game.state.current == 0
    assert power(game, "aliens/scout#1") == 4


def test_infiltrate_cancel_ends_when_that_base_is_replaced():
    game = scenario(hands=[[], ["aliens/invader"]], base_deck=[BRAIN],
                    bases=[{"base": OASIS, "actions": ["ninjas/infiltrate"],
                            "minions": [m("ninjas/ninja-master"), m("ninjas/tiger-assassin"),
                                        m("ninjas/shinobi")]},
                           "factory-436-1337"])
    play(game, "use ninjas/infiltrate#1", "end")
    assert game.state.vp == [2, 0]
    assert decision(game) == (1, "main")
    play(game, "play aliens/invader#1 @ base:the-central-brain")
    assert power(game, "aliens/invader#1") == 4  # the new base's ability works


# ---- Poison ----------------------------------------------------------------------------------


def test_poison_gives_minus_4_power_never_below_0():
    game = board(hands=[["ninjas/poison", "ninjas/poison"], []], plays={"action": 2},
                 oasis=[m("aliens/supreme-overlord", 1), m("aliens/collector", 1)])
    play(game, "play ninjas/poison#1 on aliens/supreme-overlord#1",
         "play ninjas/poison#2 on aliens/collector#1")
    assert power(game, "aliens/supreme-overlord#1") == 1
    assert power(game, "aliens/collector#1") == 0


def test_poison_may_destroy_any_number_of_actions_on_its_minion():
    game = board(hands=[["ninjas/poison"], []],
                 oasis=[m("aliens/supreme-overlord", 1,
                          attached=["ninjas/assassin", "ninjas/assassin#2"])],
                 brain=[m("aliens/invader", 1, attached=["ninjas/poison#2"])])
    play(game, "play ninjas/poison#1 on aliens/supreme-overlord#1")
    # actions on other minions are not offered
    assert options(game) == ["ninjas/assassin#1", "ninjas/assassin#2", "done"]
    play(game, "ninjas/assassin#2")
    assert options(game) == ["ninjas/assassin#1", "done"]
    play(game, "done")
    assert where(game, "ninjas/assassin#2") == "discard:1"
    assert where(game, "ninjas/assassin#1") == "on:aliens/supreme-overlord#1"


def test_poison_may_destroy_nothing_and_asks_nothing_without_actions():
    game = board(hands=[["ninjas/poison"], []], oasis=[m("aliens/supreme-overlord", 1)])
    play(game, "play ninjas/poison#1 on aliens/supreme-overlord#1")
    assert decision(game) == (0, "main")
    assert power(game, "aliens/supreme-overlord#1") == 1


def test_poison_power_comes_back_when_it_leaves():
    game = board(hands=[["ninjas/poison"], []],
                 oasis=[m("aliens/supreme-overlord", 1,
                          attached=[{"card": "ninjas/poison", "owner": 1}])])
    assert power(game, "aliens/supreme-overlord#1") == 1
    play(game, "play ninjas/poison#1 on aliens/supreme-overlord#1")
    assert power(game, "aliens/supreme-overlord#1") == 0  # 5 - 8, never below 0
    play(game, "ninjas/poison#2")  # the opponent's Poison goes; nothing else to pick
    assert where(game, "ninjas/poison#2") == "discard:1"
    assert power(game, "aliens/supreme-overlord#1") == 1


# ---- Seeing Stars ----------------------------------------------------------------------------


def test_seeing_stars_destroys_a_minion_of_power_3_or_less():
    game = board(hands=[["ninjas/seeing-stars"], []],
                 oasis=[m("aliens/invader", 1), m("ninjas/ninja-acolyte", 0),
                        m("ninjas/tiger-assassin", 1)],
                 brain=[m("aliens/scout", 1)])  # 4 power at the Brain
    play(game, "play ninjas/seeing-stars#1")
    assert options(game) == ["aliens/invader#1", "ninjas/ninja-acolyte#1"]  # no skip
    play(game, "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "discard:1"


def test_seeing_stars_with_a_single_target_takes_it():
    game = board(hands=[["ninjas/seeing-stars"], []], oasis=[m("aliens/invader", 1)])
    play(game, "play ninjas/seeing-stars#1")
    assert where(game, "aliens/invader#1") == "discard:1"


def test_seeing_stars_can_be_played_without_a_target():
    game = board(hands=[["ninjas/seeing-stars"], []], oasis=[m("ninjas/ninja-master", 1)])
    play(game, "play ninjas/seeing-stars#1")
    assert decision(game) == (0, "main")
    assert where(game, "ninjas/seeing-stars#1") == "discard:0"
    assert where(game, "ninjas/ninja-master#1") == "minion@base:jungle-oasis"


# ---- Smoke Bomb ------------------------------------------------------------------------------


def test_smoke_bomb_only_on_your_own_minions():
    game = board(hands=[["ninjas/smoke-bomb"], []],
                 oasis=[m("aliens/invader", 0), m("aliens/scout", 1)])
    assert [o for o in options(game) if "smoke-bomb" in o] == [
        "play ninjas/smoke-bomb#1 on aliens/invader#1"]


def test_smoke_bomb_shields_from_other_players_actions():
    shielded = [m("aliens/invader", 1, attached=["ninjas/smoke-bomb"]), m("aliens/scout", 1)]
    game = board(hands=[["ninjas/seeing-stars", "aliens/crop-circles", "ninjas/assassin"], []],
                 plays={"action": 3}, oasis=shielded)
    assert "play ninjas/assassin#1 on aliens/invader#1" not in options(game)
    play(game, "play ninjas/seeing-stars#1")  # only the Scout can be chosen
    assert where(game, "aliens/scout#1") == "discard:1"
    play(game, "play aliens/crop-circles#1", "base:jungle-oasis")
    assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"


def test_smoke_bomb_does_not_stop_minions_or_your_own_actions():
    game = board(hands=[["ninjas/tiger-assassin"], []],
                 oasis=[m("aliens/invader", 1, attached=["ninjas/smoke-bomb"])])
    play(game, "play ninjas/tiger-assassin#1 @ base:the-central-brain", "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "discard:1"
    assert where(game, "ninjas/smoke-bomb#1") == "discard:1"

    own = board(hands=[["ninjas/way-of-deception"], []],
                oasis=[m("aliens/invader", 0, attached=["ninjas/smoke-bomb"])])
    play(own, "play ninjas/way-of-deception#1")  # the only minion, the only other base

    assert where(own, "aliens/invader#1") == "minion@base:the-central-brain"


def test_smoke_bomb_cancels_earlier_ongoing_actions_of_others():
    game = board(hands=[["ninjas/smoke-bomb"], []],
                 oasis=[m("ninjas/ninja-master", 0,
                          attached=[{"card": "ninjas/poison", "owner": 1}])])
    assert power(game, "ninjas/ninja-master#1") == 1
    play(game, "play ninjas/smoke-bomb#1 on ninjas/ninja-master#1")
    assert power(game, "ninjas/ninja-master#1") == 5


def test_smoke_bomb_stays_after_the_end_of_the_turn():
    """Errata: Smoke Bomb is no longer destroyed at the end of the turn."""
    game = board(hands=[["ninjas/smoke-bomb"], []], oasis=[m("aliens/invader", 0)])
    play(game, "play ninjas/smoke-bomb#1 on aliens/invader#1")
    finish_turn(game)
    finish_turn(game)
    assert where(game, "ninjas/smoke-bomb#1") == "on:aliens/invader#1"


# ---- Way of Deception ------------------------------------------------------------------------


def test_way_of_deception_moves_one_of_your_minions():
    game = scenario(hands=[["ninjas/way-of-deception"], []],
                    bases=[{"base": OASIS, "minions": [
                        m("aliens/invader", 0, attached=["ninjas/smoke-bomb"]),
                        m("ninjas/shinobi", 0), m("aliens/scout", 1)]},
                        BRAIN, "factory-436-1337"])
    play(game, "play ninjas/way-of-deception#1")
    assert options(game) == ["aliens/invader#1", "ninjas/shinobi#1"]
    play(game, "aliens/invader#1")
    assert options(game) == ["base:the-central-brain", "base:factory-436-1337"]
    play(game, "base:factory-436-1337")
    assert where(game, "aliens/invader#1") == "minion@base:factory-436-1337"
    assert where(game, "ninjas/smoke-bomb#1") == "on:aliens/invader#1"


def test_way_of_deception_without_a_minion_of_yours_does_nothing():
    game = board(hands=[["ninjas/way-of-deception"], []], oasis=[m("aliens/scout", 1)])
    play(game, "play ninjas/way-of-deception#1")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/scout#1") == "minion@base:jungle-oasis"
