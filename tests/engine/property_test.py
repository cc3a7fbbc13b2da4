"""Property tests: thousands of random games over every implemented faction.

Design guide, 'Tests (must)': random games with 2, 3 and 4 players, no
exception, every card in exactly one place, 20 cards per faction conserved,
power >= 0, replay of the decision log reproduces the game, a clone equals the
original. Also: VP never go down unless a card says so (a negative "vp"
event), the box only fills, and ``observation(p)`` never shows another
player's hand or any deck order (design guide, requirement 5).

Every game is fixed by its seed (setup seed and the random choices), so a
failure names the seed; ``run_game(seed, players)`` replays it alone.
"""

from __future__ import annotations

import json
import random
import re
import traceback
from typing import Any

import pytest

from smashup import REGISTRY, Game
from smashup.engine.api.invariants import check_invariants
from smashup.sim import random_factions

TURN_CAP = 120
CHUNK = 50
CHUNKS = {2: 16, 3: 12, 4: 12}  # games per player count: CHUNK * chunks
MAX_CAPPED = 0.2  # at most this share of a chunk's games may hit the turn cap
OBSERVE_EVERY = 10  # observe one player at about one main decision in this many

FACTIONS = sorted(k for k in REGISTRY.factions if not k.startswith("test"))
CARD_NAME = re.compile(r"[a-z0-9@-]+/[a-z0-9-]+#[0-9]+")


def setup_for(seed: int, players: int) -> dict[str, Any]:
    """Random factions (distinct between players when there are enough) and base choice."""
    r = random.Random(seed)
    factions = random_factions(r, players, FACTIONS)
    setup: dict[str, Any] = {"factions": factions, "seed": seed}
    if r.random() < 0.5:
        setup["bases"] = "all"
    else:
        sets = {REGISTRY.faction_sets[f] for pf in factions for f in pf}
        if sum(b.set in sets for b in REGISTRY.bases.values()) < players + 1:
            setup["bases"] = "all"  # the default choice would not give enough bases
    return setup


class GameFailure(AssertionError):
    pass


def _fail(seed: int, players: int, setup: dict[str, Any], game: Game, what: str) -> GameFailure:
    tail = game.history[-8:]
    return GameFailure(
        f"seed {seed} ({players} players), decision {len(game.history) + 1}, "
        f"turn {game.state.turn}: {what}\n  setup: {json.dumps(setup)}\n"
        f"  last decisions: {tail}\n"
        f"  reproduce: tests.engine.property_test.run_game({seed}, {players})"
    )


def hidden_names(game: Game, player: int) -> set[str]:
    """Names ``player`` may not see: other hands and every deck, less cards shown to them."""
    g = game.state
    known = g.known[player]
    secret = set()
    for q in range(g.nplayers):
        if q != player:
            secret.update(g.names[c] for c in g.hands[q] if c not in known)
        secret.update(g.names[c] for c in g.decks[q] if c not in known)
    return secret


def observation_leaks(game: Game, player: int) -> list[str]:
    """Hidden card names that ``observation(player)`` shows.

    The options of the player's own decision (and its ``cards``, the cards they name) may
    name cards of their own deck (searching one's deck, e.g. Scry) and the sources of
    triggered abilities
    (cards seen in play, which may have left it since, e.g. a destroyed Gremlin
    already shuffled back into its deck); anything else hidden must have been
    revealed to them (``known``).
    """
    obs = game.observation(player)
    options = [o for o in (obs.get("decision") or {}).pop("options", [])
               if not o.startswith("trigger ")]
    if (obs.get("decision") or {}).get("player") == player:  # the cards those options name
        options += (obs.get("decision") or {}).pop("cards", [])
    secret = hidden_names(game, player)
    leaks = set(CARD_NAME.findall(json.dumps(obs))) & secret
    g = game.state
    secret.difference_update(g.names[c] for c in g.decks[player])
    leaks.update(set(CARD_NAME.findall(json.dumps(options))) & secret)
    return sorted(leaks)


def run_game(seed: int, players: int) -> bool:
    """Play one random game with every check; returns True if it hit the turn cap."""
    setup = setup_for(seed, players)
    r = random.Random(seed * 31 + players)
    game = Game.new(setup)
    clone_at = r.randrange(0, 300)
    clone_mid_ability = seed % 2 == 0
    clone: Game | None = None
    clone_from = 0
    clone_print: tuple[Any, ...] = ()
    chosen: list[int] = []

    while not game.is_over and game.state.turn <= TURN_CAP:
        g = game.state
        req = game.request
        assert req is not None
        problems = check_invariants(g, req)
        if problems:
            raise _fail(seed, players, setup, game, "; ".join(problems[:6]))
        if r.randrange(OBSERVE_EVERY if req.kind == "main" else 3) == 0:
            p = r.randrange(g.nplayers)
            leaks = observation_leaks(game, p)
            if leaks:
                raise _fail(seed, players, setup, game,
                            f"observation({p}) shows hidden cards {leaks}")
        if clone is None and len(chosen) >= clone_at and (
                not clone_mid_ability or req.kind != "main"):
            clone = game.clone()
            clone_from = len(chosen)
            clone_print = clone.state.fingerprint()
            if clone_print != g.fingerprint() or clone.action_texts() != game.action_texts():
                raise _fail(seed, players, setup, game, "a fresh clone differs from the original")
        action = r.randrange(len(req.options))
        vp_before = list(g.vp)
        boxed = len(g.zones.get(("box",), ()))
        try:
            game.apply(action)
        except Exception:
            raise _fail(seed, players, setup, game,
                        f"{game.action_text(action)!r} raised\n{traceback.format_exc()}") from None
        chosen.append(action)
        g = game.state
        for p, (before, now) in enumerate(zip(vp_before, g.vp, strict=True)):
            if now < before and not any(e["kind"] == "vp" and e.get("player") == p
                                        and e.get("amount", 0) < 0 for e in game.events):
                raise _fail(seed, players, setup, game, f"player {p} lost VP {before} -> {now}")
        if len(g.zones.get(("box",), ())) < boxed:
            raise _fail(seed, players, setup, game, "a card came back from the box")

    problems = check_invariants(game.state, game.request)
    if problems:
        raise _fail(seed, players, setup, game, "; ".join(problems[:6]))
    final = game.state.fingerprint()
    if game.is_over and (game.state.winner is None or game.state.vp[game.state.winner] < 15):
        raise _fail(seed, players, setup, game, f"game over with result {game.result}")

    replayed = Game.from_json(game.to_json())
    if replayed.state.fingerprint() != final or replayed.history != game.history:
        raise _fail(seed, players, setup, game, "replaying the decision log gives another game")

    if clone is not None:
        if clone.state.fingerprint() != clone_print:
            raise _fail(seed, players, setup, game,
                        f"the clone from decision {clone_from + 1} changed while the original "
                        "played on (they share state)")
        try:
            for action in chosen[clone_from:]:
                clone.apply(action)
        except Exception:
            raise _fail(seed, players, setup, game,
                        f"the clone from decision {clone_from + 1} failed to follow\n"
                        f"{traceback.format_exc()}") from None
        if clone.state.fingerprint() != final or clone.history != game.history:
            raise _fail(seed, players, setup, game,
                        f"the clone from decision {clone_from + 1} ended differently")
    return not game.is_over


def test_there_are_factions_to_play():
    assert len(FACTIONS) >= 2, FACTIONS


@pytest.mark.parametrize(("players", "chunk"),
                         [(n, c) for n, k in CHUNKS.items() for c in range(k)])
def test_random_games(players: int, chunk: int):
    first = 100_000 * players + CHUNK * chunk
    capped = [seed for seed in range(first, first + CHUNK) if run_game(seed, players)]
    assert len(capped) <= MAX_CAPPED * CHUNK, (
        f"{len(capped)} of {CHUNK} {players}-player games hit the {TURN_CAP}-turn cap: "
        f"seeds {capped}")
