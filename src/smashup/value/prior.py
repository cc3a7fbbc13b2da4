"""A learned prior over a decision's options, to guide the search (expert iteration).

The search (``agents/ismcts.py``) tries every option of a decision before it repeats one,
so at the deeper decisions of a turn, where a few iterations each must go round twenty
options, it hardly looks past the first try. A *prior* says which options the search
itself ends up preferring: trained on the visit counts at the root of the expert level's
searches in self-play (``prior_train``), it lets the search (``ISMCTSAgent(prior=...)``)
spend its iterations on the options that usually matter (PUCT, as AlphaZero's search).
Measured, it did not make the search stronger, and no level uses it (docs/learned.md, "The
prior over options").

An option is described by ``OPTION_FEATURES`` numbers read from the position as the
deciding seat sees it (the option itself, the printed facts of the card it names, the
power on the base it names): nothing hidden from that seat. The prior is a softmax over the
options of one decision of a linear score, ``w . features(option)``; a model file is an
``.npz`` with ``w`` (float16) and ``meta`` (JSON: the feature version, the recipe).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.api.setup import SetupError
from ..engine.core.requests import BaseOption, Option, PlayAtOption, PlayOnOption, Request
from ..engine.core.state import State
from ..engine.facts.query import breakpoint, every_players_power
from .model import MODELS, read_model

TAGS = ("end", "play_minion", "play_action", "play_on_base", "play_on_minion", "special",
        "talent", "card", "base", "pass", "yes", "no", "skip", "done", "choice", "other")
"""The kinds of option, one feature each (what most of a decision's choice turns on)."""
_TAG = {t: i for i, t in enumerate(TAGS)}
NAMED = ("card_power", "card_mine", "card_in_play", "card_in_hand", "target_power",
         "target_mine", "base_gap", "base_reaches", "base_lead", "base_lead_after",
         "base_first_vp", "base_mine_here")
"""Facts of the card and base an option names (zero where it names none)."""
_AT = {name: len(TAGS) + i for i, name in enumerate(NAMED)}
OPTION_FEATURES = len(TAGS) + len(NAMED)
VERSION = "prior-1-" + ",".join(TAGS + NAMED)
"""The feature layout a model file was trained on (a change of features changes it)."""
DEFAULT_PRIOR = MODELS / "prior.npz"
_NAMES_A_CARD = frozenset(("play", "card", "special", "talent"))
"""The tags of the options whose second field is a card (``requests.py``'s records)."""


def _tag(g: State, opt: Option) -> int:
    tag = opt[0]
    if tag == "play":
        if isinstance(opt, PlayAtOption):
            minion = g.defs[opt.card].kind == "minion"
            return _TAG["play_minion"] if minion else _TAG["play_on_base"]
        if isinstance(opt, PlayOnOption):
            return _TAG["play_on_minion"]
        return _TAG["play_action"]
    if tag == "base_talent":
        return _TAG["talent"]
    return _TAG.get(tag, _TAG["other"])


class _Bases:
    """Per base, the total power, the seat's and its best rival's (each player's total as
    the rules count it, ``query.every_players_power``), the breakpoint and first place's VP:
    worked out once per decision."""

    __slots__ = ("total", "mine", "best_other", "breakpoint", "first_vp")

    def __init__(self, g: State, me: int) -> None:
        self.total: list[int] = []
        self.mine: list[int] = []
        self.best_other: list[int] = []
        self.breakpoint: list[int] = []
        self.first_vp: list[int] = []
        for slot, by_player in enumerate(every_players_power(g)):
            vp = g.base_defs[g.bases[slot]].vp
            self.total.append(sum(by_player))
            self.mine.append(by_player[me])
            self.best_other.append(max((p for q, p in enumerate(by_player) if q != me),
                                       default=0))
            self.breakpoint.append(breakpoint(g, slot))
            self.first_vp.append(vp[0] if vp else 0)


def option_features(g: State, request: Request, me: int) -> list[list[float]]:
    """One row of ``OPTION_FEATURES`` numbers for each of ``request``'s options, as ``me``
    (the seat deciding) sees the position."""
    bases = _Bases(g, me)
    rows = []
    for opt in request.options:
        row = [0.0] * OPTION_FEATURES
        row[_tag(g, opt)] = 1.0
        card = -1
        slot = -1
        added = 0
        if opt[0] in _NAMES_A_CARD:
            named: Any = opt
            card = int(named[1])
        if isinstance(opt, (PlayAtOption, BaseOption)):
            slot = opt.slot
        if card >= 0:
            cdef = g.defs[card]
            where = g.loc[card]
            in_play = where[0] == "minion"
            row[_AT["card_power"]] = cdef.power / 5
            row[_AT["card_mine"]] = float((g.controller if in_play else g.owner)[card] == me)
            row[_AT["card_in_play"]] = float(in_play)
            row[_AT["card_in_hand"]] = float(where[0] == "hand")
            if in_play and slot < 0:
                slot = where[1]  # a minion in play: the base it is at
            if isinstance(opt, PlayAtOption) and cdef.kind == "minion":
                added = cdef.power
        if isinstance(opt, PlayOnOption):
            target = opt.target
            row[_AT["target_power"]] = g.defs[target].power / 5
            row[_AT["target_mine"]] = float(g.controller[target] == me)
            where = g.loc[target]
            if where[0] == "minion":
                slot = where[1]
        if 0 <= slot < len(bases.total):
            gap = bases.breakpoint[slot] - bases.total[slot]
            lead = bases.mine[slot] - bases.best_other[slot]
            row[_AT["base_gap"]] = max(-10, min(gap, 30)) / 10
            row[_AT["base_reaches"]] = float(added > 0 and added >= gap)
            row[_AT["base_lead"]] = max(-15, min(lead, 15)) / 10
            row[_AT["base_lead_after"]] = float(added > 0 and lead + added > 0)
            row[_AT["base_first_vp"]] = bases.first_vp[slot] / 6
            row[_AT["base_mine_here"]] = float(bases.mine[slot] > 0)
        rows.append(row)
    return rows


def softmax(scores: Sequence[float]) -> list[float]:
    """Probabilities from scores (shifted by their largest, so ``exp`` cannot overflow)."""
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


class OptionPrior:
    """A trained prior (numpy only to load): ``__call__(state, request, me)`` gives each of
    the request's options a probability."""

    def __init__(self, weights: Sequence[float], meta: dict[str, Any]) -> None:
        if len(weights) != OPTION_FEATURES:
            raise ValueError(f"{len(weights)} weights, not {OPTION_FEATURES}")
        self.weights = [float(w) for w in weights]
        self.meta = meta

    def scores(self, g: State, request: Request, me: int) -> list[float]:
        w = self.weights
        return [sum(a * b for a, b in zip(row, w, strict=True))
                for row in option_features(g, request, me)]

    def __call__(self, g: State, request: Request, me: int) -> list[float]:
        return softmax(self.scores(g, request, me))

    @classmethod
    def load(cls, path: str | Path) -> OptionPrior:
        """A prior's model file; SetupError when it is missing, not a prior, or made for
        other features."""
        path = Path(path)
        meta, data = read_model(path, "prior")
        if "w" not in data:
            raise SetupError(f"{path} is not a prior model: it has no weights")
        weights = data["w"].reshape(-1).tolist()
        if meta.get("features") != VERSION:
            raise SetupError(f"{path} was trained on the option features "
                             f"{meta.get('features')!r}, not this version's: train it again "
                             "(smashup train --prior, docs/learned.md)")
        try:
            return cls(weights, meta)
        except ValueError as err:
            raise SetupError(f"{path} is not a prior model: {err}") from None

    def save(self, path: str | Path) -> None:
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, w=np.asarray(self.weights, np.float16),
                            meta=np.array(json.dumps(self.meta, sort_keys=True)))
        tmp.replace(path)


@functools.cache
def shipped_prior() -> OptionPrior:
    """The prior that ships with the package."""
    return OptionPrior.load(DEFAULT_PRIOR)


UNIFORM = "uniform"
"""The name (``+prior=uniform``) of the prior that rates every option alike: PUCT without
anything learned, where expert iteration starts."""


def load_prior(path: str | None = None) -> OptionPrior:
    """The prior at ``path`` (``UNIFORM``: every option alike), or the shipped one."""
    if path == UNIFORM:
        return OptionPrior([0.0] * OPTION_FEATURES, {"features": VERSION, "uniform": True})
    return shipped_prior() if path is None else OptionPrior.load(path)
