"""The engine's extension points: registries a card set adds to without editing the engine.

Four kinds of thing are open:

* **continuous hooks** (``HookKind``): a question the rules ask (a minion's power, a base's
  breakpoint, may this be played there...) and a card or base in some zones that answers it.
  The engine's queries ask every kind registered for their question;
* **temporary effects** (``EffectKind``): entries of ``State.effects`` such as "+2 power until
  the end of the turn", with the question they answer and when they end;
* **replaceable events** (``ReplaceableEvent``): what an "if X would happen, Y instead"
  card (``defs.Replacement``) may replace;
* **extra-play conditions** (``PlayCondition``): which cards an extra play may be used for.

A card module registers a new kind at import time, next to the cards that use it; see
``docs/architecture.md`` ("Adding a mechanic") for a worked example. Registering a name twice
is an error, so two sets cannot silently redefine each other's kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .state import State

PLAY: Final = frozenset({"minion", "base_action", "on"})
"""Where a card's ongoing abilities work: in play (the zones of ``state.PLAY_ZONES``)."""

def _enter(registry: dict[str, Any], name: str, entry: Any, what: str) -> None:
    """Put ``entry`` in ``registry`` under a name nobody registered yet."""
    if name in registry:
        raise ValueError(f"{what} {name!r} is already registered")
    registry[name] = entry


# ---- continuous hooks ------------------------------------------------------------------------

POINTS: Final[dict[str, str]] = {
    "power_mod": "(g, me, minion) -> int: a change to a minion's power",
    "breakpoint_mod": "(g, me, slot) -> int: a change to a base's breakpoint",
    "protects": "(g, me, target, source) -> bool: the target is not affected by the source",
    "absorbs": "(g, me, target, source) -> bool: a one-time shield takes the source's effect",
    "cannot_destroy": "(g, me, target) -> bool: the target cannot be destroyed",
    "forbids_play": "(g, me, card, slot, player) -> bool: the card cannot be played there",
    "forbids_move": "(g, me, card, slot, player) -> bool: the minion cannot move there",
    "cancels_base": "(g, me, slot) -> bool: the base's abilities are cancelled",
    "printed_power": "(g, me, minion, value) -> int: the printed power a minion in play counts"
                     " as (value: as printed, or as earlier hooks left it)",
    "cannot_score": "(g, me, slot) -> bool: the base cannot score, whatever its power",
}
"""The questions continuous hooks answer, with the signature of a hook that answers each
(``me`` is the card id, or the base's slot for a base)."""


@dataclass(frozen=True)
class HookKind:
    """A kind of continuous effect: a card's function that answers the question ``point``
    while the card is in one of ``zones``. The built-in kinds are the ``CardDef`` and
    ``BaseDef`` fields of the same names (a card in play); a new kind's functions go in a
    definition's ``hooks`` mapping under the kind's name."""

    name: str
    point: str
    zones: frozenset[str] = PLAY
    doc: str = ""


HOOK_KINDS: Final[dict[str, HookKind]] = {}


def register_point(name: str, signature: str) -> str:
    """Open a new question for continuous hooks (a ``POINTS`` entry), before any game is set
    up: an engine module that asks it registers it (``engine/facts/redirects.py``:
    ``takes_target``).
    Returns the name."""
    _enter(POINTS, name, signature, "point")
    return name


def register_hook_kind(kind: HookKind) -> HookKind:
    """Open a new kind of continuous effect (raises ValueError on a clash or bad point)."""
    if kind.point not in POINTS:
        raise ValueError(f"hook kind {kind.name!r}: unknown point {kind.point!r}")
    _enter(HOOK_KINDS, kind.name, kind, "hook kind")
    return kind


FIELD_KINDS: Final = frozenset(POINTS) - {"absorbs", "printed_power", "cannot_score"}
"""The kinds that are fields of ``CardDef`` and ``BaseDef`` (the one-time shield of the
2012 Hideout and Mimic's printed power are kinds their card modules register, like any new
mechanic; ``cannot_score`` is registered by ``engine/rules/timeline.py``)."""

for _point in sorted(FIELD_KINDS):
    register_hook_kind(HookKind(_point, _point, doc="a card or base in play"))


# ---- temporary effects -----------------------------------------------------------------------

Effect = tuple[Any, ...]
"""A temporary effect in ``State.effects``: ``(kind, target, value, expiry, player)``."""


@dataclass(frozen=True)
class EffectKind:
    """A kind of temporary effect. ``point`` is the question it answers (a ``POINTS`` key,
    or ``player_power``, ``no_actions``, ``no_move`` or a point of the kind's own); ``value``
    gives its answer for the arguments of that question (an int for changes, a bool for
    restrictions). ``ends_with`` says whether it ends when its target card leaves play
    ("card") or when its base leaves play ("base"). ``on_expiry(g, effect)``, if given,
    undoes what the effect did when it runs out ("until the end of the turn"); it is not
    called when the effect ends with its card or base leaving play."""

    name: str
    point: str
    value: Callable[..., Any]
    ends_with: str = ""
    on_expiry: Callable[[State, Effect], None] | None = None


EFFECT_KINDS: Final[dict[str, EffectKind]] = {}


def register_effect_kind(kind: EffectKind) -> EffectKind:
    if kind.ends_with not in ("", "card", "base"):
        raise ValueError(f"effect kind {kind.name!r}: ends_with must be '', 'card' or 'base'")
    _enter(EFFECT_KINDS, kind.name, kind, "effect kind")
    return kind


def effects_for(g: State, point: str) -> list[tuple[EffectKind, Effect]]:
    """The temporary effects in force that answer ``point``."""
    found = []
    for eff in g.effects:
        kind = EFFECT_KINDS[eff[0]]
        if kind.point == point:
            found.append((kind, eff))
    return found


def _on_target(g: State, eff: Effect, target: int) -> int:
    return int(eff[2]) if eff[1] == target else 0


def _off_turn(g: State, eff: Effect, target: int) -> int:
    # "+X power during other players' turns" (eff[4]: the player it belongs to)
    return int(eff[2]) if eff[1] == target and g.current != eff[4] else 0


def _player_at(g: State, eff: Effect, slot: int, player: int) -> int:
    return int(eff[2]) if eff[1] == slot and eff[4] == player else 0


def _no_actions(g: State, eff: Effect, player: int) -> bool:
    # eff[2] "own_turn": only on the player's own turns
    return bool(eff[4] == player and (eff[2] is None or g.current == player))


def _no_move(g: State, eff: Effect, card: int, slot: int, player: int) -> bool:
    return bool(eff[4] == player)


def _cancel(g: State, eff: Effect, slot: int) -> bool:
    return bool(eff[1] == slot)


for _kind in (
    EffectKind("power", "power_mod", _on_target, "card"),
    EffectKind("power_off_turn", "power_mod", _off_turn, "card"),
    EffectKind("breakpoint", "breakpoint_mod", _on_target, "base"),
    EffectKind("player_power", "player_power", _player_at, "base"),
    EffectKind("cancel_base", "cancels_base", _cancel, "base"),
    EffectKind("no_actions", "no_actions", _no_actions),
    EffectKind("no_move", "forbids_move", _no_move),
):
    register_effect_kind(_kind)

ONE_TARGET_VALUES: Final = frozenset({_on_target, _off_turn})
"""Effect values that answer 0 for every card but the effect's target (``eff[1]``): whoever
asks about every minion at once (``query.powers``) need ask only about that one."""


def ends_with(what: str) -> frozenset[str]:
    """Names of the effect kinds that end when their card (or base) leaves play."""
    return frozenset(k.name for k in EFFECT_KINDS.values() if k.ends_with == what)


# ---- replaceable events ----------------------------------------------------------------------


@dataclass(frozen=True)
class ReplaceableEvent:
    """Something an effect does to a card that "instead" abilities may replace. The engine's
    helper for it asks ``protection.replaced(ctx, name, target)`` before doing it."""

    name: str
    doc: str = ""


REPLACEABLE: Final[dict[str, ReplaceableEvent]] = {}


def register_replaceable(event: ReplaceableEvent) -> ReplaceableEvent:
    _enter(REPLACEABLE, event.name, event, "replaceable event")
    return event


for _event in (
    ReplaceableEvent("destroy", "a card in play would be destroyed"),
    ReplaceableEvent("return", "a card in play would return to its owner's hand"),
    ReplaceableEvent("move", "a minion would move to another base"),
    ReplaceableEvent("place", "a card in play would go to the top or bottom of a deck"),
    ReplaceableEvent("leave_play", "a card would leave play by any effect (asked after the "
                                   "event's own replacements)"),
    ReplaceableEvent("discard", "a card would go from play to its owner's discard pile, "
                                "destroyed, with its scored base or with the minion it is "
                                "on (moving.discard_attached); an \"instead\" that puts "
                                "it elsewhere changes only where it goes"),
):
    register_replaceable(_event)


# ---- extra-play conditions -------------------------------------------------------------------


@dataclass(frozen=True)
class PlayCondition:
    """A condition on an extra play ("an extra minion of power 2 or less"): ``allows(g,
    card, slot, arg)`` says whether the grant covers playing ``card`` at ``slot`` (-1: not
    on a base, or not known yet); ``text(g, arg)`` says what the play is for in words, after
    "minion" or "action" ("of power 2 or less"; empty for no condition)."""

    name: str
    allows: Callable[[State, int, int, Any], bool]
    text: Callable[[State, Any], str]


PLAY_CONDITIONS: Final[dict[str, PlayCondition]] = {}


def register_play_condition(cond: PlayCondition) -> PlayCondition:
    _enter(PLAY_CONDITIONS, cond.name, cond, "play condition")
    return cond


def play_condition(name: str) -> PlayCondition:
    """The registered condition ``name`` (ValueError naming the known ones if there is none)."""
    cond = PLAY_CONDITIONS.get(name)
    if cond is None:
        raise ValueError(f"unknown play condition {name!r}; known: "
                         + ", ".join(sorted(PLAY_CONDITIONS)))
    return cond
