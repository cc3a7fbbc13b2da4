"""The reaper ends what a killed lab started, and only that."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

HOST = """
import subprocess, sys, time
before = subprocess.Popen(["sleep", "120"])           # the host's own, before the lab
from smashup.lab.cleanup import start_reaper
start_reaper()
time.sleep(0.3)
after = subprocess.Popen(["sleep", "121"])            # as Ray's processes, after it
print(before.pid, after.pid, flush=True)
time.sleep(120)
"""


def running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_the_reaper_ends_what_came_after_it_and_spares_what_came_before():
    host = subprocess.Popen([sys.executable, "-c", HOST], env={**os.environ, "PYTHONPATH": SRC},
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert host.stdout is not None
        before, after = map(int, host.stdout.readline().split())
        time.sleep(1.0)  # the reaper's look (twice a second)
        os.kill(host.pid, signal.SIGKILL)
        host.wait()
        deadline = time.monotonic() + 15
        while running(after) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not running(after)
        assert running(before)  # not the lab's: the reaper leaves it
    finally:
        os.killpg(host.pid, signal.SIGKILL)  # the spared sleep, and anything left
