"""Ninjas: sudden destruction and minions that appear just before a base scores."""

from __future__ import annotations

from ..api import Faction

ninjas = Faction("Ninjas", "core")

ninjas.minion("Ninja Master", power=5)
ninjas.minion("Tiger Assassin", power=4, count=2)
ninjas.minion("Shinobi", power=3, count=3)
ninjas.minion("Ninja Acolyte", power=2, count=4)
ninjas.action("Seeing Stars", count=10)
