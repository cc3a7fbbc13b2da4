"""Ignobles (Cease and Desist) and their bases Spikey Chair Room and Wintersquashed: each
card's ability, scripted strictly on a described board.

Owner and controller are separate (Cease and Desist rulebook, "Control" and "Owner"): a
minion given away counts for its new controller; it goes to its owner's zones when it
leaves play. "Your minions" are those you control; "a minion you own" is one from your
deck."""

from smashup.testing import (
    base_power,
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    scenario,
    where,
)

IG = "ignobles"
AUNT = f"{IG}/aunt-of-drakes"
FOOT = f"{IG}/foot-of-the-king"
BETROTHED = f"{IG}/betrothed"
SQUIRE = f"{IG}/sneaky-squire"
SPY = f"{IG}/activate-the-spy"
BANNER = f"{IG}/banner-call"
FATE = f"{IG}/fate-of-the-favorites"
HOSTAGE = f"{IG}/hostage-exchange"
BETRAYAL = f"{IG}/inevitable-betrayal"
SIGHT = f"{IG}/out-of-sight"
PARTY = f"{IG}/red-birthday-party"
DEBTS = f"{IG}/repaying-debts"

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
TORTUGA = "tortuga"  # breakpoint 21, no effect before it scores
SPIKEY = "spikey-chair-room"
SQUASHED = "wintersquashed"
INVADER = "aliens/invader"  # power 3; on play its player gains 1 VP
REX = "dinosaurs/king-rex"  # power 7
MASTER = "ninjas/ninja-master"  # power 5
WALKER = "zombies/walker"  # power 2
MATE = "cyborg-apes/furious-george"  # power 2; no ability without actions on it
CLAW = "dinosaurs/tooth-and-claw-and-guns"  # other players' cards cannot affect its minion
TBINE = "super-spies/the-base-is-not-enough"


def held(card: str, owner: int = 0, controller: int = 1, **more) -> dict:
    """A minion ``owner`` owns and ``controller`` controls."""
    return {"card": card, "owner": owner, "controller": controller, **more}


def theirs(card: str, **more) -> dict:
    return {"card": card, "owner": 1, **more}


def controller(game, name: str) -> int:
    return game.state.controller[card_id(game, name)]


def hand(game, p: int = 0) -> list[str]:
    return sorted(game.state.names[c] for c in game.state.hands[p])


# ---- Aunt of Drakes ----------------------------------------------------------------------------


def test_aunt_of_drakes_gives_a_minion_away_to_draw_and_gain_an_extra_action():
    game = scenario(decks=[[WALKER, INVADER], [], []], players=3,
                    bases=[{"base": OASIS, "minions": [AUNT, MASTER]}, TORTUGA, SPIKEY])
    play(game, f"use {AUNT}#1")
    assert options(game) == [f"{AUNT}#1", f"{MASTER}#1"]  # it may give itself away too
    play(game, f"{MASTER}#1")
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:2")
    assert controller(game, f"{MASTER}#1") == 2 and game.state.owner[card_id(game,
                                                                           f"{MASTER}#1")] == 0
    assert hand(game) == [f"{WALKER}#1"]
    assert game.state.action_plays == 2  # the extra action, usable later this phase
    assert f"use {AUNT}#1" not in options(game)  # once per turn


def test_aunt_of_drakes_may_give_itself_and_then_is_no_longer_yours_to_use():
    game = scenario(decks=[[WALKER], []], bases=[{"base": OASIS, "minions": [AUNT]}, TORTUGA])
    play(game, f"use {AUNT}#1")  # its only minion, to the only other player: nothing asked
    assert controller(game, f"{AUNT}#1") == 1
    assert base_power(game, OASIS, 1) == 5 and base_power(game, OASIS, 0) == 0
    play(game, "end")
    pass_until_main(game)
    assert game.state.current == 1 and f"use {AUNT}#1" in options(game)  # its talent is theirs


def test_aunt_of_drakes_cannot_give_a_minion_its_card_cannot_affect():
    """Dinosaurs interaction: Tooth and Claw (player 1's) on player 0's Ninja Master: player
    0's Aunt cannot affect it, so it is not offered."""
    game = scenario(decks=[[WALKER], []], bases=[
        {"base": OASIS, "minions": [AUNT, {"card": MASTER, "attached": [theirs(CLAW)]}]},
        TORTUGA])
    play(game, f"use {AUNT}#1")  # only Aunt itself may go, to the only other player
    assert controller(game, f"{AUNT}#1") == 1 and controller(game, f"{MASTER}#1") == 0


# ---- Foot of the King --------------------------------------------------------------------------


def test_foot_of_the_king_takes_back_a_minion_you_own_as_your_turn_ends():
    board = dict(bases=[{"base": OASIS, "minions": [FOOT, held(INVADER)]}, TORTUGA])
    game = scenario(**board)
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {FOOT}#1")
    assert controller(game, f"{INVADER}#1") == 0

    declined = scenario(**board)
    play(declined, "end", "pass")
    assert controller(declined, f"{INVADER}#1") == 1


def test_foot_of_the_king_clarification_targets_minions_you_own_that_others_control():
    """Clarification: it targets minions from your deck whether or not you still control
    them. Taking one you already control would change nothing, so only minions you own that
    another player controls are offered; another player's own minion never is."""
    game = scenario(bases=[
        {"base": OASIS, "minions": [FOOT, held(INVADER), theirs(WALKER)]},
        {"base": TORTUGA, "minions": [held(REX, controller=1), MASTER]}])
    play(game, "end", f"trigger {FOOT}#1")
    assert sorted(options(game)) == [f"{INVADER}#1", f"{REX}#1"]
    play(game, f"{REX}#1")
    assert controller(game, f"{REX}#1") == 0 and controller(game, f"{INVADER}#1") == 1


def test_foot_of_the_king_is_not_offered_with_nothing_to_take_back_nor_on_others_turns():
    game = scenario(bases=[{"base": OASIS, "minions": [FOOT, MASTER]}, TORTUGA])
    play(game, "end")
    assert decision(game) == (1, "main")
    other = scenario(current=1, bases=[{"base": OASIS, "minions": [FOOT, held(INVADER)]},
                                       TORTUGA])
    play(other, "end")
    assert decision(other) == (0, "main") and controller(other, f"{INVADER}#1") == 1


def test_foot_of_the_king_given_away_works_for_its_new_controller():
    """An Ongoing ability of a minion another player controls works for that player: at the
    end of *their* turn they take back a minion *they* own."""
    game = scenario(current=1, bases=[
        {"base": OASIS, "minions": [held(FOOT), held(WALKER, owner=1, controller=0)]},
        TORTUGA])
    play(game, "end", f"trigger {FOOT}#1")
    assert controller(game, f"{WALKER}#1") == 1


# ---- Betrothed ---------------------------------------------------------------------------------


def test_betrothed_may_be_given_away_as_it_is_played():
    board = dict(hands=[[BETROTHED], []], bases=[OASIS, TORTUGA])
    game = scenario(**board)
    play(game, f"play {BETROTHED}#1 @ base:{OASIS}")
    assert options(game) == ["player:1", "skip"]
    play(game, "player:1")
    assert controller(game, f"{BETROTHED}#1") == 1

    kept = scenario(**board)
    play(kept, f"play {BETROTHED}#1 @ base:{OASIS}", "skip")
    assert controller(kept, f"{BETROTHED}#1") == 0


def test_betrothed_owner_gains_a_vp_when_its_holder_wins_the_base():
    """Player 1 wins Jungle Oasis (2 VP) with player 0's Betrothed: player 0 gains 1 VP."""
    game = scenario(bases=[{"base": OASIS, "minions": [held(BETROTHED), theirs(REX),
                                                       theirs(WALKER)]}, TORTUGA])
    play(game, "end")
    pass_until_main(game)
    assert game.state.vp == [1, 2]


def test_betrothed_pays_nothing_when_its_owner_controls_it_or_its_holder_loses():
    own = scenario(bases=[{"base": OASIS, "minions": [BETROTHED, REX, WALKER]}, TORTUGA])
    play(own, "end")
    pass_until_main(own)
    assert own.state.vp == [2, 0]
    lost = scenario(bases=[{"base": OASIS, "minions": [held(BETROTHED), REX, MASTER]},
                           TORTUGA])
    play(lost, "end")
    pass_until_main(lost)
    assert lost.state.vp == [2, 0]  # player 1 came second (Jungle Oasis pays 2/0/0)


def test_betrothed_pays_when_its_holder_ties_with_its_owner_for_first():
    """Ruling: tied winners all win, so the holder winning in a tie with the owner counts."""
    game = scenario(bases=[{"base": OASIS, "minions": [held(BETROTHED), theirs(REX),
                                                       MASTER, WALKER, INVADER]}, TORTUGA])
    play(game, "end")
    pass_until_main(game)
    assert game.state.vp == [2 + 1, 2]


def test_betrothed_clarification_control_gained_through_another_card():
    """Clarification: it works however control was gained. Super Spies interaction, a
    Special in the scoring window: player 1 takes Betrothed with The Base is Not Enough as
    Jungle Oasis is about to score, and wins it; Betrothed's owner gains 1 VP."""
    game = scenario(hands=[[], [TBINE]],
                    bases=[{"base": OASIS, "minions": [BETROTHED, theirs(REX), theirs(WALKER)]},
                           TORTUGA])
    play(game, "end", f"special {TBINE}#1")  # player 0 has nothing to use: not asked
    pass_until_main(game)
    assert game.state.vp == [1, 2]


def test_betrothed_clarification_moved_to_another_base():
    """Clarification: it works away from the base it was played on. Pirates interaction:
    Betrothed, given away at Tortuga, is moved by Shanghai to Jungle Oasis, which player 1
    then wins."""
    game = scenario(hands=[[BETROTHED, "pirates/shanghai"], []],
                    bases=[{"base": OASIS, "minions": [theirs(REX), theirs(WALKER)]}, TORTUGA])
    play(game, f"play {BETROTHED}#1 @ base:{TORTUGA}", "player:1")
    play(game, "play pirates/shanghai#1", f"{BETROTHED}#1")  # to the only other base
    play(game, "end")
    pass_until_main(game)
    assert game.state.vp == [1, 2]


# ---- Sneaky Squire -----------------------------------------------------------------------------


def test_sneaky_squire_given_away_grants_an_extra_minion():
    board = dict(hands=[[SQUIRE, MATE], []], bases=[OASIS, TORTUGA])
    game = scenario(**board)
    play(game, f"play {SQUIRE}#1 @ base:{OASIS}", "player:1")
    assert controller(game, f"{SQUIRE}#1") == 1
    play(game, f"play {MATE}#1 @ base:{TORTUGA}")  # the extra minion, later in the phase
    assert where(game, f"{MATE}#1") == f"minion@base:{TORTUGA}"

    kept = scenario(**board)
    play(kept, f"play {SQUIRE}#1 @ base:{OASIS}", "skip")
    assert controller(kept, f"{SQUIRE}#1") == 0
    assert options(kept) == ["end"]  # no extra minion


def test_sneaky_squire_played_as_an_extra_outside_your_phase_plays_its_extra_at_once():
    """Ninjas interaction: played through Hidden Ninja as a base scores, the extra minion it
    grants must be played at once (here at any base) or not at all."""
    game = scenario(hands=[[], ["ninjas/hidden-ninja", SQUIRE, MATE]],
                    bases=[{"base": OASIS, "minions": [REX, MASTER]}, TORTUGA])
    play(game, "end", "special ninjas/hidden-ninja#1", f"play {SQUIRE}#1 @ base:{OASIS}",
         "player:0")
    assert controller(game, f"{SQUIRE}#1") == 0
    assert options(game) == [f"play {MATE}#1 @ base:{OASIS}",
                             f"play {MATE}#1 @ base:{TORTUGA}", "skip"]
    play(game, f"play {MATE}#1 @ base:{TORTUGA}")
    assert where(game, f"{MATE}#1") == f"minion@base:{TORTUGA}"


# ---- Activate the Spy --------------------------------------------------------------------------


def test_activate_the_spy_clarification_takes_back_a_minion_you_own_others_control():
    """Clarification: it targets minions from your deck whether or not you still control
    them; only those others control are offered (taking your own would change nothing).
    Then the extra action."""
    game = scenario(hands=[[SPY], []], bases=[
        {"base": OASIS, "minions": [held(INVADER), WALKER, theirs(REX)]},
        {"base": TORTUGA, "minions": [held(MASTER)]}])
    play(game, f"play {SPY}#1")
    assert sorted(options(game)) == [f"{INVADER}#1", f"{MASTER}#1"]
    play(game, f"{MASTER}#1")
    assert controller(game, f"{MASTER}#1") == 0
    assert game.state.action_plays == 1  # the extra action


def test_activate_the_spy_with_nothing_to_take_back_still_grants_the_extra_action():
    game = scenario(hands=[[SPY], []], bases=[{"base": OASIS, "minions": [WALKER]}, TORTUGA])
    play(game, f"play {SPY}#1")
    assert decision(game) == (0, "main") and game.state.action_plays == 1


def test_activate_the_spy_cannot_take_back_a_minion_under_tooth_and_claw():
    """Dinosaurs interaction: player 1's Tooth and Claw on the minion player 1 holds keeps
    player 0's card from affecting it."""
    game = scenario(hands=[[SPY], []], bases=[
        {"base": OASIS, "minions": [held(INVADER, attached=[theirs(CLAW)]), held(WALKER)]},
        TORTUGA])
    play(game, f"play {SPY}#1")
    assert controller(game, f"{WALKER}#1") == 0  # the only one it could take, taken at once
    assert controller(game, f"{INVADER}#1") == 1


# ---- Banner Call -------------------------------------------------------------------------------


def test_banner_call_clarification_takes_back_any_number_of_minions_you_own():
    """Clarification: minions from your deck whether or not you still control them; "any
    number" includes stopping early."""
    game = scenario(hands=[[BANNER], []], bases=[
        {"base": OASIS, "minions": [held(INVADER), held(WALKER), WALKER]},
        {"base": TORTUGA, "minions": [held(MASTER)]}])
    play(game, f"play {BANNER}#1")
    assert sorted(options(game)) == [f"{INVADER}#1", "done", f"{MASTER}#1", f"{WALKER}#1"]
    play(game, f"{INVADER}#1", f"{MASTER}#1", "done")
    assert [controller(game, c) for c in (f"{INVADER}#1", f"{MASTER}#1", f"{WALKER}#1")] == \
        [0, 0, 1]


def test_banner_call_may_take_back_none():
    game = scenario(hands=[[BANNER], []], bases=[{"base": OASIS, "minions": [held(INVADER)]},
                                                 TORTUGA])
    play(game, f"play {BANNER}#1", "done")
    assert controller(game, f"{INVADER}#1") == 1


# ---- Fate of the Favorites ---------------------------------------------------------------------


def test_fate_of_the_favorites_each_player_destroys_a_minion_they_own_you_first():
    """Ruling: each player picks among the minions they own, whoever controls them, and the
    player of the card picks first. Robots interaction: Warbot cannot be destroyed, so it is
    not offered."""
    game = scenario(hands=[[FATE], []], bases=[
        {"base": OASIS, "minions": [INVADER, held(WALKER), theirs("robots/warbot"),
                                    held(MASTER, owner=1, controller=0)]},
        {"base": TORTUGA, "minions": [theirs(REX)]}])
    play(game, f"play {FATE}#1")
    assert decision(game) == (0, "choose_minion")
    assert sorted(options(game)) == [f"{INVADER}#1", f"{WALKER}#1"]
    play(game, f"{WALKER}#1")
    assert decision(game) == (1, "choose_minion")
    assert sorted(options(game)) == [f"{REX}#1", f"{MASTER}#1"]
    play(game, f"{MASTER}#1")
    assert where(game, f"{WALKER}#1") == "discard:0"
    assert where(game, f"{MASTER}#1") == "discard:1"
    assert where(game, f"{INVADER}#1") == f"minion@base:{OASIS}"


def test_fate_of_the_favorites_skips_a_player_who_owns_no_minion_in_play():
    game = scenario(hands=[[FATE], []], bases=[{"base": OASIS, "minions": [INVADER]}, TORTUGA])
    play(game, f"play {FATE}#1")  # one candidate: destroyed without asking; player 1 has none
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert decision(game) == (0, "main")


# ---- Hostage Exchange --------------------------------------------------------------------------


def test_hostage_exchange_swaps_for_a_minion_of_equal_or_less_power():
    game = scenario(hands=[[HOSTAGE], [], []], players=3, bases=[
        {"base": OASIS, "minions": [INVADER, theirs(WALKER), theirs(MASTER),
                                    theirs("aliens/collector")]},
        {"base": TORTUGA, "minions": [{"card": REX, "owner": 2}]}, SPIKEY])
    play(game, f"play {HOSTAGE}#1")  # its only minion is the hostage
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:1")
    assert controller(game, f"{INVADER}#1") == 1
    # power 3 or less among player 1's minions (Collector 2, Walker 2), not the hostage
    assert sorted(options(game)) == ["aliens/collector#1", f"{WALKER}#1"]
    play(game, f"{WALKER}#1")
    assert controller(game, f"{WALKER}#1") == 0 and game.state.owner[card_id(
        game, f"{WALKER}#1")] == 1


def test_hostage_exchange_compares_current_power():
    """Dinosaurs interaction: the hostage's Upgrade (+2) counts, so a power-5 minion may be
    taken; the Upgrade stays with its controller, player 0."""
    game = scenario(hands=[[HOSTAGE], []], bases=[
        {"base": OASIS, "minions": [{"card": INVADER, "attached": ["dinosaurs/upgrade"]},
                                    theirs(MASTER), theirs(REX)]}, TORTUGA])
    play(game, f"play {HOSTAGE}#1")  # one hostage, one player, one minion of power 5 or less
    assert controller(game, f"{INVADER}#1") == 1 and controller(game, f"{MASTER}#1") == 0
    assert controller(game, f"{REX}#1") == 1
    assert controller(game, "dinosaurs/upgrade#1") == 0


def test_hostage_exchange_hostage_goes_even_with_nothing_to_take_in_exchange():
    """Ruling: giving the hostage does not depend on there being a minion to take."""
    game = scenario(hands=[[HOSTAGE], []], bases=[
        {"base": OASIS, "minions": [INVADER, theirs(REX)]}, TORTUGA])
    play(game, f"play {HOSTAGE}#1")
    assert controller(game, f"{INVADER}#1") == 1 and controller(game, f"{REX}#1") == 1
    assert decision(game) == (0, "main")


def test_hostage_exchange_hideout_stops_the_taking_but_the_hostage_is_gone():
    """Tricksters (original) interaction: player 1's Hideout absorbs the first action of
    another player that would affect their minions there; the hostage was already given."""
    game = scenario(hands=[[HOSTAGE], []], bases=[
        {"base": OASIS, "minions": [INVADER, theirs(WALKER)],
         "actions": [theirs("tricksters@original/hideout")]}, TORTUGA])
    play(game, f"play {HOSTAGE}#1")
    assert controller(game, f"{INVADER}#1") == 1
    assert controller(game, f"{WALKER}#1") == 1
    assert where(game, "tricksters@original/hideout#1") == "discard:1"


# ---- Inevitable Betrayal -----------------------------------------------------------------------


def betrayal_board(**more) -> dict:
    """Player 1's turn; Jungle Oasis ready to score, where player 1 holds player 0's Ninja
    Master next to King Rex."""
    board = dict(hands=[[BETRAYAL], []], current=1,
                 bases=[{"base": OASIS, "minions": [held(MASTER), theirs(REX)]}, TORTUGA])
    board.update(more)
    return board


def test_inevitable_betrayal_clarification_takes_back_your_minion_before_scoring():
    """Clarification: it targets a minion from your deck that another player controls. Taken
    back before the base scores, the Ninja Master's power counts for player 0, who wins
    instead of player 1 (9 against 7 before)."""
    game = scenario(**betrayal_board(bases=[
        {"base": OASIS, "minions": [REX, held(MASTER), theirs(WALKER), theirs(WALKER)]},
        TORTUGA]))
    play(game, "end")
    assert options(game) == [f"special {BETRAYAL}#1", "pass"]
    play(game, f"special {BETRAYAL}#1")
    assert where(game, f"{BETRAYAL}#1") == "discard:0"
    assert controller(game, f"{MASTER}#1") == 0
    pass_until_main(game)
    assert game.state.vp == [2, 0]  # 12 against 4: player 0 won Jungle Oasis


def test_inevitable_betrayal_offers_only_minions_you_own_at_the_scoring_base():
    game = scenario(**betrayal_board(bases=[
        {"base": OASIS, "minions": [held(MASTER), held(WALKER), theirs(REX)]},
        {"base": TORTUGA, "minions": [held(INVADER)]}]))
    play(game, "end", f"special {BETRAYAL}#1")
    assert sorted(options(game)) == [f"{MASTER}#1", f"{WALKER}#1"]


def test_inevitable_betrayal_is_not_offered_without_a_minion_of_yours_held_there():
    game = scenario(**betrayal_board(bases=[
        {"base": OASIS, "minions": [MASTER, theirs(REX)]},
        {"base": TORTUGA, "minions": [held(INVADER)]}]))
    play(game, "end")
    assert decision(game) == (0, "main")  # scored with no window for it


def test_inevitable_betrayal_played_in_your_phase_does_nothing():
    """Ruling (as Hidden Ninja): played in the Play Cards phase no base is scoring."""
    game = scenario(hands=[[BETRAYAL], []],
                    bases=[{"base": TORTUGA, "minions": [held(MASTER)]}, OASIS])
    play(game, f"play {BETRAYAL}#1")
    assert controller(game, f"{MASTER}#1") == 1 and where(game, f"{BETRAYAL}#1") == "discard:0"


# ---- Out of Sight ------------------------------------------------------------------------------


def test_out_of_sight_each_player_returns_a_minion_they_own_to_their_hand():
    game = scenario(hands=[[SIGHT], []], bases=[
        {"base": OASIS, "minions": [INVADER, held(MASTER, owner=1, controller=0)]},
        {"base": TORTUGA, "minions": [held(WALKER), theirs(REX)]}])
    play(game, f"play {SIGHT}#1")
    assert decision(game) == (0, "choose_minion")
    assert sorted(options(game)) == [f"{INVADER}#1", f"{WALKER}#1"]
    play(game, f"{WALKER}#1")
    assert decision(game) == (1, "choose_minion")
    assert sorted(options(game)) == [f"{REX}#1", f"{MASTER}#1"]
    play(game, f"{MASTER}#1")
    assert where(game, f"{WALKER}#1") == "hand:0"  # held by player 1: to its owner's hand
    assert where(game, f"{MASTER}#1") == "hand:1"


# ---- Red Birthday Party ------------------------------------------------------------------------


def test_red_birthday_party_destroys_your_minion_and_every_weaker_one_there():
    """Powers are read when the party starts: the Ninja Master (5) and everything weaker at
    its base, whoever controls it; equal power and other bases are spared."""
    game = scenario(hands=[[PARTY], []], bases=[
        {"base": OASIS, "minions": [MASTER, WALKER, theirs(INVADER), theirs(MASTER),
                                    theirs(REX)]},
        {"base": TORTUGA, "minions": [theirs("aliens/collector")]}])
    play(game, f"play {PARTY}#1")
    assert sorted(options(game)) == [f"{MASTER}#1", f"{WALKER}#1"]
    play(game, f"{MASTER}#1")
    assert [where(game, c) for c in (f"{MASTER}#1", f"{WALKER}#1", f"{INVADER}#1")] == \
        ["discard:0", "discard:0", "discard:1"]
    assert where(game, f"{MASTER}#2") == f"minion@base:{OASIS}"
    assert where(game, f"{REX}#1") == f"minion@base:{OASIS}"
    assert where(game, "aliens/collector#1") == f"minion@base:{TORTUGA}"


def test_red_birthday_party_may_pick_a_minion_you_own_that_another_controls():
    """Robots interaction: Warbot cannot be destroyed; weaker than the party's minion, it
    stays."""
    game = scenario(hands=[[PARTY], []], bases=[
        {"base": OASIS, "minions": [held(REX), theirs("robots/warbot"), theirs(MASTER)]},
        TORTUGA])
    play(game, f"play {PARTY}#1")
    assert where(game, f"{REX}#1") == "discard:0"
    assert where(game, f"{MASTER}#1") == "discard:1"
    assert where(game, "robots/warbot#1") == f"minion@base:{OASIS}"


# ---- Repaying Debts ----------------------------------------------------------------------------


def test_repaying_debts_gives_a_minion_to_draw_two_and_play_an_extra_minion():
    game = scenario(hands=[[DEBTS], []], decks=[[MATE, INVADER, REX], []],
                    plays={"minion": 0, "action": 1},
                    bases=[{"base": OASIS, "minions": [MASTER]}, TORTUGA])
    play(game, f"play {DEBTS}#1")
    assert controller(game, f"{MASTER}#1") == 1
    assert hand(game) == [f"{INVADER}#1", f"{MATE}#1"]
    play(game, f"play {MATE}#1 @ base:{TORTUGA}")  # the extra minion
    assert where(game, f"{MATE}#1") == f"minion@base:{TORTUGA}"


def test_repaying_debts_with_no_minion_of_yours_gives_nothing_and_draws_nothing():
    """"Do X to do Y": with no minion to give, no cards and no extra minion."""
    game = scenario(hands=[[DEBTS], []], decks=[[MATE], []], plays={"minion": 0, "action": 1},
                    bases=[{"base": OASIS, "minions": [theirs(MASTER)]}, TORTUGA])
    play(game, f"play {DEBTS}#1")
    assert hand(game) == [] and options(game) == ["end"]


# ---- Spikey Chair Room -------------------------------------------------------------------------

SPIKEY_BOARD = dict(hands=[[MATE], []], decks=[[REX, MASTER, "aliens/collector"], []],
                    bases=[{"base": SPIKEY, "minions": [held(INVADER)]}, TORTUGA])


def test_spikey_chair_room_lets_you_destroy_a_minion_you_own_to_draw_at_turn_end():
    game = scenario(**SPIKEY_BOARD)
    play(game, f"play {MATE}#1 @ base:{SPIKEY}", "end")
    assert hand(game) == [f"{REX}#1", f"{MASTER}#1"]  # the draw phase came first
    assert options(game) == ["trigger Spikey Chair Room", "pass"]
    play(game, "trigger Spikey Chair Room")
    # any minion you own, even one another player holds
    assert sorted(options(game)) == [f"{INVADER}#1", f"{MATE}#1"]
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert where(game, "aliens/collector#1") == "hand:0"
    assert decision(game) == (1, "main")


def test_spikey_chair_room_may_be_declined():
    game = scenario(**SPIKEY_BOARD)
    play(game, f"play {MATE}#1 @ base:{SPIKEY}", "end", "pass")
    assert where(game, f"{INVADER}#1") == f"minion@base:{SPIKEY}"
    assert where(game, "aliens/collector#1") == "deck:0"


def test_spikey_chair_room_is_not_offered_without_a_minion_played_there():
    game = scenario(hands=[[MATE], []], bases=[{"base": SPIKEY, "minions": [INVADER]},
                                                 TORTUGA])
    play(game, f"play {MATE}#1 @ base:{TORTUGA}", "end")
    assert decision(game) == (1, "main")


def test_spikey_chair_room_is_not_offered_to_a_player_owning_no_minion_in_play():
    """Ruling: an offer always does something; with no minion of theirs it could destroy
    (Warbot cannot be destroyed) the player is not asked."""
    game = scenario(hands=[["robots/warbot"], []], bases=[SPIKEY, TORTUGA])
    play(game, f"play robots/warbot#1 @ base:{SPIKEY}", "end")
    assert decision(game) == (1, "main")


def test_spikey_chair_room_clarification_even_after_the_minion_moved_away():
    """Clarification: the minion played there may have moved away later in the turn."""
    game = scenario(hands=[[MATE, "ninjas/way-of-deception"], []], decks=[[REX, REX, REX], []],
                    bases=[SPIKEY, {"base": TORTUGA, "minions": [INVADER]}])
    play(game, f"play {MATE}#1 @ base:{SPIKEY}", "play ninjas/way-of-deception#1",
         f"{MATE}#1")
    assert where(game, f"{MATE}#1") == f"minion@base:{TORTUGA}"
    play(game, "end", "trigger Spikey Chair Room", f"{MATE}#1")
    assert where(game, f"{MATE}#1") == "discard:0"


def test_spikey_chair_room_clarification_even_after_it_scored_this_turn():
    """Clarification: the base scored and left play this turn, yet each player who played a
    minion there may still use it at the end of the turn."""
    game = scenario(hands=[[MATE], []], base_deck=[OASIS], decks=[[REX, REX, REX], []],
                    bases=[{"base": SPIKEY, "minions": [REX, MASTER, theirs(REX)]},
                           {"base": TORTUGA, "minions": [INVADER, WALKER]}])
    play(game, f"play {MATE}#1 @ base:{SPIKEY}", "end")
    assert where(game, f"{MATE}#1") == "discard:0"  # Spikey Chair Room scored
    names = game.state.base_names
    assert [names[b] for b in game.state.bases] == [f"base:{OASIS}", f"base:{TORTUGA}"]
    play(game, "trigger Spikey Chair Room")
    assert options(game) == [f"{INVADER}#1", f"{WALKER}#1"]
    assert game.request.source == ("base", names.index(f"base:{SPIKEY}"))  # it still asks
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "discard:0"
    assert decision(game) == (1, "main")


def test_spikey_chair_room_clarification_any_player_who_played_a_minion_there():
    """Clarification: every player who played a minion there this turn may use it, the
    current player first. Ninjas interaction: player 1 plays Shinobi there through Hidden
    Ninja as the base scores, on player 0's turn."""
    game = scenario(hands=[[MATE], ["ninjas/hidden-ninja", "ninjas/shinobi"]],
                    base_deck=[OASIS], decks=[[REX, REX], [MASTER]],
                    bases=[{"base": SPIKEY, "minions": [REX, MASTER, theirs(REX)]},
                           {"base": TORTUGA, "minions": [INVADER, theirs(WALKER)]}])
    play(game, f"play {MATE}#1 @ base:{SPIKEY}", "end",
         "special ninjas/hidden-ninja#1")  # Shinobi, its only minion, goes there at once
    assert where(game, "ninjas/shinobi#1") == "discard:1"  # Spikey Chair Room scored
    assert decision(game) == (0, "me_first")
    play(game, "pass")
    assert decision(game) == (1, "me_first")
    assert options(game) == ["trigger Spikey Chair Room", "pass"]
    play(game, "trigger Spikey Chair Room")  # its Walker, the only minion it owns now
    assert where(game, f"{WALKER}#1") == "discard:1"
    assert hand(game, 1) == [f"{MASTER}#1"]
    assert options(game) == ["trigger Spikey Chair Room", "pass"]  # player 0 may still use it
    play(game, "pass")
    assert decision(game) == (1, "main")


# ---- Wintersquashed ----------------------------------------------------------------------------


def test_wintersquashed_may_give_the_minion_played_there_away():
    board = dict(hands=[[MATE], []], bases=[SQUASHED, TORTUGA])
    game = scenario(**board)
    play(game, f"play {MATE}#1 @ base:{SQUASHED}")
    assert options(game) == [f"trigger base:{SQUASHED}", "pass"]
    play(game, f"trigger base:{SQUASHED}")
    assert controller(game, f"{MATE}#1") == 1

    kept = scenario(**board)
    play(kept, f"play {MATE}#1 @ base:{SQUASHED}", "pass")
    assert controller(kept, f"{MATE}#1") == 0


def test_wintersquashed_asks_who_gets_it_and_ignores_minions_played_elsewhere():
    game = scenario(hands=[[MATE, MATE], [], []], players=3,
                    plays={"minion": 2, "action": 1}, bases=[SQUASHED, TORTUGA, OASIS])
    play(game, f"play {MATE}#1 @ base:{TORTUGA}")
    assert decision(game) == (0, "main")
    play(game, f"play {MATE}#2 @ base:{SQUASHED}", f"trigger base:{SQUASHED}")
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:2")
    assert controller(game, f"{MATE}#2") == 2


def test_wintersquashed_clarification_the_minion_ability_resolves_first():
    """Clarification: the played minion's ability resolves before control is given. Aliens
    interaction: Invader's VP goes to the player who played it, then it may be given."""
    game = scenario(hands=[[INVADER], []], bases=[SQUASHED, TORTUGA])
    play(game, f"play {INVADER}#1 @ base:{SQUASHED}")
    assert game.state.vp == [1, 0]
    play(game, f"trigger base:{SQUASHED}")
    assert controller(game, f"{INVADER}#1") == 1 and game.state.vp == [1, 0]


def test_wintersquashed_is_not_offered_once_sneaky_squire_gave_itself_away():
    """The minion's own ability came first: Sneaky Squire already went to player 1, so the
    base has nothing of player 0's left to give."""
    game = scenario(hands=[[SQUIRE], []], bases=[SQUASHED, TORTUGA])
    play(game, f"play {SQUIRE}#1 @ base:{SQUASHED}", "player:1")
    assert decision(game) == (0, "main") and controller(game, f"{SQUIRE}#1") == 1
