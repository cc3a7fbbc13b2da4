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
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..engine.api.setup import SetupError
from ..engine.core.requests import Request
from ..rl import observation

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
MODELS = Path(__file__).resolve().parent / "models"
DEFAULT_MODEL = MODELS / "expert.npz"
"""The shipped model (its recipe beside it, ``expert.json``)."""


def layout_id() -> str:
    """A fingerprint of the observation layout (every segment's name and size): a model
    trained on one layout must not read another's features."""
    text = ";".join(f"{name}:{size}" for name, size, _ in observation.SEGMENTS)
    return f"obs-{FEATURES}-" + hashlib.sha256(text.encode()).hexdigest()[:12]


LAYOUT = layout_id()


def features(state: State, request: Request | None, seat: int) -> Array:
    """The features of a position from ``seat``'s view (its observation array)."""
    return observation.encode(state, request, seat)


class ValueNet:
    """A trained value network (numpy only): ``predict`` many positions, or ``__call__``
    one search world from a seat's view."""

    def __init__(self, layers: Sequence[tuple[Array, Array]], meta: dict[str, Any]) -> None:
        """``meta["segments"]`` names the observation segments the network reads (all of
        them when absent)."""
        if not layers:
            raise ValueError("a value network needs at least one layer")
        self.layers = [(np.ascontiguousarray(w, np.float32), np.asarray(b, np.float32))
                       for w, b in layers]
        self.meta = meta
        self.columns = columns(meta.get("segments", SEGMENT_NAMES))
        width = len(self.columns)
        if self.layers[0][0].shape[0] != width or self.layers[-1][0].shape[1] != 1:
            raise ValueError(f"weights shaped {self.layers[0][0].shape} ... "
                             f"{self.layers[-1][0].shape}, not ({width}, h) ... (h, 1)")

    @classmethod
    def load(cls, path: str | Path) -> ValueNet:
        """A model file (see the module's docstring); SetupError when it is missing, not a
        model, or made for another feature layout."""
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                count = sum(1 for k in data.files if k.startswith("w"))
                layers = [(data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                          for i in range(count)]
        except FileNotFoundError:
            raise SetupError(f"no value model at {path}") from None
        except (OSError, KeyError, ValueError) as err:
            raise SetupError(f"{path} is not a value model: {err}") from None
        if meta.get("layout") != LAYOUT:
            raise SetupError(f"{path} was trained on the feature layout {meta.get('layout')!r}"
                             f", not this version's {LAYOUT!r}: train it again "
                             "(smashup train, docs/learned.md)")
        return cls(layers, meta)

    def save(self, path: str | Path) -> None:
        """Write the model file (float16 weights, compressed)."""
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"] = w.astype(np.float16)
            arrays[f"b{i}"] = b.astype(np.float16)
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)

    def predict(self, x: Array) -> Array:
        """The win chances of a batch of observations (shape ``(n, FEATURES)``)."""
        h = np.asarray(x, np.float32)[:, self.columns]
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        out: Array = (1.0 / (1.0 + np.exp(-h[:, 0]))).astype(np.float32)
        return out

    def value_of(self, x: Array) -> float:
        """The win chance of one observation."""
        w0, b0 = self.layers[0]
        h = x[self.columns] @ w0 + b0
        for w, b in self.layers[1:]:
            h = np.maximum(h, 0.0) @ w + b
        z = float(h[0])
        if z < -30.0:  # (exp would overflow a float)
            return 0.0
        return 1.0 / (1.0 + float(np.exp(-z)))

    def __call__(self, world: QuickWorld, seat: int) -> float:
        """The value the search uses at a leaf: ``seat``'s chance of winning in ``world``,
        from what ``seat`` may see of that world."""
        state = world.state
        if state.winner is not None:
            return 1.0 if state.winner == seat else 0.0
        # at a Play Cards decision only who decides and the kind are read: a stand-in spares
        # building the decision's options (the search never needs them at a leaf)
        request = Request(world.player, "main", "", []) if world.at_main else world.request
        return self.value_of(features(state, request, seat))


@functools.cache
def shipped() -> ValueNet:
    """The model that ships with the package (``ismcts:N+value``'s)."""
    return ValueNet.load(DEFAULT_MODEL)


def load_value(path: str | None = None) -> ValueNet:
    """The model at ``path``, or the shipped one."""
    return shipped() if path is None else ValueNet.load(path)
