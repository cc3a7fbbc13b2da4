"""Zombies: each card's ability, scripted strictly on a described board."""

from smashup.testing import decision, options, play, scenario, where

A, B, C = "the-great-library", "factory-436-1337", "evans-city-cemetery"
BASES = [A, B]


def bases_with(mine_at: dict[str, list[str]] | None = None, names: list[str] = BASES) -> list:
    mine_at = mine_at or {}
    return [{"base": b, "minions": mine_at.get(b, [])} for b in names]


# ---- Zombie Lord ---------------------------------------------------------------------------------


def test_zombie_lord_plays_small_minions_from_discard_on_each_base_without_yours():
    game = scenario(  # three players, so that four bases are in play
        players=3, hands=[["zombies/zombie-lord"], [], []],
        discards=[["zombies/tenacious-z", "zombies/tenacious-z", "zombies/grave-digger"], [], []],
        bases=bases_with({C: ["zombies/walker"]}, [A, B, C, "jungle-oasis"]),
    )
    play(game, "play zombies/zombie-lord#1 @ base:the-great-library")
    # Zombie Lord's own base and the base with a Walker are out; Grave Digger is too strong
    assert options(game) == [
        "play zombies/tenacious-z#1 @ base:factory-436-1337",
        "play zombies/tenacious-z#1 @ base:jungle-oasis",
        "play zombies/tenacious-z#2 @ base:factory-436-1337",
        "play zombies/tenacious-z#2 @ base:jungle-oasis",
        "skip",
    ]
    play(game, "play zombies/tenacious-z#1 @ base:jungle-oasis",
         "play zombies/tenacious-z#2 @ base:factory-436-1337")
    assert where(game, "zombies/tenacious-z#1") == "minion@base:jungle-oasis"
    assert where(game, "zombies/tenacious-z#2") == "minion@base:factory-436-1337"
    assert decision(game) == (0, "main")


def test_zombie_lord_may_be_declined():
    game = scenario(hands=[["zombies/zombie-lord"], []], discards=[["zombies/walker"], []],
                    bases=BASES)
    play(game, "play zombies/zombie-lord#1 @ base:the-great-library", "skip")
    assert where(game, "zombies/walker#1") == "discard:0"
    assert decision(game) == (0, "main")


def test_zombie_lord_clarification_bases_fixed_on_play_one_each_and_only_right_away():
    """Clarification: the bases are the ones without your minions as Zombie Lord is played; one
    extra minion per such base; they are played at once, not kept for later."""
    game = scenario(
        hands=[["zombies/zombie-lord", "zombies/tenacious-z"], []],
        discards=[["zombies/tenacious-z", "zombies/tenacious-z"], []],
        bases=bases_with(names=[A, B, C]),
    )
    play(game, "play zombies/zombie-lord#1 @ base:the-great-library",
         "play zombies/tenacious-z#2 @ base:factory-436-1337")
    # the factory now has a minion of ours, and only the cemetery is left
    assert options(game) == ["play zombies/tenacious-z#3 @ base:evans-city-cemetery", "skip"]
    play(game, "skip")
    # no extra play is left over: the hand minion cannot be played (the free play is spent)
    assert not [o for o in options(game) if o.startswith("play")]


# ---- Grave Digger -------------------------------------------------------------------------------


def test_grave_digger_may_take_a_minion_from_the_discard_pile():
    board = dict(hands=[["zombies/grave-digger"], []],
                 discards=[["zombies/walker", "zombies/grave-robbing"], []], bases=BASES)
    game = scenario(**board)
    play(game, "play zombies/grave-digger#1 @ base:the-great-library")
    assert options(game) == ["zombies/walker#1", "skip"]  # an action is not offered
    play(game, "zombies/walker#1")
    assert where(game, "zombies/walker#1") == "hand:0"

    declined = scenario(**board)
    play(declined, "play zombies/grave-digger#1 @ base:the-great-library", "skip")
    assert where(declined, "zombies/walker#1") == "discard:0"


def test_grave_digger_with_no_minion_in_the_discard_pile_asks_nothing():
    game = scenario(hands=[["zombies/grave-digger"], []], discards=[["zombies/outbreak"], []],
                    bases=BASES)
    play(game, "play zombies/grave-digger#1 @ base:the-great-library")
    assert decision(game) == (0, "main")


# ---- Tenacious Z --------------------------------------------------------------------------------


def test_tenacious_z_plays_from_the_discard_pile_as_an_extra_minion():
    game = scenario(hands=[["zombies/walker"], []],
                    discards=[["zombies/tenacious-z", "zombies/tenacious-z"], []], bases=BASES)
    assert "special zombies/tenacious-z#1" in options(game)
    play(game, "special zombies/tenacious-z#1",
         "play zombies/tenacious-z#1 @ base:factory-436-1337")
    assert where(game, "zombies/tenacious-z#1") == "minion@base:factory-436-1337"
    # the normal minion play is still there
    assert "play zombies/walker#1 @ base:the-great-library" in options(game)


def test_tenacious_z_clarification_one_use_per_turn_and_only_in_your_play_phase():
    """Clarification: only during your own Play Cards phase, and one Tenacious Z ability per
    turn, whichever copy."""
    game = scenario(discards=[["zombies/tenacious-z", "zombies/tenacious-z"],
                              ["zombies/tenacious-z"]], bases=BASES)
    play(game, "special zombies/tenacious-z#1",
         "play zombies/tenacious-z#1 @ base:the-great-library")
    assert not [o for o in options(game) if o.startswith("special")]
    # the other player's copy is never offered on player 0's turn
    assert "special zombies/tenacious-z#3" not in options(game)
    play(game, "end")
    assert decision(game) == (1, "main")
    assert "special zombies/tenacious-z#3" in options(game)


# ---- Walker -------------------------------------------------------------------------------------


def test_walker_discards_the_top_card_or_keeps_it():
    board = dict(hands=[["zombies/walker"], []],
                 decks=[["zombies/outbreak", "zombies/overrun"], []],
                 bases=BASES)
    game = scenario(**board)
    play(game, "play zombies/walker#1 @ base:the-great-library")
    assert options(game) == ["choice:discard", "choice:keep"]
    play(game, "choice:discard")
    assert where(game, "zombies/outbreak#1") == "discard:0"

    kept = scenario(**board)
    play(kept, "play zombies/walker#1 @ base:the-great-library", "choice:keep")
    assert kept.state.decks[0][0] == kept.state.names.index("zombies/outbreak#1")


# ---- actions ------------------------------------------------------------------------------------


def test_grave_robbing_takes_any_card_from_the_discard_pile():
    game = scenario(hands=[["zombies/grave-robbing"], []],
                    discards=[["zombies/walker", "zombies/outbreak"], []], bases=BASES)
    play(game, "play zombies/grave-robbing#1")
    assert options(game) == ["zombies/walker#1", "zombies/outbreak#1"]
    play(game, "zombies/outbreak#1")
    assert where(game, "zombies/outbreak#1") == "hand:0"
    assert where(game, "zombies/grave-robbing#1") == "discard:0"


def test_lend_a_hand_shuffles_chosen_cards_into_the_deck():
    game = scenario(hands=[["zombies/lend-a-hand"], []],
                    discards=[["zombies/walker", "zombies/outbreak", "zombies/overrun"], []],
                    bases=BASES)
    play(game, "play zombies/lend-a-hand#1", "zombies/walker#1", "zombies/overrun#1", "done")
    assert where(game, "zombies/walker#1") == "deck:0"
    assert where(game, "zombies/overrun#1") == "deck:0"
    assert where(game, "zombies/outbreak#1") == "discard:0"


def test_lend_a_hand_clarification_it_does_not_shuffle_itself_in():
    """Clarification: Lend a Hand is not among the cards shuffled into the deck."""
    game = scenario(hands=[["zombies/lend-a-hand"], []], discards=[["zombies/walker"], []],
                    bases=BASES)
    play(game, "play zombies/lend-a-hand#1")
    assert "zombies/lend-a-hand#1" not in options(game)
    play(game, "zombies/walker#1")
    assert where(game, "zombies/lend-a-hand#1") == "discard:0"


def test_mall_crawl_discards_copies_of_one_card_from_the_deck():
    game = scenario(hands=[["zombies/mall-crawl"], []],
                    decks=[["zombies/walker", "zombies/outbreak", "zombies/walker",
                            "zombies/walker"], []], bases=BASES)
    play(game, "play zombies/mall-crawl#1")
    assert options(game) == ["zombies/walker#1", "zombies/outbreak#1", "skip"]
    play(game, "zombies/walker#1")
    assert options(game) == ["choice:1", "choice:2", "choice:3"]
    play(game, "choice:2")
    names = ["zombies/walker#1", "zombies/walker#2", "zombies/walker#3"]
    assert sorted(where(game, n) for n in names) == ["deck:0", "discard:0", "discard:0"]
    assert where(game, "zombies/outbreak#1") == "deck:0"


def test_not_enough_bullets_takes_copies_of_one_minion():
    game = scenario(hands=[["zombies/not-enough-bullets"], []],
                    discards=[["zombies/walker", "zombies/outbreak", "zombies/walker",
                               "zombies/grave-digger"], []], bases=BASES)
    play(game, "play zombies/not-enough-bullets#1")
    assert options(game) == ["zombies/walker#1", "zombies/grave-digger#1", "skip"]
    play(game, "zombies/walker#1", "choice:2")
    assert where(game, "zombies/walker#1") == "hand:0"
    assert where(game, "zombies/walker#2") == "hand:0"
    assert where(game, "zombies/grave-digger#1") == "discard:0"


def test_outbreak_extra_minion_only_where_you_have_none():
    game = scenario(hands=[["zombies/outbreak", "zombies/walker"], []],
                    bases=bases_with({A: ["zombies/tenacious-z"]}), plays={"minion": 0})
    assert not [o for o in options(game) if "walker" in o]
    play(game, "play zombies/outbreak#1")
    assert [o for o in options(game) if "walker" in o] == [
        "play zombies/walker#1 @ base:factory-436-1337"]


def test_overrun_keeps_other_players_minions_out_then_goes_at_your_turn_start():
    game = scenario(hands=[["zombies/walker"], ["tricksters/gremlin"]],
                    bases=[{"base": A, "actions": ["zombies/overrun"]}, B], current=1)
    assert [o for o in options(game) if o.startswith("play")] == [
        "play tricksters/gremlin#1 @ base:factory-436-1337"]
    play(game, "end")
    # player 0's turn starts: Overrun is destroyed
    assert decision(game) == (0, "main")
    assert where(game, "zombies/overrun#1") == "discard:0"
    assert "play zombies/walker#1 @ base:the-great-library" in options(game)


def test_overrun_does_not_stop_its_owner():
    game = scenario(hands=[["zombies/overrun", "zombies/tenacious-z"], []], bases=BASES)
    play(game, "play zombies/overrun#1 @ base:the-great-library")
    assert "play zombies/tenacious-z#1 @ base:the-great-library" in options(game)


def test_they_keep_coming_plays_a_minion_from_the_discard_pile_right_away():
    game = scenario(hands=[["zombies/they-keep-coming", "zombies/tenacious-z"], []],
                    discards=[["zombies/grave-digger", "zombies/outbreak"], []], bases=BASES)
    play(game, "play zombies/they-keep-coming#1")
    assert options(game) == ["play zombies/grave-digger#1 @ base:the-great-library",
                             "play zombies/grave-digger#1 @ base:factory-436-1337", "skip"]
    play(game, "play zombies/grave-digger#1 @ base:factory-436-1337")
    # Grave Digger's own ability: nothing left to take, then the normal play remains
    assert where(game, "zombies/grave-digger#1") == "minion@base:factory-436-1337"
    assert "play zombies/tenacious-z#1 @ base:the-great-library" in options(game)


# ---- They're Coming To Get You -------------------------------------------------------------------


COMING = "zombies/theyre-coming-to-get-you"


def coming_board(**extra):
    return dict(bases=[{"base": A, "actions": [COMING]}, B], **extra)


def test_theyre_coming_plays_from_the_discard_pile_here_instead_of_from_hand():
    game = scenario(hands=[["zombies/walker"], []],
                    discards=[["zombies/tenacious-z", "zombies/grave-digger"], []],
                    **coming_board())
    opts = options(game)
    assert "play zombies/tenacious-z#1 @ base:the-great-library" in opts
    assert "play zombies/tenacious-z#1 @ base:factory-436-1337" not in opts
    play(game, "play zombies/tenacious-z#1 @ base:the-great-library")
    assert where(game, "zombies/tenacious-z#1") == "minion@base:the-great-library"
    # it used the turn's minion play: the hand minion cannot follow
    assert not [o for o in options(game) if o.startswith("play")]


def test_theyre_coming_only_once_per_turn():
    game = scenario(discards=[["zombies/tenacious-z", "zombies/grave-digger"], []],
                    plays={"minion": 2}, **coming_board())
    play(game, "play zombies/tenacious-z#1 @ base:the-great-library")
    assert not [o for o in options(game) if o.startswith("play")]


def test_theyre_coming_is_not_for_other_players():
    game = scenario(discards=[[], ["tricksters/gremlin"]], current=1, **coming_board())
    assert not [o for o in options(game) if o.startswith("play")]


def test_theyre_coming_clarification_generic_extra_yes_specific_extra_no():
    """Clarification: it may replace the normal minion play or a generic extra one (like
    Abduction's), in the Play Cards phase, but not an extra play of a specific card."""
    game = scenario(hands=[["aliens/abduction"], []],
                    discards=[["zombies/grave-digger"], []], plays={"minion": 0},
                    **coming_board())
    assert not [o for o in options(game) if "grave-digger" in o]
    play(game, "play aliens/abduction#1")  # no minion in play to return
    assert "play zombies/grave-digger#1 @ base:the-great-library" in options(game)

    specific = scenario(hands=[["zombies/they-keep-coming"], []],
                        discards=[["zombies/tenacious-z", "zombies/walker"], []],
                        **coming_board())
    # They Keep Coming's extra is played at once from its own choice of cards; the Tenacious Z
    # it plays does not use up They're Coming To Get You
    play(specific, "play zombies/they-keep-coming#1",
         "play zombies/tenacious-z#1 @ base:factory-436-1337")
    assert "play zombies/walker#1 @ base:the-great-library" in options(specific)
