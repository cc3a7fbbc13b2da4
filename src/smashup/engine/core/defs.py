"""Static card and base definitions, and the registry that holds them.

A definition never changes during a game; every game state refers to the
same definition objects, so copying a state never copies them.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from .kinds import FIELD_KINDS, HOOK_KINDS, REPLACEABLE

if TYPE_CHECKING:
    from .context import Ctx
    from .requests import Play, Request
    from .state import State

Event = dict[str, Any]
"""An event: ``{"kind": "destroyed", "card": 12, ...}``; never mutated once emitted."""

AbilityGen = Generator["Request", Any, Any]
"""An ability: yields decision requests, receives the chosen option, may return a value."""

Ability = Callable[["Ctx"], AbilityGen]
EventAbility = Callable[["Ctx", Event], AbilityGen]


class Source:
    """Who or what is doing something to a card (for "not affected by" checks). Never
    changed once made. (A plain class, not a dataclass: abilities make one on every check,
    and compiled, a dataclass's generated ``__init__`` runs as interpreted Python.)"""

    __slots__ = ("card", "player", "kind")

    def __init__(self, card: int | None, player: int | None, kind: str) -> None:
        self.card = card  # card instance id, or None for a base or a rule
        self.player = player  # controlling player, or None
        self.kind = kind  # "minion", "action", "base" or "rule"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Source) and self.card == other.card
                and self.player == other.player and self.kind == other.kind)

    def __hash__(self) -> int:
        return hash((self.card, self.player, self.kind))

    def __repr__(self) -> str:
        return f"Source(card={self.card!r}, player={self.player!r}, kind={self.kind!r})"


RULE: Final = Source(None, None, "rule")


@dataclass(frozen=True)
class Trigger:
    """An ability of a card in play (or of a base) that answers an event.

    ``who`` returns the players who get to use it for this event (empty: not
    triggered). ``optional`` marks a single player's "may"; mandatory triggers
    (and "each player may") resolve first, ordered by the current player.
    A card that has just left a base still answers the event of its own leaving
    ("destroyed", "returned", "placed", "discarded"): ``who`` then sees it out of play,
    already back under its owner's control ("destroyed" events name the old controller).
    With ``outlives_card`` it resolves even if its card left play after the event (Secret
    Agent: the player still discards when their action destroyed it); on a base, even if the
    base was scored and replaced after an event naming it as ``base`` (Sakura Garden). Cards
    that left play together with a card answer its ``to_discard`` event too
    (``engine/facts/from_play.py``).
    """

    event: str
    who: Callable[[State, int, Event], Sequence[int]]
    run: EventAbility
    optional: bool = False
    outlives_card: bool = False


@dataclass(frozen=True)
class Special:
    """A Special ability used from the hand (or discard pile, or stasis: ``zone``) in a timing
    window."""

    event: str
    can: Callable[[State, int, Event, int], bool]  # (g, card, event, holder)
    run: EventAbility
    zone: str = "hand"


@dataclass(frozen=True)
class Talent:
    """Once per turn, during its controller's Play Cards phase.

    ``granted``: an action gives this talent to the minion it is on (the minion's controller
    uses it, and the minion loses it with its abilities: ``engine/facts/abilities.py``)."""

    run: Ability
    can: Callable[[State, int], bool] = lambda g, me: True
    granted: bool = False


@dataclass(frozen=True)
class PlaySource:
    """An ongoing card's offer of plays in its controller's Play Cards phase.

    ``cards(g, me, player)`` lists the cards (in any zone) it lets ``player`` play, and
    ``slots(g, me)`` the bases a minion may go to (None: any). With ``extra`` the play is a
    free extra; otherwise it uses one of the player's normal or generic extra plays
    ("instead of from your hand"). ``allows(g, me, option)``, if given, narrows the plays
    it offers to the options it accepts (Cyberback: actions onto itself only). Each source
    may be used once per turn, unless ``per_turn`` is False (then as often as the player
    can pay for the plays).
    """

    cards: Callable[[State, int, int], Sequence[int]]
    slots: Callable[[State, int], Sequence[int] | None] = lambda g, me: None
    extra: bool = False
    allows: Callable[[State, int, Play], bool] | None = None
    per_turn: bool = True


@dataclass(frozen=True)
class Replacement:
    """"If X would happen, Y instead": ``run`` returns True when it replaced X.

    ``event`` names a registered replaceable event (``kinds.REPLACEABLE``): "destroy",
    "return", "move", "place", "leave_play" or one a card set added."""

    event: str
    applies: Callable[[State, int, int], bool]  # (g, me, target)
    run: Callable[[Ctx, int], AbilityGen]  # (ctx, target) -> replaced?


@dataclass(eq=False)
class CardDef:
    """A faction card: its printed facts and its abilities in our own words."""

    key: str
    name: str
    faction: str
    set: str
    kind: str  # "minion" or "action"
    power: int = 0
    count: int = 1
    text: str = ""
    play_on: str | None = None  # actions: None (standard), "base" or "minion"
    on_play: Ability | None = None
    power_mod: Callable[[State, int, int], int] | None = None  # (g, me, minion) -> delta
    breakpoint_mod: Callable[[State, int, int], int] | None = None  # (g, me, slot) -> delta
    protects: Callable[[State, int, int, Source], bool] | None = None  # me shields target?
    cannot_destroy: Callable[[State, int, int], bool] | None = None  # (g, me, target)
    forbids_play: Callable[[State, int, int, int, int], bool] | None = None  # g,me,card,slot,p
    forbids_move: Callable[[State, int, int, int, int], bool] | None = None  # g,me,card,slot,p
    # (g, me, target, player): may it be played on that base or minion (a minion: at that
    # base)? Only the card's own play condition ("play on one of your minions", "play on a
    # base where you have a minion"), never what its ability would do: a standard action has
    # none (``check_playability``)
    can_target: Callable[[State, int, int, int], bool] | None = None
    # a standard action whose text is only Specials that say when it is played ("Special:
    # play after a base scores"): it is played through them only, never in the Play Cards phase
    special_only: bool = False
    cancels_base: Callable[[State, int, int], bool] | None = None  # (g, me, slot)
    triggers: tuple[Trigger, ...] = ()
    specials: tuple[Special, ...] = ()
    talent: Talent | None = None
    replacements: tuple[Replacement, ...] = ()
    variant: str = ""
    # "when you play this card from stasis": replaces the ordinary extra play
    leave_stasis: Ability | None = None
    play_sources: tuple[PlaySource, ...] = ()
    # a dual card's other face (a standard action of a minion card): it may be played either way
    alt: CardDef | None = None
    # continuous hooks of kinds a card set registered (``kinds.HOOK_KINDS``), by kind name
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # an action whose own ability directly increases a minion's power (Cease and Desist's
    # "directly increases power": +N to a minion, +1 counters on it, a raised printed power);
    # every faction's actions carry it, so Space Prince and friends know them
    boosts_power: bool = False
    # the card's text is our reconstruction, not the printed card's (no official text was
    # found: Head Grabber); wherever the text is shown it is marked (``shown_text``)
    provisional: bool = False
    # labels printed on the card beside its type ("Wraith"), which other cards refer to
    labels: tuple[str, ...] = ()

    @property
    def is_minion(self) -> bool:
        return self.kind == "minion"


@dataclass(eq=False)
class BaseDef:
    """A base card. Hooks take the base's slot index where cards take their id."""

    key: str
    name: str
    faction: str
    set: str
    breakpoint: int
    vp: tuple[int, int, int]
    text: str = ""
    power_mod: Callable[[State, int, int], int] | None = None  # (g, slot, minion) -> delta
    breakpoint_mod: Callable[[State, int, int], int] | None = None  # (g, slot, slot) -> delta
    protects: Callable[[State, int, int, Source], bool] | None = None
    cannot_destroy: Callable[[State, int, int], bool] | None = None
    forbids_play: Callable[[State, int, int, int, int], bool] | None = None
    forbids_move: Callable[[State, int, int, int, int], bool] | None = None
    cancels_base: Callable[[State, int, int], bool] | None = None
    triggers: tuple[Trigger, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    # "When this base scores": adjust the VP awarded; (g, slot, awards) -> None
    on_score: Callable[[State, int, dict[int, int]], None] | None = None
    # a faction variant's own base (e.g. "tricksters@original"): in the base deck only when a
    # player uses that faction, and then in place of the base keyed ``replaces``
    faction_variant: str = ""
    replaces: str = ""
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)


PROVISIONAL_MARK: Final = "(provisional text)"
"""What precedes a provisional card's text wherever it is shown."""


def shown_text(d: CardDef | BaseDef) -> str:
    """A card's or base's text as shown to people: a provisional text is marked as such."""
    if isinstance(d, CardDef) and d.provisional:
        return f"{PROVISIONAL_MARK} {d.text}"
    return d.text


def slug(name: str) -> str:
    """Stable lowercase key for a name.

    >>> slug("Tooth and Claw...and Guns")
    'tooth-and-claw-and-guns'
    >>> slug("Factory 436-1337")
    'factory-436-1337'
    >>> slug("Doppelgänger")
    'doppelganger'
    """
    # accents folded (ä -> a) so that a key stays readable ASCII
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower().replace("'", "")).strip("-")


@dataclass
class Registry:
    cards: dict[str, CardDef] = field(default_factory=dict)
    bases: dict[str, BaseDef] = field(default_factory=dict)
    factions: dict[str, list[CardDef]] = field(default_factory=dict)
    faction_sets: dict[str, str] = field(default_factory=dict)

    def add_card(self, card: CardDef) -> CardDef:
        if card.key in self.cards:
            raise ValueError(f"duplicate card {card.key}")
        check_kinds(card)
        check_playability(card)
        self.cards[card.key] = card
        fkey = faction_key(card.faction, card.variant)
        self.factions.setdefault(fkey, []).append(card)
        self.faction_sets[fkey] = card.set
        return card

    def add_base(self, base: BaseDef) -> BaseDef:
        if base.key in self.bases:
            raise ValueError(f"duplicate base {base.key}")
        check_kinds(base)
        self.bases[base.key] = base
        return base


def check_kinds(d: CardDef | BaseDef) -> None:
    """A definition may only use registered hook kinds and replaceable events."""
    for name in d.hooks:
        if name not in HOOK_KINDS or name in FIELD_KINDS:
            raise ValueError(f"{d.key}: {name!r} is not a registered hook kind of its own "
                             "(register it with kinds.register_hook_kind first; built-in kinds "
                             "are fields)")
    for rep in d.replacements:
        if rep.event not in REPLACEABLE:
            raise ValueError(f"{d.key}: cannot replace unknown event {rep.event!r}")


def check_playability(d: CardDef) -> None:
    """Whether a card may be played is one rule for every card (``plays.action_targets``,
    ``plays.minion_targets``): a play of its kind, nothing in force forbidding it and, for a
    card played on a base or a minion, one it may go on. What its ability would do never
    matters (core rulebook, "Void Where Prohibited": you can play a card even if its ability
    can't happen; Oops and later: "can't or doesn't happen"), so
    a standard action has no ``can_target`` of its own; one played only through its Specials
    says so with ``special_only``."""
    for face in (d, d.alt) if d.alt is not None else (d,):
        if face.kind == "action" and face.play_on is None and face.can_target is not None:
            raise ValueError(f"{d.key}: a standard action has no play condition of its own "
                             "(an ability with nothing to act on does nothing; a card played "
                             "only through its Specials has special_only=True)")
        if face.special_only and (face.kind != "action" or face.play_on is not None
                                  or not face.specials):
            raise ValueError(f"{d.key}: special_only is for a standard action with Specials")


def hook_fn(d: CardDef | BaseDef, kind: str) -> Callable[..., Any] | None:
    """``d``'s function for the hook kind ``kind``, if it has one."""
    if kind in FIELD_KINDS:  # the built-in kinds are fields of the definition
        fn: Callable[..., Any] | None = getattr(d, kind, None)
        return fn
    return d.hooks.get(kind)


Key = TypeVar("Key")
Value = TypeVar("Value")


def by_identity(fn: Callable[[Key], Value]) -> Callable[[Key], Value]:
    """``fn`` of a definition, remembered per definition object. (``functools.cache`` would
    hash a frozen dataclass field by field, in interpreted code even when compiled.) Each
    entry holds its object, so no other object can take its id while it is remembered."""
    remembered: dict[int, tuple[Key, Value]] = {}

    def cached(d: Key) -> Value:
        hit = remembered.get(id(d))
        if hit is not None and hit[0] is d:
            return hit[1]
        value = fn(d)
        remembered[id(d)] = (d, value)
        return value

    return cached


@functools.cache  # asked on every check of some hooks (Tricksters' play restriction)
def faction_key(faction: str, variant: str = "") -> str:
    """``faction_key("Tricksters", "original") == "tricksters@original"``."""
    key = slug(faction)
    return f"{key}@{variant}" if variant else key


REGISTRY: Final = Registry()


SET_NAMES: Final = {
    "core": "Core set",
    "science-fiction-double-feature": "Science Fiction Double Feature",
    "cease-and-desist": "Cease and Desist",
    "oops-you-did-it-again": "Oops You Did It Again",
    "excellent-movies-dudes": "Excellent Movies, Dudes!",
}
"""The printed name of each set, by its key (``CardDef.set``, ``BaseDef.set``)."""


def set_name(key: str) -> str:
    """The printed name of a set: ``set_name("excellent-movies-dudes")`` is "Excellent Movies,
    Dudes!". A set without one (a test set) reads as its key in words."""
    return SET_NAMES.get(key) or key.replace("-", " ").capitalize()


def faction_name(key: str, registry: Registry | None = None) -> str:
    """A faction as people read it: ``faction_name("tricksters@original")`` is "Tricksters
    (original printing)"; a key no card has reads as its words."""
    base, _, variant = key.partition("@")
    cards = (registry or REGISTRY).factions.get(key)
    name = cards[0].faction if cards else base.replace("-", " ").title()
    return f"{name} ({variant} printing)" if variant else name
