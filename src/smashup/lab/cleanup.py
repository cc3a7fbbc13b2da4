"""Nothing left running after the lab's process dies, even by ``kill -9``.

Two guards, both needed because a killed process runs no code of its own:

* a local worker watches its parent and ends itself when the parent is gone (a pool
  worker otherwise waits forever for work that will never come);
* a *reaper*, a small process of the standard library alone (this file run as a script),
  watches the lab's process while it runs a Ray instance it started. It notes the lab's
  descendants twice a second (Ray's servers, agents and workers) and, when the lab dies,
  ends those still running (TERM, then KILL after a grace). Ray's own clean-up stops its
  servers but leaves its agents running after the driver is killed. It reads ``/proc``, so
  it guards Linux only; elsewhere it is not started.

A lab that ends normally stops Ray itself and then the reaper, which then ends nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

POLL_S = 0.5
GRACE_S = 5.0
PROC = Path("/proc")


def watch_parent(poll_s: float = 1.0) -> None:
    """End this process (a worker) as soon as its parent is gone. Called in each worker
    as it starts: a daemon thread, waking once a second, costs the games nothing."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll_s)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


# ---- the reaper ---------------------------------------------------------------------------

def _stat(pid: int) -> tuple[int, str] | None:
    """A process's parent and start time (``/proc/PID/stat``), None once it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # the name may hold spaces or brackets
    return int(fields[1]), fields[19]


def _descendants(root: int) -> dict[int, str]:
    """Every process below ``root``, with its start time (a pid reused later is another
    process, and is spared)."""
    children: dict[int, list[tuple[int, str]]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit() and (found := _stat(int(entry.name))) is not None:
            children.setdefault(found[0], []).append((int(entry.name), found[1]))
    out: dict[int, str] = {}
    todo = [root]
    while todo:
        for pid, started in children.get(todo.pop(), []):
            if pid not in out:
                out[pid] = started
                todo.append(pid)
    return out


def _alive(pid: int, started: str) -> bool:
    found = _stat(pid)
    return found is not None and found[1] == started


def reap(lab_pid: int, spared: set[tuple[int, str]] | None = None, poll_s: float = POLL_S,
         grace_s: float = GRACE_S) -> list[int]:
    """Watch ``lab_pid``; once it is gone, end what it had started, but the processes
    ``spared`` (pid and start time: those it ran before the reaper, which are not the
    lab's to end when the lab runs inside another program). Returns the pids ended."""
    lab = _stat(lab_pid)
    if lab is None:
        return []
    me = os.getpid()
    spared = spared or set()
    known: dict[int, str] = {}

    def note(root: int) -> None:
        known.update((pid, t) for pid, t in _descendants(root).items()
                     if pid != me and (pid, t) not in spared)

    while _alive(lab_pid, lab[1]):
        note(lab_pid)
        time.sleep(poll_s)
    for pid in list(known):  # and what they started since the last look
        note(pid)
    ended = [pid for pid, started in known.items() if _alive(pid, started)]
    for sig, wait in ((signal.SIGTERM, grace_s), (signal.SIGKILL, 0.0)):
        for pid in ended:
            if _alive(pid, known[pid]):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and any(_alive(p, known[p]) for p in ended):
            time.sleep(0.1)
    return ended


def start_reaper() -> subprocess.Popen[bytes] | None:
    """A reaper for this process (None where there is no ``/proc``). It runs in its own
    session, so a Ctrl-C meant for the lab does not end it before the lab."""
    if not (PROC / "self" / "stat").exists():
        return None
    script = Path(__file__).with_name("cleanup.py")  # this file, even beside a build of it
    running = [f"{pid}:{started}" for pid, started in _descendants(os.getpid()).items()]
    return subprocess.Popen([sys.executable, "-S", str(script), str(os.getpid()), *running],
                            stdin=subprocess.DEVNULL, start_new_session=True)


def stop_reaper(reaper: subprocess.Popen[bytes] | None) -> None:
    """The lab ended normally (and stopped its Ray): the reaper has nothing to do."""
    if reaper is not None and reaper.poll() is None:
        reaper.terminate()
        reaper.wait()


if __name__ == "__main__":
    reap(int(sys.argv[1]), {(int(pid), started) for pid, _, started in
                            (arg.partition(":") for arg in sys.argv[2:])})
