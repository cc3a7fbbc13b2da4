"""The lab on Ray as a user meets it: an address that does not answer fails at once with
one line; a cluster started with `ray start` and token authentication is joined; with no
address the lab starts its own Ray even beside a running cluster; and a lab killed with
kill -9 leaves nothing running. Real Ray processes on 127.0.0.1, one CPU each."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from smashup.cli.main import main
from smashup.lab.plan import Plan
from smashup.lab.ray_backend import CONNECT_TIMEOUT_S
from smashup.lab.runner import run_lab
from smashup.lab.store import LabStore

pytest.importorskip("ray")

SRC = str(Path(__file__).resolve().parents[2] / "src")
BIN = Path(sys.executable).parent
FOUR = ["aliens", "ninjas", "robots", "wizards"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rows_of(folder):
    store = LabStore(folder)
    try:
        return store.rows()
    finally:
        store.close()


def lab_command(out, *extra, factions=FOUR, games=2):
    return [sys.executable, "-m", "smashup.cli.main", "lab", "run", "--out", str(out),
            "--factions", ",".join(factions), "--games-per-matchup", str(games), "--quiet",
            *extra]


def test_an_address_nobody_answers_fails_at_once_in_one_line_naming_it(tmp_path, capsys):
    address = f"127.0.0.1:{free_port()}"
    started = time.monotonic()
    assert main(["lab", "run", "--out", str(tmp_path / "lab"), "--factions", ",".join(FOUR),
                 "--backend", "ray", "--address", address]) == 2
    assert time.monotonic() - started < CONNECT_TIMEOUT_S
    err = capsys.readouterr().err.strip()
    assert f"no Ray cluster answers at {address}" in err and "\n" not in err


def test_a_port_that_answers_but_is_no_ray_fails_within_the_stated_time(tmp_path):
    """Ray would retry for minutes; the lab gives up after CONNECT_TIMEOUT_S."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        done = subprocess.run(lab_command(tmp_path / "lab", "--backend", "ray", "--address",
                                          address), env={**os.environ, "PYTHONPATH": SRC},
                              capture_output=True, text=True, timeout=120)
        took = time.monotonic() - started
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"smashup: the Ray cluster at {address} did not let the lab join "
                           f"within {CONNECT_TIMEOUT_S:.0f} s")
    assert took < CONNECT_TIMEOUT_S + 30  # the start of Python and Ray's import around it


@pytest.fixture
def token_cluster(tmp_path):
    """`ray start --head` with token authentication, as docs/lab.md starts it (the token in
    a file of the test's own, not the user's ~/.ray)."""
    token = tmp_path / "auth_token"
    token.write_text(secrets.token_hex(32))
    port = free_port()
    env = {**os.environ, "PYTHONPATH": SRC, "RAY_USAGE_STATS_ENABLED": "0",
           "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN_PATH": str(token)}
    head = subprocess.Popen(
        [str(BIN / "ray"), "start", "--head", "--block", "--port", str(port),
         "--num-cpus", "1", "--include-dashboard=false", "--node-ip-address", "127.0.0.1"],
        env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert head.poll() is None, head.stderr.read().decode() if head.stderr else ""
                time.sleep(0.5)
        yield f"127.0.0.1:{port}", token
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):  # the head's whole session, ours alone
            try:
                os.killpg(head.pid, sig)
            except ProcessLookupError:
                break
            time.sleep(3)
        head.wait()


def test_a_token_cluster_is_joined_and_without_address_the_lab_starts_its_own(
        tmp_path, token_cluster):
    address, token = token_cluster
    env = {**os.environ, "PYTHONPATH": SRC, "RAY_AUTH_TOKEN_PATH": str(token)}
    env.pop("RAY_AUTH_MODE", None)  # as a user would: the lab finds the token itself
    joined = subprocess.run(lab_command(tmp_path / "joined", "--backend", "ray", "--address",
                                        address, "--json"),
                            env=env, capture_output=True, text=True, timeout=300)
    assert joined.returncode == 0, joined.stderr[-2000:]
    summary = json.loads(joined.stdout)
    assert summary["cpus"] == 1 and summary["played"] == 6
    # no address while that cluster runs (and is noted in /tmp/ray): a Ray of its own, of
    # --workers CPUs, instead of joining it or failing on num_cpus
    own = subprocess.run(lab_command(tmp_path / "own", "--backend", "ray", "--workers", "2",
                                     "--json"),
                         env=env, capture_output=True, text=True, timeout=300)
    assert own.returncode == 0, own.stderr[-2000:]
    assert json.loads(own.stdout)["cpus"] == 2
    run_lab(str(tmp_path / "local"), Plan.make(factions=FOUR, games_per_matchup=2),
            workers=1, progress=False)
    assert rows_of(tmp_path / "joined") == rows_of(tmp_path / "own") == rows_of(
        tmp_path / "local")


def descendants(root: int) -> set[int]:
    from smashup.lab.cleanup import _descendants

    return set(_descendants(root))


def alive(pids: set[int]) -> set[int]:
    """The processes still running (a zombie has ended: only its exit status is left)."""
    running = set()
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        if "State:\tZ" not in status:
            running.add(pid)
    return running


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("backend", ["local", "ray"])
def test_a_lab_killed_with_kill_9_leaves_nothing_running(tmp_path, backend):
    out = tmp_path / "lab"
    # 1,800 games: many seconds of play, so that it is killed midway
    command = lab_command(out, "--backend", backend, "--workers", "2", "--batch-size", "2",
                          factions=FOUR + ["pirates", "zombies"], games=40)
    lab = subprocess.Popen(command, env={**os.environ, "PYTHONPATH": SRC},
                           start_new_session=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 180
        stored = 0
        while time.monotonic() < deadline and lab.poll() is None and stored < 4:
            time.sleep(0.2)
            try:
                with sqlite3.connect(out / "games.sqlite") as con:
                    stored = con.execute("SELECT count(*) FROM games").fetchone()[0]
            except sqlite3.Error:
                stored = 0
        assert lab.poll() is None and stored >= 4, "the lab was playing when killed"
        time.sleep(1)  # the reaper's look at what runs
        started = descendants(lab.pid)
        assert len(started) >= 2  # two workers, or Ray's servers, agents and workers
        os.kill(lab.pid, signal.SIGKILL)  # the lab alone, as a user's kill -9 PID
        lab.wait()
        deadline = time.monotonic() + 30
        while alive(started) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not alive(started), [Path(f"/proc/{p}/cmdline").read_bytes()[:80]
                                    for p in alive(started)]
    finally:
        try:
            os.killpg(lab.pid, signal.SIGKILL)  # whatever the test's failure left
        except ProcessLookupError:
            pass


class FakeCluster:
    """Ray's calls the version check makes, for a cluster whose nodes answer ``versions``
    (starting a second real node with other code is too costly for a test)."""

    class exceptions:  # noqa: N801  (Ray's names)
        class RayError(Exception):
            pass

        class GetTimeoutError(RayError):
            pass

    def __init__(self, versions):
        self.versions = versions

    def nodes(self):
        return [{"NodeID": f"{i:056x}", "Alive": True, "Resources": {"CPU": 4.0},
                 "NodeManagerAddress": f"10.0.0.{i + 1}"} for i in range(len(self.versions))]

    def remote(self, **_):
        cluster = self

        class Task:
            def options(self, scheduling_strategy):
                node = int(scheduling_strategy.node_id, 16)

                class Call:
                    def remote(self):
                        return cluster.versions[node]
                return Call()
        return lambda fn: Task()

    def get(self, refs, timeout=None):
        return list(refs)


def test_a_node_running_other_code_is_named_before_any_game():
    from smashup.engine.api.setup import SetupError
    from smashup.lab.ray_backend import check_code_versions
    from smashup.lab.version import code_version

    mine = code_version()
    check_code_versions(FakeCluster([mine, mine]))  # the same code everywhere: no error
    with pytest.raises(SetupError, match=r"10\.0\.0\.2 runs sha256:0000000000000000"):
        check_code_versions(FakeCluster([mine, "sha256:0000000000000000", mine]))
