"""Checking plain data (setups, scenarios, saves) one field at a time.

Each check names the path of the field it looks at, so a bad file is reported as
``scenario.bases[0]: expected a base name, got 5``. The checks raise the error class
they are given (``SetupError`` for setups and scenarios, ``ReplayError`` for saves) and
never recurse into the value, so a deeply nested or huge value is described, not printed.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final

SHOWN_CHARS: Final = 60
"""How much of a bad text value an error message quotes (the rest is cut)."""


def clip(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out.

    >>> clip("x" * 100, 10)
    'xxxxxxxxxx... (90 more characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


def describe(value: Any) -> str:
    """A short description of any JSON value, for error messages.

    >>> describe(5), describe("abc"), describe([1, [2]]), describe({"a": 1}), describe(True)
    ('5', "'abc'", 'a list', 'an object', 'true')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return repr(clip(value))
    if isinstance(value, int):
        text = str(value) if abs(value) < 10**SHOWN_CHARS else "a huge number"
        return text
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "an empty list" if not value else "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def fail(err: type[Exception], path: str, expected: str, value: Any) -> Exception:
    """The error for ``path`` holding ``value`` where ``expected`` was wanted."""
    return err(f"{path}: expected {expected}, got {describe(value)}")


def expect_int(
    value: Any, path: str, err: type[Exception], low: int | None = None, high: int | None = None,
    what: str = "a whole number",
) -> int:
    """An integer (never a bool or a float) within ``low..high`` (each bound optional)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(err, path, what, value)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            bounds = f"{low} or more"
        elif low is None:
            bounds = f"{high} or less"
        else:
            bounds = f"from {low} to {high}"
        raise fail(err, path, f"{what} {bounds}", value)
    return value


SEED_RANGE: Final = (-(1 << 63), (1 << 64) - 1)
"""A seed is a 64-bit whole number, signed or not (the RNG keeps 64 bits of it: engine/core/rng.py);
anything wider is a mistake, not a seed."""


def expect_seed(value: Any, path: str, err: type[Exception]) -> int:
    return expect_int(value, path, err, *SEED_RANGE, what="a whole-number seed")


def expect_str(value: Any, path: str, err: type[Exception], what: str = "a text") -> str:
    if not isinstance(value, str):
        raise fail(err, path, what, value)
    return value


def expect_list(
    value: Any, path: str, err: type[Exception], what: str = "a list", length: int | None = None
) -> list[Any]:
    """A list (of ``length`` items when given)."""
    if not isinstance(value, list):
        raise fail(err, path, what, value)
    if length is not None and len(value) != length:
        raise err(f"{path}: expected {length} items ({what}), got {len(value)}")
    return value


def expect_dict(
    value: Any, path: str, err: type[Exception], what: str = "an object"
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise fail(err, path, what, value)
    return value


def check_keys(data: dict[str, Any], allowed: Collection[str], path: str,
               err: type[Exception]) -> None:
    """Refuse keys outside ``allowed`` (a misspelt field would otherwise be ignored)."""
    for key in data:
        if key not in allowed:
            where = f"{path}." if path else ""
            raise err(f"{where}{clip(str(key))}: unknown field; known fields: "
                      + ", ".join(sorted(allowed)))


def expect_choice(value: Any, choices: Collection[str], path: str, err: type[Exception]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise fail(err, path, "one of " + ", ".join(map(repr, choices)), value)
    return value
