"""Determinised worlds: games a seat cannot tell from the real one, built from that seat's
knowledge only (``WorldSampler``), and the seat view handed to computer players (``SeatView``).

A world is made by the game's own class (``Game._world``, reached through the game sampled
from), and a search plays it on as a ``QuickWorld``: this module needs ``Game`` for its types
only. See docs/architecture.md, "Hidden information".
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from ..core.defs import Event
from ..core.requests import BaseCardOption, Request
from ..core.shuffles import shuffle, shuffle_top, top_draws
from ..core.state import Loc, State
from ..rules.decks import SHUFFLE_PLAN
from .quick import QuickWorld, TextCache, take_over
from .setup import Setup
from .views import event_cards, mask_event, mask_events, option_cards, visible_to

if TYPE_CHECKING:
    from .game import Game


class DeterminizeError(Exception):  # not RuntimeError: mypyc cannot compile that subclass
    """A seat view made without a world sampler was asked for one (``SeatView.sample``)."""


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
    where = g.loc
    controllers = g.controller
    known = g.known
    zone: list[int] = []
    zone_loc: Loc | None = None
    for slots, ids in groups:
        cards = list(ids)
        if rnd is not None:
            shuffle(rnd, cards)
        members = set(ids)
        for seen in known:
            seen.difference_update(members)
        for k in range(len(slots)):  # (an index loop: compiled, zip runs as generic C)
            loc, i, controller, knows = slots[k]
            c = cards[k]
            if loc != zone_loc:  # (a group's slots run zone by zone)
                zone, zone_loc = g.zone_list(loc), loc
            zone[i] = c
            where[c] = loc
            controllers[c] = controller
            for q in knows:
                known[q].add(c)


class DealPlan:
    """``deal`` of one list of groups, worked out once for the many deals a search samples
    from one base (``WorldSampler``): a group whose places all have one controller and that
    no other seat knows a card of (the usual case: a hand, a deck) only has its cards
    written into their zones, run by run; any other group is dealt as ``deal`` does. It
    gives the same state as ``deal`` for a base already dealt from these groups (the
    controllers and ``known`` are then right already for such a group)."""

    __slots__ = ("_groups",)

    def __init__(self, base: State, groups: list[tuple[list[Slot], list[int]]]) -> None:
        # per group: its cards in id order; either its runs (the zone, the first index, how
        # many) or, for a group dealt in full, its slots; and how many of its first places a
        # search's deal shuffles (``deal``'s ``top_only``: a hidden hand and the top of one
        # deck, else all of them)
        self._groups: list[tuple[list[int], list[tuple[Loc, int, int]] | None,
                                 list[tuple[list[Slot], list[int]]], int]] = []
        for slots, ids in groups:
            members = set(ids)
            plain = (len({controller for _, _, controller, _ in slots}) <= 1
                     and all(base.controller[c] == controller
                             for (_, _, controller, _), c in zip(slots, ids, strict=True))
                     and not any(knows for *_, knows in slots)
                     and not any(seen & members for seen in base.known))
            runs: list[tuple[Loc, int, int]] | None = [] if plain else None
            if runs is not None:
                for loc, i, _, _ in slots:
                    if runs and runs[-1][0] == loc and runs[-1][1] + runs[-1][2] == i:
                        runs[-1] = (loc, runs[-1][1], runs[-1][2] + 1)
                    else:
                        runs.append((loc, i, 1))
            self._groups.append((list(ids), runs, [(slots, ids)], _top_places(runs, len(ids))))

    def deal(self, g: State, rnd: random.Random, top_only: bool = False) -> None:
        """``deal(g, groups, rnd)``, for ``g`` a copy of the base the plan was made for.
        ``top_only``: for a search's world, shuffle only a hidden hand and the top
        ``DECK_DEPTH`` cards of a deck (``shuffles.shuffle_top``); the rest of the deck
        keeps an order that is not random."""
        where = g.loc
        for ids, runs, group, top in self._groups:
            if runs is None:
                deal(g, group, rnd)
                continue
            cards = ids[:]
            if top_only:
                shuffle_top(rnd, cards, top)
            else:
                shuffle(rnd, cards)
            at = 0
            for loc, first, count in runs:
                part = cards[at:at + count]
                g.zone_list(loc)[first:first + count] = part
                for c in part:
                    where[c] = loc
                at += count


DECK_DEPTH: Final = 12
"""The cards of a deck a search's world deals at random (``DealPlan.deal``'s ``top_only``):
a turn's playout draws and reveals far fewer."""
BASE_DEPTH: Final = 6
"""The unseen bases a search's world deals at random, from the top of the base deck."""


def _top_places(runs: list[tuple[Loc, int, int]] | None, size: int) -> int:
    """How many of a group's first places a search's deal shuffles: the hand places and
    the top ``DECK_DEPTH`` of a deck after them; all of them for any other group (places in
    two decks, or in a zone such as cards buried or stored)."""
    if runs is None:
        return size
    top = 0
    decks = 0
    for loc, _, count in runs:
        if loc[0] == "hand" and not decks:
            top += count
        elif loc[0] == "deck" and decks == 0:
            decks = 1
            top += min(count, DECK_DEPTH)
        else:
            return size
    return top


REPLAYS: Final = 64
"""Replays of the decisions since the base a sample may make (over as many deals as it
needs) before it settles for a world that is only at the same decision."""
REPLAYS_PER_DEAL: Final = 12
"""Replays one deal may take, re-choosing the hidden decisions, before another deal."""


class WorldSampler:
    """Builds worlds seat ``player`` cannot tell from the real one (``sample(seed)``).

    Everything it keeps is the seat's own knowledge: the *base* (the last point where the
    turn flow was closed: a main decision, or the game's start) with every card hidden from
    the seat dealt canonically (in id order) and the base deck's unseen bases sorted; the
    decisions made since as the seat read them (a decision hidden from it left blank), with
    the events of each as the seat saw them; the order in which the seat saw cards drawn
    after each deck shuffle since the base; and the seat's observation and options now.
    Cards the seat has seen since the base stay where they were at the base.

    ``sample`` deals the hidden cards and the unseen bases at random, takes a fresh RNG and
    replays the decisions: a blank one is chosen again, each of its options in turn (a
    depth-first search, ``REPLAYS_PER_DEAL`` replays at most, then another deal), until
    every decision's events and the final observation match the seat's; shuffles since the
    base are fresh, but put on top the cards the seat saw drawn (``decks.SHUFFLE_PLAN``).
    After ``REPLAYS`` replays it settles for the first world met at the same decision (the
    same options for the seat), and at worst for the seat's view at the base played forward
    by the decisions that still fit; so a world always comes back. The worlds are games of
    the sampled game's class (``Game._world``): the sampler holds that maker, never the game."""

    __slots__ = ("player", "_make", "_setup", "_prefix", "_at_main", "_base", "_groups",
                 "_base_slots", "_steps", "_target", "_texts", "tier_used", "_known_texts",
                 "_root",
                 "_plan")

    _make: Callable[[State, Setup, list[str], bool], Game]

    def __init__(self, game: Game, player: int) -> None:
        self.player = player
        self._make = type(game)._world
        base, index, at_main, steps = game._trace_since_closed(len(game.history))
        # without its seed: the seed would rebuild the real opening deals
        self._setup = copy.deepcopy(game._setup)
        self._setup.pop("seed", None)
        if isinstance(self._setup.get("scenario"), dict):
            self._setup["scenario"].pop("seed", None)
        self._prefix = game.history_for(player)[:index]
        self._at_main = at_main
        now = game.state
        seen = {c for c in range(len(now.defs)) if visible_to(now, c, player)}
        for req, _, _, events in steps:
            for ev in events:
                seen.update(event_cards(mask_event(ev, player, now.nplayers)))
            if req.player == player:
                seen.update(c for o in req.options for c in option_cards(o))
                if isinstance(req.source, int):
                    seen.add(req.source)
        masked = game._masked
        self._steps = [
            (None if player in masked.get(i, {}) else text,
             _events_key(mask_events(events, player, now.nplayers)))
            for i, (_, _, text, events) in enumerate(steps, index)]
        self._groups = hidden_groups(base, player, seen)
        canonical = base.copy()
        deal(canonical, self._groups, None)
        canonical.rng = 0  # a world takes a fresh RNG: keep nothing of the real one
        # the bases still in the base deck are unseen (but those the seat is choosing among
        # or chose among since the base: School of Wizardry); those drawn since stay put
        looked = [req for req, *_ in steps if req.player == player]
        if game.request is not None and game.request.player == player:
            looked.append(game.request)
        unseen = set(now.base_deck) - {o.base for req in looked for o in req.options
                                       if isinstance(o, BaseCardOption)}
        self._base_slots = [i for i, b in enumerate(base.base_deck) if b in unseen]
        for i, b in zip(self._base_slots, sorted(base.base_deck[i] for i in self._base_slots),
                        strict=True):
            canonical.base_deck[i] = b
        # the draws as the seat saw them: a card it saw before a shuffle (revealed, then
        # shuffled back) and that another player then drew unseen is not pinned on top
        plan = shuffle_plan([mask_event(ev, player, now.nplayers) for *_, events in steps
                             for ev in events], seen, base.owner)
        canonical.misc.pop(SHUFFLE_PLAN, None)  # a world's own plan, when sampling from one
        if plan:
            canonical.misc[SHUFFLE_PLAN] = plan
        self._base = canonical
        self._plan = DealPlan(canonical, self._groups)
        self._target = _same_order(game.observation(player)) if steps else None
        self._texts = (sorted(game.action_texts()) if steps and game.current_player == player
                       else None)
        self.tier_used = 0
        self._known_texts: TextCache = {}  # (the worlds' option texts: quick.TextCache)
        # the seat's Play Cards decision as the first quick world built it, handed to every
        # later one (``sample_quick``)
        self._root: tuple[Request, list[str]] | None = None

    def sample(self, seed: int) -> Game:
        """A determinised world for this seat; the same seed gives the same world.
        ``tier_used`` tells how it fits: 1, the seat's whole view; 2, the same decision;
        3, only the decisions that could be replayed (rare; see the class)."""
        rnd = random.Random(f"world/{seed}")
        if not self._steps:
            # at the base itself (a Play Cards decision, nothing since): the deal is the world,
            # with nothing to replay or compare (what ``_search`` finds at once, less a copy)
            self.tier_used = 1
            return self._make(self._dealt(rnd), self._setup, self._prefix, self._at_main)
        fallback: Game | None = None
        left = REPLAYS
        while left > 0:
            world, near, used = self._search(self._dealt(rnd), rnd, min(left, REPLAYS_PER_DEAL))
            if world is not None:
                self.tier_used = 1
                return world
            fallback = fallback or near
            left -= used
        if fallback is not None:
            self.tier_used = 2
            return fallback
        self.tier_used = 3
        return self._forward(self._dealt(rnd), rnd)

    def sample_quick(self, seed: int | random.Random) -> QuickWorld:
        """``sample(seed)`` taken over by a ``QuickWorld``, for a search: the same world. At
        a Play Cards decision with nothing since (the usual case) it is made straight from
        the deal, without the ``Game`` (and its anchor, a copy of the state) around it.

        ``seed`` may instead be a generator to deal from (a search's one generator: seeding
        a fresh one costs as much as dealing the world). Such a world is dealt for what a
        search reads of it: a hidden hand, the top ``DECK_DEPTH`` cards of a deck and the
        top ``BASE_DEPTH`` unseen bases are random, as in any world, and the cards below
        them keep an order that is not (``DealPlan.deal``). With a seed the world is dealt
        in full."""
        rnd = seed if isinstance(seed, random.Random) else None
        if self._steps or not self._at_main:
            if rnd is not None:
                seed = rnd.getrandbits(30)
            assert isinstance(seed, int)
            return take_over(self.sample(seed), self._known_texts)
        self.tier_used = 1
        state = (self._dealt(random.Random(f"world/{seed}")) if rnd is None
                 else self._dealt(rnd, top_only=True))
        root = self._root
        if root is None:
            world = QuickWorld(state, known_texts=self._known_texts)
            req = world.request
            if req is not None and req.player == self.player:
                self._root = req, world.texts()
            return world
        # the seat's options there read only what the seat knows (its hand, the cards in
        # play): the same in every deal, so built once (``quick_world_test`` checks that
        # every world's options are the real game's)
        return QuickWorld(state, req=root[0], known_texts=self._known_texts, texts=root[1])

    def _dealt(self, rnd: random.Random, top_only: bool = False) -> State:
        """The base with the hidden cards and unseen bases dealt at random, a fresh RNG.
        ``top_only``: only what a search reads of them (``DealPlan.deal``, ``BASE_DEPTH``)."""
        state = self._base.copy()
        self._plan.deal(state, rnd, top_only)
        deck, slots = state.base_deck, self._base_slots
        if top_only:
            for i, j in enumerate(top_draws(rnd, len(slots), BASE_DEPTH)):
                a, b = slots[i], slots[j]
                deck[a], deck[b] = deck[b], deck[a]
        else:
            bases = [deck[i] for i in slots]
            shuffle(rnd, bases)
            for i, b in zip(slots, bases, strict=True):
                deck[i] = b
        state.rng = rnd.getrandbits(64)
        return state

    def _world(self, state: State) -> Game:
        return self._make(state.copy(), self._setup, self._prefix, self._at_main)

    def _search(self, state: State, rnd: random.Random, replays: int
                ) -> tuple[Game | None, Game | None, int]:
        """Replays from ``state``, re-choosing the blank decisions depth first: a world that
        matches the seat's view, else None; the first world met at the same decision with
        the same options for the seat, if any; and the replays made."""
        choices: dict[int, int] = {}
        untried: dict[int, list[int]] = {}
        near: Game | None = None
        for made in range(1, replays + 1):
            world = self._world(state)
            parted = self._replay(world, choices, untried, rnd)
            if parted is None:
                return world, None, made
            if near is None and parted == len(self._steps) and self._same_decision(world):
                near = world
            back = [i for i, left in untried.items() if left and i < parted]
            if not back:
                break
            last = max(back)
            choices[last] = untried[last].pop()
            for i in [i for i in choices if i > last]:
                del choices[i]
                del untried[i]
        return None, near, made

    def _replay(self, world: Game, choices: dict[int, int], untried: dict[int, list[int]],
                rnd: random.Random) -> int | None:
        """Make the decisions since the base in ``world``; None if everything the seat saw
        matches, else the step where the world parted from it (the number of steps when
        only the final observation differs)."""
        for i, (text, events) in enumerate(self._steps):
            if world.is_over:
                return i
            texts = world.action_texts()
            if text is None:
                if i not in choices:
                    order = list(range(len(texts)))
                    rnd.shuffle(order)
                    choices[i] = order.pop()
                    untried[i] = order
                world.apply(choices[i])
            elif text in texts:
                world.apply(texts.index(text))
            else:
                return i
            if _events_key(world.events_for(self.player)) != events:
                return i + 1
        if self._target is not None and (
                _same_order(world.observation(self.player)) != self._target
                or not self._same_decision(world)):
            return len(self._steps)
        return None

    def _same_decision(self, world: Game) -> bool:
        target = self._target
        if target is None:
            return True
        decision = target.get("decision")
        req = world.request
        if decision is None or req is None:
            return decision is None and req is None
        if (req.player, req.kind) != (decision["player"], decision["kind"]):
            return False
        return self._texts is None or sorted(world.action_texts()) == self._texts

    def _forward(self, state: State, rnd: random.Random) -> Game:
        """The last resort: the base played forward by the seat's decisions while they fit
        (a blank one chosen at random), stopping at the first that does not."""
        world = self._world(state)
        for text, _ in self._steps:
            texts = world.action_texts()
            if not texts or (text is not None and text not in texts):
                break
            world.apply(rnd.randrange(len(texts)) if text is None else texts.index(text))
        return world


def shuffle_plan(events: Iterable[Event], seen: set[int], owner: Sequence[int]
                 ) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per deck shuffle among ``events``, in order: whose deck, and the cards of ``seen``
    drawn from it afterwards (before its next shuffle) or revealed (from the top: Portal),
    in that order, each card once. (A card is often told twice: revealed, then drawn —
    Gold in Them Thar Hills. Named twice, it would be put on top twice: a deck holding a
    card that is also in hand, which a reveal "until" then turns over without end.)"""
    plan: list[tuple[int, list[int]]] = []
    latest: dict[int, int] = {}

    def put_on_top(whose: int, card: int) -> None:
        top = plan[latest[whose]][1]
        if card not in top:
            top.append(card)

    for ev in events:
        if ev["kind"] == "shuffled":
            latest[ev["player"]] = len(plan)
            plan.append((ev["player"], []))
        elif ev["kind"] == "drew" and ev["player"] in latest:
            for c in ev["cards"]:
                if c in seen:
                    put_on_top(ev["player"], c)
        elif ev["kind"] == "revealed":
            for c in ev["cards"]:
                if c in seen and owner[c] in latest:  # (a card hidden from the seat: masked)
                    put_on_top(owner[c], c)
    return tuple((whose, tuple(top)) for whose, top in plan)


def _events_key(events: list[Event]) -> list[dict[str, Any]]:
    """Events to compare across worlds: lists of cards in any order (a searched deck shows
    its cards in deck order, which a world may deal otherwise)."""
    return [{k: tuple(sorted(v, key=repr)) if isinstance(v, tuple) else v
             for k, v in ev.items()} for ev in events]


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

    __slots__ = ("player", "kind", "prompt", "texts", "labels", "observation", "_sampler")

    player: int
    kind: str
    prompt: str
    texts: list[str]
    labels: list[str]
    observation: dict[str, Any] | None

    def __init__(self, player: int, kind: str, prompt: str, texts: list[str],
                 labels: list[str], observation: dict[str, Any] | None,
                 sampler: WorldSampler | None) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.texts = texts
        self.labels = labels
        self.observation = observation
        self._sampler = sampler

    def legal_actions(self) -> list[int]:
        return list(range(len(self.texts)))

    def sample(self, seed: int) -> Game:
        """A game this seat cannot tell from the real one, at the same decision (in a rare
        position, only as close as could be rebuilt: see ``WorldSampler``)."""
        if self._sampler is None:
            raise DeterminizeError("this view was made without a world sampler")
        return self._sampler.sample(seed)

    def sample_quick(self, seed: int | random.Random) -> QuickWorld:
        """The world ``sample(seed)`` gives, as a search plays it on (``engine/api/quick.py``);
        ``seed`` may be a generator to deal from instead (``WorldSampler.sample_quick``)."""
        if self._sampler is None:
            raise DeterminizeError("this view was made without a world sampler")
        return self._sampler.sample_quick(seed)
