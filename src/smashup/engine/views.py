"""What one seat may know: visibility, per-seat events and decision texts, prompts as the
other seats see them, determinised worlds and the seat view handed to computer players.

A *viewer* is a player number, ``-1`` for a spectator (public information only) or None for
an omniscient reader (a replay, a test). See docs/architecture.md, "Hidden information".
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .defs import Event
from .mechanics import hidden_from
from .requests import Option, Request, source_name
from .state import PLAY_ZONES, Loc, State

if TYPE_CHECKING:
    from .game import Game

HIDDEN_CARD = "a card"
"""What a per-seat event or decision text shows in place of a card that seat may not see."""

CARD_FIELDS = frozenset({"card", "cards", "other", "host", "challenger", "challenged"})
"""Event fields that hold card ids (one id, or a tuple of ids); a few more in some events
(``card_fields``: ``target`` is a base slot in others, ``winners`` players after scoring)."""
CARD_TARGETS = frozenset({"power", "power_off_turn"})
"""Temporary effects (``effect`` events) whose target is a card."""

FACE_UP = PLAY_ZONES | {"discard", "stasis", "revealed", "aside", "box"}
"""Zones whose cards everyone sees (``aside`` holds cards being played, shown or uncovered)."""

KIND_WORDS = {
    "main": "is taking their turn",
    "me_first": "may use an ability now (Me First!)",
    "mulligan": "is looking at their opening hand",
    "order": "is choosing which ability resolves next",
    "score": "is choosing which base scores first",
    "discard": "is choosing a card to discard",
}


class DeterminizeError(RuntimeError):
    """No world consistent with the seat's view could be rebuilt (see ``WorldSampler``)."""


# ---- visibility ------------------------------------------------------------------------------


def visible_to(g: State, card: int, viewer: int | None) -> bool:
    """May ``viewer`` see which card ``card`` is, where it is now?"""
    if viewer is None:
        return True
    loc = g.loc[card]
    kind = loc[0]
    if kind in FACE_UP:
        return True
    if viewer < 0:
        return False
    if kind in ("buried", "stored"):
        return not hidden_from(g, card, viewer)
    if kind in ("hand", "duel") and loc[1] == viewer:
        return True
    return card in g.known[viewer]


def option_cards(opt: Option) -> tuple[int, ...]:
    """The card ids an option names."""
    tag = opt[0]
    if tag in ("card", "talent", "special"):
        return (int(opt[1]),)
    if tag == "play":
        return (opt[1], opt[3]) if len(opt) == 4 and opt[2] == "minion" else (opt[1],)
    return ()


def mask_names(g: State, text: str, cards: Iterable[int]) -> str:
    """``text`` with the names of ``cards`` replaced by the placeholder."""
    for c in cards:
        text = re.sub(re.escape(g.names[c]) + r"(?![0-9])", HIDDEN_CARD, text)
    return text


def secret_texts(g: State, hidden_before: dict[int, list[int]], text: str) -> dict[int, str]:
    """After a decision: its text as each seat that may not know the choice sees it.

    ``hidden_before`` lists, per other seat, the chosen cards it could not see before the
    decision; a card the decision made public (a card played, discarded) is named."""
    masked: dict[int, str] = {}
    for seat, cards in hidden_before.items():
        still = [c for c in cards if not visible_to(g, c, seat)]
        if still:
            masked[seat] = mask_names(g, text, still)
    return masked


def hidden_choice(g: State, opt: Option, decider: int) -> dict[int, list[int]]:
    """Per seat other than ``decider`` (and the spectator, -1): the cards of ``opt`` it
    cannot see now (empty when the option names no card)."""
    cards = option_cards(opt)
    if not cards or all(g.loc[c][0] in FACE_UP for c in cards):
        return {}
    found: dict[int, list[int]] = {}
    for seat in [*range(g.nplayers), -1]:
        if seat != decider:
            hidden = [c for c in cards if not visible_to(g, c, seat)]
            if hidden:
                found[seat] = hidden
    return found


# ---- events and prompts ----------------------------------------------------------------------


def card_fields(ev: Event) -> list[str]:
    """The fields of ``ev`` that hold card ids."""
    fields = [k for k in ev if k in CARD_FIELDS]
    kind = ev["kind"]
    if kind == "duel_result":
        fields += ["winners", "losers"]
    if ev.get("target") is not None and (
            kind == "played" or (kind == "effect" and ev.get("effect") in CARD_TARGETS)):
        fields.append("target")
    return fields


def _mask_value(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return HIDDEN_CARD
    if isinstance(value, (tuple, list)):
        return tuple(_mask_value(v) for v in value)
    return value


def event_hidden(ev: Event, viewer: int | None) -> bool:
    """Does ``ev`` name cards ``viewer`` may not learn? (Cards shown to some players only,
    cards drawn, cards stored or buried face down.)"""
    if viewer is None:
        return False
    if ev["kind"] == "revealed":
        return viewer not in ev.get("to", ())
    private = ev.get("private")
    return private is not None and private != viewer


def mask_event(ev: Event, viewer: int | None) -> Event:
    """A copy of ``ev`` as ``viewer`` may see it: hidden card ids become placeholders."""
    if not event_hidden(ev, viewer):
        return _copy_event(ev)
    fields = card_fields(ev)
    return {k: _mask_value(v) if k in fields else _copy_value(v) for k, v in ev.items()}


def _copy_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    return value  # ints, strings, tuples of them: immutable


def _copy_event(ev: Event) -> Event:
    return {k: _copy_value(v) for k, v in ev.items()}


def mask_events(events: Sequence[Event], viewer: int | None) -> list[Event]:
    return [mask_event(ev, viewer) for ev in events]


def event_cards(ev: Event) -> list[int]:
    """The card ids an event names (placeholders left out)."""
    found: list[int] = []
    for key in card_fields(ev):
        value = ev.get(key)
        values = value if isinstance(value, (tuple, list)) else (value,)
        found.extend(v for v in values if isinstance(v, int) and not isinstance(v, bool))
    return found


def public_prompt(g: State, req: Request, viewer: int | None) -> str:
    """The prompt of ``req`` as ``viewer`` sees it: the deciding seat (and an omniscient
    reader) reads the real prompt; the others read who is choosing, for which visible card."""
    if viewer is None or viewer == req.player:
        return req.prompt
    who = f"Player {req.player + 1}"
    name = source_name(g, req.source, viewer)
    if name is not None:
        return f"{who} is choosing for {name}"
    return f"{who} {KIND_WORDS.get(req.kind, 'is choosing')}"


# ---- determinisation -----------------------------------------------------------------------

Slot = tuple[Loc, int, int, frozenset[int]]
"""A place holding a card hidden from the seat: (zone, index in it, controller, the other
seats that know the card there)."""


def hidden_groups(g: State, viewer: int, pinned: set[int]) -> list[tuple[list[Slot], list[int]]]:
    """The places holding cards hidden from ``viewer`` (not ``pinned``), grouped by the
    cards' owner: a card can only be swapped with another card of the same owner."""
    groups: dict[int, tuple[list[Slot], list[int]]] = {}
    zones: list[tuple[Loc, list[int]]] = [(("hand", p), h) for p, h in enumerate(g.hands)]
    zones += [(("deck", p), d) for p, d in enumerate(g.decks)]
    zones += [(loc, cards) for loc, cards in sorted(g.zones.items(), key=repr)
              if loc[0] in ("buried", "stored", "duel")]
    for loc, cards in zones:
        for i, c in enumerate(cards):
            if c in pinned or visible_to(g, c, viewer):
                continue
            knows = frozenset(q for q in range(g.nplayers) if q != viewer and c in g.known[q])
            slots, ids = groups.setdefault(g.owner[c], ([], []))
            slots.append((loc, i, g.controller[c], knows))
            ids.append(c)
    return [(slots, sorted(ids)) for _, (slots, ids) in sorted(groups.items())]


def deal(g: State, groups: list[tuple[list[Slot], list[int]]], rnd: random.Random | None) -> None:
    """Put the hidden cards of ``groups`` into their places, shuffled by ``rnd`` (in id order
    when None): the canonical deal carries nothing of where the cards really were."""
    for slots, ids in groups:
        cards = list(ids)
        if rnd is not None:
            rnd.shuffle(cards)
        members = set(ids)
        for seen in g.known:
            seen.difference_update(members)
        for (loc, i, controller, knows), c in zip(slots, cards, strict=True):
            g.zone_list(loc)[i] = c
            g.loc[c] = loc
            g.controller[c] = controller
            for q in knows:
                g.known[q].add(c)


class Redeal:
    """A determinised world's second deal: when its history reaches decision ``at``, the
    cards hidden from ``player`` (but ``pinned``) are dealt again and the RNG is replaced,
    both from ``seed``. A copy of the world rebuilt by replay deals again at the same point,
    so it stays identical to the world."""

    __slots__ = ("at", "player", "pinned", "seed")

    def __init__(self, at: int, player: int, pinned: frozenset[int], seed: str) -> None:
        self.at = at
        self.player = player
        self.pinned = pinned
        self.seed = seed

    def apply(self, g: State) -> None:
        rnd = random.Random(self.seed)
        deal(g, hidden_groups(g, self.player, set(self.pinned)), rnd)
        g.rng = rnd.getrandbits(64)


class WorldSampler:
    """Builds worlds seat ``player`` cannot tell from the real one (``sample(seed)``).

    It keeps its own copies only: a base position (the last point where the turn flow was
    closed: a main decision, or the game's start) with the cards hidden from the seat dealt
    canonically, the decisions made since (the ones hidden from the seat left out), and
    the seat's view now, to check a rebuilt world against. ``sample`` deals the hidden
    cards at random, takes a fresh RNG and replays the decisions: a decision hidden from the
    seat is re-chosen at random. Cards the seat has seen since the base stay where they
    were. If the world does not match the view, two other deals are tried. When a deck
    was reshuffled since the base (the seat may have drawn from it), a second tier keeps
    every card touched since the base in place and the real RNG for the replay, then deals
    the untouched hidden cards again with a fresh RNG (``Redeal``); only then does the
    sampler hold the real decisions since the base. If nothing fits, ``sample`` raises
    DeterminizeError (about 0.2% of mid-ability decisions in random games)."""

    __slots__ = ("player", "_setup", "_prefix", "_at_main", "_tiers", "_target", "_texts",
                 "_pinned", "tier_used")

    def __init__(self, game: Game, player: int) -> None:
        import copy

        self.player = player
        base, index, at_main, steps = game._trace_since_closed(len(game.history))
        # without its seed: the seed would rebuild the real opening deals
        self._setup = copy.deepcopy(game._setup)
        self._setup.pop("seed", None)
        if isinstance(self._setup.get("scenario"), dict):
            self._setup["scenario"].pop("seed", None)
        self._prefix = game.history_for(player)[:index]
        self._at_main = at_main
        masked = game._masked
        seen: set[int] = set()
        touched: set[int] = set()
        script: list[str | None] = []
        truth: list[str | None] = []
        for i, (req, _, text, events) in enumerate(steps, index):
            for ev in events:
                touched.update(event_cards(ev))
                seen.update(event_cards(mask_event(ev, player)))
            cards = [c for o in req.options for c in option_cards(o)]
            touched.update(cards)
            source = req.source if isinstance(req.source, int) else None
            if source is not None:
                touched.add(source)
            if req.player == player:
                seen.update(cards)
                if source is not None:
                    seen.add(source)
            hidden = i in masked and player in masked[i]
            script.append(None if hidden else text)
            truth.append(text)
        now = game.state
        seen.update(c for c in range(len(now.defs)) if visible_to(now, c, player))
        reshuffled = any(ev["kind"] == "shuffled" for *_, events in steps for ev in events)
        self._tiers: list[tuple[State, list[tuple[list[Slot], list[int]]], list[str | None]]] = []
        for pins, replay in ((seen, script), (touched | seen, truth)):
            groups = hidden_groups(base, player, pins)
            canonical = base.copy()
            deal(canonical, groups, None)
            if not self._tiers:
                canonical.rng = 0  # the first tier takes a fresh RNG: keep nothing of the real
            self._tiers.append((canonical, groups, replay))
            if not reshuffled:
                # the second tier is for decks reshuffled since the base (the seat may have
                # drawn from them); only then does the sampler keep the real decisions
                break
        self._pinned = frozenset(touched | seen) if reshuffled else frozenset()
        self._target = _same_order(game.observation(player)) if steps else None
        self._texts = (sorted(game.action_texts()) if steps and game.current_player == player
                       else None)
        self.tier_used = 0

    def sample(self, seed: int) -> Game:
        """A determinised world for this seat; the same seed gives the same world."""
        from .game import Game

        for tier, (canonical, groups, script) in enumerate(self._tiers):
            for attempt in range(3):
                rnd = random.Random(f"{seed}/{tier}/{attempt}")
                state = canonical.copy()
                deal(state, groups, rnd)
                if tier == 0:
                    state.rng = rnd.getrandbits(64)
                world = Game._world(state, self._setup, self._prefix, self._at_main)
                if tier > 0:
                    redeal = Redeal(len(self._prefix) + len(script), self.player, self._pinned,
                                    f"{seed}/{attempt}/redeal")
                    world._redeal = redeal
                if self._replay(world, script, rnd):
                    self.tier_used = tier + 1
                    return world
                if self._target is None:
                    break
        raise DeterminizeError(f"no world fits player {self.player + 1}'s view here")

    def _replay(self, world: Game, script: list[str | None], rnd: random.Random) -> bool:
        for text in script:
            if world.is_over:
                return False
            texts = world.action_texts()
            if text is None:
                world.apply(rnd.randrange(len(texts)))
            elif text in texts:
                world.apply(texts.index(text))
            else:
                return False
        world._redeal_here()
        if self._target is None:
            return True
        if _same_order(world.observation(self.player)) != self._target:
            return False
        return self._texts is None or sorted(world.action_texts()) == self._texts


def _same_order(obs: dict[str, Any]) -> dict[str, Any]:
    """An observation with its options sorted: options listed from a deck (a search) come in
    deck order, which a world may deal differently without the seat knowing more."""
    decision = obs.get("decision")
    if decision is not None and "options" in decision:
        decision["options"] = sorted(decision["options"])
    return obs


# ---- the seat view ---------------------------------------------------------------------------


class SeatView:
    """What a computer player of seat ``player`` is handed: plain data about its decision
    and a way to sample determinised worlds. Nothing here leads to the real game."""

    __slots__ = ("player", "kind", "prompt", "texts", "labels", "observation", "_sample")

    player: int
    kind: str
    prompt: str
    texts: list[str]
    labels: list[str]
    observation: dict[str, Any] | None

    def __init__(self, player: int, kind: str, prompt: str, texts: list[str],
                 labels: list[str], observation: dict[str, Any] | None,
                 sample: Callable[[int], Game] | None) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.texts = texts
        self.labels = labels
        self.observation = observation
        self._sample = sample

    def legal_actions(self) -> list[int]:
        return list(range(len(self.texts)))

    def sample(self, seed: int) -> Game:
        """A game this seat cannot tell from the real one, at the same decision (raises
        DeterminizeError in the rare position where none can be rebuilt)."""
        if self._sample is None:
            raise DeterminizeError("this view was made without a world sampler")
        return self._sample(seed)
