"""Why a card in hand cannot be played now, and whether a playable action would do nothing.

``why_not`` answers from the same predicates that ``flow.main_options`` uses to list the legal
plays (plays left, extra-play grants, ``minion_targets``, ``action_targets``,
``actions_forbidden``), and it first looks at the options actually offered: a card that appears
in an option has no reason, and one that does not always has one. So the reasons can never
disagree with the legal options.

``does_nothing`` tries each way of playing an action on a copy of the position: when no way
changes anything but the card itself (Shanghai with no other player's minion in play, Hidden
Ninja outside its Special), the action would do nothing now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..core.defs import CardDef
from ..core.kinds import play_condition
from ..core.requests import (
    CHECKPOINT,
    Play,
    Request,
)
from ..core.state import State
from ..facts.query import Hooked, action_bar, effect_forbids_play, hooks
from ..rules.plays import action_targets, face_of, grant_for, minion_targets, target_slot
from ..rules.trials import position_key
from ..turn.flow import game_flow

NO_WAY: Final = "there is no legal way to play it now"
"""The reason of last resort; the consistency tests check that it is never needed."""


def _join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _base(g: State, slot: int) -> str:
    return g.base_defs[g.bases[slot]].name


def grant_text(g: State, grant: tuple[Any, ...]) -> str:
    """What an extra play with a condition may be used for: ``minion of power 2 or less``."""
    kind, check, arg = grant
    words = play_condition(check).text(g, arg)
    return f"{kind} {words}" if words else str(kind)


def _until(g: State, expiry: tuple[Any, ...], player: int) -> str:
    """When a temporary effect on ``player`` ends, as words."""
    if expiry[0] == "start_of":
        return "until your next turn" if expiry[1] == player else (
            f"until Player {expiry[1] + 1}'s next turn")
    if expiry[0] in ("end", "end_of"):
        return "this turn"
    return "for now"


def _who(g: State, source: Any) -> str:
    """The name of the card behind an effect, when the effect records it."""
    if isinstance(source, int) and 0 <= source < len(g.defs):
        return g.defs[source].name
    return "An effect"


# ---- minions ---------------------------------------------------------------------------------


def _minion_reason(g: State, card: int, p: int) -> str | None:
    """Why ``p`` cannot play minion ``card`` now (None: the predicates allow it)."""
    grants = [gr for gr in g.grants if gr[0] == "minion"]
    if g.minion_plays <= 0 and not grants:
        return "no plays of minions left"
    if not g.bases:
        return "there is no base in play"
    forbid = hooks(g, "forbids_play")
    targets = minion_targets(g, card, p, None, forbid)
    if not targets:
        return _no_base(g, card, p, forbid)
    if g.minion_plays <= 0 and not any(grant_for(g, "minion", card, s) >= 0 for s in targets):
        only = _join([grant_text(g, gr) for gr in grants])
        return f"no plays of minions left (your extra play is only for a {only})"
    return None


def _no_base(g: State, card: int, p: int, forbid: list[Hooked]) -> str:
    """Every base refuses the minion: name what refuses it at each."""
    target_ok = g.defs[card].can_target
    causes = []
    for slot in range(len(g.bases)):
        if target_ok is not None and not target_ok(g, card, slot, p):
            causes.append((slot, "it cannot be played there"))
            continue
        for fn, me, is_base in forbid:
            if fn(g, me, card, slot, p):
                who = g.base_defs[g.bases[me]].name if is_base else g.defs[me].name
                causes.append((slot, f"{who} forbids it"))
                break
        else:
            if effect_forbids_play(g, card, slot, p):
                causes.append((slot, "an effect forbids it"))
    if len(g.bases) == 1 and causes:
        slot, cause = causes[0]
        return f"{cause} at {_base(g, slot)}, the only base"
    return "no base will accept it: " + "; ".join(
        f"{_base(g, slot)}: {cause}" for slot, cause in causes)


# ---- actions ---------------------------------------------------------------------------------


def _action_reason(g: State, card: int, p: int, face: CardDef) -> str | None:
    """Why ``p`` cannot play ``card`` as the action ``face`` now (None: allowed)."""
    bar = action_bar(g, p)
    if bar is not None:
        return f"{_who(g, bar[1])}: you cannot play actions {_until(g, bar[3], p)}"
    grants = [gr for gr in g.grants if gr[0] == "action"]
    if g.action_plays <= 0 and not grants:
        return "no plays of actions left"
    targets = action_targets(g, card, p, face)
    if not targets:
        return _no_target(g, card, p, face)
    if g.action_plays <= 0 and not any(
            grant_for(g, "action", card, target_slot(opt)) >= 0 for opt in targets):
        only = _join([grant_text(g, gr) for gr in grants])
        return f"no plays of actions left (your extra play is only for an {only})"
    return None


def _no_target(g: State, card: int, p: int, face: CardDef) -> str:
    if face.play_on is None:  # a standard action played only through its Specials
        return "it is played only through its Special, when its text says"
    if face.play_on == "base":
        return "it cannot be played on any base in play"
    minions = [m for ms in g.minions for m in ms]
    if not minions:
        return "it is played on a minion, and there is none in play"
    ok = face.can_target
    if ok is not None and not any(ok(g, card, m, p) for m in minions):
        return "it is played on a minion, and no minion in play fits it"
    return "every minion it could be played on is protected from it"


# ---- the answers -----------------------------------------------------------------------------


def playable_cards(req: Request) -> set[int]:
    """Cards that some option of a Play Cards decision plays."""
    return {opt.card for opt in req.options if opt.tag == "play"}


def why_not(g: State, req: Request | None, card: int) -> str | None:
    """Why the holder of ``card`` (a card in a hand) cannot play it now; None when they can.

    Raises ValueError when ``card`` is in nobody's hand.
    """
    loc = g.loc[card]
    if loc[0] != "hand":
        raise ValueError(f"{g.names[card]} is not in a hand")
    holder = loc[1]
    if req is None:
        return "the game is over"
    d = g.defs[card]
    if holder != g.current:
        if any(sp.zone == "hand" for sp in d.specials):
            return ("it's not your turn (its Special is played in response, when its text "
                    "says, not in your Play Cards phase)")
        return "it's not your turn"
    if req.kind != "main" or req.player != holder:
        return "cards are played at your Play Cards decision; finish this decision first"
    if card in playable_cards(req):
        return None
    reasons = []
    if d.kind == "minion":
        reasons.append(("as a minion", _minion_reason(g, card, holder)))
    face = d if d.kind == "action" else d.alt if d.alt is not None and d.alt.kind == "action" \
        else None
    if face is not None:
        reasons.append(("as an action", _action_reason(g, card, holder, face)))
    found = [(how, why) for how, why in reasons if why is not None]
    if not found:
        return NO_WAY
    if len(found) == 1:
        return found[0][1]
    return "; ".join(f"{how}, {why}" for how, why in found)


def unplayable(g: State, req: Request | None, player: int) -> dict[str, str]:
    """``{card name: reason}`` for each card in ``player``'s hand they cannot play now."""
    out = {}
    for c in g.hands[player]:
        reason = why_not(g, req, c)
        if reason is not None:
            out[g.names[c]] = reason
    return out


# ---- would it do anything? -------------------------------------------------------------------


def _changes_nothing(g: State, opt: Play) -> bool:
    """Does playing ``opt`` now (a Play Cards option) change nothing but its card's place?"""
    card = opt.card
    trial = g.copy()
    trial.events = []
    flow = game_flow(trial, resume=opt)
    try:
        req = next(flow)
        while req is CHECKPOINT:
            req = next(flow)
    except StopIteration:
        return False
    except Exception:  # a fault is not this module's business: no warning
        return False
    finally:
        flow.close()
    if req.kind != "main" or trial.loc[card][0] != "discard":
        return False  # it asked something, or it stays in play (an ongoing action)
    if any(ev.get("card") != card or ev["kind"] != "played" for ev in trial.events):
        return False
    return position_key(trial, card) == position_key(g, card)


def does_nothing(g: State, req: Request | None, card: int) -> bool:
    """Would every way of playing ``card`` as an action now do nothing at all?

    Only for a card the current player can play as an action at their Play Cards decision;
    False otherwise (a minion always does something: it goes on a base).
    """
    if req is None or req.kind != "main":
        return False
    plays = [o for o in req.options
             if o.tag == "play" and o.card == card and face_of(g, card, o).kind == "action"]
    return bool(plays) and all(_changes_nothing(g, o) for o in plays)


DOES_NOTHING: Final = "playing it now would have no effect"
DUAL_DOES_NOTHING: Final = "played as an action now, it would have no effect"
"""For a dual card: as a minion it always does something (it goes on a base)."""


def warnings(g: State, req: Request | None, player: int) -> dict[str, str]:
    """``{card name: warning}`` for the actions in ``player``'s hand that they may play now but
    that would do nothing (copies of one card are tried once)."""
    if req is None or req.kind != "main" or req.player != player:
        return {}
    out = {}
    verdict: dict[str, bool] = {}
    for c in g.hands[player]:
        key = g.defs[c].key
        if key not in verdict:
            verdict[key] = does_nothing(g, req, c)
        if verdict[key]:
            out[g.names[c]] = DUAL_DOES_NOTHING if g.defs[c].kind == "minion" else DOES_NOTHING
    return out
