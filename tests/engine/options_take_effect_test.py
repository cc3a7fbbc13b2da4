"""Every option the engine offers is legal and takes effect (issue 15, item 6).

Random games over the core set, fixed by their seeds. At every decision each option is tried
on a clone of the game, and must do what it says:

- a play option (``play card @ base``, ``play card on minion``, ``play card``) puts that card
  into play there: a "played" event names the card and that base or minion; and it breaks
  no restriction in force (Overrun, Block the Path, Mark of Sleep), however it is played;
- a Special (``special card``) plays its card (every Special in the core set is a play);
- a move destination moves the minion there: in a base choice where some option moves a
  minion to the chosen base, every option must;
- any other option changes the position (``used`` bookkeeping aside), or leads to a further
  decision of an ability (the same one, or one answering it) that offers something besides
  declining;
- or the option is an explicit decline: skip, no, done, pass, end (and Walker's or the
  mulligan's "keep").

Ordering decisions (which ability resolves next, which base scores first, in which order base
cards go back on the base deck, in which order cards looked at go back on a deck: "arrange")
only order things, one order being the present one, and are not checked. A failure names the
seed, the decision and the option.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from smashup import REGISTRY, Game
from smashup.engine.flow import face_of
from smashup.engine.query import actions_forbidden, play_forbidden
from smashup.engine.requests import Request
from smashup.engine.state import State
from smashup.sim import random_factions

CORE = sorted(k for k, s in REGISTRY.faction_sets.items() if s == "core")
DECLINES = {("skip",), ("no",), ("done",), ("pass",), ("end",), ("choice", "keep")}
UNCHECKED_KINDS = {"order", "score", "arrange"}
USED = 22  # index of ``used`` in State.fingerprint(): once-per-turn bookkeeping
TURNS = 30  # turns per game
SEEDS = {2: range(50), 3: range(16), 4: range(8)}  # about 12 s on the development machine


def signature(g: State) -> tuple[Any, ...]:
    """The position, less the once-per-turn bookkeeping a choice may add on its own."""
    fp = g.fingerprint()
    return fp[:USED] + fp[USED + 1:]


def is_decline(opt: tuple[Any, ...]) -> bool:
    return tuple(opt) in DECLINES


def played(events: list[dict[str, Any]], opt: tuple[Any, ...]) -> bool:
    """Did the option's card go into play where the option says?"""
    card = opt[1]
    for ev in events:
        if ev["kind"] != "played" or ev["card"] != card:
            continue
        if len(opt) == 2 or opt[0] == "special":
            return True
        if opt[2] == "base" and ev["slot"] == opt[3]:
            return True
        if opt[2] == "minion" and ev.get("target") == opt[3]:
            return True
    return False


def breaks_restriction(g: State, player: int, opt: tuple[Any, ...]) -> bool:
    """Does a play option break a restriction in force (Overrun, Block the Path, Mark of
    Sleep...), whichever way the card is being played?"""
    if opt[0] == "special":
        return g.defs[opt[1]].kind == "action" and actions_forbidden(g, player)
    if opt[0] != "play":
        return False
    if face_of(g, opt[1], opt).kind == "action":
        return actions_forbidden(g, player)
    return play_forbidden(g, opt[1], opt[3], player)


def moved_to(events: list[dict[str, Any]], slot: int) -> bool:
    return any(ev["kind"] == "moved" and ev["dest"] == slot for ev in events)


def follow_up(after: Request | None) -> bool:
    """Is ``after`` a further decision of an ability (the one that asked, or one that answers
    what the choice did), with something to choose besides declining?"""
    if after is None or after.kind in ("main", "me_first"):
        return False
    # "order": the choice made several effects wait at once (two "instead" effects...);
    # "uncover": the rule step chosen asks which buried card to uncover
    return (after.kind in ("order", "uncover") or after.source is not None) and any(
        not is_decline(o) for o in after.options)


def try_option(game: Game, index: int) -> tuple[Game, list[dict[str, Any]]]:
    trial = game.clone()
    trial.apply(index)
    return trial, list(trial.events)


def check_decision(game: Game, where: str) -> list[str]:
    """The options of ``game``'s current decision that are not legal or take no effect."""
    req = game.request
    assert req is not None
    if req.kind in UNCHECKED_KINDS or all(o[0] == "base_card" for o in req.options):
        return []  # only orders things (a choice of base cards sets the base deck's order)
    before = signature(game.state)
    problems: list[str] = []
    outcomes: dict[int, list[dict[str, Any]]] = {}
    for i, opt in enumerate(req.options):
        if is_decline(opt):
            continue
        text = game.action_text(i)
        if breaks_restriction(game.state, req.player, opt):
            problems.append(f"{where}: {text!r} is offered against a restriction in force")
        trial, events = try_option(game, i)
        outcomes[i] = events
        if opt[0] in ("play", "special"):
            # a Special may first ask where its card goes (Tenacious Z)
            if not played(events, opt) and not (opt[0] == "special"
                                                 and follow_up(trial.request)):
                problems.append(f"{where}: {text!r} did not play the card there")
        elif signature(trial.state) == before and not follow_up(trial.request):
            problems.append(f"{where}: {text!r} ({req.kind}: {req.prompt!r}) took no effect")
    # a choice of destination: if one base option moves a minion there, all must
    bases = [i for i in outcomes if req.options[i][0] == "base"]
    if any(moved_to(outcomes[i], req.options[i][1]) for i in bases):
        problems.extend(f"{where}: {game.action_text(i)!r} ({req.prompt!r}) moved nothing there"
                        for i in bases if not moved_to(outcomes[i], req.options[i][1]))
    return problems


def run(seed: int, players: int) -> list[str]:
    """Play one random game over the core factions, checking every decision's options."""
    r = random.Random(seed * 7919 + players)
    setup = {"factions": random_factions(r, players, CORE), "seed": seed, "bases": "all"}
    game = Game.new(setup)
    problems: list[str] = []
    decision = 0
    while not game.is_over and game.state.turn <= TURNS and not problems:
        decision += 1
        problems = check_decision(game, f"seed {seed} ({players} players, {setup['factions']}), "
                                        f"decision {decision}, after {game.history[-4:]}")
        req = game.request
        assert req is not None
        game.apply(r.randrange(len(req.options)))
    return problems


@pytest.mark.parametrize(("players", "seed"), [(n, s) for n, seeds in SEEDS.items()
                                               for s in seeds])
def test_every_option_offered_takes_effect(players: int, seed: int):
    problems = run(seed, players)
    assert not problems, "\n".join(problems)
