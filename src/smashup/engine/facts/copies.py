"""Copied abilities: a card in play that has, for a while, the abilities of another card
(Copycat: another player's minion until the end of the turn; Cellular Bonding: an action on
a minion, for as long as it stays in play).

A copy is a temporary effect in ``State.effects``: ``("copy_abilities", host, source,
expiry, player)``. The host then answers with the source's definition as well as its own:
its continuous hooks (``query.hooks``), triggers (``triggers.collect_triggers``), talent and
"instead" abilities. Like every effect of the kind "card", a copy ends when its host leaves
play (so a copied "after this minion leaves play" ability does not fire for the host's own
leaving); a copy "until the end of the turn" also ends with the turn, and one that lasts
while its card is in play has the expiry ``WHILE_IN_PLAY``, which no turn boundary matches.
The source's name is not copied, nor its on-play ability (a card that copies on-play
abilities runs them itself), nor where it may be played (``can_target``).

The lookups ask this module only while ``State.effects`` holds something, so a game without
copies pays nothing for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..core.defs import (
    CardDef,
    PlaySource,
    Replacement,
    Talent,
    Trigger,
    by_identity,
    hook_fn,
)
from ..core.events import emit
from ..core.kinds import HOOK_KINDS, EffectKind, register_effect_kind
from ..core.state import PLAY_ZONES, State
from ..core.tables import card_facts

KIND: Final = "copy_abilities"
WHILE_IN_PLAY: Final[tuple[Any, ...]] = ("while_in_play",)
"""The expiry of a copy that lasts as long as its card stays in play."""

CopiedHook = tuple[int, Callable[..., Any], frozenset[str]]
"""(host card, the copied function, the zones where its kind works), as ``Tables.card_hooks``."""


def _copied_source(g: State, eff: tuple[Any, ...], card: int) -> int:
    return int(eff[2]) if eff[1] == card else -1


register_effect_kind(EffectKind(KIND, KIND, _copied_source, "card"))


def copy_abilities(g: State, host: int, source: int, expiry: tuple[Any, ...],
                   player: int) -> None:
    """From now until ``expiry`` (or until it leaves play), card ``host`` also has the
    abilities of card ``source``'s definition; an earlier copy of the host's ends."""
    g.effects = [e for e in g.effects if not (e[0] == KIND and e[1] == host)]
    g.effects.append((KIND, host, source, expiry, player))
    emit(g, "copied", card=host, other=source, player=player)


def copy_sources(g: State, card: int) -> list[int]:
    """The cards whose abilities ``card`` has copied and has now."""
    if not g.effects or g.loc[card][0] not in PLAY_ZONES:
        return []
    found: list[int] = []
    for e in g.effects:
        kind: str = e[0]  # (typed: compiled, a str comparison, not a generic one)
        if kind == KIND and e[1] == card:
            found.append(int(e[2]))
    return found


def copies_in_force(g: State) -> list[tuple[int, CardDef]]:
    """(host, copied definition) of every copy in force, hosts in play."""
    found: list[tuple[int, CardDef]] = []
    if not g.effects:
        return found
    loc = g.loc
    for e in g.effects:
        kind: str = e[0]  # (typed: compiled, a str comparison, not a generic one)
        if kind == KIND and loc[e[1]][0] in PLAY_ZONES:
            found.append((int(e[1]), g.defs[e[2]]))
    return found


@by_identity  # a definition never changes; a game has a few dozen
def _hooks_by_point(d: CardDef) -> dict[str, tuple[tuple[Callable[..., Any], frozenset[str]], ...]]:
    by_point: dict[str, list[tuple[Callable[..., Any], frozenset[str]]]] = {}
    for name in card_facts(d)[0]:
        kind = HOOK_KINDS.get(name)
        fn = hook_fn(d, name) if kind is not None else None
        if kind is not None and fn is not None:
            by_point.setdefault(kind.point, []).append((fn, kind.zones))
    return {point: tuple(fns) for point, fns in by_point.items()}


def copied_hooks(g: State, point: str) -> list[CopiedHook]:
    """The copied continuous hooks that answer ``point`` now, as (host, function, zones)."""
    found: list[CopiedHook] = []
    for host, d in copies_in_force(g):
        for fn, zones in _hooks_by_point(d).get(point, ()):
            if g.loc[host][0] in zones:
                found.append((host, fn, zones))
    return found


def triggers_of(g: State, card: int) -> tuple[Trigger, ...]:
    """A card's triggers: its own, then those it has copied (a waiting ability names its
    trigger by index in this tuple, so a copied one is gone once its copy ends)."""
    own = g.defs[card].triggers
    sources = copy_sources(g, card)
    if not sources:
        return own
    return own + tuple(t for s in sources for t in g.defs[s].triggers)


def copied_talent(g: State, card: int) -> Talent | None:
    """The talent a card has copied (used when it has none of its own)."""
    for s in copy_sources(g, card):
        talent = g.defs[s].talent
        if talent is not None:
            return talent
    return None


def talent_of(g: State, card: int) -> Talent | None:
    """A card's talent: its own, else one it has copied."""
    own = g.defs[card].talent
    return own if own is not None else copied_talent(g, card)


def copied_replacements(g: State) -> list[tuple[Replacement, int]]:
    """The "instead" abilities hosts have copied: (replacement, host)."""
    return [(rep, host) for host, d in copies_in_force(g) for rep in d.replacements]


def copied_play_sources(g: State) -> list[tuple[int, int, PlaySource]]:
    """The play offers hosts have copied: (host, index among the host's sources, source);
    the index counts on from the host's own sources, so each is used once per turn."""
    found: list[tuple[int, int, PlaySource]] = []
    for host, d in copies_in_force(g):
        start = len(g.defs[host].play_sources)
        found.extend((host, start + i, src) for i, src in enumerate(d.play_sources))
    return found
