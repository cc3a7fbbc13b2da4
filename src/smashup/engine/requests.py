"""Decision requests and the stable text form of each option.

An option is a small tuple (plain data). Its text form is stable for a given
position, like UCI in chess, and is what logs, saved games, scenario scripts
and tests use; its label is for people.
"""

from __future__ import annotations

from typing import Any

from .state import State

Option = tuple[Any, ...]


class Request:
    """The engine stopped: ``player`` must pick one of ``options``."""

    __slots__ = ("player", "kind", "prompt", "options", "source")

    def __init__(
        self, player: int, kind: str, prompt: str, options: list[Option], source: int | None = None
    ) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.source = source

    def __repr__(self) -> str:
        return (f"Request(p{self.player}, {self.kind!r}, {self.prompt!r}, "
                f"{len(self.options)} options)")


class IllegalAction(ValueError):
    """An action that is not legal here; the game is left untouched."""


def option_text(g: State, opt: Option) -> str:
    """The stable text form of an option.

    Forms: ``end``, ``play <card> @ <base>``, ``play <card> on <card>``,
    ``play <card>``, ``use <card>``, ``<card>``, ``base:<name>``, ``skip``,
    ``yes``, ``no``, ``done``, ``pass``, ``trigger <source>``, ``player:<n>``,
    ``faction:<key>``, ``choice:<word>``.
    """
    tag = opt[0]
    if tag == "card":
        return g.names[opt[1]]
    if tag == "base":
        return g.base_names[g.bases[opt[1]]]
    if tag == "play":
        card = g.names[opt[1]]
        if len(opt) == 2:
            return f"play {card}"
        if opt[2] == "base":
            return f"play {card} @ {g.base_names[g.bases[opt[3]]]}"
        return f"play {card} on {g.names[opt[3]]}"
    if tag == "talent":
        return f"use {g.names[opt[1]]}"
    if tag == "base_card":
        return g.base_names[opt[1]]
    if tag in ("trigger", "special"):
        return f"{tag} {opt[2]}"
    if tag == "player":
        return f"player:{opt[1]}"
    if tag == "faction":
        return f"faction:{opt[1]}"
    if tag == "choice":
        return f"choice:{opt[1]}"
    return str(tag)


def option_label(g: State, opt: Option) -> str:
    """A readable label for people."""
    tag = opt[0]

    def card(c: int) -> str:
        return g.defs[c].name

    def base(slot: int) -> str:
        return g.base_defs[g.bases[slot]].name

    if tag == "card":
        return card(opt[1])
    if tag == "base":
        return base(opt[1])
    if tag == "base_card":
        return g.base_defs[opt[1]].name
    if tag == "play":
        if len(opt) == 2:
            return f"Play {card(opt[1])}"
        if opt[2] == "base":
            return f"Play {card(opt[1])} on {base(opt[3])}"
        return f"Play {card(opt[1])} on {card(opt[3])}"
    if tag == "talent":
        return f"Use the talent of {card(opt[1])}"
    if tag == "end":
        return "End the Play Cards phase"
    if tag == "trigger":
        return f"Resolve {opt[2]}"
    if tag == "special":
        return f"Use {card(opt[1])}"
    if tag == "player":
        return f"Player {opt[1] + 1}"
    if tag in ("faction", "choice"):
        return str(opt[1]).replace("-", " ").capitalize()
    return str(tag).capitalize()
