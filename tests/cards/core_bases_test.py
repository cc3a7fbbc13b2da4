"""Core set bases: each base's ability, scored through the real turn flow.

A base scores in the Score Bases phase after the current player ends Play Cards (``end``).
Each player's deck holds filler cards so that the draw phase never reshuffles a discard pile.
"""

from typing import Any

from smashup.testing import base_power, decision, options, play, power, scenario, where

FILLER = "aliens/crop-circles"
JAM = "aliens/jammed-signal"


def of(p: int, *keys: str) -> list[dict[str, Any]]:
    """Minions controlled (and owned) by player ``p``."""
    return [{"card": k, "controller": p} for k in keys]


def game(bases: list[Any], players: int = 2, hands: list[list[str]] | None = None,
         deck: int = 3, **fields: Any):
    return scenario(players=players, bases=bases,
                    hands=hands or [[] for _ in range(players)],
                    decks=[[FILLER] * deck for _ in range(players)], **fields)


def base_at(key: str, *minions: list[dict[str, Any]], jammed: bool = False) -> dict[str, Any]:
    spec: dict[str, Any] = {"base": key, "minions": [m for ms in minions for m in ms]}
    if jammed:
        spec["actions"] = [JAM]
    return spec


def bases_in_play(g) -> list[str]:
    return [g.state.base_names[b] for b in g.state.bases]


def base_deck(g) -> list[str]:
    return [g.state.base_names[b] for b in g.state.base_deck]


# ---- scoring through the flow ----------------------------------------------------------------


def test_jungle_oasis_scores_2_for_the_winner_and_nothing_for_the_runner_up():
    """Core rulebook, 'Awarding VP': first place takes the left number, second the middle."""
    g = game([base_at("jungle-oasis", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin"),
                      of(1, "ninjas/shinobi")), "the-central-brain"], base_deck=["tar-pits"])
    play(g, "end")
    assert g.state.vp == [2, 0]
    assert where(g, "ninjas/shinobi#1") == "discard:1"
    assert bases_in_play(g) == ["base:tar-pits", "base:the-central-brain"]
    assert decision(g) == (1, "main")


def test_the_current_player_chooses_which_ready_base_scores_first():
    """Core rulebook, 'The Big Score': with two bases ready the current player picks the order.
    Scoring Ninja Dojo first lets its winner destroy a minion at Cave of Shinies."""
    g = game([base_at("ninja-dojo", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                                       "ninjas/tiger-assassin", "ninjas/shinobi",
                                       "ninjas/ninja-acolyte")),
              base_at("cave-of-shinies", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                                            "ninjas/tiger-assassin", "ninjas/shinobi",
                                            "ninjas/shinobi"),
                      of(1, "aliens/invader", "aliens/supreme-overlord"))])
    play(g, "end")
    assert decision(g) == (0, "score")
    assert sorted(options(g)) == ["base:cave-of-shinies", "base:ninja-dojo"]
    play(g, "base:ninja-dojo", "trigger base:ninja-dojo", "aliens/invader#1")
    # the invader's owner gained 1 VP from the Cave; then the Cave (24 power) scored too
    assert where(g, "aliens/invader#1") == "discard:1"
    assert g.state.vp == [2 + 4, 1 + 2]


# ---- The Homeworld ---------------------------------------------------------------------------


def test_homeworld_grants_an_extra_minion_of_power_2_or_less():
    g = game(["the-homeworld", "jungle-oasis"],
             hands=[["aliens/invader", "aliens/collector", "ninjas/tiger-assassin"], []])
    play(g, "play aliens/invader#1 @ base:the-homeworld")
    plays = [o for o in options(g) if o.startswith("play")]
    assert plays == ["play aliens/collector#1 @ base:the-homeworld",
                     "play aliens/collector#1 @ base:jungle-oasis"]
    play(g, "play aliens/collector#1 @ base:jungle-oasis", "skip")
    assert where(g, "aliens/collector#1") == "minion@base:jungle-oasis"
    assert not [o for o in options(g) if o.startswith("play")]


def test_homeworld_extra_may_wait_until_later_in_the_play_cards_phase():
    """Excellent Movies, Dudes! rulebook, 'Extra': an extra with a constraint (power 2 or less)
    is not a specific card, so it may be played later in the Play Cards phase."""
    g = game(["the-homeworld", "jungle-oasis"],
             hands=[["aliens/invader", "aliens/probe", "aliens/collector"], []])
    play(g, "play aliens/invader#1 @ base:the-homeworld", "play aliens/probe#1")
    assert "play aliens/collector#1 @ base:the-homeworld" in options(g)


def test_homeworld_works_once_per_turn():
    g = game(["the-homeworld", "jungle-oasis"],
             hands=[["aliens/invader", "aliens/collector", "aliens/collector"], []])
    play(g, "play aliens/invader#1 @ base:the-homeworld",
         "play aliens/collector#1 @ base:the-homeworld", "skip")
    assert where(g, "aliens/collector#1") == "minion@base:the-homeworld"
    assert not [o for o in options(g) if o.startswith("play")]


def test_homeworld_ignores_minions_played_elsewhere():
    g = game(["the-homeworld", "jungle-oasis"],
             hands=[["aliens/invader", "aliens/collector"], []])
    play(g, "play aliens/invader#1 @ base:jungle-oasis")
    assert options(g) == ["end"]


def test_homeworld_extra_outside_your_play_phase_is_played_at_once_or_not_at_all():
    """Core rulebook, 'Terms and Restrictions': extras gained while a base is being scored are
    played immediately or not at all. A Shinobi played onto the scoring Homeworld by the other
    player gives that player the extra at once."""
    board = dict(hands=[[], ["ninjas/shinobi", "aliens/collector", "ninjas/tiger-assassin"]])
    homeworld = base_at("the-homeworld", of(0, "ninjas/ninja-master", "ninjas/ninja-master",
                                            "ninjas/tiger-assassin", "ninjas/tiger-assassin",
                                            "ninjas/tiger-assassin"),
                        of(1, "aliens/invader"))
    g = game([homeworld, "jungle-oasis"], **board)
    play(g, "end", "special ninjas/shinobi#1")
    assert decision(g) == (1, "play_extra")
    assert options(g) == ["play aliens/collector#1 @ base:the-homeworld",
                          "play aliens/collector#1 @ base:jungle-oasis", "skip"]
    play(g, "play aliens/collector#1 @ base:jungle-oasis", "skip")
    assert where(g, "aliens/collector#1") == "minion@base:jungle-oasis"
    assert g.state.vp == [4, 2]

    declined = game([homeworld, "jungle-oasis"], **board)
    play(declined, "end", "special ninjas/shinobi#1", "skip")
    assert where(declined, "aliens/collector#1") == "hand:1"


def test_homeworld_cancelled_by_jammed_signal_grants_nothing():
    g = game([base_at("the-homeworld", jammed=True), "jungle-oasis"],
             hands=[["aliens/invader", "aliens/collector"], []])
    play(g, "play aliens/invader#1 @ base:the-homeworld")
    assert options(g) == ["end"]


# ---- The Mothership --------------------------------------------------------------------------

MOTHERSHIP = base_at("the-mothership",
                     of(0, "ninjas/ninja-master", "ninjas/tiger-assassin", "ninjas/shinobi",
                        "aliens/collector"),
                     of(1, "ninjas/tiger-assassin", "aliens/collector"))


def test_mothership_winner_may_return_a_minion_of_power_3_or_less_to_hand():
    g = game([MOTHERSHIP, "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [4, 2]
    assert decision(g) == (0, "me_first")
    play(g, "trigger base:the-mothership")
    # only the winner's own minions of power 3 or less are offered
    assert options(g) == ["ninjas/shinobi#1", "aliens/collector#1"]
    play(g, "ninjas/shinobi#1")
    assert where(g, "ninjas/shinobi#1") == "hand:0"
    assert where(g, "ninjas/ninja-master#1") == "discard:0"
    assert where(g, "aliens/collector#2") == "discard:1"


def test_mothership_winner_may_decline():
    g = game([MOTHERSHIP, "jungle-oasis"])
    play(g, "end", "pass")
    assert where(g, "ninjas/shinobi#1") == "discard:0"
    assert decision(g) == (1, "main")


def test_mothership_winner_without_a_small_minion_there_is_not_asked():
    g = game([base_at("the-mothership", of(0, "ninjas/ninja-master", "ninjas/ninja-master",
                                           "ninjas/tiger-assassin", "ninjas/tiger-assassin",
                                           "ninjas/tiger-assassin")), "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [4, 0]
    assert decision(g) == (1, "main")


def test_mothership_tied_winners_each_may_return_a_minion():
    """Core rulebook, 'Tie Fighter': players tied for a base's ability each get to use it."""
    g = game([base_at("the-mothership", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                                           "aliens/collector"),
                      of(1, "ninjas/ninja-master", "ninjas/tiger-assassin", "aliens/collector")),
              "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [4, 4]
    play(g, "trigger base:the-mothership")  # player 0's only candidate is picked at once
    assert decision(g) == (1, "me_first")
    play(g, "trigger base:the-mothership")
    assert where(g, "aliens/collector#1") == "hand:0"
    assert where(g, "aliens/collector#2") == "hand:1"


def test_mothership_cancelled_by_jammed_signal():
    g = game([base_at("the-mothership", MOTHERSHIP["minions"], jammed=True), "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [4, 2]
    assert decision(g) == (1, "main")
    assert where(g, "ninjas/shinobi#1") == "discard:0"


# ---- Tar Pits --------------------------------------------------------------------------------

DOJO_TIED = base_at("ninja-dojo", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin"),
                    of(1, "ninjas/ninja-master", "ninjas/tiger-assassin"))


def test_tar_pits_first_destroyed_minion_each_turn_goes_under_its_owners_deck():
    g = game([DOJO_TIED, base_at("tar-pits", of(1, "aliens/invader", "aliens/invader"))])
    play(g, "end", "trigger base:ninja-dojo", "aliens/invader#1")
    assert where(g, "aliens/invader#1") == "deck:1"
    assert g.state.decks[1][-1] == g.state.names.index("aliens/invader#1")
    # the second destruction this turn happens as normal
    play(g, "trigger base:ninja-dojo", "aliens/invader#2")
    assert where(g, "aliens/invader#2") == "discard:1"


def test_tar_pits_works_again_on_the_next_turn():
    g = game(["jungle-oasis", base_at("tar-pits", of(0, "aliens/collector"),
                                      of(1, "aliens/invader"))],
             hands=[["ninjas/tiger-assassin"], ["ninjas/tiger-assassin"]])
    play(g, "play ninjas/tiger-assassin#1 @ base:jungle-oasis", "aliens/invader#1", "end")
    assert where(g, "aliens/invader#1") == "deck:1"
    play(g, "play ninjas/tiger-assassin#2 @ base:jungle-oasis", "aliens/collector#1")
    assert where(g, "aliens/collector#1") == "deck:0"


def test_tar_pits_sends_a_minion_to_its_owners_deck_not_its_controllers():
    g = game([DOJO_TIED, base_at("tar-pits", [{"card": "aliens/invader", "owner": 1,
                                               "controller": 0}])])
    play(g, "end", "trigger base:ninja-dojo", "aliens/invader#1")
    assert where(g, "aliens/invader#1") == "deck:1"


def test_tar_pits_ignores_minions_destroyed_elsewhere():
    g = game([DOJO_TIED, base_at("tar-pits"), base_at("jungle-oasis", of(1, "aliens/invader"))])
    play(g, "end", "trigger base:ninja-dojo", "aliens/invader#1")
    assert where(g, "aliens/invader#1") == "discard:1"


def test_tar_pits_cancelled_by_jammed_signal():
    g = game([DOJO_TIED, base_at("tar-pits", of(1, "aliens/invader"), jammed=True)])
    play(g, "end", "trigger base:ninja-dojo", "aliens/invader#1")
    assert where(g, "aliens/invader#1") == "discard:1"


# ---- Ninja Dojo ------------------------------------------------------------------------------

DOJO = base_at("ninja-dojo", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                                "ninjas/tiger-assassin", "ninjas/shinobi"),
               of(1, "ninjas/ninja-acolyte"))


def test_ninja_dojo_winner_may_destroy_any_minion():
    g = game([DOJO, base_at("jungle-oasis", of(1, "aliens/invader"))])
    play(g, "end")
    assert g.state.vp == [2, 3]
    assert decision(g) == (0, "me_first")  # the runner-up has no such ability
    play(g, "trigger base:ninja-dojo")
    assert "aliens/invader#1" in options(g) and "ninjas/ninja-acolyte#1" in options(g)
    play(g, "aliens/invader#1")
    assert where(g, "aliens/invader#1") == "discard:1"
    assert [e["card"] for e in g.events if e["kind"] == "destroyed"] == [
        g.state.names.index("aliens/invader#1")]


def test_ninja_dojo_winner_may_decline():
    g = game([DOJO, base_at("jungle-oasis", of(1, "aliens/invader"))])
    play(g, "end", "pass")
    assert where(g, "aliens/invader#1") == "minion@base:jungle-oasis"


def test_ninja_dojo_tied_winners_each_destroy_a_minion():
    """Core rulebook, 'Tie Fighter': players tied for the ability on Ninja Dojo each use it,
    settled by Me First!"""
    g = game([DOJO_TIED, base_at("jungle-oasis", of(0, "aliens/invader"),
                                 of(1, "aliens/invader"))])
    play(g, "end")
    assert g.state.vp == [2, 2]
    play(g, "trigger base:ninja-dojo", "aliens/invader#2")
    assert decision(g) == (1, "me_first")
    play(g, "trigger base:ninja-dojo", "aliens/invader#1")
    assert where(g, "aliens/invader#1") == "discard:0"
    assert where(g, "aliens/invader#2") == "discard:1"


def test_ninja_dojo_cancelled_by_jammed_signal():
    g = game([base_at("ninja-dojo", DOJO["minions"], jammed=True),
              base_at("jungle-oasis", of(1, "aliens/invader"))])
    play(g, "end")
    assert decision(g) == (1, "main")


# ---- Temple of Goju --------------------------------------------------------------------------


def test_temple_of_goju_puts_each_players_strongest_minion_under_their_deck():
    g = game([base_at("temple-of-goju",
                      of(0, "ninjas/ninja-master", "ninjas/tiger-assassin", "ninjas/ninja-acolyte"),
                      of(1, "ninjas/tiger-assassin", "ninjas/tiger-assassin", "ninjas/shinobi")),
              "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [2, 2]  # tied at 11: both take first place
    # player 1 has two minions tied for strongest and picks one
    assert decision(g) == (1, "choose_minion")
    assert options(g) == ["ninjas/tiger-assassin#2", "ninjas/tiger-assassin#3"]
    play(g, "ninjas/tiger-assassin#3")
    assert where(g, "ninjas/ninja-master#1") == "deck:0"
    assert g.state.decks[0][-1] == g.state.names.index("ninjas/ninja-master#1")
    assert where(g, "ninjas/tiger-assassin#3") == "deck:1"
    assert where(g, "ninjas/tiger-assassin#2") == "discard:1"
    assert where(g, "ninjas/tiger-assassin#1") == "discard:0"


def test_temple_of_goju_cancelled_by_jammed_signal():
    g = game([base_at("temple-of-goju", of(0, "ninjas/ninja-master", "ninjas/ninja-master",
                                           "ninjas/ninja-master", "ninjas/tiger-assassin"),
                      jammed=True), "jungle-oasis"])
    play(g, "end")
    assert where(g, "ninjas/ninja-master#1") == "discard:0"


# ---- The Grey Opal ---------------------------------------------------------------------------


def test_grey_opal_players_other_than_the_winner_may_save_a_minion():
    g = game([base_at("the-grey-opal",
                      of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                         "ninjas/tiger-assassin"),
                      of(1, "ninjas/shinobi", "ninjas/ninja-acolyte"),
                      of(2, "ninjas/ninja-acolyte")),
              "jungle-oasis", "the-central-brain"], players=3)
    play(g, "end")
    assert g.state.vp == [3, 1, 1]
    # the winner is never asked; player 1 moves only one of their own minions
    assert decision(g) == (1, "choose_minion")
    assert options(g) == ["ninjas/shinobi#1", "ninjas/ninja-acolyte#1", "skip"]
    play(g, "ninjas/shinobi#1", "base:jungle-oasis")
    assert decision(g) == (2, "choose_minion")
    play(g, "skip")
    assert where(g, "ninjas/shinobi#1") == "minion@base:jungle-oasis"
    assert where(g, "ninjas/ninja-acolyte#1") == "discard:1"
    assert where(g, "ninjas/ninja-acolyte#2") == "discard:2"
    assert where(g, "ninjas/ninja-master#1") == "discard:0"


def test_grey_opal_winner_alone_there_means_no_one_is_asked():
    g = game([base_at("the-grey-opal", of(0, "ninjas/ninja-master", "ninjas/ninja-master",
                                          "ninjas/tiger-assassin", "ninjas/shinobi")),
              "jungle-oasis"])
    play(g, "end")
    assert decision(g) == (1, "main")


def test_grey_opal_cancelled_by_jammed_signal():
    g = game([base_at("the-grey-opal",
                      of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                         "ninjas/tiger-assassin"),
                      of(1, "ninjas/shinobi", "ninjas/ninja-acolyte"), jammed=True),
              "jungle-oasis"])
    play(g, "end")
    assert decision(g) == (1, "main")
    assert where(g, "ninjas/shinobi#1") == "discard:1"


# ---- Tortuga ---------------------------------------------------------------------------------

TORTUGA = base_at("tortuga", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                                "ninjas/tiger-assassin", "ninjas/shinobi"),
                  of(1, "ninjas/shinobi", "ninjas/ninja-acolyte"))


def test_tortuga_runner_up_may_move_a_minion_to_the_replacement_base():
    g = game([TORTUGA, base_at("the-central-brain", of(0, "aliens/invader"),
                               of(1, "aliens/invader", "aliens/collector"))],
             base_deck=["jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [4, 3]
    # the winner (player 0) has a minion elsewhere but no such ability: only player 1 is asked
    assert decision(g) == (1, "me_first")
    play(g, "trigger base:tortuga")
    assert options(g) == ["aliens/invader#2", "aliens/collector#1"]
    play(g, "aliens/invader#2")
    assert where(g, "aliens/invader#2") == "minion@base:jungle-oasis"
    assert bases_in_play(g) == ["base:jungle-oasis", "base:the-central-brain"]


def test_tortuga_runner_up_may_decline():
    g = game([TORTUGA, base_at("the-central-brain", of(1, "aliens/invader"))],
             base_deck=["jungle-oasis"])
    play(g, "end", "pass")
    assert where(g, "aliens/invader#1") == "minion@base:the-central-brain"
    assert decision(g) == (1, "main")


def test_tortuga_runner_up_without_minions_elsewhere_is_not_asked():
    g = game([TORTUGA, "the-central-brain"], base_deck=["jungle-oasis"])
    play(g, "end")
    assert decision(g) == (1, "main")


def test_tortuga_tied_runners_up_each_may_move_a_minion():
    """Core rulebook, 'Tie Fighter': players tied for a base's ability each use it."""
    g = game([base_at("tortuga", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                                    "ninjas/tiger-assassin", "ninjas/tiger-assassin"),
                      of(1, "ninjas/ninja-acolyte"), of(2, "ninjas/ninja-acolyte")),
              base_at("the-central-brain", of(1, "aliens/invader"), of(2, "aliens/invader"))],
             players=3, base_deck=["jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [4, 3, 3]
    play(g, "trigger base:tortuga")
    assert decision(g) == (2, "me_first")
    play(g, "trigger base:tortuga")
    assert where(g, "aliens/invader#1") == "minion@base:jungle-oasis"
    assert where(g, "aliens/invader#2") == "minion@base:jungle-oasis"


def test_tortuga_cancelled_by_jammed_signal_stays_cancelled_after_it_is_replaced():
    """Jammed Signal is discarded with the scored base, but it cancelled Tortuga when Tortuga
    scored, so the ability that waits for the replacement does not happen."""
    g = game([base_at("tortuga", TORTUGA["minions"], jammed=True),
              base_at("the-central-brain", of(1, "aliens/invader"))],
             base_deck=["jungle-oasis"])
    play(g, "end")
    assert decision(g) == (1, "main")


# ---- Factory 436-1337 ------------------------------------------------------------------------


def test_factory_winner_gains_1_vp_per_5_power_there():
    g = game([base_at("factory-436-1337",
                      of(0, "ninjas/ninja-master", "ninjas/ninja-master", "ninjas/ninja-master",
                         "ninjas/tiger-assassin", "ninjas/tiger-assassin"),
                      of(1, "ninjas/ninja-acolyte", "ninjas/ninja-acolyte")), "jungle-oasis"])
    play(g, "end")
    # 23 power: 2 VP for first place and 4 for the power; the runner-up only gets 2
    assert g.state.vp == [6, 2]
    scored = next(e for e in g.events if e["kind"] == "scored")
    assert scored["awards"] == {0: 6, 1: 2}


def test_factory_tied_winners_each_gain_the_bonus():
    """Core rulebook, 'Tie Fighter': players tied for first each get its points and ability."""
    g = game([base_at("factory-436-1337",
                      of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                         "ninjas/tiger-assassin"),
                      of(1, "ninjas/ninja-master", "ninjas/tiger-assassin",
                         "ninjas/tiger-assassin")), "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [2 + 2, 2 + 2]


def test_factory_cancelled_by_jammed_signal():
    g = game([base_at("factory-436-1337",
                      of(0, "ninjas/ninja-master", "ninjas/ninja-master", "ninjas/ninja-master",
                         "ninjas/tiger-assassin", "ninjas/tiger-assassin"),
                      of(1, "ninjas/ninja-acolyte", "ninjas/ninja-acolyte"), jammed=True),
              "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [2, 2]


# ---- The Central Brain -----------------------------------------------------------------------


def test_central_brain_gives_each_minion_there_plus_1_power():
    g = game([base_at("the-central-brain", of(0, "ninjas/shinobi"), of(1, "ninjas/shinobi")),
              base_at("jungle-oasis", of(0, "ninjas/tiger-assassin"))],
             hands=[["aliens/invasion"], []])
    assert power(g, "ninjas/shinobi#1") == 4 and power(g, "ninjas/shinobi#2") == 4
    assert power(g, "ninjas/tiger-assassin#1") == 4
    # moved away it loses the bonus; moved in it gains it
    play(g, "play aliens/invasion#1", "ninjas/shinobi#1")  # the only other base
    assert power(g, "ninjas/shinobi#1") == 3


def test_central_brain_bonus_counts_towards_the_breakpoint():
    g = game([base_at("the-central-brain", of(0, "ninjas/shinobi", "ninjas/shinobi",
                                              "ninjas/shinobi", "ninjas/ninja-acolyte",
                                              "ninjas/ninja-acolyte", "ninjas/ninja-acolyte")),
              "jungle-oasis"])
    assert base_power(g, "the-central-brain") == 21  # 15 printed
    play(g, "end")
    assert g.state.vp == [4, 0]


def test_central_brain_cancelled_by_jammed_signal():
    g = game([base_at("the-central-brain", of(0, "ninjas/shinobi"), jammed=True), "jungle-oasis"])
    assert power(g, "ninjas/shinobi#1") == 3


# ---- Cave of Shinies -------------------------------------------------------------------------


def test_cave_of_shinies_owner_gains_1_vp_once_per_turn():
    g = game([DOJO_TIED, base_at("cave-of-shinies", of(1, "aliens/invader", "aliens/invader"))])
    play(g, "end")
    assert g.state.vp == [2, 2]
    play(g, "trigger base:ninja-dojo", "aliens/invader#1")
    assert g.state.vp == [2, 3]
    play(g, "trigger base:ninja-dojo", "aliens/invader#2")
    assert where(g, "aliens/invader#2") == "discard:1"
    assert g.state.vp == [2, 3]


def test_cave_of_shinies_counts_once_per_turn_for_each_player():
    g = game([DOJO_TIED, base_at("cave-of-shinies", of(0, "aliens/invader"),
                                 of(1, "aliens/invader"))])
    play(g, "end", "trigger base:ninja-dojo", "aliens/invader#2",
         "trigger base:ninja-dojo", "aliens/invader#1")
    assert g.state.vp == [2 + 1, 2 + 1]


def test_cave_of_shinies_pays_the_owner_not_the_controller():
    g = game([DOJO, base_at("cave-of-shinies", [{"card": "aliens/invader", "owner": 1,
                                                 "controller": 0}])])
    play(g, "end", "trigger base:ninja-dojo", "aliens/invader#1")
    assert g.state.vp == [2, 3 + 1]


def test_cave_of_shinies_ignores_minions_discarded_when_it_scores():
    """Core rulebook, 'Back to Your Corners': cards on a scored base are discarded, which does
    not destroy them."""
    g = game([base_at("cave-of-shinies", of(0, "ninjas/ninja-master", "ninjas/ninja-master",
                                            "ninjas/ninja-master", "ninjas/tiger-assassin",
                                            "ninjas/tiger-assassin")), "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [4, 0]


def test_cave_of_shinies_cancelled_by_jammed_signal():
    g = game([DOJO, base_at("cave-of-shinies", of(1, "aliens/invader"), jammed=True)])
    play(g, "end", "trigger base:ninja-dojo", "aliens/invader#1")
    assert g.state.vp == [2, 3]


# ---- Mushroom Kingdom ------------------------------------------------------------------------


def mushroom(hands: list[int], jammed: bool = False):
    return game([base_at("mushroom-kingdom", of(1, "ninjas/tiger-assassin"), jammed=jammed),
                 base_at("jungle-oasis", of(1, "aliens/invader")), "the-central-brain"],
                hands=[[FILLER] * n for n in hands], phase="start")


def test_mushroom_kingdom_biggest_hand_may_move_a_minion_here():
    g = mushroom([3, 2])
    assert decision(g) == (0, "me_first")
    play(g, "trigger base:mushroom-kingdom")
    assert options(g) == ["ninjas/tiger-assassin#1", "aliens/invader#1"]
    play(g, "aliens/invader#1")
    assert where(g, "aliens/invader#1") == "minion@base:mushroom-kingdom"
    assert decision(g) == (0, "main")


def test_mushroom_kingdom_biggest_hand_may_move_a_minion_away():
    g = mushroom([3, 2])
    play(g, "trigger base:mushroom-kingdom", "ninjas/tiger-assassin#1")
    assert options(g) == ["base:jungle-oasis", "base:the-central-brain"]
    play(g, "base:the-central-brain")
    assert where(g, "ninjas/tiger-assassin#1") == "minion@base:the-central-brain"


def test_mushroom_kingdom_may_be_declined():
    g = mushroom([3, 2])
    play(g, "pass")
    assert where(g, "aliens/invader#1") == "minion@base:jungle-oasis"
    assert decision(g) == (0, "main")


def test_mushroom_kingdom_needs_strictly_the_most_cards():
    g = mushroom([2, 2])
    assert decision(g) == (0, "main")


def test_mushroom_kingdom_only_at_the_start_of_your_own_turn():
    g = mushroom([0, 5])
    assert decision(g) == (0, "main")


def test_mushroom_kingdom_cancelled_by_jammed_signal():
    g = mushroom([3, 0], jammed=True)
    assert decision(g) == (0, "main")


# ---- School of Wizardry ----------------------------------------------------------------------

SCHOOL = base_at("school-of-wizardry", of(0, "ninjas/ninja-master", "ninjas/tiger-assassin",
                                          "ninjas/tiger-assassin", "ninjas/tiger-assassin"),
                 of(1, "ninjas/shinobi"))
BASE_DECK = ["jungle-oasis", "tar-pits", "tortuga", "the-homeworld"]


def test_school_of_wizardry_winner_picks_the_replacement_from_the_top_three():
    g = game([SCHOOL, "the-central-brain"], base_deck=BASE_DECK)
    play(g, "end")
    assert g.state.vp == [3, 2]
    assert decision(g) == (0, "choose_base_card")
    assert options(g) == ["base:jungle-oasis", "base:tar-pits", "base:tortuga"]
    play(g, "base:tortuga")
    assert options(g) == ["base:jungle-oasis", "base:tar-pits"]
    play(g, "base:tar-pits")  # goes back on top
    assert bases_in_play(g) == ["base:tortuga", "base:the-central-brain"]
    assert base_deck(g) == ["base:tar-pits", "base:jungle-oasis", "base:the-homeworld"]


def test_school_of_wizardry_with_two_bases_left_needs_no_ordering():
    g = game([SCHOOL, "the-central-brain"], base_deck=["jungle-oasis", "tar-pits"])
    play(g, "end", "base:tar-pits")
    assert bases_in_play(g) == ["base:tar-pits", "base:the-central-brain"]
    assert base_deck(g) == ["base:jungle-oasis"]
    assert decision(g) == (1, "main")


def test_school_of_wizardry_tied_winners_each_use_it_and_the_last_choice_stands():
    """Core rulebook, 'Tie Fighter': tied winners each use the ability; the current player
    orders them, so the second winner looks at the top three after the first has chosen."""
    g = game([base_at("school-of-wizardry",
                      of(0, "ninjas/ninja-master", "ninjas/ninja-master"),
                      of(1, "ninjas/ninja-master", "ninjas/ninja-master")),
              "the-central-brain"], base_deck=BASE_DECK)
    play(g, "end")
    assert decision(g) == (0, "order")
    play(g, "trigger base:school-of-wizardry", "base:tortuga", "base:tar-pits")
    assert decision(g) == (1, "choose_base_card")
    assert options(g) == ["base:tortuga", "base:tar-pits", "base:jungle-oasis"]
    play(g, "base:jungle-oasis", "base:tortuga")
    assert bases_in_play(g) == ["base:jungle-oasis", "base:the-central-brain"]
    assert base_deck(g) == ["base:tortuga", "base:tar-pits", "base:the-homeworld"]


def test_school_of_wizardry_cancelled_by_jammed_signal():
    g = game([base_at("school-of-wizardry", SCHOOL["minions"], jammed=True),
              "the-central-brain"], base_deck=BASE_DECK)
    play(g, "end")
    assert decision(g) == (1, "main")
    assert bases_in_play(g) == ["base:jungle-oasis", "base:the-central-brain"]


# ---- The Great Library -----------------------------------------------------------------------


def test_great_library_each_player_with_a_minion_there_may_draw():
    g = game([base_at("the-great-library",
                      of(0, "ninjas/ninja-master", "ninjas/ninja-master", "ninjas/tiger-assassin",
                         "ninjas/tiger-assassin"),
                      of(1, "ninjas/shinobi", "ninjas/ninja-acolyte")),
              "jungle-oasis"], players=3)
    play(g, "end")
    assert g.state.vp == [4, 2, 0]
    assert decision(g) == (0, "may")
    play(g, "yes")
    assert decision(g) == (1, "may")  # player 2 has no minion there and is not asked
    play(g, "no")
    assert [len(h) for h in g.state.hands] == [1 + 2, 0, 0]  # then player 0 draws 2 as usual


def test_great_library_cancelled_by_jammed_signal():
    g = game([base_at("the-great-library",
                      of(0, "ninjas/ninja-master", "ninjas/ninja-master", "ninjas/tiger-assassin",
                         "ninjas/tiger-assassin", "ninjas/shinobi", "ninjas/ninja-acolyte"),
                      jammed=True), "jungle-oasis"])
    play(g, "end")
    assert decision(g) == (1, "main")


# ---- Evans City Cemetery ---------------------------------------------------------------------

CEMETERY = base_at("evans-city-cemetery",
                   of(0, "ninjas/ninja-master", "ninjas/ninja-master", "ninjas/tiger-assassin",
                      "ninjas/tiger-assassin"),
                   of(1, "ninjas/ninja-acolyte"))


def test_evans_city_cemetery_winner_discards_hand_and_draws_five():
    g = game([CEMETERY, "jungle-oasis"], deck=8,
             hands=[["aliens/invader", "aliens/probe"], ["aliens/beam-up"]])
    play(g, "end")
    assert g.state.vp == [5, 3]
    assert where(g, "aliens/invader#1") == "discard:0"
    assert where(g, "aliens/probe#1") == "discard:0"
    assert len(g.state.hands[0]) == 5 + 2  # five from the base, two in the Draw phase
    assert where(g, "aliens/beam-up#1") == "hand:1"  # the runner-up keeps their hand


def test_evans_city_cemetery_winner_with_an_empty_hand_still_draws_five():
    g = game([CEMETERY, "jungle-oasis"], deck=8)
    play(g, "end")
    assert len(g.state.hands[0]) == 5 + 2


def test_evans_city_cemetery_tied_winners_each_refresh_their_hand():
    """Core rulebook, 'Tie Fighter': tied winners each use the base's ability."""
    g = game([base_at("evans-city-cemetery",
                      of(0, "ninjas/ninja-master", "ninjas/ninja-master"),
                      of(1, "ninjas/ninja-master", "ninjas/ninja-master")), "jungle-oasis"],
             deck=8, hands=[["aliens/invader"], ["aliens/beam-up"]])
    play(g, "end")
    assert decision(g) == (0, "order")
    play(g, "trigger base:evans-city-cemetery")
    assert where(g, "aliens/invader#1") == "discard:0"
    assert where(g, "aliens/beam-up#1") == "discard:1"
    assert [len(h) for h in g.state.hands] == [5 + 2, 5]


def test_evans_city_cemetery_cancelled_by_jammed_signal():
    g = game([base_at("evans-city-cemetery", CEMETERY["minions"], jammed=True), "jungle-oasis"],
             hands=[["aliens/invader"], []])
    play(g, "end")
    assert where(g, "aliens/invader#1") == "hand:0"


# ---- Rhodes Plaza Mall -----------------------------------------------------------------------

MALL_MINIONS = (of(0, "ninjas/ninja-master", "ninjas/tiger-assassin", "ninjas/tiger-assassin",
                   "ninjas/tiger-assassin", "ninjas/shinobi")
                + of(1, "ninjas/ninja-acolyte", "ninjas/ninja-acolyte"))


def test_rhodes_plaza_mall_pays_1_vp_per_minion_there():
    g = game([base_at("rhodes-plaza-mall", MALL_MINIONS), "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [5, 2]


def test_rhodes_plaza_mall_cancelled_by_jammed_signal():
    g = game([base_at("rhodes-plaza-mall", MALL_MINIONS, jammed=True), "jungle-oasis"])
    play(g, "end")
    assert g.state.vp == [0, 0]
