"""Cease and Desist, a second reading (issue 30 item 8): each card text and clarification of
the set read again against the code by a reader who did not write the cards, with a test for
each situation the text names that the set's own test files leave out: decks short, targets
absent, control changed, other players' turns, every way of playing. Rulebook passages named
are from the core rulebook ("Void Where Prohibited": a card may be played even if its ability
can't happen; an empty deck is refilled from the discard pile, then the reading goes on) and
the Cease and Desist rulebook."""

from smashup.testing import (
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    played_for_nothing,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, no ability
TORTUGA = "tortuga"
WALKERS = ["zombies/walker"] * 6
INVADER = "aliens/invader"  # power 3
REX = "dinosaurs/king-rex"  # power 7
BEAM_UP = "aliens/beam-up"
HOWL = "dinosaurs/howl"

A = "astroknights"
KNIGHT = f"{A}/space-knight"
SCOUNDREL = f"{A}/scoundrel"
GURU = f"{A}/alien-guru"
MANNERSBOT = f"{A}/mannersbot"
PUPOKS = f"{A}/pupoks"
GHOST = f"{A}/ghost-knight"
PROBE = f"{A}/block-the-probe"
HIDDEN = f"{A}/hidden-base"
PREPARE = f"{A}/prepare-for-battle"
RECYCLE = f"{A}/recycle-the-trash"
FOURS = f"{A}/use-the-fours"
RAGE = f"{A}/yield-to-rage"
ANNOYING = f"{A}/annoying-alien"
ASTRO_ROBOT = f"{A}/astro-robot"


def theirs(card: str, **more: object) -> dict:
    return {"card": card, "controller": 1, **more}


def mine_owned_by_them(card: str) -> dict:
    """A card of player 1 that player 0 has taken control of."""
    return {"card": card, "owner": 1, "controller": 0}


def hand(game, p: int = 0) -> list[str]:
    g = game.state
    return sorted(g.names[c] for c in g.hands[p])


def deck(game, p: int = 0) -> list[str]:
    g = game.state
    return [g.names[c] for c in g.decks[p]]


def events(game, kind: str) -> list[dict]:
    return [ev for ev in game.state.events if ev["kind"] == kind]


# ==== Astroknights ===============================================================================


def test_space_knight_with_a_short_deck_reveals_on_into_the_reshuffled_discard_pile():
    """Core rulebook: a deck that runs out while revealing is refilled from the discard pile,
    and the reading goes on: one card in the deck and two in the discard pile show three."""
    game = scenario(decks=[[INVADER], []], discards=[[FOURS, REX], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"use {KNIGHT}#1")
    assert options(game) == [f"{FOURS}#1", "skip"]
    play(game, f"{FOURS}#1")
    if decision(game) == (0, "arrange"):
        play(game, f"{INVADER}#1")
    assert hand(game) == [f"{FOURS}#1"]
    assert sorted(deck(game)) == sorted([f"{INVADER}#1", f"{REX}#1"])
    assert game.state.discards[0] == []


def test_space_knight_is_usable_with_an_empty_deck_and_a_discard_pile():
    game = scenario(discards=[[FOURS], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"use {KNIGHT}#1", f"{FOURS}#1")
    assert hand(game) == [f"{FOURS}#1"]


def test_space_knight_revealing_no_action_draws_nothing():
    game = scenario(decks=[[INVADER, REX], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"use {KNIGHT}#1")
    assert decision(game) == (0, "arrange")  # no action to take: only the order is asked
    play(game, f"{REX}#1")
    assert hand(game) == [] and deck(game) == [f"{REX}#1", f"{INVADER}#1"]


def test_mannersbot_with_an_empty_deck_reveals_from_the_reshuffled_discard_pile():
    game = scenario(discards=[[FOURS], []],
                    bases=[{"base": OASIS, "minions": [MANNERSBOT]}, TORTUGA])
    play(game, f"use {MANNERSBOT}#1")
    assert hand(game) == [f"{FOURS}#1"]
    game = scenario(discards=[[REX], []],
                    bases=[{"base": OASIS, "minions": [MANNERSBOT]}, TORTUGA])
    play(game, f"use {MANNERSBOT}#1")
    assert hand(game) == [] and deck(game) == [f"{REX}#1"]


def test_mannersbot_is_not_offered_with_no_card_to_reveal():
    game = scenario(bases=[{"base": OASIS, "minions": [MANNERSBOT]}, TORTUGA])
    assert f"use {MANNERSBOT}#1" not in options(game)


def test_pupoks_with_a_short_deck_and_no_discard_draws_what_there_is():
    """Deck and discard pile together short of three give what there is (core rulebook)."""
    game = scenario(vp=[1, 0], decks=[[INVADER], []],
                    bases=[{"base": OASIS, "minions": [PUPOKS]}, TORTUGA])
    play(game, f"use {PUPOKS}#1")
    assert game.state.vp == [0, 0]
    assert hand(game) == [f"{INVADER}#1"]
    play(game, f"play {INVADER}#1 @ base:{TORTUGA}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"
    assert game.state.minion_plays == 1  # extra: the turn's minion play is still there


def test_pupoks_extra_card_may_be_an_action_or_none():
    game = scenario(vp=[2, 0], decks=[[FOURS, REX], []],
                    bases=[{"base": OASIS, "minions": [PUPOKS]}, TORTUGA])
    play(game, f"use {PUPOKS}#1")
    assert f"play {FOURS}#1" in options(game) and "skip" in options(game)
    play(game, f"play {FOURS}#1")  # Pupoks is its only minion: no question
    assert power(game, f"{PUPOKS}#1") == 6
    assert game.state.action_plays == 1
    game = scenario(vp=[2, 0], decks=[[FOURS, REX], []],
                    bases=[{"base": OASIS, "minions": [PUPOKS]}, TORTUGA])
    play(game, f"use {PUPOKS}#1", "skip")
    assert hand(game) == sorted([f"{FOURS}#1", f"{REX}#1"])


def test_prepare_for_battle_with_a_short_deck_reveals_into_the_discard_pile():
    game = scenario(hands=[[PREPARE], []], decks=[[INVADER], []], discards=[[REX, FOURS], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {PREPARE}#1", f"{REX}#1", "choice:top")
    assert hand(game) == sorted([f"{INVADER}#1", f"{FOURS}#1"])
    assert deck(game) == [f"{REX}#1"]


def test_prepare_for_battle_with_two_cards_in_all_draws_both():
    game = scenario(hands=[[PREPARE], []], decks=[[INVADER, REX], []], bases=[OASIS, TORTUGA])
    play(game, f"play {PREPARE}#1")
    assert hand(game) == sorted([f"{INVADER}#1", f"{REX}#1"]) and deck(game) == []


def test_prepare_for_battle_with_no_cards_is_played_for_nothing():
    game = scenario(hands=[[PREPARE], []], bases=[OASIS, TORTUGA])
    assert played_for_nothing(game, f"{PREPARE}#1")


def test_scoundrel_under_your_control_takes_your_minions_not_its_owners():
    """Control changed: "your minions" are those its controller controls, whoever owns them."""
    game = scenario(bases=[{"base": OASIS, "minions": [mine_owned_by_them(SCOUNDREL),
                                                       mine_owned_by_them(REX),
                                                       theirs(INVADER)]},
                           TORTUGA, "the-great-library"])
    play(game, f"use {SCOUNDREL}#1", f"base:{TORTUGA}")  # its only minion of yours goes along
    assert where(game, f"{SCOUNDREL}#1") == where(game, f"{REX}#1") == f"minion@base:{TORTUGA}"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_ghost_knight_strengthens_its_controllers_minions_after_control_changes():
    game = scenario(bases=[{"base": OASIS, "minions": [mine_owned_by_them(GHOST), KNIGHT,
                                                       theirs(INVADER)]}, TORTUGA])
    assert power(game, f"{KNIGHT}#1") == 7
    assert power(game, f"{INVADER}#1") == 3


def test_hidden_base_counts_a_minion_you_control_and_not_on_other_players_turns():
    game = scenario(phase="start", decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [mine_owned_by_them(INVADER)],
                            "actions": [HIDDEN]}, TORTUGA])
    pass_until_main(game)
    assert len(game.state.hands[0]) == 1
    other = scenario(phase="start", current=1, decks=[WALKERS, WALKERS],
                     bases=[{"base": OASIS, "minions": [KNIGHT, theirs(INVADER)],
                             "actions": [HIDDEN]}, TORTUGA])
    pass_until_main(other)
    assert other.state.hands[0] == [] and other.state.hands[1] == []


def test_use_the_fours_with_no_minion_of_yours_is_played_for_nothing():
    game = scenario(hands=[[FOURS], []],
                    bases=[{"base": OASIS, "minions": [theirs(INVADER)]}, TORTUGA])
    assert played_for_nothing(game, f"{FOURS}#1")
    assert power(game, f"{INVADER}#1") == 3


def test_yield_to_rage_with_no_minion_of_yours_still_gives_the_extra_action():
    game = scenario(hands=[[RAGE, BEAM_UP], []],
                    bases=[{"base": OASIS, "minions": [theirs(INVADER)]}, TORTUGA])
    play(game, f"play {RAGE}#1")
    assert power(game, f"{INVADER}#1") == 3
    assert game.state.action_plays == 1
    play(game, f"play {BEAM_UP}#1")  # the only minion: no question
    assert where(game, f"{INVADER}#1") == "hand:1"


def test_recycle_the_trash_takes_at_most_two_and_nothing_with_none():
    game = scenario(hands=[[RECYCLE], []], discards=[[FOURS, RAGE, PROBE, REX], []],
                    bases=[OASIS, TORTUGA])
    assert f"{REX}#1" not in options(play(game, f"play {RECYCLE}#1"))
    play(game, f"{FOURS}#1", f"{RAGE}#1")
    assert sorted(deck(game)) == sorted([f"{FOURS}#1", f"{RAGE}#1"])
    assert where(game, f"{PROBE}#1") == "discard:0"
    empty = scenario(hands=[[RECYCLE], []], discards=[[REX], []], bases=[OASIS, TORTUGA])
    assert played_for_nothing(empty, f"{RECYCLE}#1")


def test_alien_guru_answers_its_controllers_block_the_probe_on_another_players_turn():
    """Block the Probe played as its Special as another player's base scores is an action its
    player plays that directly increases power: the Guru may add its counter then."""
    game = scenario(current=1, hands=[[PROBE], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [GURU, KNIGHT, theirs(REX),
                                                       theirs(INVADER)]}, TORTUGA])
    play(game, "end")
    assert f"special {PROBE}#1" in options(game)
    play(game, f"special {PROBE}#1", f"{KNIGHT}#1")
    assert f"trigger {GURU}#1" in options(game)
    play(game, f"trigger {GURU}#1")  # the Knight, the only boosted minion, gets the counter
    # the base then scores: Guru 2 + Knight 5 + 2 + 1 ties Rex 7 + Invader 3 (without the
    # counter player 0 would be second)
    [scored] = events(game, "scored")
    assert scored["ranks"] == {0: 1, 1: 1}



TRAP = f"{A}/its-a-trap"
CARPET = f"{A}/walking-carpet"
SWORD = f"{A}/laser-sword"


def test_its_a_trap_with_an_empty_deck_reveals_from_the_refilled_deck():
    """Core rulebook: an empty deck is refilled from the discard pile before revealing."""
    game = scenario(hands=[[TRAP], []], discards=[[FOURS], WALKERS], decks=[[], WALKERS],
                    bases=[{"base": OASIS, "minions": [KNIGHT, theirs(REX)]}, TORTUGA])
    play(game, "end", f"special {TRAP}#1", "choice:draw")
    first = [ev for ev in events(game, "drew") if ev["player"] == 0][0]
    assert first["cards"] == (card_id(game, f"{FOURS}#1"),)


def test_its_a_trap_stops_at_the_end_of_the_deck_and_shuffles_the_cards_back():
    """EMD rulebook ("Draw 2 Cards"): revealing until a condition is met stops when the deck
    runs out; the discard pile is not shuffled in part-way. Nothing is found, so nothing is
    asked, and the revealed cards go back into the deck."""
    game = scenario(hands=[[TRAP], []], decks=[[INVADER, REX], WALKERS],
                    discards=[[FOURS], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT, theirs(REX)]}, TORTUGA])
    play(game, "end", f"special {TRAP}#1")
    assert where(game, f"{FOURS}#1") == "discard:0"
    assert where(game, f"{TRAP}#1") == "discard:0"
    for card in (f"{INVADER}#1", f"{REX}#1"):
        assert where(game, card) in ("deck:0", "hand:0")


def test_walking_carpet_plays_its_action_before_scoring_on_another_players_turn():
    game = scenario(current=1, hands=[[SWORD], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [CARPET, theirs(REX), theirs(REX)]},
                           TORTUGA])
    play(game, "end")
    assert f"trigger {CARPET}#1" in options(game)
    play(game, f"trigger {CARPET}#1", f"play {SWORD}#1 on {CARPET}#1")
    [boosted] = events(game, "boosted")
    assert boosted["minions"] == (card_id(game, f"{CARPET}#1"),)
    assert where(game, f"{SWORD}#1") == "discard:0"  # scored with its minion


def test_astro_robot_played_as_pupoks_extra_card_uses_its_ability():
    game = scenario(vp=[1, 0], decks=[[ASTRO_ROBOT], []],
                    bases=[{"base": OASIS, "minions": [PUPOKS, theirs(INVADER,
                                                                      attached=[SWORD])]},
                           TORTUGA])
    play(game, f"use {PUPOKS}#1", f"play {ASTRO_ROBOT}#1 @ base:{OASIS}")
    assert options(game) == [f"{SWORD}#1", "skip"]
    play(game, f"{SWORD}#1")
    assert where(game, f"{SWORD}#1") == "discard:1"



PRINCE = f"{A}/space-prince"


def test_space_prince_extra_block_the_probe_must_raise_one_of_your_minions():
    """Clarification (Space Prince): the extra action directly increases the power of one of
    your minions, so Block the Probe ("choose a minion") played through it offers yours only."""
    game = scenario(hands=[[PROBE], []],
                    bases=[{"base": OASIS, "minions": [PRINCE, KNIGHT, theirs(INVADER)]},
                           TORTUGA])
    play(game, f"use {PRINCE}#1", f"play {PROBE}#1")
    assert set(options(game)) == {f"{PRINCE}#1", f"{KNIGHT}#1"}
    play(game, f"{KNIGHT}#1")
    assert power(game, f"{KNIGHT}#1") == 7
    assert game.state.action_plays == 1  # the extra action, not the turn's


def test_walking_carpet_block_the_probe_played_through_it_raises_the_carpet_only():
    game = scenario(hands=[[PROBE], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [CARPET, KNIGHT, theirs(REX),
                                                       theirs(REX)]}, TORTUGA])
    play(game, "end", f"trigger {CARPET}#1", f"play {PROBE}#1")
    [boosted] = events(game, "boosted")
    assert boosted["minions"] == (card_id(game, f"{CARPET}#1"),)


def test_alien_guru_may_add_its_counter_to_another_players_minion_it_raised():
    """"After you play an action that directly increases a minion's power": any minion."""
    game = scenario(hands=[[PROBE], []],
                    bases=[{"base": OASIS, "minions": [GURU, theirs(INVADER)]}, TORTUGA])
    play(game, f"play {PROBE}#1", f"{INVADER}#1", f"trigger {GURU}#1")
    assert game.state.counters[card_id(game, f"{INVADER}#1")] == 1
    assert power(game, f"{INVADER}#1") == 3 + 2 + 1


def test_alien_guru_once_per_turn_comes_back_on_the_next_turn():
    game = scenario(hands=[[FOURS, PROBE], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": TORTUGA, "minions": [GURU, KNIGHT]}, OASIS])
    play(game, f"play {FOURS}#1", f"{KNIGHT}#1", f"trigger {GURU}#1", "end")
    pass_until_main(game)
    assert game.state.current == 1
    play(game, "end")
    pass_until_main(game)
    assert game.state.current == 0
    play(game, f"play {PROBE}#1", f"{KNIGHT}#1")
    assert f"trigger {GURU}#1" in options(game)
    play(game, f"trigger {GURU}#1")
    assert game.state.counters[card_id(game, f"{KNIGHT}#1")] == 2


# ==== Changerbots ================================================================================

B = "changerbots"
LEADER = f"{B}/leader-two"
HUFFIE = f"{B}/huffie"
SOLAR = f"{B}/solarshout"
GUN = f"{B}/change-into-a-gun"
ROLL = f"{B}/change-up-and-roll-on"
FLIGHT = f"{B}/flighterizer"
MERGE = f"{B}/form-mergacon"
MATRIX = f"{B}/matrix-of-bossiness"
TOUCH = f"{B}/the-touch"
HOME = "factory-436-1337"  # breakpoint 25: does not score in these tests
MALL = "rhodes-plaza-mall"  # breakpoint 24


def test_leader_two_offers_your_other_minions_anywhere_including_one_you_took_control_of():
    game = scenario(hands=[[LEADER], []],
                    bases=[{"base": HOME, "minions": [mine_owned_by_them(HUFFIE), theirs(SOLAR)]},
                           {"base": MALL, "minions": [INVADER]}])
    play(game, f"play {LEADER}#1 @ base:{MALL}")
    assert set(options(game)) == {f"{HUFFIE}#1", f"{INVADER}#1"}
    play(game, f"{HUFFIE}#1")
    assert power(game, f"{HUFFIE}#1") == 5 and power(game, f"{SOLAR}#1") == 4


def test_change_into_a_gun_on_a_minion_you_control_shoots_even_your_own_minion():
    """"Play on one of your minions": one you control counts; the target is any minion of power
    4 or less there, yours included, and it is destroyed (no "may")."""
    game = scenario(hands=[[GUN], []],
                    bases=[{"base": HOME, "minions": [mine_owned_by_them(REX), HUFFIE]}, MALL])
    assert f"play {GUN}#1 on {REX}#1" in options(game)
    play(game, f"play {GUN}#1 on {REX}#1")
    assert where(game, f"{HUFFIE}#1") == "discard:0"
    assert power(game, f"{REX}#1") == 5


def test_change_into_a_gun_counts_the_targets_power_with_its_modifiers():
    """Power 4 or less is the current power: Invader 3 with two +1 counters is out of reach."""
    game = scenario(hands=[[GUN], []],
                    bases=[{"base": HOME, "minions": [REX, theirs(INVADER, counters=2)]}, MALL])
    play(game, f"play {GUN}#1 on {REX}#1")
    assert where(game, f"{INVADER}#1") == f"minion@base:{HOME}"


def test_form_mergacon_raises_only_your_minions_at_the_chosen_base():
    game = scenario(hands=[[MERGE], []],
                    bases=[{"base": HOME, "minions": [HUFFIE, mine_owned_by_them(SOLAR),
                                                      theirs(INVADER)]},
                           {"base": MALL, "minions": [REX]}])
    play(game, f"play {MERGE}#1", f"base:{HOME}")
    assert power(game, f"{HUFFIE}#1") == 4 and power(game, f"{SOLAR}#1") == 5
    assert power(game, f"{INVADER}#1") == 3 and power(game, f"{REX}#1") == 7


def test_form_mergacon_with_no_minion_of_yours_is_played_for_nothing():
    game = scenario(hands=[[MERGE], []],
                    bases=[{"base": HOME, "minions": [theirs(INVADER)]}, MALL])
    assert played_for_nothing(game, f"{MERGE}#1")
    assert power(game, f"{INVADER}#1") == 3


def test_change_up_and_roll_on_moves_a_minion_you_control_but_do_not_own():
    game = scenario(hands=[[ROLL], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [theirs(REX), theirs(REX), KNIGHT]},
                           {"base": HOME, "minions": [mine_owned_by_them(INVADER),
                                                      theirs(HUFFIE)]}])
    play(game, "end", f"special {ROLL}#1")
    assert set(options(game)) >= {f"{INVADER}#1"}
    assert f"{HUFFIE}#1" not in options(game)
    play(game, f"{INVADER}#1")  # the only one: the pick ends there
    [scored] = events(game, "scored")
    assert scored["ranks"][0] == 2  # Knight 5 + Invader 3 - 1 = 7 against 14
    assert where(game, f"{INVADER}#1") == "discard:1"  # its owner's pile after scoring


def test_flighterizer_and_the_touch_go_on_a_minion_you_control_not_on_one_you_own():
    game = scenario(hands=[[FLIGHT, TOUCH, MATRIX], []],
                    bases=[{"base": HOME, "minions": [mine_owned_by_them(INVADER)]},
                           {"base": MALL, "minions": [{"card": HUFFIE, "owner": 0,
                                                      "controller": 1}]}])
    opts = options(game)
    for card in (FLIGHT, TOUCH, MATRIX):
        assert f"play {card}#1 on {INVADER}#1" in opts
        assert f"play {card}#1 on {HUFFIE}#1" not in opts
    play(game, f"play {FLIGHT}#1 on {INVADER}#1")
    play(game, f"use {FLIGHT}#1")  # the granted talent, used by the minion's controller
    assert where(game, f"{INVADER}#1") == f"minion@base:{MALL}"
    assert power(game, f"{INVADER}#1") == 2


def test_huffie_moved_away_from_a_base_by_its_talent_on_a_three_base_board_asks_where():
    game = scenario(bases=[{"base": HOME, "minions": [HUFFIE]}, MALL, OASIS])
    play(game, f"use {HUFFIE}#1")
    assert set(options(game)) == {f"base:{MALL}", f"base:{OASIS}"}
    play(game, f"base:{OASIS}")
    assert where(game, f"{HUFFIE}#1") == f"minion@base:{OASIS}" and power(game, f"{HUFFIE}#1") == 2


# ==== Ignobles ===================================================================================

IG = "ignobles"
AUNT = f"{IG}/aunt-of-drakes"
SPY = f"{IG}/activate-the-spy"
BANNER = f"{IG}/banner-call"
DEBTS = f"{IG}/repaying-debts"
HOSTAGE = f"{IG}/hostage-exchange"
FATE = f"{IG}/fate-of-the-favorites"
BETROTHED = f"{IG}/betrothed"
WALKER = "zombies/walker"  # power 2


def controller(game, name: str) -> int:
    return game.state.controller[card_id(game, name)]


def test_repaying_debts_with_a_short_deck_draws_on_into_the_reshuffled_discard_pile():
    game = scenario(hands=[[DEBTS], []], decks=[[INVADER], []], discards=[[REX], []],
                    bases=[{"base": OASIS, "minions": [KNIGHT]}, TORTUGA])
    play(game, f"play {DEBTS}#1")
    assert controller(game, f"{KNIGHT}#1") == 1
    assert hand(game) == sorted([f"{INVADER}#1", f"{REX}#1"])
    assert game.state.minion_plays == 2  # the extra minion


def test_aunt_of_drakes_with_no_card_left_to_draw_still_gives_the_extra_action():
    game = scenario(bases=[{"base": OASIS, "minions": [AUNT, KNIGHT]}, TORTUGA])
    play(game, f"use {AUNT}#1", f"{KNIGHT}#1")
    assert controller(game, f"{KNIGHT}#1") == 1
    assert hand(game) == [] and game.state.action_plays == 2


def test_activate_the_spy_takes_back_a_minion_you_own_from_any_other_player():
    game = scenario(players=3, hands=[[SPY], [], []], bases=[
        {"base": OASIS, "minions": [{"card": REX, "owner": 0, "controller": 2},
                                    {"card": INVADER, "owner": 1, "controller": 2}]},
        TORTUGA, "the-great-library"])
    play(game, f"play {SPY}#1")  # the only minion it may take: no question
    assert controller(game, f"{REX}#1") == 0 and controller(game, f"{INVADER}#1") == 2
    assert game.state.action_plays == 1


def test_banner_call_with_no_minion_of_yours_held_by_others_is_played_for_nothing():
    game = scenario(hands=[[BANNER], []],
                    bases=[{"base": OASIS, "minions": [REX, theirs(INVADER)]}, TORTUGA])
    assert played_for_nothing(game, f"{BANNER}#1")


def test_hostage_exchange_takes_only_from_the_player_who_got_the_hostage():
    game = scenario(players=3, hands=[[HOSTAGE], [], []], bases=[
        {"base": OASIS, "minions": [KNIGHT, theirs(INVADER), {"card": WALKER,
                                                              "controller": 2}]},
        TORTUGA, "the-great-library"])
    play(game, f"play {HOSTAGE}#1", "player:1")  # Knight, its only minion, goes to player 1
    assert controller(game, f"{KNIGHT}#1") == 1
    assert controller(game, f"{INVADER}#1") == 0  # player 1's only minion of power 5 or less
    assert controller(game, f"{WALKER}#1") == 2


def test_fate_of_the_favorites_in_a_three_player_game_goes_round_from_you():
    game = scenario(players=3, current=1, hands=[[], [FATE], []], bases=[
        {"base": OASIS, "minions": [REX, theirs(INVADER), {"card": WALKER, "controller": 2},
                                    {"card": KNIGHT, "owner": 2, "controller": 0}]},
        TORTUGA, "the-great-library"])
    play(game, f"play {FATE}#1")
    assert decision(game) == (2, "choose_minion")  # player 1's only minion went at once
    assert where(game, f"{INVADER}#1") == "discard:1"
    assert sorted(options(game)) == [f"{KNIGHT}#1", f"{WALKER}#1"]
    play(game, f"{KNIGHT}#1")
    assert where(game, f"{KNIGHT}#1") == "discard:2"
    assert where(game, f"{REX}#1") == "discard:0"  # then player 0, its only minion


def test_betrothed_pays_its_owner_when_a_third_player_holding_it_wins():
    game = scenario(players=3, decks=[WALKERS, WALKERS, WALKERS], bases=[
        {"base": OASIS, "minions": [{"card": BETROTHED, "owner": 0, "controller": 2},
                                    {"card": REX, "controller": 2}, {"card": REX, "owner": 1,
                                                                     "controller": 1}]},
        TORTUGA, "the-great-library"])
    play(game, "end")
    pass_until_main(game)
    vp = game.state.vp
    assert vp[0] == 1 and vp[2] > 0


# ==== Star Roamers ===============================================================================

SR = "star-roamers"
CAPTAIN = f"{SR}/ships-captain"
MEDIC = f"{SR}/medical-officer"
SCIENCE = f"{SR}/science-officer"
MASS = f"{SR}/mass-teleport"
PORT = f"{SR}/port-me-up"
ERROR = f"{SR}/teleport-error"
WORLDS = f"{SR}/weird-new-worlds"
BRAIN = "the-central-brain"


def bases(game) -> list[str]:
    g = game.state
    return [g.base_names[b] for b in g.bases]


def test_weird_new_worlds_with_an_empty_base_deck_takes_from_the_shuffled_base_discard():
    game = scenario(hands=[[WORLDS], []], base_discard=[TORTUGA], bases=[OASIS, BRAIN])
    play(game, f"play {WORLDS}#1")
    assert bases(game) == [f"base:{OASIS}", f"base:{BRAIN}", f"base:{TORTUGA}"]


def test_ships_captain_played_as_weird_new_worlds_extra_plays_its_find_on_the_new_base():
    """"Play it here": where the Captain was played, whichever way it was played."""
    mate = "cyborg-apes/furious-george"  # power 2, no ability of its own here
    game = scenario(hands=[[WORLDS, CAPTAIN], []], plays={"minion": 0, "action": 1},
                    decks=[[REX, mate], []], base_deck=[TORTUGA], bases=[OASIS, BRAIN])
    play(game, f"play {WORLDS}#1", f"play {CAPTAIN}#1 @ base:{TORTUGA}", f"{mate}#1")
    assert where(game, f"{mate}#1") == f"minion@base:{TORTUGA}"
    assert where(game, f"{REX}#1") == "deck:0"


def test_ships_captain_with_an_empty_deck_searches_the_refilled_deck():
    """C&D rulebook: to search a deck that is empty, the discard pile is shuffled into a new
    deck first; the Invader (power 3) found there is played beside the Captain."""
    game = scenario(hands=[[CAPTAIN], []], discards=[[INVADER, FOURS], []],
                    bases=[OASIS, TORTUGA])
    play(game, f"play {CAPTAIN}#1 @ base:{OASIS}")  # the only minion: found without a question
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert where(game, f"{FOURS}#1") == "deck:0"
    assert game.state.vp[0] == 1  # the Invader's own ability: played, not just put there


def test_medical_officer_saves_a_minion_from_another_players_mass_teleport():
    game = scenario(current=1, hands=[[], [MASS]], decks=[[WALKER], []],
                    bases=[{"base": OASIS, "minions": [MEDIC, INVADER, theirs(REX)]},
                           TORTUGA])
    play(game, f"play {MASS}#1")  # player 1 returns its King Rex, the only one
    assert decision(game) == (0, "choose_minion")
    play(game, f"{INVADER}#1")
    assert decision(game)[0] == 0 and "yes" in options(game)
    play(game, "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert hand(game) == [f"{WALKER}#1"]
    assert where(game, f"{REX}#1") == "hand:1"


def test_mass_teleport_sends_a_held_minion_to_its_owners_hand():
    game = scenario(players=3, hands=[[MASS], [], []], bases=[
        {"base": OASIS, "minions": [{"card": INVADER, "owner": 0, "controller": 2}, REX]},
        TORTUGA, BRAIN])
    play(game, f"play {MASS}#1")  # each player's only minion: nothing asked; player 1 has none
    assert where(game, f"{REX}#1") == "hand:0"
    assert where(game, f"{INVADER}#1") == "hand:0"


def test_science_officer_returning_itself_refuses_an_extra_minion_of_its_name():
    game = scenario(hands=[[SCIENCE, INVADER], []], plays={"minion": 0, "action": 1},
                    bases=[{"base": OASIS, "minions": [SCIENCE]}, TORTUGA])
    play(game, f"use {SCIENCE}#2")  # its only minion of power 4 or less: itself
    assert where(game, f"{SCIENCE}#2") == "hand:0"
    opts = options(game)
    assert not any(o.startswith(f"play {SCIENCE}") for o in opts)
    assert f"play {INVADER}#1 @ base:{OASIS}" in opts


def test_teleport_error_moves_another_players_minion():
    game = scenario(hands=[[ERROR], []],
                    bases=[{"base": OASIS, "minions": [theirs(REX)]}, TORTUGA])
    play(game, f"play {ERROR}#1")  # the only minion, the only other base
    assert where(game, f"{REX}#1") == f"minion@base:{TORTUGA}"


def test_port_me_up_special_on_another_players_turn():
    game = scenario(current=1, hands=[[PORT], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [REX, theirs(REX), theirs(INVADER)]},
                           TORTUGA])
    play(game, "end")
    assert f"special {PORT}#1" in options(game)
    play(game, f"special {PORT}#1")  # its only minion there
    pass_until_main(game)
    assert where(game, f"{REX}#1") == "hand:0"
    assert where(game, f"{REX}#2") == "discard:1"


# ==== Cease and Desist bases =====================================================================

HIVE = "hive-of-scum-and-villainy"
USS = "uss-undertaking"
SQUASHED = "wintersquashed"
NEUTRAL = "neutral-space"
ROOM = "changing-room"


def test_hive_of_scum_draws_for_an_action_you_play_on_another_players_turn():
    """Block the Probe played through its Special as another base scores on player 1's turn
    raises player 0's Knight at the Hive: "you play an action" on any turn."""
    game = scenario(current=1, hands=[[PROBE], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [theirs(REX), theirs(INVADER), MANNERSBOT]},
                           {"base": HIVE, "minions": [KNIGHT]}])
    play(game, "end", f"special {PROBE}#1", f"{KNIGHT}#1")
    first = [ev for ev in events(game, "drew") if ev["player"] == 0][0]
    assert first["count"] == 1
    assert "zombies/walker#1" in hand(game)


def test_uss_undertaking_moves_a_minion_you_control_and_is_not_yours_on_their_turn():
    game = scenario(phase="start",
                    bases=[{"base": USS}, {"base": BRAIN, "minions": [mine_owned_by_them(REX),
                                                                      theirs(INVADER)]}])
    play(game, f"trigger base:{USS}")
    assert where(game, f"{REX}#1") == f"minion@base:{USS}"
    theirs_turn = scenario(phase="start", current=1,
                           bases=[{"base": USS}, {"base": BRAIN, "minions": [REX]}])
    assert decision(theirs_turn) == (1, "main")


def test_wintersquashed_a_minion_played_here_as_an_extra_may_be_given_away():
    """Every way of playing: Pupoks' extra card played at Wintersquashed is "played here"."""
    game = scenario(vp=[1, 0], decks=[[REX], []],
                    bases=[{"base": OASIS, "minions": [PUPOKS]}, SQUASHED])
    play(game, f"use {PUPOKS}#1", f"play {REX}#1 @ base:{SQUASHED}")
    assert f"trigger base:{SQUASHED}" in options(game)
    play(game, f"trigger base:{SQUASHED}")  # the only other player: not asked who
    assert controller(game, f"{REX}#1") == 1 and game.state.owner[card_id(game, f"{REX}#1")] == 0


def test_neutral_space_does_not_shield_from_your_own_minions_after_control_changes():
    """Guide: "other players' minions" are counted from the target's controller: a minion you
    control (owned by the other player) may affect your minions here."""
    game = scenario(hands=[["ninjas/ninja-master"], []],
                    bases=[{"base": NEUTRAL, "minions": [mine_owned_by_them(INVADER),
                                                         theirs(REX)]}, TORTUGA])
    play(game, f"play ninjas/ninja-master#1 @ base:{NEUTRAL}")
    opts = options(game)
    assert f"{INVADER}#1" in opts  # yours, by control: a minion of yours may affect it
    assert f"{REX}#1" not in opts  # player 1's, here: untouched by your minion here


def test_changing_room_counts_a_talent_used_by_a_minion_you_control_but_do_not_own():
    game = scenario(decks=[[FOURS], []],
                    bases=[{"base": ROOM, "minions": [mine_owned_by_them(MANNERSBOT)]}, TORTUGA])
    play(game, f"use {MANNERSBOT}#1")
    assert hand(game) == [f"{FOURS}#1"]
    assert power(game, f"{MANNERSBOT}#1") == 3


# ==== Gaps left by the second reading (issue 30 item 8) ==========================================

ENSIGN = f"{SR}/ensign"
ENGINEER = f"{SR}/ships-engineer"
WHIPLASH = f"{SR}/whiplash-maneuver"
OVERLORD = "aliens/supreme-overlord"
LIBRARY = "the-great-library"
COLLECTOR = "aliens/collector"  # power 2


def test_ensign_of_another_owner_guards_the_minions_of_the_player_controlling_it():
    """Control changed: "your other minions" are its controller's; taking the return, the
    Ensign goes to its owner's hand (player 1's), and the Invader stays."""
    game = scenario(hands=[[], [BEAM_UP]], current=1,
                    bases=[{"base": OASIS, "minions": [mine_owned_by_them(ENSIGN), INVADER]},
                           TORTUGA])
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game) == (0, "choose_card")
    play(game, f"{ENSIGN}#1")
    assert where(game, f"{ENSIGN}#1") == "hand:1"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_ensign_taken_over_by_the_opponent_no_longer_guards_its_owners_minions():
    game = scenario(hands=[[], [BEAM_UP]], current=1,
                    bases=[{"base": OASIS, "minions": [theirs(ENSIGN, owner=0), INVADER]},
                           TORTUGA])
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")  # nobody is asked
    assert where(game, f"{INVADER}#1") == "hand:0"
    assert decision(game) == (1, "main")


def test_ensign_answers_a_third_players_card_on_that_players_turn():
    """Other players' turns: player 2 (an opponent) plays Beam Up on player 0's Invader."""
    game = scenario(players=3, hands=[[], [], [BEAM_UP]], current=2, bases=[
        {"base": OASIS, "minions": [ENSIGN, INVADER, {"card": WALKER, "controller": 1}]},
        TORTUGA, LIBRARY])
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game) == (0, "choose_card")
    assert options(game) == [f"{ENSIGN}#1", "skip"]
    play(game, f"{ENSIGN}#1")
    assert where(game, f"{ENSIGN}#1") == "hand:0"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def whiplash_board(*mine: str, current: int = 1, **more) -> dict:
    """Player 0's ``mine`` at the Oasis, its Whiplash Maneuver on the Central Brain."""
    return dict(current=current, decks=[WALKERS, WALKERS], bases=[
        {"base": OASIS, "minions": list(mine)}, {"base": BRAIN, "actions": [WHIPLASH]},
        TORTUGA], **more)


def test_engineer_and_whiplash_on_one_return_the_player_whose_turn_it_is_orders_them():
    """Core rulebook: "If multiple effects would happen at the same time, the player whose
    turn it is chooses the order": on player 1's turn player 1 orders player 0's two
    replacements; the first one taken replaces the return, and the second has nothing left
    to replace (the minion is no longer being returned)."""
    game = scenario(hands=[[], [BEAM_UP]], **whiplash_board(ENGINEER, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game) == (1, "order")
    assert options(game) == [f"trigger {ENGINEER}#1", f"trigger {WHIPLASH}#1"]
    play(game, f"trigger {WHIPLASH}#1")
    assert decision(game) == (0, "may")  # the Maneuver's controller decides whether
    play(game, "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{BRAIN}"
    assert decision(game) == (1, "main")  # the Engineer is not asked to move it again


def test_engineer_after_a_declined_whiplash_may_still_move_the_minion():
    game = scenario(hands=[[], [BEAM_UP]], **whiplash_board(ENGINEER, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1", f"trigger {WHIPLASH}#1", "no")
    assert decision(game) == (0, "choose_base")
    play(game, f"base:{TORTUGA}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"


def test_medical_officer_and_whiplash_the_draw_taken_first_keeps_the_minion_in_place():
    game = scenario(hands=[[], [BEAM_UP]], **whiplash_board(MEDIC, INVADER))
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert decision(game) == (1, "order")
    play(game, f"trigger {MEDIC}#1", "yes")
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"
    assert hand(game) == [f"{WALKER}#1"]
    assert decision(game) == (1, "main")  # Whiplash has no return left to replace


def test_all_three_replacements_on_your_own_turn_you_order_them():
    """Your own Supreme Overlord returns your Invader: you are the player whose turn it is."""
    game = scenario(hands=[[OVERLORD], []], **whiplash_board(MEDIC, ENGINEER, INVADER,
                                                              current=0))
    play(game, f"play {OVERLORD}#1 @ base:{TORTUGA}", f"{INVADER}#1")
    assert decision(game) == (0, "order")
    assert options(game) == [f"trigger {MEDIC}#1", f"trigger {ENGINEER}#1",
                             f"trigger {WHIPLASH}#1"]
    play(game, f"trigger {ENGINEER}#1", f"base:{TORTUGA}")
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"
    assert hand(game) == []  # no draw from the Medical Officer as well
    assert decision(game) == (0, "main")


def test_two_players_before_scoring_specials_both_used_in_me_first_in_turn_order():
    """Core rulebook, Me First!: starting with the player whose turn it is and going round,
    each player may play a Special before the base scores. On player 1's turn (no Special)
    player 2 is asked first, then player 0; both Block the Probes count in the scoring."""
    probe_a, probe_b = f"{PROBE}#1", f"{PROBE}#2"
    game = scenario(players=3, current=1, hands=[[PROBE], [], [PROBE]],
                    decks=[WALKERS, WALKERS, WALKERS], bases=[
                        {"base": OASIS, "minions": [REX, theirs(INVADER), theirs(REX),
                                                    {"card": COLLECTOR, "controller": 2}]},
                        TORTUGA, LIBRARY])
    play(game, "end")
    assert decision(game) == (2, "me_first")
    assert options(game) == [f"special {probe_b}", "pass"]
    play(game, f"special {probe_b}", f"{COLLECTOR}#1")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"special {probe_a}", "pass"]
    play(game, f"special {probe_a}", f"{REX}#1")
    scored = next(ev for ev in game.state.events if ev["kind"] == "scored")
    # player 0: King Rex 7 + 2 = 9; player 1: 3 + 7 = 10; player 2: Collector 2 + 2 = 4
    assert scored["ranks"] == {1: 1, 0: 2, 2: 3}
    assert where(game, f"{probe_a}") == "discard:0" and where(game, probe_b) == "discard:2"


def test_ships_captain_plays_its_small_find_on_its_own_base_without_a_question():
    """"Play it here": on a three-base board nobody is asked where or whether."""
    game = scenario(hands=[[CAPTAIN], []], decks=[[INVADER], []],
                    bases=[OASIS, TORTUGA, BRAIN])
    play(game, f"play {CAPTAIN}#1 @ base:{TORTUGA}")  # the only minion: found at once
    assert where(game, f"{INVADER}#1") == f"minion@base:{TORTUGA}"
    assert game.state.vp[0] == 1
    assert decision(game) == (0, "main") and options(game) == ["end"]


def test_ships_captain_with_no_card_anywhere_does_nothing():
    game = scenario(hands=[[CAPTAIN], []], decks=[[], []], bases=[OASIS, TORTUGA])
    play(game, f"play {CAPTAIN}#1 @ base:{OASIS}")
    assert where(game, f"{CAPTAIN}#1") == f"minion@base:{OASIS}"
    assert hand(game) == [] and deck(game) == []
    assert decision(game) == (0, "main")


def test_walking_carpet_play_declined_on_another_players_turn_is_not_kept_for_later():
    """C&D rulebook: extra cards played outside the Play Cards phase are played at once or
    not at all: the Carpet's play skipped on player 1's turn leaves player 0 its usual one
    action on its own next turn."""
    game = scenario(current=1, hands=[[SWORD, BEAM_UP, HOWL], []], decks=[WALKERS, WALKERS],
                    bases=[{"base": OASIS, "minions": [CARPET, theirs(REX), theirs(REX)]},
                           TORTUGA])
    play(game, "end", f"trigger {CARPET}#1", "skip")
    assert where(game, f"{SWORD}#1") == "hand:0"
    pass_until_main(game)
    assert game.state.current == 0 and game.state.action_plays == 1
    play(game, f"play {HOWL}#1")
    assert not any(o.startswith("play ") and "zombies" not in o for o in options(game))
