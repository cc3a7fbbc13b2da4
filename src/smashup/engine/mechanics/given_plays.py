"""Playing one given card as an extra card (revealed, uncovered, stored, out of stasis, a duel
card): the ways it may be played now, and the offer to play it."""

from __future__ import annotations

from typing import Any

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.requests import (
    Play,
    PlayAtOption,
    PlayOnOption,
    PlayOption,
    plays_at_every_base,
)
from ..core.state import State
from ..rules.plays import action_targets, minion_targets, offer_plays


def play_options(g: State, card: int, player: int, slots: Any = None) -> list[Play]:
    """The ways ``player`` could play ``card`` now (minions only at ``slots``, if given)."""
    if g.defs[card].kind == "minion":
        plays = plays_at_every_base(card, len(g.bases))
        return [plays[s] for s in minion_targets(g, card, player, slots)]
    opts = action_targets(g, card, player)
    if slots is not None:
        opts = [o for o in opts if isinstance(o, PlayOption)
                or (isinstance(o, PlayAtOption) and o.slot in slots)
                or (isinstance(o, PlayOnOption) and g.slot_of(o.target) in slots)]
    return opts


def play_specific(ctx: Ctx, card: int, player: int, slots: Any = None, optional: bool = False,
                  prompt: str = "") -> AbilityGen:
    """Play one given card (revealed, uncovered, stored...) as an extra card.

    Returns True if played; False if declined or impossible (the caller decides where the
    card goes then)."""
    g = ctx.g
    opts = play_options(g, card, player, slots)
    played = yield from offer_plays(ctx, player, opts, optional,
                                    prompt or f"Play {g.defs[card].name}")
    return played is not None
