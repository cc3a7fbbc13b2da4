"""Temporary guards on a minion: "cannot be destroyed, moved or returned to the hand until the
end of the turn" (Form a Posse). Each is a temporary effect on one card, ended by its expiry or
by the card leaving play: ``query.can_be_destroyed`` asks ``cannot_destroy`` effects,
``query.can_be_returned`` (asked by ``moving.return_to_hand``, and by the choices of a minion
to return: ``choosing.choose_minion_to_return``) ``cannot_return`` ones, and the move checks
(``query.move_destinations``, so ``choose_minion_to_move``) ``forbids_move`` ones."""

from __future__ import annotations

from typing import Final

from ..core.kinds import Effect, EffectKind, register_effect_kind
from ..core.state import State


def _on(g: State, eff: Effect, target: int) -> bool:
    return bool(eff[1] == target)


def _no_move(g: State, eff: Effect, card: int, slot: int, player: int) -> bool:
    return bool(eff[1] == card)


NO_DESTROY: Final = register_effect_kind(EffectKind("no_destroy", "cannot_destroy", _on, "card"))
NO_MOVE: Final = register_effect_kind(EffectKind("no_move_card", "forbids_move", _no_move, "card"))
NO_RETURN: Final = register_effect_kind(EffectKind("no_return", "cannot_return", _on, "card"))
GUARDS: Final = (NO_DESTROY.name, NO_MOVE.name, NO_RETURN.name)
"""The three effect kinds of "cannot be destroyed, moved or returned"."""
