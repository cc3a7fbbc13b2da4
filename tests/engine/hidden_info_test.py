"""Every seat sees only its share: observations, per-seat events and decision texts, the
narrated log, determinised worlds and the view handed to computer players.

The "two worlds" tests build, at thousands of positions of random seat-safe games (2 to 4
players, every faction, and the test cards that bury, store and put cards in stasis), a
second position that differs only in the cards hidden from one seat, and check that
nothing produced for that seat tells the two apart.
"""

from __future__ import annotations

import gc
import random
import re
import types
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from smashup import REGISTRY, Game
from smashup.agents import HeuristicAgent, RandomAgent, decide
from smashup.engine.api.game import observe
from smashup.engine.api.views import (
    HIDDEN_CARD,
    card_fields,
    event_cards,
    mask_events,
    option_cards,
    replace_name,
    visible_to,
)
from smashup.engine.api.worlds import deal, hidden_groups
from smashup.narrate import Narrator
from smashup.sim import random_factions
from smashup.testing import scenario
from smashup.testing_cards import registered

CARD_NAME = re.compile(r"[a-z0-9@-]+/[a-z0-9-]+#[0-9]+")
TEST_FACTIONS = ("test-rigs", "test-props", "test-scenery")


@pytest.fixture(autouse=True, scope="module")
def _test_cards() -> Iterator[None]:
    with registered():
        yield


def seat_safe_game(seed: int) -> Game:
    """A random seat-safe game of 2 to 4 players; every other game gives one player two of
    the test factions (burying, storing, stasis)."""
    r = random.Random(seed)
    players = 2 + seed % 3
    pool = sorted(k for k in REGISTRY.factions if not k.startswith("test"))
    factions = random_factions(r, players, pool)
    if seed % 2:
        factions[r.randrange(players)] = r.sample(TEST_FACTIONS, 2)
    return Game.new({"factions": factions, "seed": seed, "seat_safe": True})


def other_world(g: Any, viewer: int, rnd: random.Random, keep: Iterable[int] = ()
                ) -> tuple[Any, dict[int, int]]:
    """A copy of the position with every card hidden from ``viewer`` (but ``keep``) dealt
    again at random (each among the places of its owner's hidden cards), and which card
    took whose place."""
    groups = hidden_groups(g, viewer, set(keep))
    world = g.copy()
    deal(world, groups, rnd)
    swap: dict[int, int] = {}
    for slots, _ in groups:
        for loc, i, _, _ in slots:
            swap[g.zone_list(loc)[i]] = world.zone_list(loc)[i]
    return world, swap


def swapped_events(events: list[dict[str, Any]], swap: dict[int, int]) -> list[dict[str, Any]]:
    """The same events told of the other world: each hidden card is the one in its place."""
    def card(value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return swap.get(value, value)
        if isinstance(value, tuple):
            return tuple(card(v) for v in value)
        return value

    return [{k: card(v) if k in card_fields(ev) else v for k, v in ev.items()} for ev in events]


def positions(games: int, cap: int = 25) -> Iterator[tuple[Game, int, random.Random, set[int]]]:
    """Every decision of ``games`` random seat-safe games (up to turn ``cap``), each with a
    viewer (turning round the seats), an RNG, and the cards that viewer saw before the
    last decision; the caller may look before it goes on."""
    for seed in range(games):
        game = seat_safe_game(seed)
        rnd = random.Random(seed)
        agent = RandomAgent(seed)
        k = 0
        before: set[int] = set()
        while not game.is_over and game.state.turn <= cap:
            viewer = k % game.state.nplayers
            yield game, viewer, rnd, before
            k += 1
            g = game.state
            nxt = k % g.nplayers
            before = {c for c in range(len(g.defs)) if visible_to(g, c, nxt)}
            game.apply(decide(game, agent))


PUBLIC_MOVES = frozenset({
    "played", "placed", "destroyed", "returned", "discarded", "moved", "counters",
    "uncovered", "special", "talent", "mulligan", "boxed", "stasis", "left_stasis",
    "stasis_removed", "swapped", "duel_result", "duel_stopped", "effect", "to_discard",
    "duel_back"})
"""Events of cards moving in full view (rulebook: cards in play, discard piles and shown
cards are public); their cards were seen, even if they went somewhere hidden afterwards (a
dueling card that is not played goes back to its hand once revealed to all: ``duel_back``)."""


def test_two_worlds_give_every_seat_the_same_view() -> None:
    """Two positions that differ only in cards hidden from a seat (another hand, deck
    orders, face-down buried and stored cards) give that seat the same observation, the
    same events of the last decision and the same narrated log."""
    checked = differing = 0
    kinds: set[str] = set()
    for game, viewer, rnd, before in positions(36):
        g = game.state
        events = list(g.events)
        seen = set(before)
        for ev in events:
            if ev["kind"] in PUBLIC_MOVES or (ev["kind"] == "revealed" and viewer in ev["to"]):
                seen.update(event_cards(ev))
        world, swap = other_world(g, viewer, rnd, keep=seen)
        differing += any(a != b for a, b in swap.items())
        assert observe(world, viewer, game.request) == game.observation(viewer), \
            f"observation differs at decision {len(game.history)}"
        kinds.update(ev["kind"] for ev in events)
        other = swapped_events(events, swap)
        assert mask_events(other, viewer) == game.events_for(viewer)
        told = Narrator(game, viewer=viewer).narrate(events)
        assert Narrator(game, viewer=viewer).narrate(other) == told
        checked += 1
    assert checked >= 2000, checked
    assert differing >= checked // 2  # the second world really is another world
    assert {"drew", "buried", "stored", "stasis"} <= kinds  # face-down mechanics were met


def test_a_seat_sees_the_same_decisions_whatever_the_hidden_cards() -> None:
    """Whether a decision comes, whose it is, what kind, and its prompt as a seat reads
    it: after the same move by the player whose turn it is, a world that differs in cards
    hidden from both the mover and the watching seat asks the same seats the same things
    (a Me First! window asks everyone in a seat-safe game, whatever they hold), until a
    card hidden from the watching seat is revealed to it."""
    compared = 0
    for game, viewer, rnd, _ in positions(24, cap=18):
        req = game.request
        assert req is not None
        mover = req.player
        if req.kind != "main" or rnd.random() > 0.5:
            continue
        g = game.state
        cards = range(len(g.defs))
        # the mover's move must be legal in both worlds; the viewer draws the same cards
        keep = {c for c in cards if visible_to(g, c, mover)} | set(g.decks[viewer])
        state, _ = other_world(g, viewer, rnd, keep=keep)
        twin = Game._world(state, game._setup, game.history, True)
        real = game.clone()
        seen_before = {c for c in cards if visible_to(g, c, viewer)}
        move = rnd.choice(real.action_texts())
        real.apply(move)
        twin.apply(move)
        new_real = {c for c in cards if visible_to(real.state, c, viewer)} - seen_before
        new_twin = {c for c in cards if visible_to(twin.state, c, viewer)} - seen_before
        if new_real != new_twin:
            continue  # something hidden was shown: the seat may now tell the worlds apart
        assert twin.observation(viewer) == real.observation(viewer), move
        assert twin.events_for(viewer) == real.events_for(viewer), move
        compared += 1
    assert compared >= 200, compared


def test_nothing_produced_for_a_seat_names_a_card_it_may_not_see() -> None:
    """Every card named in a seat's observation is one it may see now; every card in its
    events and decision texts is one it has seen (on the table, in a pile, shown to it)."""
    ever: list[set[int]] = []
    for game, _, _, _ in positions(12):
        g = game.state
        n = g.nplayers
        if len(game.history) == 0:
            ever = [set() for _ in range(n)]
        for p in range(n):
            seen = ever[p]
            seen.update(c for c in range(len(g.defs)) if visible_to(g, c, p))
            for ev in game.events_for(p):
                # shown when used; a redrawn opening hand is shown to everyone
                if ev["kind"] in ("played", "revealed", "special", "mulligan"):
                    seen.update(event_cards(ev))
            req = game.request
            if req is not None and req.player == p:  # the cards it is choosing among
                seen.update(c for o in req.options for c in option_cards(o))
            obs = game.observation(p)
            decision = obs.pop("decision", None)
            if decision is not None:
                decision.pop("options", None)  # cards this seat is looking at right now
                if req is not None and req.player == p:  # the same, and the prompt's cards
                    shown = {*seen, *req.about}
                    for name in decision.pop("cards"):
                        card = None if name.startswith("base:") else g.names.index(name)
                        assert card is None or card in shown or (
                            g.defs[card].name in req.prompt and visible_to(g, card, p))
                obs["decision"] = decision
            for name in CARD_NAME.findall(repr(obs)):
                card = g.names.index(name)
                assert visible_to(g, card, p), f"player {p} is shown {name}"
            for ev in game.events_for(p):
                for card in event_cards(ev):
                    assert card in seen, f"player {p} is told of {g.names[card]} in {ev}"
            named = {g.names[c] for c in seen}
            for text in game.history_for(p):
                for name in CARD_NAME.findall(text):
                    assert name in named, f"player {p} reads {name} in {text!r}"


def test_a_hand_choice_stays_hidden_in_the_history_and_events_of_the_others() -> None:
    """A card buried face down from a hand: its owner's history and log name it; the other
    player reads "a card" (mechanics: a buried card is face down)."""
    game = scenario(hands=[["test-rigs/shovel", "aliens/invader", "aliens/scout"], []],
                    bases=["jungle-oasis", "the-central-brain"])
    game.apply("play test-rigs/shovel#1")
    game.apply("aliens/invader#1")
    game.apply("base:jungle-oasis")
    assert game.history_for(0)[-2] == "aliens/invader#1"
    assert game.history_for(1)[-2] == HIDDEN_CARD
    assert "aliens/invader#1" not in repr(game.events_for(1))
    told = Narrator(game, viewer=1).narrate(game.events)
    assert not any("Invader" in line for line in told)
    assert any("Invader" in line for line in Narrator(game, viewer=0).narrate(game.events))


def test_a_hidden_name_is_masked_only_where_it_stands_whole() -> None:
    """Masking a card's name in a decision text leaves a longer name that starts the same
    alone (copy #1 is hidden, copy #12 is not), and a base's name is masked only where no
    longer base name goes on from it."""
    text = "play aliens/invader#1 on aliens/invader#12, then aliens/invader#1"
    assert replace_name(text, "aliens/invader#1", "0123456789") == (
        f"play {HIDDEN_CARD} on aliens/invader#12, then {HIDDEN_CARD}")
    assert replace_name("aliens/invader#12", "aliens/invader#1", "0123456789") == (
        "aliens/invader#12")
    goes_on = "0123456789abcdefghijklmnopqrstuvwxyz-"
    assert replace_name("base:the-mall-annex or base:the-mall", "base:the-mall", goes_on) == (
        f"base:the-mall-annex or {HIDDEN_CARD}")
    assert replace_name("nothing to hide", "base:the-mall", goes_on) == "nothing to hide"


def test_another_seat_reads_who_is_choosing_not_the_walkers_card() -> None:
    """Walker: only its player looks at the top card; the other seat's prompt names the
    Walker, not the card."""
    game = scenario(hands=[["zombies/walker"], []], decks=[["aliens/supreme-overlord"], []],
                    bases=["jungle-oasis", "the-central-brain"])
    game.apply("play zombies/walker#1 @ base:jungle-oasis")
    mine = game.observation(0)["decision"]["prompt"]
    theirs = game.observation(1)["decision"]["prompt"]
    assert "Supreme Overlord" in mine
    assert theirs == "Player 1 is choosing for Walker"


def before_scoring(seat_safe: bool) -> list[tuple[int, str, list[str]]]:
    """Player 1 ends the turn with Jungle Oasis ready to score; player 2 holds Ambush (a
    Special for "before a base scores"), player 1 nothing usable. The decisions asked
    before the base scores, as (player, kind, options)."""
    fields = {"hands": [["aliens/scout"], ["test-rigs/ambush"]],
              "bases": [{"base": "jungle-oasis", "minions": [
                  {"card": "dinosaurs/king-rex", "controller": 0},
                  {"card": "aliens/supreme-overlord", "controller": 0},
                  {"card": "aliens/collector", "controller": 1}]}, "the-central-brain"]}
    game = Game.new({"scenario": fields, "seat_safe": seat_safe})
    game.apply("end")
    asked = []
    while game.request is not None and game.request.kind == "me_first":
        asked.append((game.current_player, game.request.kind, game.action_texts()))
        game.apply("pass")
    return asked


def test_a_seat_safe_window_asks_every_player_whatever_they_hold() -> None:
    """Me First! (core rulebook): each player in turn may play a Special or pass. In a
    seat-safe game every player is asked (one with nothing to use can only pass), so the
    other players do not learn who holds a Special; the fast path asks only those who can
    act."""
    assert before_scoring(True) == [(0, "me_first", ["pass"]),
                                    (1, "me_first", ["special test-rigs/ambush#1", "pass"])]
    assert before_scoring(False) == [(1, "me_first", ["special test-rigs/ambush#1", "pass"])]


def test_a_seat_safe_mulligan_asks_every_player() -> None:
    """The mulligan (rulebook, setup): only a hand with no minion may be redrawn; in a
    seat-safe game every player is asked (a hand with a minion can only be kept), so
    nobody learns whose hand has no minion."""
    for seed in range(20):
        setup = {"factions": [["aliens", "ninjas"], ["wizards", "tricksters"]], "seed": seed}
        safe = Game.new({**setup, "seat_safe": True})
        fast = Game.new(setup)
        asked = []
        while safe.request is not None and safe.request.kind == "mulligan":
            asked.append(safe.current_player)
            safe.apply("choice:keep")
        assert sorted(asked) == [0, 1]
        no_minion = [p for p in (0, 1)
                     if not any(fast.state.defs[c].kind == "minion" for c in fast.state.hands[p])]
        if fast.request is not None and fast.request.kind == "mulligan":
            assert fast.current_player in no_minion
        else:
            assert not no_minion


def test_a_determinised_world_depends_only_on_what_the_seat_knows() -> None:
    """Two games that differ only in cards hidden from a seat give the same determinised
    world for the same seed; another seed deals another world; the seat's view, options
    and the setup are those of the real game."""
    different = 0
    for game, viewer, rnd, _ in positions(8):
        req = game.request
        if req is None or req.kind != "main" or rnd.random() > 0.3:
            continue
        g = game.state
        state, _ = other_world(g, viewer, rnd)
        twin = Game._world(state, game._setup, game.history, True)
        world = game.determinize(viewer, 7)
        assert world.state.fingerprint() == twin.determinize(viewer, 7).state.fingerprint()
        assert "seed" not in world._setup  # it would rebuild the real deals
        assert world.observation(viewer) == game.observation(viewer)
        if game.current_player == viewer:
            assert world.action_texts() == game.action_texts()
        different += world.state.fingerprint() != game.determinize(viewer, 8).state.fingerprint()
    assert different >= 20


def reachable(root: object) -> dict[int, object]:
    """Everything reachable from ``root`` by attributes, slots, containers, bound methods and
    closure cells (modules, classes and functions' globals are shared code, not data)."""
    found: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in found or isinstance(obj, (types.ModuleType, type)):
            continue
        found[id(obj)] = obj
        if isinstance(obj, types.FunctionType):
            stack.extend(c.cell_contents for c in obj.__closure__ or ())
            stack.extend(obj.__defaults__ or ())
        elif not isinstance(obj, types.CodeType):
            stack.extend(gc.get_referents(obj))
    return found


def test_a_computer_player_cannot_reach_the_real_game() -> None:
    """The view an agent is handed, and the worlds it samples, lead to no object of the
    real game: not its state, its anchor, its decisions or the game itself."""
    for game, viewer, _, _ in positions(2, cap=6):
        req = game.request
        assert req is not None
        if req.player != viewer:
            continue
        view = game.seat_view(viewer)
        world = view.sample(3)
        secrets = {id(game), id(game.state), id(game._anchor[0]), id(game._opts),
                   id(game._log), id(game.state.hands), id(game.state.decks)}
        for root in (view, world):
            found = reachable(root)
            assert not secrets & set(found), f"a seat view reaches the real game ({req.kind})"
            assert not any(isinstance(o, Game) and o is game for o in found.values())
        assert not hasattr(view, "__dict__")


def test_the_heuristic_agent_decides_from_its_view_alone() -> None:
    """The heuristic agent gets a seat view and returns one of its options."""
    game = seat_safe_game(4)
    agent = HeuristicAgent(seed=1)
    for _ in range(40):
        if game.is_over:
            break
        view = game.seat_view(game.current_player)
        choice = agent.act(view)
        assert 0 <= choice < len(game.legal_actions())
        game.apply(choice)


def test_the_setup_is_copied_when_a_game_is_made_and_saved() -> None:
    setup: dict[str, Any] = {"factions": [["aliens", "ninjas"], ["robots", "zombies"]],
                             "seed": 11}
    game = Game.new(setup)
    setup["seed"] = 12
    setup["factions"][0][0] = "wizards"
    saved = game.to_dict()
    assert saved["setup"]["seed"] == 11 and saved["setup"]["factions"][0][0] == "aliens"
    saved["setup"]["seed"] = 13
    assert game.to_dict()["setup"]["seed"] == 11
    assert Game.from_dict(game.to_dict()).state.fingerprint() == game.state.fingerprint()


def pricey_shot(hand: list[str], seat_safe: bool) -> list[tuple[str, list[str]]]:
    """Player 1 plays Pricey Shot (discard two cards to destroy a minion) holding ``hand``
    besides; the discard decisions that come, as (kind, options)."""
    fields = {"hands": [["test-rigs/pricey-shot", *hand], []],
              "bases": [{"base": "jungle-oasis", "minions": [
                  {"card": "aliens/collector", "controller": 1}]}, "the-central-brain"]}
    game = Game.new({"scenario": fields, "seat_safe": seat_safe})
    game.apply("play test-rigs/pricey-shot#1")
    asked = []
    while game.request is not None and game.request.kind == "discard":
        asked.append((game.request.kind, game.action_texts()))
        game.apply(0)
    return asked


def test_a_seat_safe_cost_is_asked_whatever_the_hand_holds() -> None:
    """"Discard two cards to ...": the fast path asks nothing when the hand cannot pay or
    when the two cards are forced; a seat-safe game asks every pick, and asks a hand that
    cannot pay too (it can only say so), so the others do not learn how many cards it holds
    that could pay."""
    assert pricey_shot(["aliens/scout"], False) == []
    assert pricey_shot(["aliens/scout"], True) == [("discard", ["choice:cannot-pay"])]
    assert pricey_shot(["aliens/scout", "aliens/invader"], False) == []
    assert pricey_shot(["aliens/scout", "aliens/invader"], True) == [
        ("discard", ["aliens/scout#1", "aliens/invader#1"]), ("discard", ["aliens/invader#1"])]


def test_a_spectator_sees_only_what_is_public() -> None:
    """A spectator (-1) holds no hand, knows no hidden card, reads who is choosing (for a
    card only if it is public) and no options; every card named in its view or its events
    is public."""
    for game, _, _, _ in positions(6, cap=12):
        g = game.state
        obs = game.spectator_observation()
        assert obs["hand"] == [] and obs["known"] == [] and obs["plays_left"] is None
        decision = obs["decision"]
        assert "options" not in decision
        req = game.request
        assert req is not None
        assert decision["prompt"].startswith(f"Player {req.player + 1} ")
        if isinstance(req.source, int) and not visible_to(g, req.source, -1):
            assert g.defs[req.source].name not in decision["prompt"]
        for name in CARD_NAME.findall(repr(obs)):
            assert visible_to(g, g.names.index(name), -1), f"a spectator is shown {name}"
        for ev in game.events_for(-1):
            for card in event_cards(ev):
                if ev["kind"] != "revealed":  # cards shown to everybody and put back
                    assert visible_to(g, card, -1) or ev["kind"] in PUBLIC_MOVES, ev


def test_two_worlds_give_a_spectator_the_same_view() -> None:
    """Two positions that differ in every card hidden from the table (hands, decks,
    face-down cards) give a spectator the same observation, events and narrated log."""
    checked = 0
    public: set[int] = set()
    for game, _, rnd, _ in positions(12):
        g = game.state
        events = list(g.events)
        seen = set(public)
        for ev in events:
            if ev["kind"] in PUBLIC_MOVES or (
                    ev["kind"] == "revealed" and len(set(ev["to"])) == g.nplayers):
                seen.update(event_cards(ev))
        world, swap = other_world(g, -1, rnd, keep=seen)
        assert observe(world, -1, game.request) == game.spectator_observation()
        other = swapped_events(events, swap)
        assert mask_events(other, -1, g.nplayers) == game.events_for(-1)
        told = Narrator(game, viewer=-1).narrate(events)
        assert Narrator(game, viewer=-1).narrate(other) == told
        public = {c for c in range(len(g.defs)) if visible_to(g, c, -1)}
        checked += 1
    assert checked >= 500, checked


def test_the_bases_chosen_atop_the_base_deck_stay_hidden_from_the_others() -> None:
    """School of Wizardry: first place looks at three bases atop the base deck, keeps one
    and stacks the others back. Only they read which; the other player and a spectator read
    "a card" in the history."""
    fields = {"hands": [[], []],
              "bases": [{"base": "school-of-wizardry", "minions": [
                  {"card": "dinosaurs/king-rex", "controller": 0},
                  {"card": "dinosaurs/king-rex", "controller": 0},
                  {"card": "aliens/supreme-overlord", "controller": 0},
                  {"card": "aliens/collector", "controller": 1}]}, "the-central-brain"],
              "base_deck": ["tortuga", "jungle-oasis", "rhodes-plaza-mall", "the-great-library"]}
    game = Game.new({"scenario": fields})
    game.apply("end")
    game.apply("base:tortuga")
    game.apply("base:rhodes-plaza-mall")
    assert game.history_for(0)[-2:] == ["base:tortuga", "base:rhodes-plaza-mall"]
    assert game.history_for(1)[-2:] == [HIDDEN_CARD, HIDDEN_CARD]
    assert game.history_for(-1)[-2:] == [HIDDEN_CARD, HIDDEN_CARD]
    assert game.state.base_names[game.state.base_deck[0]] == "base:rhodes-plaza-mall"


# ---- Me First! windows: two worlds that differ in one Special in a hand ----------------------

WINDOW_EVENTS = ("before_score", "after_score", "duel", "revealed")
"""The events that open a Me First! window for a Special held in a hand (a Special of the
Play Cards phase is offered only in its holder's own Play Cards decision)."""

SWAP = "robots/zapbot"
"""The ordinary card that takes the Special's place in the other world (listed nowhere else
in the positions, so the two worlds name every card alike)."""


def window_specials() -> list[str]:
    """Every card (of every set, and the test cards) with a Special used from the hand in a
    window, read from the card definitions: a new Special is covered without a word here."""
    return sorted(key for key, d in REGISTRY.cards.items()
                  if any(sp.zone == "hand" and sp.event in WINDOW_EVENTS for sp in d.specials))


def minion(card: str, controller: int, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": controller, **more}


SCORINGS = ("one base", "a card's optional ability", "the Mole", "two bases", "a duel",
            "a base's ability", "a Probe")
PROBE = "a Probe"
"""Player 1 plays Probe on player 2's hand (a window for a Special seen in a hand) before
the turn ends and the base scores: player 1 sees that hand, the others must not."""


def scoring_position(kind: str, holder: int, card: str) -> dict[str, Any]:
    """A 3-player position where player 1 ends the turn and Jungle Oasis (or Jungle Camp)
    scores, ``holder`` holding ``card`` and a minion; player 3 wins the base. Around it, what
    the Specials ask for: a small minion of each of players 1 and 2 there (a target, a minion
    to save), a minion of the holder's that player 3 controls, an action on a base, a base in
    the base discard pile. ``kind`` adds the scoring's particulars."""
    winner = [minion("dinosaurs/king-rex", 2), minion("aliens/supreme-overlord", 2)]
    small = [minion("aliens/collector", p) for p in (0, 1)]
    stolen = minion("wizards/neophyte", 2, owner=holder)
    scoring = {"base": "jungle-oasis", "minions": [*winner, *small, stolen]}
    other: dict[str, Any] = {"base": "the-central-brain", "minions": [],
                             "actions": [{"card": "zombies/overrun", "controller": 2}]}
    if kind == "a card's optional ability":  # "you may move the Pirate King there"
        other["minions"] = [minion("pirates/pirate-king", holder)]
    elif kind == "the Mole":  # offered in a seat-safe game whether or not the hand can use it
        scoring["minions"].append(minion("super-spies/mole", holder))
    elif kind == "two bases":  # the player whose turn it is chooses which scores first
        other["minions"] = [minion("dinosaurs/king-rex", 2, counters=8),
                            minion("aliens/supreme-overlord", 2, counters=4),
                            minion("aliens/collector", holder)]
    elif kind == "a duel":  # player 3's Sheriff duels the holder's minion as the base scores
        scoring["minions"] = [minion("cowboys/sheriff", 2), *winner,
                              minion("aliens/collector", holder), stolen]
    elif kind == "a base's ability":  # the holder wins Jungle Camp: may take a minion back
        scoring = {"base": "jungle-camp", "minions": [
            minion("dinosaurs/king-rex", holder, counters=9),
            minion("aliens/supreme-overlord", holder), *small[:0], stolen,
            minion("aliens/collector", 2)]}
    hands: list[list[str]] = [["aliens/invader"] for _ in range(3)]
    if kind == PROBE:
        hands[0] = ["aliens/probe"]
    hands[holder] = [card, "aliens/scout"]
    return {"players": 3, "hands": hands, "decks": [["zombies/walker"] * 3 for _ in range(3)],
            "bases": [scoring, other], "base_discard": ["tar-pits"]}


def two_scoring_worlds(kind: str, holder: int, special: str) -> tuple[Game, Game]:
    """The same seat-safe position twice: the holder has ``special`` in hand and the ordinary
    card on top of its deck, or the other way round."""
    games = []
    for in_hand, in_deck in ((special, SWAP), (SWAP, special)):
        fields = scoring_position(kind, holder, in_hand)
        fields["decks"][holder].insert(0, in_deck)
        games.append(Game.new({"scenario": fields, "seat_safe": True}))
    return games[0], games[1]


def window_of(game: Game) -> str:
    """Which window a Me First! decision is in: a duel's, or before or after a scoring."""
    from smashup.engine.mechanics.duels import duel_under_way
    from smashup.engine.turn.flow import SCORING

    g = game.state
    if duel_under_way(g) is not None:
        return "duel"
    if g.phase == "play":  # no base scores in the Play Cards phase: a Probe showed the hand
        return "revealed"
    stage = g.misc.get(SCORING)
    return "after_score" if stage is not None and stage[0] == "clear" else "before_score"


def public_pick(game: Game, twin: Game, holder: int, probing: bool) -> str:
    """The same move in both worlds: the holder passes (skips, ends its turn) whatever it holds;
    another seat plays its Probe on the holder's hand (``probing``) and picks the Scout there,
    uses an ability of a card in play when it may (so the Sheriff duels), else passes, else
    ends its turn, else takes its first option."""
    texts, twin_texts = game.action_texts(), twin.action_texts()
    common = [t for t in texts if t in twin_texts]
    if game.current_player == holder:
        return next((t for t in ("pass", "skip", "end") if t in common), common[0])
    if probing:
        for t in ("play aliens/probe#1", f"player:{holder}", "aliens/scout#1"):
            if t in common:
                return t
    assert texts == twin_texts, "another seat's options depend on the holder's hand"
    return next((t for t in texts if t.startswith("trigger")),
                next((t for t in ("pass", "end") if t in texts), texts[0]))


def test_two_worlds_of_a_me_first_window_read_the_same_to_everyone_but_the_holder() -> None:
    """Me First! (core rulebook: before and after a base scores each player in turn may play a
    Special, or pass): in a seat-safe game, a player holding a Special and the same player
    holding an ordinary card in its place are asked alike, and every other seat and a
    spectator read the same prompts (who is choosing, for which card or base), the same order
    of who is asked, the same events, history and narration, at every kind of scoring (one
    base, two, with an optional ability of a card or of the base, with a duel) and when a
    card shows the hand to one player (who alone may tell the worlds apart), for every
    Special used in a window; the holder passes."""
    specials = window_specials()
    offered: set[tuple[str, str]] = set()
    offered_by_kind: dict[str, int] = {kind: 0 for kind in SCORINGS}
    with_a_trigger = 0
    for kind in SCORINGS:
        for holder in (0, 1) if kind != PROBE else (1,):
            for special in specials:
                real, twin = two_scoring_worlds(kind, holder, special)
                # the Probe's player has seen the hand
                viewers = [p for p in range(3) if p != holder and (p or kind != PROBE)] + [-1]
                narrators = [{v: Narrator(g, viewer=v) for v in viewers} for g in (real, twin)]
                for step in range(300):
                    req, twin_req = real.request, twin.request
                    assert req is not None and twin_req is not None
                    where = f"{kind}, holder {holder}, {special}, decision {step}"
                    assert (req.player, req.kind) == (twin_req.player, twin_req.kind), where
                    for v in viewers:
                        if v >= 0:
                            assert real.observation(v) == twin.observation(v), (where, v)
                        else:
                            assert real.spectator_observation() == twin.spectator_observation()
                        assert real.events_for(v) == twin.events_for(v), (where, v)
                        assert real.history_for(v) == twin.history_for(v), (where, v)
                        told = narrators[0][v].narrate(real.state.events)
                        assert narrators[1][v].narrate(twin.state.events) == told, (where, v)
                    if real.state.turn > 1 and req.kind == "main":
                        break
                    texts = real.action_texts()
                    if req.player == holder and f"special {special}#1" in texts:
                        offered.add((special, window_of(real)))
                        offered_by_kind[kind] += 1
                        with_a_trigger += any(t.startswith("trigger") for t in texts)
                    move = public_pick(real, twin, holder, kind == PROBE)
                    real.apply(move)
                    twin.apply(move)
                else:
                    pytest.fail(f"{kind}: the turn did not end")
    # every Special was offered in each window it answers (the test cannot pass vacuously)
    wanted = {(key, sp.event) for key in specials for sp in REGISTRY.cards[key].specials
              if sp.zone == "hand" and sp.event in WINDOW_EVENTS}
    assert wanted <= offered, sorted(wanted - offered)
    assert all(offered_by_kind.values()), offered_by_kind
    assert with_a_trigger  # a Special beside an optional ability in play: one prompt for both
