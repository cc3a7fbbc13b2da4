"""Losing abilities, and talents an action gives the minion it is on (Cease and Desist:
Bruiser, The Touch, Flighterizer, Passengers).

* **Losing abilities** ("this minion loses all its abilities until Y"): a temporary effect
  ``("lose_abilities", minion, granters, expiry, player)``. While it is in force the
  minion's own abilities do nothing: its continuous hooks (power, protection, "cannot be
  destroyed", printed power...), triggers, talent, "instead" abilities and play offers.
  Abilities that were *given* to it before the loss go too: a talent an attached action
  grants (``Talent.granted``) and abilities it copied (``engine/facts/copies.py``); ``granters``
  records those actions and copy sources, so that abilities gained afterwards are kept. The
  effects of actions' own abilities (an attached action's +2 power or protection, a raised
  printed power) are not the minion's abilities and stay, and so do effects its abilities
  already made ("-2 power until the end of the turn"). A minion that leaves play without its
  abilities does not answer its own leaving either ("after this minion is destroyed").
* **Granted talents**: a ``Talent`` with ``granted=True`` on an action is the talent of the
  minion the action is on (the quoted "This minion has the ability: 'Talent: ...'"): the
  minion's controller uses it, once per turn per granting card (the option names the
  action), and it is lost with the minion's abilities. It is the minion's ability: it runs
  with the minion as its card (``ctx.me``, ``talent_runner``).

The lookups ask this module only while ``State.effects`` holds something, so a game where
nothing lost its abilities pays one scan of the (usually short) effects list.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.defs import Talent
from ..core.events import emit
from ..core.kinds import EffectKind, register_effect_kind
from ..core.state import PLAY_ZONES, State
from .copies import copy_sources

KIND: Final = "lose_abilities"
NONE_LOST: Final[dict[int, frozenset[int]]] = {}
"""``lost_abilities`` when nothing has lost its abilities (never changed)."""


def _has_lost(g: State, eff: tuple[Any, ...], card: int) -> bool:
    return bool(eff[1] == card)


# (its point is its own: the lookups ask ``lost_abilities``, not the effect's value)
register_effect_kind(EffectKind(KIND, KIND, _has_lost, "card"))


def lose_abilities(g: State, minion: int, expiry: tuple[Any, ...], player: int) -> None:
    """``minion`` loses all its abilities until ``expiry`` (or until it leaves play),
    including those actions gave it or it copied so far; those it gains later it keeps."""
    granters = tuple(g.attached.get(minion, ())) + tuple(copy_sources(g, minion))
    g.effects.append((KIND, minion, granters, expiry, player))
    emit(g, "lost_abilities", card=minion, player=player)


def lost_abilities(g: State) -> dict[int, frozenset[int]]:
    """The minions in play that have lost their abilities now, each with the cards whose
    given (granted or copied) abilities it lost too."""
    if not g.effects:
        return NONE_LOST
    found: dict[int, frozenset[int]] = {}
    for e in g.effects:
        kind: str = e[0]  # (typed: compiled, a str comparison, not a generic one)
        if kind == KIND and g.loc[e[1]][0] in PLAY_ZONES:
            minion = int(e[1])
            found[minion] = found.get(minion, frozenset()) | frozenset(e[2])
    return found if found else NONE_LOST


def has_lost_abilities(g: State, minion: int) -> bool:
    """Has ``minion`` lost its own abilities now?"""
    return minion in lost_abilities(g)


def copy_lost(g: State, host: int, lost: dict[int, frozenset[int]]) -> bool:
    """Are the abilities ``host`` copied lost (``lost``: ``lost_abilities(g)``)?"""
    granters = lost.get(host)
    return granters is not None and any(s in granters for s in copy_sources(g, host))


def talent_minion(g: State, card: int) -> int | None:
    """The minion that uses or has the talent of ``card``: the card itself if it is a
    minion, the minion an action is on (a talent it grants or one printed on it), else
    None (an action on a base)."""
    loc = g.loc[card]
    if loc[0] == "on":
        return int(loc[1])
    return card if loc[0] == "minion" else None


def talent_user(g: State, card: int, talent: Talent,
                lost: dict[int, frozenset[int]]) -> int | None:
    """Who may use ``card``'s talent now (ignoring "once per turn"): its controller, or the
    controller of the minion it grants the talent to; None when the talent is lost."""
    if talent.granted:
        loc = g.loc[card]
        if loc[0] != "on":
            return None
        host = int(loc[1])
        granters = lost.get(host)
        if granters is not None and card in granters:
            return None
        return int(g.controller[host])
    if card in lost:
        return None
    return int(g.controller[card])


def talent_runner(g: State, card: int, talent: Talent) -> int:
    """The card a talent of ``card`` runs as (``ctx.me``, and its ``can``): the minion an
    action grants it to, else the card itself."""
    if talent.granted:
        host = talent_minion(g, card)
        if host is not None:
            return host
    return card


LEFT_WITHOUT: Final = ("rule", "left_without_abilities")
"""``misc`` key: the cards whose latest leaving of play found them without their abilities."""


def note_leaving(g: State, card: int) -> None:
    """``card`` is leaving play (``zones.leave_play``, before its effects end): remember
    whether it had lost its abilities, so that its own "after this leaves play" triggers stay
    silent for this leaving (``left_without_abilities``)."""
    left: tuple[int, ...] = g.misc.get(LEFT_WITHOUT, ())
    silenced = bool(g.effects) and has_lost_abilities(g, card)
    if silenced or card in left:
        rest = tuple(c for c in left if c != card) + ((card,) if silenced else ())
        if rest:
            g.misc[LEFT_WITHOUT] = rest
        else:
            del g.misc[LEFT_WITHOUT]


def left_without_abilities(g: State, card: int) -> bool:
    """Had ``card`` lost its abilities when it last left play?"""
    return card in g.misc.get(LEFT_WITHOUT, ())
