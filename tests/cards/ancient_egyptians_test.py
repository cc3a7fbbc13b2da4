"""Ancient Egyptians (Oops, You Did It Again) and their bases Pyramids and Star Portal: each
card's ability, scripted strictly on a described board. Burying and uncovering are the Oops
rulebook's "Burying" (guide §4.5); the rulings are listed in the modules' docstrings."""

import json

from smashup.narrate import Narrator
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

AE = "ancient-egyptians"
PHARAOH = f"{AE}/pharaoh"
PRIEST = f"{AE}/priest-of-anubis"
ENGINEER = f"{AE}/pyramid-engineer"
MUMMY = f"{AE}/mummy"
CURSE = f"{AE}/ancient-curse"
BLESSING = f"{AE}/blessing-of-anubis"
KNOWLEDGE = f"{AE}/lost-knowledge"
STRENGTH = f"{AE}/mummy-strength"
LOCUSTS = f"{AE}/plague-of-locusts"
SEAL = f"{AE}/seal-the-tomb"
TRAP = f"{AE}/tomb-trap"
TAKE = f"{AE}/you-can-take-it-with-you"

PYRAMIDS = "pyramids"  # breakpoint 21
PORTAL = "star-portal"  # breakpoint 17
OASIS = "jungle-oasis"  # breakpoint 12, no ability
TORTUGA = "tortuga"  # breakpoint 21

REX = "dinosaurs/king-rex"  # power 7
RAPTOR = "dinosaurs/war-raptor"  # power 2 (+1 per War Raptor here)
INVADER = "aliens/invader"  # power 3, on play: 1 VP
FLEETING = "time-travelers/time-is-fleeting"  # played only through its Special
WARBOT = "robots/warbot"  # power 4, cannot be destroyed
FILLER = [["zombies/walker"] * 8, ["zombies/walker"] * 8]


def hand(game, p: int = 0) -> list[str]:
    return sorted(game.state.names[c] for c in game.state.hands[p])


def buried(game, base: str, seat: int) -> list[str]:
    """The buried cards beside ``base`` as ``seat``'s observation shows them."""
    obs = game.observation(seat)
    return next(b["buried"] for b in obs["bases"] if b["id"] == f"base:{base}")


def told(game, seat: int) -> str:
    """Everything ``seat`` learnt from the last decision: its events and their sentences."""
    events = game.events_for(seat)
    return json.dumps(events) + " ".join(Narrator(game, viewer=seat).narrate(events))


def opponents_turn_then_mine(game) -> None:
    """Player 0 ends the turn, player 1 ends theirs: player 0's start of turn."""
    play(game, "end")
    pass_until_main(game)
    play(game, "end")


# ---- Pharaoh -----------------------------------------------------------------------------------


def test_pharaoh_draws_when_another_players_buried_card_is_uncovered():
    """Pharaoh: after another buried card is uncovered (any player's), its controller draws."""
    game = scenario(
        decks=FILLER, current=1, phase="start",
        bases=[{"base": TORTUGA, "minions": [PHARAOH],
                "buried": [{"card": INVADER, "controller": 1}]}, OASIS])
    assert options(game) == ["trigger rule:uncover", "pass"]
    play(game, "trigger rule:uncover")
    assert where(game, f"{INVADER}#1") == "minion@base:tortuga"
    assert game.state.vp == [0, 1]
    assert len(game.state.hands[0]) == 1  # Pharaoh's controller drew


def test_pharaoh_does_not_draw_for_its_own_uncovering():
    """Pharaoh: "another" buried card; Pharaoh dug up itself draws nothing."""
    game = scenario(decks=FILLER, phase="start",
                    bases=[{"base": TORTUGA, "buried": [PHARAOH]}, OASIS])
    play(game, "trigger rule:uncover")
    assert where(game, f"{PHARAOH}#1") == "minion@base:tortuga"
    assert game.state.hands[0] == []


def test_a_buried_pharaoh_has_no_ability():
    """Burying (guide §4.5): a buried card's abilities cannot trigger until it is uncovered:
    a Pharaoh lying buried draws nothing when another buried card is uncovered."""
    game = scenario(decks=FILLER, current=1, phase="start",
                    bases=[{"base": TORTUGA, "buried": [PHARAOH,
                                                       {"card": INVADER, "controller": 1}]},
                           OASIS])
    play(game, "trigger rule:uncover")
    assert where(game, f"{INVADER}#1") == "minion@base:tortuga"
    assert game.state.hands[0] == []


def test_pharaoh_uncovers_a_minion_before_its_base_scores_and_it_counts():
    """Pharaoh's Special: before its base scores it uncovers one of your cards buried there;
    the minion is played there at once and its power counts in that scoring (guide §5.3)."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": REX, "controller": 1},
                                           {"card": INVADER, "controller": 1}],
                "buried": [REX + "#2"]}, TORTUGA])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {PHARAOH}#1", "pass"]
    play(game, f"trigger {PHARAOH}#1")  # the only buried card there: no question
    played = [e for e in game.events if e["kind"] == "played"]
    assert [(e["card"], e["slot"]) for e in played] == [(card_id(game, f"{REX}#2"), 0)]
    assert game.state.vp == [2, 0]  # 5 + 7 against 7 + 3
    assert len(game.state.hands[0]) == 3  # Pharaoh's "another card uncovered" (+1), draw 2


def test_pharaoh_special_declined_leaves_the_card_buried_to_be_discarded():
    """Pharaoh's Special is a "may": passing leaves the card buried; it goes to the discard
    pile with the base."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": REX, "controller": 1},
                                           {"card": INVADER, "controller": 1}],
                "buried": [REX + "#2"]}, TORTUGA])
    play(game, "end", "pass")
    assert game.state.vp == [0, 2]
    assert where(game, f"{REX}#2") == "discard:0"


def test_pharaoh_offers_nothing_without_a_buried_card_of_yours_there():
    """Pharaoh's Special is not offered when you have no card buried at its base (another
    player's buried card there does not count)."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": REX, "controller": 1}],
                "buried": [{"card": INVADER, "controller": 1}]}, TORTUGA])
    play(game, "end")
    assert game.state.vp == [0, 2]  # scored without a Me First! decision for Pharaoh


def test_pharaoh_with_tomb_trap_destroys_before_scoring_but_not_a_warbot():
    """Tomb Trap with Pharaoh (guide §5.3, hardest cards): dug up before the base scores, its
    "when uncovered" part may destroy a minion of power 4 or less there, which changes the
    scoring; a minion that cannot be destroyed (Warbot, robots) is not offered."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": INVADER, "controller": 1},
                                           {"card": WARBOT, "controller": 1}],
                "buried": [TRAP]}, TORTUGA])
    play(game, "end", f"trigger {PHARAOH}#1")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{INVADER}#1", "skip"]  # not Pharaoh (5), not the Warbot
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "discard:1"
    assert where(game, f"{TRAP}#1") == "discard:0"  # played, then discarded: not reburied
    assert game.state.vp == [2, 0]  # 5 against the Warbot's 4


def test_pharaoh_with_blessing_of_anubis_ties_the_scoring():
    """Blessing of Anubis with Pharaoh: dug up before the base scores, your minions there are
    2 stronger for that scoring (a tie for first gives both players the first place VP)."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": REX, "controller": 1}],
                "buried": [BLESSING]}, TORTUGA])
    play(game, "end", f"trigger {PHARAOH}#1")
    assert game.state.vp == [2, 2]  # 5 + 2 against 7


def test_pharaoh_with_you_can_take_it_with_you_draws_four():
    """You Can Take It With You with Pharaoh: dug up before the base scores, it draws three,
    and Pharaoh draws one more for a buried card uncovered."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": REX, "controller": 1}],
                "buried": [TAKE]}, TORTUGA])
    play(game, "end", f"trigger {PHARAOH}#1")
    drew = [e["count"] for e in game.events if e["kind"] == "drew" and e["player"] == 0]
    assert drew == [3, 1, 2]  # the card, Pharaoh, the Draw 2 Cards phase
    assert where(game, f"{TAKE}#1") == "discard:0"


def test_pharaoh_asks_which_card_when_you_have_several_buried_there():
    """Pharaoh's Special: with several of your cards buried at its base you pick one; only
    cards at its base are offered."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": REX, "controller": 1}],
                "buried": [TAKE, INVADER]},
               {"base": TORTUGA, "buried": [BLESSING]}])
    play(game, "end", f"trigger {PHARAOH}#1")
    assert decision(game) == (0, "uncover")
    assert options(game) == [f"{TAKE}#1", f"{INVADER}#1"]
    play(game, f"{INVADER}#1")
    assert game.state.vp == [3, 0]  # Invader's VP, then 5 + 3 against 7: first place
    assert where(game, f"{BLESSING}#1") == "buried@base:tortuga"


# ---- Priest of Anubis --------------------------------------------------------------------------


def test_priest_of_anubis_is_stronger_with_your_card_buried_at_its_base():
    """Priest of Anubis: +2 while you have a card buried at its base: not for another
    player's card there, nor for yours at another base; it ends when the card is dug up."""
    game = scenario(
        decks=FILLER, phase="start",
        bases=[{"base": TORTUGA, "minions": [PRIEST, f"{PRIEST}#2"],
                "buried": [{"card": INVADER, "controller": 1}]},
               {"base": OASIS, "buried": [TAKE]}])
    assert power(game, f"{PRIEST}#1") == 4
    game2 = scenario(
        decks=FILLER, phase="start",
        bases=[{"base": TORTUGA, "minions": [PRIEST], "buried": [TAKE]}, OASIS])
    assert power(game2, f"{PRIEST}#1") == 6
    play(game2, "trigger rule:uncover")
    assert power(game2, f"{PRIEST}#1") == 4


def test_priest_of_anubis_gains_as_a_card_is_buried_and_loses_it_when_moved_away():
    """Priest of Anubis as cards arrive and move: a card you bury at its base (Pyramid
    Engineer's talent) makes it 6 at once; moved to another base (ninjas' Way of Deception)
    it is 4 again."""
    game = scenario(hands=[[INVADER, "ninjas/way-of-deception"], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [PRIEST, ENGINEER]}, OASIS])
    assert power(game, f"{PRIEST}#1") == 4
    play(game, f"use {ENGINEER}#1", f"{INVADER}#1")
    assert power(game, f"{PRIEST}#1") == 6
    play(game, "play ninjas/way-of-deception#1", f"{PRIEST}#1")  # the only other base
    assert where(game, f"{PRIEST}#1") == "minion@base:jungle-oasis"
    assert power(game, f"{PRIEST}#1") == 4


# ---- Pyramid Engineer --------------------------------------------------------------------------


def test_pyramid_engineer_may_uncover_one_of_your_cards_here():
    """Pyramid Engineer: on play you may uncover one of your buried cards at its base (only
    there, only yours); it is played at once as an extra card."""
    game = scenario(
        hands=[[ENGINEER], []], decks=FILLER,
        bases=[{"base": TORTUGA, "buried": [INVADER, {"card": TAKE, "controller": 1}]},
               {"base": OASIS, "buried": [BLESSING]}])
    play(game, f"play {ENGINEER}#1 @ base:tortuga")
    assert decision(game) == (0, "uncover")
    assert options(game) == [f"{INVADER}#1", "skip"]
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "minion@base:tortuga"
    assert game.state.vp == [1, 0]
    declined = scenario(hands=[[ENGINEER], []], decks=FILLER,
                        bases=[{"base": TORTUGA, "buried": [INVADER]}, OASIS])
    play(declined, f"play {ENGINEER}#1 @ base:tortuga", "skip")
    assert where(declined, f"{INVADER}#1") == "buried@base:tortuga"
    none_here = scenario(hands=[[ENGINEER], []], decks=FILLER,
                         bases=[TORTUGA, {"base": OASIS, "buried": [INVADER]}])
    play(none_here, f"play {ENGINEER}#1 @ base:tortuga")
    assert decision(none_here) == (0, "main")  # nothing to uncover there: no question


def test_pyramid_engineer_talent_buries_a_hand_card_here_once_a_turn():
    """Pyramid Engineer's talent: bury a card from your hand at its base, face down; once per
    turn, and not offered with an empty hand."""
    game = scenario(hands=[[INVADER, TAKE], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [ENGINEER]}, OASIS])
    assert f"use {ENGINEER}#1" in options(game)
    play(game, f"use {ENGINEER}#1", f"{TAKE}#1")
    assert where(game, f"{TAKE}#1") == "buried@base:tortuga"
    assert buried(game, TORTUGA, 1) == ["hidden"]
    assert f"use {ENGINEER}#1" not in options(game)
    empty = scenario(decks=FILLER, bases=[{"base": TORTUGA, "minions": [ENGINEER]}, OASIS])
    assert options(empty) == ["end"]


# ---- Mummy -------------------------------------------------------------------------------------


def test_mummy_may_bury_itself_at_another_base_after_its_base_scores():
    """Mummy (errata: a Special): after its base scores you may bury it at another base; it
    goes there straight from play; declined, it goes to the discard pile with the base."""
    game = scenario(decks=FILLER,
                    bases=[{"base": OASIS, "minions": [MUMMY, REX, INVADER]}, TORTUGA, PYRAMIDS])
    play(game, "end")
    assert options(game) == [f"trigger {MUMMY}#1", "pass"]
    play(game, f"trigger {MUMMY}#1")
    assert options(game) == ["base:tortuga", "base:pyramids"]
    play(game, "base:pyramids")
    assert where(game, f"{MUMMY}#1") == "buried@base:pyramids"
    assert buried(game, PYRAMIDS, 1) == [f"{MUMMY}#1"]  # everyone saw it go
    assert all(e["kind"] != "discarded" or e["card"] != card_id(game, f"{MUMMY}#1")
               for e in game.events)
    declined = scenario(decks=FILLER,
                        bases=[{"base": OASIS, "minions": [MUMMY, REX, INVADER]}, TORTUGA])
    play(declined, "end", "pass")
    assert where(declined, f"{MUMMY}#1") == "discard:0"


def test_clarification_mummy_only_reburies_if_uncovered_before_the_base_finishes_scoring():
    """Clarification: Mummy's ability can only trigger if the Mummy is uncovered before the
    base finishes scoring; then it is buried directly at a different base, not via the
    discard pile or hand. A Mummy still buried there is simply discarded."""
    still_buried = scenario(decks=FILLER,
                            bases=[{"base": OASIS, "minions": [REX, REX], "buried": [MUMMY]},
                                   TORTUGA])
    play(still_buried, "end")
    assert where(still_buried, f"{MUMMY}#1") == "discard:0"  # no Mummy question was asked
    game = scenario(decks=FILLER,
                    bases=[{"base": OASIS, "minions": [PHARAOH, REX], "buried": [MUMMY]},
                           TORTUGA])
    play(game, "end", f"trigger {PHARAOH}#1")  # dug up: a minion on the scoring base
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {MUMMY}#1")  # the only other base: no question
    assert where(game, f"{MUMMY}#1") == "buried@base:tortuga"
    assert not [e for e in game.events if e["kind"] in ("discarded", "returned")
                and e["card"] == card_id(game, f"{MUMMY}#1")]


# ---- Ancient Curse -----------------------------------------------------------------------------


def test_ancient_curse_weakens_its_minion_and_may_take_a_counter_off():
    """Ancient Curse: on a minion, -2 power while attached; you may remove a +1 power counter
    from it (asked only when it has one); the -2 leaves with the curse."""
    game = scenario(hands=[[CURSE, f"{CURSE}#2"], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": REX, "controller": 1, "counters": 2}, INVADER]}, OASIS])
    play(game, f"play {CURSE}#1 on {REX}#1")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert power(game, f"{REX}#1") == 7 + 1 - 2
    declined = scenario(hands=[[CURSE], []], decks=FILLER,
                        bases=[{"base": TORTUGA, "minions": [
                            {"card": REX, "controller": 1, "counters": 2}]}, OASIS])
    play(declined, f"play {CURSE}#1 on {REX}#1", "no")
    assert power(declined, f"{REX}#1") == 7 + 2 - 2
    no_counter = scenario(hands=[[CURSE], []], decks=FILLER,
                          bases=[{"base": TORTUGA, "minions": [INVADER]}, OASIS])
    play(no_counter, f"play {CURSE}#1 on {INVADER}#1")
    assert decision(no_counter) == (0, "main")  # nothing to remove: no question
    assert power(no_counter, f"{INVADER}#1") == 1


def test_ancient_curse_is_kept_off_by_tooth_and_claw():
    """Ancient Curse and protection (dinosaurs' Tooth and Claw... and Guns): a minion other
    players' cards cannot affect is not offered as its target."""
    game = scenario(hands=[[CURSE], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": REX, "controller": 1,
                         "attached": [{"card": "dinosaurs/tooth-and-claw-and-guns",
                                       "owner": 1, "controller": 1}]},
                        INVADER]}, OASIS])
    assert [o for o in options(game) if o.startswith(f"play {CURSE}")] == [
        f"play {CURSE}#1 on {INVADER}#1"]


# ---- Blessing of Anubis, Tomb Trap, You Can Take It With You ----------------------------------


def test_clarification_blessing_of_anubis_is_revealed_buried_and_plays_again_when_uncovered():
    """Clarification: using Blessing of Anubis to bury itself, you reveal it and place it face
    down on the base (ruling: a base of your choice); uncovered, it is played again ignoring
    the first part (not reburied): your minions there get +2 until the end of the turn,
    other players' and elsewhere not (ruling: those there at that moment, not a minion
    played there afterwards)."""
    game = scenario(hands=[[BLESSING, "robots/zapbot"], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [INVADER,
                                                         {"card": REX, "controller": 1}]},
                           {"base": OASIS, "minions": [f"{INVADER}#2"]}])
    play(game, f"play {BLESSING}#1")
    assert options(game) == ["base:tortuga", "base:jungle-oasis"]  # any base (guide R)
    play(game, "base:tortuga")
    assert where(game, f"{BLESSING}#1") == "buried@base:tortuga"
    assert buried(game, TORTUGA, 1) == [f"{BLESSING}#1"]  # it was shown
    assert power(game, f"{INVADER}#1") == 3  # nothing yet
    opponents_turn_then_mine(game)
    play(game, "trigger rule:uncover")
    assert where(game, f"{BLESSING}#1") == "discard:0"
    assert (power(game, f"{INVADER}#1"), power(game, f"{REX}#1"),
            power(game, f"{INVADER}#2")) == (5, 7, 3)
    play(game, "play robots/zapbot#1 @ base:tortuga")
    assert power(game, "robots/zapbot#1") == 2
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{INVADER}#1") == 3  # until the end of the turn only


def test_clarification_tomb_trap_is_revealed_buried_and_destroys_when_uncovered():
    """Clarification: Tomb Trap buries itself revealed; uncovered, it is played again without
    being reburied, and you may destroy a minion of power 4 or less at its base (any
    player's; "may": declining destroys nothing)."""
    game = scenario(hands=[[TRAP], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [{"card": INVADER, "controller": 1},
                                                         {"card": REX, "controller": 1}]},
                           {"base": OASIS, "minions": [{"card": RAPTOR, "controller": 1}]}])
    play(game, f"play {TRAP}#1", "base:tortuga")
    assert buried(game, TORTUGA, 1) == [f"{TRAP}#1"]
    opponents_turn_then_mine(game)
    play(game, "trigger rule:uncover")
    assert options(game) == [f"{INVADER}#1", "skip"]  # here, power 4 or less
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "discard:1"
    assert where(game, f"{TRAP}#1") == "discard:0"
    declined = scenario(decks=FILLER, phase="start",
                        bases=[{"base": TORTUGA, "minions": [{"card": INVADER,
                                                              "controller": 1}],
                                "buried": [TRAP]}, OASIS])
    play(declined, "trigger rule:uncover", "skip")
    assert where(declined, f"{INVADER}#1") == "minion@base:tortuga"


def test_clarification_you_can_take_it_with_you_is_revealed_buried_and_draws_when_uncovered():
    """Clarification: You Can Take It With You buries itself revealed (the other player sees
    it); uncovered, it is played again without being reburied and you draw three cards."""
    game = scenario(hands=[[TAKE], []], decks=FILLER, bases=[TORTUGA, OASIS])
    play(game, f"play {TAKE}#1", "base:jungle-oasis")
    assert "Player 1 buries You Can Take It With You" in told(game, 1)
    assert buried(game, OASIS, 1) == [f"{TAKE}#1"]
    opponents_turn_then_mine(game)
    before = len(game.state.hands[0])
    play(game, "trigger rule:uncover")
    assert len(game.state.hands[0]) == before + 3
    assert where(game, f"{TAKE}#1") == "discard:0"


def test_a_self_burying_card_uncovered_while_actions_are_barred_is_discarded():
    """Ruling: a self-burying action dug up when its player may not play actions (tricksters'
    Mark of Sleep) cannot be played: it is discarded and its "when uncovered" part does
    not happen; the discard says why."""
    game = scenario(hands=[[], ["tricksters/mark-of-sleep"]], decks=FILLER, current=1,
                    bases=[{"base": TORTUGA, "buried": [TAKE]}, OASIS])
    play(game, "play tricksters/mark-of-sleep#1", "choice:no-actions", "end")
    assert options(game) == ["trigger rule:uncover", "pass"]
    before = len(game.state.hands[0])
    play(game, "trigger rule:uncover")
    assert where(game, f"{TAKE}#1") == "discard:0"
    assert len(game.state.hands[0]) == before
    assert "you cannot play actions" in told(game, 0)


def test_a_card_played_only_through_its_special_is_discarded_when_uncovered():
    """Burying (guide §4.5): an uncovered card that cannot be played is discarded. A card
    that comes into play only through its Special (time travelers' Time is
    Fleeting) is not offered as a
    play when dug up, and the player is told why."""
    game = scenario(decks=FILLER, phase="start",
                    bases=[{"base": TORTUGA, "buried": [FLEETING]}, OASIS])
    play(game, "trigger rule:uncover")
    assert decision(game) == (0, "main")
    assert where(game, f"{FLEETING}#1") == "discard:0"
    assert "only through its Special" in told(game, 0)


# ---- Lost Knowledge ----------------------------------------------------------------------------


def test_lost_knowledge_buries_a_hand_card_or_uncovers_one_of_yours():
    """Lost Knowledge: bury a card from your hand (at a base you pick) OR uncover one of your
    buried cards (anywhere); you choose when both are possible, and only a way that does
    something is offered."""
    game = scenario(hands=[[KNOWLEDGE, INVADER], []], decks=FILLER,
                    bases=[TORTUGA, {"base": OASIS, "buried": [f"{INVADER}#2"]}])
    play(game, f"play {KNOWLEDGE}#1")
    assert options(game) == ["choice:bury", "choice:uncover"]
    play(game, "choice:uncover")  # the only buried card of yours: no question
    assert where(game, f"{INVADER}#2") == "minion@base:jungle-oasis"
    burying = scenario(hands=[[KNOWLEDGE, INVADER], []], decks=FILLER, bases=[TORTUGA, OASIS])
    play(burying, f"play {KNOWLEDGE}#1")  # nothing buried: it can only bury
    assert decision(burying) == (0, "choose_base")  # the only card in hand is picked
    play(burying, "base:tortuga")
    assert where(burying, f"{INVADER}#1") == "buried@base:tortuga"
    assert buried(burying, TORTUGA, 1) == ["hidden"]
    uncovering = scenario(hands=[[KNOWLEDGE], []], decks=FILLER,
                          bases=[{"base": TORTUGA, "buried": [INVADER]}, OASIS])
    play(uncovering, f"play {KNOWLEDGE}#1")  # an empty hand: it can only uncover
    assert where(uncovering, f"{INVADER}#1") == "minion@base:tortuga"


def test_lost_knowledge_as_a_special_before_scoring_on_another_players_turn():
    """Lost Knowledge's Special: played before a base scores (here on another player's turn,
    so it uses no action play); a minion it uncovers at that base counts for the scoring."""
    game = scenario(hands=[[KNOWLEDGE], []], decks=FILLER, current=1,
                    bases=[{"base": OASIS, "minions": [{"card": REX, "controller": 1},
                                                       {"card": RAPTOR, "controller": 1},
                                                       INVADER],
                            "buried": [f"{REX}#2"]}, TORTUGA])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"special {KNOWLEDGE}#1", "pass"]
    play(game, f"special {KNOWLEDGE}#1")  # its only way: uncover the only buried card
    assert game.state.vp == [2, 2]  # 3 + 7 against 7 + 3: tied first
    assert where(game, f"{KNOWLEDGE}#1") == "discard:0"


def test_lost_knowledge_special_is_not_offered_when_it_would_do_nothing():
    """Lost Knowledge's Special is offered only when one of its ways does something: with no
    other card in hand and nothing buried it is not (and the window passes silently)."""
    game = scenario(hands=[[KNOWLEDGE], []], decks=FILLER, current=1,
                    bases=[{"base": OASIS, "minions": [{"card": REX, "controller": 1},
                                                       {"card": RAPTOR, "controller": 1},
                                                       {"card": INVADER, "controller": 1}]},
                           TORTUGA])
    play(game, "end")
    assert game.state.vp == [0, 2]
    assert where(game, f"{KNOWLEDGE}#1") == "hand:0"


# ---- Mummy Strength ----------------------------------------------------------------------------


def test_mummy_strength_gives_four_with_a_buried_card_at_the_base_else_two():
    """Mummy Strength (errata +4): one of your minions gets +4 until the end of the turn if a
    card (anyone's) is buried at its base, otherwise +2."""
    game = scenario(hands=[[STRENGTH, f"{STRENGTH}#2"], []], decks=FILLER,
                    plays={"minion": 1, "action": 2},
                    bases=[{"base": TORTUGA, "minions": [INVADER],
                            "buried": [{"card": TAKE, "controller": 1}]},
                           {"base": OASIS, "minions": [f"{INVADER}#2"]}])
    play(game, f"play {STRENGTH}#1", f"{INVADER}#1", f"play {STRENGTH}#2", f"{INVADER}#2")
    assert (power(game, f"{INVADER}#1"), power(game, f"{INVADER}#2")) == (7, 5)
    play(game, "end")
    pass_until_main(game)
    assert (power(game, f"{INVADER}#1"), power(game, f"{INVADER}#2")) == (3, 3)


def test_mummy_strength_picks_a_minion_you_control_even_one_you_do_not_own():
    """Mummy Strength and control (guide §4.10): "your minions" are those you control: a
    minion you took from its owner is offered, your own minion another player controls is
    not."""
    game = scenario(hands=[[STRENGTH], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [
                        {"card": INVADER, "owner": 1, "controller": 0},
                        {"card": REX, "owner": 0, "controller": 1}]}, OASIS])
    play(game, f"play {STRENGTH}#1")  # the only minion it may pick: no question
    assert power(game, f"{INVADER}#1") == 5
    assert power(game, f"{REX}#1") == 7


# ---- Plague of Locusts -------------------------------------------------------------------------


def test_plague_of_locusts_weakens_other_players_minions_at_a_base():
    """Plague of Locusts: at the chosen base, every other player's minion gets -1 until the
    end of the turn; yours are untouched; only a base with such a minion is offered."""
    game = scenario(hands=[[LOCUSTS], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "minions": [INVADER,
                                                         {"card": REX, "controller": 1},
                                                         {"card": RAPTOR, "controller": 1}]},
                           {"base": OASIS, "minions": [f"{INVADER}#2"]}])
    play(game, f"play {LOCUSTS}#1")  # the only base with another player's minion
    assert (power(game, f"{INVADER}#1"), power(game, f"{REX}#1"),
            power(game, f"{RAPTOR}#1")) == (3, 6, 2)
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{REX}#1") == 7


def test_plague_of_locusts_as_a_special_before_scoring_changes_the_winner():
    """Plague of Locusts' Special: played before a base scores (with no action play left), it
    can turn the result; ruling: it may pick any base with another player's minion, not only
    the scoring one (its text names none)."""
    game = scenario(hands=[[LOCUSTS], []], decks=FILLER,
                    bases=[{"base": OASIS, "minions": [REX, {"card": f"{REX}#2",
                                                             "controller": 1}]},
                           {"base": TORTUGA, "minions": [{"card": RAPTOR, "controller": 1}]}],
                    plays={"minion": 1, "action": 0})
    play(game, "end")
    assert options(game) == [f"special {LOCUSTS}#1", "pass"]
    play(game, f"special {LOCUSTS}#1")
    assert options(game) == ["base:jungle-oasis", "base:tortuga"]
    play(game, "base:jungle-oasis")
    assert game.state.vp == [2, 0]  # 7 against 6


# ---- Seal the Tomb -----------------------------------------------------------------------------


def test_seal_the_tomb_buries_up_to_two_hand_cards_at_one_base():
    """Seal the Tomb: bury up to two cards from your hand, both at the same base."""
    game = scenario(hands=[[SEAL, INVADER, TAKE, BLESSING], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "buried": [f"{INVADER}#2"]}, OASIS])
    play(game, f"play {SEAL}#1", "choice:bury", f"{TAKE}#1", "base:jungle-oasis")
    assert options(game) == [f"{INVADER}#1", f"{BLESSING}#1", "skip"]
    play(game, f"{BLESSING}#1")
    assert (where(game, f"{TAKE}#1"), where(game, f"{BLESSING}#1")) == (
        "buried@base:jungle-oasis", "buried@base:jungle-oasis")
    assert buried(game, OASIS, 1) == ["hidden", "hidden"]
    one = scenario(hands=[[SEAL, INVADER, TAKE], []], decks=FILLER, bases=[TORTUGA, OASIS])
    play(one, f"play {SEAL}#1", f"{TAKE}#1", "base:tortuga", "skip")
    assert where(one, f"{INVADER}#1") == "hand:0"


def test_seal_the_tomb_uncovers_up_to_two_of_your_cards_at_one_base():
    """Seal the Tomb: or uncover up to two of your buried cards, both at the same base (only
    a base with one of yours is offered); each is played there at once."""
    game = scenario(hands=[[SEAL], []], decks=FILLER,
                    bases=[{"base": TORTUGA, "buried": [INVADER, TAKE,
                                                        {"card": BLESSING, "controller": 1}]},
                           {"base": OASIS, "buried": [f"{INVADER}#2"]}])
    play(game, f"play {SEAL}#1", "base:tortuga")
    assert options(game) == [f"{INVADER}#1", f"{TAKE}#1"]
    play(game, f"{INVADER}#1")
    assert options(game) == [f"{TAKE}#1", "skip"]
    play(game, f"{TAKE}#1")
    assert where(game, f"{INVADER}#1") == "minion@base:tortuga"
    assert len(game.state.hands[0]) == 3
    assert where(game, f"{BLESSING}#1") == "buried@base:tortuga"
    assert where(game, f"{INVADER}#2") == "buried@base:jungle-oasis"


# ---- Pyramids and Star Portal ------------------------------------------------------------------


def test_pyramids_lets_you_bury_a_hand_card_there_once_on_your_turn():
    """Pyramids: on your turn you may bury a card from your hand there, face down; once per
    turn per player (guide R), not offered with an empty hand."""
    game = scenario(hands=[[INVADER, TAKE], [f"{INVADER}#2"]], decks=FILLER,
                    bases=[PYRAMIDS, OASIS])
    assert "use base:pyramids" in options(game)
    play(game, "use base:pyramids")
    assert decision(game) == (0, "choose_card")
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "buried@base:pyramids"
    assert "use base:pyramids" not in options(game)
    play(game, "end")
    pass_until_main(game)
    assert game.state.current == 1
    assert "use base:pyramids" in options(game)  # the other player's own turn: theirs too
    empty = scenario(decks=FILLER, bases=[PYRAMIDS, OASIS])
    assert options(empty) == ["end"]


def test_star_portal_draws_for_burying_there_and_for_actions_played_on_it():
    """Star Portal: after a card is buried there (by any ability, revealed or not) or an
    action is played on the base itself, that card's controller draws; a standard action
    or an action on a minion there draws nothing."""
    game = scenario(hands=[[TAKE, "dinosaurs/wildlife-preserve", CURSE], []], decks=FILLER,
                    plays={"minion": 1, "action": 3},
                    bases=[{"base": PORTAL, "minions": [INVADER]}, OASIS])
    play(game, f"play {TAKE}#1", "base:star-portal")
    assert len(game.state.hands[0]) == 3  # two left, one drawn
    play(game, "play dinosaurs/wildlife-preserve#1 @ base:star-portal")
    assert len(game.state.hands[0]) == 3
    play(game, f"play {CURSE}#1 on {INVADER}#1")
    assert len(game.state.hands[0]) == 2  # an action on a minion here: no draw
    buried_elsewhere = scenario(hands=[[TAKE], []], decks=FILLER, bases=[PORTAL, OASIS])
    play(buried_elsewhere, f"play {TAKE}#1", "base:jungle-oasis")
    assert buried_elsewhere.state.hands[0] == []


def test_star_portal_draws_for_the_other_player_who_buries_there():
    """Star Portal: "its controller" is whoever buried the card (Pyramid Engineer's talent
    used by player 2 there draws player 2 a card)."""
    game = scenario(hands=[[], [INVADER]], decks=FILLER, current=1,
                    bases=[{"base": PORTAL, "minions": [{"card": ENGINEER, "controller": 1}]},
                           OASIS])
    play(game, f"use {ENGINEER}#1")  # the only card: no question
    assert where(game, f"{INVADER}#1") == "buried@base:star-portal"
    assert (len(game.state.hands[0]), len(game.state.hands[1])) == (0, 1)


# ---- hidden information ------------------------------------------------------------------------


def test_a_face_down_buried_card_is_named_to_nobody_else():
    """Burying (guide §4.5) and hidden information: a card buried face down (Pyramids) is
    named to its controller only: the other seat's observation, events, narration and
    history say "a card"; the spectator sees no name either."""
    game = scenario(hands=[[TAKE, INVADER], []], decks=FILLER, bases=[PYRAMIDS, OASIS])
    play(game, "use base:pyramids", f"{TAKE}#1")
    name, sentence = f"{TAKE}#1", "You Can Take It With You"
    assert buried(game, PYRAMIDS, 0) == [name]
    assert buried(game, PYRAMIDS, 1) == ["hidden"]
    assert name not in json.dumps(game.spectator_observation())
    for seat in (1, -1):
        text = told(game, seat)
        assert name not in text and sentence not in text
        assert "buries a card at Pyramids" in text
        assert name not in json.dumps(game.history_for(seat))
    assert sentence in told(game, 0)


def test_the_decisions_about_buried_cards_name_them_only_to_their_controller():
    """Hidden information: Pharaoh's choice among your buried cards is shown only to you; the
    other seat reads a generic prompt without the options, and learns the card only when it
    is played face up."""
    game = scenario(
        decks=FILLER,
        bases=[{"base": OASIS, "minions": [PHARAOH, {"card": REX, "controller": 1}],
                "buried": [TAKE, INVADER]}, TORTUGA])
    play(game, "end", f"trigger {PHARAOH}#1")
    other = json.dumps(game.observation(1))
    assert f"{TAKE}#1" not in other and f"{INVADER}#1" not in other
    assert f"{TAKE}#1" in json.dumps(game.observation(0))
    play(game, f"{INVADER}#1")
    assert f"{INVADER}#1" in json.dumps(game.history_for(1))  # played: now public
    assert f"{TAKE}#1" not in json.dumps(game.history_for(1))


def test_pyramids_is_not_offered_while_its_abilities_are_cancelled():
    """Pyramids and aliens' Jammed Signal: a base whose abilities are cancelled offers no
    burying."""
    game = scenario(hands=[[INVADER], []], decks=FILLER,
                    bases=[{"base": PYRAMIDS, "actions": [{"card": "aliens/jammed-signal",
                                                           "owner": 1, "controller": 1}]},
                           OASIS])
    assert "use base:pyramids" not in options(game)


def test_the_log_board_and_table_show_whose_buried_cards_lie_where():
    """The narrator tells a base's Play Cards ability; the board text (``smashup scenario``)
    names each buried card with its controller; the terminal table shows the other seat's
    buried cards as face down, with whose they are."""
    from smashup.cli.views import board_text
    from smashup.tui.view import base_markup

    game = scenario(hands=[[INVADER, TAKE], []], decks=FILLER, bases=[PYRAMIDS, OASIS])
    play(game, "use base:pyramids")
    assert "Player 1 uses the ability of Pyramids." in told(game, 1)
    play(game, f"{INVADER}#1", f"play {TAKE}#1", "base:pyramids")
    assert f"    buried: {INVADER}#1 (Player 1), {TAKE}#1 (Player 1)" in board_text(game)
    table = base_markup(game.observation(1)["bases"][0], 2)
    assert "You Can Take It With You" in table and "1 face down" in table
    assert "Invader" not in table


def test_a_spectator_never_reads_a_buried_card_even_one_shown_as_it_was_buried():
    """Hidden information: a spectator keeps no knowledge of hidden cards, so the burying of
    a shown card (Tomb Trap burying itself) names it to the players but not, in the burying
    event, to a spectator; its observation shows the card face down."""
    game = scenario(hands=[[TRAP], []], decks=FILLER, bases=[PYRAMIDS, OASIS])
    play(game, f"play {TRAP}#1", "base:pyramids")
    burying = [e for e in game.events_for(-1) if e["kind"] == "buried"]
    assert burying and burying[0]["card"] != card_id(game, f"{TRAP}#1")
    assert "buries a card at Pyramids" in told(game, -1)
    assert "Player 1 buries Tomb Trap at Pyramids" in told(game, 1)
    assert game.spectator_observation()["bases"][0]["buried"] == ["hidden"]


def test_a_card_uncovered_this_turn_is_not_buried_again_that_turn():
    """Burying (guide §4.5): "uncovered cards may not be immediately reburied". A Tomb Trap
    dug up at the start of the turn and brought back to hand (zombies' Grave Robbing) is not
    offered to Pyramids, and played again it cannot bury itself: it is simply discarded
    (its "when uncovered" part does not come back either)."""
    game = scenario(hands=[["zombies/grave-robbing", "wizards/chronomage"], []],
                    decks=FILLER, phase="start",
                    bases=[{"base": PYRAMIDS, "buried": [TRAP]},
                           {"base": OASIS, "minions": [{"card": INVADER, "controller": 1}]}])
    play(game, "trigger rule:uncover")  # no minion at Pyramids: nothing to destroy
    play(game, "play wizards/chronomage#1 @ base:jungle-oasis")  # an extra action
    play(game, "play zombies/grave-robbing#1")  # the only card in the discard pile
    assert hand(game) == [f"{TRAP}#1"]
    assert "use base:pyramids" not in options(game)
    play(game, f"play {TRAP}#1")
    assert decision(game) == (0, "main")  # no base to pick: it cannot go under again
    assert where(game, f"{TRAP}#1") == "discard:0"
    assert where(game, f"{INVADER}#1") == "minion@base:jungle-oasis"
