"""A restriction holds against every way of playing a card (issue 30, item 7).

"No actions" (Mark of Sleep: "they cannot play actions") bars every action the player would
play, however it is played: from the hand, as an extra, off the top of a deck, from a discard
pile, out of stasis (a card with its own leave-stasis instruction is still an action), stored
or uncovered, as a dueling card, through a Special, on any player's turn. Likewise a minion
may not be played where a restriction forbids it (Overrun: "other players cannot play minions
on this base"). One check decides it (``query.play_barred``), and ``plays.play_card`` refuses
a play it bars, so a way of playing that went around it would fail here.

The core set's restrictions against the core ways of playing are in
tests/cards/restrictions_test.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import smashup
from smashup import Game
from smashup.engine.api.game import Game as _Game
from smashup.engine.api.setup import new_state
from smashup.engine.core.kinds import EFFECT_KINDS, EffectKind, register_effect_kind
from smashup.sim import game_setup
from smashup.testing import decision, options, play, scenario, where

OASIS, BRAIN = "jungle-oasis", "the-central-brain"  # no ability that bars a play
NEVER = ("never",)  # an expiry no turn reaches: the restriction lasts the whole game
NO_MINIONS = "test_no_minions"


@pytest.fixture(scope="module", autouse=True)
def no_minions_kind() -> Iterator[None]:
    """A restriction "this player cannot play minions" (no card has it; Overrun is the same
    restriction at one base), as a temporary effect of the engine's ``forbids_play`` point."""
    register_effect_kind(EffectKind(NO_MINIONS, "forbids_play",
                                    lambda g, eff, card, slot, player: eff[4] == player))
    yield
    EFFECT_KINDS.pop(NO_MINIONS)


def restricted(game: Game, player: int, kind: str) -> Game:
    """``game`` from its current position with ``player`` barred from playing ``kind``."""
    eff = ("no_actions", -1, None, NEVER, player) if kind == "action" else (
        NO_MINIONS, -1, None, NEVER, player)
    state = game.state.copy()
    state.effects.append(eff)
    return _Game._start(state, {"scenario": {}})


def barred(hands: list[list[str]], kind: str, player: int = 0, **fields: Any) -> Game:
    fields.setdefault("bases", [OASIS, BRAIN])
    return restricted(scenario(hands=hands, **fields), player, kind)


# ---- every way, in random games over all factions -------------------------------------------


def test_no_way_of_playing_goes_around_a_restriction_in_random_games():
    """Random games over all 24 factions in which one player may play no actions, or no
    minions, the whole game: nothing of that kind is ever offered to them in a play option
    (nor an action's Special, which plays it) or played by them, whatever card plays it
    (``play_card`` would raise on such a play)."""
    rng = random.Random(30)
    plays_checked = 0
    for seed in range(24):
        kind = "action" if seed % 2 else "minion"
        who = seed % 3 % 2
        setup = game_setup(1000 + seed, 2 + seed % 3)
        state = new_state(setup)
        state.effects.append(("no_actions", -1, None, NEVER, who) if kind == "action"
                             else (NO_MINIONS, -1, None, NEVER, who))
        game = _Game._start(state, setup)
        for _ in range(250):
            req = game.request
            if req is None:
                break
            if req.player == who:
                for opt in req.options:
                    if opt[0] == "play":
                        face = game.state.defs[opt[1]]
                        face = face.alt if (face.alt is not None and len(opt) == 2
                                            and face.kind != "action") else face
                        assert face.kind != kind, (game.state.names[opt[1]], req.kind)
                    elif opt[0] == "special" and kind == "action":  # (it plays the action)
                        assert game.state.defs[opt[1]].kind != kind, game.state.names[opt[1]]
            game.apply(rng.randrange(len(game.legal_actions())))
            for ev in game.state.events:
                if ev["kind"] == "played" and ev["player"] == who:
                    assert ev["type"] != kind, game.state.names[ev["card"]]
                    plays_checked += 1
    assert plays_checked > 200


# ---- out of stasis ------------------------------------------------------------------------------


def test_a_leave_stasis_action_is_not_offered_under_no_actions():
    """Future Almanac's own leave-stasis instruction ("played from stasis, it is discarded")
    still plays an action: under Mark of Sleep it is not offered."""
    fields = dict(stasis=[[{"card": "backtimers/future-almanac", "stasis": 0}], []])
    free = scenario(bases=[OASIS, BRAIN], **fields)
    assert "play backtimers/future-almanac#1" in options(free)
    game = barred([[], []], "action", **fields)
    assert "play backtimers/future-almanac#1" not in options(game)


def test_a_leave_stasis_minion_is_not_offered_where_no_base_accepts_it():
    """Sidelined Girlfriend played from stasis comes in as an extra minion: with every base
    barred to its player, it is not offered."""
    fields = dict(stasis=[[{"card": "backtimers/sidelined-girlfriend", "stasis": 0}], []])
    free = scenario(bases=[OASIS, BRAIN], **fields)
    assert "play backtimers/sidelined-girlfriend#1" in options(free)
    game = barred([[], []], "minion", **fields)
    assert "play backtimers/sidelined-girlfriend#1" not in options(game)


def test_an_ordinary_action_in_stasis_is_not_offered_under_no_actions():
    fields = dict(stasis=[[{"card": "aliens/invasion", "stasis": 0}], []])
    assert "play aliens/invasion#1" in options(scenario(bases=[OASIS, BRAIN], **fields))
    assert "play aliens/invasion#1" not in options(barred([[], []], "action", **fields))


# ---- uncovered, stored, dueling, Specials, on other players' turns ---------------------------


def test_an_uncovered_action_is_discarded_under_no_actions():
    """Uncovering plays the buried card at once; an action its player may not play now is
    discarded instead (Oops "Burying"), and says why."""
    game = barred([[], []], "action", phase="start",
                  bases=[{"base": OASIS, "buried": [{"card": "aliens/invasion"}]}, BRAIN])
    assert decision(game)[1] == "me_first"
    play(game, "trigger rule:uncover")
    assert where(game, "aliens/invasion#1") == "discard:0"
    found = [e for e in game.events if e["kind"] == "discarded"
             and game.state.names[e["card"]] == "aliens/invasion#1"]
    assert found and "you cannot play actions now" in found[0]["reason"]


def test_a_dueling_action_on_another_players_turn_goes_back_under_no_actions():
    """Oops "Duels": a revealed dueling action is played normally; the defender, barred from
    actions, plays none: it goes back to their hand."""
    gunfighter, quick = "cowboys/gunfighter", "cowboys/quick-draw"
    game = barred([[gunfighter], [quick]], "action", player=1,
                  bases=[{"base": OASIS, "minions": [{"card": "dinosaurs/king-rex",
                                                      "controller": 1, "owner": 1}]}, BRAIN])
    play(game, f"play {gunfighter}#1 @ base:{OASIS}")
    seen = []
    while game.request is not None and decision(game)[1] != "main":
        seen += options(game)
        play(game, next(o for o in options(game) if quick in o) if decision(game)[0] == 1
             and any(quick in o for o in options(game)) else options(game)[-1])
    assert where(game, f"{quick}#1") == "hand:1"
    assert not [o for o in seen if o.startswith(f"play {quick}")]


def test_an_action_special_on_another_players_turn_is_not_offered_under_no_actions():
    """Block the Probe's Special ("you may play this card before a base scores") plays the
    action: barred, it is not offered in the window."""
    probe = "astroknights/block-the-probe"
    ready = {"base": OASIS, "minions": [{"card": "dinosaurs/king-rex", "controller": 1,
                                         "owner": 1},
                                        {"card": "dinosaurs/king-rex", "controller": 0}]}
    free = scenario(hands=[[probe], []], current=1, bases=[ready, BRAIN],
                    decks=[["zombies/walker"] * 3] * 2)
    play(free, "end")
    assert any(o.startswith(f"special {probe}") for o in options(free))
    game = barred([[probe], []], "action", current=1, bases=[ready, BRAIN],
                  decks=[["zombies/walker"] * 3] * 2)
    play(game, "end")
    while game.request is not None and decision(game) != (1, "main"):
        assert not any(probe in o for o in options(game))
        play(game, options(game)[-1])


def test_an_action_special_from_the_deck_is_not_offered_under_no_actions():
    """Dynamite Surprise's Special answers another player's card revealing it from its
    owner's deck (Raiding Party): barred from playing actions, that player is not offered
    it. (Found in an arena game: the Special was offered, then the play was refused.)"""
    dynamite = "cowboys/dynamite-surprise"
    fields: dict[str, Any] = dict(decks=[["zombies/walker"] * 3,
                                         [dynamite, "dinosaurs/king-rex", "dinosaurs/king-rex"]],
                                  bases=[{"base": OASIS, "minions": [
                                      {"card": "dinosaurs/king-rex", "controller": 1},
                                      {"card": "aliens/invader", "controller": 0}]}, BRAIN])

    def answers(game: Game) -> list[str]:
        play(game, "play vikings/raiding-party#1")
        seen: list[str] = []
        while game.request is not None and decision(game) != (0, "main"):
            if decision(game)[0] == 1:  # (what player 1 is offered, then passing)
                seen += [o for o in options(game) if dynamite in o]
                play(game, options(game)[-1])
            else:  # (player 0 plays none of the revealed cards)
                play(game, "skip" if "skip" in options(game) else options(game)[0])
        return seen

    free = scenario(hands=[["vikings/raiding-party"], []], **fields)
    assert answers(free) == [f"special {dynamite}#1"]
    assert answers(barred([["vikings/raiding-party"], []], "action", player=1, **fields)) == []


def test_a_stored_minion_is_not_offered_where_no_base_accepts_it():
    """Help From the Past played from stasis may play the card stored under it: a stored
    minion is offered only at a base that accepts it."""
    help_ = "backtimers/help-from-the-past"
    fields = dict(stasis=[[{"card": help_, "stasis": 0, "stored": ["zombies/walker"]}], []])
    game = barred([[], []], "minion", **fields)
    play(game, f"play {help_}#1")
    assert decision(game) == (0, "main")  # no play of the Walker was offered
    assert where(game, "zombies/walker#1") == "discard:0"


# ---- one check ---------------------------------------------------------------------------------


def test_no_module_asks_the_restrictions_but_through_the_one_check():
    """Only ``query.play_barred`` asks "no actions" and the "forbids_play" effects (``why``
    only explains them); every way of playing goes through it."""
    root = Path(smashup.__file__).parent
    pattern = re.compile(r"\b(actions_forbidden|action_bar|effect_forbids_play)\(")
    allowed = {root / "engine" / "facts" / "query.py", root / "engine" / "api" / "why.py"}
    offenders = [str(p.relative_to(root)) for p in sorted(root.rglob("*.py"))
                 if p not in allowed and pattern.search(p.read_text())]
    assert offenders == []
