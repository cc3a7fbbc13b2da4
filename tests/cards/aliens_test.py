"""Aliens: each card's ability, scripted strictly on a described board."""

import pytest

from smashup import Game, IllegalAction
from smashup.testing import card_id, decision, options, play, power, scenario, where

BASES = ["jungle-oasis", "the-central-brain"]


def test_invader_gains_1_vp():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    play(game, "play aliens/invader#1 @ base:jungle-oasis")
    assert game.state.vp == [1, 0]


def test_supreme_overlord_may_return_any_minion_or_decline():
    board = dict(
        hands=[["aliens/supreme-overlord"], []],
        bases=[{"base": "jungle-oasis",
                "minions": [{"card": "ninjas/tiger-assassin", "controller": 1}]},
               "the-central-brain"],
    )
    game = scenario(**board)
    play(game, "play aliens/supreme-overlord#1 @ base:the-central-brain")
    assert "skip" in options(game)
    play(game, "ninjas/tiger-assassin#1")
    assert where(game, "ninjas/tiger-assassin#1") == "hand:1"

    declined = scenario(**board)
    play(declined, "play aliens/supreme-overlord#1 @ base:the-central-brain", "skip")
    assert where(declined, "ninjas/tiger-assassin#1") == "minion@base:jungle-oasis"


def test_an_illegal_action_raises_and_changes_nothing():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    before = game.state.fingerprint()
    with pytest.raises(IllegalAction):
        game.apply("play aliens/invader#1 @ base:tortuga")
    with pytest.raises(IllegalAction):
        game.apply(99)
    assert game.state.fingerprint() == before


# ---- helpers for the tests below -------------------------------------------------------------

OASIS, BRAIN = BASES  # Jungle Oasis: 12, VP 2/0/0, no ability; The Central Brain: +1 power here


def m(card: str, controller: int = 0, **more: object) -> dict[str, object]:
    return {"card": card, "controller": controller, **more}


def board(oasis: list[object] | None = None, brain: list[object] | None = None,
          **fields: object) -> Game:
    fields.setdefault("hands", [[], []])
    return scenario(bases=[{"base": OASIS, "minions": oasis or []},
                           {"base": BRAIN, "minions": brain or []}], **fields)


# ---- Supreme Overlord ------------------------------------------------------------------------


def test_supreme_overlord_returns_a_minion_to_its_owner_not_its_controller():
    game = board(hands=[["aliens/supreme-overlord"], []],
                 oasis=[{"card": "aliens/invader", "owner": 1, "controller": 0,
                         "attached": [{"card": "ninjas/poison", "owner": 0}]}])
    play(game, "play aliens/supreme-overlord#1 @ base:the-central-brain", "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "hand:1"
    assert where(game, "ninjas/poison#1") == "discard:0"


# ---- Invader ---------------------------------------------------------------------------------


def test_invader_vp_is_kept_when_it_is_destroyed():
    """Clarification: the VP stays even if the Invader is later destroyed."""
    game = board(hands=[["aliens/invader", "ninjas/seeing-stars"], []])
    play(game, "play aliens/invader#1 @ base:jungle-oasis", "play ninjas/seeing-stars#1")
    assert where(game, "aliens/invader#1") == "discard:0"
    assert game.state.vp == [1, 0]


def test_invader_vp_is_kept_when_its_base_is_cancelled():
    """Clarification: cancelling abilities later does not take the VP back."""
    game = board(hands=[["aliens/invader", "aliens/jammed-signal"], []])
    play(game, "play aliens/invader#1 @ base:the-central-brain",
         "play aliens/jammed-signal#1 @ base:the-central-brain")
    assert game.state.vp == [1, 0]


def test_invader_moved_gives_no_vp():
    """Core rulebook, 'Move': moving a minion is not playing it; its ability does not happen."""
    game = board(hands=[["aliens/invasion"], []], oasis=[m("aliens/invader", 0)])
    play(game, "play aliens/invasion#1")  # one minion, one other base: both forced
    assert where(game, "aliens/invader#1") == "minion@base:the-central-brain"
    assert game.state.vp == [0, 0]


# ---- Scout -----------------------------------------------------------------------------------


def scout_board() -> Game:
    """Jungle Oasis is ready to score with a Scout of player 0 there and one elsewhere."""
    return board(decks=[["aliens/beam-up", "aliens/beam-up"], []],  # drawn after scoring
                 oasis=[m("aliens/scout"), m("ninjas/ninja-master"), m("ninjas/tiger-assassin")],
                 brain=[m("aliens/scout")])


def test_scout_may_return_to_hand_after_its_base_scores():
    game = scout_board()
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == ["trigger aliens/scout#1", "pass"]  # not the Scout elsewhere
    play(game, "trigger aliens/scout#1")
    assert where(game, "aliens/scout#1") == "hand:0"
    assert where(game, "ninjas/ninja-master#1") == "discard:0"
    assert game.state.vp == [2, 0]


def test_scout_may_stay_and_is_discarded_with_the_base():
    game = scout_board()
    play(game, "end", "pass")
    assert where(game, "aliens/scout#1") == "discard:0"
    assert where(game, "aliens/scout#2") == "minion@base:the-central-brain"


# ---- Collector -------------------------------------------------------------------------------


def test_collector_returns_a_minion_of_power_3_or_less_from_its_base():
    game = board(hands=[["aliens/collector"], []],
                 oasis=[m("aliens/collector", 1), m("ninjas/tiger-assassin", 1)],
                 brain=[m("ninjas/ninja-acolyte", 1), m("aliens/scout", 1)])
    play(game, "play aliens/collector#1 @ base:the-central-brain")
    # the Scout has 4 power at the Brain; the Acolyte 3; the Collector itself 3
    assert options(game) == ["ninjas/ninja-acolyte#1", "aliens/collector#1", "skip"]
    play(game, "ninjas/ninja-acolyte#1")
    assert where(game, "ninjas/ninja-acolyte#1") == "hand:1"


def test_collector_may_return_another_collector():
    """Errata (reversion): there is no "non-Collector" limit; a Collector may be returned."""
    game = board(hands=[["aliens/collector"], []], oasis=[m("aliens/collector", 1)])
    play(game, "play aliens/collector#1 @ base:jungle-oasis")
    assert options(game) == ["aliens/collector#2", "aliens/collector#1", "skip"]
    play(game, "aliens/collector#2")
    assert where(game, "aliens/collector#2") == "hand:1"


def test_collector_may_decline():
    game = board(hands=[["aliens/collector"], []], oasis=[m("aliens/invader", 1)])
    play(game, "play aliens/collector#1 @ base:jungle-oasis", "skip")
    assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"


# ---- Abduction -------------------------------------------------------------------------------


def test_abduction_returns_a_minion_and_grants_an_extra_minion():
    game = board(hands=[["aliens/abduction", "aliens/invader"], []],
                 oasis=[m("ninjas/ninja-master", 1)], brain=[m("aliens/scout", 0)])
    play(game, "play aliens/abduction#1")
    assert options(game) == ["ninjas/ninja-master#1", "aliens/scout#1"]  # no skip
    play(game, "ninjas/ninja-master#1")
    assert where(game, "ninjas/ninja-master#1") == "hand:1"
    assert game.state.minion_plays == 2
    play(game, "play aliens/invader#1 @ base:jungle-oasis")
    assert game.state.minion_plays == 1  # one more minion may still be played this turn


def test_abduction_without_a_minion_in_play_still_grants_the_extra_minion():
    game = board(hands=[["aliens/abduction"], []])
    play(game, "play aliens/abduction#1")
    assert decision(game) == (0, "main")
    assert game.state.minion_plays == 2


# ---- Beam Up ---------------------------------------------------------------------------------


def test_beam_up_returns_a_minion_and_discards_what_is_on_it():
    game = board(hands=[["aliens/beam-up"], []],
                 oasis=[m("ninjas/ninja-master", 1, attached=["ninjas/assassin"])],
                 brain=[m("aliens/invader", 0)])
    play(game, "play aliens/beam-up#1")
    assert options(game) == ["ninjas/ninja-master#1", "aliens/invader#1"]  # no skip
    play(game, "ninjas/ninja-master#1")
    assert where(game, "ninjas/ninja-master#1") == "hand:1"
    assert where(game, "ninjas/assassin#1") == "discard:1"


def test_beam_up_without_a_minion_does_nothing():
    game = board(hands=[["aliens/beam-up"], []])
    play(game, "play aliens/beam-up#1")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/beam-up#1") == "discard:0"


# ---- Crop Circles ----------------------------------------------------------------------------


def test_crop_circles_returns_every_minion_on_the_chosen_base():
    game = board(hands=[["aliens/crop-circles"], []],
                 oasis=[m("ninjas/ninja-master", 1, attached=["ninjas/assassin"]),
                        m("aliens/invader", 0)],
                 brain=[m("aliens/scout", 1)])
    play(game, "play aliens/crop-circles#1")
    assert options(game) == ["base:jungle-oasis", "base:the-central-brain"]
    play(game, "base:jungle-oasis")
    assert where(game, "ninjas/ninja-master#1") == "hand:1"
    assert where(game, "aliens/invader#1") == "hand:0"
    assert where(game, "ninjas/assassin#1") == "discard:1"
    assert where(game, "aliens/scout#1") == "minion@base:the-central-brain"


def test_crop_circles_on_an_empty_base():
    game = board(hands=[["aliens/crop-circles"], []], brain=[m("aliens/scout", 1)])
    play(game, "play aliens/crop-circles#1", "base:jungle-oasis")
    assert where(game, "aliens/scout#1") == "minion@base:the-central-brain"


# ---- Disintegrator ---------------------------------------------------------------------------


def test_disintegrator_puts_a_minion_of_power_3_or_less_under_its_owners_deck():
    game = board(hands=[["aliens/disintegrator"], []], decks=[[], ["ninjas/shinobi"]],
                 oasis=[m("aliens/invader", 1), m("ninjas/tiger-assassin", 1)],
                 brain=[m("aliens/scout", 1), m("ninjas/ninja-acolyte", 0)])
    play(game, "play aliens/disintegrator#1")
    assert options(game) == ["aliens/invader#1", "ninjas/ninja-acolyte#1"]  # no skip
    play(game, "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "deck:1"
    assert game.state.decks[1][-1] == card_id(game, "aliens/invader#1")


def test_disintegrator_without_a_target_does_nothing():
    game = board(hands=[["aliens/disintegrator"], []], oasis=[m("ninjas/tiger-assassin", 1)])
    play(game, "play aliens/disintegrator#1")
    assert decision(game) == (0, "main")
    assert where(game, "ninjas/tiger-assassin#1") == "minion@base:jungle-oasis"


# ---- Invasion --------------------------------------------------------------------------------


def test_invasion_moves_any_minion_with_its_actions():
    game = scenario(hands=[["aliens/invasion"], []],
                    bases=[{"base": OASIS, "minions": [
                        m("ninjas/ninja-master", 1, attached=["ninjas/assassin"])]},
                        BRAIN, "factory-436-1337"])
    play(game, "play aliens/invasion#1")  # the only minion is chosen without asking
    assert options(game) == ["base:the-central-brain", "base:factory-436-1337"]
    play(game, "base:the-central-brain")
    assert where(game, "ninjas/ninja-master#1") == "minion@base:the-central-brain"
    assert where(game, "ninjas/assassin#1") == "on:ninjas/ninja-master#1"
    assert power(game, "ninjas/ninja-master#1") == 6


def test_invasion_without_a_minion_does_nothing():
    game = board(hands=[["aliens/invasion"], []])
    play(game, "play aliens/invasion#1")
    assert decision(game) == (0, "main")


# ---- Jammed Signal ---------------------------------------------------------------------------


def test_jammed_signal_cancels_the_base_while_it_stays():
    game = board(hands=[["aliens/jammed-signal"], ["ninjas/infiltrate"]],
                 brain=[m("aliens/scout", 1)])
    assert power(game, "aliens/scout#1") == 4
    play(game, "play aliens/jammed-signal#1 @ base:the-central-brain")
    assert power(game, "aliens/scout#1") == 3
    play(game, "end")
    play(game, "play ninjas/infiltrate#1 @ base:the-central-brain", "aliens/jammed-signal#1")
    assert power(game, "aliens/scout#1") == 4


# ---- Probe -----------------------------------------------------------------------------------


def test_probe_looks_at_a_hand_and_discards_a_minion_from_it():
    game = board(hands=[["aliens/probe"], ["aliens/beam-up", "aliens/invader", "aliens/scout"]])
    play(game, "play aliens/probe#1")
    assert decision(game) == (0, "choose_card")
    assert options(game) == ["aliens/invader#1", "aliens/scout#1"]
    seen = {name for name, zone, _ in game.observation(0)["known"] if zone == "hand"}
    assert seen == {"aliens/beam-up#1", "aliens/invader#1", "aliens/scout#1"}
    play(game, "aliens/scout#1")
    assert where(game, "aliens/scout#1") == "discard:1"


def test_probe_with_no_minion_in_that_hand_discards_nothing():
    game = board(hands=[["aliens/probe"], ["aliens/beam-up"]])
    play(game, "play aliens/probe#1")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/beam-up#1") == "hand:1"


def test_probe_chooses_among_the_other_players():
    game = scenario(players=3, hands=[["aliens/probe"], ["aliens/invader"], ["aliens/scout"]],
                    bases=[OASIS, BRAIN, "factory-436-1337"])
    play(game, "play aliens/probe#1")
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:2")  # the only minion there is discarded
    assert where(game, "aliens/scout#1") == "discard:2"
    assert where(game, "aliens/invader#1") == "hand:1"


# ---- Terraforming ----------------------------------------------------------------------------

SPARES = ["factory-436-1337", "rhodes-plaza-mall"]  # abilities only when they score


def test_terraforming_swaps_a_base_and_may_play_an_extra_minion_there():
    game = scenario(hands=[["aliens/terraforming", "aliens/invader"], []], base_deck=SPARES,
                    plays={"minion": 0},
                    bases=[{"base": OASIS, "minions": [m("aliens/scout", 1)]}, BRAIN])
    play(game, "play aliens/terraforming#1")
    assert options(game) == ["base:jungle-oasis", "base:the-central-brain"]
    play(game, "base:jungle-oasis")
    assert options(game) == ["base:factory-436-1337", "base:rhodes-plaza-mall"]
    play(game, "base:rhodes-plaza-mall")
    # the extra minion may go only to the new base, later in the phase if you like
    assert options(game) == ["play aliens/invader#1 @ base:rhodes-plaza-mall", "end"]
    g = game.state
    assert sorted(g.base_names[b] for b in g.base_deck) == ["base:factory-436-1337",
                                                           "base:jungle-oasis"]


def test_terraforming_keeps_every_card_on_the_swapped_base():
    """Clarification: minions, actions on the base and actions on minions stay on the new base."""
    game = scenario(hands=[["aliens/terraforming"], []], base_deck=["factory-436-1337"],
                    bases=[{"base": OASIS, "actions": ["ninjas/infiltrate"],
                            "minions": [m("aliens/scout", 1, attached=["ninjas/poison"])]},
                           BRAIN])
    play(game, "play aliens/terraforming#1", "base:jungle-oasis")  # one base card: no ask
    assert where(game, "aliens/scout#1") == "minion@base:factory-436-1337"
    assert where(game, "ninjas/poison#1") == "on:aliens/scout#1"
    assert where(game, "ninjas/infiltrate#1") == "action@base:factory-436-1337"


def test_terraforming_away_a_base_removes_its_ability():
    game = scenario(hands=[["aliens/terraforming"], []], base_deck=["factory-436-1337"],
                    bases=[OASIS, {"base": BRAIN, "minions": [m("aliens/invader", 1)]}])
    assert power(game, "aliens/invader#1") == 4
    play(game, "play aliens/terraforming#1", "base:the-central-brain")
    assert where(game, "aliens/invader#1") == "minion@base:factory-436-1337"
    assert power(game, "aliens/invader#1") == 3


def test_terraforming_ends_effects_aimed_at_the_old_base():
    game = scenario(hands=[["aliens/terraforming"], []], base_deck=[BRAIN],
                    bases=[{"base": OASIS, "actions": ["ninjas/infiltrate"],
                            "minions": [m("aliens/scout", 1)]}, "factory-436-1337"])
    play(game, "use ninjas/infiltrate#1")  # Jungle Oasis is cancelled until our next turn
    play(game, "play aliens/terraforming#1", "base:jungle-oasis")
    assert power(game, "aliens/scout#1") == 4  # the new base is not cancelled


def test_terraforming_with_an_empty_base_deck_does_nothing():
    game = board(hands=[["aliens/terraforming", "aliens/invader"], []], plays={"minion": 0})
    play(game, "play aliens/terraforming#1")
    assert decision(game) == (0, "main")
    assert options(game) == ["end"]
