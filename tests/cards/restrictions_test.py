"""A restriction holds against every way of playing or moving a card (issue 15, item 6).

The core set's restrictions: Overrun and Block the Path (no minions played at a base), Mark of
Sleep (no actions played, or no minions moved, by a player), Hideout (no minions moved to a
base by other players). The ways: normal and extra plays, Specials, and cards played or moved by
another card's ability, from the hand, the deck or the discard pile. Each case plays its way on
a board carrying the restriction, collects every option offered along the way and checks that
none breaks it.

Also here: "this turn" means the current turn, whoever's it is.
"""

from __future__ import annotations

from typing import Any

import pytest

from smashup import Game
from smashup.testing import decision, options, play, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
FACTORY = "factory-436-1337"
MALL = "rhodes-plaza-mall"
DECKS = [["dinosaurs/howl"] * 2, ["dinosaurs/howl"] * 2]


def m(card: str, controller: int = 0, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": controller, **more}


def theirs(card: str) -> dict[str, Any]:
    return {"card": card, "owner": 1, "controller": 1}


def board(oasis: list[Any] | None = None, oasis_actions: list[Any] | None = None,
          factory: list[Any] | None = None, mall_actions: list[Any] | None = None,
          **fields: Any) -> Game:
    fields.setdefault("hands", [[], []])
    fields.setdefault("decks", DECKS)
    fields.setdefault("base_deck", ["the-central-brain"])
    return scenario(bases=[{"base": OASIS, "minions": oasis or [], "actions": oasis_actions or []},
                           {"base": FACTORY, "minions": factory or []},
                           {"base": MALL, "actions": mall_actions or []}], **fields)


def offered_along(game: Game, steps: list[str]) -> list[str]:
    """Every option offered at each decision along ``steps`` (strictly applied) and after."""
    seen = list(options(game)) if game.request is not None else []
    for step in steps:
        play(game, step)
        if game.request is not None:
            seen += options(game)
    return seen


# ---- Overrun: "other players cannot play minions on this base" ---------------------------------

OVERRUN = [theirs("zombies/overrun")]
# Jungle Oasis is about to score on player 1's turn: 7 (player 1) against 3 + 3 (player 0)
READY = [m("dinosaurs/king-rex", 1), m("dinosaurs/war-raptor"), m("dinosaurs/armor-stego")]

# (name, extra scenario fields, steps to the choice); player 0 is the one restricted
MINION_WAYS: list[tuple[str, dict[str, Any], list[str]]] = [
    ("normal play from hand", {"hands": [["aliens/invader"], []]}, []),
    ("extra play (Summon)", {"hands": [["wizards/summon", "aliens/invader"], []]},
     ["play wizards/summon#1"]),
    ("extra play with a condition (Outbreak)",
     {"hands": [["zombies/outbreak", "aliens/invader"], []]}, ["play zombies/outbreak#1"]),
    ("extra play off the deck (Hoverbot)",
     {"hands": [["robots/hoverbot"], []], "decks": [["aliens/invader"], []]},
     ["play robots/hoverbot#1 @ base:factory-436-1337"]),
    ("extra play from the discard pile (They Keep Coming)",
     {"hands": [["zombies/they-keep-coming"], []], "discards": [["aliens/invader"], []]},
     ["play zombies/they-keep-coming#1"]),
    ("extra play from the discard pile (Zombie Lord)",
     {"hands": [["zombies/zombie-lord"], []], "discards": [["zombies/walker"], []]},
     ["play zombies/zombie-lord#1 @ base:factory-436-1337"]),
    ("Special from the discard pile (Tenacious Z)",
     {"discards": [["zombies/tenacious-z"], []]}, []),
    ("ongoing play source (They're Coming To Get You)",
     {"oasis_actions": OVERRUN + [m("zombies/theyre-coming-to-get-you")],
      "discards": [["zombies/walker"], []]}, []),
    ("ongoing free extra (Enshrouding Mist, 2012)",
     {"oasis_actions": OVERRUN + [m("tricksters@original/enshrouding-mist")],
      "hands": [["aliens/invader"], []]}, []),
    ("talent (Enshrouding Mist)",
     {"oasis_actions": OVERRUN + [m("tricksters/enshrouding-mist")],
      "hands": [["aliens/invader"], []]}, []),
    ("talent (Ninja Acolyte)",
     {"oasis": [m("ninjas/ninja-acolyte")], "hands": [["aliens/invader"], []]}, []),
    ("swap (Disguise)",
     {"oasis": [m("aliens/scout")], "hands": [["ninjas/disguise", "aliens/invader"], []]},
     ["play ninjas/disguise#1"]),
    ("Special before scoring (Shinobi)",
     {"oasis": READY, "hands": [["ninjas/shinobi"], []], "current": 1}, ["end"]),
    ("Special before scoring (Hidden Ninja)",
     {"oasis": READY, "hands": [["ninjas/hidden-ninja", "aliens/invader"], []], "current": 1},
     ["end"]),
]


@pytest.mark.parametrize("way", MINION_WAYS, ids=[w[0] for w in MINION_WAYS])
def test_overrun_holds_against_every_way_of_playing_a_minion(way):
    """Overrun: other players cannot play minions on its base — by any way of playing."""
    name, fields, steps = way
    fields = dict(fields)
    fields.setdefault("oasis_actions", OVERRUN)
    game = board(**fields)
    seen = offered_along(game, steps)
    assert not [o for o in seen if o.startswith("play") and o.endswith("@ base:jungle-oasis")]
    if "Tenacious Z" not in name:  # its Special may still play it at the other bases
        # nothing that would only lead to such a play is offered either
        assert not [o for o in seen if o.startswith(("use ", "special "))]
    for card in game.state.names:
        if card.split("#")[0] in ("aliens/invader", "zombies/walker", "zombies/tenacious-z",
                                  "ninjas/shinobi"):
            assert where(game, card) != "minion@base:jungle-oasis"


def test_overrun_swapped_base_keeps_it_for_terraforming():
    """Terraforming swaps the base but Overrun stays on it; the extra minion "there" cannot be
    played there."""
    game = board(oasis_actions=OVERRUN, hands=[["aliens/terraforming", "aliens/invader"], []])
    seen = offered_along(game, ["play aliens/terraforming#1", "base:jungle-oasis"])
    assert not [o for o in seen if o.endswith("@ base:the-central-brain")]


def test_block_the_path_holds_against_extra_plays_off_the_deck():
    """Block the Path: minions of the named faction cannot be played on its base, however
    they are played."""
    game = board(current=1, factions=[["aliens", "robots"], ["tricksters", "ninjas"]],
                 hands=[["robots/hoverbot"], ["tricksters/block-the-path"]],
                 decks=[["aliens/invader"], ["ninjas/seeing-stars"] * 2])
    seen = offered_along(game, ["play tricksters/block-the-path#1 @ base:factory-436-1337",
                                "faction:aliens", "end"])
    seen += offered_along(game, ["play robots/hoverbot#1 @ base:rhodes-plaza-mall"])
    assert not [o for o in seen if o.startswith("play aliens/invader#1 @ base:factory")]


# ---- Mark of Sleep: "cannot play actions" -----------------------------------------------------


def asleep(hand0: list[str], original: bool = False, **fields: Any) -> Game:
    """Player 1 plays Mark of Sleep on player 0 (no actions), then it is player 0's turn."""
    mark = "tricksters@original/mark-of-sleep" if original else "tricksters/mark-of-sleep"
    game = board(current=1, hands=[hand0, [mark]], **fields)
    play(game, f"play {mark}#1", *([] if original else ["choice:no-actions"]), "end")
    assert decision(game) == (0, "main")
    return game


@pytest.mark.parametrize("original", [False, True], ids=["current", "2012"])
def test_mark_of_sleep_holds_against_every_way_of_playing_an_action(original):
    """Mark of Sleep: the player cannot play actions — from hand, as an extra action (Archmage's
    talent), or off the deck by another card's ability (Neophyte)."""
    game = asleep(["aliens/beam-up", "wizards/neophyte"], original, factory=[m("wizards/archmage")],
                  decks=[["aliens/invasion"], ["dinosaurs/howl"] * 2])
    seen = offered_along(game, ["use wizards/archmage#1",
                                "play wizards/neophyte#1 @ base:factory-436-1337"])
    assert not [o for o in seen if o.startswith("play aliens/")]
    assert where(game, "aliens/invasion#1") in ("deck:0", "hand:0")


# ---- Hideout and Mark of Sleep: moving minions -----------------------------------------------

HIDEOUT = [theirs("tricksters/hideout")]

# (card, steps after playing it) for player 0's moving actions; the minion starts at the Oasis
MOVERS: list[tuple[str, list[str]]] = [
    ("aliens/invasion", ["pirates/first-mate#1"]),
    ("ninjas/way-of-deception", []),
    ("pirates/dinghy", ["pirates/first-mate#1"]),
    ("pirates/full-sail", ["pirates/first-mate#1"]),
    ("pirates/shanghai", []),
    ("pirates/sea-dogs", []),
]


@pytest.mark.parametrize("mover", MOVERS, ids=[mv[0] for mv in MOVERS])
def test_hideout_holds_against_every_moving_action(mover):
    """Hideout: other players cannot move minions to its base. Every moving card offers only
    the bases left; here that is Factory 436-1337, taken at once."""
    card, steps = mover
    minion = m("pirates/first-mate", 1 if card in ("pirates/shanghai", "pirates/sea-dogs") else 0)
    game = board(oasis=[minion, m("dinosaurs/king-rex", 1)] if card == "aliens/invasion"
                 else [minion], mall_actions=HIDEOUT, hands=[[card], []])
    seen = offered_along(game, [f"play {card}#1", *steps])
    assert "base:rhodes-plaza-mall" not in seen
    assert where(game, "pirates/first-mate#1") == "minion@base:factory-436-1337"


@pytest.mark.parametrize("mover", MOVERS, ids=[mv[0] for mv in MOVERS])
def test_mark_of_sleep_no_moves_holds_against_every_moving_action(mover):
    """Mark of Sleep, "cannot move minions": the moving card may be played but moves nothing
    and offers no minion to move."""
    card, _ = mover
    minion = m("pirates/first-mate", 1 if card in ("pirates/shanghai", "pirates/sea-dogs") else 0)
    game = board(oasis=[minion], current=1, hands=[[card], ["tricksters/mark-of-sleep"]])
    play(game, "play tricksters/mark-of-sleep#1", "choice:no-moves", "end")
    seen = offered_along(game, [f"play {card}#1"])
    assert not [o for o in seen if o.startswith("base:") or o == "pirates/first-mate#1"]
    assert where(game, "pirates/first-mate#1") == "minion@base:jungle-oasis"
    assert decision(game) == (0, "main")


def test_grey_opal_offers_no_move_onto_a_hideout_base():
    """The Grey Opal: after it scores, players other than the winner may move a minion of
    theirs from it to another base — only to a base they may move to."""
    opal = scenario(bases=[{"base": "the-grey-opal",
                            "minions": [m("dinosaurs/king-rex", 1), m("dinosaurs/armor-stego", 1),
                                        m("dinosaurs/armor-stego", 1), m("dinosaurs/lasertops", 1),
                                        m("pirates/first-mate")]},
                           {"base": FACTORY, "actions": HIDEOUT}],
                    decks=DECKS, base_deck=["the-central-brain"], current=1)
    play(opal, "end")  # 7 + 3 + 3 + 4 against 2: the Grey Opal scores
    assert opal.state.vp == [1, 3]
    assert where(opal, "pirates/first-mate#1") == "discard:0"
    assert opal.history == ["end"]  # nobody was asked anything


# ---- "this turn" is the current turn, whoever's it is -------------------------------------------


def off_turn_board(hand1: list[str]) -> Game:
    """Player 0's turn ends with Jungle Oasis about to score; player 1 holds Specials."""
    game = board(oasis=READY, hands=[[], hand1])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    return game


def test_microbot_fixer_played_on_another_turn_as_your_first_minion_gives_an_extra():
    """Microbot Fixer: "if this is the first minion you played this turn" — on another player's
    turn, the first minion you play then counts: the extra minion is played at once."""
    game = off_turn_board(["ninjas/hidden-ninja", "robots/microbot-fixer", "robots/zapbot"])
    play(game, "special ninjas/hidden-ninja#1",
         "play robots/microbot-fixer#1 @ base:jungle-oasis")
    assert decision(game) == (1, "play_extra")
    assert "play robots/zapbot#1 @ base:factory-436-1337" in options(game)


def test_microbot_fixer_after_another_minion_this_turn_gives_nothing():
    """Microbot Fixer: a Shinobi played earlier in this same turn (another player's turn) was
    your first minion this turn, so a Fixer played after it is not."""
    game = off_turn_board(["ninjas/shinobi", "ninjas/hidden-ninja", "robots/microbot-fixer",
                           "robots/zapbot"])
    play(game, "special ninjas/shinobi#1", "special ninjas/hidden-ninja#1",
         "play robots/microbot-fixer#1 @ base:jungle-oasis")
    assert where(game, "robots/zapbot#1") == "hand:1"
    assert not (game.request is not None and decision(game) == (1, "play_extra"))


def test_microbot_reclaimer_counts_minions_played_on_another_turn_too():
    """Microbot Reclaimer has the same condition as the Fixer."""
    game = off_turn_board(["ninjas/shinobi", "ninjas/hidden-ninja", "robots/microbot-reclaimer",
                           "robots/zapbot"])
    play(game, "special ninjas/shinobi#1", "special ninjas/hidden-ninja#1",
         "play robots/microbot-reclaimer#1 @ base:jungle-oasis")
    assert where(game, "robots/zapbot#1") == "hand:1"
    assert not (game.request is not None and decision(game) == (1, "play_extra"))


def test_minions_played_on_an_earlier_turn_do_not_count_this_turn():
    """A minion played on another player's turn no longer counts once that turn is over: on
    your own next turn a Fixer played first is your first minion this turn."""
    game = off_turn_board(["ninjas/shinobi", "robots/microbot-fixer", "robots/zapbot"])
    play(game, "special ninjas/shinobi#1")
    assert decision(game) == (1, "main")
    play(game, "play robots/microbot-fixer#1 @ base:factory-436-1337")
    # in your own Play Cards phase the extra is a play for later in the phase
    assert game.state.minion_plays == 1
