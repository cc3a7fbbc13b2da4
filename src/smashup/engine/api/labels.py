"""The labels of one decision's options, as its deciding player reads them: no two alike.

``requests.option_label`` words each option on its own ("Play Gunfighter on Brood Hive").
Two options of one decision may read the same: two Gunfighters in hand, two Deputies in play
(one yours, one another player's), a base's ability waiting twice. ``decision_labels`` then
adds what differs, once for every kind of decision: where each card is, whose it is, its
power, whether it is in the duel; and when nothing the player can see tells them apart (two
copies of a card in one hand), which copy.

A label only ever says what its player may see: the cards an option names are shown to the
player choosing (a card found in their deck by a search included), and what is added about
them is public (where a card in play is, its power) or theirs (their hand, their deck).
Labels are built only when asked for (a table, an agent's seat view), never by the engine
itself, so they cost no speed in play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..core.requests import (
    BaseCardOption,
    BaseOption,
    Option,
    Request,
    TriggerOption,
    option_label,
    source_id,
    trigger_source,
)
from ..core.state import State
from ..facts.query import power
from ..mechanics.duels import duel_under_way
from .views import option_cards, visible_to

ORDINALS: Final = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th")


def _whose(g: State, viewer: int, p: int) -> str:
    return "your" if p == viewer else f"Player {p + 1}'s"


def _base_name(g: State, slot: int) -> str:
    return g.base_defs[g.bases[slot]].name if 0 <= slot < len(g.bases) else "a base"


def where(g: State, viewer: int, card: int) -> str | None:
    """Where ``card`` is, in words for ``viewer`` ("at Jungle Oasis", "in your discard
    pile", "under Demon Dogs")."""
    loc = g.loc[card]
    kind = loc[0]
    if kind == "minion":
        return f"at {_base_name(g, loc[1])}"
    if kind == "base_action":
        return f"on {_base_name(g, loc[1])}"
    if kind == "on":
        return f"on {_whose(g, viewer, g.controller[loc[1]])} {g.defs[loc[1]].name}"
    if kind in ("hand", "deck", "discard"):
        zone = "discard pile" if kind == "discard" else kind
        return f"in {_whose(g, viewer, loc[1])} {zone}"
    if kind == "stored":
        return f"under {g.defs[loc[1]].name}"
    if kind == "buried":
        return f"buried at {_base_name(g, loc[1])}"
    return {"stasis": "in stasis", "revealed": "revealed", "aside": "set aside",
            "duel": "face down for the duel", "box": "out of the game"}.get(kind)


def whose(g: State, viewer: int, card: int) -> str | None:
    """Whose ``card`` is: its controller's in play, else its owner's ("yours", "Player 2's")."""
    p = g.controller[card] if g.in_play(card) else g.owner[card]
    return "yours" if p == viewer else f"Player {p + 1}'s"


def power_now(g: State, viewer: int, card: int) -> str | None:
    """A minion in play's power now ("power 3")."""
    return f"power {power(g, card)}" if g.is_minion_in_play(card) else None


def in_duel(g: State, viewer: int, card: int) -> str | None:
    d = duel_under_way(g)
    return "in the duel" if d is not None and card in d[:2] else None


Facet = Callable[[State, int, int], "str | None"]
FACETS: Final[tuple[Facet, ...]] = (where, whose, power_now, in_duel)
"""What may tell two cards of one name apart, in the order it is tried."""


def named_cards(g: State, opt: Option) -> tuple[int, ...]:
    """The cards an option names, the source of a waiting ability included."""
    if isinstance(opt, TriggerOption):
        kind, what = trigger_source(g, opt)
        return (int(what),) if kind == "card" else ()
    return option_cards(opt)


def decision_labels(g: State, req: Request) -> list[str]:
    """The label of each option of ``req``, no two alike (see the module)."""
    labels = [option_label(g, o) for o in req.options]
    if len(set(labels)) == len(labels):
        return labels
    return distinguish(g, req.player, req.options, labels)


def _said(facet: Facet, g: State, viewer: int, opt: Option, k: int, card: int) -> str | None:
    """What ``facet`` says of the ``k``th card of ``opt``: where the card played comes
    from ("from your discard pile"), where its target is ("at Tortuga")."""
    said = facet(g, viewer, card)
    if said is not None and facet is where and opt.tag == "play" and k == 0:
        if said.startswith("in "):
            return "from " + said.removeprefix("in ")
        if said.startswith("under "):
            return "from " + said
    return said


def _groups(keys: Sequence[str]) -> list[list[int]]:
    """The indices of ``keys`` that share a key with another, grouped."""
    found: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        found.setdefault(key, []).append(i)
    return [group for group in found.values() if len(group) > 1]


def distinguish(g: State, viewer: int, options: Sequence[Option], labels: list[str]
                ) -> list[str]:
    """``labels`` with what tells alike options apart added in brackets."""
    extras: list[list[str]] = [[] for _ in labels]
    cards = [named_cards(g, o) for o in options]

    def keys() -> list[str]:
        return [f"{label} ({', '.join(extra)})" if extra else label
                for label, extra in zip(labels, extras, strict=True)]

    for facet in FACETS:
        groups = _groups(keys())
        if not groups:
            break
        for group in groups:
            width = min(len(cards[i]) for i in group)
            for k in range(width):  # the played card, then its target
                said = {i: _said(facet, g, viewer, options[i], k, cards[i][k]) for i in group}
                if len(set(said.values())) > 1:
                    for i in group:
                        if said[i] is not None:
                            extras[i].append(str(said[i]))
    for group in _groups(keys()):
        # nothing the player sees tells them apart: two copies of a card in one hand, or one
        # source waiting twice
        same_card = len({cards[i] for i in group}) == 1
        for n, i in enumerate(group):
            nth = ORDINALS[n] if n < len(ORDINALS) else f"{n + 1}th"
            extras[i].append(f"{nth} time" if same_card else f"{nth} copy")
    return keys()


def decision_cards(g: State, req: Request, viewer: int) -> list[str]:
    """The stable names (``cowboys/gunfighter#2``, ``base:tortuga``) of the cards and bases
    ``req`` names that ``viewer`` may read about, so that a table can show their text: the
    card or base that asks, the cards its prompt names, and, for the player deciding, every
    card and base an option names (a card offered from a deck, a discard pile or another
    player's hand included). Another seat is told only what it can see. In sorted order:
    options found in a deck come in deck order, which must not show."""
    found: list[str] = []
    source = source_id(g, req.source, viewer)
    if source is not None:
        found.append(source)
    found += [g.names[c] for c in req.about if viewer == req.player or visible_to(g, c, viewer)]
    if viewer == req.player:
        found += prompt_cards(g, req.prompt, viewer)
        for opt in req.options:
            cards = named_cards(g, opt)
            if opt.tag == "trigger":  # (its card may have left play since: if it is hidden now)
                cards = tuple(c for c in cards if visible_to(g, c, viewer))
            found += [g.names[c] for c in cards]
            if isinstance(opt, BaseOption) and 0 <= opt.slot < len(g.bases):
                found.append(g.base_names[g.bases[opt.slot]])
            elif isinstance(opt, BaseCardOption):
                found.append(g.base_names[opt.base])
    return sorted(set(found))


_BY_NAME: dict[int, tuple[object, list[tuple[str, list[int]]]]] = {}


def _cards_by_name(g: State) -> list[tuple[str, list[int]]]:
    """The game's card names, longest first, each with its cards (remembered per game: the
    names of a game never change, and its copies share them)."""
    hit = _BY_NAME.get(id(g.names))
    if hit is not None and hit[0] is g.names:
        return hit[1]
    by: dict[str, list[int]] = {}
    for c, d in enumerate(g.defs):
        by.setdefault(d.name, []).append(c)
    found = sorted(by.items(), key=lambda kv: -len(kv[0]))
    if len(_BY_NAME) > 64:  # games come and go: keep the latest few
        _BY_NAME.clear()
    _BY_NAME[id(g.names)] = (g.names, found)
    return found


def prompt_cards(g: State, prompt: str, viewer: int) -> list[str]:
    """The cards a prompt for ``viewer`` names by their printed name ("Which minion does
    Pinkerton duel?"): of each name, one copy the viewer sees (any copy reads the same; one
    they cannot see is not theirs to be pointed at, and ``Request.about`` names it)."""
    found: list[str] = []
    for name, cards in _cards_by_name(g):
        if name in prompt:
            prompt = prompt.replace(name, "\0")  # "Ninja Acolyte" is not also "Ninja"
            seen = next((c for c in cards if visible_to(g, c, viewer)), None)
            if seen is not None:
                found.append(g.names[seen])
    return found
