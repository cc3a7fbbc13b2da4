"""``smashup train --prior``: a prior over options learned from the search's own visits.

Expert iteration: self-play games of a search agent (``--selfplay``, the expert level by
default) record, at every decision the search made, each option's features
(``prior.option_features``, the deciding seat's view) and how often the search visited it
(``selfplay.play_visits``; Parquet shards in ``data/gen-1``, resumable like the value's).
A linear softmax over those features learns the visits' share of each option (cross-entropy
against the visit distribution; Adam, PyTorch CPU; one game in ten held out, the epoch of
least held-out loss kept) and is written as ``prior.npz`` (numpy only to play) with its
recipe in ``prior.json``.

Held-out figures beside the loss: ``uniform_loss`` (every option alike), ``entropy`` (the
visits' own: no prior can go below it) and ``top1`` (how often the prior's favourite is the
option the search visited most, ties counting the first).
"""

from __future__ import annotations

import datetime
import json
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.api.setup import SetupError
from ..lab.version import code_version
from ..sim import LEVELS
from . import selfplay
from .prior import OPTION_FEATURES, VERSION, OptionPrior
from .train import VALIDATION_EVERY, _torch


def load_visits(folder: Path) -> list[dict[str, Any]]:
    """Every recorded decision of ``folder``'s shards: ``x`` (options, features) float32,
    ``p`` the visits' share per option, ``game``, ``players``."""
    import pyarrow.parquet as pq

    out = []
    for path in sorted(folder.glob("shard-*.parquet")):
        data = pq.read_table(path).to_pydict()
        for game, players, n, feats, visits in zip(
                data["game"], data["players"], data["options"], data["feats"],
                data["visits"], strict=True):
            v = np.asarray(visits, np.float32)
            if n < 2 or v.sum() <= 0:
                continue
            out.append({"x": np.asarray(feats, np.float32).reshape(n, OPTION_FEATURES),
                        "p": v / v.sum(), "game": game, "players": players})
    return out


def _padded(torch: Any, rows: Sequence[dict[str, Any]]) -> tuple[Any, Any, Any]:
    """The decisions as one padded batch: features, target shares, and which slots are
    options."""
    width = max(len(r["p"]) for r in rows)
    x = np.zeros((len(rows), width, OPTION_FEATURES), np.float32)
    p = np.zeros((len(rows), width), np.float32)
    mask = np.zeros((len(rows), width), bool)
    for i, r in enumerate(rows):
        n = len(r["p"])
        x[i, :n] = r["x"]
        p[i, :n] = r["p"]
        mask[i, :n] = True
    return torch.from_numpy(x), torch.from_numpy(p), torch.from_numpy(mask)


def _loss(torch: Any, w: Any, batch: tuple[Any, Any, Any]) -> Any:
    """Mean cross-entropy of the visit shares under the prior's softmax."""
    x, p, mask = batch
    logits = (x @ w).masked_fill(~mask, -1e9)
    return -(p * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()


def _held_out_figures(torch: Any, w: Any, batch: tuple[Any, Any, Any]) -> dict[str, float]:
    x, p, mask = batch
    with torch.no_grad():
        logits = (x @ w).masked_fill(~mask, -1e9)
        loss = -(p * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
        n = mask.sum(dim=1).float()
        entropy = -(p * torch.log(p.clamp_min(1e-12))).sum(dim=1).mean()
        top1 = (logits.argmax(dim=1) == p.argmax(dim=1)).float().mean()
        return {"loss": round(float(loss), 5),
                "uniform_loss": round(float(torch.log(n).mean()), 5),
                "entropy": round(float(entropy), 5), "top1": round(float(top1), 4)}


def train_prior(out: str | Path, *, games: int = 100, players: Sequence[int] = (2, 3, 4),
                selfplay_agent: str = "expert", epochs: int = 30, batch: int = 256,
                lr: float = 0.05, seed: int = 0, workers: int = 1, shard_games: int = 5,
                argv: Sequence[str] | None = None,
                tell: Callable[[str], None] = print) -> dict[str, Any]:
    """Play (or resume) the self-play games, train the prior and write ``prior.npz``,
    ``prior.json``; the report (``prior.json``'s content)."""
    if not LEVELS.get(selfplay_agent, selfplay_agent).startswith("ismcts:"):
        raise SetupError(f"a prior learns from a search's visits: --selfplay must be a "
                         f"search (ismcts:..., hard or expert), not {selfplay_agent!r}")
    for name, value in (("games", games), ("epochs", epochs), ("batch", batch),
                        ("workers", workers), ("shard games", shard_games)):
        if value < 1:
            raise SetupError(f"{name} must be at least 1, not {value}")
    torch = _torch()
    torch.set_num_threads(1)
    folder = Path(out)
    data_dir = folder / "data"
    folder.mkdir(parents=True, exist_ok=True)
    played = selfplay.generate(data_dir, 1, games, selfplay_agent, seed=seed, players=players,
                               shard_games=shard_games, workers=workers, tell=tell,
                               record="visits")
    rows = load_visits(data_dir / "gen-1")
    held = [r for r in rows if r["game"] % VALIDATION_EVERY == 0]
    fit = [r for r in rows if r["game"] % VALIDATION_EVERY != 0]
    if not fit:
        raise SetupError("no decisions to train on: play more games")
    torch.manual_seed(seed)
    w = torch.zeros(OPTION_FEATURES, requires_grad=True)
    opt = torch.optim.Adam([w], lr=lr)
    held_batch = _padded(torch, held) if held else None
    curve: list[dict[str, Any]] = []
    best: tuple[float, Any, int] | None = None
    rng = np.random.default_rng(seed)
    for epoch in range(1, epochs + 1):
        order = rng.permutation(len(fit))
        total = 0.0
        for at in range(0, len(order), batch):
            part = _padded(torch, [fit[i] for i in order[at:at + batch]])
            opt.zero_grad()
            loss = _loss(torch, w, part)
            loss.backward()
            opt.step()
            total += float(loss.item()) * len(part[1])
        entry: dict[str, Any] = {"epoch": epoch, "train_loss": round(total / len(fit), 5)}
        if held_batch is not None:
            entry.update(_held_out_figures(torch, w, held_batch))
            if best is None or entry["loss"] < best[0]:
                best = (entry["loss"], w.detach().clone(), epoch)
        curve.append(entry)
        tell(f"prior epoch {epoch}: train {entry['train_loss']} held-out "
             f"{entry.get('loss')} (uniform {entry.get('uniform_loss')}, top-1 "
             f"{entry.get('top1')})")
    weights = (best[1] if best is not None else w.detach()).numpy().astype(np.float16)
    recipe = {"command": shlex.join(["smashup", "train", *argv]) if argv is not None
              else shlex.join(sys.argv), "games": games, "players": list(players),
              "selfplay": selfplay_agent, "epochs": epochs, "batch": batch, "lr": lr,
              "seed": seed, "features": VERSION, "torch": str(torch.__version__),
              "decisions": len(rows), "held_out_decisions": len(held),
              "epoch": best[2] if best is not None else epochs, "code": code_version(),
              "date": datetime.date.today().isoformat(), "selfplay_wall_s": played["wall_s"]}
    prior = OptionPrior(weights.astype(np.float32).tolist(),
                        {"features": VERSION, "recipe": recipe})
    prior.save(folder / "prior.npz")
    recipe["size_bytes"] = (folder / "prior.npz").stat().st_size
    report = {"recipe": recipe, "curve": curve, "selfplay": played,
              "weights": dict(zip(_names(), [round(float(v), 3) for v in weights],
                                  strict=True))}
    (folder / "prior.json").write_text(json.dumps(report, indent=1))
    return report


def _names() -> list[str]:
    from .prior import NAMED, TAGS

    return [f"tag:{t}" for t in TAGS] + list(NAMED)
