"""The fixed action space: every option of every decision as one integer id.

The engine's options are small tuples that name card *instances* and base *slots*
(``("play", 63, "base", 0)``); their meaning is local to one position. Learning libraries
want one discrete space whose ids mean the same thing in every position and every game.
This module maps each option to such an id, relative to the player who decides:

- a card **in play** is named by where it lies: the minion at position ``i`` of base slot
  ``s``, the action at position ``i`` on base slot ``s``, or the action at position ``j``
  on that minion;
- a card **anywhere else** (a hand, a deck, a discard pile, stasis, set aside...) is named
  by its *definition* (its place in ``CARD_KEYS``, every card of every faction in a stable
  order) and the kind of zone it is in, relative to the decider (own hand, own deck, own
  discard pile, another player's hand, deck or discard pile, any other zone);
- a player is named relative to the decider (0: the decider, 1: the next seat...);
- a base in play by its slot, a base card by its definition (``BASE_KEYS``).

The layout (blocks and their sizes) is ``LAYOUT``; ``docs/rl.md`` explains each block.

Two options of one decision may get the same id: two copies of one definition in one zone
(two Invaders in your hand: the same card for every purpose), or a position past the caps
below. The id then stands for the first of them in the engine's order (``decode``), and
``collisions`` says whether the options sharing an id were interchangeable (same
definition, zone, owner and controller) or not. ``python -m smashup.rl.check`` plays random
games and counts both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..engine.core.defs import REGISTRY
from ..engine.core.requests import (
    BaseCardOption,
    BaseOption,
    BaseTalentOption,
    CardOption,
    ChoiceOption,
    FactionOption,
    Option,
    Play,
    PlayAtOption,
    PlayerOption,
    PlayOnOption,
    PlayOption,
    Request,
    SpecialOption,
    TalentOption,
    TriggerOption,
    WordOption,
)
from ..engine.core.state import State

MAX_PLAYERS: Final = 4
MAX_SLOTS: Final = 8
"""Base slots told apart (5 bases with 4 players, more with cards that add bases)."""
MAX_MINIONS: Final = 12
"""Minion positions told apart at one base (random games reach 11)."""
MAX_BASE_ACTIONS: Final = 8
MAX_ATTACHED: Final = 4
MAX_BURIED: Final = 16
"""Face-down buried cards told apart beside one base."""
MAX_TRIGGERS: Final = 16
"""Waiting abilities told apart in one decision (random games reach 15)."""
MAX_OTHER: Final = 16
"""Options the encoding has no name for (an unknown word or faction), by their rank."""


def _stable_keys() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Card, base and faction keys of the implemented sets (test-only factions left out, so
    that importing the test cards does not move any id)."""
    cards = sorted(k for k, d in REGISTRY.cards.items() if not d.faction.lower().startswith("test")
                   and not k.startswith("test"))
    bases = sorted(k for k in REGISTRY.bases if not k.startswith("test"))
    factions = sorted(k for k in REGISTRY.factions if not k.startswith("test"))
    return tuple(cards), tuple(bases), tuple(factions)


CARD_KEYS, BASE_KEYS, FACTION_KEYS = _stable_keys()
N_CARDS: Final = len(CARD_KEYS) + 1
"""Card definitions, plus one for a card outside the implemented sets (a test card)."""
N_BASES: Final = len(BASE_KEYS) + 1
CARD_INDEX: Final = {k: i for i, k in enumerate(CARD_KEYS)}
BASE_INDEX: Final = {k: i for i, k in enumerate(BASE_KEYS)}
FACTION_INDEX: Final = {k: i for i, k in enumerate(FACTION_KEYS)}

WORDS: Final = ("end", "pass", "skip", "yes", "no", "done")
CHOICE_WORDS: Final = (
    "action", "add", "add-counter", "bottom", "bury", "cannot-pay", "counters", "destroy",
    "discard", "draw", "each", "hand", "keep", "leave", "look", "minion", "no-actions",
    "no-moves", "one", "play", "power", "power-counters", "redraw", "remove", "reveal",
    "stasis-counters", "top", "transfer", "uncover", "minions", "actions",
    *(f"power-{n}" for n in range(16)), *(str(n) for n in range(1, 9)),
)
"""The words of ``("choice", word)`` options the cards use (a power named, a number of
copies...); a card named by its key's last part ("king-rex": Annoying Alien) is in the
``choice_name`` block, any other word an "other" option (by rank)."""
CHOICE_INDEX: Final = {w: i for i, w in enumerate(CHOICE_WORDS)}
CARD_NAMES: Final = tuple(sorted({k.rsplit("/", 1)[-1] for k in CARD_KEYS}))
"""Card names as choices name them (the last part of a card key), in a stable order."""
CARD_NAME_INDEX: Final = {w: i for i, w in enumerate(CARD_NAMES)}

ZONE_CLASSES: Final = ("own hand", "own deck", "own discard", "other hand", "other deck",
                       "other discard", "other zone")
_ZONE_CLASS: Final = {"hand": 0, "deck": 1, "discard": 2}

N_MINION_REFS: Final = MAX_SLOTS * MAX_MINIONS
N_IN_PLAY_REFS: Final = (N_MINION_REFS + MAX_SLOTS * MAX_BASE_ACTIONS
                         + N_MINION_REFS * MAX_ATTACHED)
_BURIED_START: Final = N_IN_PLAY_REFS
_ELSEWHERE_START: Final = _BURIED_START + MAX_SLOTS * MAX_BURIED
N_CARD_REFS: Final = _ELSEWHERE_START + len(ZONE_CLASSES) * N_CARDS
"""A card anywhere: minions in play, actions on bases, actions on minions, buried cards
beside each base (by position), then (zone class, definition) for cards elsewhere."""

PLAY_ON_MINION_KEYS: Final = tuple(k for k in CARD_KEYS if REGISTRY.cards[k].play_on == "minion")
"""The cards printed to be played on a minion; any other card played on a minion shares one
more row ("another card")."""
PLAY_ON_MINION_INDEX: Final = {k: i for i, k in enumerate(PLAY_ON_MINION_KEYS)}
N_PLAY_SOURCES: Final = 3
PLAY_SOURCES: Final = ("hand", "discard", "elsewhere")
"""Where a played card comes from: the decider's hand, the decider's discard pile, anywhere
else (deck, stasis, set aside, a duel...)."""


@dataclass(frozen=True)
class Block:
    """A run of ids: ``name``, its first id and its size, and what one id there means."""

    name: str
    start: int
    size: int
    meaning: str


def _layout() -> tuple[Block, ...]:
    sizes = [
        ("word", len(WORDS), "end, pass, skip, yes, no, done"),
        ("choice", len(CHOICE_WORDS), "a named choice (CHOICE_WORDS)"),
        ("choice_name", len(CARD_NAMES), "a card named in a choice (CARD_NAMES)"),
        ("other", MAX_OTHER, "the k-th option of the decision the encoding has no name for"),
        ("player", MAX_PLAYERS, "a player, relative to the decider"),
        ("faction", len(FACTION_KEYS), "a faction (FACTION_KEYS)"),
        ("base", MAX_SLOTS, "the base in slot s"),
        ("base_talent", MAX_SLOTS, "the talent of the base in slot s"),
        ("base_card", N_BASES, "a base card by definition (BASE_KEYS, then 'another')"),
        ("trigger", MAX_TRIGGERS, "the k-th waiting ability offered (queue order)"),
        ("card", N_CARD_REFS, "choose a card (card reference)"),
        ("talent", N_IN_PLAY_REFS, "use the talent of a card in play (in-play reference)"),
        ("special", N_CARD_REFS, "use the Special of a card (card reference)"),
        ("play", N_CARDS * N_PLAY_SOURCES * (1 + MAX_SLOTS),
         "play definition d from the hand, the discard pile or elsewhere, with no target "
         "or on base slot s"),
        ("play_on_minion", (len(PLAY_ON_MINION_KEYS) + 1) * N_PLAY_SOURCES * N_MINION_REFS,
         "play a card (PLAY_ON_MINION_KEYS, then 'another') from a PLAY_SOURCES place on the "
         "minion at (s, i)"),
    ]
    blocks = []
    start = 0
    for name, size, meaning in sizes:
        blocks.append(Block(name, start, size, meaning))
        start += size
    return tuple(blocks)


LAYOUT: Final = _layout()
BLOCKS: Final = {b.name: b for b in LAYOUT}
N_ACTIONS: Final = LAYOUT[-1].start + LAYOUT[-1].size
"""The size of the action space, the same for every game."""

_WORD = BLOCKS["word"].start
_CHOICE = BLOCKS["choice"].start
_OTHER = BLOCKS["other"].start
_CHOICE_NAME = BLOCKS["choice_name"].start
_PLAYER = BLOCKS["player"].start
_FACTION = BLOCKS["faction"].start
_BASE = BLOCKS["base"].start
_BASE_TALENT = BLOCKS["base_talent"].start
_BASE_CARD = BLOCKS["base_card"].start
_TRIGGER = BLOCKS["trigger"].start
_CARD = BLOCKS["card"].start
_TALENT = BLOCKS["talent"].start
_SPECIAL = BLOCKS["special"].start
_PLAY = BLOCKS["play"].start
_PLAY_MINION = BLOCKS["play_on_minion"].start
_WORD_INDEX: Final = {w: i for i, w in enumerate(WORDS)}
_ATTACHED_START: Final = N_MINION_REFS + MAX_SLOTS * MAX_BASE_ACTIONS


def def_indices(g: State) -> list[int]:
    """Every card instance's definition index (``card_def_index``), computed once per game:
    ``g.defs`` is shared by every copy of a game's state."""
    cached = _DEF_INDICES.get(id(g.defs))
    if cached is not None and cached[0] is g.defs:
        return cached[1]
    if len(_DEF_INDICES) > 64:
        _DEF_INDICES.clear()
    table = [CARD_INDEX.get(d.key, N_CARDS - 1) for d in g.defs]
    _DEF_INDICES[id(g.defs)] = (g.defs, table)
    return table


_DEF_INDICES: dict[int, tuple[object, list[int]]] = {}


def card_def_index(g: State, card: int) -> int:
    """The definition's place in ``CARD_KEYS`` (``N_CARDS - 1`` for a card outside them)."""
    return def_indices(g)[card]


def _slot(s: int) -> int:
    return s if s < MAX_SLOTS else MAX_SLOTS - 1


def minion_ref(g: State, minion: int) -> int:
    """The position reference (0..N_MINION_REFS-1) of a minion in play."""
    s = int(g.loc[minion][1])
    i = g.minions[s].index(minion)
    return _slot(s) * MAX_MINIONS + (i if i < MAX_MINIONS else MAX_MINIONS - 1)


def card_ref(g: State, card: int, player: int) -> int:
    """A card as the decider ``player`` names it (0..N_CARD_REFS-1; see the module doc)."""
    loc = g.loc[card]
    kind = loc[0]
    if kind == "minion":
        return minion_ref(g, card)
    if kind == "base_action":
        s = int(loc[1])
        i = g.base_actions[s].index(card)
        return N_MINION_REFS + _slot(s) * MAX_BASE_ACTIONS + min(i, MAX_BASE_ACTIONS - 1)
    if kind == "on" and g.loc[loc[1]][0] == "minion":
        host = loc[1]
        j = g.attached[host].index(card)
        return (_ATTACHED_START + minion_ref(g, host) * MAX_ATTACHED
                + min(j, MAX_ATTACHED - 1))
    if kind == "buried":
        s = int(loc[1])
        i = g.zones[loc].index(card)
        return _BURIED_START + _slot(s) * MAX_BURIED + min(i, MAX_BURIED - 1)
    zone = _ZONE_CLASS.get(kind)
    if zone is None:
        zone = 6
    elif loc[1] != player:
        zone += 3
    return _ELSEWHERE_START + zone * N_CARDS + card_def_index(g, card)


def _play_id(g: State, opt: Play, didx: list[int], in_hand: tuple[str, int],
             in_discard: tuple[str, int]) -> int:
    card = opt.card
    loc = g.loc[card]
    source = 0 if loc == in_hand else 1 if loc == in_discard else 2
    if isinstance(opt, PlayAtOption):
        s = opt.slot
        target = 1 + (s if s < MAX_SLOTS else MAX_SLOTS - 1)
    elif isinstance(opt, PlayOnOption):
        row = PLAY_ON_MINION_INDEX.get(g.defs[card].key, len(PLAY_ON_MINION_KEYS))
        return (_PLAY_MINION + (row * N_PLAY_SOURCES + source) * N_MINION_REFS
                + minion_ref(g, opt.target))
    else:
        target = 0
    return _PLAY + (didx[card] * N_PLAY_SOURCES + source) * (1 + MAX_SLOTS) + target


def encode_options(g: State, req: Request) -> list[int]:
    """The id of each option of ``req``, in order (ids may repeat: see ``collisions``)."""
    p = req.player
    n = g.nplayers
    didx = def_indices(g)
    in_hand = ("hand", p)
    in_discard = ("discard", p)
    ids: list[int] = []
    triggers = 0
    others = 0
    loc = g.loc
    for opt in req.options:
        a = -1
        if isinstance(opt, (PlayAtOption, PlayOption)):  # (_play_id, inlined: the common case)
            card = opt.card
            where = loc[card]
            a = _PLAY + (didx[card] * N_PLAY_SOURCES + (
                0 if where == in_hand else 1 if where == in_discard else 2)) * (1 + MAX_SLOTS)
            if isinstance(opt, PlayAtOption):
                s = opt.slot
                a += 1 + (s if s < MAX_SLOTS else MAX_SLOTS - 1)
        elif isinstance(opt, PlayOnOption):
            a = _play_id(g, opt, didx, in_hand, in_discard)
        elif isinstance(opt, CardOption):
            a = _CARD + card_ref(g, opt.card, p)
        elif isinstance(opt, BaseOption):
            a = _BASE + _slot(opt.slot)
        elif isinstance(opt, TalentOption):
            ref = card_ref(g, opt.card, p)
            if ref < N_IN_PLAY_REFS:
                a = _TALENT + ref
        elif isinstance(opt, TriggerOption):
            a = _TRIGGER + min(triggers, MAX_TRIGGERS - 1)
            triggers += 1
        elif isinstance(opt, SpecialOption):
            a = _SPECIAL + card_ref(g, opt.card, p)
        elif isinstance(opt, PlayerOption):
            a = _PLAYER + (opt.player - p) % n
        elif isinstance(opt, ChoiceOption):
            w = CHOICE_INDEX.get(opt.word)
            if w is not None:
                a = _CHOICE + w
            else:
                w = CARD_NAME_INDEX.get(opt.word)
                if w is not None:
                    a = _CHOICE_NAME + w
        elif isinstance(opt, BaseTalentOption):
            a = _BASE_TALENT + _slot(opt.slot)
        elif isinstance(opt, BaseCardOption):
            a = _BASE_CARD + BASE_INDEX.get(g.base_defs[opt.base].key, N_BASES - 1)
        elif isinstance(opt, FactionOption):
            f = FACTION_INDEX.get(opt.key)
            if f is not None:
                a = _FACTION + f
        elif isinstance(opt, WordOption):
            w = _WORD_INDEX.get(opt.tag)
            if w is not None:
                a = _WORD + w
        if a < 0:
            a = _OTHER + min(others, MAX_OTHER - 1)
            others += 1
        ids.append(a)
    return ids


def index_of_ids(ids: list[int]) -> dict[int, int]:
    """id -> the index of the first option with that id."""
    first: dict[int, int] = {}
    for i, a in enumerate(ids):
        if a not in first:
            first[a] = i
    return first


def _fingerprint(g: State, opt: Option) -> tuple[object, ...]:
    """What makes two options the same move for every purpose: the same tag and target, and
    a card of the same definition, zone, owner and controller. (The name a Special or a
    waiting ability carries is its card's: left out.)"""
    def card(x: int) -> tuple[object, ...]:
        # (a card out of play keeps the controller it last had: not a difference)
        return (g.defs[x].key, g.loc[x], g.owner[x], g.controller[x] if g.in_play(x) else None)

    if isinstance(opt, PlayOnOption):
        return (opt.tag, card(opt.card), opt.onto, card(opt.target))
    if isinstance(opt, PlayAtOption):
        return (opt.tag, card(opt.card), opt.onto, opt.slot)
    if isinstance(opt, (CardOption, PlayOption, TalentOption, SpecialOption)):
        return (opt.tag, card(opt.card))
    if isinstance(opt, TriggerOption):
        return (opt.tag, opt.nth)
    return tuple(opt)  # (a base, a player, a word...: its fields as they are)


def collisions(g: State, req: Request, ids: list[int]) -> tuple[int, int]:
    """How many options share an id with an earlier one: (interchangeable with it, not)."""
    first = index_of_ids(ids)
    same = differ = 0
    for i, a in enumerate(ids):
        j = first[a]
        if j != i:
            if _fingerprint(g, req.options[i]) == _fingerprint(g, req.options[j]):
                same += 1
            else:
                differ += 1
    return same, differ


def describe_action(action: int) -> str:
    """The meaning of an id in words (for docs, logs and debugging)."""
    if not 0 <= action < N_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{N_ACTIONS - 1}")
    block = next(b for b in reversed(LAYOUT) if b.start <= action)
    k = action - block.start
    name = block.name
    if name == "word":
        return WORDS[k]
    if name == "choice":
        return f"choice:{CHOICE_WORDS[k]}"
    if name == "choice_name":
        return f"choice:{CARD_NAMES[k]}"
    if name == "faction":
        return f"faction:{FACTION_KEYS[k]}"
    if name == "base_card":
        return f"base card {BASE_KEYS[k] if k < len(BASE_KEYS) else 'another'}"
    if name in ("card", "special"):
        return f"{name} {_describe_ref(k)}"
    if name == "talent":
        return f"talent {_describe_ref(k)}"
    if name == "play":
        d, rest = divmod(k, N_PLAY_SOURCES * (1 + MAX_SLOTS))
        source, target = divmod(rest, 1 + MAX_SLOTS)
        where = "" if target == 0 else f" on base slot {target - 1}"
        return f"play {_card_key(d)} from {PLAY_SOURCES[source]}{where}"
    if name == "play_on_minion":
        row, ref = divmod(k, N_MINION_REFS)
        row, source = divmod(row, N_PLAY_SOURCES)
        key = PLAY_ON_MINION_KEYS[row] if row < len(PLAY_ON_MINION_KEYS) else "another card"
        return f"play {key} from {PLAY_SOURCES[source]} on {_describe_ref(ref)}"
    return f"{name} {k}"


def _card_key(d: int) -> str:
    return CARD_KEYS[d] if d < len(CARD_KEYS) else "another card"


def _describe_ref(ref: int) -> str:
    if ref < N_MINION_REFS:
        s, i = divmod(ref, MAX_MINIONS)
        return f"minion {i} at base slot {s}"
    if ref < _ATTACHED_START:
        s, i = divmod(ref - N_MINION_REFS, MAX_BASE_ACTIONS)
        return f"action {i} on base slot {s}"
    if ref < N_IN_PLAY_REFS:
        m, j = divmod(ref - _ATTACHED_START, MAX_ATTACHED)
        s, i = divmod(m, MAX_MINIONS)
        return f"action {j} on minion {i} at base slot {s}"
    if ref < _ELSEWHERE_START:
        s, i = divmod(ref - _BURIED_START, MAX_BURIED)
        return f"buried card {i} beside base slot {s}"
    zone, d = divmod(ref - _ELSEWHERE_START, N_CARDS)
    return f"{_card_key(d)} in {ZONE_CLASSES[zone]}"
