"""Determinised worlds (``Game.determinize``, ``worlds.WorldSampler``): built from what the
seat knows alone, and always built, at every decision, mid-ability included.

The twin games here differ only in what the seat cannot know: the cards hidden from it
that no decision named since the last Play Cards decision, and the RNG that shuffles a
deck run out since then (docs/architecture.md, "Hidden information")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hidden_info_test import other_world, seat_safe_game

from smashup import Game
from smashup.agents import RandomAgent, decide
from smashup.engine.api.invariants import check_invariants
from smashup.engine.api.views import event_cards, option_cards, visible_to
from smashup.engine.api.worlds import WorldSampler, deal, shuffle_plan
from smashup.testing import card_id, options, play, scenario, where
from smashup.testing_cards import registered


@pytest.fixture(autouse=True, scope="module")
def _test_cards() -> Iterator[None]:
    with registered():
        yield


def decisions(games: int, cap: int = 25) -> Iterator[tuple[Game, random.Random]]:
    """Every decision of ``games`` random seat-safe games (up to turn ``cap``)."""
    for seed in range(games):
        game = seat_safe_game(seed)
        rnd = random.Random(seed)
        agent = RandomAgent(seed)
        while not game.is_over and game.state.turn <= cap:
            yield game, rnd
            game.apply(decide(game, agent))


def _sorted_options(obs: dict[str, Any]) -> dict[str, Any]:
    """The options of a search list the deck in its order, which a world deals otherwise."""
    decision = obs.get("decision")
    if decision is not None and "options" in decision:
        decision["options"] = sorted(decision["options"])
    return obs


def replayed(game: Game, texts: list[str]) -> bool:
    """Make the decisions ``texts`` in ``game``; False at the first that is not legal."""
    for text in texts:
        if text not in game.action_texts():
            return False
        game.apply(text)
    return True


def twin_after_reshuffle(game: Game, viewer: int, rnd: random.Random) -> Game | None:
    """When a deck was shuffled since the last closed point (a Play Cards decision): the same
    decisions made from a base that differs in the cards hidden from ``viewer`` that no
    decision and no event the viewer saw named, and in its RNG (so the deck run out is
    shuffled otherwise). None when there was no shuffle, or when the twin does not give
    the viewer the same view (its own draws differ)."""
    base, index, at_main, steps = game._trace_since_closed(len(game.history))
    if not any(ev["kind"] == "shuffled" for *_, events in steps for ev in events):
        return None
    named = {c for req, _, _, events in steps for ev in events for c in event_cards(ev)
             if ev["kind"] != "drew"}  # cards drawn after the shuffle may differ
    named |= {c for req, _, _, _ in steps for o in req.options for c in option_cards(o)}
    named |= {req.source for req, *_ in steps if isinstance(req.source, int)}
    state, _ = other_world(base, viewer, rnd, keep=named)
    for rng in (rnd.getrandbits(64), base.rng):  # the viewer's own draws may need the real
        state.rng = rng
        twin = Game._world(state.copy(), game._setup, game.history_for(viewer)[:index],
                           at_main)
        if replayed(twin, game.history[index:]) and (
                twin.observation(viewer) == game.observation(viewer)
                and twin.history_for(viewer) == game.history_for(viewer)
                and twin.events_for(viewer) == game.events_for(viewer)):
            return twin
    return None


def test_a_world_sampled_after_a_reshuffle_depends_only_on_what_the_seat_knows() -> None:
    """After a deck ran out and was shuffled mid-turn, two games the seat cannot tell apart
    (other cards drawn from the shuffled deck by another player, other hidden cards, another
    RNG) give the same determinised world for the same seed: the same observation for the
    seat and the same cards in every hidden place."""
    compared = hidden_differ = 0
    for game, rnd in decisions(60):
        shuffled = [ev["player"] for ev in game.events if ev["kind"] == "shuffled"]
        # the owner of a deck shuffled now (who may draw from it), or anyone
        viewer = shuffled[0] if shuffled and rnd.random() < 0.5 else rnd.randrange(
            game.state.nplayers)
        twin = twin_after_reshuffle(game, viewer, rnd)
        if twin is None:
            continue
        g, t = game.state, twin.state
        hidden_differ += any(g.zone_list(g.loc[c]) != t.zone_list(g.loc[c])
                             for c in range(len(g.defs)) if not visible_to(g, c, viewer))
        for seed in (1, 2):
            world, other = game.determinize(viewer, seed), twin.determinize(viewer, seed)
            assert world.observation(viewer) == other.observation(viewer)
            assert world.state.fingerprint() == other.state.fingerprint()
        compared += 1
    assert compared >= 30, compared
    assert hidden_differ >= compared // 2, (hidden_differ, compared)


def test_a_world_is_always_sampled_and_almost_always_fits() -> None:
    """At every decision, for the deciding seat and another one, ``determinize`` returns a
    world; at least 99.5% of them give the seat the same observation and options (the rest
    are at least rebuilt as far as the seat's decisions allow)."""
    tried = fits = mid = 0
    for game, rnd in decisions(24):
        req = game.request
        assert req is not None
        for viewer in {req.player, rnd.randrange(game.state.nplayers)}:
            sampler = WorldSampler(game, viewer)
            world = sampler.sample(rnd.randrange(1000))
            tried += 1
            mid += req.kind != "main"
            if sampler.tier_used > 1:
                continue
            fits += 1
            assert (_sorted_options(world.observation(viewer))
                    == _sorted_options(game.observation(viewer)))
            if viewer == req.player:
                assert sorted(world.action_texts()) == sorted(game.action_texts())
            # a copy of the world (rebuilt by replay mid-ability) is the same world
            assert world.clone().state.fingerprint() == world.state.fingerprint()
    assert mid >= 1500, mid
    assert fits >= tried * 0.995, (fits, tried)


def test_a_search_deals_its_worlds_as_deal_does() -> None:
    """``DealPlan`` (a sampler's deal worked out once) leaves every world as ``deal`` would:
    the same cards in the same places, the same controllers and knowledge, and the
    generator in the same state, in groups it writes run by run and in those it deals in
    full (cards some other seat knows: a revealed card, a card looked at)."""
    plain = full = 0
    for n, (game, _) in enumerate(decisions(6, cap=12)):
        if n % 3:
            continue
        sampler = WorldSampler(game, n % game.state.nplayers)
        for _, runs, _, _ in sampler._plan._groups:
            plain += runs is not None
            full += runs is None
        for seed in range(3):
            theirs, ours = random.Random(seed), random.Random(seed)
            expected, got = sampler._base.copy(), sampler._base.copy()
            deal(expected, sampler._groups, theirs)
            sampler._plan.deal(got, ours)
            assert got.fingerprint() == expected.fingerprint()
            assert ours.getstate() == theirs.getstate()
    assert plain > 100 and full > 0


def gold_strike_drew_watson() -> Game:
    """Gold in Them Thar Hills played on an empty deck: the discard pile (Watson, a Wraith
    and a Gunfighter) is shuffled into a new deck, the seat looks at all three, shows
    Watson and draws it, and is asked whether to play it as an extra card."""
    game = scenario(hands=[["cowboys/gold-in-them-thar-hills"], []], decks=[[], []],
                    discards=[["wraithrustlers/watson", "wraithrustlers/ancient-sumerian-god",
                               "cowboys/gunfighter"], []],
                    bases=["jungle-oasis", "tortuga"])
    play(game, "play cowboys/gold-in-them-thar-hills#1", "wraithrustlers/watson#1")
    assert game.request is not None and game.request.kind == "play_extra"
    return game


def test_a_card_shown_and_then_drawn_after_a_shuffle_is_planned_on_top_once() -> None:
    """The cards the seat saw come off a deck shuffled since the base go on top of the
    world's shuffle once each, however often they were told (shown, then drawn)."""
    events = [{"kind": "shuffled", "player": 0},
              {"kind": "revealed", "cards": (5,), "to": (0, 1), "by": 0},
              {"kind": "drew", "player": 0, "count": 1, "cards": (5,)},
              {"kind": "drew", "player": 0, "count": 2, "cards": (7, 5)}]
    assert shuffle_plan(events, {5, 7}, [0] * 8) == ((0, (5, 7)),)


def test_a_world_after_gold_in_them_thar_hills_holds_every_card_once() -> None:
    """A world sampled after a card was shown and drawn from a freshly shuffled deck is a
    sound position (each card in one zone: the drawn Watson in hand, not also on the deck)
    that the seat cannot tell from the real game; there Watson's reveal-until-a-Wraith
    ends (it turned the drawn Watson over without end, growing the events until memory ran
    out: a 4-player heuristic self-play game, seed 1002297, turn 62)."""
    game = gold_strike_drew_watson()
    sampler = WorldSampler(game, 0)
    for seed in range(4):
        world = sampler.sample(seed)
        assert check_invariants(world.state, world.request, complete_factions=False) == []
        assert sampler.tier_used == 1
        assert sorted(world.action_texts()) == sorted(game.action_texts())
        play(world, "play wraithrustlers/watson#1 @ base:tortuga")
        assert sorted(options(world)) == ["choice:reveal", "skip"]
        play(world, "choice:reveal")
        assert where(world, "wraithrustlers/ancient-sumerian-god#1") == "hand:0"
        assert where(world, "cowboys/gunfighter#1") == "deck:0"
        assert world.state.zones.get(("revealed", 0), []) == []
        assert card_id(world, "wraithrustlers/watson#1") not in world.state.decks[0]
