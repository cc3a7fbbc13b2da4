"""The learned value in numpy: features of a seat's view and a small MLP over them.

The features are the seat's observation array (``smashup.rl.observation.encode``,
``OBS_SIZE`` floats, the layout in docs/rl.md), or some of its segments (a model names the
segments it reads; ``COMPACT`` by default): it reads only what the seat may see, so two games
that differ only in cards hidden from the seat get the same value
(``tests/value/value_features_test.py`` checks it on determinised worlds). The network is
``features -> ReLU(W1 x + b1) -> ReLU(W2 h + b2) -> sigmoid(w3 h + b3)``: the seat's chance
of winning the game, in [0, 1] (par is 1/players).

A model file is a numpy ``.npz`` with the weights ``w0, b0, w1, b1, ...`` (stored as
float16 to keep it small, computed in float32) and ``meta``, a JSON text: the observation
layout it was trained on (``LAYOUT``), the segments it reads (``segments``) and its training
recipe. Loading a model of another layout fails with a clear error instead of reading
features wrongly.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import json
import math
import operator
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..agents.heuristic import evaluate
from ..agents.ismcts import SCALE
from ..engine.api.setup import SetupError
from ..engine.core.requests import Request
from ..rl import observation
from ..rl.actions import MAX_PLAYERS, MAX_SLOTS

if TYPE_CHECKING:
    from ..engine.api.quick import QuickWorld
    from ..engine.core.state import State

Array = npt.NDArray[np.float32]
FEATURES = observation.OBS_SIZE
"""How many floats a position's observation has (what self-play records)."""
COMPACT = ("players", "turn", "phase", "current", "decider", "vp", "hand_size", "deck_size",
           "discard_size", "base_deck", "plays_left", "waiting", "bases", "base_power")
"""The segments a model reads by default: the scores, the sizes of hands, decks and piles,
each base's printed facts and every seat's power on it, but neither the factions at the
table nor which cards (by definition) are where. With the few hundred games one session can
play, a network that sees those learns the games by heart instead of what wins them (its
held-out loss went above par; docs/learned.md)."""
SEGMENT_NAMES = tuple(name for name, _, _ in observation.SEGMENTS)


def columns(segments: Sequence[str]) -> npt.NDArray[np.intp]:
    """The observation's positions that ``segments`` cover, in the observation's order."""
    unknown = [s for s in segments if s not in SEGMENT_NAMES]
    if unknown:
        raise SetupError(f"unknown observation segments {unknown}; known: "
                         f"{', '.join(SEGMENT_NAMES)}")
    wanted = set(segments)
    cols = [np.arange(observation.OFFSET[name], observation.OFFSET[name] + size)
            for name, size, _ in observation.SEGMENTS if name in wanted]
    return np.concatenate(cols).astype(np.intp)
MODELS = Path(str(importlib.resources.files("smashup.value"))) / "models"
"""The shipped models' folder (found through the package: a compiled module has no
``__file__`` beside its source)."""
DEFAULT_MODEL = MODELS / "expert.npz"
"""The shipped model (its recipe beside it, ``expert.json``)."""


def layout_id() -> str:
    """A fingerprint of the observation layout (every segment's name and size): a model
    trained on one layout must not read another's features."""
    text = ";".join(f"{name}:{size}" for name, size, _ in observation.SEGMENTS)
    return f"obs-{FEATURES}-" + hashlib.sha256(text.encode()).hexdigest()[:12]


LAYOUT = layout_id()


HEURISTIC_CLIP = 8.0
"""The heuristic input is clipped to this many logistic units either side (a won or lost
game's +-WIN would dwarf every other input)."""


def heuristic_score(state: State, seat: int) -> float:
    """The heuristic agent's evaluation of the position for ``seat``, in the search's logistic
    units (``evaluate / SCALE``, clipped): the hand-written judgment a model may take as one
    input. It reads what ``seat`` may see: the scores, the board, the seat's own hand and the
    sizes of the others' hands."""
    score = evaluate(state, seat) / SCALE
    return max(-HEURISTIC_CLIP, min(HEURISTIC_CLIP, score))


def with_heuristic(x: Array, heur: Array) -> Array:
    """Input rows ``x`` with each row's heuristic score after them: the layout of a model
    that reads it (``meta["heuristic"]``), in training and in ``ValueNet.predict``."""
    return np.concatenate([np.asarray(x, np.float32),
                           np.asarray(heur, np.float32).reshape(-1, 1)], axis=1)


def features(state: State, request: Request | None, seat: int) -> Array:
    """The features of a position from ``seat``'s view (its observation array)."""
    return observation.encode(state, request, seat)


def _compact_at() -> dict[str, int]:
    """Where each ``COMPACT`` segment starts among the compact features."""
    at, out = 0, {}
    for name, size, _ in observation.SEGMENTS:
        if name in COMPACT:
            out[name] = at
            at += size
    return out


_AT = _compact_at()
_WIDTH = sum(size for name, size, _ in observation.SEGMENTS if name in COMPACT)
_PHASE = {p: i for i, p in enumerate(observation.PHASES)}
_NB = len(observation.BASE_FEATURES)


def compact_features(g: State, request: Request | None, seat: int) -> Array:
    """``features(g, request, seat)[columns(COMPACT)]``, computed directly: at the search's
    leaves the value needs only these, and building the whole observation for them costs
    more than the rest of the leaf (``tests/value/value_features_test.py`` checks that the
    two agree)."""
    return np.array(compact_row(g, request, seat), np.float32)


def compact_row(g: State, request: Request | None, seat: int) -> list[float]:
    """``compact_features`` as a plain list (a linear model's leaf value needs no array)."""
    n = g.nplayers
    rel = [(q - seat) % n for q in range(n)]
    out = [0.0] * _WIDTH
    out[_AT["players"] + min(max(n - 2, 0), 2)] = 1.0
    out[_AT["turn"]] = min(g.turn / 50, 2.0)
    out[_AT["phase"] + _PHASE.get(g.phase, len(observation.PHASES) - 1)] = 1.0
    out[_AT["current"] + rel[g.current]] = 1.0
    if request is not None:
        out[_AT["decider"] + rel[request.player]] = 1.0
    vp, hand, deck, discard = _AT["vp"], _AT["hand_size"], _AT["deck_size"], _AT["discard_size"]
    for q in range(n):
        r = rel[q]
        out[vp + r] = g.vp[q] / 15
        out[hand + r] = len(g.hands[q]) / 10
        out[deck + r] = len(g.decks[q]) / 40
        out[discard + r] = len(g.discards[q]) / 40
    out[_AT["base_deck"]] = len(g.base_deck) / 20
    if seat == g.current:
        plays = _AT["plays_left"]
        out[plays] = g.minion_plays
        out[plays + 1] = g.action_plays
        out[plays + 2] = len(g.grants)
    out[_AT["waiting"]] = len(g.pending) / 10
    slots = min(len(g.bases), MAX_SLOTS)
    rows = observation.power_rows(g, slots)
    controller = g.controller
    for s in range(slots):
        bdef = g.base_defs[g.bases[s]]
        row = _AT["bases"] + s * _NB
        out[row] = 1.0
        out[row + 1] = bdef.breakpoint / 30
        for k, points in enumerate(bdef.vp[:3]):
            out[row + 3 + k] = points / 6
        out[row + 6] = len(g.base_actions[s]) / 4
        by_player = [0, 0, 0, 0]
        for m, pw in zip(g.minions[s], rows[s], strict=True):
            by_player[rel[controller[m]]] += pw
        at = _AT["base_power"] + s * MAX_PLAYERS
        for r in range(n):
            out[at + r] = by_player[r] / 30
        out[row + 2] = sum(by_player) / 30
    return out


def read_model(path: Path, what: str) -> tuple[dict[str, Any], dict[str, Array]]:
    """A model file's ``meta`` (JSON) and its other arrays, as float32; SetupError when the
    file is missing or not a model (``what``: the kind of model, for the message)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            arrays = {k: data[k].astype(np.float32) for k in data.files if k != "meta"}
    except FileNotFoundError:
        raise SetupError(f"no {what} model at {path}") from None
    except (OSError, KeyError, ValueError) as err:
        raise SetupError(f"{path} is not a {what} model: {err}") from None
    if not isinstance(meta, dict):
        raise SetupError(f"{path} is not a {what} model: its meta is not a JSON object")
    return meta, arrays


class ValueNet:
    """A trained value network (numpy only): ``predict`` many positions, or ``__call__``
    one search world from a seat's view.

    Its input is the observation's ``columns`` and, when ``meta["heuristic"]`` is true, the
    heuristic score (``heuristic_score``) as one more input after them. Besides the layers, a
    model may have a *skip*: a linear term of the input added to the output logit (a
    "wide and deep" network), so that it can start from the hand-written evaluation and
    learn what that evaluation misses."""

    def __init__(self, layers: Sequence[tuple[Array, Array]], meta: dict[str, Any],
                 skip: tuple[Array, Array] | None = None) -> None:
        """``meta["segments"]`` names the observation segments the network reads (all of
        them when absent)."""
        if not layers:
            raise ValueError("a value network needs at least one layer")
        self.layers = [(np.ascontiguousarray(w, np.float32), np.asarray(b, np.float32))
                       for w, b in layers]
        self.meta = meta
        self.columns = columns(meta.get("segments", SEGMENT_NAMES))
        self.heuristic = bool(meta.get("heuristic", False))
        self.compact = tuple(meta.get("segments", ())) == COMPACT  # (compact_features)
        width = len(self.columns) + self.heuristic
        self.skip = None if skip is None else (np.asarray(skip[0], np.float32).reshape(-1),
                                               np.asarray(skip[1], np.float32).reshape(-1))
        if self.layers[0][0].shape[0] != width or self.layers[-1][0].shape[1] != 1 or (
                self.skip is not None and self.skip[0].shape[0] != width):
            raise ValueError(f"weights shaped {self.layers[0][0].shape} ... "
                             f"{self.layers[-1][0].shape}, not ({width}, h) ... (h, 1)")
        # for one row at a time: the skip as one more column of the first layer, and the
        # heuristic input's row apart (so no row is built with it appended)
        w0, b0 = self.layers[0]
        if self.skip is not None:
            w0 = np.concatenate([w0, self.skip[0].reshape(-1, 1)], axis=1)
            b0 = np.concatenate([b0, self.skip[1][:1]])
        heur_row = None
        if self.heuristic:
            heur_row = np.ascontiguousarray(w0[-1])
            w0 = w0[:-1]
        self._fused = (np.ascontiguousarray(w0, np.float32), np.asarray(b0, np.float32),
                       heur_row)
        # a linear model over the compact features (no hidden layer): its leaf value is one
        # sum of products over a plain list, no numpy call at all
        self.linear: tuple[list[float], float, float] | None = None
        if len(self.layers) == 1 and self.skip is None and self.compact:
            weights = [float(v) for v in self.layers[0][0][:, 0]]
            heur_weight = weights.pop() if self.heuristic else 0.0
            self.linear = (weights, heur_weight, float(self.layers[0][1][0]))

    @classmethod
    def load(cls, path: str | Path) -> ValueNet:
        """A model file (see the module's docstring); SetupError when it is missing, not a
        model, or made for another feature layout."""
        path = Path(path)
        meta, data = read_model(path, "value")
        try:
            count = sum(1 for k in data if k.startswith("w"))
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
            skip = (data["sw"], data["sb"]) if "sw" in data else None
        except KeyError as err:
            raise SetupError(f"{path} is not a value model: {err}") from None
        if meta.get("layout") != LAYOUT:
            raise SetupError(f"{path} was trained on the feature layout {meta.get('layout')!r}"
                             f", not this version's {LAYOUT!r}: train it again "
                             "(smashup train, docs/learned.md)")
        try:
            return cls(layers, meta, skip)
        except ValueError as err:
            raise SetupError(f"{path} is not a value model: {err}") from None

    def save(self, path: str | Path) -> None:
        """Write the model file (float16 weights, compressed)."""
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"] = w.astype(np.float16)
            arrays[f"b{i}"] = b.astype(np.float16)
        if self.skip is not None:
            arrays["sw"] = self.skip[0].astype(np.float16)
            arrays["sb"] = self.skip[1].astype(np.float16)
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)

    def inputs(self, x: Array, heur: Array | None = None) -> Array:
        """The network's input rows: the observations' columns, and the heuristic scores
        after them when the model reads them (``heur``, one per row; required then)."""
        h = np.asarray(x, np.float32)[:, self.columns]
        if not self.heuristic:
            return h
        if heur is None:
            raise ValueError("this model reads the heuristic score: give heur")
        return with_heuristic(h, heur)

    def predict(self, x: Array, heur: Array | None = None) -> Array:
        """The win chances of a batch of observations (shape ``(n, FEATURES)``) and, for a
        model that reads it, their heuristic scores."""
        inp = self.inputs(x, heur)
        h = inp
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        z = h[:, 0]
        if self.skip is not None:
            z = z + inp @ self.skip[0] + self.skip[1][0]
        out: Array = (1.0 / (1.0 + np.exp(-z))).astype(np.float32)
        return out

    def value_of(self, x: Array, heur: float = 0.0) -> float:
        """The win chance of one observation (and its heuristic score, when read)."""
        return self._value_of_columns(x[self.columns], heur)

    def _value_of_columns(self, inp: Array, heur: float) -> float:
        """The win chance from the observation's columns the model reads (one row: the
        first layer and the skip are one product, ``_fused``)."""
        w0, b0, heur_row = self._fused
        z0 = inp @ w0 + b0
        if heur_row is not None:
            z0 += heur * heur_row
        width = self.layers[0][0].shape[1]
        h = z0[:width]
        for w, b in self.layers[1:]:
            h = np.maximum(h, 0.0) @ w + b
        z = float(h[0])
        if self.skip is not None:
            z += float(z0[width])
        return _squash(z)

    def __call__(self, world: QuickWorld, seat: int) -> float:
        """The value the search uses at a leaf: ``seat``'s chance of winning in ``world``,
        from what ``seat`` may see of that world."""
        state = world.state
        if state.winner is not None:
            return 1.0 if state.winner == seat else 0.0
        # at a Play Cards decision only who decides and the kind are read: a stand-in spares
        # building the decision's options (the search never needs them at a leaf)
        request = Request(world.player, "main", "", []) if world.at_main else world.request
        heur = heuristic_score(state, seat) if self.heuristic else 0.0
        if self.linear is not None:
            weights, heur_weight, bias = self.linear
            return _squash(bias + heur * heur_weight + sum(
                map(operator.mul, compact_row(state, request, seat), weights)))
        if self.compact:
            return self._value_of_columns(compact_features(state, request, seat), heur)
        return self.value_of(features(state, request, seat), heur)


def _squash(z: float) -> float:
    """The logistic of a logit: a win chance."""
    if z < -30.0:  # (exp would overflow a float)
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


@functools.cache
def shipped() -> ValueNet:
    """The model that ships with the package (``ismcts:N+value``'s)."""
    return ValueNet.load(DEFAULT_MODEL)


def load_value(path: str | None = None) -> ValueNet:
    """The model at ``path``, or the shipped one."""
    return shipped() if path is None else ValueNet.load(path)
