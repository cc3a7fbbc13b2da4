"""Decision requests and the stable text form of each option.

An option is a small tuple (plain data). Its text form is stable for a given
position, like UCI in chess, and is what logs, saved games, scenario scripts
and tests use; its label is for people.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from .defs import faction_name
from .rule_steps import RULES
from .state import HIDDEN_ZONES, State

Option = tuple[Any, ...]
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

    def __init__(
        self, player: int, kind: str, prompt: str, options: list[Option],
        source: SourceRef = None, about: tuple[int, ...] = (),
    ) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
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
    """How an option of one kind (its tag, ``opt[0]``) reads: ``text`` is its stable text
    form (what ``Game.apply`` accepts and saves record), ``label`` the words for people."""

    text: Callable[[State, Option], str]
    label: Callable[[State, Option], str]


def _card(g: State, c: int) -> str:
    return g.defs[c].name


def _base(g: State, slot: int) -> str:
    return g.base_defs[g.bases[slot]].name


def _play_text(g: State, opt: Option) -> str:
    card = g.names[opt[1]]
    if len(opt) == 2:
        return f"play {card}"
    if opt[2] == "base":
        return f"play {card} @ {g.base_names[g.bases[opt[3]]]}"
    return f"play {card} on {g.names[opt[3]]}"


def _play_label(g: State, opt: Option) -> str:
    if len(opt) == 2:
        return f"Play {_card(g, opt[1])}"
    target = _base(g, opt[3]) if opt[2] == "base" else _card(g, opt[3])
    return f"Play {_card(g, opt[1])} on {target}"


def _worded(g: State, opt: Option) -> str:
    return str(opt[1]).replace("-", " ").capitalize()


def _faction(g: State, opt: Option) -> str:
    return faction_name(str(opt[1]))


TRIGGER_AGAIN: Final = re.compile(r"/\d+$")
"""The mark a waiting ability's text gets when its source waits more than once
(``base:saloon/2``, ``cowboys/pinkerton#1/2``: ``pending._unique``)."""


def trigger_source(g: State, opt: Option) -> tuple[str, Any]:
    """What a ``trigger`` option resolves, from its text: ``("card", card id)``, ``("base",
    base id)`` or ``("rule", the words for it)``."""
    text = TRIGGER_AGAIN.sub("", str(opt[2]))
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


def _trigger_label(g: State, opt: Option) -> str:
    kind, what = trigger_source(g, opt)
    if kind == "rule":
        return str(what)
    name = g.base_defs[what].name if kind == "base" else g.defs[what].name
    return f"Resolve {name}"


OPTION_KINDS: Final[dict[str, OptionKind]] = {
    "card": OptionKind(lambda g, o: g.names[o[1]], lambda g, o: _card(g, o[1])),
    "base": OptionKind(lambda g, o: g.base_names[g.bases[o[1]]], lambda g, o: _base(g, o[1])),
    "base_card": OptionKind(lambda g, o: g.base_names[o[1]],
                            lambda g, o: g.base_defs[o[1]].name),
    "play": OptionKind(_play_text, _play_label),
    "talent": OptionKind(lambda g, o: f"use {g.names[o[1]]}",
                         lambda g, o: f"Use the talent of {_card(g, o[1])}"),
    "end": OptionKind(lambda g, o: "end", lambda g, o: "End the Play Cards phase"),
    "trigger": OptionKind(lambda g, o: f"trigger {o[2]}", _trigger_label),
    "special": OptionKind(lambda g, o: f"special {o[2]}", lambda g, o: f"Use {_card(g, o[1])}"),
    "player": OptionKind(lambda g, o: f"player:{o[1]}", lambda g, o: f"Player {o[1] + 1}"),
    "faction": OptionKind(lambda g, o: f"faction:{o[1]}", _faction),
    "choice": OptionKind(lambda g, o: f"choice:{o[1]}", _worded),
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
    kind = OPTION_KINDS.get(opt[0])
    return kind.text(g, opt) if kind is not None else str(opt[0])


def option_label(g: State, opt: Option) -> str:
    """A readable label for people."""
    kind = OPTION_KINDS.get(opt[0])
    return kind.label(g, opt) if kind is not None else str(opt[0]).capitalize()
