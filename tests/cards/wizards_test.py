"""Wizards: each card's ability, scripted strictly on a described board."""

from smashup.testing import card_id, decision, options, play, scenario, where

OASIS = "jungle-oasis"  # no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
BASES = [OASIS, BRAIN]
FILLER = ["ninjas/shinobi"] * 6


def theirs(card: str) -> dict:
    return {"card": card, "controller": 1}


def hand(game, p: int = 0) -> list[str]:
    return game.observation(p)["hand"]


def deck_names(game, p: int = 0) -> list[str]:
    g = game.state
    return [g.names[c] for c in g.decks[p]]


def playable(game, name: str) -> bool:
    return any(o.startswith(f"play {name}") for o in options(game))


# ---- Archmage --------------------------------------------------------------------------------


def test_archmage_talent_grants_one_extra_action_once_per_turn():
    game = scenario(hands=[["wizards/mystic-studies", "wizards/summon"], []],
                    decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": ["wizards/archmage"]}, BRAIN])
    assert "use wizards/archmage#1" in options(game)
    play(game, "use wizards/archmage#1")
    assert "use wizards/archmage#1" not in options(game)
    play(game, "play wizards/mystic-studies#1")
    assert playable(game, "wizards/summon#1")


def test_archmage_talent_is_not_offered_on_another_players_turn():
    game = scenario(bases=[{"base": OASIS, "minions": [theirs("wizards/archmage")]}, BRAIN])
    assert "use wizards/archmage#1" not in options(game)


def test_archmage_extra_action_survives_archmage_being_destroyed():
    """Clarification: the extra action stays available even if Archmage is destroyed that turn."""
    game = scenario(hands=[["wizards/sacrifice", "wizards/mystic-studies"], []],
                    decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": ["wizards/archmage"]}, BRAIN])
    play(game, "use wizards/archmage#1", "play wizards/sacrifice#1")
    assert where(game, "wizards/archmage#1") == "discard:0"
    assert playable(game, "wizards/mystic-studies#1")


# ---- Chronomage ------------------------------------------------------------------------------


def test_chronomage_grants_an_extra_action():
    game = scenario(hands=[["wizards/chronomage", "wizards/summon", "wizards/summon"], []],
                    bases=BASES)
    play(game, f"play wizards/chronomage#1 @ base:{OASIS}", "play wizards/summon#1")
    assert playable(game, "wizards/summon#2")


def test_chronomage_extra_action_survives_chronomage_being_destroyed():
    """Clarification: the extra action may still be played after Chronomage is destroyed."""
    game = scenario(hands=[["wizards/chronomage", "wizards/sacrifice", "wizards/summon"], []],
                    decks=[FILLER, []], bases=BASES)
    play(game, f"play wizards/chronomage#1 @ base:{OASIS}", "play wizards/sacrifice#1")
    assert where(game, "wizards/chronomage#1") == "discard:0"
    assert playable(game, "wizards/summon#1")


# ---- Enchantress -----------------------------------------------------------------------------


def test_enchantress_draws_a_card():
    game = scenario(hands=[["wizards/enchantress"], []], decks=[["wizards/scry"], []],
                    bases=BASES)
    play(game, f"play wizards/enchantress#1 @ base:{OASIS}")
    assert hand(game) == ["wizards/scry#1"]


# ---- Neophyte --------------------------------------------------------------------------------


def neophyte_game(top: str) -> object:
    return scenario(hands=[["wizards/neophyte", "wizards/summon"], []],
                    decks=[[top, "ninjas/shinobi", "ninjas/ninja-acolyte"], []], bases=BASES)


def test_neophyte_may_play_a_revealed_action_as_an_extra_action():
    game = neophyte_game("wizards/mystic-studies")
    play(game, f"play wizards/neophyte#1 @ base:{OASIS}")
    assert options(game) == ["play wizards/mystic-studies#1", "choice:hand", "skip"]
    play(game, "play wizards/mystic-studies#1")
    assert where(game, "wizards/mystic-studies#1") == "discard:0"
    assert set(hand(game)) == {"wizards/summon#1", "ninjas/shinobi#1", "ninjas/ninja-acolyte#1"}
    assert playable(game, "wizards/summon#1")  # it was an extra: the normal action is left


def test_neophyte_may_put_a_revealed_action_into_the_hand():
    game = neophyte_game("wizards/mystic-studies")
    play(game, f"play wizards/neophyte#1 @ base:{OASIS}", "choice:hand")
    assert where(game, "wizards/mystic-studies#1") == "hand:0"


def test_neophyte_may_leave_the_action_on_top_and_gets_no_extra_for_later():
    """Clarification: the action is played, taken or put back at once; no extra play is kept."""
    game = scenario(hands=[["wizards/neophyte", "wizards/summon", "wizards/summon"], []],
                    decks=[["wizards/time-loop"], []], bases=BASES)
    play(game, f"play wizards/neophyte#1 @ base:{OASIS}", "skip")
    assert deck_names(game) == ["wizards/time-loop#1"]
    play(game, "play wizards/summon#1")
    assert not playable(game, "wizards/summon#2")


def test_neophyte_leaves_a_minion_on_top_without_asking():
    game = neophyte_game("wizards/archmage")
    play(game, f"play wizards/neophyte#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert deck_names(game)[0] == "wizards/archmage#1"
    assert ["wizards/archmage#1", "deck", 0] in game.observation(1)["known"]


# ---- Mass Enchantment ------------------------------------------------------------------------


def mass_game(top1: str, top2: str = "ninjas/shinobi", **extra) -> object:
    board = dict(players=3, hands=[["wizards/mass-enchantment"], [], []],
                 decks=[FILLER, [top1, "ninjas/tiger-assassin"], [top2]], bases=BASES)
    board.update(extra)
    return scenario(**board)


def test_mass_enchantment_plays_another_players_action_which_then_goes_to_its_owner():
    """Core rulebook, 'Discard': a card goes to the discard pile of the deck it came from."""
    game = mass_game("wizards/mystic-studies")
    play(game, "play wizards/mass-enchantment#1")
    assert options(game) == ["play wizards/mystic-studies#1", "skip"]
    play(game, "play wizards/mystic-studies#1")
    assert len(hand(game)) == 2  # you drew, not its owner
    assert where(game, "wizards/mystic-studies#1") == "discard:1"
    assert where(game, "wizards/mass-enchantment#1") == "discard:0"
    assert game.state.controller[card_id(game, "wizards/mystic-studies#1")] == 1
    # the unused revealed card is back on top of its deck, and everyone saw it
    assert deck_names(game, 2) == ["ninjas/shinobi#7"]
    assert ["ninjas/shinobi#7", "deck", 2] in game.observation(1)["known"]


def test_mass_enchantment_you_control_the_played_card_and_how_it_resolves():
    """Clarification: the chosen action is played at once, and you control it."""
    game = mass_game("wizards/sacrifice", bases=[
        {"base": OASIS, "minions": ["ninjas/ninja-acolyte", theirs("ninjas/ninja-master")]},
        BRAIN])
    play(game, "play wizards/mass-enchantment#1", "play wizards/sacrifice#1")
    # Sacrifice works on *your* minions: the only one is chosen without asking
    assert where(game, "ninjas/ninja-acolyte#1") == "discard:0"
    assert where(game, "ninjas/ninja-master#1") == f"minion@base:{OASIS}"
    assert len(hand(game)) == 2
    assert where(game, "wizards/sacrifice#1") == "discard:1"


def test_mass_enchantment_an_ongoing_action_stays_under_your_control():
    game = mass_game("aliens/jammed-signal")
    play(game, "play wizards/mass-enchantment#1", f"play aliens/jammed-signal#1 @ base:{BRAIN}")
    js = card_id(game, "aliens/jammed-signal#1")
    assert where(game, "aliens/jammed-signal#1") == f"action@base:{BRAIN}"
    assert (game.state.controller[js], game.state.owner[js]) == (0, 1)


def test_mass_enchantment_extra_actions_from_the_played_card_are_yours():
    game = mass_game("wizards/time-loop",
                     hands=[["wizards/mass-enchantment", "wizards/summon", "wizards/summon"],
                            [], []])
    play(game, "play wizards/mass-enchantment#1", "play wizards/time-loop#1",
         "play wizards/summon#1")
    assert playable(game, "wizards/summon#2")


def test_mass_enchantment_may_be_declined_and_everything_stays_on_top():
    game = mass_game("wizards/mystic-studies", "wizards/scry")
    play(game, "play wizards/mass-enchantment#1")
    assert options(game) == ["play wizards/mystic-studies#1", "play wizards/scry#1", "skip"]
    play(game, "skip")
    assert deck_names(game, 1)[0] == "wizards/mystic-studies#1"
    assert deck_names(game, 2) == ["wizards/scry#1"]


def test_mass_enchantment_with_no_revealed_action_asks_nothing():
    game = mass_game("ninjas/ninja-master")
    play(game, "play wizards/mass-enchantment#1")
    assert decision(game) == (0, "main")
    assert deck_names(game, 1)[0] == "ninjas/ninja-master#1"


# ---- Mystic Studies --------------------------------------------------------------------------


def test_mystic_studies_draws_two_cards():
    game = scenario(hands=[["wizards/mystic-studies"], []],
                    decks=[["wizards/scry", "wizards/summon", "wizards/portal"], []], bases=BASES)
    play(game, "play wizards/mystic-studies#1")
    assert hand(game) == ["wizards/scry#1", "wizards/summon#1"]


# ---- Portal ----------------------------------------------------------------------------------


def test_portal_takes_chosen_minions_and_orders_the_rest_on_top():
    game = scenario(
        hands=[["wizards/portal"], []],
        decks=[["ninjas/shinobi", "wizards/mystic-studies", "ninjas/ninja-acolyte", "wizards/scry",
                "ninjas/ninja-master", "ninjas/tiger-assassin"], []],
        bases=BASES,
    )
    play(game, "play wizards/portal#1")
    revealed = [ev for ev in game.events if ev["kind"] == "revealed"]
    assert len(revealed) == 1 and len(revealed[0]["cards"]) == 5
    assert options(game) == ["ninjas/shinobi#1", "ninjas/ninja-acolyte#1",
                             "ninjas/ninja-master#1", "done"]
    play(game, "ninjas/shinobi#1", "ninjas/ninja-master#1", "done")
    assert options(game) == ["wizards/mystic-studies#1", "ninjas/ninja-acolyte#1",
                             "wizards/scry#1"]
    play(game, "wizards/scry#1", "ninjas/ninja-acolyte#1")
    assert hand(game) == ["ninjas/shinobi#1", "ninjas/ninja-master#1"]
    assert deck_names(game) == ["wizards/scry#1", "ninjas/ninja-acolyte#1",
                                "wizards/mystic-studies#1", "ninjas/tiger-assassin#1"]
    assert decision(game) == (0, "main")


def test_portal_with_a_short_deck_reveals_what_there_is():
    game = scenario(hands=[["wizards/portal"], []], decks=[["wizards/scry", "wizards/summon"], []],
                    bases=BASES)
    play(game, "play wizards/portal#1", "wizards/summon#1")
    assert deck_names(game) == ["wizards/summon#1", "wizards/scry#1"]
    assert hand(game) == []


# ---- Sacrifice -------------------------------------------------------------------------------


def test_sacrifice_draws_for_the_minions_current_power_then_destroys_it():
    game = scenario(
        hands=[["wizards/sacrifice"], []], decks=[FILLER, []],
        bases=[{"base": OASIS, "minions": ["wizards/neophyte", theirs("ninjas/ninja-master")]},
               {"base": BRAIN, "minions": ["wizards/chronomage"]}],
    )
    play(game, "play wizards/sacrifice#1")
    assert options(game) == ["wizards/neophyte#1", "wizards/chronomage#1"]  # yours only
    play(game, "wizards/chronomage#1")
    assert len(hand(game)) == 4  # printed 3, +1 at the Brain
    assert where(game, "wizards/chronomage#1") == "discard:0"


def test_sacrifice_without_a_minion_of_yours_does_nothing():
    game = scenario(hands=[["wizards/sacrifice"], []], decks=[FILLER, []],
                    bases=[{"base": OASIS, "minions": [theirs("ninjas/ninja-master")]}, BRAIN])
    play(game, "play wizards/sacrifice#1")
    assert hand(game) == []
    assert where(game, "ninjas/ninja-master#1") == f"minion@base:{OASIS}"


# ---- Scry ------------------------------------------------------------------------------------


def test_scry_takes_an_action_from_the_deck_reveals_it_and_shuffles():
    game = scenario(hands=[["wizards/scry"], []],
                    decks=[["ninjas/shinobi", "wizards/summon", "ninjas/shinobi",
                            "wizards/time-loop"], []], bases=BASES)
    play(game, "play wizards/scry#1")
    assert options(game) == ["wizards/summon#1", "wizards/time-loop#1"]
    play(game, "wizards/time-loop#1")
    assert hand(game) == ["wizards/time-loop#1"]
    kinds = [ev["kind"] for ev in game.events]
    assert "revealed" in kinds and "shuffled" in kinds
    assert sorted(deck_names(game)) == ["ninjas/shinobi#1", "ninjas/shinobi#2", "wizards/summon#1"]


def test_scry_with_no_action_in_the_deck_finds_nothing():
    game = scenario(hands=[["wizards/scry"], []], decks=[["ninjas/shinobi"], []], bases=BASES)
    play(game, "play wizards/scry#1")
    assert decision(game) == (0, "main")
    assert hand(game) == []


# ---- Summon, Time Loop, Winds of Change ------------------------------------------------------


def test_summon_grants_an_extra_minion():
    game = scenario(hands=[["wizards/summon", "ninjas/shinobi", "ninjas/ninja-acolyte"], []],
                    bases=BASES)
    play(game, "play wizards/summon#1", f"play ninjas/shinobi#1 @ base:{OASIS}")
    assert playable(game, "ninjas/ninja-acolyte#1")


def test_time_loop_grants_two_extra_actions():
    game = scenario(hands=[["wizards/time-loop", "wizards/summon", "wizards/summon",
                            "wizards/scry"], []], bases=BASES)
    play(game, "play wizards/time-loop#1", "play wizards/summon#1", "play wizards/summon#2")
    assert not playable(game, "wizards/scry#1")


def test_winds_of_change_reshuffles_the_hand_draws_five_and_grants_an_action():
    game = scenario(hands=[["wizards/winds-of-change", "wizards/summon", "ninjas/shinobi"], []],
                    decks=[["ninjas/ninja-acolyte"] * 4, []], bases=BASES)
    play(game, "play wizards/winds-of-change#1")
    assert len(hand(game)) == 5
    assert len(game.state.decks[0]) == 1  # 2 cards shuffled in + 4 = 6, five drawn
    assert where(game, "wizards/winds-of-change#1") == "discard:0"
    assert any(ev["kind"] == "shuffled" for ev in game.events)
    assert game.state.action_plays == 1


# ---- chains of extra actions -----------------------------------------------------------------


def test_neophyte_plays_time_loop_whose_extras_chain_into_more_actions():
    game = scenario(
        hands=[["wizards/neophyte", "wizards/mystic-studies", "wizards/summon", "wizards/scry"],
               []],
        decks=[["wizards/time-loop"] + FILLER, []],
        bases=[{"base": BRAIN, "minions": ["wizards/archmage"]}, OASIS],
    )
    play(game, f"play wizards/neophyte#1 @ base:{OASIS}", "play wizards/time-loop#1")
    play(game, "play wizards/mystic-studies#1", "play wizards/summon#1", "play wizards/scry#1")
    assert decision(game) == (0, "main")  # Scry found no action among the Shinobis
    assert not any(o.startswith("play wizards/") and "@" not in o for o in options(game))
    play(game, "use wizards/archmage#1")  # one more from the talent, but no action is left
    assert game.state.action_plays == 1
    # Summon's extra minion is still waiting
    assert playable(game, "ninjas/shinobi#1")
