"""A load test of ``smashup serve`` on loopback: N two-seat games played at once by computer
players over WebSockets, then a check that the server's SQLite file holds every decision the
players saw taken, once each, in order.

    .venv/bin/python tools/loadtest.py --games 200 --seconds 120 [--db FILE] [--json]
    .venv/bin/python tools/loadtest.py --spectators 200 [--json]

(The second instead has 200 spectators join one game at once, and times their joins and a
player's pings in another game meanwhile.)

The server runs as its own process (``smashup serve --pace 0``) on a free port of 127.0.0.1.
Both seats of every game are "human" seats, played by this process: each seat is one
WebSocket and a random player (seeded) that picks uniformly among the options of its view.
A finished game is replaced by a new one, so that N games stay in play for the whole run.

Measured: decisions (acknowledged: a view with a higher ``seq`` came back), their latency
(from sending ``act`` to that view; from the last sending, when a rate-limited one was sent
again), errors by code, and the server's CPU time. The check, once the server has stopped: in
every game, the stored decisions are numbered 0..k-1 without a gap or a double, each one
acknowledged to a player is there with the option that player sent, and the only others are
decisions still in flight when the clients closed. A few finished games are also replayed
from the store (``Room.restore``) and must end. Exit status 1 when the check fails or the
server died.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from smashup.server.live import free_port

HOST = "127.0.0.1"
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0
RETRY_S = (0.06, 0.15)
"""How long a seat waits before sending again after ``rate_limited`` (random in this range)."""
MAX_MESSAGE = 1 << 22


# ---- the server process -----------------------------------------------------------------------


def serve_command() -> list[str]:
    """How to start ``smashup serve`` with this Python: ``-m smashup.cli.main``, or else the
    ``smashup`` script installed beside the interpreter."""
    if importlib.util.find_spec("smashup.cli.main") is not None:
        return [sys.executable, "-m", "smashup.cli.main"]
    script = Path(sys.executable).parent / "smashup"
    if script.exists():
        return [str(script)]
    raise SystemExit("loadtest: cannot find smashup (python -m smashup.cli.main, or the "
                     "smashup script beside the interpreter)")


def cpu_seconds(pid: int) -> float | None:
    """The user and system CPU time of a running process, from /proc/PID/stat."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # after "pid (comm) "; fields from state on
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def http_json(url: str, body: Any = None, timeout: float = 30.0) -> Any:
    """GET (or POST ``body`` as JSON) and the answer's JSON; HTTPError on a 4xx or 5xx."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback only
    with opener.open(request, timeout=timeout) as answer:
        return json.loads(answer.read())


class ServerProcess:
    """``smashup serve`` in a child process on ``port``, its output in ``log_path``."""

    def __init__(self, db: Path, port: int, log_path: Path, pace: float = 0.0,
                 log_level: str = "warning", extra: tuple[str, ...] = ()) -> None:
        self.db, self.port, self.log_path, self.pace = db, port, log_path, pace
        self.log_level, self.extra = log_level, extra
        self.proc: subprocess.Popen[bytes] | None = None
        self.stopped_by = ""

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    def start(self, timeout: float = START_TIMEOUT_S) -> None:
        """Start it and wait until it answers HTTP (RuntimeError if it exits or never does)."""
        command = [*serve_command(), "serve", "--host", HOST, "--port", str(self.port),
                   "--db", str(self.db), "--pace", str(self.pace), "--log-level",
                   self.log_level, "--chosen-seeds",  # the restart test replays seeded games
                   # every player here comes from one address, and there are many games
                   "--games-per-minute", "0", "--max-open-games", "0", *self.extra]
        env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
        with open(self.log_path, "ab") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                         stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}) on starting:\n"
                                   + self.log_tail())
            try:
                http_json(f"{self.url}/api/games/none", timeout=1.0)
            except urllib.error.HTTPError:
                return  # 404 for that game: it answers
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not answer in {timeout:.0f} s")
            time.sleep(0.05)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def cpu(self) -> float | None:
        return cpu_seconds(self.proc.pid) if self.alive and self.proc else None

    def stop(self, timeout: float = STOP_TIMEOUT_S) -> int | None:
        """SIGTERM, then SIGKILL after ``timeout``; the exit status."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.stopped_by = "SIGTERM"
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.stopped_by = f"SIGKILL (no exit within {timeout:.0f} s of SIGTERM)"
                self.proc.wait(timeout)
        return self.proc.returncode

    def kill(self) -> None:
        """SIGKILL at once (a crash, as far as the server can tell)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(STOP_TIMEOUT_S)
            self.stopped_by = "SIGKILL"

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


# ---- the players ------------------------------------------------------------------------------


@dataclass
class GameRecord:
    """One game as its players saw it: what they sent at each seq, what was acknowledged."""

    id: str
    index: int
    sent: dict[int, str] = field(default_factory=dict)  # seq -> the option sent (last try)
    acked: set[int] = field(default_factory=set)
    finished: bool = False

    @property
    def in_flight(self) -> set[int]:
        return set(self.sent) - self.acked


@dataclass
class Pending:
    seq: int
    option: str
    sent_at: float


class Run:
    """What every player of the run shares: when to stop, and what was measured."""

    def __init__(self, ws_url: str, http_url: str, seconds: float, seed: int) -> None:
        self.ws_url, self.http_url, self.seed = ws_url, http_url, seed
        self.start = time.monotonic()
        self.deadline = self.start + seconds
        self.latencies: list[float] = []
        self.errors: Counter[str] = Counter()
        self.games: list[GameRecord] = []

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def over(self) -> bool:
        return self.remaining() <= 0

    def stop_now(self) -> None:
        self.deadline = min(self.deadline, time.monotonic())


async def send_act(ws: ClientConnection, pending: Pending) -> None:
    pending.sent_at = time.perf_counter()
    await ws.send(json.dumps({"type": "act", "seq": pending.seq, "option": pending.option}))


async def play_seat(run: Run, game: GameRecord, seat: int, token: str) -> None:
    """One seat of ``game``: a random player until the game ends or the run does."""
    rng = random.Random(f"{run.seed}/{game.index}/{seat}")
    url = f"{run.ws_url}/ws/{game.id}"
    async with connect(url, proxy=None, open_timeout=30, close_timeout=5,
                       max_size=MAX_MESSAGE) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        pending: Pending | None = None
        options: list[str] = []
        refused: set[str] = set()  # options refused at the view's seq (none, if all is well)
        view_seq = -1
        while not run.over():
            try:  # asyncio.timeout: wait_for may swallow a cancel on Python 3.11
                async with asyncio.timeout(min(1.0, run.remaining())):
                    raw = await ws.recv()
            except TimeoutError:
                continue
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "view":
                if msg["seq"] != view_seq:
                    refused = set()
                view_seq = msg["seq"]
                if pending is not None and view_seq > pending.seq:
                    run.latencies.append(time.perf_counter() - pending.sent_at)
                    game.acked.add(pending.seq)
                    pending = None
                if msg["stage"] == "over":
                    game.finished = True
                    return
                options = [o["text"] for o in msg["options"]]
            elif kind == "error":
                code = str(msg.get("code"))
                run.errors[code] += 1
                if pending is None:
                    continue
                if code == "rate_limited":  # not taken: wait a little and send it again
                    await asyncio.sleep(rng.uniform(*RETRY_S))
                    await send_act(ws, pending)
                    continue
                # refused: nothing changed; a stale one gets a fresh view next, to act on
                del game.sent[pending.seq]
                refused.add(pending.option)
                pending = None
                if code == "stale":
                    options = []
            else:
                run.errors[f"unexpected message {kind!r}"] += 1
                continue
            choices = [o for o in options if o not in refused]
            if pending is None and choices:
                pending = Pending(view_seq, rng.choice(choices), 0.0)
                game.sent[view_seq] = pending.option
                await send_act(ws, pending)


async def play_slot(run: Run, slot: int, counter: list[int]) -> None:
    """Games one after another (a new one when one ends) until the run is over."""
    body = {"seats": [{"kind": "human", "name": f"Load {slot}a"},
                      {"kind": "human", "name": f"Load {slot}b"}], "mode": "random"}
    while not run.over():
        try:
            created = await asyncio.to_thread(http_json, f"{run.http_url}/api/games", body)
        except (OSError, ValueError) as err:
            run.errors[f"create: {type(err).__name__}"] += 1
            await asyncio.sleep(0.5)
            continue
        counter[0] += 1
        game = GameRecord(created["id"], counter[0])
        run.games.append(game)
        tasks = [asyncio.create_task(play_seat(run, game, s["seat"], s["token"]))
                 for s in created["seats"]]
        done, waiting = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for task in waiting:  # a seat failed: the game cannot go on
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)
        for task in done:
            failure = task.exception()
            if failure is not None:
                run.errors[f"client: {type(failure).__name__}"] += 1
        if not game.finished and not run.over():
            await asyncio.sleep(0.5)


async def watch_server(run: Run, server: ServerProcess) -> None:
    """End the run early if the server dies."""
    while not run.over():
        if not server.alive:
            run.stop_now()
            return
        await asyncio.sleep(0.25)


async def drive(run: Run, server: ServerProcess, games: int) -> None:
    counter = [0]
    watcher = asyncio.create_task(watch_server(run, server))
    slots = [asyncio.create_task(play_slot(run, i, counter)) for i in range(games)]
    results = await asyncio.gather(*slots, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            run.errors[f"slot: {type(result).__name__}"] += 1
    watcher.cancel()
    await asyncio.gather(watcher, return_exceptions=True)


# ---- the check --------------------------------------------------------------------------------


def read_logs(db: Path, ids: list[str]) -> dict[str, list[tuple[int, str]]]:
    """Each game's stored decisions (seq, entry) in seq order, read-only."""
    con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        logs: dict[str, list[tuple[int, str]]] = {}
        for game_id in ids:
            logs[game_id] = [(int(s), str(e)) for s, e in con.execute(
                "SELECT seq, entry FROM decisions WHERE game = ? ORDER BY seq", (game_id,))]
        return logs
    finally:
        con.close()


def read_spec(db: Path, game_id: str) -> dict[str, Any] | None:
    con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        row = con.execute("SELECT spec FROM games WHERE id = ?", (game_id,)).fetchone()
    finally:
        con.close()
    return None if row is None else dict(json.loads(row[0]))


def check_game(game: GameRecord, log: list[tuple[int, str]]) -> list[str]:
    """What is wrong with one game's stored log, given what its players saw."""
    problems = []
    seqs = [s for s, _ in log]
    entries = dict(log)
    if seqs != list(range(len(seqs))):
        dupes = sorted(s for s, n in Counter(seqs).items() if n > 1)
        gaps = sorted(set(range(max(seqs, default=-1) + 1)) - set(seqs))
        problems.append(f"game {game.id}: stored seqs are not 0..k-1 (doubled {dupes[:5]}, "
                        f"missing {gaps[:5]})")
    lost = sorted(s for s in game.acked if s not in entries)
    if lost:
        problems.append(f"game {game.id}: {len(lost)} acknowledged decisions lost "
                        f"(seq {lost[:5]})")
    wrong = sorted(s for s in game.acked if s in entries and entries[s] != game.sent[s])
    if wrong:
        problems.append(f"game {game.id}: stored decisions differ from those sent (seq "
                        f"{wrong[:5]}: sent {game.sent[wrong[0]]!r}, stored "
                        f"{entries[wrong[0]]!r})")
    extra = sorted(s for s in entries if s not in game.acked
                   and (s not in game.sent or entries[s] != game.sent[s]))
    if extra:
        problems.append(f"game {game.id}: {len(extra)} stored decisions no player made or "
                        f"had in flight (seq {extra[:5]})")
    return problems


def replay_problems(db: Path, game: GameRecord, log: list[tuple[int, str]]) -> list[str]:
    """A finished game rebuilt from the store must be over, at the stored length."""
    from smashup.server.room import Room  # the engine, only for this check

    spec = read_spec(db, game.id)
    if spec is None:
        return [f"game {game.id}: not in the games table"]
    try:
        room = Room.restore(game.id, spec, [e for _, e in log])
    except Exception as err:  # anything: the stored log does not replay
        return [f"game {game.id}: does not replay: {err!r}"]
    if room.stage != "over" or room.seq != len(log):
        return [f"game {game.id}: replayed, it is at {room.stage} seq {room.seq}, not over"]
    return []


def check_store(db: Path, games: list[GameRecord], replay: int) -> dict[str, Any]:
    logs = read_logs(db, [g.id for g in games])
    problems: list[str] = []
    stored = in_flight_stored = in_flight_absent = 0
    for game in games:
        log = logs[game.id]
        stored += len(log)
        problems += check_game(game, log)
        entries = dict(log)
        for s in game.in_flight:
            if entries.get(s) == game.sent[s]:
                in_flight_stored += 1
            else:
                in_flight_absent += 1
    replayed = [g for g in games if g.finished][:replay]
    for game in replayed:
        problems += replay_problems(db, game, logs[game.id])
    return {"ok": not problems, "games": len(games), "stored_decisions": stored,
            "in_flight_stored": in_flight_stored, "in_flight_absent": in_flight_absent,
            "replayed": len(replayed), "problems": problems[:20],
            "problem_count": len(problems)}


# ---- the run ----------------------------------------------------------------------------------


def percentile(ordered: list[float], p: float) -> float:
    """The nearest-rank percentile of a sorted list (0 when empty)."""
    if not ordered:
        return 0.0
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def load_test(games: int, seconds: float, db: Path, seed: int = 0,
              replay: int = 10) -> dict[str, Any]:
    """Run the whole test against a fresh server on ``db``; the report as a dict."""
    server = ServerProcess(db, free_port(), db.with_name(db.name + ".server.log"))
    server.start()
    died = False
    try:
        cpu_before = server.cpu() or 0.0
        client_before = os.times()
        run = Run(server.ws_url, server.url, seconds, seed)
        asyncio.run(drive(run, server, games))
        elapsed = time.monotonic() - run.start
        client_after = os.times()
        died = not server.alive
        cpu_after = server.cpu()
    finally:
        status = server.stop()
    lat = sorted(run.latencies)
    decisions = len(lat)
    check = check_store(db, run.games, replay)
    log_lines = server.log_tail(100_000).splitlines()
    warnings = [ln for ln in log_lines if ln.startswith(("WARNING", "ERROR", "CRITICAL"))]
    return {
        "games": games, "seconds": seconds, "elapsed_s": round(elapsed, 2),
        "games_started": len(run.games),
        "games_finished": sum(g.finished for g in run.games),
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed, 1) if elapsed > 0 else 0.0,
        "latency_ms": {name: round(1000 * value, 2) for name, value in (
            ("p50", percentile(lat, 50)), ("p90", percentile(lat, 90)),
            ("p99", percentile(lat, 99)), ("max", lat[-1] if lat else 0.0))},
        "errors": dict(sorted(run.errors.items())),
        "server": {
            "cpu_s": None if cpu_after is None else round(cpu_after - cpu_before, 2),
            "cpu_total_s": None if cpu_after is None else round(cpu_after, 2),
            "died": died, "exit_status": status, "stopped_by": server.stopped_by,
            "log_warnings": len(warnings),
            "log_warning_kinds": dict(Counter(ln.split(":", 2)[-1].strip()[:60]
                                              for ln in warnings).most_common(5)),
        },
        "client_cpu_s": round((client_after.user - client_before.user)
                              + (client_after.system - client_before.system), 2),
        "check": check,
        "ok": check["ok"] and not died,
    }


# ---- spectators joining -----------------------------------------------------------------------


async def join_as_spectators(server: ServerProcess, n: int) -> dict[str, Any]:
    """``n`` spectators join a game two computer players are playing, all at once, while a
    person of another game pings the server: how long until each has its first view, and
    the pings' round trips before and during the joins."""
    watched = http_json(f"{server.url}/api/games", {"seats": [{"kind": "easy"}] * 2})
    other = http_json(f"{server.url}/api/games", {"seats": [{"kind": "human"}] * 2})
    url = f"{server.ws_url}/ws/{{}}"

    async def joined(game_id: str, token: str | None = None) -> ClientConnection:
        ws = await connect(url.format(game_id), proxy=None, open_timeout=60,
                           max_size=MAX_MESSAGE)
        await ws.send(json.dumps({"type": "join", "token": token}))
        while json.loads(await ws.recv())["type"] != "view":
            pass
        return ws

    player = await joined(other["id"], other["seats"][0]["token"])

    async def pings(stop: asyncio.Event) -> list[float]:
        found = []
        while not stop.is_set():
            start = time.perf_counter()
            await player.send('{"type":"ping"}')
            while json.loads(await player.recv())["type"] != "pong":
                pass
            found.append(time.perf_counter() - start)
            await asyncio.sleep(0.05)
        return found

    async def measured(work: Any) -> tuple[float, list[float]]:
        stop = asyncio.Event()
        pinging = asyncio.create_task(pings(stop))
        start = time.perf_counter()
        await work
        elapsed = time.perf_counter() - start
        stop.set()
        return elapsed, await pinging

    _, quiet = await measured(asyncio.sleep(1.0))
    spectators: list[ClientConnection] = []

    async def everyone() -> None:
        spectators.extend(await asyncio.gather(*(joined(watched["id"]) for _ in range(n))))
    took, during = await measured(everyone())
    for ws in [*spectators, player]:
        await ws.close()

    def summary(values: list[float]) -> dict[str, float]:
        ordered = sorted(values)
        return {"p50_ms": round(1000 * percentile(ordered, 50), 1),
                "max_ms": round(1000 * (ordered[-1] if ordered else 0.0), 1),
                "pings": len(ordered)}
    return {"spectators": n, "joined_s": round(took, 2), "ping_before": summary(quiet),
            "ping_during": summary(during)}


def spectator_test(n: int, db: Path) -> dict[str, Any]:
    server = ServerProcess(db, free_port(), db.with_name(db.name + ".server.log"), pace=0.4,
                           extra=("--max-spectators", "0"))
    server.start()
    try:
        return asyncio.run(join_as_spectators(server, n))
    finally:
        server.stop()


def print_report(report: dict[str, Any]) -> None:
    lat, server, check = report["latency_ms"], report["server"], report["check"]
    errors = ", ".join(f"{k} {v}" for k, v in report["errors"].items()) or "none"
    print(f"games: {report['games']} at once for {report['elapsed_s']} s; "
          f"{report['games_started']} started, {report['games_finished']} finished")
    print(f"decisions: {report['decisions']} ({report['decisions_per_s']}/s)")
    print(f"latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}")
    print(f"errors: {errors}")
    print(f"server: {server['cpu_s']} CPU s during the load ({server['cpu_total_s']} in all); "
          f"{'DIED; ' if server['died'] else ''}stopped by {server['stopped_by'] or '-'}, "
          f"exit {server['exit_status']}; {server['log_warnings']} warnings logged")
    print(f"client: {report['client_cpu_s']} CPU s")
    verdict = "ok" if check["ok"] else f"FAILED ({check['problem_count']} problems)"
    print(f"check: {verdict}: {check['games']} games, {check['stored_decisions']} decisions "
          f"stored; in flight at the end: {check['in_flight_stored']} stored, "
          f"{check['in_flight_absent']} not; {check['replayed']} finished games replayed")
    for problem in check["problems"]:
        print(f"  {problem}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=200, help="games in play at once")
    parser.add_argument("--seconds", type=float, default=120.0, help="how long to play")
    parser.add_argument("--db", type=Path, help="the SQLite file (default: a temporary one); "
                        "games already in it are resumed by the server but not checked")
    parser.add_argument("--seed", type=int, default=0, help="the players' seed")
    parser.add_argument("--replay", type=int, default=10,
                        help="finished games to replay from the store (default 10)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--spectators", type=int, metavar="N",
                        help="instead: N spectators join one game at once, while a person of "
                             "another game pings the server (join time, ping round trips)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0:
        parser.error("--games and --seconds must be positive")
    if args.spectators is not None:
        with tempfile.TemporaryDirectory(prefix="smashup-load-") as tmp:
            joins = spectator_test(args.spectators, Path(tmp) / "games.db")
        print(json.dumps(joins, indent=1) if args.json else
              f"{joins['spectators']} spectators joined at once in {joins['joined_s']} s; "
              f"another game's ping: p50 {joins['ping_before']['p50_ms']} ms before, "
              f"{joins['ping_during']['p50_ms']} ms during (max "
              f"{joins['ping_during']['max_ms']} ms)")
        return 0
    try:
        if args.db is not None:
            report = load_test(args.games, args.seconds, args.db, args.seed, args.replay)
        else:
            with tempfile.TemporaryDirectory(prefix="smashup-load-") as tmp:
                report = load_test(args.games, args.seconds, Path(tmp) / "games.db",
                                   args.seed, args.replay)
    except (RuntimeError, WebSocketException) as err:
        print(f"loadtest: {err}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
