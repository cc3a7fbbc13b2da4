"""The lab on Ray: joining a cluster (or starting Ray of its own) that fails fast and
clearly, checking that every node runs the lab's code, and handing out batches as tasks.

Ray is imported only here, and only when the ray backend is chosen.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ..engine.api.setup import SetupError
from ..engine.core.validate import clip
from .cleanup import start_reaper, stop_reaper
from .version import code_version

B = TypeVar("B")
R = TypeVar("R")

CONNECT_TIMEOUT_S = 15.0
"""How long joining a Ray cluster may take before the lab gives up, naming the address (Ray
itself would retry for minutes)."""


@contextlib.contextmanager
def ray_cluster(workers: int, address: str | None) -> Iterator[tuple[Any, int]]:
    """Ray, joined to the cluster at ``address`` or to a local instance of ``workers`` CPUs
    that the lab starts (and stops, even if the lab is killed: see cleanup.py), with every
    node checked to run this code; yields Ray's module and the cluster's CPUs."""
    try:
        import ray as ray_module
    except ImportError:
        raise SetupError("the ray backend needs Ray: pip install 'smashup[lab]'") from None
    ray: Any = ray_module  # partly typed: used through its documented calls only
    started_here = not ray.is_initialized()
    reaper = None
    if started_here:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no reports leave the machine
        if address:
            _join(ray, address)
        else:
            reaper = start_reaper()
            try:
                # "local": a new instance even where a cluster runs or a stale one is noted
                # in /tmp/ray (joining that would refuse num_cpus, or join someone else's)
                ray.init(address="local", num_cpus=workers, include_dashboard=False,
                         log_to_driver=False)
            except BaseException:
                stop_reaper(reaper)
                raise
    try:
        check_code_versions(ray)
        yield ray, max(1, int(ray.cluster_resources().get("CPU", workers)))
    finally:
        if started_here:
            ray.shutdown()
        stop_reaper(reaper)


def _join(ray: Any, address: str) -> None:
    """Join a running cluster within CONNECT_TIMEOUT_S, or raise one line naming it."""
    host, _, port = address.rpartition(":")
    if host and port.isdigit() and "://" not in address:
        try:  # an address nobody answers fails here at once, not after Ray's retries
            socket.create_connection((host.strip("[]"), int(port)),  # [::1]:6379 too
                                     timeout=CONNECT_TIMEOUT_S).close()
        except OSError as err:
            raise SetupError(f"no Ray cluster answers at {address} ({err.strerror or err}; "
                             f"gave up after at most {CONNECT_TIMEOUT_S:.0f} s): is "
                             "`ray start --head` running there, and its port open?") from None
    _use_token_if_any(ray)
    outcome: list[BaseException | None] = []

    def connect() -> None:
        try:
            ray.init(address=address, log_to_driver=False)
            outcome.append(None)
        except BaseException as err:  # noqa: BLE001  (told to the waiting thread)
            outcome.append(err)

    # Ray retries a cluster that does not answer (or refuses the token) for minutes: the
    # attempt runs aside, and the lab stops waiting for it
    attempt = threading.Thread(target=connect, name="ray-join", daemon=True)
    attempt.start()
    attempt.join(CONNECT_TIMEOUT_S)
    if not outcome:
        raise SetupError(f"the Ray cluster at {address} did not let the lab join within "
                         f"{CONNECT_TIMEOUT_S:.0f} s (a wrong port, or a cluster that wants "
                         "another token: see docs/lab.md)")
    if outcome[0] is not None:
        reason = str(outcome[0]).strip().splitlines()[0] if str(outcome[0]).strip() else ""
        raise SetupError(f"cannot join the Ray cluster at {address}: "
                         f"{type(outcome[0]).__name__} {clip(reason)}")


def _use_token_if_any(ray: Any) -> None:
    """Send a token when one is at hand, as Ray does for a cluster it finds itself but not
    for an address given to it: a cluster with token authentication (Ray's default now)
    would otherwise refuse the lab, and one without accepts the token anyway."""
    if os.environ.get("RAY_AUTH_MODE") is not None:
        return  # the user's choice
    try:
        from ray._private.authentication.authentication_token_setup import (
            maybe_enable_token_auth_if_token_available,
        )
    except ImportError:  # another Ray: it knows its own defaults
        return
    maybe_enable_token_auth_if_token_available(warn_if_disabled=False)


def check_code_versions(ray: Any) -> None:
    """Refuse a cluster where a node runs other code than the lab's process: it would play
    other games under the same keys. One small task pinned to each node."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    mine = code_version()
    nodes = [n for n in ray.nodes() if n.get("Alive") and n.get("Resources", {}).get("CPU")]
    probe = ray.remote(num_cpus=1)(node_code_version)
    asked = [probe.options(scheduling_strategy=NodeAffinitySchedulingStrategy(
        n["NodeID"], soft=False)).remote() for n in nodes]
    try:
        theirs = ray.get(asked, timeout=VERSION_TIMEOUT_S)
    except ray.exceptions.GetTimeoutError:
        raise SetupError(f"the cluster's {len(nodes)} nodes did not all say which code they "
                         f"run within {VERSION_TIMEOUT_S:.0f} s") from None
    except ray.exceptions.RayError as err:
        cause = getattr(err, "cause", None) or err
        reason = str(cause).strip().splitlines()[-1] if str(cause).strip() else ""
        raise SetupError(f"a node of the cluster cannot run the lab's code "
                         f"({type(cause).__name__}: {clip(reason)}): check out the same "
                         "commit on every node (docs/lab.md)") from None
    other = [(n.get("NodeManagerAddress", n["NodeID"]), v)
             for n, v in zip(nodes, theirs, strict=True) if v != mine]
    if other:
        where = ", ".join(f"{ip} runs {v}" for ip, v in other[:5])
        raise SetupError(f"the cluster's nodes must run the lab's code ({mine}): {where}. "
                         "Check out the same commit on every node (docs/lab.md)")


def node_code_version() -> str:
    """The code a node runs (a plain function, as Ray tasks must be)."""
    return code_version()


VERSION_TIMEOUT_S = 120.0
"""How long the nodes may take to answer which code they run (a worker's first start
imports smashup)."""


def ray_batches(ray: Any, cpus: int, play: Callable[[dict[str, Any], B], R],
                settings: dict[str, Any], batches: Iterator[B],
                in_flight_per_cpu: int) -> Iterator[R]:
    """Batches as Ray tasks of one CPU each, each played by ``play``. Keeps a few tasks per
    CPU of the cluster in flight, so a sweep of millions of games never queues them all at
    once."""
    remote = ray.remote(num_cpus=1)(play)
    settings_ref = ray.put(settings)
    in_flight: list[Any] = []
    for job in itertools.chain(batches, [None]):  # None: every batch is handed out
        if job is not None:
            in_flight.append(remote.remote(settings_ref, job))
        while in_flight and (job is None or len(in_flight) >= in_flight_per_cpu * cpus):
            done, in_flight = ray.wait(in_flight, num_returns=1)
            yield ray.get(done[0])
