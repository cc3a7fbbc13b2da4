"""The Decision panel's list: options grouped for a two-step pick, each with a stable key.

Playing a card that may go to several places is picked in two steps: first the card
("Play Scout…"), then where it goes (the base, or the minion for an action played on one).
Options that name no card keep one key whatever else is offered (``e`` ends the phase every
turn, ``p`` passes, ``y``/``n`` answer yes or no); the others are numbered ``1``–``9``, ``0``,
then letters the table does not use. Nothing here reads the game: only the option texts and
labels the seat is shown, and its observation.

>>> texts = ["play aliens/scout#1 @ base:tortuga", "play aliens/scout#1 @ base:the-homeworld",
...          "play aliens/invader#1 @ base:tortuga", "end"]
>>> labels = ["Play Scout on Tortuga", "Play Scout on The Homeworld",
...           "Play Invader on Tortuga", "End the Play Cards phase"]
>>> [(e.key, e.label) for e in top_entries(texts, labels, range(4))]
[('1', 'Play Scout on…'), ('2', 'Play Invader on Tortuga'), ('e', 'End the Play Cards phase')]
>>> scout = group_entries(texts, labels, range(4), "play aliens/scout#1")
>>> [(e.key, e.label, e.index) for e in scout]
[('1', 'Tortuga', 0), ('2', 'The Homeworld', 1), ('escape', '← Back to every option', None)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

FIXED_KEYS: dict[str, str] = {"end": "e", "pass": "p", "skip": "k", "done": "o",
                              "yes": "y", "no": "n"}
"""Options of these kinds (the first word of their text) always have the same key."""
TABLE_KEYS = "cdqs"
"""Keys of the table itself (cards in view, discard piles, quit, save): never an option's."""
NUMBER_KEYS = "".join(k for k in "1234567890abfghijlmrtuvwxz"
                      if k not in TABLE_KEYS and k not in FIXED_KEYS.values())
"""The keys of the other options, in the order they are listed."""
BACK_KEY = "escape"
"""In the second step of a pick, back to every option."""
OPTION_KEYS = NUMBER_KEYS + "".join(FIXED_KEYS.values())
"""Every key that may pick an option (the table binds them all)."""


@dataclass(frozen=True)
class Entry:
    """One line of the Decision panel: an option (``index``, the engine's), a card whose
    options are picked in a second step (``group``), or the way back (neither)."""

    key: str | None
    label: str
    index: int | None = None
    group: str | None = None
    target: str = ""  # the card or base an entry of the second step names


def group_of(text: str) -> str | None:
    """``play aliens/scout#1`` for ``play aliens/scout#1 @ base:tortuga`` (and ``play X on
    Y``): the part shared by the ways to play one card; None for any other option."""
    words = text.split(" ")
    if len(words) == 4 and words[0] == "play" and words[2] in ("@", "on"):
        return " ".join(words[:2])
    return None


def kind_of(text: str) -> str:
    """The kind of option: its text's first word (``end``, ``pass``, ``skip:…`` is ``skip``)."""
    return text.split(" ", 1)[0].split(":", 1)[0]


def _keyed(items: list[tuple[str, str, int | None, str | None, str]]) -> list[Entry]:
    """Entries with keys: the fixed key of their kind if still free, else the next number."""
    used: set[str] = set()
    wanted: list[str | None] = []
    for kind, *_ in items:
        key = FIXED_KEYS.get(kind)
        if key is not None and key not in used:
            used.add(key)
            wanted.append(key)
        else:
            wanted.append(None)
    numbers = iter(NUMBER_KEYS)
    entries = []
    for (_, label, index, group, target), key in zip(items, wanted, strict=True):
        entries.append(Entry(key if key is not None else next(numbers, None), label, index,
                             group, target))
    return entries


def top_entries(texts: list[str], labels: list[str], listed: Iterable[int]) -> list[Entry]:
    """The first step: each option, except that the ways to play one card to several places
    are one entry ("Play Scout…"), listed where its first option is."""
    counts: dict[str, int] = {}
    listed = list(listed)
    for i in listed:
        group = group_of(texts[i])
        if group is not None:
            counts[group] = counts.get(group, 0) + 1
    items: list[tuple[str, str, int | None, str | None, str]] = []
    seen: set[str] = set()
    for i in listed:
        group = group_of(texts[i])
        if group is not None and counts[group] > 1:
            if group not in seen:
                seen.add(group)
                items.append(("play", f"{_common_head(labels, texts, group)}…", None, group, ""))
            continue
        items.append((kind_of(texts[i]), labels[i], i, None, ""))
    return _keyed(items)


def group_entries(texts: list[str], labels: list[str], listed: Iterable[int],
                  group: str) -> list[Entry]:
    """The second step: where the card of ``group`` may go, then the way back."""
    items: list[tuple[str, str, int | None, str | None, str]] = []
    members = [i for i in listed if group_of(texts[i]) == group]
    head = _common_head(labels, texts, group)
    for i in members:
        label = labels[i]
        rest = label[len(head):].strip() if label.startswith(head) else label
        items.append(("target", rest or label, i, None, texts[i].split(" ")[-1]))
    entries = _keyed(items)
    return [*entries, Entry(BACK_KEY, "← Back to every option")]


def _common_head(labels: list[str], texts: list[str], group: str) -> str:
    """What the labels of one card's options share, up to the word that names the place
    (``Play Scout on``), so that the second step lists only the places."""
    members = [labels[i] for i, t in enumerate(texts) if group_of(t) == group]
    words = [label.split(" ") for label in members]
    shared: list[str] = []
    for column in zip(*words, strict=False):
        if any(w != column[0] for w in column):
            break
        shared.append(column[0])
    # stop after the last linking word, never inside a place's name ("on The …")
    for cut in range(len(shared), 0, -1):
        if shared[cut - 1] in ("on", "at", "to", "onto", "@", "→"):
            return " ".join(shared[:cut])
    return " ".join(shared) if len(shared) < min(len(w) for w in words) else members[0]
