"""CPU seconds per game of a sweep's player, and a digest of the games it played.

    PYTHONPATH=src python tools/lab_agent_cost.py [GAMES] [AGENT]

Plays the first GAMES (default 20) games of the 8-faction sweep (aliens, dinosaurs, ninjas,
pirates, robots, tricksters, wizards, zombies) with AGENT (default heuristic) in every seat,
in this process. The digest hashes the rows (all but the code fingerprint): two versions of
an agent that decide alike print the same digest, so a speed-up can be checked to change no
decision.
"""

from __future__ import annotations

import hashlib
import sys
import time

from smashup.lab.plan import Plan
from smashup.lab.runner import play_batch

EIGHT = ["aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards",
         "zombies"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    agent = sys.argv[2] if len(sys.argv) > 2 else "heuristic"
    plan = Plan.make(factions=EIGHT, agents=[agent])
    chosen = list(plan.games())[:games]
    settings = {"agents": plan.seat_agents(), "bases": plan.bases,
                "turn_cap": plan.turn_cap}
    start = time.process_time()
    rows, _ = play_batch(settings, chosen)
    spent = time.process_time() - start
    decisions = sum(r[11] for r in rows) / len(rows)
    digest = hashlib.sha256(repr([r[:-1] for r in rows]).encode()).hexdigest()[:16]
    print(f"{len(rows)} games of {agent}: {spent / len(rows):.3f} CPU s a game, "
          f"{decisions:.1f} decisions a game, {spent / len(rows) / decisions * 1e3:.2f} ms "
          f"a decision; digest {digest}")


if __name__ == "__main__":
    main()
