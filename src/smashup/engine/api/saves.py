"""Saved games: the setup, the decisions, and checks that the replay reaches the same game.

A save (format ``smashup-game/2``) is::

    {"format": "smashup-game/2", "setup": {...}, "actions": ["end", ...],
     "checks": ["3f9a0c1e", ...], "fingerprint": "3f9a0c1e5b2d7a44"}

``checks[i]`` is a short hash of the position after decision ``i`` and ``fingerprint`` a
longer hash of the final position (both of ``State.fingerprint()``). Loading replays the
decisions and compares each check as it goes, so a save that was edited, or that another
version of the engine plays differently, fails at the first decision whose position
differs, naming it. The checks cost nothing while playing: they are computed when the game
is saved, by replaying it. ``smashup-game/1`` saves (no checks) still load.

Saving and loading replay games, which they start with the ``start`` they are given
(``Game.new``): this module knows a game only as ``Replayable``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, Final, Protocol, TypeVar

from ..core.requests import IllegalAction
from ..core.state import State
from ..core.validate import check_keys, clip, expect_dict, expect_list, expect_str, fail
from .setup import Setup, SetupError

FORMAT: Final = "smashup-game/2"
FORMATS: Final = ("smashup-game/1", FORMAT)
SAVE_FIELDS: Final = ("format", "setup", "actions", "checks", "fingerprint", "seats")
"""``seats`` is the terminal game's: who plays each seat (the engine ignores it)."""
CHECK_CHARS: Final = 8
FINGERPRINT_CHARS: Final = 16


class ReplayError(ValueError):
    """A saved game that cannot be loaded: malformed, or its replay does not reach the
    game that was saved."""


class Replayable(Protocol):
    """What a save needs of a game (``Game`` is one): its setup, its decisions, its position,
    and a way to make the next decision."""

    @property
    def setup(self) -> Setup: ...

    @property
    def history(self) -> list[str]: ...

    @property
    def state(self) -> State: ...

    def apply(self, action: Any) -> None: ...


G = TypeVar("G", bound=Replayable)


def position_hash(state: State, chars: int = FINGERPRINT_CHARS) -> str:
    """A short hash of the whole position, the same on every machine and run."""
    text = repr(state.fingerprint())
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:chars]


def save_data(game: Replayable, start: Callable[[Any], Replayable]) -> dict[str, Any]:
    """The save of ``game``, with a check per decision (computed by replaying it in a game
    ``start`` makes of its setup)."""
    replay = start(game.setup)
    checks = []
    for text in game.history:
        replay.apply(text)
        checks.append(position_hash(replay.state, CHECK_CHARS))
    return {"format": FORMAT, "setup": game.setup, "actions": game.history,
            "checks": checks, "fingerprint": position_hash(game.state)}


def load(data: Any, start: Callable[[Any], G]) -> G:
    """Replay a save in a game ``start`` makes of its setup; raises ReplayError naming the bad
    field or the first decision that does not fit or does not reach the saved position."""
    expect_dict(data, "save", ReplayError)
    check_keys(data, SAVE_FIELDS, "save", ReplayError)
    fmt = data.get("format", FORMATS[0])
    if fmt not in FORMATS:
        raise fail(ReplayError, "save.format", "one of " + ", ".join(FORMATS)
                   + " (an unknown saved-game format)", fmt)
    if "setup" not in data:
        raise ReplayError("save.setup: missing; a saved game needs 'setup' and 'actions'")
    actions = expect_list(data.get("actions", []), "save.actions", ReplayError,
                          "a list of decision texts")
    for i, text in enumerate(actions):
        expect_str(text, f"save.actions[{i}]", ReplayError, "a decision text")
    checks = _checks(data, fmt, len(actions))
    try:
        game = start(data["setup"])
    except SetupError as err:
        message = str(err)
        if message.startswith("scenario"):
            message = f"setup.{message}"
        raise ReplayError(f"save.{message}" if message.startswith("setup") else
                          f"save.setup: {message}") from None
    for i, text in enumerate(actions):
        try:
            game.apply(text)
        except IllegalAction as bad:
            raise ReplayError(f"save.actions[{i}]: decision {i + 1} ({clip(text)!r}) does not "
                              f"fit the game: {bad}") from None
        if checks and position_hash(game.state, CHECK_CHARS) != checks[i]:
            raise ReplayError(
                f"save.actions[{i}]: decision {i + 1} ({clip(text)!r}) leads to another position "
                "than the saved game's (the save was edited, or made by another version)")
    final = data.get("fingerprint")
    if final is not None and position_hash(game.state) != final:
        raise ReplayError("save.fingerprint: the replay does not reach the saved final position")
    return game


def _checks(data: dict[str, Any], fmt: str, decisions: int) -> list[str]:
    """The per-decision checks of a save (none in a /1 save)."""
    if fmt == FORMATS[0]:
        for field in ("checks", "fingerprint"):
            if field in data:
                raise ReplayError(f"save.{field}: a {fmt} save has no {field}")
        return []
    for field in ("checks", "fingerprint"):
        if field not in data:
            raise ReplayError(f"save.{field}: missing (a {FORMAT} save has it)")
    checks = expect_list(data["checks"], "save.checks", ReplayError,
                         "one check per decision", length=decisions)
    for i, c in enumerate(checks):
        expect_str(c, f"save.checks[{i}]", ReplayError, "a position check")
    expect_str(data["fingerprint"], "save.fingerprint", ReplayError, "a position fingerprint")
    return checks


def loads(text: Any, start: Callable[[Any], G]) -> G:
    """Replay a save given as JSON text (``load``)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise ReplayError(f"save: not UTF-8 text (byte {err.start})") from None
    if not isinstance(text, str):
        raise fail(ReplayError, "save", "JSON text", text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ReplayError(f"save: a saved game must be JSON: {err.msg} at line {err.lineno}, "
                          f"column {err.colno}") from None
    except RecursionError:
        raise ReplayError("save: the JSON is nested too deeply") from None
    except ValueError as err:  # e.g. a number with too many digits
        raise ReplayError(f"save: a saved game must be JSON: {clip(str(err))}") from None
    return load(data, start)
