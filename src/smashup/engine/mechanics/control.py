"""Taking control of a card for a while ("take control of a minion until the end of the
turn").

Control changes hands at once (the card counts for its new controller and they use its
abilities; it was not played, so nothing happens "on play"). The change is a temporary
effect of kind ``temporary_control`` in ``State.effects`` whose value is the controller
before: when it runs out, control goes back to that player, unless control of the card
changed again meanwhile. If the card leaves play first it goes to its owner like any card
(``zones.leave_play``) and the effect ends with it.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.context import Ctx
from ..core.events import emit
from ..core.kinds import Effect, EffectKind, register_effect_kind
from ..core.state import State
from ..rules.modifiers import add_effect
from ..rules.protection import affects

CONTROL: Final = "temporary_control"


def _give_back(g: State, eff: Effect) -> None:
    card, before, taker = eff[1], eff[2], eff[4]
    if g.in_play(card) and g.controller[card] == taker:
        g.controller[card] = before
        emit(g, "control", card=card, player=before, was=taker, reason="control ended")


register_effect_kind(EffectKind(CONTROL, "control", lambda g, eff, card: eff[1] == card,
                                ends_with="card", on_expiry=_give_back))


def take_control(ctx: Ctx, card: int, expiry: tuple[Any, ...]) -> bool:
    """``ctx.player`` takes control of ``card`` (in play) until ``expiry`` (e.g.
    ``until_end_of_turn(g)``). Returns True if control changed."""
    g = ctx.g
    was = g.controller[card]
    if not g.in_play(card) or was == ctx.player or not affects(g, card, ctx.source):
        return False
    # an earlier temporary change of this card is over: control has changed again
    g.effects = [e for e in g.effects if not (e[0] == CONTROL and e[1] == card)]
    g.controller[card] = ctx.player
    add_effect(g, CONTROL, card, was, expiry, ctx.player)
    emit(g, "control", card=card, player=ctx.player, was=was, reason="taken")
    return True


def controlled_for_now(g: State, card: int) -> int | None:
    """The player who will get ``card`` back when a temporary control change ends (None if
    its control is not temporary)."""
    for eff in g.effects:
        if eff[0] == CONTROL and eff[1] == card:
            return int(eff[2])
    return None


# ---- control changes for good (Cease and Desist: Ignobles) ------------------------------------
#
# A control change with no stated end "lasts until the minion leaves play, or its control
# changes again" (guide §3): nothing to undo later, so it is no temporary effect. Owner and
# controller stay separate: the new controller counts its power and uses its abilities; the
# actions on it keep their own controllers; leaving play, it goes to its owner's zones and
# back under its owner's control (``zones.leave_play``).


def change_control(ctx: Ctx, card: int, player: int, reason: str) -> bool:
    """``player`` gets control of ``card`` (in play) for good, by the ability ``ctx`` (which
    must be able to affect it: protection and one-time shields may stop it). A temporary
    control change of the card is over: its control has changed again. Emits "control" with
    ``reason`` ("given", "taken"). Returns True if control changed."""
    g = ctx.g
    was = g.controller[card]
    if not g.in_play(card) or was == player or not affects(g, card, ctx.source):
        return False
    g.effects = [e for e in g.effects if not (e[0] == CONTROL and e[1] == card)]
    g.controller[card] = player
    emit(g, "control", card=card, player=player, was=was, reason=reason)
    return True


def give_control(ctx: Ctx, card: int, to: int) -> bool:
    """``ctx.player`` gives control of ``card``, which they control, to another player ``to``.
    Returns True if control changed (False: not theirs to give, or the card was not
    affected)."""
    if ctx.g.controller[card] != ctx.player or to == ctx.player:
        return False
    return change_control(ctx, card, to, "given")


def take_control_of_own(ctx: Ctx, card: int) -> bool:
    """``ctx.player`` takes control of ``card``, a card in play they own, from whoever controls
    it. Returns True if control changed (False: not theirs, already theirs, or not
    affected)."""
    if ctx.g.owner[card] != ctx.player:
        return False
    return change_control(ctx, card, ctx.player, "taken")


def owned_not_controlled(g: State, player: int) -> list[int]:
    """Minions in play that ``player`` owns and another player controls: those "take control
    of a minion you own" changes (one they control already would not change)."""
    return [m for ms in g.minions for m in ms
            if g.owner[m] == player and g.controller[m] != player]
