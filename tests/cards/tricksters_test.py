"""Tricksters (current printing): each card's ability, scripted strictly on a described board."""

from smashup.testing import base_breakpoint, decision, options, play, power, scenario, where

A, B = "the-great-library", "factory-436-1337"
FACTIONS = [["tricksters", "zombies"], ["aliens", "robots"]]


def theirs(card: str, **extra) -> dict:
    return {"card": card, "owner": 1, "controller": 1, **extra}


def trap_board(trap: dict | str, hand1: list[str], **extra) -> dict:
    """Player 1 to play, with player 0's ``trap`` (a minion or a base action) at A."""
    base = {"base": A}
    if isinstance(trap, dict):
        base["minions"] = [trap]
    else:
        base["actions"] = [trap]
    return dict(hands=[[], hand1], bases=[base, B], current=1, **extra)


# ---- Leprechaun ---------------------------------------------------------------------------------


def test_leprechaun_destroys_a_weaker_minion_played_here_by_another_player():
    game = scenario(**trap_board({"card": "tricksters/leprechaun"}, ["robots/zapbot"]))
    play(game, "play robots/zapbot#1 @ base:the-great-library")
    assert where(game, "robots/zapbot#1") == "discard:1"


def test_leprechaun_ignores_other_bases_its_owner_and_stronger_minions():
    game = scenario(**trap_board({"card": "tricksters/leprechaun"},
                                 ["robots/zapbot", "aliens/supreme-overlord"],
                                 plays={"minion": 2}))
    play(game, "play robots/zapbot#1 @ base:factory-436-1337",
         "play aliens/supreme-overlord#1 @ base:the-great-library", "skip")
    assert where(game, "robots/zapbot#1") == "minion@base:factory-436-1337"
    assert where(game, "aliens/supreme-overlord#1") == "minion@base:the-great-library"
    mine = scenario(hands=[["tricksters/gremlin"], []],
                    bases=[{"base": A, "minions": ["tricksters/leprechaun"]}, B])
    play(mine, "play tricksters/gremlin#1 @ base:the-great-library")
    assert where(mine, "tricksters/gremlin#1") == "minion@base:the-great-library"


def test_leprechaun_clarification_only_the_first_eligible_minion_each_turn():
    """Clarification: if a bigger minion comes first and a smaller one after, the first minion
    that qualifies is destroyed; after that, no more this turn."""
    game = scenario(**trap_board({"card": "tricksters/leprechaun"},
                                 ["aliens/supreme-overlord", "robots/zapbot", "robots/zapbot"],
                                 plays={"minion": 3}))
    play(game, "play aliens/supreme-overlord#1 @ base:the-great-library", "skip",
         "play robots/zapbot#1 @ base:the-great-library",
         "play robots/zapbot#2 @ base:the-great-library")
    assert where(game, "aliens/supreme-overlord#1") == "minion@base:the-great-library"
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, "robots/zapbot#2") == "minion@base:the-great-library"


def test_leprechaun_clarification_removed_during_resolution_destroys_nothing():
    """Clarification: if the new minion's own ability takes Leprechaun off the base, the new
    minion is not destroyed."""
    game = scenario(**trap_board({"card": "tricksters/leprechaun", "counters": 1},
                                 ["aliens/supreme-overlord"]))
    assert power(game, "tricksters/leprechaun#1") == 6
    play(game, "play aliens/supreme-overlord#1 @ base:the-great-library",
         "tricksters/leprechaun#1")
    assert where(game, "tricksters/leprechaun#1") == "hand:0"
    assert where(game, "aliens/supreme-overlord#1") == "minion@base:the-great-library"


def test_leprechaun_clarification_a_minion_moving_away_in_its_resolution_is_spared():
    """Clarification: a minion that moves to this base (rather than being played here) is not
    destroyed."""
    game = scenario(**trap_board({"card": "tricksters/leprechaun"},
                                 ["aliens/invasion", "robots/zapbot"]))
    # the only other base is picked at once
    play(game, "play robots/zapbot#1 @ base:factory-436-1337", "play aliens/invasion#1",
         "robots/zapbot#1")
    # moved, not played, here: Leprechaun lets it be
    assert where(game, "robots/zapbot#1") == "minion@base:the-great-library"


# ---- Brownie ------------------------------------------------------------------------------------


def test_brownie_draws_once_per_turn_when_another_player_plays_elsewhere():
    game = scenario(**trap_board({"card": "tricksters/brownie"},
                                 ["robots/zapbot", "robots/zapbot", "robots/zapbot"],
                                 plays={"minion": 3}, decks=[["zombies/walker"] * 3, []]))
    play(game, "play robots/zapbot#1 @ base:the-great-library")
    assert len(game.state.hands[0]) == 0  # played on Brownie's own base: nothing
    play(game, "play robots/zapbot#2 @ base:factory-436-1337")
    assert len(game.state.hands[0]) == 1
    play(game, "play robots/zapbot#3 @ base:factory-436-1337")
    assert len(game.state.hands[0]) == 1


# ---- Gnome --------------------------------------------------------------------------------------


def gnome_board() -> dict:
    return dict(bases=[{"base": "jungle-oasis", "minions": [
        "tricksters/gnome", "tricksters/leprechaun", "tricksters/brownie",
        theirs("robots/zapbot"), theirs("tricksters/leprechaun")]}, A])


def test_gnome_before_scoring_destroys_a_minion_weaker_than_your_minion_count():
    game = scenario(**gnome_board())
    play(game, "end")
    assert options(game) == ["trigger tricksters/gnome#1", "pass"]
    # three minions of ours: only the Zapbot (power 2) qualifies, so it is picked at once
    play(game, "trigger tricksters/gnome#1")
    destroyed = [e for e in game.events if e["kind"] == "destroyed"]
    assert [e["card"] for e in destroyed] == [game.state.names.index("robots/zapbot#1")]
    assert game.state.vp == [2, 0]


def test_gnome_may_pass():
    game = scenario(**gnome_board())
    play(game, "end", "pass")
    assert game.state.vp == [2, 0]
    assert [e for e in game.events if e["kind"] == "destroyed"] == []


# ---- Gremlin ------------------------------------------------------------------------------------


def test_gremlin_destroyed_draws_and_each_other_player_discards_at_random():
    game = scenario(hands=[[], ["ninjas/seeing-stars", "aliens/invader"]],
                    decks=[["zombies/walker"], []], current=1,
                    bases=[{"base": A, "minions": ["tricksters/gremlin"]}, B])
    play(game, "play ninjas/seeing-stars#1")
    assert where(game, "tricksters/gremlin#1") == "discard:0"
    assert where(game, "zombies/walker#1") == "hand:0"
    assert where(game, "aliens/invader#1") == "discard:1"


def test_gremlin_discarded_by_scoring_only_draws():
    game = scenario(decks=[["zombies/walker", "zombies/outbreak", "zombies/overrun"], []],
                    hands=[[], ["aliens/invader"]],
                    bases=[{"base": "jungle-oasis", "minions": [
                        "tricksters/gremlin", "tricksters/leprechaun", "tricksters/brownie",
                        "tricksters/gnome"]}, A])
    play(game, "end", "pass")
    assert where(game, "tricksters/gremlin#1") == "discard:0"
    assert len(game.state.hands[0]) == 3  # one from the Gremlin, two in the draw phase
    assert where(game, "aliens/invader#1") == "hand:1"


def test_gremlin_discarded_from_the_hand_does_nothing():
    game = scenario(hands=[["tricksters/take-the-shinies"], ["tricksters/gremlin"]],
                    decks=[[], ["zombies/walker"]], bases=[A, B])
    play(game, "play tricksters/take-the-shinies#1")
    assert where(game, "tricksters/gremlin#1") == "discard:1"
    assert where(game, "zombies/walker#1") == "deck:1"


# ---- Pixie --------------------------------------------------------------------------------------


def pixie_board(hand0: list[str], hand1: list[str]) -> dict:
    return dict(hands=[["tricksters/pixie", *hand0], hand1],
                bases=[{"base": A, "minions": ["tricksters/gremlin", "tricksters/brownie",
                                               theirs("robots/zapbot")]},
                       {"base": B, "minions": ["tricksters/gnome"],
                        "actions": [{"card": "tricksters/hideout", "owner": 1,
                                     "controller": 1}]}])


def test_pixie_is_offered_as_a_minion_and_as_an_action():
    game = scenario(**pixie_board([], []))
    assert [o for o in options(game) if "pixie" in o] == [
        "play tricksters/pixie#1 @ base:the-great-library",
        "play tricksters/pixie#1 @ base:factory-436-1337",
        "play tricksters/pixie#1",
    ]
    play(game, "play tricksters/pixie#1 @ base:the-great-library")
    # played as a minion, the action play is still free
    assert game.state.action_plays == 1 and game.state.minion_plays == 0


def test_pixie_minion_with_a_bigger_hand_counters_any_of_your_minions_here():
    game = scenario(**pixie_board(["zombies/walker", "zombies/walker"], ["aliens/invader"]))
    play(game, "play tricksters/pixie#1 @ base:the-great-library")
    assert options(game) == ["tricksters/gremlin#1", "tricksters/brownie#1", "tricksters/pixie#1",
                             "done"]
    play(game, "tricksters/gremlin#1", "tricksters/pixie#1", "done")
    assert power(game, "tricksters/gremlin#1") == 3
    assert power(game, "tricksters/pixie#1") == 3
    assert power(game, "tricksters/brownie#1") == 4


def test_pixie_minion_without_a_bigger_hand_does_nothing():
    game = scenario(**pixie_board(["zombies/walker"], ["aliens/invader"]))
    play(game, "play tricksters/pixie#1 @ base:the-great-library")
    assert decision(game) == (0, "main")
    assert power(game, "tricksters/pixie#1") == 2


def test_pixie_action_destroys_an_action_for_two_counters():
    game = scenario(**pixie_board([], []))
    play(game, "play tricksters/pixie#1", "tricksters/gremlin#1", "tricksters/gremlin#1")
    assert where(game, "tricksters/hideout#1") == "discard:1"
    assert power(game, "tricksters/gremlin#1") == 4
    assert where(game, "tricksters/pixie#1") == "discard:0"
    assert game.state.action_plays == 0 and game.state.minion_plays == 1


def test_pixie_action_with_no_action_to_destroy_gives_nothing():
    game = scenario(hands=[["tricksters/pixie"], []],
                    bases=[{"base": A, "minions": ["tricksters/gremlin"]}, B])
    play(game, "play tricksters/pixie#1")
    assert power(game, "tricksters/gremlin#1") == 2
    assert decision(game) == (0, "main")


# ---- Block the Path -----------------------------------------------------------------------------


def test_block_the_path_names_a_faction_of_each_other_player():
    game = scenario(players=3, factions=[*FACTIONS, ["ninjas", "wizards"]],
                    hands=[["tricksters/block-the-path"], [], []],
                    bases=[A, B])
    play(game, "play tricksters/block-the-path#1 @ base:the-great-library")
    assert options(game) == ["faction:aliens", "faction:robots"]
    play(game, "faction:robots")
    assert options(game) == ["faction:ninjas", "faction:wizards"]
    play(game, "faction:ninjas")
    assert game.state.misc[("named", 0)] == ("robots", "ninjas")


def test_block_the_path_stops_minions_of_the_named_faction_here_only():
    game = scenario(factions=FACTIONS, hands=[["tricksters/block-the-path"],
                                              ["robots/zapbot", "aliens/invader"]],
                    bases=[A, B])
    play(game, "play tricksters/block-the-path#1 @ base:the-great-library", "faction:robots",
         "end")
    assert decision(game) == (1, "main")
    opts = options(game)
    assert "play robots/zapbot#1 @ base:the-great-library" not in opts
    assert "play robots/zapbot#1 @ base:factory-436-1337" in opts
    assert "play aliens/invader#1 @ base:the-great-library" in opts


# ---- Enshrouding Mist ---------------------------------------------------------------------------


def test_enshrouding_mist_talent_gives_an_extra_minion_here():
    game = scenario(hands=[["tricksters/gremlin", "tricksters/gnome"], []],
                    bases=[{"base": A, "actions": ["tricksters/enshrouding-mist"]}, B],
                    plays={"minion": 0})
    assert not [o for o in options(game) if o.startswith("play")]
    play(game, "use tricksters/enshrouding-mist#1")
    assert [o for o in options(game) if o.startswith("play")] == [
        "play tricksters/gremlin#1 @ base:the-great-library",
        "play tricksters/gnome#1 @ base:the-great-library"]
    assert "use tricksters/enshrouding-mist#1" not in options(game)  # once per turn
    play(game, "play tricksters/gnome#1 @ base:the-great-library")
    assert not [o for o in options(game) if o.startswith("play")]


# ---- Flame Trap ---------------------------------------------------------------------------------


def test_flame_trap_destroys_itself_and_the_minion_another_player_plays_here():
    game = scenario(**trap_board("tricksters/flame-trap", ["robots/zapbot", "robots/zapbot"],
                                 plays={"minion": 2}))
    play(game, "play robots/zapbot#1 @ base:the-great-library")
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, "tricksters/flame-trap#1") == "discard:0"
    play(game, "play robots/zapbot#2 @ base:the-great-library")
    assert where(game, "robots/zapbot#2") == "minion@base:the-great-library"


def test_flame_trap_ignores_its_owners_minions():
    game = scenario(hands=[["tricksters/gremlin"], []],
                    bases=[{"base": A, "actions": ["tricksters/flame-trap"]}, B])
    play(game, "play tricksters/gremlin#1 @ base:the-great-library")
    assert where(game, "tricksters/gremlin#1") == "minion@base:the-great-library"
    assert where(game, "tricksters/flame-trap#1") == "action@base:the-great-library"


def test_flame_trap_may_lower_the_breakpoint_at_the_start_of_your_turn():
    board = dict(bases=[{"base": A, "actions": ["tricksters/flame-trap"]}, B], phase="start")
    game = scenario(**board)
    assert options(game) == ["trigger tricksters/flame-trap#1", "pass"]
    play(game, "trigger tricksters/flame-trap#1")
    assert base_breakpoint(game, A) == 22 - 4
    play(game, "end")
    assert base_breakpoint(game, A) == 22  # until the end of the turn only

    declined = scenario(**board)
    play(declined, "pass")
    assert base_breakpoint(declined, A) == 22


# ---- Hideout ------------------------------------------------------------------------------------


def test_hideout_stops_other_players_moving_minions_here():
    game = scenario(hands=[[], ["aliens/invasion"]], current=1,
                    bases=[{"base": A, "actions": ["tricksters/hideout"]},
                           {"base": B, "minions": [theirs("robots/zapbot")]}])
    play(game, "play aliens/invasion#1")  # Zapbot, to the only other base: it cannot go
    assert where(game, "robots/zapbot#1") == "minion@base:factory-436-1337"


def test_hideout_talent_swaps_with_a_base_action_then_may_destroy_a_small_minion():
    game = scenario(hands=[["tricksters/pay-the-piper", "tricksters/take-the-shinies"], []],
                    decks=[["tricksters/flame-trap"], []],
                    bases=[{"base": A, "actions": ["tricksters/hideout"],
                            "minions": [theirs("robots/zapbot"), theirs("robots/warbot")]}, B])
    play(game, "use tricksters/hideout#1")
    assert options(game) == ["tricksters/pay-the-piper#1", "tricksters/flame-trap#1"]
    play(game, "tricksters/pay-the-piper#1")
    assert where(game, "tricksters/pay-the-piper#1") == "action@base:the-great-library"
    assert where(game, "tricksters/hideout#1") == "hand:0"
    assert options(game) == ["robots/zapbot#1", "skip"]
    play(game, "robots/zapbot#1")
    assert where(game, "robots/zapbot#1") == "discard:1"


def test_hideout_talent_needs_a_base_action_in_hand_or_deck():
    game = scenario(hands=[["tricksters/take-the-shinies"], []],
                    bases=[{"base": A, "actions": ["tricksters/hideout"]}, B])
    assert "use tricksters/hideout#1" not in options(game)


# ---- Mark of Sleep ------------------------------------------------------------------------------


def test_mark_of_sleep_no_actions_until_your_next_turn():
    game = scenario(hands=[["tricksters/mark-of-sleep"], ["aliens/invasion", "robots/zapbot"]],
                    bases=[A, B])
    play(game, "play tricksters/mark-of-sleep#1")
    assert options(game) == ["choice:no-actions", "choice:no-moves"]
    play(game, "choice:no-actions", "end")
    assert decision(game) == (1, "main")
    assert "play aliens/invasion#1" not in options(game)
    assert "play robots/zapbot#1 @ base:the-great-library" in options(game)
    play(game, "end")
    assert decision(game) == (0, "main")
    assert not [e for e in game.state.effects if e[0] == "no_actions"]


def test_mark_of_sleep_no_moves():
    game = scenario(hands=[["tricksters/mark-of-sleep"], ["aliens/invasion"]],
                    bases=[{"base": A, "minions": [theirs("robots/zapbot")]}, B])
    play(game, "play tricksters/mark-of-sleep#1", "choice:no-moves", "end",
         "play aliens/invasion#1")
    assert where(game, "robots/zapbot#1") == "minion@base:the-great-library"


# ---- Pay the Piper, Take The Shinies ------------------------------------------------------------


def test_pay_the_piper_makes_the_player_discard_a_card_of_their_choice():
    game = scenario(**trap_board("tricksters/pay-the-piper",
                                 ["robots/zapbot", "aliens/invader", "aliens/invasion"]))
    play(game, "play robots/zapbot#1 @ base:the-great-library")
    assert decision(game) == (1, "choose_card")
    assert options(game) == ["aliens/invader#1", "aliens/invasion#1"]
    play(game, "aliens/invasion#1")
    assert where(game, "aliens/invasion#1") == "discard:1"


def test_pay_the_piper_ignores_other_bases():
    game = scenario(**trap_board("tricksters/pay-the-piper", ["robots/zapbot", "aliens/invader"]))
    play(game, "play robots/zapbot#1 @ base:factory-436-1337")
    assert decision(game) == (1, "main")


def test_take_the_shinies_each_other_player_discards_two_at_random():
    game = scenario(players=3, hands=[["tricksters/take-the-shinies"],
                                      ["aliens/invader", "aliens/invader", "aliens/invasion"],
                                      ["robots/zapbot"]], bases=[A, B])
    play(game, "play tricksters/take-the-shinies#1")
    assert len(game.state.hands[1]) == 1 and len(game.state.discards[1]) == 2
    assert game.state.hands[2] == [] and where(game, "robots/zapbot#1") == "discard:2"
