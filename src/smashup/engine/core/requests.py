"""Decision requests and the stable text form of each option.

An option is a small typed record (a NamedTuple, so still a plain tuple: its first field
is its tag, and it equals the tuple of its fields). Its text form is stable for a given
position, like UCI in chess, and is what logs, saved games, scenario scripts and tests use;
its label is for people.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from .defs import faction_name
from .rule_steps import RULES
from .state import HIDDEN_ZONES, State


class CardOption(NamedTuple):
    """Choose a card: ``("card", card id)``."""

    tag: Literal["card"]
    card: int


class BaseOption(NamedTuple):
    """Choose a base in play: ``("base", slot)``."""

    tag: Literal["base"]
    slot: int


class BaseCardOption(NamedTuple):
    """Choose a base card wherever it lies (the base deck, its discard pile):
    ``("base_card", base id)``."""

    tag: Literal["base_card"]
    base: int


class PlayOption(NamedTuple):
    """Play a card that goes nowhere in particular (a standard action): ``("play", card)``."""

    tag: Literal["play"]
    card: int


class PlayAtOption(NamedTuple):
    """Play a card on a base: ``("play", card, "base", slot)``."""

    tag: Literal["play"]
    card: int
    onto: Literal["base"]
    slot: int


class PlayOnOption(NamedTuple):
    """Play a card on a minion: ``("play", card, "minion", minion)``."""

    tag: Literal["play"]
    card: int
    onto: Literal["minion"]
    target: int


class TalentOption(NamedTuple):
    """Use the talent of a card in play: ``("talent", card)``."""

    tag: Literal["talent"]
    card: int


class BaseTalentOption(NamedTuple):
    """Use the ability of the base in a slot: ``("base_talent", slot)``."""

    tag: Literal["base_talent"]
    slot: int


class SpecialOption(NamedTuple):
    """Use a card's Special: ``("special", card, its text name)``."""

    tag: Literal["special"]
    card: int
    text: str


class TriggerOption(NamedTuple):
    """Resolve the ``nth`` waiting ability offered: ``("trigger", nth, its text)``
    (``text`` names its source: ``trigger_source``)."""

    tag: Literal["trigger"]
    nth: int
    text: str


class PlayerOption(NamedTuple):
    """Choose a player: ``("player", seat)``."""

    tag: Literal["player"]
    player: int


class FactionOption(NamedTuple):
    """Choose a faction: ``("faction", key)``."""

    tag: Literal["faction"]
    key: str


class ChoiceOption(NamedTuple):
    """One of the named choices an ability offers: ``("choice", word)``."""

    tag: Literal["choice"]
    word: str


Word = Literal["end", "skip", "yes", "no", "done", "pass"]


class WordOption(NamedTuple):
    """An option that is only its word: ``("end",)``, ``("skip",)``, ``("yes",)``..."""

    tag: Word


Play = PlayOption | PlayAtOption | PlayOnOption
"""A play from the Play Cards phase or an ability: with no target, on a base, on a minion."""

Option = (CardOption | BaseOption | BaseCardOption | Play | TalentOption | BaseTalentOption
          | SpecialOption | TriggerOption | PlayerOption | FactionOption | ChoiceOption
          | WordOption)

END: Final = WordOption("end")
SKIP: Final = WordOption("skip")
YES: Final = WordOption("yes")
NO: Final = WordOption("no")
DONE: Final = WordOption("done")
PASS: Final = WordOption("pass")

new_option: Final = tuple.__new__
"""Builds a record without the generated ``__new__``'s Python call, about twice as fast:
``new_option(PlayAtOption, ("play", card, "base", slot))``, for the hot paths that build
an option for every card and base."""

_PLAYS_AT: Final[dict[tuple[int, int], tuple[PlayAtOption, ...]]] = {}


def plays_at_every_base(card: int, bases: int) -> tuple[PlayAtOption, ...]:
    """``("play", card, "base", slot)`` for each of the ``bases`` slots, in order: the Play
    Cards phase offers them for every minion in hand. Made once per card id and number of
    bases and shared (a record never changes; ids are small numbers in every game)."""
    key = (card, bases)
    plays = _PLAYS_AT.get(key)
    if plays is None:
        plays = _PLAYS_AT[key] = tuple(new_option(PlayAtOption, ("play", card, "base", s))
                                       for s in range(bases))
    return plays

SourceRef = int | tuple[str, int] | None
"""What a decision comes from: a card (its id), ``("base", base id)`` for a base's ability,
or None for the rules of the game (Play Cards, scoring order, the hand limit...)."""


class Request:
    """The engine stopped: ``player`` must pick one of ``options``.

    ``source`` is the card or base whose ability asks (see ``SourceRef``); ``request_prompt``
    puts its name before the prompt for people. ``about`` lists the other cards the prompt
    names ("Give Walker to which player?"), so that a table can show their text.
    """

    __slots__ = ("player", "kind", "prompt", "options", "source", "about")

    options: list[Option]

    def __init__(
        self, player: int, kind: str, prompt: str, options: Sequence[Option],
        source: SourceRef = None, about: tuple[int, ...] = (),
    ) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        # (a list of one kind of option, ``list[CardOption]``, is taken as it is)
        self.options = options if isinstance(options, list) else list(options)
        self.source = source
        self.about = about

    def __repr__(self) -> str:
        return (f"Request(p{self.player}, {self.kind!r}, {self.prompt!r}, "
                f"{len(self.options)} options)")


def _seen(g: State, source: SourceRef, viewer: int | None) -> bool:
    """May ``viewer`` (None: anybody who sees everything) know this source?"""
    if source is None:
        return False
    if isinstance(source, tuple) or viewer is None:
        return True
    loc = g.loc[source]
    if loc[0] not in HIDDEN_ZONES:
        return True
    # a spectator (-1) sees only what is public
    return viewer >= 0 and (loc == ("hand", viewer) or source in g.known[viewer])


def source_name(g: State, source: SourceRef, viewer: int | None = None) -> str | None:
    """The printed name of a decision's source; None for the rules, or when the source is a
    card hidden from ``viewer`` (None: from nobody)."""
    if not _seen(g, source, viewer):
        return None
    if isinstance(source, tuple):
        return g.base_defs[source[1]].name
    assert source is not None
    return g.defs[source].name


def source_id(g: State, source: SourceRef, viewer: int | None = None) -> str | None:
    """The stable text name of a decision's source (``pirates/first-mate#1``,
    ``base:the-great-library``), under the same rule as ``source_name``."""
    if not _seen(g, source, viewer):
        return None
    if isinstance(source, tuple):
        return str(g.base_names[source[1]])
    assert source is not None
    return str(g.names[source])


def sourced_prompt(source: str | None, prompt: str) -> str:
    """The one way a prompt is shown to people: ``"The Great Library: Draw a card?"``.
    A prompt that already names its source is left as it is."""
    if not source or source in prompt:
        return prompt
    return f"{source}: {prompt}"


def request_prompt(g: State, req: Request, viewer: int | None = None) -> str:
    """A decision's prompt with the name of the card or base that asks."""
    return sourced_prompt(source_name(g, req.source, viewer), req.prompt)


CHECKPOINT: Final = Request(-1, "checkpoint", "", [])
"""Yielded by the turn flow (not a decision) where it holds nothing beyond the state: the flow
restarted from a copy of the state there goes on the same way (``Game`` anchors there)."""


class IllegalAction(ValueError):
    """An action that is not legal here; the game is left untouched."""


@dataclass(frozen=True)
class OptionKind:
    """How an option of one kind (its tag) reads: ``text`` is its stable text form (what
    ``Game.apply`` accepts and saves record), ``label`` the words for people. Each takes
    the option of its own kind. (Not generic over that kind: compiled with mypyc, a generic
    dataclass fails to load.)"""

    text: Callable[[State, Any], str]
    label: Callable[[State, Any], str]


def _card(g: State, c: int) -> str:
    return g.defs[c].name


def _base(g: State, slot: int) -> str:
    return g.base_defs[g.bases[slot]].name


def _play_text(g: State, opt: Play) -> str:
    card = g.names[opt.card]
    if isinstance(opt, PlayAtOption):
        return f"play {card} @ {g.base_names[g.bases[opt.slot]]}"
    if isinstance(opt, PlayOnOption):
        return f"play {card} on {g.names[opt.target]}"
    return f"play {card}"


def _play_label(g: State, opt: Play) -> str:
    if isinstance(opt, PlayAtOption):
        return f"Play {_card(g, opt.card)} on {_base(g, opt.slot)}"
    if isinstance(opt, PlayOnOption):
        return f"Play {_card(g, opt.card)} on {_card(g, opt.target)}"
    return f"Play {_card(g, opt.card)}"


def _worded(g: State, opt: ChoiceOption) -> str:
    return opt.word.replace("-", " ").capitalize()


def _faction(g: State, opt: FactionOption) -> str:
    return faction_name(opt.key)


TRIGGER_AGAIN: Final = re.compile(r"/\d+$")
"""The mark a waiting ability's text gets when its source waits more than once
(``base:saloon/2``, ``cowboys/pinkerton#1/2``: ``pending._unique``)."""


def trigger_source(g: State, opt: TriggerOption) -> tuple[str, Any]:
    """What a ``trigger`` option resolves, from its text: ``("card", card id)``, ``("base",
    base id)`` or ``("rule", the words for it)``."""
    text = TRIGGER_AGAIN.sub("", opt.text)
    if text in g.base_names:
        return "base", g.base_names.index(text)
    if text in g.names:
        return "card", g.names.index(text)
    rule = next((r for r in RULES.values() if r.text == text), None)
    if rule is not None and rule.label:
        return "rule", rule.label
    if text.startswith("rule:"):
        return "rule", text[5:].replace("-", " ").capitalize()
    return "rule", f"Resolve {text}"  # a rule that goes by a printed name (Spikey Chair Room)


def _trigger_label(g: State, opt: TriggerOption) -> str:
    kind, what = trigger_source(g, opt)
    if kind == "rule":
        return str(what)
    name = g.base_defs[what].name if kind == "base" else g.defs[what].name
    return f"Resolve {name}"


OPTION_KINDS: Final[dict[str, OptionKind]] = {
    "card": OptionKind(lambda g, o: g.names[o.card],
                                   lambda g, o: _card(g, o.card)),
    "base": OptionKind(lambda g, o: g.base_names[g.bases[o.slot]],
                                   lambda g, o: _base(g, o.slot)),
    "base_card": OptionKind(lambda g, o: g.base_names[o.base],
                                            lambda g, o: g.base_defs[o.base].name),
    "play": OptionKind(_play_text, _play_label),
    "talent": OptionKind(lambda g, o: f"use {g.names[o.card]}",
                                       lambda g, o: f"Use the talent of {_card(g, o.card)}"),
    "end": OptionKind(lambda g, o: "end", lambda g, o: "End the Play Cards phase"),
    "trigger": OptionKind(lambda g, o: f"trigger {o.text}", _trigger_label),
    "special": OptionKind(lambda g, o: f"special {o.text}",
                                         lambda g, o: f"Use {_card(g, o.card)}"),
    "player": OptionKind(lambda g, o: f"player:{o.player}",
                                       lambda g, o: f"Player {o.player + 1}"),
    "faction": OptionKind(lambda g, o: f"faction:{o.key}", _faction),
    "choice": OptionKind(lambda g, o: f"choice:{o.word}", _worded),
}
"""Every kind of option, with its text form and label. Options of a tag not listed here
(``skip``, ``yes``, ``no``, ``done``, ``pass``...) read as their tag."""


def option_text(g: State, opt: Option) -> str:
    """The stable text form of an option.

    Forms: ``end``, ``play <card> @ <base>``, ``play <card> on <card>``,
    ``play <card>``, ``use <card>``, ``<card>``, ``base:<name>``, ``skip``,
    ``yes``, ``no``, ``done``, ``pass``, ``trigger <source>``, ``player:<n>``,
    ``faction:<key>``, ``choice:<word>``.
    """
    kind = OPTION_KINDS.get(opt.tag)
    return kind.text(g, opt) if kind is not None else opt.tag


def option_label(g: State, opt: Option) -> str:
    """A readable label for people."""
    kind = OPTION_KINDS.get(opt.tag)
    return kind.label(g, opt) if kind is not None else opt.tag.capitalize()
