"""Every option the engine offers is legal and takes effect (issue 15, item 6; issue 30, item 9).

Random games over all the factions of every set and all the bases, fixed by their seeds. At
every decision each option is tried on a clone of the game and followed: when it leads to
further decisions (a target chosen in a later step, an opponent's "take it instead", an "any
number" choice ending with done...), the decisions it leads to are explored, depth first, until
the game is back at a Play Cards decision, a Me First! window or the next turn (the end of the
option's chain), and the option is judged by where a chain ends:

- a play option (``play card @ base``, ``play card on minion``, ``play card``) puts that card
  into play there: along some chain a "played" event names the card and that base or minion (a
  card that leaves stasis by its own instructions: a "left_stasis" event names it); and it
  breaks no restriction in force (Overrun, Block the Path, Mark of Sleep), however it is played;
- a Special (``special card``) plays its card, or, for a Special that is not a play (Deputy,
  Lightning Strike), moves its card out of the zone it was used from and changes the position
  (judged where the chain ends or another card's decision is next, as below);
- a move destination moves the minion there: in a base choice where some option moves a
  minion to the chosen base (or shifts a card there that carries minions, Ectoplasm One), every
  option must;
- any other option leads, along some chain, to a position that differs from the one before it
  (``used`` bookkeeping aside) where the chain ends or a decision of another card or base
  than the one that asked is next; or it reveals cards or searches a deck, or leads to cards
  put back on a deck in an order of the player's choice;
- or the option is an explicit decline: skip, no, done, pass, end (and Walker's or the
  mulligan's "keep").

Along every step tried, whatever its decision, the rules still hold: an action is not played by
a player barred from playing actions, a minion is not played where it may not be, and no minion
duels itself; after each decision of the game the position passes ``check_invariants``. At each
Play Cards decision, a standard action that no option plays must have a reason other than its
ability (core rulebook: "you can play an action that destroys a minion even if no minions are
in play"): no action play left, actions forbidden, or a Special-only card. No decision offers an
option twice, nor asks a player who can only decline.

Ordering decisions (which ability resolves next, which base scores first, in which order base
cards go back on the base deck, in which order cards looked at go back on a deck: "arrange")
only order things, one order being the present one, and are not checked. A failure names the
seed, the decision and the option.

The suite runs a sample sized for CI; ``SMASHUP_PROPERTY_GAMES=300`` runs that many games
instead (``tools/option_property.py`` runs them on several cores and lists every violation).
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from smashup import REGISTRY, Game
from smashup.engine.api.invariants import check_invariants
from smashup.engine.core.requests import (
    END,
    SKIP,
    CardOption,
    PlayOnOption,
    Request,
    TalentOption,
)
from smashup.engine.core.state import State
from smashup.engine.facts.query import actions_forbidden, play_forbidden
from smashup.engine.rules.plays import face_of
from smashup.sim import random_factions
from smashup.testing import card_id, play, scenario

FACTIONS = sorted(REGISTRY.faction_sets)  # every faction of every set (and each printing)
DECLINES = {("skip",), ("no",), ("done",), ("pass",), ("end",), ("choice", "keep")}
UNCHECKED_KINDS = {"order", "score", "arrange"}
CHAIN_ENDS = {"main", "me_first"}  # decisions that are not part of an ability's chain
SEEN = {"revealed", "searched"}
"""Events that show cards, an effect even when the position is the same after: a search of a
deck must be offered whether or not it will find anything (the deck is hidden), and may find
nothing (Faceless City with no other copy)."""
USED = 22  # index of ``used`` in State.fingerprint(): once-per-turn bookkeeping
TURNS = 30  # turns per game
BUDGET = 64  # decisions tried, at most, while following one option's chains
DEPTH = 10  # decisions followed, at most, along one chain
SEEDS = {2: range(60), 3: range(30), 4: range(20)}  # about 10 s of CPU, every check run
BIG = int(os.environ.get("SMASHUP_PROPERTY_GAMES", "0"))

Events = list[dict[str, Any]]


def signature(g: State) -> tuple[Any, ...]:
    """The position, less the once-per-turn bookkeeping a choice may add on its own."""
    fp = g.fingerprint()
    return fp[:USED] + fp[USED + 1:]


def is_decline(opt: tuple[Any, ...]) -> bool:
    return tuple(opt) in DECLINES


def played(events: Events, opt: tuple[Any, ...]) -> bool:
    """Did the option's card go into play where the option says?"""
    card = opt[1]
    for ev in events:
        if ev["kind"] == "left_stasis" and ev["card"] == card and len(opt) == 2:
            return True  # a card with its own instructions for leaving stasis (Backtimers)
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
    Sleep...), whichever way the card is being played (from hand, discard pile, stasis...)?
    (A Special is judged by what it does: ``rule_breaks``.)"""
    if opt[0] != "play":
        return False
    face = face_of(g, opt[1], opt)
    if face.kind == "action":
        return actions_forbidden(g, player)
    if len(opt) == 2:  # a minion leaving stasis by its own instructions: no base named
        return False
    return play_forbidden(g, opt[1], opt[3], player)


def rule_breaks(before: State, events: Events) -> list[str]:
    """What one step (from position ``before``, emitting ``events``) did against the rules in
    force: a card played in spite of a restriction, a minion dueling itself."""
    broken: list[str] = []
    same_turn = True  # a restriction in force before the step may end with the turn
    for ev in events:
        kind = ev["kind"]
        if kind in ("end_turn", "start_turn"):
            same_turn = False
        elif kind == "played" and same_turn:
            who, card = ev["player"], ev["card"]
            if ev["type"] == "action" and actions_forbidden(before, who):
                broken.append(f"{before.names[card]} was played by player {who}, who may "
                              "not play actions")
            elif ev["type"] == "minion" and play_forbidden(before, card, ev["slot"], who):
                broken.append(f"{before.names[card]} was played where it may not be")
        elif kind == "duel" and ev.get("challenger") == ev.get("challenged"):
            broken.append(f"{before.names[ev['challenger']]} dueled itself")
    return broken


def moved_to(events: Events, slot: int) -> bool:
    """Did a minion move to ``slot``, or a card that moves minions along (Ectoplasm One)
    shift there?"""
    return any(ev["kind"] in ("moved", "transferred") and ev["dest"] == slot for ev in events)


def chain_over(game: Game, turn: int) -> bool:
    """Has the option's chain ended: the game over, back at a decision that belongs to no
    ability (Play Cards, a Me First! window), or in another turn?"""
    req = game.request
    return req is None or req.kind in CHAIN_ENDS or game.state.turn != turn


class Chains:
    """The chains of decisions one option leads to, explored depth first within a budget.

    ``reached(goal)`` says whether some chain meets ``goal`` (called with the game and the
    events since the option at each position reached; ``final`` when the chain has ended there):
    True, False when every chain was followed to its end without meeting it, None when the
    budget ran out first. ``broken`` collects what any step tried did against the rules."""

    def __init__(self, game: Game, index: int, prefer_declines: bool) -> None:
        self.start = game
        self.index = index
        self.turn = game.state.turn
        self.prefer_declines = prefer_declines
        self.budget = BUDGET
        self.broken: list[str] = []
        self.first: tuple[Game, Events] | None = None

    def step(self, game: Game, index: int) -> tuple[Game, Events]:
        trial = game.clone()
        trial.apply(index)
        events = list(trial.events)
        self.budget -= 1
        self.broken.extend(rule_breaks(game.state, events))
        return trial, events

    def reached(self, goal: Callable[[Game, Events, bool], bool]) -> bool | None:
        trial, events = self.step(self.start, self.index)
        self.first = (trial, events)
        return self._walk(trial, events, 0, goal, None)

    def _walk(self, game: Game, events: Events, depth: int,
              goal: Callable[[Game, Events, bool], bool], parent: tuple[Any, ...] | None,
              ) -> bool | None:
        final = chain_over(game, self.turn)
        if goal(game, events, final):
            return True
        if final:
            return False
        req = game.request
        assert req is not None
        if depth >= DEPTH or self.budget <= 0:
            return None
        # an "any number" choice asked again: finish it first; otherwise, to see an effect,
        # take something before declining (a play option: decline an opponent's takeover)
        here = (req.kind, req.prompt, req.source, req.player)
        declines_first = self.prefer_declines or here == parent
        order = sorted(range(len(req.options)),
                       key=lambda i: is_decline(req.options[i]) != declines_first)
        if req.kind in UNCHECKED_KINDS:
            order = order[:1]  # it only orders things: one order is as good as another
        unknown = False
        for i in order:
            if self.budget <= 0:
                return None
            trial, more = self.step(game, i)
            deeper = depth + (req.kind not in UNCHECKED_KINDS)  # (arranging a deck: many steps)
            found = self._walk(trial, events + more, deeper, goal, here)
            if found:
                return True
            unknown = unknown or found is None
        return None if unknown else False


class Report:
    """What the checks found, and how often a chain could not be followed to its end."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.options = 0
        self.decisions = 0
        self.unfinished: list[str] = []  # options whose chains outran the budget
        self.refusals: dict[tuple[str, str], str] = {}  # (card, reason) -> where, last seen
        self.wrongly_refused: list[str] = []  # cards refused although they may be played


Goal = Callable[[Game, Events, bool], bool]


def goal_of(g: State, req: Request, opt: tuple[Any, ...], before: tuple[Any, ...],
            ) -> tuple[Goal, str]:
    """What a chain of option ``opt`` of ``req`` (asked in position ``g``, whose signature is
    ``before``) must reach, and the words for an option none of whose chains reaches it."""
    if opt[0] == "play":
        return (lambda t, evs, final: played(evs, opt)), "did not play the card there"
    if opt[0] == "special":
        card, zone = opt[1], g.loc[opt[1]]

        def used_up(t: Game, evs: Events, final: bool) -> bool:
            later = t.request
            return played(evs, opt) or (
                (final or (later is not None and later.source != req.source))
                and t.state.loc[card] != zone and signature(t.state) != before)

        return used_up, "neither played its card nor used it up with an effect"

    def changed(t: Game, evs: Events, final: bool) -> bool:
        if any(ev["kind"] in SEEN for ev in evs):
            return True
        later = t.request
        if (final or (later is not None and later.source != req.source)) and signature(
                t.state) != before:
            return True  # the chain has ended, or the asking ability has done its part
        # cards looked at, to be put back in any order (the chain follows one order)
        return later is not None and later.kind == "arrange" and len(later.options) > 1

    return changed, f"({req.kind}: {req.prompt!r}) took no effect"


def check_decision(game: Game, where: str, report: Report) -> None:
    """Add to ``report`` the options of ``game``'s current decision that are not legal or take
    no effect."""
    req = game.request
    assert req is not None
    if req.kind in UNCHECKED_KINDS or all(o[0] == "base_card" for o in req.options):
        return  # only orders things (a choice of base cards sets the base deck's order)
    report.decisions += 1
    g = game.state
    if len(set(req.options)) != len(req.options):
        report.problems.append(f"{where}: an option is offered twice ({req.kind}: "
                               f"{req.prompt!r}: {game.action_texts()})")
    if all(is_decline(o) for o in req.options) and req.kind != "main":
        report.problems.append(f"{where}: a decision that offers nothing but declining "
                               f"({req.kind}: {req.prompt!r}: {game.action_texts()})")
    before = signature(g)
    problems = report.problems
    first_events: dict[int, Events] = {}
    for i, opt in enumerate(req.options):
        if is_decline(opt):
            continue
        report.options += 1
        text = game.action_text(i)
        if breaks_restriction(g, req.player, opt):
            problems.append(f"{where}: {text!r} is offered against a restriction in force")
        chains = Chains(game, i, prefer_declines=opt[0] == "play")
        goal, failure = goal_of(g, req, opt, before)
        found = chains.reached(goal)
        if found is False:
            assert chains.first is not None
            seen = sorted({ev["kind"] for ev in chains.first[1]})  # what it did, to diagnose
            problems.append(f"{where}: {text!r} {failure}" + (f" (events: {seen})" if seen
                                                                else ""))
        elif found is None:
            report.unfinished.append(f"{where}: {text!r}")
        problems.extend(f"{where}: {text!r} led to a step where {b}" for b in chains.broken)
        assert chains.first is not None
        first_events[i] = chains.first[1]
    # a choice of destination: if one base option moves a minion there, all must
    bases = [i for i in first_events if req.options[i][0] == "base"]
    if any(moved_to(first_events[i], req.options[i][1]) for i in bases):
        problems.extend(f"{where}: {game.action_text(i)!r} ({req.prompt!r}) moved nothing there"
                        for i in bases if not moved_to(first_events[i], req.options[i][1]))


def refused(game: Game) -> list[tuple[int, str]]:
    """At a Play Cards decision: the cards in the current player's hand that no option plays,
    each with the reason ``why_not`` gives."""
    req = game.request
    if req is None or req.kind != "main":
        return []
    offered = {opt[1] for opt in req.options if opt[0] == "play"}
    out = []
    for card in game.state.hands[req.player]:
        if card not in offered:
            reason = game.why_not(card)
            assert reason is not None, f"{game.state.names[card]}: not offered, yet no reason"
            out.append((card, reason))
    return out


def wrongly_refused(g: State, player: int, card: int, reason: str) -> str | None:
    """A card that is not offered although a play of its kind is free and nothing forbids it
    (core rulebook: an action can be played even if its ability would do nothing): a standard
    action (played on neither a minion nor a base: nothing to find a place on) while its
    player has an action play left and may play actions, unless it is played only through its
    Special. What the refusal breaks, or None."""
    d = g.defs[card]
    face = d if d.kind == "action" else d.alt
    if face is None or face.kind != "action" or face.play_on is not None:
        return None
    if g.action_plays <= 0 or actions_forbidden(g, player) or "only through its Special" in reason:
        return None
    return (f"{g.names[card]} is refused ({reason!r}) although an action play is left and "
            "nothing forbids it")


def game_setup(seed: int, players: int) -> tuple[dict[str, Any], random.Random]:
    """The setup of property game ``seed`` (factions drawn among all of them, all bases), and
    the random source that then makes its decisions."""
    r = random.Random(seed * 7919 + players)
    setup = {"factions": random_factions(r, players, FACTIONS), "seed": seed, "bases": "all"}
    return setup, r


def run(seed: int, players: int, report: Report | None = None,
        keep_going: bool = False) -> Report:
    """Play one random game, checking every decision's options and the cards refused at each
    Play Cards decision (stopping at the first decision with an option or rule problem unless
    ``keep_going``; a card wrongly refused is noted and the game goes on)."""
    report = Report() if report is None else report
    setup, r = game_setup(seed, players)
    game = Game.new(setup)
    decision = 0
    while not game.is_over and game.state.turn <= TURNS:
        decision += 1
        found = len(report.problems)
        where = (f"seed {seed} ({players} players, {setup['factions']}), decision {decision}, "
                 f"after {game.history[-4:]}")
        check_decision(game, where, report)
        for card, reason in refused(game):
            report.refusals[(game.state.names[card].split("#")[0], reason)] = where
            wrong = wrongly_refused(game.state, game.current_player, card, reason)
            if wrong is not None:
                report.wrongly_refused.append(f"{where}: {wrong}")
        if len(report.problems) > found and not keep_going:
            break
        req = game.request
        assert req is not None
        before = game.state.copy()
        game.apply(r.randrange(len(req.options)))
        report.problems.extend(f"seed {seed} ({players} players), decision {decision}: {b}"
                               for b in rule_breaks(before, list(game.events))
                               + check_invariants(game.state, game.request))
    return report


def cases() -> list[tuple[int, int]]:
    if BIG:  # outside CI: that many games, 2, 3 and 4 players in turn
        return [(2 + n % 3, n) for n in range(BIG)]
    return [(n, s) for n, seeds in SEEDS.items() for s in seeds]


@functools.cache
def game_report(seed: int, players: int) -> Report:
    """Game ``seed``'s report, made once for both of the tests that read it."""
    return run(seed, players)


@pytest.mark.parametrize(("players", "seed"), cases())
def test_every_option_offered_takes_effect(players: int, seed: int):
    problems = game_report(seed, players).problems
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("players", "seed"), cases())
def test_no_card_is_refused_for_what_its_ability_would_do(players: int, seed: int):
    """Core rulebook: "you can play an action that destroys a minion even if no minions are in
    play"; a standard action is refused only for want of an action play, a restriction in
    force, or because it is played only through its Special (issue 30, item 2)."""
    refused = game_report(seed, players).wrongly_refused
    assert not refused, "\n".join(refused)


# ---- the checks themselves can fail -----------------------------------------------------------


class Scripted:
    """A stand-in for a Game whose decisions lead where a script says: each option's index
    maps to the position it leads to and the events on the way. Enough of Game's interface
    for ``check_decision`` and ``Chains``."""

    def __init__(self, state: State, request: Request | None,
                 script: dict[int, tuple[Scripted, Events]] | None = None) -> None:
        self.state = state
        self.request = request
        self.script = script or {}
        self.events: Events = []

    def clone(self) -> Scripted:
        return Scripted(self.state, self.request, self.script)

    def apply(self, index: int) -> None:
        after, self.events = self.script[index]
        self.state, self.request, self.script = after.state, after.request, after.script

    def action_text(self, index: int) -> str:
        assert self.request is not None
        return str(self.request.options[index])

    def action_texts(self) -> list[str]:
        assert self.request is not None
        return [str(o) for o in self.request.options]


def judged(game: Scripted) -> list[str]:
    report = Report()
    check_decision(game, "here", report)  # type: ignore[arg-type]  # (a stand-in)
    return report.problems


def test_an_option_judged_by_where_its_chain_of_decisions_ends():
    """An option that leads to a further decision is judged by what the chain does in the
    end: a talent whose every follow-up changes nothing took no effect, however much it had
    to choose from along the way (the former check passed it on the follow-up alone)."""
    game = scenario(hands=[[], []], bases=["jungle-oasis", "tortuga"],
                    decks=[["aliens/invader"] * 3, ["aliens/invader"] * 3])
    g = game.state
    changed = g.copy()
    changed.vp = [1, 0]
    talent = 1  # (the ids only name things here; the script says what they lead to)
    main = Request(0, "main", "Play", [TalentOption("talent", talent), END])
    back = Scripted(g, main)  # back at Play Cards, nothing changed
    done = Scripted(changed, main)
    pick = Request(0, "choose_card", "Which?", [CardOption("card", 2), CardOption("card", 3), SKIP],
                   talent)
    empty = Scripted(g, pick, {0: (back, []), 1: (back, []), 2: (back, [])})
    useful = Scripted(g, pick, {0: (back, []), 1: (done, []), 2: (back, [])})
    assert "took no effect" in judged(Scripted(g, main, {0: (empty, [])}))[0]
    assert judged(Scripted(g, main, {0: (useful, [])})) == []
    assert "took no effect" in judged(Scripted(g, main, {0: (back, [])}))[0]
    assert judged(Scripted(g, main, {0: (done, [])})) == []


def test_a_play_counts_where_the_chain_puts_the_card():
    """A play on a minion counts when its card lands on that minion, even a decision later
    (an opponent declining to take it over); a play that lands elsewhere does not."""
    game = scenario(hands=[["ninjas/poison"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": [{"card": "aliens/invader", "controller": 1},
                                        {"card": "star-roamers/ensign", "controller": 1}]},
                           "tortuga"])
    g = game.state
    card, minion, other = (card_id(game, name) for name in (
        "ninjas/poison#1", "aliens/invader#1", "star-roamers/ensign#1"))
    main = Request(0, "main", "Play", [PlayOnOption("play", card, "minion", minion), END])
    back = Scripted(g, main)

    def lands_on(target: int) -> Events:
        return [{"kind": "played", "card": card, "player": 0, "type": "action", "slot": 0,
                 "target": target}]

    takeover = Request(1, "choose_card", "Take it instead?", [CardOption("card", other), SKIP],
                       other)
    asked = Scripted(g, takeover, {0: (back, lands_on(other)), 1: (back, lands_on(minion))})
    assert judged(Scripted(g, main, {0: (asked, [])})) == []
    elsewhere = Scripted(g, takeover, {0: (back, lands_on(other)), 1: (back, [])})
    assert "did not play the card there" in judged(Scripted(g, main, {0: (elsewhere, [])}))[0]
    assert "did not play the card there" in judged(
        Scripted(g, main, {0: (back, lands_on(other))}))[0]


def test_a_step_against_a_restriction_in_force_is_reported():
    """Mark of Sleep (no actions until its player's next turn): an action played by the
    sleeping player, whatever played it, breaks it; a minion dueling itself is reported."""
    game = scenario(hands=[["tricksters/mark-of-sleep"], ["tricksters/gnome"]],
                    bases=["jungle-oasis", "tortuga"])
    play(game, "play tricksters/mark-of-sleep#1", "choice:no-actions")
    g = game.state
    gnome = card_id(game, "tricksters/gnome#1")
    action = [{"kind": "played", "card": gnome, "player": 1, "type": "action", "slot": None}]
    assert rule_breaks(g, action) == ["tricksters/gnome#1 was played by player 1, who may not "
                                      "play actions"]
    assert rule_breaks(g, [{**action[0], "player": 0}]) == []
    assert rule_breaks(g, [{"kind": "end_turn"}, *action]) == []  # it may end with the turn
    assert rule_breaks(g, [{"kind": "duel", "challenger": gnome, "challenged": gnome}])
