"""Cease and Desist's "an action that directly increases a minion's power".

The reading (C&D rulebook clarification; guide §4.12, R:). An action *directly increases* a
minion's power when its own ability, as the action is played, gives that minion +N power (a
"power" effect with N > 0), places a +1 power counter on it or transfers one to it, or raises
its printed power; an action played *on* a minion that does one of these to it (Laser Sword,
Upgrade, Matrix of Bossiness) directly increases its host's power. Granting an ability that
would raise power (The Touch, Flighterizer), destroying a negative-power card (Change Into A
Gun), or raising power through another card's ability (a minion it plays, a trigger that
answers it) is not direct. Which actions can do it is a printed fact of the card, marked
``CardDef.boosts_power`` in each faction's module ("tag each action", guide §4.12 R:); the
engine records *which minions* such an action actually boosted as it was played:

* while a card's play resolves (``redirects.being_played``: the innermost card being played),
  ``note_boost`` is told of every +N power effect, counter placed and counter transferred
  (``modifiers.add_effect``, ``place_counters``, ``transfer_counters``); when the innermost card
  is an action played as a ``boosts_power`` face, the minion is written down for it;
* when the play has resolved, ``plays.play_card`` takes the list (``take_boosts``, which adds
  the host of an action played on a minion) and emits the event ``boosted`` (card: the
  action, player: who played it, minions: the minions it directly boosted, in order), which
  Alien Guru and Hive of Scum and Villainy answer. An action that boosted no minion (its
  target gone, shielded, or none chosen) emits nothing.

Space Prince's extra action and Walking Carpet's Special play an action on condition that it
directly raises one of certain minions (yours; the Carpet). The condition goes with the play
(``AIM``, below): the action's choice of the minion it raises offers only those
(``choosing.choose_minion_to_boost``), and until it has raised one, its choice of a mode, a base
or a duellist offers only the ways that could (``toward_aim``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, TypeVar

from ..core.defs import CardDef
from ..core.state import State
from .redirects import PLAYING

T = TypeVar("T")

BOOSTED: Final = ("rule", "boosted")
"""``misc`` key: ``(action, minion)`` pairs, the minions each action being played has directly
boosted so far (taken by ``take_boosts`` when its play has resolved)."""


def boosting_face(g: State, card: int) -> CardDef | None:
    """The face of ``card`` being played now, if it is an action that directly boosts power
    (a dual card played as a minion is not)."""
    d = g.defs[card]
    if d.kind != "action":
        if d.alt is None or g.loc[card][0] == "minion":
            return None
        d = d.alt
    return d if d.boosts_power else None


def note_boost(g: State, minion: int) -> None:
    """A minion's power has just gone up by an effect, a counter placed or transferred: write it
    down for the card being played now, if that is a boosting action."""
    playing = g.misc.get(PLAYING)
    if not playing or g.loc[minion][0] != "minion":
        return
    action = playing[-1]
    if boosting_face(g, action) is None:
        return
    pairs: tuple[tuple[int, int], ...] = g.misc.get(BOOSTED, ())
    if (action, minion) not in pairs:
        g.misc[BOOSTED] = (*pairs, (action, minion))


def take_boosts(g: State, card: int, d: CardDef) -> tuple[int, ...]:
    """``card``'s play (as face ``d``) has resolved: the minions still in play that it directly
    boosted, its host first when it is a boosting action played on a minion. Forgets them."""
    pairs: tuple[tuple[int, int], ...] = g.misc.get(BOOSTED, ())
    mine = [m for a, m in pairs if a == card]
    if pairs:
        rest = tuple(p for p in pairs if p[0] != card)
        if rest:
            g.misc[BOOSTED] = rest
        else:
            del g.misc[BOOSTED]
    if d.kind != "action" or not d.boosts_power:
        return ()
    loc = g.loc[card]
    if loc[0] == "on" and d.play_on == "minion":
        host = int(loc[1])
        mine = [host] + [m for m in mine if m != host]
    return tuple(m for m in mine if g.loc[m][0] == "minion")


# ---- a play on condition that it directly boosts certain minions -------------------------------

AIM: Final = "boost_aim"
"""``misc`` key (with the card): the minions an action played on condition must directly
increase the power of (one of them), while its play resolves. Space Prince ("an extra action
that directly increases the power of one of your minions": all of them) and Walking Carpet
("... of this minion": the Carpet) play their action with an aim (``plays.play_card``); the
action's own choices then honour it through ``aim_unmet``, ``within_aim`` and ``toward_aim``
(``choosing.choose_minion_to_boost``)."""


def aim_unmet(g: State, card: int) -> tuple[int, ...] | None:
    """The minions ``card`` is being played to boost, while it has boosted none of them yet;
    None when it has no aim, or has met it."""
    aim: tuple[int, ...] | None = g.misc.get((AIM, card))
    if aim is None:
        return None
    pairs: tuple[tuple[int, int], ...] = g.misc.get(BOOSTED, ())
    if any(a == card and m in aim for a, m in pairs):
        return None
    loc = g.loc[card]
    if loc[0] == "on" and loc[1] in aim:  # an action on its aimed minion raises its host
        return None
    return aim


def within_aim(g: State, card: int, minions: list[int]) -> list[int]:
    """Of the minions ``card``'s ability could directly increase the power of, those its
    unmet aim allows: the choice of the minion raised never goes outside the condition."""
    aim = aim_unmet(g, card)
    return minions if aim is None else [m for m in minions if m in aim]


def toward_aim(g: State, card: int, items: list[T], raises: Callable[[T], Iterable[int]]
               ) -> list[T]:
    """Of the ways ``card``'s ability may go on (a mode, a base, a duellist), those that could
    still meet its unmet aim (``raises(item)``: the minions that way could directly raise), or
    all of them when none could."""
    aim = aim_unmet(g, card)
    if aim is None:
        return items
    meeting = [x for x in items if any(m in aim for m in raises(x))]
    return meeting or items
