"""Second, independent reading of Oops, You Did It Again (issue 30 item 8): for each card, the
situations its text and clarifications name that the set's first test files
(ancient_egyptians_test.py, cowboys_test.py, samurai_test.py, vikings_test.py) leave out:
more players, control changed, other players' turns, short decks.
"""

from smashup.testing import (
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
BRAIN = "the-central-brain"  # breakpoint 19, +1 power to each minion here
TORTUGA = "tortuga"

REX = "dinosaurs/king-rex"  # power 7, no ability
INVADER = "aliens/invader"  # power 3; on play, gain 1 VP
COLLECTOR = "aliens/collector"  # power 2
WALKER = "zombies/walker"  # power 2
STARS = "ninjas/seeing-stars"  # destroy a minion of power 3 or less
FILLER = "zombies/mall-crawl"


def theirs(card: str, p: int = 1, **more: object) -> dict:
    return {"card": card, "controller": p, **more}


def hand(game, p: int = 0) -> list[str]:
    return sorted(game.state.names[c] for c in game.state.hands[p])


def at(base: str, *minions: object) -> dict:
    return {"base": base, "minions": list(minions)}


def counters(game, name: str) -> int:
    return game.state.counters.get(card_id(game, name), 0)


# ---- Samurai -----------------------------------------------------------------------------------

SHOGUN = "samurai/shogun"
CHAN = "samurai/samurai-chan"
HAIKU = "samurai/final-haiku"
ANCESTORS = "samurai/honor-the-ancestors"
FALLEN = "samurai/honor-the-fallen"
COMBAT = "samurai/honorable-combat"
RONIN = "samurai/ronin"


def test_shogun_counts_a_minion_you_control_but_do_not_own():
    """Shogun: "another of your minions" is one you control; it goes to its owner's pile."""
    game = scenario(hands=[[STARS], []],
                    bases=[{"base": OASIS, "minions": [SHOGUN, {"card": WALKER, "owner": 1,
                                                                "controller": 0}]}, BRAIN])
    play(game, f"play {STARS}#1")
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert counters(game, f"{SHOGUN}#1") == 1


def test_samurai_chan_destroyed_with_an_empty_deck_draws_itself_back():
    """Samurai-Chan: "draw a card" with an empty deck: the discard pile, Samurai-Chan now in
    it, is shuffled into a new deck (core rulebook: running out of cards) and drawn from."""
    game = scenario(hands=[[STARS], []], bases=[{"base": OASIS, "minions": [CHAN]}, BRAIN])
    play(game, f"play {STARS}#1")
    # Seeing Stars is still resolving (in play) as Samurai-Chan draws: the new deck is Chan alone
    assert hand(game) == [f"{CHAN}#1"] and where(game, f"{STARS}#1") == "discard:0"


def test_final_haiku_minion_destroyed_on_another_players_turn_rallies_for_that_turn():
    """Final Haiku: "your minions each gain +2 until the end of the turn" when its minion falls
    on another player's turn: the Haiku's player's minions, for that turn."""
    game = scenario(current=1, hands=[[], [STARS]],
                    bases=[{"base": OASIS, "minions": [{"card": WALKER, "attached": [HAIKU]},
                                                       RONIN, theirs(INVADER)]}, BRAIN])
    play(game, f"play {STARS}#1", f"{WALKER}#1")
    assert where(game, f"{HAIKU}#1") == "discard:0"
    assert power(game, f"{RONIN}#1") == 5 and power(game, f"{INVADER}#1") == 3


def test_honor_the_ancestors_in_four_players_shuffles_three_minions_only():
    """Clarification: in a 4-player game three minions; actions in the pile are not offered."""
    game = scenario(players=4, hands=[[ANCESTORS], [], [], []],
                    discards=[[WALKER, INVADER, COLLECTOR, REX, STARS], [], [], []],
                    bases=[{"base": OASIS, "minions": [RONIN]}, BRAIN, TORTUGA, "the-mothership"])
    play(game, f"play {ANCESTORS}#1")
    assert f"{STARS}#1" not in options(game)
    play(game, f"{WALKER}#1", f"{INVADER}#1", f"{REX}#1")
    assert [where(game, f"{c}#1") for c in (WALKER, INVADER, REX, COLLECTOR)] == [
        "deck:0", "deck:0", "deck:0", "discard:0"]
    assert decision(game) == (0, "main")


def test_honor_the_fallen_draws_when_your_minion_there_falls_on_another_players_turn():
    game = scenario(current=1, hands=[[], [STARS]], decks=[[FILLER] * 3, []],
                    bases=[{"base": OASIS, "minions": [WALKER], "actions": [FALLEN]}, BRAIN])
    play(game, f"play {STARS}#1")
    assert hand(game) == [f"{FILLER}#1"]


def test_honorable_combat_in_three_players_duels_only_a_player_with_more_power():
    """Honorable Combat: "one of THAT player's minions": in a 3-player game a minion of the
    third player, who has less power than you there, is not offered."""
    game = scenario(players=3, hands=[[COMBAT], [], []],
                    bases=[{"base": OASIS, "minions": [INVADER, theirs(REX, 1),
                                                       theirs(COLLECTOR, 2)]}, BRAIN, TORTUGA])
    play(game, f"play {COMBAT}#1")
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{OASIS}"
    assert game.state.vp == [0, 1, 0]  # the Rex was the only choice and won


# ---- Vikings -----------------------------------------------------------------------------------

TRIBUTE = "vikings/tribute"
RUNES = "vikings/cast-the-runes"
TRAINING = "vikings/combat-training"
PARTY = "vikings/raiding-party"
MAIDEN = "vikings/shield-maiden"
VALKYRIE = "vikings/valkyrie"
SUMMON = "wizards/summon"


def test_tribute_with_a_short_deck_shuffles_the_discard_pile_for_the_rest():
    """Tribute: "draw three cards" from a deck of one: the discard pile becomes the new deck for
    the other two (core rulebook: running out of cards)."""
    game = scenario(hands=[[TRIBUTE], []], decks=[[REX], []], discards=[[WALKER, INVADER], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {TRIBUTE}#1")
    assert hand(game) == [f"{INVADER}#1", f"{REX}#1", f"{WALKER}#1"]


def test_cast_the_runes_on_a_player_with_one_deck_card_and_no_hand():
    """Cast the Runes: "look at the top two cards" of a deck holding one (and an empty
    discard pile): that card goes back; the extra action is still granted."""
    game = scenario(hands=[[RUNES, SUMMON], []], decks=[[], [REX]], bases=[OASIS, TORTUGA])
    play(game, f"play {RUNES}#1")
    assert where(game, f"{REX}#1") == "deck:1"
    assert f"play {SUMMON}#1" in options(game)


def test_combat_training_counts_the_minions_you_control_not_those_you_own():
    """Combat Training: "each of your minions" are those you control."""
    game = scenario(hands=[[TRAINING], []],
                    bases=[{"base": OASIS, "minions": [{"card": WALKER, "owner": 1,
                                                        "controller": 0},
                                                       {"card": COLLECTOR, "owner": 0,
                                                        "controller": 1}]}, TORTUGA])
    play(game, f"play {TRAINING}#1")
    assert power(game, f"{WALKER}#1") == 3 and power(game, f"{COLLECTOR}#1") == 2


def test_raiding_party_on_a_short_deck_reveals_from_the_reshuffled_discard_pile():
    """Raiding Party: "reveal the top three cards" of a deck of one: the discard pile is
    shuffled into a new deck to reveal the other two (core rulebook: running out of cards)."""
    game = scenario(hands=[[PARTY], []], plays={"minion": 0, "action": 1},
                    decks=[[], [REX]], discards=[[], [INVADER, COLLECTOR]],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {PARTY}#1")
    assert f"play {INVADER}#1 @ base:{OASIS}" in options(game)
    assert f"play {COLLECTOR}#1 @ base:{OASIS}" in options(game)


def test_shield_maiden_on_another_players_deck_of_power_four_minion_leaves_it():
    """Shield Maiden in a 3-player game: only the player with a deck is asked about (no
    question); their top card, a minion of power 4 (more than 3), stays on top of their deck."""
    game = scenario(players=3, hands=[[MAIDEN], [], []],
                    decks=[[], [], ["robots/warbot", WALKER]],
                    bases=[OASIS, TORTUGA, BRAIN])
    play(game, f"play {MAIDEN}#1 @ base:{OASIS}")
    assert where(game, "robots/warbot#1") == "deck:2" and hand(game) == []


def test_valkyrie_takes_a_minion_from_another_players_pile_not_an_action_nor_your_own():
    game = scenario(hands=[[VALKYRIE], []], discards=[[WALKER], [SUMMON, INVADER]],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {VALKYRIE}#1 @ base:{OASIS}")
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert where(game, f"{WALKER}#1") == "discard:0" and where(game, f"{SUMMON}#1") == "discard:1"


# ---- Cowboys -----------------------------------------------------------------------------------

SHERIFF = "cowboys/sheriff"
GOLD = "cowboys/gold-in-them-thar-hills"
STRIKE = "cowboys/gold-strike"
QUICK = "cowboys/quick-draw"
RUN = "cowboys/run-em-off"
NOON = "cowboys/high-noon"
GUNFIGHTER = "cowboys/gunfighter"


def test_gold_in_them_thar_hills_on_a_short_deck_looks_into_the_reshuffled_pile():
    """Gold in Them Thar Hills: "look at the top three cards" of a deck of one: the discard
    pile is shuffled into a new deck to show the other two (core rulebook: running out)."""
    game = scenario(hands=[[GOLD], []], decks=[[REX], []], discards=[[WALKER, INVADER], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {GOLD}#1")
    assert sorted(options(game)) == sorted([f"{REX}#1", f"{WALKER}#1", f"{INVADER}#1"])


def test_gold_strike_ignores_a_minion_another_player_plays_there():
    """Gold Strike: "after YOU play a minion here": another player's minion played there on
    their turn draws nobody a card."""
    game = scenario(current=1, hands=[[], [INVADER]], decks=[[FILLER] * 2, [FILLER] * 2],
                    bases=[{"base": OASIS, "actions": [STRIKE]}, BRAIN])
    play(game, f"play {INVADER}#1 @ base:{OASIS}")
    assert hand(game, 0) == [] and hand(game, 1) == []


def test_quick_draw_picks_a_minion_you_control_not_one_you_own():
    """Quick Draw: "one of your minions" is one you control."""
    game = scenario(hands=[[QUICK], []],
                    bases=[{"base": OASIS, "minions": [{"card": WALKER, "owner": 1,
                                                        "controller": 0},
                                                       {"card": COLLECTOR, "owner": 0,
                                                        "controller": 1}]}, BRAIN])
    play(game, f"play {QUICK}#1")  # the Walker, the only minion you control: no question
    assert power(game, f"{WALKER}#1") == 4 and power(game, f"{COLLECTOR}#1") == 2


def test_run_em_off_your_minion_loses_the_other_player_moves_it():
    """Run 'Em Off: "the winning minion ... and ITS controller moves the losing minion": your
    minion loses, the other player's gets +3 and that player picks where yours goes."""
    game = scenario(hands=[[RUN], []],
                    bases=[at(OASIS, WALKER, theirs(REX)), BRAIN, TORTUGA])
    play(game, f"play {RUN}#1")
    assert power(game, f"{REX}#1") == 10 and decision(game) == (1, "choose_base")
    play(game, f"base:{TORTUGA}")
    assert where(game, f"{WALKER}#1") == f"minion@base:{TORTUGA}"


def test_sheriff_duels_before_its_base_scores_on_another_players_turn():
    """Sheriff: "before this base scores" is any turn's scoring: on player 2's turn, player 1's
    Sheriff may call out a minion there."""
    game = scenario(current=1, decks=[[FILLER] * 5, [FILLER] * 5],
                    bases=[at(OASIS, SHERIFF, theirs(REX), theirs(COLLECTOR)), BRAIN])
    play(game, "end")
    # player 2 has nothing to play before scoring: player 1 is asked at once
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {SHERIFF}#1", "pass"]
    play(game, f"trigger {SHERIFF}#1", f"{COLLECTOR}#1")
    assert where(game, f"{COLLECTOR}#1") == "discard:1"


def test_gunfighter_played_where_only_your_own_minions_are_asks_nothing():
    """Gunfighter: "another player's minion here": your other minions there are not offered."""
    game = scenario(hands=[[GUNFIGHTER], []],
                    bases=[at(OASIS, WALKER), at(BRAIN, theirs(COLLECTOR))])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main") and where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"


# ---- Ancient Egyptians -------------------------------------------------------------------------

PHARAOH = "ancient-egyptians/pharaoh"
BLESSING = "ancient-egyptians/blessing-of-anubis"
LOCUSTS = "ancient-egyptians/plague-of-locusts"
SEAL = "ancient-egyptians/seal-the-tomb"
TRAP = "ancient-egyptians/tomb-trap"
TAKE = "ancient-egyptians/you-can-take-it-with-you"
KNOWLEDGE = "ancient-egyptians/lost-knowledge"
STRENGTH = "ancient-egyptians/mummy-strength"


def test_you_can_take_it_with_you_uncovered_on_a_short_deck_draws_three():
    """You Can Take It With You: "draw three cards" from a deck of one: the discard pile is
    shuffled into a new deck for the other two (core rulebook: running out of cards)."""
    game = scenario(hands=[[KNOWLEDGE], []], decks=[[REX], []],
                    discards=[[WALKER, INVADER], []],
                    bases=[{"base": TORTUGA, "buried": [TAKE]}, OASIS])
    play(game, f"play {KNOWLEDGE}#1")  # an empty hand besides: it can only uncover
    assert hand(game) == [f"{INVADER}#1", f"{REX}#1", f"{WALKER}#1"]
    assert where(game, f"{TAKE}#1") == "discard:0"


def test_pharaoh_on_another_players_turn_uncovers_a_blessing_that_turns_the_scoring():
    """Pharaoh's Special "before this base scores" on another player's turn: the Blessing of
    Anubis it uncovers gives your minions there +2 for that scoring, and Pharaoh's Ongoing draws
    its player a card (the Blessing is "another buried card")."""
    game = scenario(current=1, decks=[[FILLER] * 3, [FILLER] * 5],
                    bases=[{"base": OASIS, "minions": [PHARAOH, theirs(REX)],
                            "buried": [BLESSING]}, TORTUGA])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {PHARAOH}#1", "pass"]
    play(game, f"trigger {PHARAOH}#1")
    assert game.state.vp == [2, 2]  # 5 + 2 against 7: tied first
    assert hand(game) == [f"{FILLER}#1"]


def test_plague_of_locusts_goes_by_control_not_ownership():
    """Plague of Locusts: "all other players' minions" are those other players control: your
    card under their control is weakened, theirs under yours is not."""
    game = scenario(hands=[[LOCUSTS], []],
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": WALKER, "owner": 0, "controller": 1},
                        {"card": COLLECTOR, "owner": 1, "controller": 0}]}, OASIS])
    play(game, f"play {LOCUSTS}#1")
    assert power(game, f"{WALKER}#1") == 1 and power(game, f"{COLLECTOR}#1") == 2


def test_seal_the_tomb_uncovers_at_one_base_only():
    """Seal the Tomb: "up to two of your buried cards on the same base": with one of yours
    there and one at another base, only the one there is uncovered and nothing more is asked."""
    game = scenario(hands=[[SEAL], []],
                    bases=[{"base": TORTUGA, "buried": [INVADER]},
                           {"base": OASIS, "buried": [WALKER]}])
    play(game, f"play {SEAL}#1", f"base:{TORTUGA}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"
    assert where(game, f"{WALKER}#1") == f"buried@base:{OASIS}"
    assert decision(game) == (0, "main")


def test_tomb_trap_uncovered_with_no_small_minion_there_does_nothing():
    """Tomb Trap: "a minion of power 4 or less HERE": none at its base (a small one at another
    base is not offered): nothing is asked or destroyed."""
    game = scenario(hands=[[KNOWLEDGE], []],
                    bases=[{"base": TORTUGA, "minions": [theirs(REX)], "buried": [TRAP]},
                           {"base": OASIS, "minions": [theirs(WALKER)]}])
    play(game, f"play {KNOWLEDGE}#1")
    assert decision(game) == (0, "main")
    assert where(game, f"{WALKER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{REX}#1") == f"minion@base:{TORTUGA}"


def test_mummy_strength_counts_another_players_buried_card_at_the_base():
    """Mummy Strength: "if there is a card buried on its base" is anyone's card: +4."""
    game = scenario(hands=[[STRENGTH], []],
                    bases=[{"base": TORTUGA, "minions": [WALKER],
                            "buried": [{"card": INVADER, "controller": 1}]}, OASIS])
    play(game, f"play {STRENGTH}#1")
    assert power(game, f"{WALKER}#1") == 6


# ---- the set's bases ---------------------------------------------------------------------------

SAKURA = "sakura-garden"
CORRAL = "so-so-corral"
LONGHOUSE = "longhouse"
PORTAL = "star-portal"


def test_sakura_garden_draws_again_on_the_next_players_turn():
    """Sakura Garden: "EACH TURN, the first time": used on your turn, it draws you a card again
    when another of your minions there falls on the next player's turn."""
    game = scenario(hands=[[STARS], [STARS]], decks=[[FILLER] * 6, [FILLER] * 6],
                    bases=[{"base": SAKURA, "minions": [WALKER, COLLECTOR]}, BRAIN])
    play(game, f"play {STARS}#1", f"{WALKER}#1")
    assert len(game.state.hands[0]) == 1
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (1, "main") and len(game.state.hands[0]) == 3
    play(game, f"play {STARS}#2")  # the Collector, the only minion of power 3 or less
    assert where(game, f"{COLLECTOR}#1") == "discard:0" and len(game.state.hands[0]) == 4


def test_sakura_garden_counts_a_minion_you_control_but_do_not_own():
    """Sakura Garden: "one of your minions" is one you control as it leaves."""
    game = scenario(hands=[[STARS], []], decks=[[FILLER] * 2, [FILLER] * 2],
                    bases=[{"base": SAKURA, "minions": [{"card": WALKER, "owner": 1,
                                                         "controller": 0}]}, BRAIN])
    play(game, f"play {STARS}#1")
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert hand(game) == [f"{FILLER}#1"] and hand(game, 1) == []


def test_so_so_corral_on_another_players_turn_their_minion_challenges():
    """So-so Corral: "after YOU play a minion here": on player 2's turn, their minion played
    there may call out player 1's; player 2 chooses."""
    game = scenario(current=1, hands=[[], [REX]], bases=[at(CORRAL, WALKER), BRAIN])
    play(game, f"play {REX}#1 @ base:{CORRAL}")
    assert decision(game) == (1, "choose_minion")
    assert options(game) == [f"{WALKER}#1", "skip"]
    play(game, f"{WALKER}#1")
    assert where(game, f"{WALKER}#1") == "discard:0"


def test_longhouse_gives_plus_two_to_a_minion_you_control_but_do_not_own():
    """Longhouse: "one of your minions here" is one you control (no question with one)."""
    game = scenario(hands=[[SUMMON], []],
                    bases=[{"base": LONGHOUSE, "minions": [{"card": WALKER, "owner": 1,
                                                            "controller": 0},
                                                           {"card": COLLECTOR, "owner": 0,
                                                            "controller": 1}]}, TORTUGA])
    play(game, f"use base:{LONGHOUSE}")
    assert power(game, f"{WALKER}#1") == 4 and power(game, f"{COLLECTOR}#1") == 2
    assert where(game, f"{SUMMON}#1") == "deck:0"


def test_star_portal_draws_for_an_action_played_on_it_on_another_players_turn():
    """Star Portal: "an action is played on this base, ITS CONTROLLER draws": player 2 plays one
    on their turn and draws; player 1 draws nothing. (Not Jammed Signal: it makes every player
    ignore the base's ability.)"""
    game = scenario(current=1, hands=[[], ["dinosaurs/wildlife-preserve"]],
                    decks=[[FILLER] * 2, [FILLER] * 2], bases=[PORTAL, BRAIN])
    play(game, f"play dinosaurs/wildlife-preserve#1 @ base:{PORTAL}")
    assert hand(game, 1) == [f"{FILLER}#3"] and hand(game, 0) == []


# ---- across the set: Dynamite Surprise and the Vikings' looks ----------------------------------

DYNAMITE = "cowboys/dynamite-surprise"


def test_cast_the_runes_looking_at_a_hand_with_dynamite_surprise_sets_it_off():
    """Dynamite Surprise: "another player's card ... looks at a card in your hand": Cast the
    Runes looks at player 2's hand; once it has resolved, player 2 may destroy one of player 1's
    minions of power 4 or less."""
    game = scenario(hands=[[RUNES], [DYNAMITE, WALKER]], decks=[[], [REX, f"{REX}#2"]],
                    bases=[at(OASIS, INVADER, f"{REX}#3"), TORTUGA])
    play(game, f"play {RUNES}#1")
    assert decision(game) == (0, "arrange")
    play(game, options(game)[0])
    assert decision(game) == (1, "me_first")
    assert options(game) == [f"special {DYNAMITE}#1", "pass"]
    play(game, f"special {DYNAMITE}#1")  # the Invader, player 1's only small minion
    assert where(game, f"{INVADER}#1") == "discard:0"


def test_cast_the_runes_looking_at_dynamite_surprise_on_a_deck_does_not_set_it_off():
    """Clarification: "It is not triggered if another player looks at it in your deck": Cast
    the Runes looks at the top two cards of player 2's deck, Dynamite Surprise among them."""
    game = scenario(hands=[[RUNES], [WALKER]], decks=[[], [DYNAMITE, REX]],
                    bases=[at(OASIS, INVADER, f"{REX}#2"), TORTUGA])
    play(game, f"play {RUNES}#1", f"{DYNAMITE}#1")
    assert decision(game) == (0, "main")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


# ---- moves, control changed and other players' turns (issue 30 item 8, gaps) -------------------

COACH = "cowboys/stagecoach"
MUMMY = "ancient-egyptians/mummy"
DRAKKAR = "drakkar"
PALACE = "shoguns-palace"
PYRAMIDS = "pyramids"
BUSHI = "samurai/bushi"  # power 4


def test_stagecoach_sends_its_two_cards_to_two_different_bases():
    """Stagecoach: "up to two of your cards on the same base to another base": "the same"
    binds where they come from only; each card is moved on its own, and "another base" is any
    base but that one, so each may go to a different other base (ruling; no clarification)."""
    game = scenario(hands=[[COACH], []],
                    bases=[at(OASIS, WALKER, INVADER), BRAIN, TORTUGA])
    play(game, f"play {COACH}#1", f"{WALKER}#1", f"{INVADER}#1")  # one base to leave
    play(game, f"base:{BRAIN}")  # the Walker
    play(game, f"base:{TORTUGA}")  # the Invader
    assert where(game, f"{WALKER}#1") == f"minion@base:{BRAIN}"
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"


def test_mummy_under_another_players_control_is_theirs_to_rebury():
    """Mummy: "you may bury this minion" is asked of its controller, not its owner: player 2
    controls player 1's Mummy as its base scores and buries it at another base."""
    game = scenario(current=1, decks=[[FILLER] * 5, [FILLER] * 5],
                    bases=[at(OASIS, {"card": MUMMY, "owner": 0, "controller": 1}, REX, INVADER),
                           TORTUGA, BRAIN])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    assert options(game) == [f"trigger {MUMMY}#1", "pass"]
    play(game, f"trigger {MUMMY}#1", f"base:{BRAIN}")
    assert where(game, f"{MUMMY}#1") == f"buried@base:{BRAIN}"


def test_drakkar_on_another_players_turn_offers_that_player_your_deck_top():
    """Drakkar: "after the first time YOU play a minion here each turn": on player 2's turn, the
    minion player 2 plays here lets player 2 (not player 1) take player 1's small top card."""
    game = scenario(current=1, hands=[[], [WALKER]], decks=[[SUMMON, REX], []],
                    bases=[at(DRAKKAR, REX), TORTUGA])
    play(game, f"play {WALKER}#1 @ base:{DRAKKAR}")
    assert decision(game) == (1, "me_first")
    play(game, f"trigger base:{DRAKKAR}", "yes")
    assert where(game, f"{SUMMON}#1") == "hand:1"


def test_shoguns_palace_on_another_players_turn_their_minion_duels_yours():
    """Shogun's Palace: "after YOU play a minion here, it may duel another player's minion":
    on player 2's turn their minion played here duels player 1's; the winner's controller (player
    2) draws two."""
    game = scenario(current=1, hands=[[], [BUSHI]], decks=[[FILLER] * 3, [FILLER] * 3],
                    bases=[at(PALACE, WALKER), BRAIN])
    play(game, f"play {BUSHI}#1 @ base:{PALACE}")
    assert decision(game) == (1, "me_first")
    play(game, f"trigger base:{PALACE}")
    while decision(game)[1] == "duel_card":
        play(game, "skip")
    assert len(game.state.hands[1]) == 2 and hand(game, 0) == []
    assert where(game, f"{WALKER}#1") == f"minion@base:{PALACE}"


def test_pyramids_is_not_offered_on_another_players_turn():
    """Pyramids: "ON YOUR TURN you may bury": while player 2 plays, player 1 holding cards is
    never offered it, in player 2's scoring window included."""
    game = scenario(current=1, hands=[[INVADER, "ninjas/shinobi"], []],
                    decks=[[FILLER] * 5, [FILLER] * 5],
                    bases=[at(PYRAMIDS, REX, REX, theirs(REX), theirs(REX)), OASIS])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert "use base:pyramids" not in options(game)
    assert "special ninjas/shinobi#1" in options(game)


# ---- "you" and "your" under changed control -----------------------------------------------------

CODE = "samurai/code-of-bushido"
YOKAI = "samurai/yokai-attack"
POSSE = "cowboys/form-a-posse"
BERSERK = "vikings/berserk"
PRIEST = "ancient-egyptians/priest-of-anubis"  # power 4


def lent(card: str, owner: int, controller: int) -> dict:
    return {"card": card, "owner": owner, "controller": controller}


def test_ronin_is_your_only_minion_beside_one_you_own_but_another_player_controls():
    """Ronin: "your only minion on this base" counts the minions you control: your Walker under
    player 2's control there does not stop the offer."""
    game = scenario(hands=[[RONIN], []], bases=[at(OASIS, lent(WALKER, 0, 1)), BRAIN])
    play(game, f"play {RONIN}#1 @ base:{OASIS}")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert counters(game, f"{RONIN}#1") == 2
    taken = scenario(hands=[[RONIN], []], bases=[at(OASIS, lent(WALKER, 1, 0)), BRAIN])
    play(taken, f"play {RONIN}#1 @ base:{OASIS}")  # player 2's Walker, controlled by you
    assert decision(taken) == (0, "main") and counters(taken, f"{RONIN}#1") == 0


def test_code_of_bushido_offers_the_minions_you_control_not_those_you_own():
    game = scenario(hands=[[CODE], []],
                    bases=[at(OASIS, lent(WALKER, 1, 0), lent(COLLECTOR, 0, 1), RONIN), BRAIN])
    play(game, f"play {CODE}#1")
    assert options(game) == [f"{WALKER}#1", f"{RONIN}#1"]
    play(game, f"{WALKER}#1", f"{WALKER}#1", f"{WALKER}#1")
    assert counters(game, f"{WALKER}#1") == 3 and counters(game, f"{COLLECTOR}#1") == 0


def test_yokai_attack_destroys_a_minion_you_control_it_goes_to_its_owner():
    """Yokai Attack: "destroy one of your minions": the one you control (player 2's Walker) is
    destroyed, to player 2's pile; yours under player 2's control is not offered."""
    game = scenario(hands=[[YOKAI, INVADER], []], decks=[[FILLER] * 3, [FILLER] * 3],
                    plays={"minion": 0, "action": 1},
                    bases=[at(OASIS, lent(WALKER, 1, 0), lent(COLLECTOR, 0, 1)), BRAIN])
    play(game, f"play {YOKAI}#1")  # the only minion you control: no question
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert where(game, f"{COLLECTOR}#1") == f"minion@base:{OASIS}"
    assert f"play {INVADER}#1 @ base:{BRAIN}" in options(game)


def test_form_a_posse_takes_the_minions_you_control_not_those_you_own():
    game = scenario(hands=[[POSSE], []],
                    bases=[at(OASIS, lent(WALKER, 1, 0), lent(COLLECTOR, 0, 1)), BRAIN])
    play(game, f"play {POSSE}#1")
    assert power(game, f"{WALKER}#1") == 3 and power(game, f"{COLLECTOR}#1") == 2


def test_berserk_offers_the_minions_you_control_not_those_you_own():
    game = scenario(hands=[[BERSERK, SUMMON], []],
                    bases=[at(OASIS, lent(WALKER, 1, 0), lent(COLLECTOR, 0, 1), INVADER), BRAIN])
    play(game, f"play {BERSERK}#1")  # Summon, the only other card, goes on your deck
    assert options(game) == [f"{WALKER}#1", f"{INVADER}#1"]
    play(game, f"{WALKER}#1")
    assert power(game, f"{WALKER}#1") == 5 and where(game, f"{SUMMON}#1") == "deck:0"


def test_priest_of_anubis_under_another_players_control_counts_that_players_buried_card():
    """Priest of Anubis: "if YOU have a card buried here" is its controller: player 2 controls
    player 1's Priest; player 2's buried card there gives +2, player 1's would not."""
    game = scenario(bases=[{"base": TORTUGA, "minions": [lent(PRIEST, 0, 1)],
                            "buried": [{"card": INVADER, "controller": 1}]}, OASIS])
    assert power(game, f"{PRIEST}#1") == 6
    owners = scenario(bases=[{"base": TORTUGA, "minions": [lent(PRIEST, 0, 1)],
                              "buried": [{"card": INVADER, "controller": 0}]}, OASIS])
    assert power(owners, f"{PRIEST}#1") == 4


WAY = "samurai/way-of-the-warrior"
ENGINEER = "ancient-egyptians/pyramid-engineer"


def test_final_haiku_goes_on_a_minion_you_control_not_one_you_own():
    """Final Haiku: "play on one of your minions": the one you control (player 2's Walker)."""
    game = scenario(hands=[[HAIKU], []],
                    bases=[at(OASIS, lent(WALKER, 1, 0), lent(COLLECTOR, 0, 1)), BRAIN])
    assert options(game) == [f"play {HAIKU}#1 on {WALKER}#1", "end"]


def test_way_of_the_warrior_on_a_minion_you_control_draws_you_a_card_when_it_falls():
    """Way of the Warrior: "one of your minions" is the one you control; when it goes to its
    owner's discard pile, you (its controller) draw, not its owner."""
    game = scenario(hands=[[WAY, "ninjas/ninja-master"], []],
                    decks=[[FILLER] * 3, [FILLER] * 3], plays={"minion": 1, "action": 1},
                    bases=[at(OASIS, lent(WALKER, 1, 0), lent(COLLECTOR, 0, 1)), BRAIN])
    play(game, f"play {WAY}#1")  # the only minion you control: no question
    assert power(game, f"{WALKER}#1") == 5 and power(game, f"{COLLECTOR}#1") == 2
    play(game, f"play ninjas/ninja-master#1 @ base:{OASIS}", f"{WALKER}#1")  # destroyed
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert hand(game) == [f"{FILLER}#1"] and hand(game, 1) == []


def test_high_noon_duels_with_a_minion_you_control_against_one_you_own():
    """High Noon: "one of your minions duels another player's minion": your Walker under player
    2's control is theirs, so it is the one your controlled Rex (owned by player 2) calls out;
    it loses, is destroyed to your own pile, and you may play an extra minion there."""
    game = scenario(hands=[[NOON, INVADER], []], plays={"minion": 0, "action": 1},
                    bases=[at(OASIS, lent(REX, 1, 0), lent(WALKER, 0, 1)), BRAIN])
    play(game, f"play {NOON}#1", "skip")  # one duel possible: chosen without asking
    assert where(game, f"{WALKER}#1") == "discard:0"
    assert where(game, f"{REX}#1") == f"minion@base:{OASIS}"
    assert f"play {INVADER}#1 @ base:{OASIS}" in options(game)


def test_pyramid_engineer_under_another_players_control_uncovers_that_players_card():
    """Pyramid Engineer: "one of YOUR buried cards here" is its player's: player 2, playing
    player 1's Engineer, is offered their own buried card there, not player 1's."""
    game = scenario(current=1, hands=[[], [{"card": ENGINEER, "owner": 0}]],
                    decks=[[FILLER] * 3, [FILLER] * 3],
                    bases=[{"base": TORTUGA, "buried": [WALKER, {"card": INVADER,
                                                                 "controller": 1}]}, OASIS])
    play(game, f"play {ENGINEER}#1 @ base:{TORTUGA}")
    assert decision(game) == (1, "uncover")
    assert options(game) == [f"{INVADER}#1", "skip"]
