"""Science Fiction Double Feature, a second reading: each card's text and clarifications read
again against the code by someone who did not write it, with a test for each situation the text
names that the set's own test files (tests/cards/cyborg_apes_test.py, shapeshifters_test.py,
super_spies_test.py, time_travelers_test.py) did not already script: other players' minions and
turns, control changed, targets absent."""

from __future__ import annotations

from typing import Any

from smashup.testing import card_id, decision, options, play, power, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
TORTUGA = "tortuga"
DECK = ["zombies/walker"] * 8

APES = "cyborg-apes"
CLYDE = f"{APES}/clyde-2-0"
BABOOM = f"{APES}/baboom"
FLYING = f"{APES}/flying-monkey"
JUICED = f"{APES}/juiced-up"
UPLINK = f"{APES}/missing-uplink"
BACK = f"{APES}/monkey-on-your-back"
SHIELDING = f"{APES}/shielding"
CYBEREVOLUTION = f"{APES}/cyberevolution"


def theirs(card: str, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": 1, **more}


# ---- Cyborg Apes -------------------------------------------------------------------------------


def test_flying_monkey_on_another_players_minion_is_its_players_to_use():
    """Flying Monkey: "Play on a minion ... you may move this minion": the action's player
    decides after the base scores, and the moved minion stays its own player's."""
    game = scenario(
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [
            theirs("dinosaurs/king-rex", attached=[{"card": FLYING, "owner": 0,
                                                     "controller": 0}]),
            "dinosaurs/king-rex"]}, BRAIN, TORTUGA],
        base_deck=["the-homeworld"],
    )
    play(game, "end")
    assert decision(game)[0] == 0
    assert f"trigger {FLYING}#1" in options(game)
    play(game, f"trigger {FLYING}#1", f"base:{TORTUGA}")
    assert where(game, "dinosaurs/king-rex#1") == f"minion@base:{TORTUGA}"
    assert game.state.controller[card_id(game, "dinosaurs/king-rex#1")] == 1
    assert where(game, f"{FLYING}#1") == "discard:0"


def test_clyde_saves_your_action_on_another_players_minion_here():
    """Clyde 2.0: "your actions played on minions here": any minion at Clyde's base counts,
    not only your own."""
    game = scenario(
        hands=[["aliens/beam-up"], []],
        bases=[{"base": OASIS, "minions": [CLYDE, theirs("aliens/collector",
                                                         attached=[{"card": JUICED, "owner": 0,
                                                                    "controller": 0}])]},
               BRAIN],
    )
    play(game, "play aliens/beam-up#1", "aliens/collector#1")
    assert decision(game)[0] == 0
    play(game, "yes")
    assert where(game, f"{JUICED}#1") == "hand:0"


def test_missing_uplink_on_a_minion_taken_by_another_player_still_draws_for_its_player():
    """Missing Uplink: "Draw an additional card at the end of your turn" — the action's player,
    whoever controls the minion under it."""
    game = scenario(
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [theirs("aliens/collector",
                                                  owner=0,
                                                  attached=[{"card": UPLINK, "owner": 0,
                                                             "controller": 0}])]}, BRAIN],
    )
    play(game, "end")
    assert len(game.state.hands[0]) == 3


def test_baboom_talent_on_another_players_turn_is_not_offered():
    """Baboom: a Talent is used on your own turn only (core rules: Talent)."""
    game = scenario(
        hands=[[JUICED], ["aliens/beam-up"]],
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [BABOOM]}, BRAIN],
        current=1,
    )
    assert not any(o.startswith("talent") for o in options(game))


def test_monkey_on_your_back_destroys_a_power_four_minion_but_not_five():
    game = scenario(
        bases=[{"base": OASIS, "minions": [
            {"card": "aliens/invader", "attached": [BACK]},
            theirs("robots/zapbot", counters=2),  # 2 + 2 = 4
            theirs("aliens/scout", counters=2)]},  # 3 + 2 = 5
            BRAIN],
        decks=[DECK, DECK],
    )
    talent = [o for o in options(game) if BACK in o]
    assert talent
    play(game, talent[0])
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, "aliens/scout#1") == f"minion@base:{OASIS}"
    assert game.state.decks[0][-1] == card_id(game, f"{BACK}#1")


def test_shielding_on_another_players_minion_does_not_stop_its_own_player_destroying_it():
    """Shielding counts "other players" from its own player: the one who played it may still
    reach the minion."""
    game = scenario(
        hands=[["aliens/disintegrator"], []],
        bases=[{"base": OASIS, "minions": [theirs("aliens/collector", attached=[
            {"card": SHIELDING, "owner": 0, "controller": 0}])]}, BRAIN],
    )
    play(game, "play aliens/disintegrator#1")
    assert where(game, "aliens/collector#1") == "deck:1"


def test_juiced_up_counts_another_players_actions_on_the_minion():
    game = scenario(
        bases=[{"base": OASIS, "minions": [{"card": "aliens/invader", "attached": [
            JUICED, {"card": CYBEREVOLUTION, "owner": 1, "controller": 1}]}]}, TORTUGA],
    )
    assert power(game, "aliens/invader#1") == 3 + 3 + 2 * 2


# ---- Shapeshifters -----------------------------------------------------------------------------

SHAPE = "shapeshifters"
DOPPEL = f"{SHAPE}/doppelganger"
GELF = f"{SHAPE}/g-e-l-f"
REALLY = f"{SHAPE}/really"
BACTA = f"{SHAPE}/bacta-the-future"
SHIFT = f"{SHAPE}/genetic-shift"
TRANSMOGRIFY = f"{SHAPE}/transmogrify"
SHELL = f"{SHAPE}/shell-game"


def taken(card: str, **more: Any) -> dict[str, Any]:
    """Player 1's minion that player 0 controls."""
    return {"card": card, "owner": 1, "controller": 0, **more}


def test_really_on_a_taken_minion_cannot_replay_it_from_its_owners_discard_pile():
    """"...Really?": "Destroy one of your minions. Play an extra minion from your discard pile":
    a minion you control goes to its owner's pile, not yours (core rules: owner)."""
    game = scenario(hands=[[REALLY], []], discards=[["robots/zapbot"], []],
                    bases=[{"base": OASIS, "minions": [taken("aliens/invader")]}, BRAIN])
    play(game, f"play {REALLY}#1")
    assert where(game, "aliens/invader#1") == "discard:1"
    assert not any("invader" in o for o in options(game))
    assert f"play robots/zapbot#1 @ base:{OASIS}" in options(game)


def test_bacta_on_a_taken_minion_gives_the_extra_minion_to_its_owner():
    """Bacta the Future: "That minion's owner may immediately play an extra minion"."""
    game = scenario(hands=[[BACTA], ["robots/zapbot"]],
                    bases=[{"base": OASIS, "minions": [taken("aliens/invader")]}, BRAIN])
    play(game, f"play {BACTA}#1")
    assert where(game, "aliens/invader#1") == "discard:1"
    assert decision(game)[0] == 1
    play(game, f"play robots/zapbot#1 @ base:{BRAIN}")
    assert where(game, "robots/zapbot#1") == f"minion@base:{BRAIN}"
    assert decision(game) == (0, "main")


def test_gelf_controlled_by_another_player_searches_its_controllers_deck():
    """G.E.L.F.: "Search your deck ... Shuffle this minion into your deck": the player using
    the Talent searches their own deck; the G.E.L.F. itself goes to its owner's deck (a card
    always goes to its owner's zones)."""
    game = scenario(decks=[["robots/zapbot"], ["wizards/archmage"]],
                    bases=[{"base": OASIS, "minions": [taken(GELF)]}, BRAIN])
    play(game, f"use {GELF}#1")
    assert where(game, "robots/zapbot#1") == f"minion@base:{OASIS}"
    assert where(game, f"{GELF}#1") == "deck:1"
    assert where(game, "wizards/archmage#1") == "deck:1"


def test_gelf_talent_is_not_offered_on_another_players_turn():
    game = scenario(decks=[["robots/zapbot"], DECK], current=1,
                    bases=[{"base": OASIS, "minions": [GELF]}, BRAIN])
    assert not any(GELF in o for o in options(game))


def test_doppelganger_destroyed_on_another_players_turn_searches_its_players_deck():
    """Doppelgänger: "After this minion goes to the discard pile from play" — on any player's
    turn; its own player searches their deck and plays the minion at once."""
    game = scenario(hands=[[], ["dinosaurs/natural-selection"]], decks=[["robots/zapbot"], DECK],
                    current=1,
                    bases=[{"base": OASIS, "minions": [DOPPEL, theirs("dinosaurs/king-rex")]},
                           BRAIN])
    play(game, "play dinosaurs/natural-selection#1")
    assert where(game, f"{DOPPEL}#1") == "discard:0"
    assert decision(game) == (0, "play_extra")
    play(game, f"play robots/zapbot#1 @ base:{BRAIN}")
    assert where(game, "robots/zapbot#1") == f"minion@base:{BRAIN}"
    assert decision(game) == (1, "main")


def test_genetic_shift_counts_a_taken_minion_and_not_the_other_players():
    """Genetic Shift: "Each of your minions": those you control."""
    game = scenario(hands=[[SHIFT], []],
                    bases=[{"base": OASIS, "minions": [taken("aliens/invader"),
                                                       theirs("robots/zapbot")]}, BRAIN])
    play(game, f"play {SHIFT}#1", "choice:each")
    assert power(game, "aliens/invader#1") == 3 + 1
    assert power(game, "robots/zapbot#1") == 2


def test_shell_game_on_another_players_minion_stops_its_own_player_too():
    """Shell Game: "This minion cannot be destroyed" — by anyone, its own player included."""
    game = scenario(hands=[[], ["pirates/cannon"]], decks=[DECK, DECK], current=1,
                    bases=[{"base": OASIS, "minions": [theirs("robots/zapbot", attached=[
                        {"card": SHELL, "owner": 0, "controller": 0}])]}, BRAIN])
    play(game, "play pirates/cannon#1")
    assert decision(game) == (1, "main")  # no minion was offered to the Cannon
    assert where(game, "robots/zapbot#1") == f"minion@base:{OASIS}"


# ---- Super Spies -------------------------------------------------------------------------------

SPIES = "super-spies"


def spies_board(oasis: list[Any], **fields: Any) -> Any:
    fields.setdefault("decks", [DECK] * fields.get("players", 2))
    return scenario(bases=[{"base": OASIS, "minions": oasis}, BRAIN], **fields)


def test_secret_agent_taken_by_another_player_makes_its_owner_discard():
    """Secret Agent: "After another player plays an action" — other than its controller; a
    Secret Agent player 1 has taken punishes player 0, its owner."""
    game = spies_board([{"card": f"{SPIES}/secret-agent", "owner": 0, "controller": 1}],
                       hands=[["pirates/swashbuckling", "robots/zapbot"], []])
    play(game, "play pirates/swashbuckling#1")
    assert where(game, "robots/zapbot#1") == "discard:0"


def test_mole_answers_its_base_scoring_on_another_players_turn():
    """Mole: "Special: Before this base scores" — on any player's turn; its controller plays
    the extra action."""
    game = spies_board([f"{SPIES}/mole", theirs("dinosaurs/king-rex"), theirs("aliens/scout")],
                       hands=[["pirates/swashbuckling"], []], current=1)
    play(game, "end")
    while decision(game)[0] == 1:
        play(game, "pass")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {SPIES}/mole#1", "play pirates/swashbuckling#1")
    assert where(game, "pirates/swashbuckling#1") == "discard:0"


def test_the_spy_who_ditched_me_one_strong_discard_and_one_weak_still_gives_counters():
    """The Spy Who Ditched Me: "If at least one other player did not discard a minion with 3 or
    more power" — one weak discard among several is enough."""
    game = spies_board([taken("aliens/collector"), "robots/zapbot"], players=3,
                       hands=[[f"{SPIES}/the-spy-who-ditched-me"], ["dinosaurs/king-rex"],
                              ["zombies/walker"]])
    play(game, f"play {SPIES}/the-spy-who-ditched-me#1")
    assert where(game, "dinosaurs/king-rex#1") == "discard:1"
    assert where(game, "zombies/walker#1") == "discard:2"
    # your minions: those you control, the one you took included
    assert power(game, "aliens/collector#1") == 2 + 1
    assert power(game, "robots/zapbot#1") == 2 + 1


def test_the_spy_who_ditched_me_every_strong_discard_gives_nothing_in_three_players():
    game = spies_board(["robots/zapbot"], players=3,
                       hands=[[f"{SPIES}/the-spy-who-ditched-me"], ["dinosaurs/king-rex"],
                              ["aliens/invader"]])
    play(game, f"play {SPIES}/the-spy-who-ditched-me#1")
    assert where(game, "aliens/invader#1") == "discard:2"
    assert power(game, "robots/zapbot#1") == 2


def test_discards_are_forever_measures_against_any_one_of_the_discarded_minions():
    """Discards are Forever: "power less than or equal to one of the minions discarded": the
    strongest of them sets the limit."""
    game = spies_board([], players=3,
                       hands=[[f"{SPIES}/discards-are-forever"], [], []],
                       decks=[DECK, ["robots/zapbot"] + DECK, ["dinosaurs/king-rex"] + DECK],
                       discards=[["aliens/invader"], [], []])
    play(game, f"play {SPIES}/discards-are-forever#1")
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, "dinosaurs/king-rex#1") == "discard:2"
    assert "aliens/invader#1" in options(game)
    play(game, "aliens/invader#1")
    assert game.state.decks[0][0] == card_id(game, "aliens/invader#1")


# ---- Time Travelers ----------------------------------------------------------------------------

TT = "time-travelers"
JUMPER = f"{TT}/jumper"
ASTOUNDING = f"{TT}/its-astounding"
WALK = f"{TT}/time-walk"
WORMHOLE = f"{TT}/wormhole"
DO_OVER = f"{TT}/do-over"
RAIDER = f"{TT}/time-raider"


def test_jumper_destroyed_on_another_players_turn_asks_its_own_player():
    """Jumper: "When this minion goes to the discard pile (from play), you may place it back
    into your hand" — on any player's turn."""
    game = scenario(hands=[[], ["pirates/cannon"]], decks=[DECK, DECK], current=1,
                    bases=[{"base": OASIS, "minions": [JUMPER]}, BRAIN])
    play(game, "play pirates/cannon#1", f"{JUMPER}#1")
    assert decision(game)[0] == 0
    play(game, "yes")
    assert where(game, f"{JUMPER}#1") == "hand:0"


def test_time_walk_played_from_the_discard_pile_by_its_astounding_still_goes_under_the_deck():
    """Time Walk: "Place this card on the bottom of your deck instead of your discard pile",
    however it was played (here from the discard pile as It's Astounding's extra action)."""
    game = scenario(hands=[[ASTOUNDING], []], discards=[[WALK], []],
                    decks=[DECK, DECK], bases=[OASIS, BRAIN])
    play(game, f"play {ASTOUNDING}#1", f"play {WALK}#1")
    assert where(game, f"{WALK}#1") == "deck:0"
    assert game.state.decks[0][-1] == card_id(game, f"{WALK}#1")
    assert len(game.state.hands[0]) == 2


def test_wormhole_on_another_players_turn_shuffles_your_minions_there():
    """Wormhole: "Special: Play after a base scores" — any player's base scoring, any turn."""
    game = scenario(hands=[[WORMHOLE], []], decks=[DECK, DECK], current=1,
                    bases=[{"base": OASIS, "minions": ["dinosaurs/king-rex",
                                                       theirs("ninjas/ninja-master")]}, BRAIN])
    play(game, "end")
    while decision(game)[0] == 1:
        play(game, "pass")
    play(game, f"special {WORMHOLE}#1", "dinosaurs/king-rex#1")
    assert where(game, "dinosaurs/king-rex#1") == "deck:0"


def test_do_over_on_a_taken_minion_returns_it_to_its_owner_with_no_replay():
    """Do Over!: "Return your minion ... You may play it again": a minion you control goes to
    its owner's hand, so it is not in yours to play again."""
    game = scenario(hands=[[DO_OVER], []],
                    bases=[{"base": OASIS, "minions": [taken("aliens/invader")]}, BRAIN])
    play(game, f"play {DO_OVER}#1")
    assert where(game, "aliens/invader#1") == "hand:1"
    assert decision(game) == (0, "main")


def test_time_raider_talent_uses_its_controllers_discard_pile():
    """Time Raider: "Talent: Place a card from your discard pile" — the player using it."""
    game = scenario(discards=[["pirates/cannon"], ["robots/zapbot"]],
                    bases=[{"base": OASIS, "minions": [taken(RAIDER)]}, BRAIN])
    play(game, f"use {RAIDER}#1")
    assert where(game, "pirates/cannon#1") == "deck:0"
    assert where(game, "robots/zapbot#1") == "discard:1"


# ---- Bases -------------------------------------------------------------------------------------

CITY = "faceless-city"
VOLCANO = "secret-volcano-headquarters"


def test_faceless_city_once_per_turn_comes_back_each_turn_and_for_each_player():
    """Faceless City: "Once per turn, after you play a minion here": spent for the turn only,
    and another player has their own on their turn."""
    game = scenario(hands=[["robots/zapbot", "robots/zapbot"], ["aliens/invader"]],
                    decks=[["robots/zapbot"] * 2 + DECK, ["aliens/invader"] + DECK],
                    bases=[CITY, OASIS])
    play(game, f"play robots/zapbot#1 @ base:{CITY}", "trigger base:faceless-city",
         "robots/zapbot#3")
    while decision(game) != (0, "main") or "end" not in options(game):
        play(game, "skip" if "skip" in options(game) else "pass")
    play(game, "end")
    while decision(game) != (1, "main"):
        play(game, "pass")
    play(game, f"play aliens/invader#1 @ base:{CITY}")
    assert decision(game) == (1, "me_first")
    play(game, "trigger base:faceless-city")  # the one copy there is found
    assert where(game, "aliens/invader#2") == "hand:1"
    play(game, "end")
    while decision(game) != (0, "main"):
        play(game, "pass")
    play(game, f"play robots/zapbot#2 @ base:{CITY}")
    assert decision(game) == (0, "me_first")
    assert "trigger base:faceless-city" in options(game)


def test_secret_volcano_headquarters_reveals_from_a_refilled_deck():
    """Secret Volcano Headquarters: "reveal the top card of your deck" with an empty deck: the
    discard pile is shuffled into a new deck first (SFDF rulebook, Draw 2 Cards: "if you need
    to ... reveal ... and your deck is empty, shuffle your discard pile")."""
    game = scenario(bases=[{"base": VOLCANO, "minions": [{"card": "dinosaurs/king-rex",
                                                          "counters": 11}]}, OASIS],
                    decks=[[], DECK], discards=[["aliens/invader"], []])
    play(game, "end")
    played = [game.state.names[e["card"]] for e in game.events if e["kind"] == "played"]
    assert played == ["aliens/invader#1"]


def test_faceless_city_and_isis_swingin_pad_answer_a_play_not_a_move():
    """Faceless City and ISI's Swingin' Pad: "after you play a minion here" — a minion moved
    there was not played there."""
    for base in (CITY, "isis-swingin-pad"):  # (the deck's Invader is numbered first)
        game = scenario(hands=[["ninjas/way-of-deception"], []],
                        decks=[["aliens/invader"] + DECK, DECK],
                        bases=[{"base": OASIS, "minions": ["aliens/invader"]}, base])
        play(game, "play ninjas/way-of-deception#1")
        if decision(game)[1] != "main":
            play(game, f"base:{base}")
        assert where(game, "aliens/invader#2") == f"minion@base:{base}"
        assert decision(game) == (0, "main")


def test_faceless_city_answers_a_minion_played_there_as_an_extra_minion():
    """Faceless City: any play counts, an extra minion (Do Over!'s replay) included. (The
    deck's Invader is numbered first.)"""
    game = scenario(hands=[[f"{TT}/do-over"], []],
                    decks=[["aliens/invader"] + DECK, DECK],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, CITY],
                    plays={"minion": 0, "action": 1})
    play(game, f"play {TT}/do-over#1", f"play aliens/invader#2 @ base:{CITY}")
    assert decision(game) == (0, "me_first")
    play(game, "trigger base:faceless-city")
    assert where(game, "aliens/invader#1") == "hand:0"


def test_gelf_finding_a_minion_that_cannot_be_played_here_discards_it():
    """G.E.L.F. at The Vats: the minion found shares its name with a minion there, so it cannot
    be played "here"; like Doppelgänger's clarification ("If conditions prohibit playing the
    chosen minion, discard it instead") it is discarded."""
    game = scenario(decks=[["robots/zapbot"], DECK],
                    bases=[{"base": "the-vats", "minions": [GELF, theirs("robots/zapbot")]},
                           OASIS])
    play(game, f"use {GELF}#1")
    assert where(game, "robots/zapbot#1") == "discard:0"
    assert where(game, f"{GELF}#1") == "deck:0"


# ---- control changed (Cyborg Apes) -------------------------------------------------------------


def test_cyberback_taken_by_player_0_offers_player_0s_discard_pile_only():
    """Cyberback: "play actions onto this minion from your discard pile" — "your" is whoever
    controls Cyberback now."""
    game = scenario(discards=[[JUICED], [CYBEREVOLUTION]],
                    bases=[{"base": OASIS, "minions": [taken(f"{APES}/cyberback")]}, BRAIN])
    opts = options(game)
    assert f"play {JUICED}#1 on {APES}/cyberback#1" in opts
    assert not any(CYBEREVOLUTION in o for o in opts)


def test_clyde_taken_by_player_0_saves_player_0s_actions_not_its_owners():
    """Clyde 2.0: "your actions ... you may place them into your hand" — its controller's."""
    game = scenario(
        hands=[["aliens/beam-up"], []],
        bases=[{"base": OASIS, "minions": [
            taken(CLYDE),
            theirs("aliens/collector", attached=[
                {"card": JUICED, "owner": 0, "controller": 0},
                {"card": CYBEREVOLUTION, "owner": 1, "controller": 1}])]}, BRAIN],
    )
    play(game, "play aliens/beam-up#1", "aliens/collector#1")
    assert decision(game)[0] == 0
    play(game, "yes")
    assert where(game, f"{JUICED}#1") == "hand:0"
    assert where(game, f"{CYBEREVOLUTION}#1") == "discard:1"


def test_cellular_bonding_copying_change_into_a_gun_on_another_players_minion():
    """Cellular Bonding clarification: on another player's minion, a copied "Play on one of
    your minions" that is a prerequisite (Change Into a Gun) is not met: nothing is shot. The
    ongoing parts are copied: the host has -2 power, and the card is destroyed at the start of
    its player's turn."""
    gun = "changerbots/change-into-a-gun"
    bonding = f"{SHAPE}/cellular-bonding"
    game = scenario(hands=[[bonding], []], decks=[DECK, DECK],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "aliens/invader", "attached": [gun]},
                        theirs("robots/zapbot"), theirs("aliens/collector")]}, TORTUGA])
    play(game, f"play {bonding}#1 on robots/zapbot#1")  # the one action on a minion is copied
    assert decision(game) == (0, "main")
    assert where(game, "aliens/collector#1") == f"minion@base:{OASIS}"
    assert power(game, "robots/zapbot#1") == 0
    play(game, "end")
    while decision(game) != (0, "order"):
        play(game, "end" if decision(game) == (1, "main") else "pass")
    play(game, f"trigger {bonding}#1")
    assert where(game, f"{bonding}#1") == "discard:0"
    assert where(game, f"{gun}#1") == "discard:0"


# ---- situations a third look found untested --------------------------------------------------


def test_transmogrify_finding_a_minion_no_base_will_take_discards_it():
    """Transmogrify finds a minion that no base will take (another player's Overrun on each:
    "other players cannot play minions here"): per Doppelgänger's clarification ("If
    conditions prohibit playing the chosen minion, discard it instead") it is discarded. (No
    minion of the five sets carries a play condition of its own, so the condition is a
    base's.)"""
    overrun = {"card": "zombies/overrun", "owner": 1, "controller": 1}
    game = scenario(hands=[[TRANSMOGRIFY], []], decks=[["robots/zapbot"], DECK],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"], "actions": [overrun]},
                           {"base": BRAIN, "actions": [dict(overrun)]}])
    play(game, f"play {TRANSMOGRIFY}#1")
    if decision(game)[1] != "main":
        play(game, "robots/zapbot#1")
    assert where(game, "aliens/invader#1") == "discard:0"
    assert where(game, "robots/zapbot#1") == "discard:0"
    assert decision(game) == (0, "main")


def test_doppelganger_controlled_by_another_player_searches_its_controllers_deck():
    """Doppelgänger taken by player 0 (owner player 1) and destroyed: "your deck" is its
    controller's when it left play; it goes to its owner's discard pile, and the minion found
    in player 0's deck is player 0's."""
    game = scenario(hands=[[REALLY], []], decks=[["robots/zapbot"], ["wizards/archmage"]],
                    bases=[{"base": OASIS, "minions": [taken(DOPPEL)]}, BRAIN])
    play(game, f"play {REALLY}#1")
    assert where(game, f"{DOPPEL}#1") == "discard:1"
    assert decision(game)[0] == 0
    assert not any("archmage" in o for o in options(game))
    play(game, f"play robots/zapbot#1 @ base:{BRAIN}")
    assert where(game, "robots/zapbot#1") == f"minion@base:{BRAIN}"
    assert game.state.controller[card_id(game, "robots/zapbot#1")] == 0
    assert where(game, "wizards/archmage#1") == "deck:1"


def test_mole_extra_action_cannot_be_a_special_only_action():
    """Mole's extra action is an ordinary play: Wormhole, played only through its Special
    ("after a base scores"), is not offered before the base scores."""
    game = spies_board([f"{SPIES}/mole", "dinosaurs/king-rex", theirs("aliens/scout")],
                       hands=[[WORMHOLE, "pirates/swashbuckling"], []])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {SPIES}/mole#1")
    assert decision(game) == (0, "play_extra")
    assert not any(WORMHOLE in o for o in options(game))
    assert "play pirates/swashbuckling#1" in options(game)


def test_mole_is_not_offered_with_only_a_special_only_action_in_hand():
    game = spies_board([f"{SPIES}/mole", "dinosaurs/king-rex", theirs("aliens/scout")],
                       hands=[[WORMHOLE], []])
    play(game, "end")
    assert f"trigger {SPIES}/mole#1" not in options(game)


def test_the_nexus_won_by_another_player_is_theirs_to_use():
    """The Nexus: the winner restacks, not the player whose turn it is."""
    game = scenario(
        decks=[DECK, DECK],
        bases=[{"base": "the-nexus", "minions": [
            "zombies/walker", theirs("dinosaurs/king-rex"), theirs("dinosaurs/king-rex"),
            theirs("aliens/supreme-overlord")]}, BRAIN],
        base_deck=[TORTUGA], base_discard=["the-mothership"])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    play(game, "trigger base:the-nexus")
    while decision(game)[1] != "main":
        play(game, "pass")
    g = game.state
    assert g.base_names[g.bases[0]] == "base:the-mothership"
    assert [g.base_names[b] for b in g.base_deck] == [f"base:{TORTUGA}"]


def test_mitosis_names_a_minion_you_took_and_not_another_players():
    """Mitosis: "a minion you control" — one taken from its owner counts; another player's
    minion with a copy in your hand does not."""
    game = scenario(hands=[[f"{SHAPE}/mitosis", "robots/zapbot", "aliens/invader"], []],
                    bases=[{"base": OASIS, "minions": [taken("robots/zapbot"),
                                                       theirs("aliens/invader")]}, BRAIN],
                    plays={"minion": 0, "action": 1})
    play(game, f"play {SHAPE}/mitosis#1")
    opts = options(game)
    assert any(o.startswith("play robots/zapbot") for o in opts)
    assert not any("invader" in o for o in opts)


def test_splice_as_nice_on_another_players_minion_makes_it_stronger():
    """Splice as Nice: "Play on a minion" — any minion, and its power goes up for its own
    player."""
    game = scenario(hands=[[f"{SHAPE}/splice-as-nice"], []],
                    bases=[{"base": OASIS, "minions": [theirs("robots/zapbot")]}, BRAIN])
    play(game, f"play {SHAPE}/splice-as-nice#1 on robots/zapbot#1")
    assert power(game, "robots/zapbot#1") == 2 + 2
    assert game.state.controller[card_id(game, "robots/zapbot#1")] == 1


def test_permit_to_kill_counters_go_on_a_taken_minion_not_on_its_owners():
    """Permit to Kill: "your minions" are those you control (a taken one included), never the
    other player's."""
    game = scenario(hands=[[f"{SPIES}/permit-to-kill"], []],
                    decks=[DECK, ["robots/zapbot", "pirates/cannon"]],
                    bases=[{"base": OASIS, "minions": [taken("aliens/invader"),
                                                       theirs("aliens/scout")]}, BRAIN])
    play(game, f"play {SPIES}/permit-to-kill#1")
    assert where(game, "robots/zapbot#1") == "discard:1"
    while decision(game) != (0, "main"):
        assert not any("scout" in o for o in options(game))
        play(game, options(game)[0])
    assert power(game, "aliens/invader#1") == 3 + 2
    assert power(game, "aliens/scout#1") == 3


def test_informant_on_another_players_short_deck_shows_what_there_is_unchanged():
    """Informant on a deck of two cards: both are looked at and stay in their order."""
    game = scenario(hands=[[f"{SPIES}/informant"], []],
                    decks=[[], ["aliens/scout", "robots/zapbot"]],
                    bases=[OASIS, BRAIN])
    before = list(game.state.decks[1])
    play(game, f"play {SPIES}/informant#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert game.state.decks[1] == before
    known = sorted(k[0] for k in game.observation(0)["known"])
    assert known == ["aliens/scout#1", "robots/zapbot#1"]


def test_stasis_field_taken_by_another_player_ends_on_its_controllers_turn():
    """Stasis Field: "When your next turn begins" — its controller's turn (time_travelers
    ruling), so one player 1 controls is destroyed as player 1's turn begins, and goes to its
    owner's discard pile."""
    field = f"{TT}/stasis-field"
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": OASIS, "minions": ["dinosaurs/king-rex",
                                                       "ninjas/ninja-master"],
                            "actions": [{"card": field, "owner": 0, "controller": 1}]},
                           BRAIN])
    play(game, "end")
    assert game.state.vp == [0, 0]  # held through player 0's turn
    while decision(game)[0] != 1 or decision(game)[1] != "main":
        play(game, "pass" if "pass" in options(game) else options(game)[0])
    assert where(game, f"{field}#1") == "discard:0"


def test_operative_with_an_empty_deck_looks_at_the_refilled_deck():
    """Operative with an empty deck: the discard pile is shuffled into a new deck first
    (SFDF rulebook, Draw 2 Cards), and a one-card deck shows its one card."""
    game = scenario(hands=[[f"{SPIES}/operative"], []], decks=[[], DECK],
                    discards=[["aliens/invader"], []], bases=[OASIS, BRAIN])
    play(game, f"play {SPIES}/operative#1 @ base:{OASIS}", "choice:top")
    assert options(game) == ["aliens/invader#1", "skip"]
    play(game, "aliens/invader#1", f"base:{BRAIN}")
    assert where(game, "aliens/invader#1") == f"buried@base:{BRAIN}"
    assert game.state.decks[0] == []


def test_monkey_see_monkey_do_keeps_going_into_the_discard_pile_when_the_deck_runs_out():
    """Monkey See, Monkey Do with one card in the deck: the discard pile becomes the new deck
    and the revealing keeps going (SFDF rulebook, Draw 2 Cards), so an action from the discard
    pile may be kept."""
    see_do = f"{APES}/monkey-see-monkey-do"
    game = scenario(hands=[[see_do], []], decks=[[JUICED], DECK],
                    discards=[[SHIELDING, "aliens/invader"], []], bases=[OASIS, BRAIN])
    play(game, f"play {see_do}#1")
    assert sorted(o for o in options(game) if o != "done") == [f"{JUICED}#1",
                                                               f"{SHIELDING}#1"]
    play(game, f"{SHIELDING}#1", "done")
    assert where(game, f"{SHIELDING}#1") == "hand:0"
    assert where(game, "aliens/invader#1") == "deck:0"
    assert where(game, f"{JUICED}#1") == "deck:0"


def test_for_my_eyes_only_with_an_empty_deck_arranges_the_refilled_deck():
    """For My Eyes Only with an empty deck: the discard pile becomes the new deck first, and
    its cards are the ones looked at and put back."""
    eyes = f"{SPIES}/for-my-eyes-only"
    game = scenario(hands=[[eyes], []], decks=[[], DECK],
                    discards=[["aliens/invader", "aliens/scout"], []], bases=[OASIS, BRAIN])
    play(game, f"play {eyes}#1")
    while decision(game) != (0, "main"):
        play(game, options(game)[0])
    assert sorted(where(game, n) for n in ("aliens/invader#1", "aliens/scout#1")) == \
        ["deck:0", "deck:0"]
    known = sorted(k[0] for k in game.observation(0)["known"])
    assert known == ["aliens/invader#1", "aliens/scout#1"]
