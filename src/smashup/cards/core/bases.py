"""The 16 bases of the core set."""

from __future__ import annotations

from ..api import base

base("Jungle Oasis", "core", "Dinosaurs", 12, (2, 0, 0))


def _brain(g, slot, minion):
    return 1 if g.slot_of(minion) == slot else 0


base("The Central Brain", "core", "Robots", 19, (4, 2, 1), text="Each minion here has +1 power.",
     power_mod=_brain)
base("Temporary Base A", "core", "Wizards", 20, (3, 2, 1))
base("Temporary Base B", "core", "Zombies", 22, (4, 2, 1))
