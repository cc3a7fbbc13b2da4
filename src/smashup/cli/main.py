"""The ``smashup`` command: watch, simulate, bench, scenario, cards, replay.

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
from ..engine.defs import REGISTRY
from ..engine.game import Game
from ..engine.requests import IllegalAction
from ..engine.setup import SetupError
from ..narrate import Narrator
from ..sim import DEFAULT_TURN_CAP, agents_for, bench, game_setup, simulate
from .views import board_text, card_list, card_table, full_state


class CliError(Exception):
    """Bad input: printed as one clear message, exit status 2."""


# ---- helpers ---------------------------------------------------------------------------------


def _out(line: str = "") -> None:
    print(line)


def _read_json(path: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise CliError(f"{path} is not valid JSON: {err.msg} at line {err.lineno}, "
                       f"column {err.colno}") from None


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


def _faction_name(key: str) -> str:
    cards = REGISTRY.factions.get(key)
    return cards[0].faction if cards else key


# ---- watch -----------------------------------------------------------------------------------


def cmd_watch(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    pairs = _faction_pairs(args.factions) if args.factions else None
    players = args.players if args.players is not None else (len(pairs) if pairs else 2)
    if pairs is not None:
        if len(pairs) != players:
            raise CliError(f"--factions gives {len(pairs)} pairs for {players} players")
        _check_factions([f for pf in pairs for f in pf])
    if not 2 <= players <= 4:
        raise CliError("Smash Up is for 2 to 4 players")
    setup = game_setup(seed, players, pairs=pairs, bases=args.bases)
    game = Game.new(setup)
    narrator = Narrator(game)
    agents = agents_for(seed, players)

    def tell(events: list[dict[str, Any]]) -> None:
        for line in _log_lines(narrator, events):
            _out(line)

    for line in _intro(game):
        _out(line)
    tell(game.events)
    capped = False
    try:
        while not game.is_over:
            if game.state.turn > args.turn_cap:
                capped = True
                break
            player = game.current_player
            action = agents[player].act(game)
            text = game.action_text(action)
            game.apply(action)
            if args.verbose:
                _out(f"  > Player {player + 1}: {text}")
            tell(game.events)
    finally:
        if args.save:
            _save(game, args.save)
    if capped:
        _out()
        _out(f"Stopped after {args.turn_cap} turns (the turn cap) without a winner; VP: "
             + ", ".join(f"Player {p + 1} {v}" for p, v in enumerate(game.state.vp)) + ".")
    return 0


def _intro(game: Game) -> list[str]:
    g = game.state
    seed = game.to_dict()["setup"].get("seed", 0)
    lines = [f"Smash Up: {g.nplayers} players, seed {seed}"]
    for p, pf in enumerate(g.factions):
        lines.append(f"  Player {p + 1}: {' and '.join(_faction_name(f) for f in pf)}")
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


def _save(game: Game, path: str) -> None:
    try:
        Path(path).write_text(game.to_json() + "\n", encoding="utf-8")
    except OSError as err:
        raise CliError(f"cannot write {path}: {err.strerror or err}") from None
    print(f"Saved the game to {path}.", file=sys.stderr)


# ---- replay ----------------------------------------------------------------------------------


def load_saved(data: Any, path: str) -> tuple[dict[str, Any], list[str]]:
    """Check the shape of a saved game; returns its setup and decisions."""
    if not isinstance(data, dict) or "setup" not in data:
        raise CliError(f"{path}: a saved game is an object with 'setup' and 'actions'")
    fmt = data.get("format", "smashup-game/1")
    if fmt != "smashup-game/1":
        raise CliError(f"{path}: unknown saved-game format {fmt!r}")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise CliError(f"{path}: 'actions' must be a list of decision texts")
    if not isinstance(data["setup"], dict):
        raise CliError(f"{path}: 'setup' must be an object")
    return data["setup"], actions


def cmd_replay(args: argparse.Namespace) -> int:
    setup, actions = load_saved(_read_json(args.file), args.file)
    try:
        game = Game.new(setup)
    except SetupError as err:
        raise CliError(f"{args.file}: bad setup: {err}") from None
    narrator = Narrator(game)
    lines = _intro(game) + _log_lines(narrator, game.events)
    for i, text in enumerate(actions, 1):
        try:
            game.apply(text)
        except IllegalAction as err:
            raise CliError(f"{args.file}: decision {i} ({text!r}) does not fit the game: "
                           f"{err}") from None
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


def split_scenario(data: Any, path: str) -> tuple[dict[str, Any], list[str]]:
    """A scenario file's fields and script (wrapped in "scenario" or at the top level)."""
    if not isinstance(data, dict):
        raise CliError(f"{path}: a scenario file holds a JSON object")
    if "scenario" in data:
        fields = data["scenario"]
        if not isinstance(fields, dict):
            raise CliError(f"{path}: 'scenario' must be an object")
    else:
        fields = {k: v for k, v in data.items() if k not in ("script", "description")}
    script = data.get("script", [])
    if not isinstance(script, list) or not all(isinstance(s, str) for s in script):
        raise CliError(f"{path}: 'script' must be a list of decision texts")
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
            raise CliError(f"{path}: step {i} ({step!r}): the game is already over")
        texts = game.action_texts()
        if " ".join(step.split()) not in texts:
            raise CliError(
                f"{path}: step {i} ({step!r}) is not legal now. Player {req.player} must "
                f"decide ({req.kind}: {req.prompt}); legal options: " + ", ".join(texts))
        game.apply(step)
        if on_step is not None:
            on_step(step, game)
    return game


def run_scenario(fields: dict[str, Any], script: list[str], path: str = "scenario") -> Game:
    """Set up the scenario and apply its script strictly."""
    return apply_script(new_scenario_game(fields, path), script, path)


def cmd_scenario(args: argparse.Namespace) -> int:
    fields, script = split_scenario(_read_json(args.file), args.file)
    game = new_scenario_game(fields, args.file)
    if args.json:
        apply_script(game, script, args.file)
        _out(json.dumps(full_state(game), indent=1))
        return 0
    # players are numbered from 0 here, as in the scenario file
    narrator = Narrator(game, player_names=[f"Player {p}" for p in range(game.state.nplayers)])

    def tell(step: str, game: Game) -> None:
        _out(f"> {step}")
        for line in narrator.narrate(game.events):
            _out(f"  {line}")

    apply_script(game, script, args.file, tell)
    if script:
        _out()
    for line in board_text(game):
        _out(line)
    return 0


# ---- simulate, bench, cards --------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 0:
        raise CliError("--games must be 0 or more")
    pool = pairs = None
    if args.factions:
        if any("," in f for f in args.factions):
            pairs = _faction_pairs(args.factions)
            _check_factions([f for pf in pairs for f in pf])
        else:
            pool = args.factions
            _check_factions(pool)
    players = args.players if args.players is not None else (len(pairs) if pairs else 2)
    if not 2 <= players <= 4:
        raise CliError("Smash Up is for 2 to 4 players")
    agents = [a.strip() for a in args.agents.split(",")] if args.agents else None
    report = simulate(args.games, players, args.seed, factions=pool, pairs=pairs,
                      bases=args.bases, turn_cap=args.turn_cap, agents=agents)
    if args.json:
        _out(json.dumps(report, indent=1))
    else:
        _print_simulation(report)
    return 1 if report["errors"]["count"] else 0


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
    _out(f"speed: {r['games_per_s']} games/s ({r['seconds']} s)")
    for e in r["errors"]["first"]:
        _out(f"error (seed {e['seed']}, factions {e['factions']}, after {e['decisions']} "
             f"decisions): {e['error']} at {e['where']}")
    for c in r["capped"]["first"]:
        _out(f"capped (seed {c['seed']}, factions {c['factions']}): {c['reason']} cap after "
             f"{c['turns']} turns, {c['decisions']} decisions")


def cmd_bench(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CliError("--games must be at least 1")
    r = bench(args.games, args.seed, args.players)
    if args.json:
        _out(json.dumps(r, indent=1))
        return 0
    ok = r["within_budget"]
    _out(f"{r['games']} random {r['players']}-player games ({', '.join(r['factions'])}), "
         f"seed {r['seed']}, Python {r['python']}")
    _out(f"games/s:      {r['games_per_s']:>10}   (budget >= {r['budget']['games_per_s']:g}"
         f"{'' if ok['games_per_s'] else ', NOT met'})")
    _out(f"decisions/s:  {r['decisions_per_s']:>10}")
    for key, label in (("clone_main", "clone at main decisions"),
                       ("clone_mid_ability", "clone mid-ability")):
        c = r[key]
        _out(f"{label}: mean {c['mean_us']} us, median {c['median_us']} us, "
             f"p95 {c['p95_us']} us over {c['count']} clones")
    _out(f"clone budget <= {r['budget']['clone_us']:g} us at main decisions: "
         f"{'met' if ok['clone_us'] else 'NOT met'}")
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
                   " repeated if shorter: random or heuristic (default: random)")
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
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("play", help="play a game in the terminal (full-screen)")
    p.add_argument("--players", type=int, help="2 to 4 (default 2)")
    p.add_argument("--seats", metavar="KINDS",
                   help="one per player: human, heuristic or random, e.g. human,heuristic")
    p.add_argument("--factions", nargs="+", metavar="A,B",
                   help="two factions per player, e.g. --factions aliens,ninjas robots,wizards")
    p.add_argument("--draft", action="store_true",
                   help="choose factions by the Kickin' It Queensberry draft")
    p.add_argument("--bases", metavar="WHICH",
                   help="factions (default), all, or a comma-separated list of sets")
    p.add_argument("--seed", type=int, help="the game's seed (default: a random one)")
    p.add_argument("--load", metavar="FILE", help="resume a game saved with the 's' key")
    p.set_defaults(run=cmd_play)
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
    except (CliError, SetupError) as err:
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
