"""Base abilities a player uses in their own Play Cards phase ("On your turn, you may ...":
Pyramids, Longhouse).

A base module registers one with ``register_base_talent(base_key, BaseTalent(run, can))``.
The Play Cards phase offers ``("base_talent", slot)`` (text ``use base:<key>``) to the current
player for each such base in play whose abilities are not cancelled and that they have not
used this turn (once per turn per player, guide §5.3), while ``can(g, slot, player)`` holds.
``run`` is the base's ability (``ctx.me`` is the slot, ``ctx.is_base``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..core.context import Ctx
from ..core.defs import Ability, AbilityGen
from ..core.events import emit
from ..core.requests import (
    OPTION_KINDS,
    BaseTalentOption,
    Option,
    OptionKind,
)
from ..core.state import State
from ..facts.query import base_cancelled


@dataclass(frozen=True)
class BaseTalent:
    run: Ability
    can: Callable[[State, int, int], bool] = lambda g, slot, player: True


BASE_TALENTS: Final[dict[str, BaseTalent]] = {}
"""Base key -> its Play Cards ability."""


def register_base_talent(base_key: str, talent: BaseTalent) -> None:
    if base_key in BASE_TALENTS:
        raise ValueError(f"base {base_key!r} already has a Play Cards ability")
    BASE_TALENTS[base_key] = talent


def _talent(g: State, slot: int) -> BaseTalent | None:
    return BASE_TALENTS.get(g.base_defs[g.bases[slot]].key)


def base_talent_options(g: State, player: int) -> list[Option]:
    """The base abilities ``player`` may use now, in their Play Cards phase."""
    if not BASE_TALENTS:
        return []
    opts: list[Option] = []
    for slot, bid in enumerate(g.bases):
        t = _talent(g, slot)
        if (t is not None and ("base_talent", bid) not in g.used
                and not base_cancelled(g, slot) and t.can(g, slot, player)):
            opts.append(BaseTalentOption("base_talent", slot))
    return opts


def use_base_talent(g: State, player: int, slot: int) -> AbilityGen:
    """Use the base's ability (marked used for this turn first)."""
    t = _talent(g, slot)
    if t is None:
        return
    g.used.add(("base_talent", g.bases[slot]))
    emit(g, "base_talent", slot=slot, base=g.bases[slot], player=player)
    yield from t.run(Ctx(g, slot, player, is_base=True))


OPTION_KINDS["base_talent"] = OptionKind(
    lambda g, o: f"use {g.base_names[g.bases[o.slot]]}",
    lambda g, o: f"Use the ability of {g.base_defs[g.bases[o.slot]].name}")
