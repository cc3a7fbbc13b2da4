"""Rulings an outside card audit found (issue 15, item 6), each scripted on a described board.

All five were of one family: an option offered that is not legal, or a restriction that misses
a way of playing. The general rules behind them (every option takes effect, a restriction holds
against every way of playing or moving a card, "this turn" is the current turn) are tested over
the whole core set in tests/engine/options_take_effect_test.py and
tests/cards/restrictions_test.py.
"""

from __future__ import annotations

from typing import Any

from smashup import Game
from smashup.testing import decision, options, play, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
FACTORY = "factory-436-1337"  # breakpoint 25, acts only when it scores
MALL = "rhodes-plaza-mall"  # breakpoint 24, acts only when it scores
DECKS = [["dinosaurs/howl"] * 2, ["dinosaurs/howl"] * 2]


def m(card: str, controller: int = 0, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": controller, **more}


def theirs(card: str) -> dict[str, Any]:
    """An action on a base, owned and controlled by player 1."""
    return {"card": card, "owner": 1, "controller": 1}


def board(oasis: list[Any] | None = None, factory: list[Any] | None = None,
          mall: list[Any] | None = None, oasis_actions: list[Any] | None = None,
          factory_actions: list[Any] | None = None, mall_actions: list[Any] | None = None,
          **fields: Any) -> Game:
    """Three bases with no ability that matters here; each player has two cards to draw."""
    fields.setdefault("hands", [[], []])
    fields.setdefault("decks", DECKS)
    fields.setdefault("base_deck", ["the-central-brain"])
    return scenario(bases=[{"base": OASIS, "minions": oasis or [], "actions": oasis_actions or []},
                           {"base": FACTORY, "minions": factory or [],
                            "actions": factory_actions or []},
                           {"base": MALL, "minions": mall or [], "actions": mall_actions or []}],
                    **fields)


# Jungle Oasis is ready to score: player 1's King Rex (7) against player 0's 3 + 3
READY_OASIS = [m("dinosaurs/king-rex", 1), m("dinosaurs/war-raptor"), m("dinosaurs/armor-stego")]


# ---- Mark of Sleep: "cannot play actions" covers Specials -------------------------------------


def mark_victim(choice: str, hand1: list[str]) -> Game:
    """Player 0 plays Mark of Sleep (current printing) on player 1, then ends the turn with
    Jungle Oasis about to score."""
    game = board(oasis=READY_OASIS, hands=[["tricksters/mark-of-sleep"], hand1])
    play(game, "play tricksters/mark-of-sleep#1", f"choice:{choice}", "end")
    return game


def test_mark_of_sleep_no_actions_stops_specials_that_play_actions():
    """Mark of Sleep: the chosen player cannot play actions until your next turn. Using Hidden
    Ninja's or Full Sail's Special is playing that action, so neither is offered."""
    game = mark_victim("no-actions", ["ninjas/hidden-ninja", "aliens/invader",
                                      "pirates/full-sail"])
    # no "Me First!" window was offered to player 1: the base scored at once
    assert game.state.vp == [0, 2]
    assert where(game, "ninjas/hidden-ninja#1") == "hand:1"
    assert where(game, "pirates/full-sail#1") == "hand:1"
    # and on their own turn that follows, still no actions
    assert decision(game) == (1, "main")
    assert not [o for o in options(game) if "hidden-ninja" in o or "full-sail" in o]


def test_mark_of_sleep_no_moves_leaves_specials_playable():
    """The other choice (no moving minions) does not stop playing actions."""
    game = mark_victim("no-moves", ["ninjas/hidden-ninja", "aliens/invader"])
    assert decision(game) == (1, "me_first")
    assert options(game) == ["special ninjas/hidden-ninja#1", "pass"]


def test_original_mark_of_sleep_stops_specials_on_the_victims_own_turn():
    """Mark of Sleep (2012): the chosen player cannot play actions on their next turn, so a
    base scoring then gets no Hidden Ninja or Full Sail from them."""
    game = board(oasis=[m("dinosaurs/armor-stego"), m("dinosaurs/armor-stego")],
                 hands=[["tricksters@original/mark-of-sleep"],
                        ["dinosaurs/king-rex", "ninjas/hidden-ninja", "aliens/invader",
                         "pirates/full-sail"]])
    play(game, "play tricksters@original/mark-of-sleep#1", "end")
    assert decision(game) == (1, "main")
    play(game, "play dinosaurs/king-rex#1 @ base:jungle-oasis", "end")  # 7 + 3 + 3 >= 12
    assert game.state.vp == [0, 2]
    assert where(game, "ninjas/hidden-ninja#1") == "hand:1"
    assert where(game, "pirates/full-sail#1") == "hand:1"


def test_original_mark_of_sleep_does_not_stop_specials_on_other_turns():
    """Mark of Sleep (2012) lasts only for the victim's own next turn."""
    game = board(oasis=READY_OASIS, hands=[["tricksters@original/mark-of-sleep"],
                                           ["ninjas/hidden-ninja", "aliens/invader"]])
    play(game, "play tricksters@original/mark-of-sleep#1", "end")
    assert decision(game) == (1, "me_first")
    assert options(game) == ["special ninjas/hidden-ninja#1", "pass"]


# ---- Ninja Acolyte: both halves or neither ----------------------------------------------------


def acolyte_board(hand0: list[str]) -> Game:
    """Player 1 plays Block the Path on Jungle Oasis, where player 0's Ninja Acolyte is, naming
    Ninjas; then it is player 0's turn."""
    game = board(oasis=[m("ninjas/ninja-acolyte")], current=1,
                 factions=[["ninjas", "aliens"], ["tricksters", "dinosaurs"]],
                 hands=[hand0, ["tricksters/block-the-path"]])
    play(game, "play tricksters/block-the-path#1 @ base:jungle-oasis", "faction:ninjas", "end")
    assert decision(game) == (0, "main")
    return game


def test_ninja_acolyte_talent_not_offered_when_no_minion_could_be_played_there():
    """Ninja Acolyte, clarification: you must both return it and play the extra minion. With
    Block the Path naming Ninjas on its base, neither a Ninja in hand nor the Acolyte itself
    could be played there, so the talent is not offered."""
    game = acolyte_board(["ninjas/tiger-assassin"])
    assert "use ninjas/ninja-acolyte#1" not in options(game)


def test_ninja_acolyte_talent_offered_when_a_minion_could_be_played_there():
    """With a minion of another faction in hand, the swap is possible: the talent is offered
    and only that minion may come in."""
    game = acolyte_board(["ninjas/tiger-assassin", "aliens/invader"])
    play(game, "use ninjas/ninja-acolyte#1")  # the only possible minion is played at once
    assert where(game, "aliens/invader#1") == "minion@base:jungle-oasis"
    assert where(game, "ninjas/ninja-acolyte#1") == "hand:0"


def test_ninja_acolyte_talent_not_offered_at_an_opponents_overrun_base():
    """Overrun: other players cannot play minions on its base, so an Acolyte there cannot
    swap."""
    game = board(oasis=[m("ninjas/ninja-acolyte")], oasis_actions=[theirs("zombies/overrun")],
                 hands=[["aliens/invader"], []])
    assert "use ninjas/ninja-acolyte#1" not in options(game)
    assert "play aliens/invader#1 @ base:jungle-oasis" not in options(game)


# ---- Brownie (2012): a base's ability is not a card played ------------------------------------


def cards_in_hand_of_player_1(game: Game) -> int:
    return len(game.state.hands[1])


def test_original_brownie_ignores_ninja_dojo():
    """Brownie (2012): only a card another player plays that affects it makes that player
    discard. Ninja Dojo's winner destroying it uses a base's ability, not a card."""
    game = scenario(bases=[{"base": "ninja-dojo",
                            "minions": [m("dinosaurs/king-rex", 1), m("dinosaurs/armor-stego"),
                                        m("dinosaurs/war-raptor", 1), m("dinosaurs/armor-stego", 1),
                                        m("dinosaurs/lasertops", 1)]},
                           {"base": FACTORY, "minions": [m("tricksters@original/brownie")]}],
                    hands=[[], ["aliens/invader", "aliens/scout", "aliens/collector"]],
                    decks=DECKS, base_deck=["the-central-brain"], current=1)
    play(game, "end")  # 7 + 2 + 3 + 4 against 3: player 1 wins the Dojo
    assert decision(game) == (1, "me_first")
    play(game, "trigger base:ninja-dojo", "tricksters@original/brownie#1")
    assert where(game, "tricksters@original/brownie#1") == "discard:0"
    assert cards_in_hand_of_player_1(game) == 3 + 2  # nothing discarded; the draw phase adds two


def test_original_brownie_ignores_temple_of_goju():
    """Brownie (2012): Temple of Goju tucking it under its owner's deck is the base's doing."""
    game = scenario(bases=[{"base": "temple-of-goju",
                            "minions": [m("dinosaurs/king-rex", 1), m("dinosaurs/war-raptor", 1),
                                        m("dinosaurs/lasertops", 1), m("dinosaurs/armor-stego", 1),
                                        m("tricksters@original/brownie")]},
                           FACTORY],
                    hands=[[], ["aliens/invader", "aliens/scout", "aliens/collector"]],
                    decks=DECKS, base_deck=["the-central-brain"], current=1)
    play(game, "end")
    assert where(game, "tricksters@original/brownie#1") == "deck:0"
    assert cards_in_hand_of_player_1(game) == 3 + 2


def test_original_brownie_ignores_tar_pits():
    """Brownie (2012): at Tar Pits, a destruction turned into a tuck under the deck is done by
    the base, so the Brownie was not affected by the card that tried to destroy it."""
    game = scenario(bases=[{"base": "tar-pits", "minions": [m("tricksters@original/brownie")]},
                           FACTORY],
                    hands=[[], ["ninjas/ninja-master", "aliens/invader", "aliens/scout"]],
                    decks=DECKS, base_deck=["the-central-brain"], current=1)
    play(game, "play ninjas/ninja-master#1 @ base:tar-pits", "tricksters@original/brownie#1")
    assert where(game, "tricksters@original/brownie#1") == "deck:0"
    assert cards_in_hand_of_player_1(game) == 2


def test_original_brownie_still_answers_a_card_played_by_another_player():
    """The same Ninja Master destroying the Brownie elsewhere costs player 1 two cards."""
    game = scenario(bases=[{"base": OASIS, "minions": [m("tricksters@original/brownie")]},
                           FACTORY],
                    hands=[[], ["ninjas/ninja-master", "aliens/invader", "aliens/scout"]],
                    decks=DECKS, base_deck=["the-central-brain"], current=1)
    play(game, "play ninjas/ninja-master#1 @ base:jungle-oasis", "tricksters@original/brownie#1")
    assert where(game, "tricksters@original/brownie#1") == "discard:0"
    assert cards_in_hand_of_player_1(game) == 0


# ---- moves are offered only where the minion may go ------------------------------------------


def test_invasion_offers_only_bases_the_minion_may_move_to():
    """Hideout: other players cannot move minions to its base. Invasion is offered every base
    but that one (and the minion's own)."""
    game = board(oasis=[m("dinosaurs/king-rex", 1)], mall_actions=[theirs("tricksters/hideout")],
                 hands=[["aliens/invasion"], []])
    # the only minion, and the only base it may go to, are picked at once
    play(game, "play aliens/invasion#1")
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:factory-436-1337"


def test_invasion_does_not_offer_a_minion_with_nowhere_to_go():
    """Two bases, Hideout on the other one: a minion at Jungle Oasis cannot be moved, so it is
    not offered; the one at the Hideout's base can leave it."""
    game = scenario(bases=[{"base": OASIS, "minions": [m("dinosaurs/king-rex", 1)]},
                           {"base": FACTORY, "minions": [m("dinosaurs/war-raptor", 1)],
                            "actions": [theirs("tricksters/hideout")]}],
                    hands=[["aliens/invasion"], []], decks=DECKS)
    play(game, "play aliens/invasion#1")  # the War Raptor, the only movable minion
    assert where(game, "dinosaurs/war-raptor#1") == "minion@base:jungle-oasis"


def test_buccaneer_offers_only_allowed_bases():
    """Buccaneer: it may move to another base instead of being destroyed; a base with an
    opponent's Hideout is not one it may go to."""
    game = board(oasis=[m("pirates/buccaneer")], mall_actions=[theirs("tricksters/hideout")],
                 hands=[[], ["ninjas/ninja-master"]], current=1)
    play(game, "play ninjas/ninja-master#1 @ base:jungle-oasis", "pirates/buccaneer#1")
    assert decision(game) == (0, "choose_base")
    assert options(game) == ["base:factory-436-1337", "skip"]


def test_buccaneer_with_nowhere_to_go_is_simply_destroyed():
    """With Hideout on the only other base, there is no escape to offer."""
    game = scenario(bases=[{"base": OASIS, "minions": [m("pirates/buccaneer")]},
                           {"base": FACTORY, "actions": [theirs("tricksters/hideout")]}],
                    hands=[[], ["ninjas/ninja-master"]], decks=DECKS, current=1)
    play(game, "play ninjas/ninja-master#1 @ base:jungle-oasis", "pirates/buccaneer#1")
    assert where(game, "pirates/buccaneer#1") == "discard:0"


def test_dinghy_offers_nothing_to_a_player_who_cannot_move_minions():
    """Mark of Sleep, "cannot move minions": Dinghy may still be played, but it offers no
    minion to move."""
    game = board(oasis=[m("pirates/first-mate")], current=1,
                 hands=[["pirates/dinghy"], ["tricksters/mark-of-sleep"]])
    play(game, "play tricksters/mark-of-sleep#1", "choice:no-moves", "end")
    assert decision(game) == (0, "main")
    play(game, "play pirates/dinghy#1")
    assert decision(game) == (0, "main")
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"


def test_dinghy_offers_only_movable_minions():
    """Dinghy with an opponent's Hideout on the only other base: nothing can move."""
    game = scenario(bases=[{"base": OASIS, "minions": [m("pirates/first-mate")]},
                           {"base": FACTORY, "actions": [theirs("tricksters/hideout")]}],
                    hands=[["pirates/dinghy"], []], decks=DECKS)
    play(game, "play pirates/dinghy#1")
    assert decision(game) == (0, "main")


def test_pirate_king_is_not_offered_a_move_it_may_not_make():
    """Pirate King: before a base scores it may move there; not when an opponent's Hideout
    is on that base."""
    game = board(oasis=READY_OASIS, oasis_actions=[theirs("tricksters/hideout")],
                 mall=[m("pirates/pirate-king")])
    play(game, "end")
    assert game.state.vp == [0, 2]  # no "Me First!" offer; the base scored as it stood
    assert where(game, "pirates/pirate-king#1") == "minion@base:rhodes-plaza-mall"


def test_pirate_king_under_mark_of_sleep_no_moves_is_not_offered():
    """Mark of Sleep, "cannot move minions": the Pirate King stays where it is."""
    game = board(oasis=READY_OASIS, mall=[m("pirates/pirate-king")], current=1,
                 hands=[[], ["tricksters/mark-of-sleep"]])
    play(game, "play tricksters/mark-of-sleep#1", "choice:no-moves", "end")
    assert decision(game) == (0, "main")
    play(game, "end")
    assert game.state.vp == [0, 2]
    assert where(game, "pirates/pirate-king#1") == "minion@base:rhodes-plaza-mall"


def test_first_mate_with_nowhere_to_go_is_not_asked():
    """First Mate: after its base scores it may move to another base; with an opponent's
    Hideout on the only other base, it goes to the discard pile with the rest."""
    game = scenario(bases=[{"base": OASIS, "minions": READY_OASIS + [m("pirates/first-mate")]},
                           {"base": FACTORY, "actions": [theirs("tricksters/hideout")]}],
                    decks=DECKS, base_deck=["the-central-brain"])
    play(game, "end")
    assert where(game, "pirates/first-mate#1") == "discard:0"


def test_shanghai_and_sea_dogs_offer_only_allowed_destinations():
    """Shanghai and Sea Dogs move other players' minions: not onto their Hideout's base."""
    game = board(oasis=[m("dinosaurs/king-rex", 1)], mall_actions=[theirs("tricksters/hideout")],
                 hands=[["pirates/shanghai", "pirates/sea-dogs"], []],
                 plays={"minion": 1, "action": 2})
    play(game, "play pirates/shanghai#1")  # the only minion and base it may go to
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:factory-436-1337"
    play(game, "play pirates/sea-dogs#1")
    # the only faction and source base are picked at once; one destination is left
    assert where(game, "dinosaurs/king-rex#1") == "minion@base:jungle-oasis"


def test_mushroom_kingdom_does_not_offer_a_move_onto_a_hideout_base():
    """Mushroom Kingdom: you may move a minion onto or off it; not onto it past an opponent's
    Hideout there. A minion already there may still leave."""
    game = scenario(bases=[{"base": "mushroom-kingdom",
                            "minions": [m("dinosaurs/war-raptor", 1)],
                            "actions": [theirs("tricksters/hideout")]},
                           {"base": OASIS, "minions": [m("dinosaurs/king-rex", 1)]}],
                    hands=[["aliens/invader", "aliens/scout"], []], decks=DECKS,
                    phase="start")
    assert decision(game) == (0, "me_first")
    play(game, "trigger base:mushroom-kingdom")
    # only the War Raptor (leaving) qualifies: it is picked at once and moves to the Oasis
    assert where(game, "dinosaurs/war-raptor#1") == "minion@base:jungle-oasis"


# ---- Leprechaun: the first eligible minion -----------------------------------------------------


def test_leprechaun_skips_a_minion_that_cannot_be_destroyed():
    """Leprechaun: the first minion each turn that qualifies is destroyed (clarification:
    "the first eligible minion"). Warbot cannot be destroyed, so it does not use up the turn's
    one destruction; the weaker Zapbot that follows is destroyed."""
    game = scenario(bases=[{"base": OASIS, "minions": [m("tricksters/leprechaun")]}, FACTORY],
                    hands=[[], ["robots/warbot", "robots/zapbot"]], decks=DECKS, current=1,
                    plays={"minion": 2, "action": 1})
    play(game, "play robots/warbot#1 @ base:jungle-oasis")
    assert where(game, "robots/warbot#1") == "minion@base:jungle-oasis"
    play(game, "play robots/zapbot#1 @ base:jungle-oasis")
    assert where(game, "robots/zapbot#1") == "discard:1"
