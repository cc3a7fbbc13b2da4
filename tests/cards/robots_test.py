"""Robots: each card's ability, scripted strictly on a described board."""

from smashup.testing import card_id, decision, options, play, power, scenario, where

OASIS = "jungle-oasis"  # no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
BASES = [OASIS, BRAIN]


def theirs(card: str) -> dict:
    return {"card": card, "controller": 1}


def hand_size(game, p: int = 0) -> int:
    return len(game.state.hands[p])


# ---- Nukebot ---------------------------------------------------------------------------------


def test_nukebot_destroyed_takes_every_other_players_minions_on_its_base():
    game = scenario(
        players=3,
        hands=[["wizards/sacrifice"], [], []],
        decks=[["ninjas/shinobi"] * 5, [], []],
        bases=[
            {"base": OASIS, "minions": [
                "robots/nukebot", "robots/zapbot", theirs("ninjas/tiger-assassin"),
                {"card": "ninjas/ninja-acolyte", "controller": 2}]},
            {"base": BRAIN, "minions": [theirs("ninjas/ninja-master")]},
        ],
    )
    play(game, "play wizards/sacrifice#1", "robots/nukebot#1")
    assert where(game, "robots/nukebot#1") == "discard:0"
    assert where(game, "ninjas/tiger-assassin#1") == "discard:1"
    assert where(game, "ninjas/ninja-acolyte#1") == "discard:2"
    # its own player's minions and the other base are spared
    assert where(game, "robots/zapbot#1") == f"minion@base:{OASIS}"
    assert where(game, "ninjas/ninja-master#1") == f"minion@base:{BRAIN}"
    assert decision(game) == (0, "main")


def test_nukebot_blast_cannot_destroy_a_warbot():
    game = scenario(
        hands=[["wizards/sacrifice"], []],
        decks=[["ninjas/shinobi"] * 5, []],
        bases=[{"base": OASIS, "minions": ["robots/nukebot", theirs("robots/warbot"),
                                           theirs("ninjas/shinobi")]}, BRAIN],
    )
    play(game, "play wizards/sacrifice#1")
    assert where(game, "robots/warbot#1") == f"minion@base:{OASIS}"
    assert where(game, "ninjas/shinobi#6") == "discard:1"


def test_nukebot_does_nothing_while_it_stays_in_play():
    game = scenario(hands=[["robots/nukebot"], []],
                    bases=[{"base": OASIS, "minions": [theirs("ninjas/shinobi")]}, BRAIN])
    play(game, f"play robots/nukebot#1 @ base:{OASIS}")
    assert where(game, "ninjas/shinobi#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


# ---- Warbot ----------------------------------------------------------------------------------


def test_warbot_cannot_be_destroyed_even_by_its_own_player():
    game = scenario(hands=[["wizards/sacrifice"], []], decks=[["ninjas/shinobi"] * 6, []],
                    bases=[{"base": OASIS, "minions": ["robots/warbot"]}, BRAIN])
    play(game, "play wizards/sacrifice#1")
    assert where(game, "robots/warbot#1") == f"minion@base:{OASIS}"
    assert hand_size(game) == 4  # Sacrifice still draws for its power


# ---- Hoverbot --------------------------------------------------------------------------------


def test_hoverbot_may_play_a_revealed_minion_as_an_extra_minion():
    game = scenario(hands=[["robots/hoverbot", "robots/zapbot"], []],
                    decks=[["robots/warbot", "wizards/enchantress"], []], bases=BASES,
                    plays={"minion": 2})
    play(game, f"play robots/hoverbot#1 @ base:{OASIS}")
    assert decision(game) == (0, "play_extra")
    assert options(game) == [f"play robots/warbot#1 @ base:{OASIS}",
                             f"play robots/warbot#1 @ base:{BRAIN}", "skip"]
    play(game, f"play robots/warbot#1 @ base:{BRAIN}")
    assert where(game, "robots/warbot#1") == f"minion@base:{BRAIN}"
    # the revealed minion was an extra: the second normal play is still there
    assert f"play robots/zapbot#1 @ base:{OASIS}" in options(game)


def test_hoverbot_declined_minion_stays_on_top_of_the_deck():
    """Clarification: the revealed minion is played at once or goes back; it is never kept."""
    game = scenario(hands=[["robots/hoverbot"], []],
                    decks=[["robots/warbot", "ninjas/shinobi"], []], bases=BASES)
    play(game, f"play robots/hoverbot#1 @ base:{OASIS}", "skip")
    assert game.state.decks[0][0] == card_id(game, "robots/warbot#1")
    assert decision(game) == (0, "main")
    assert not any("warbot" in o for o in options(game))
    assert ["robots/warbot#1", "deck", 0] in game.observation(1)["known"]


def test_hoverbot_leaves_a_revealed_action_on_top_for_everyone_to_see():
    game = scenario(hands=[["robots/hoverbot"], []], decks=[["wizards/scry", "ninjas/shinobi"], []],
                    bases=BASES)
    play(game, f"play robots/hoverbot#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert game.state.decks[0][0] == card_id(game, "wizards/scry#1")
    assert ["wizards/scry#1", "deck", 0] in game.observation(1)["known"]
    assert any(ev["kind"] == "revealed" for ev in game.events)


def test_hoverbot_with_an_empty_deck_reshuffles_the_discard_pile_first():
    """Core rulebook, 'Draw': to reveal a card from an empty deck, shuffle the discard pile."""
    game = scenario(hands=[["robots/hoverbot"], []], discards=[["robots/zapbot"], []], bases=BASES)
    play(game, f"play robots/hoverbot#1 @ base:{OASIS}")
    assert options(game)[-1] == "skip"
    play(game, f"play robots/zapbot#1 @ base:{OASIS}")
    assert where(game, "robots/zapbot#1") == f"minion@base:{OASIS}"


def test_hoverbot_with_no_cards_to_reveal_does_nothing():
    game = scenario(hands=[["robots/hoverbot"], []], bases=BASES)
    play(game, f"play robots/hoverbot#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")


# ---- Zapbot ----------------------------------------------------------------------------------


def test_zapbot_grants_an_extra_minion_of_power_2_or_less():
    game = scenario(hands=[["robots/zapbot", "robots/zapbot", "robots/hoverbot"], []],
                    bases=BASES)
    play(game, f"play robots/zapbot#1 @ base:{OASIS}")
    opts = options(game)
    assert f"play robots/zapbot#2 @ base:{OASIS}" in opts  # power exactly 2
    assert not any("hoverbot" in o for o in opts)  # power 3
    play(game, f"play robots/zapbot#2 @ base:{BRAIN}")
    # the second Zapbot grants another small extra, still not enough for Hoverbot
    assert not any("hoverbot" in o for o in options(game))
    assert game.state.grants == [("minion", "power_le", 2)]


def test_zapbot_extra_may_wait_until_later_in_the_phase():
    """Core rulebook, 'Extra': you do not have to play the extra card right away."""
    game = scenario(hands=[["robots/zapbot", "robots/microbot-guard", "robots/tech-center"], []],
                    bases=BASES)
    play(game, f"play robots/zapbot#1 @ base:{OASIS}", "play robots/tech-center#1",
         f"base:{OASIS}")
    assert f"play robots/microbot-guard#1 @ base:{BRAIN}" in options(game)


# ---- Microbot Alpha --------------------------------------------------------------------------


def test_microbot_alpha_counts_every_other_minion_of_yours_as_a_microbot():
    game = scenario(
        hands=[["robots/zapbot"], []],
        bases=[{"base": OASIS, "minions": ["robots/microbot-alpha", "robots/microbot-guard",
                                           theirs("robots/microbot-fixer")]},
               {"base": BRAIN, "minions": ["robots/warbot"]}],
    )
    assert power(game, "robots/microbot-alpha#1") == 3  # Guard and Warbot, not theirs
    play(game, f"play robots/zapbot#1 @ base:{OASIS}")
    assert power(game, "robots/microbot-alpha#1") == 4


def test_microbot_alpha_power_drops_as_microbots_leave():
    """Clarification: the bonus is ongoing and follows Microbots coming and going."""
    game = scenario(
        hands=[["wizards/sacrifice"], []], decks=[["ninjas/shinobi"] * 3, []],
        bases=[{"base": OASIS, "minions": ["robots/microbot-alpha", "robots/zapbot",
                                           "robots/microbot-guard"]}, BRAIN],
    )
    assert power(game, "robots/microbot-alpha#1") == 3
    play(game, "play wizards/sacrifice#1", "robots/zapbot#1")
    assert power(game, "robots/microbot-alpha#1") == 2


def test_microbot_alpha_makes_non_microbots_microbots_for_other_cards():
    """Clarification: your other minions count as Microbots while keeping their own identity
    (a Warbot stays impossible to destroy)."""
    game = scenario(
        hands=[["wizards/sacrifice"], []], decks=[["ninjas/shinobi"] * 9, []],
        bases=[{"base": OASIS, "minions": ["robots/microbot-alpha", "robots/microbot-fixer",
                                           "robots/warbot"]}, BRAIN],
    )
    assert power(game, "robots/warbot#1") == 5  # Fixer's +1 reaches it
    play(game, "play wizards/sacrifice#1", "robots/warbot#1")
    assert where(game, "robots/warbot#1") == f"minion@base:{OASIS}"


def test_microbot_alpha_does_not_reach_cards_in_the_discard_pile():
    """Clarification: only minions in play count as Microbots, not cards in hand or discard."""
    game = scenario(
        hands=[["robots/microbot-reclaimer"], []],
        discards=[["robots/warbot", "robots/microbot-guard"], []],
        bases=[{"base": OASIS, "minions": ["robots/microbot-alpha"]}, BRAIN],
        minions_played=1, plays={"minion": 1},
    )
    play(game, f"play robots/microbot-reclaimer#1 @ base:{OASIS}")
    assert options(game) == ["robots/microbot-guard#1", "done"]


# ---- Microbot Archive ------------------------------------------------------------------------


def archive_board(**extra) -> dict:
    board = dict(
        hands=[["wizards/sacrifice"], []], decks=[["ninjas/shinobi"] * 6, []],
        bases=[{"base": OASIS, "minions": ["robots/microbot-archive", "robots/microbot-guard",
                                           "robots/zapbot"]}, BRAIN],
    )
    board.update(extra)
    return board


def test_microbot_archive_draws_when_one_of_your_microbots_is_destroyed():
    game = scenario(**archive_board())
    play(game, "play wizards/sacrifice#1", "robots/microbot-guard#1")
    assert hand_size(game) == 2  # 1 for Sacrifice, 1 for Archive
    assert decision(game) == (0, "main")


def test_microbot_archive_draws_when_it_is_destroyed_itself():
    game = scenario(**archive_board())
    play(game, "play wizards/sacrifice#1", "robots/microbot-archive#1")
    assert where(game, "robots/microbot-archive#1") == "discard:0"
    assert hand_size(game) == 2


def test_microbot_archive_ignores_minions_that_are_not_microbots():
    game = scenario(**archive_board())
    play(game, "play wizards/sacrifice#1", "robots/zapbot#1")
    assert hand_size(game) == 2  # Zapbot's power only


def test_microbot_archive_counts_any_minion_of_yours_while_alpha_is_in_play():
    game = scenario(**archive_board(bases=[
        {"base": OASIS, "minions": ["robots/microbot-archive", "robots/microbot-alpha",
                                    "robots/zapbot"]}, BRAIN]))
    play(game, "play wizards/sacrifice#1", "robots/zapbot#1")
    assert hand_size(game) == 3


def test_microbot_archive_ignores_other_players_microbots():
    game = scenario(
        hands=[["robots/microbot-guard"], []], decks=[["ninjas/shinobi"] * 3, []],
        bases=[{"base": OASIS, "minions": ["robots/microbot-archive",
                                           theirs("robots/microbot-guard")]}, BRAIN],
    )
    play(game, f"play robots/microbot-guard#1 @ base:{OASIS}", "robots/microbot-guard#2")
    assert where(game, "robots/microbot-guard#2") == "discard:1"
    assert hand_size(game) == 0


# ---- Microbot Fixer --------------------------------------------------------------------------


def test_microbot_fixer_as_first_minion_grants_an_extra_minion():
    game = scenario(hands=[["robots/microbot-fixer", "robots/warbot"], []], bases=BASES)
    play(game, f"play robots/microbot-fixer#1 @ base:{OASIS}")
    assert f"play robots/warbot#1 @ base:{OASIS}" in options(game)


def test_microbot_fixer_after_another_minion_grants_nothing():
    game = scenario(hands=[["robots/microbot-fixer", "robots/warbot"], []], bases=BASES,
                    plays={"minion": 2})
    play(game, f"play robots/warbot#1 @ base:{OASIS}",
         f"play robots/microbot-fixer#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert not any(o.startswith("play ") for o in options(game))


def test_microbot_fixer_boosts_only_your_microbots():
    game = scenario(
        hands=[["robots/microbot-fixer"], []],
        bases=[{"base": OASIS, "minions": ["robots/microbot-guard", "robots/warbot",
                                           theirs("robots/microbot-archive")]}, BRAIN],
    )
    play(game, f"play robots/microbot-fixer#1 @ base:{OASIS}")
    assert power(game, "robots/microbot-fixer#1") == 2
    assert power(game, "robots/microbot-guard#1") == 2
    assert power(game, "robots/warbot#1") == 4
    assert power(game, "robots/microbot-archive#1") == 1


def test_two_microbot_fixers_give_every_microbot_plus_2_themselves_included():
    """Clarification: with both Fixers out, each Microbot has +2, the Fixers too."""
    game = scenario(bases=[{"base": OASIS, "minions": [
        "robots/microbot-fixer", "robots/microbot-fixer", "robots/microbot-guard"]}, BRAIN])
    assert power(game, "robots/microbot-fixer#1") == 3
    assert power(game, "robots/microbot-fixer#2") == 3
    assert power(game, "robots/microbot-guard#1") == 3


# ---- Microbot Guard --------------------------------------------------------------------------


def test_microbot_guard_destroys_a_minion_weaker_than_your_count_here():
    game = scenario(
        hands=[["robots/microbot-guard"], []],
        bases=[{"base": OASIS, "minions": ["robots/zapbot", "robots/warbot",
                                           theirs("ninjas/ninja-acolyte"),
                                           theirs("ninjas/shinobi")]},
               {"base": BRAIN, "minions": [theirs("robots/microbot-fixer")]}],
    )
    play(game, f"play robots/microbot-guard#1 @ base:{OASIS}")
    # three minions of yours here: power 2 or less qualifies; no skip (it is not a "may")
    assert options(game) == ["robots/zapbot#1", "ninjas/ninja-acolyte#1",
                             "robots/microbot-guard#1"]
    play(game, "ninjas/ninja-acolyte#1")
    assert where(game, "ninjas/ninja-acolyte#1") == "discard:1"
    assert where(game, "ninjas/shinobi#1") == f"minion@base:{OASIS}"


def test_microbot_guard_alone_finds_no_target():
    game = scenario(hands=[["robots/microbot-guard"], []],
                    bases=[{"base": OASIS, "minions": [theirs("robots/microbot-fixer")]}, BRAIN])
    play(game, f"play robots/microbot-guard#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert where(game, "robots/microbot-fixer#1") == f"minion@base:{OASIS}"


# ---- Microbot Reclaimer ----------------------------------------------------------------------


def test_microbot_reclaimer_shuffles_chosen_microbots_into_the_deck():
    game = scenario(
        hands=[["robots/microbot-reclaimer", "robots/warbot"], []],
        discards=[["robots/microbot-guard", "robots/warbot", "robots/microbot-fixer"], []],
        bases=BASES,
    )
    play(game, f"play robots/microbot-reclaimer#1 @ base:{OASIS}")
    assert options(game) == ["robots/microbot-guard#1", "robots/microbot-fixer#1", "done"]
    play(game, "robots/microbot-guard#1", "done")
    assert where(game, "robots/microbot-guard#1") == "deck:0"
    assert where(game, "robots/microbot-fixer#1") == "discard:0"
    assert where(game, "robots/warbot#2") == "discard:0"
    # first minion this turn: an extra minion is granted
    assert f"play robots/warbot#1 @ base:{OASIS}" in options(game)


def test_microbot_reclaimer_may_shuffle_none():
    """Core rulebook, 'Void Where Prohibited': "any number" may be zero."""
    game = scenario(hands=[["robots/microbot-reclaimer"], []],
                    discards=[["robots/microbot-guard"], []], bases=BASES)
    play(game, f"play robots/microbot-reclaimer#1 @ base:{OASIS}", "done")
    assert where(game, "robots/microbot-guard#1") == "discard:0"


def test_microbot_reclaimer_not_first_grants_no_extra():
    game = scenario(hands=[["robots/microbot-reclaimer", "robots/warbot"], []], bases=BASES,
                    minions_played=1, plays={"minion": 1})
    play(game, f"play robots/microbot-reclaimer#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert not any("warbot" in o for o in options(game))


# ---- Tech Center -----------------------------------------------------------------------------


def test_tech_center_draws_one_card_per_minion_of_yours_at_the_chosen_base():
    game = scenario(
        hands=[["robots/tech-center"], []], decks=[["ninjas/shinobi"] * 5, []],
        bases=[{"base": OASIS, "minions": ["robots/zapbot", "robots/warbot",
                                           theirs("ninjas/ninja-master")]},
               {"base": BRAIN, "minions": ["robots/hoverbot"]}],
    )
    play(game, "play robots/tech-center#1")
    assert options(game) == [f"base:{OASIS}", f"base:{BRAIN}"]
    play(game, f"base:{OASIS}")
    assert hand_size(game) == 2


# ---- chains of extra minions -----------------------------------------------------------------


def test_fixer_then_zapbot_then_a_small_microbot_chain_of_extras():
    game = scenario(
        hands=[["robots/microbot-fixer", "robots/zapbot", "robots/microbot-reclaimer",
                "robots/warbot"], []],
        bases=BASES,
    )
    play(game, f"play robots/microbot-fixer#1 @ base:{OASIS}",  # first: +1 extra minion
         f"play robots/zapbot#1 @ base:{OASIS}")  # the extra; grants one of power <= 2
    assert not any("warbot" in o for o in options(game))
    play(game, f"play robots/microbot-reclaimer#1 @ base:{OASIS}")  # not first: no extra
    assert decision(game) == (0, "main")
    assert not any(o.startswith("play ") for o in options(game))
    assert power(game, "robots/microbot-reclaimer#1") == 2  # Fixer's bonus


def test_hoverbot_reveals_a_zapbot_whose_extra_can_then_be_used():
    game = scenario(hands=[["robots/hoverbot", "robots/microbot-guard"], []],
                    decks=[["robots/zapbot"], []], bases=BASES)
    play(game, f"play robots/hoverbot#1 @ base:{OASIS}", f"play robots/zapbot#1 @ base:{BRAIN}")
    # Zapbot's grant covers the Guard; the normal play went to Hoverbot
    assert options(game) == [f"play robots/microbot-guard#1 @ base:{OASIS}",
                             f"play robots/microbot-guard#1 @ base:{BRAIN}", "end"]
    play(game, f"play robots/microbot-guard#1 @ base:{BRAIN}")
    # two of yours at the Brain, whose +1 lifts every minion there to 2 or more: no target
    assert decision(game) == (0, "main")
    assert where(game, "robots/microbot-guard#1") == f"minion@base:{BRAIN}"
