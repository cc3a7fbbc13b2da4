"""The ``smashup`` command: watch, simulate, bench, scenario, cards, replay, play, lab, arena,
serve, learn, train.

Standard library only. Every command returns an exit status: 0 on success,
1 when a simulation met engine errors (or the engine failed), 2 for bad input
(a bad file, malformed JSON, an unknown faction, an illegal scenario step).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import cards as _cards  # noqa: F401  (registers every implemented card)
from ..agents import decide
from ..engine.api.game import Game
from ..engine.api.listing import card_list
from ..engine.api.saves import ReplayError
from ..engine.api.setup import Setup, SetupError, same_faction
from ..engine.core.defs import REGISTRY, faction_name
from ..engine.core.requests import IllegalAction
from ..engine.core.validate import clip, describe
from ..narrate import Narrator
from ..sim import (
    AGENT_KINDS,
    DEFAULT_TURN_CAP,
    LEVELS,
    agents_for,
    bench,
    game_setup,
    make_agent,
    simulate,
)
from ..testing import check_expect
from .arena import add_arena_parser
from .lab import add_lab_parser
from .learn import add_learn_parser
from .serve import add_serve_parser
from .train import add_train_parser
from .views import board_text, card_table, full_state


class CliError(Exception):
    """Bad input: printed as one clear message, exit status 2."""


# ---- helpers ---------------------------------------------------------------------------------


def _out(line: str = "") -> None:
    print(line)


def _read_json(path: str) -> Any:
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise CliError(f"{path} is not UTF-8 text (byte {err.start} is not)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise CliError(f"{path} is not valid JSON: {err.msg} at line {err.lineno}, "
                       f"column {err.colno}") from None
    except RecursionError:
        raise CliError(f"{path} is not usable JSON: it is nested too deeply") from None
    except ValueError as err:  # e.g. a number with thousands of digits
        raise CliError(f"{path} is not usable JSON: {clip(str(err))}") from None


def _faction_pairs(items: Sequence[str]) -> list[list[str]]:
    pairs = []
    for item in items:
        pair = [f.strip() for f in item.split(",") if f.strip()]
        if len(pair) != 2:
            raise CliError(f"--factions takes one 'a,b' pair per player, not {item!r}")
        pairs.append(pair)
    return pairs


def _check_factions(keys: Sequence[str]) -> None:
    unknown = sorted({k for k in keys if k not in REGISTRY.factions})
    if unknown:
        raise CliError(f"unknown faction {', '.join(map(repr, unknown))}; implemented factions: "
                       + ", ".join(sorted(REGISTRY.factions)))


def _check_pairs(pairs: Sequence[Sequence[str]]) -> None:
    """Known factions, two different ones per player, and no faction in two players' decks
    (a box holds one copy of each faction; two printings of one faction are one faction)."""
    _check_factions([f for pf in pairs for f in pf])
    for pf in pairs:
        if same_faction(pf[0], pf[1]):
            raise CliError(f"--factions {pf[0]},{pf[1]}: a player needs two different factions")
    seen: dict[str, int] = {}
    for p, pf in enumerate(pairs):
        for f in pf:
            base = f.split("@")[0]
            if base in seen:
                raise CliError(f"--factions: {base} is given to players {seen[base] + 1} and "
                               f"{p + 1}; each faction can be in one player's deck only")
            seen[base] = p


# ---- watch -----------------------------------------------------------------------------------


def cmd_watch(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    pairs = _faction_pairs(args.factions) if args.factions else None
    players = args.players if args.players is not None else (len(pairs) if pairs else 2)
    if pairs is not None:
        if len(pairs) != players:
            raise CliError(f"--factions gives {len(pairs)} pairs for {players} players")
        _check_pairs(pairs)
    if not 2 <= players <= 4:
        raise CliError("Smash Up is for 2 to 4 players")
    _check_turn_cap(args.turn_cap)
    if args.save:
        _check_writable(args.save)  # before playing the whole game
    # a game people watch: seat-safe (every seat is asked in every Me First! window); the
    # log is a spectator's (or one seat's, with --seat): no hidden card is named
    setup = game_setup(seed, players, pairs=pairs, bases=args.bases, seat_safe=True)
    game = Game.new(setup)
    viewer = _viewer(args.seat, players)
    narrator = Narrator(game, viewer=viewer)
    agents = agents_for(seed, players)

    def tell(events: list[dict[str, Any]]) -> None:
        for line in _log_lines(narrator, events):
            _out(line)

    for line in _intro(game):
        _out(line)
    tell(game.events_for(viewer))
    capped = False
    try:
        while not game.is_over:
            if game.state.turn > args.turn_cap:
                capped = True
                break
            player = game.current_player
            action = decide(game, agents[player])
            game.apply(action)
            if args.verbose:  # the decision as the watching seat may know it
                _out(f"  > Player {player + 1}: {game.history_for(viewer)[-1]}")
            tell(game.events_for(viewer))
    finally:
        if args.save:
            _save(game, args.save)
    if capped:
        _out()
        _out(f"Stopped after {args.turn_cap} turns (the turn cap) without a winner; VP: "
             + ", ".join(f"Player {p + 1} {v}" for p, v in enumerate(game.state.vp)) + ".")
    return 0


def _viewer(seat: int | None, players: int, everything: bool = False) -> int | None:
    """Whose eyes a log uses: ``--seat P`` (1-based), everything, or a spectator's (-1)."""
    if everything:
        return None
    if seat is None:
        return -1
    if not 1 <= seat <= players:
        raise CliError(f"--seat must be 1 to {players}")
    return seat - 1


def _intro(game: Game) -> list[str]:
    g = game.state
    seed = game.setup.get("seed", 0)
    lines = [f"Smash Up: {g.nplayers} players, seed {seed}"]
    for p, pf in enumerate(g.factions):
        lines.append(f"  Player {p + 1}: {' and '.join(faction_name(f) for f in pf)}")
    lines.append("  Bases: " + ", ".join(
        f"{g.base_defs[b].name} ({g.base_defs[b].breakpoint})" for b in g.bases))
    lines.append(f"  Player {g.current + 1} goes first.")
    return lines


def _log_lines(narrator: Narrator, events: list[dict[str, Any]]) -> list[str]:
    """A turn's header line after a blank line, other events indented."""
    lines: list[str] = []
    for ev, text in narrator.narrate_events(events):
        if ev["kind"] == "start_turn":
            lines.extend(("", text))
        else:
            lines.append(f"  {text}")
    return lines


def _check_turn_cap(cap: int) -> None:
    if cap < 1:
        raise CliError(f"--turn-cap must be at least 1, not {cap}")


def _check_writable(path: str) -> None:
    """Fail now, not after the game, if the game cannot be saved at ``path``."""
    target = Path(path)
    if target.is_dir():
        raise CliError(f"cannot write {path}: it is a folder")
    existed = target.exists()
    try:
        with target.open("a", encoding="utf-8"):
            pass
    except OSError as err:
        raise CliError(f"cannot write {path}: {err.strerror or err}") from None
    if not existed:
        target.unlink()


def _save(game: Game, path: str) -> None:
    try:
        Path(path).write_text(game.to_json() + "\n", encoding="utf-8")
    except OSError as err:
        raise CliError(f"cannot write {path}: {err.strerror or err}") from None
    print(f"Saved the game to {path}.", file=sys.stderr)


# ---- replay ----------------------------------------------------------------------------------


def load_saved(data: Any, path: str) -> Game:
    """The saved game, replayed and checked (see engine/api/saves.py)."""
    try:
        return Game.from_dict(data)
    except ReplayError as err:
        raise CliError(f"{path}: {err}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    saved = load_saved(_read_json(args.file), args.file)
    actions = saved.history
    # replay it again, now telling the story (the save is known to be sound)
    game = Game.new(saved.setup)
    viewer = _viewer(args.seat, game.state.nplayers, args.everything)
    narrator = Narrator(game, viewer=viewer)
    lines = _intro(game) + _log_lines(narrator, game.events)
    for i, text in enumerate(actions, 1):
        try:
            game.apply(text)
        except IllegalAction as err:
            raise CliError(f"{args.file}: decision {i} ({clip(text)!r}) does not fit the "
                           f"game: {err}") from None
        lines.extend(_log_lines(narrator, game.events))
    if args.json:
        _out(json.dumps(full_state(game), indent=1))
        return 0
    for line in lines:
        _out(line)
    if not game.is_over:
        _out(f"(The saved game stops here, after {len(actions)} decisions.)")
    return 0


# ---- scenario --------------------------------------------------------------------------------


FILE_FIELDS = ("description", "scenario", "script", "expect")
"""A scenario file's own fields; the scenario's fields go under "scenario" or beside these."""


def split_scenario(data: Any, path: str) -> tuple[dict[str, Any], list[str]]:
    """A scenario file's fields and script (wrapped in "scenario" or at the top level)."""
    if not isinstance(data, dict):
        raise CliError(f"{path}: a scenario file holds a JSON object, not {describe(data)}")
    if "scenario" in data:
        fields = data["scenario"]
        if not isinstance(fields, dict):
            raise CliError(f"{path}: scenario: expected an object, got {describe(fields)}")
        extra = sorted(set(data) - set(FILE_FIELDS))
        if extra:
            raise CliError(f"{path}: {clip(str(extra[0]))}: unknown field; a scenario file "
                           f"has {', '.join(FILE_FIELDS)} (the position goes under 'scenario')")
    else:
        fields = {k: v for k, v in data.items() if k not in FILE_FIELDS}
    if not isinstance(data.get("description", ""), str):
        raise CliError(f"{path}: description: expected a text, got "
                       f"{describe(data['description'])}")
    script = data.get("script", [])
    if not isinstance(script, list):
        raise CliError(f"{path}: script: expected a list of decision texts, got "
                       f"{describe(script)}")
    for i, step in enumerate(script):
        if not isinstance(step, str):
            raise CliError(f"{path}: script[{i}]: expected a decision text, got "
                           f"{describe(step)}")
    return fields, script


def new_scenario_game(fields: dict[str, Any], path: str = "scenario") -> Game:
    try:
        return Game.new({"scenario": fields})
    except SetupError as err:
        raise CliError(f"{path}: bad scenario: {err}") from None


def apply_script(
    game: Game,
    script: list[str],
    path: str = "scenario",
    on_step: Callable[[str, Game], None] | None = None,
) -> Game:
    """Apply a script strictly: a step that is not legal now is an error naming it."""
    for i, step in enumerate(script, 1):
        req = game.request
        if req is None:
            raise CliError(f"{path}: step {i} ({clip(step)!r}): the game is already over")
        texts = game.action_texts()
        if " ".join(step.split()) not in texts:
            raise CliError(
                f"{path}: step {i} ({clip(step)!r}) is not legal now. Player {req.player} must "
                f"decide ({req.kind}: {req.prompt}); legal options: " + ", ".join(texts))
        game.apply(step)
        if on_step is not None:
            on_step(step, game)
    return game


def run_scenario(fields: dict[str, Any], script: list[str], path: str = "scenario") -> Game:
    """Set up the scenario and apply its script strictly."""
    return apply_script(new_scenario_game(fields, path), script, path)


def cmd_scenario(args: argparse.Namespace) -> int:
    data = _read_json(args.file)
    fields, script = split_scenario(data, args.file)
    game = new_scenario_game(fields, args.file)
    expect = data.get("expect")
    if expect is not None:  # a malformed expectation is bad input, found before the script
        _check_expectations(game.clone(), expect, args.file)
    if args.json:
        apply_script(game, script, args.file)
        _out(json.dumps(full_state(game), indent=1))
        return _report_expectations(game, expect, args.file, quiet=True)
    # the log numbers players from 1, like every other command (files number them from 0)
    narrator = Narrator(game)

    def tell(step: str, game: Game) -> None:
        _out(f"> {step}")
        for line in narrator.narrate(game.events):
            _out(f"  {line}")

    apply_script(game, script, args.file, tell)
    if script:
        _out()
    for line in board_text(game):
        _out(line)
    return _report_expectations(game, expect, args.file)


def _check_expectations(game: Game, expect: Any, path: str) -> list[str]:
    try:
        return check_expect(game, expect)
    except SetupError as err:
        raise CliError(f"{path}: {err}") from None


def _report_expectations(game: Game, expect: Any, path: str, quiet: bool = False) -> int:
    """Check the file's ``expect`` section: 0 when every expectation holds, else 1 with the
    mismatches on standard error."""
    if expect is None:
        return 0
    wrong = _check_expectations(game, expect, path)
    if wrong:
        print(f"{path}: {len(wrong)} expectation(s) failed:", file=sys.stderr)
        for line in wrong:
            print(f"  {line}", file=sys.stderr)
        return 1
    if not quiet:
        _out()
        _out("All expectations hold.")
    return 0


# ---- simulate, bench, cards --------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 0:
        raise CliError("--games must be 0 or more")
    if args.workers < 1:
        raise CliError("--workers must be at least 1")
    pool = pairs = None
    if args.factions:
        if any("," in f for f in args.factions):
            pairs = _faction_pairs(args.factions)
            _check_pairs(pairs)
        else:
            pool = args.factions
            _check_factions(pool)
    players = args.players if args.players is not None else (len(pairs) if pairs else 2)
    if not 2 <= players <= 4:
        raise CliError("Smash Up is for 2 to 4 players")
    if pairs is not None and len(pairs) != players:
        raise CliError(f"--factions gives {len(pairs)} pairs for {players} players")
    _check_turn_cap(args.turn_cap)
    agents = _agent_kinds(args.agents, players) if args.agents else None
    report = simulate(args.games, players, args.seed, factions=pool, pairs=pairs,
                      bases=args.bases, turn_cap=args.turn_cap, agents=agents,
                      seat_safe=args.seat_safe, workers=args.workers)
    if args.json:
        _out(json.dumps(report, indent=1))
    else:
        _print_simulation(report)
    return 1 if report["errors"]["count"] else 0


def _agent_kinds(text: str, players: int) -> list[str]:
    """``--agents``: known kinds, at most one per seat."""
    kinds = [a.strip() for a in text.split(",")]
    for kind in kinds:
        try:
            make_agent(kind, 0)
        except SetupError as err:
            if kind in LEVELS or "+" in kind:  # known, but something it needs is missing
                raise CliError(f"--agents: {err}") from None
            raise CliError(f"--agents: unknown agent {clip(kind)!r}; known agents: "
                           + ", ".join(AGENT_KINDS)) from None
    if len(kinds) > players:
        raise CliError(f"--agents names {len(kinds)} agents for {players} players (one per "
                       "seat at most; a shorter list repeats)")
    return kinds


def _print_simulation(r: dict[str, Any]) -> None:
    _out(f"{r['games']} games, {r['players']} players, seed {r['seed']}, bases {r['bases']}")
    _out(f"finished {r['finished']}, capped {r['capped']['count']} (turn cap {r['turn_cap']}), "
         f"errors {r['errors']['count']}")
    for name in ("turns", "decisions"):
        s = r[name]
        _out(f"{name} per finished game: mean {s['mean']} (min {s['min']}, max {s['max']})")
    _out("wins per seat: " + ", ".join(f"Player {p + 1}: {w}"
                                       for p, w in enumerate(r["wins_per_seat"])))
    if set(r["agents"]) != {"random"}:
        _out("wins by agent: " + ", ".join(f"{a} {w}" for a, w in r["wins_per_agent"].items()))
    workers = f", {r['workers']} workers" if r["workers"] > 1 else ""
    _out(f"speed: {r['games_per_s']} games/s ({r['seconds']} s{workers})")
    for e in r["errors"]["first"]:
        _out(f"error (seed {e['seed']}, factions {e['factions']}, after {e['decisions']} "
             f"decisions): {e['error']} at {e['where']}")
    for c in r["capped"]["first"]:
        _out(f"capped (seed {c['seed']}, factions {c['factions']}): {c['reason']} cap after "
             f"{c['turns']} turns, {c['decisions']} decisions")


def rl_speed(setups: Sequence[Setup]) -> dict[str, Any]:
    """``smashup.rl.bench.env_speed`` of ``setups``, or why it could not run (the rl extra,
    numpy, gymnasium and pettingzoo, is not installed): the ``rl`` key of ``smashup bench``."""
    try:
        from ..rl.bench import env_speed
    except ImportError as err:
        return {"available": False, "reason": f"the rl extra is not installed: {err}"}
    return {"available": True, **env_speed(setups)}


def cmd_bench(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CliError("--games must be at least 1")
    r = bench(args.games, args.seed, args.players, rl=rl_speed)
    if args.json:
        _out(json.dumps(r, indent=1))
        return 0
    ok = r["within_budget"]
    budget = r["budget"]

    def verdict(key: str) -> str:
        return "met" if ok[key] else "NOT met"

    _out(f"{r['games']} random {r['players']}-player games ({', '.join(r['factions'])}), "
         f"seed {r['seed']}, Python {r['python']}"
         + (", engine compiled with mypyc" if r["compiled"] else ""))
    _out(f"CPU games/s:  {r['cpu_games_per_s']:>10}   ({r['cpu_seconds']} s of process time; "
         f"budget >= {budget['cpu_games_per_s']:g}: {verdict('cpu_games_per_s')})")
    _out(f"games/s:      {r['games_per_s']:>10}   ({r['seconds']} s on the wall clock, which "
         "other programs slow down)")
    _out(f"decisions/s:  {r['decisions_per_s']:>10}")
    _out(f"clone() in thread time (less {r['clock_overhead_us']} us of reading the clock):")
    for key, label, checks in (
            ("clone_main", "at Play Cards decisions", (("mean", "clone_main_mean_us"),)),
            ("clone_mid_ability", "mid-ability", (("mean", "clone_mid_ability_mean_us"),
                                                  ("p95", "clone_mid_ability_p95_us")))):
        c = r[key]
        _out(f"  {label}: mean {c['mean_us']} us, median {c['median_us']} us, "
             f"p95 {c['p95_us']} us over {c['count']} clones")
        _out("    budget: " + ", ".join(f"{what} <= {budget[b]:g} us {verdict(b)}"
                                        for what, b in checks))
    _out(f"within budget: {'all' if ok['all'] else 'NOT all'}")
    search = r["search"]
    _out(f"search agent: {search['iterations_per_s']} iterations per CPU-second at a "
         f"mid-game decision ({search['options']} options, turn {search['turn']})")
    seeds = r["search_seeds"]
    _out(f"    over the decisions of {len(seeds['seeds'])} seeds: "
         f"{seeds['iterations_per_s']} iterations per CPU-second")
    rl = r["rl"]
    if rl["available"]:
        _out(f"learning environments: {rl['env_steps_per_cpu_s']} env steps per CPU-second "
             f"beside {rl['engine_decisions_per_cpu_s']} engine decisions (ratio "
             f"{rl['ratio']}, at least {rl['min_ratio']}: "
             f"{'met' if rl['within'] else 'NOT met'}; {rl['games']} games)")
    else:
        _out(f"learning environments: not measured ({rl['reason']})")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    data = card_list()
    if args.json:
        _out(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        for line in card_table(data):
            _out(line)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    if args.factions:  # the same checks as watch, before the full-screen game starts
        _check_pairs(_faction_pairs(args.factions))
    if args.load:  # a save is checked like `replay` checks it
        load_saved(_read_json(args.load), args.load)
    from ..tui.app import run  # Textual is needed only here

    return run(args)


# ---- the parser --------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="smashup", description="A rule-exact Smash Up: watch, simulate and inspect games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("watch", help="watch a full game between random computer players")
    p.add_argument("--players", type=int, help="2 to 4 (default 2, or one per --factions pair)")
    p.add_argument("--seed", type=int, help="the game's seed (default: a random one, printed)")
    p.add_argument("--factions", nargs="+", metavar="A,B",
                   help="two factions per player, e.g. --factions aliens,ninjas ninjas,aliens")
    p.add_argument("--bases", default="factions", choices=("factions", "all"),
                   help="bases of the factions' sets (default) or all implemented bases")
    p.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP, help="stop after this turn")
    p.add_argument("--save", metavar="FILE", help="save the game (setup and decisions) as JSON")
    p.add_argument("--verbose", "-v", action="store_true", help="also show every decision")
    p.add_argument("--seat", type=int, metavar="P",
                   help="follow player P's view (their hand, what they are shown); default: "
                        "a spectator's, who sees no hidden card")
    p.set_defaults(run=cmd_watch)

    p = sub.add_parser("simulate", help="play many random games and summarise them")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, help="2 to 4 (default 2)")
    p.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    p.add_argument("--factions", nargs="+", metavar="F",
                   help="the factions to draw from (default: all implemented), "
                        "or one 'a,b' pair per player")
    p.add_argument("--bases", default="factions", choices=("factions", "all"))
    p.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP)
    p.add_argument("--agents", metavar="A,B", help="each seat's computer player in seat order,"
                   " repeated if shorter: random, heuristic, ismcts:N[+value] or a level (easy, "
                   "normal, hard, expert); default: random")
    p.add_argument("--seat-safe", action="store_true",
                   help="ask every player in every Me First! window, as games with people do")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="play the games in N processes (default 1); the results are the same")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("bench", help="games per second and clone() cost")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("scenario", help="set up a scenario file, run its script, show the state")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="the complete state as JSON")
    p.set_defaults(run=cmd_scenario)

    p = sub.add_parser("cards", help="list every implemented card and base")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_cards)

    p = sub.add_parser("replay", help="replay a saved game and print its log")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print the final state as JSON instead")
    p.add_argument("--seat", type=int, metavar="P",
                   help="tell the game as player P saw it (default: as a spectator, who sees "
                        "no hidden card)")
    p.add_argument("--everything", action="store_true",
                   help="tell every hidden card too (drawn cards, looks at hands)")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("play", help="play a game in the terminal (full-screen)")
    p.add_argument("--players", type=int, help="2 to 4 (default 2)")
    p.add_argument("--seats", metavar="KINDS",
                   help="one per player: human, or a computer player by level: easy, normal, "
                        "hard or expert, e.g. human,hard")
    p.add_argument("--factions", nargs="+", metavar="A,B",
                   help="two factions per player, e.g. --factions aliens,ninjas robots,wizards")
    p.add_argument("--draft", action="store_true",
                   help="choose factions by the Kickin' It Queensberry draft")
    p.add_argument("--bases", metavar="WHICH",
                   help="factions (default), all, or a comma-separated list of sets")
    p.add_argument("--seed", type=int, help="the game's seed (default: a random one)")
    p.add_argument("--load", metavar="FILE", help="resume a game saved with the 's' key")
    p.add_argument("--pace", type=float, metavar="SECONDS",
                   help="the pause between a computer's plays (default 0.5; 0: no pause)")
    p.set_defaults(run=cmd_play)

    add_lab_parser(sub)
    add_arena_parser(sub)
    add_serve_parser(sub)
    add_learn_parser(sub)
    add_train_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, or a usage error already explained by argparse
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        status: int = args.run(args)
        return status
    except (CliError, SetupError, ReplayError) as err:
        print(f"smashup: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `smashup watch | head`
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as err:
        if os.environ.get("SMASHUP_DEBUG"):
            raise
        print(f"smashup: internal error: {type(err).__name__}: {err}\n"
              "(set SMASHUP_DEBUG=1 to see the traceback)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
