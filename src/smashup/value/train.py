"""``smashup train``: generations of self-play, training and (when asked) strength checks.

One generation (expert-iteration style) is:

1. **self-play** (``selfplay.generate``): generation 1's games are played by ``--selfplay``
   (the heuristic player by default), every later generation's by the search with the
   previous generation's value at its leaves (``ismcts:N+value=...``), on local processes
   or (``--backend ray``) as Ray tasks, the one Ray session of the run;
2. **training** (PyTorch, CPU): an MLP (``model.ValueNet``'s shape) over the observation
   segments ``--segments`` names learns each recorded position's outcome (binary
   cross-entropy) from the positions of the last ``--window`` generations, warm-started
   from the previous generation's weights. Games whose number ends in 0 (one in ten) are
   held out: ``val_loss`` is measured on them, beside ``baseline_loss``, the loss of always
   answering par (1/players). A checkpoint after every epoch lets an interrupted run go on
   from the next epoch;
3. **export**: the weights of the epoch with the least held-out loss, rounded to float16, as
   ``gen-G/value.npz`` (numpy only; the network that was measured is the one saved);
4. **strength** (``--eval-games N``): the search with the new value against each
   ``--eval-against`` opponent in the arena (two players, both seat orders), on local
   processes whatever the backend. Once per run, the same search with the hand-written
   evaluation at its leaves plays the same games (``baseline`` in ``curve.json``): what a
   generation's value adds is its rate against that one's.

A generation whose ``value.npz`` exists is done and skipped, so running the same command
again resumes. ``curve.json`` (losses per epoch, games, positions and strength per
generation) and ``learning_curve.png`` are rewritten after each generation; ``value.npz``
and ``value.json`` (the recipe: the command, data size, feature layout, code version,
date) are the last generation's.

PyTorch is imported lazily and used through ``Any`` (like ``smashup.rl.learn``), so the
rest of the package never needs it.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import random
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.api.setup import SetupError
from ..lab.ray_backend import ray_cluster
from ..lab.runner import BACKENDS
from ..lab.version import code_version
from . import selfplay
from .model import COMPACT, FEATURES, LAYOUT, ValueNet, columns, with_heuristic

VALIDATION_EVERY = 10
"""One game in this many (those whose number is a multiple of it) is held out."""


def _torch() -> Any:
    try:
        import torch
    except ImportError as err:
        raise SetupError("smashup train needs PyTorch (pip install 'smashup[learn]'; its "
                         f"CPU build is enough): {err}") from None
    return torch


def build_net(torch: Any, hidden: Sequence[int], width: int = FEATURES,
              heuristic: bool = False) -> Any:
    """The torch network of ``ValueNet``'s shape over ``width`` inputs: ``deep``, ReLU
    layers of ``hidden`` sizes (none: a linear model) and one logit. With ``heuristic`` the
    last input is the heuristic score (``model.heuristic_score``) and the network starts as
    that input alone, so training begins from the hand-written evaluation and learns
    corrections to it: a linear model's weights start at 0 but for it, and a deeper one gets
    a *skip*, a linear term of the inputs added to the logit, that starts so while the deep
    part's last layer starts at 0. (The sigmoid is in the loss, and in ``ValueNet``.)"""
    skip = heuristic and bool(hidden)
    layers: list[Any] = []
    inputs = width
    for h in hidden:
        layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
        width = h
    layers.append(torch.nn.Linear(width, 1))

    class WideDeep(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.deep = torch.nn.Sequential(*layers)
            self.skip = torch.nn.Linear(inputs, 1) if skip else None

        def forward(self, x: Any) -> Any:
            out = self.deep(x)
            return out if self.skip is None else out + self.skip(x)

    net = WideDeep()
    if heuristic:
        start: Any = net.skip if skip else layers[-1]  # (a linear model: its only layer)
        with torch.no_grad():
            for layer in (layers[-1], start):  # (one layer twice for a linear model)
                layer.weight.zero_()
                layer.bias.zero_()
            start.weight[0, -1] = 1.0
    return net


def linears(net: Any) -> list[Any]:
    """The deep part's linear layers, in order."""
    return [m for m in net.deep if hasattr(m, "weight")]


def to_value_net(net: Any, meta: dict[str, Any]) -> ValueNet:
    """The numpy copy of a torch network (``Linear`` weights transposed: x @ W)."""
    skip = None if net.skip is None else (net.skip.weight.detach().numpy()[0].copy(),
                                          net.skip.bias.detach().numpy().copy())
    return ValueNet([(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
                     for m in linears(net)], meta, skip)


def round_to_half(torch: Any, net: Any) -> None:
    """Round the weights to float16 precision in place: the saved model is float16, so
    what is measured after this is exactly what ships."""
    with torch.no_grad():
        for p in net.parameters():
            p.copy_(p.half().float())


def _bce(torch: Any, logits: Any, y: Any) -> float:
    return float(torch.nn.functional.binary_cross_entropy_with_logits(logits, y).item())


def train_generation(folder: Path, generation: int, data: dict[str, Any], *,
                     segments: Sequence[str], hidden: Sequence[int], epochs: int, batch: int,
                     lr: float, weight_decay: float, seed: int, warm: Path | None,
                     tell: Callable[[str], None], heuristic: bool = False
                     ) -> list[dict[str, Any]]:
    """Train one generation's network on ``data`` (``selfplay.load`` of the ``segments``'
    columns), resuming from its checkpoint, and export it; the losses per epoch."""
    torch = _torch()
    gen_dir = folder / f"gen-{generation}"
    checkpoint = gen_dir / "checkpoint.pt"
    torch.manual_seed(seed * 1009 + generation)
    unscored = int(np.isnan(data["heur"]).sum()) if heuristic else 0
    if unscored:
        raise SetupError(
            f"generation {generation}: {unscored} of the positions have no heuristic score "
            "(shards written before it was recorded), which --heuristic reads: play those "
            "games again in a new folder")
    inputs = with_heuristic(data["x"], data["heur"]) if heuristic else data["x"]
    net = build_net(torch, hidden, inputs.shape[1], heuristic)
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=weight_decay)
    curve: list[dict[str, Any]] = []
    best: dict[str, Any] | None = None  # the epoch of least held-out loss: what is exported
    first = 1
    if checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False)
        net.load_state_dict(saved["net"])
        opt.load_state_dict(saved["opt"])
        curve = saved["curve"]
        best = saved["best"]
        first = saved["epoch"] + 1
        tell(f"generation {generation}: resuming training after epoch {saved['epoch']}")
    elif warm is not None and warm.exists():
        start = ValueNet.load(warm)
        same_skip = (start.skip is None) == (net.skip is None)
        if same_skip and [w.shape for w, _ in start.layers] == [
                m.weight.shape[::-1] for m in linears(net)]:
            with torch.no_grad():
                for m, (w, b) in zip(linears(net), start.layers, strict=True):
                    m.weight.copy_(torch.from_numpy(w.T.copy()))
                    m.bias.copy_(torch.from_numpy(b))
                if start.skip is not None:
                    net.skip.weight.copy_(torch.from_numpy(start.skip[0].reshape(1, -1)))
                    net.skip.bias.copy_(torch.from_numpy(start.skip[1]))
    x = torch.from_numpy(inputs)
    y = torch.from_numpy(data["y"])
    held = torch.from_numpy(data["game"] % VALIDATION_EVERY == 0)
    train_idx = torch.nonzero(~held).flatten()
    val_idx = torch.nonzero(held).flatten()
    par = torch.from_numpy(1.0 / data["players"].astype(np.float32))
    baseline = _bce(torch, torch.logit(par[val_idx]), y[val_idx]) if len(val_idx) else None
    for epoch in range(first, epochs + 1):
        g = torch.Generator().manual_seed(seed * 7919 + generation * 101 + epoch)
        order = train_idx[torch.randperm(len(train_idx), generator=g)]
        net.train()
        total = 0.0
        for at in range(0, len(order), batch):
            rows = order[at:at + batch]
            opt.zero_grad()
            loss = torch.nn.functional.binary_cross_entropy_with_logits(
                net(x[rows]).squeeze(1), y[rows])
            loss.backward()
            opt.step()
            total += float(loss.item()) * len(rows)
        net.eval()
        with torch.no_grad():
            val = _bce(torch, net(x[val_idx]).squeeze(1), y[val_idx]) if len(val_idx) else None
        entry = {"generation": generation, "epoch": epoch,
                 "train_loss": round(total / max(1, len(order)), 5),
                 "val_loss": None if val is None else round(val, 5),
                 "baseline_loss": None if baseline is None else round(baseline, 5)}
        curve.append(entry)
        if best is None or (val is not None and val < best["val_loss"]):
            best = {"epoch": epoch, "val_loss": val if val is not None else 0.0,
                    "net": {k: v.clone() for k, v in net.state_dict().items()}}
        tmp = checkpoint.with_name(checkpoint.name + ".tmp")
        torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "epoch": epoch,
                    "curve": curve, "best": best}, tmp)
        os.replace(tmp, checkpoint)  # (saved before it is told: a told epoch is kept)
        tell(f"generation {generation} epoch {epoch}: train {entry['train_loss']} "
             f"val {entry['val_loss']} (par {entry['baseline_loss']})")
    if best is not None and len(val_idx):
        net.load_state_dict(best["net"])
        tell(f"generation {generation}: keeping epoch {best['epoch']} (least held-out loss)")
    round_to_half(torch, net)
    net.eval()
    meta = {"layout": LAYOUT, "segments": list(segments), "hidden": list(hidden),
            "heuristic": heuristic,
            "generation": generation, "epoch": None if best is None else best["epoch"],
            "positions": int(len(data["y"])), "code": code_version()}
    to_value_net(net, meta).save(gen_dir / "value.npz")
    return curve


def strength(me: str, against: Sequence[str], games: int, seed: int,
             workers: int) -> list[dict[str, Any]]:
    """Two-player arena games of the player ``me`` (an agent spec: the search with a
    generation's value, ``ismcts:N+value=PATH``, or without one) against each opponent: its
    win rate and 95% interval."""
    from ..arena import arena

    out = []
    for opponent in against:
        report = arena([me, opponent], games, players=2, seed=seed, workers=workers,
                       progress=False)
        pairing = report["pairings"][0]
        out.append({"opponent": opponent, "games": pairing["ended"],
                    "wins": pairing["wins"][me], "rate": pairing["rate"],
                    "low": pairing["low"], "high": pairing["high"]})
    return out


def train(out: str | Path, *, generations: int = 1, games: int = 200,
          players: Sequence[int] = (2, 3, 4), selfplay_agent: str = "heuristic",
          search_iterations: int = 100, epochs: int = 20, hidden: Sequence[int] = (32, 32),
          segments: Sequence[str] = COMPACT,
          batch: int = 256, lr: float = 1e-3, weight_decay: float = 1e-4, window: int = 2,
          seed: int = 0, workers: int = 1, shard_games: int = 10, eval_games: int = 0,
          eval_against: Sequence[str] = ("heuristic",), eval_iterations: int | None = None,
          threads: int = 1, heuristic: bool = False, backend: str = "local",
          address: str | None = None, argv: Sequence[str] | None = None,
          tell: Callable[[str], None] = print) -> dict[str, Any]:
    """Run (or resume) the generations; the report is ``curve.json``'s content. With
    ``backend`` "ray" the self-play games are Ray tasks on the cluster at ``address`` (or
    on a Ray of ``workers`` CPUs started for the run)."""
    if backend not in BACKENDS:
        raise SetupError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    for name, value in (("generations", generations), ("games", games), ("epochs", epochs),
                        ("batch", batch), ("window", window), ("workers", workers),
                        ("search iterations", search_iterations), ("threads", threads)):
        if value < 1:
            raise SetupError(f"{name} must be at least 1, not {value}")
    if eval_games < 0:
        raise SetupError("eval games must be 0 or more")
    if any(h < 1 for h in hidden):
        raise SetupError(f"hidden layer sizes must be at least 1, not {list(hidden)}")
    columns(segments)  # unknown segment names fail before any game is played
    torch = _torch()
    torch.set_num_threads(threads)
    random.seed(seed)
    folder = Path(out)
    data_dir = folder / "data"
    folder.mkdir(parents=True, exist_ok=True)
    recipe = {"command": shlex.join(["smashup", "train", *argv]) if argv is not None
              else shlex.join(sys.argv), "generations": generations, "games": games,
              "players": list(players), "selfplay": selfplay_agent,
              "search_iterations": search_iterations, "epochs": epochs,
              "segments": list(segments), "hidden": list(hidden), "batch": batch, "lr": lr,
              "weight_decay": weight_decay,
              "window": window, "seed": seed, "layout": LAYOUT, "heuristic": heuristic,
              "features": len(columns(segments)) + heuristic,
              "torch": str(torch.__version__), "backend": backend}
    curve_path = folder / "curve.json"
    report: dict[str, Any] = {"recipe": recipe, "generations": []}
    if curve_path.exists():
        kept = json.loads(curve_path.read_text())
        report["generations"] = kept["generations"]
        if "baseline" in kept:
            report["baseline"] = kept["baseline"]
    done = {g["generation"]: g for g in report["generations"]}
    iterations = eval_iterations or search_iterations
    plain = f"ismcts:{iterations}"  # the same search with the hand-written evaluation
    wanted = {"agent": plain, "opponents": list(eval_against), "games": eval_games}
    if eval_games and report.get("baseline", {}).get("against") != wanted:
        # what each generation's strength is to be read against, measured once per run
        report["baseline"] = {
            "against": wanted, "strength": strength(plain, eval_against, eval_games, seed,
                                                    workers)}
        for s in report["baseline"]["strength"]:
            tell(f"{plain} (no learned value) vs {s['opponent']}: won {s['wins']} of "
                 f"{s['games']}")
        curve_path.write_text(json.dumps(report, indent=1))
    left = [g for g in range(1, generations + 1)
            if g not in done or not (data_dir / f"gen-{g}" / "value.npz").exists()]
    with (ray_cluster(workers, address) if backend == "ray" and left
          else contextlib.nullcontext()) as cluster:
        if cluster is not None:
            tell(f"self-play on Ray: {cluster[1]} CPUs")
        for generation in range(1, generations + 1):
            gen_dir = data_dir / f"gen-{generation}"
            model = gen_dir / "value.npz"
            if model.exists() and generation in done:
                tell(f"generation {generation}: done already")
                continue
            previous = data_dir / f"gen-{generation - 1}" / "value.npz"
            agent = (selfplay_agent if generation == 1
                     else f"ismcts:{search_iterations}+value={previous}")
            t0 = time.perf_counter()
            played = selfplay.generate(data_dir, generation, games, agent, seed, players,
                                       shard_games, workers, tell=tell, cluster=cluster)
            gens = list(range(max(1, generation - window + 1), generation + 1))
            data = selfplay.load(data_dir, gens, columns(segments).tolist())
            tell(f"generation {generation}: training on {len(data['y'])} positions of "
                 f"generations {gens}")
            epochs_curve = train_generation(
                data_dir, generation, data, segments=segments, hidden=hidden, epochs=epochs,
                batch=batch, lr=lr,
                weight_decay=weight_decay, seed=seed,
                warm=previous if generation > 1 else None, tell=tell, heuristic=heuristic)
            entry: dict[str, Any] = {
                "generation": generation, "selfplay": agent, "games": games,
                "positions": int(len(data["y"])), "selfplay_shards": played,
                "epochs": epochs_curve, "wall_s": round(time.perf_counter() - t0, 1)}
            if eval_games:
                entry["strength"] = strength(f"{plain}+value={model}", eval_against,
                                             eval_games, seed, workers)
                for s in entry["strength"]:
                    tell(f"generation {generation} vs {s['opponent']}: won {s['wins']} of "
                         f"{s['games']}")
            report["generations"] = [g for g in report["generations"]
                                     if g["generation"] != generation] + [entry]
            curve_path.write_text(json.dumps(report, indent=1))
            plot(report, folder / "learning_curve.png")
    last = data_dir / f"gen-{generations}" / "value.npz"
    shutil.copyfile(last, folder / "value.npz")
    final = report["generations"][-1]
    recipe.update({"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%MZ"),
                   "code": code_version(), "positions": final["positions"],
                   "final": final["epochs"][-1] if final["epochs"] else None,
                   "size_bytes": (folder / "value.npz").stat().st_size})
    (folder / "value.json").write_text(json.dumps(recipe, indent=1) + "\n")
    report["recipe"] = recipe
    curve_path.write_text(json.dumps(report, indent=1))
    plot(report, folder / "learning_curve.png")  # (with a baseline measured only now)
    return report


def plot(report: dict[str, Any], path: Path) -> bool:
    """The learning curve as a PNG: losses per epoch (all generations in a row) and, when
    measured, the win rate per generation, beside the same search's without a learned value
    (dashed); False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    epochs = [e for g in report["generations"] for e in g["epochs"]]
    strengths = [(g["generation"], s) for g in report["generations"]
                 for s in g.get("strength", [])]
    fig, axes = plt.subplots(1, 2 if strengths else 1, figsize=(10 if strengths else 6, 4),
                             squeeze=False)
    ax = axes[0][0]
    xs = list(range(1, len(epochs) + 1))
    ax.plot(xs, [e["train_loss"] for e in epochs], label="training loss")
    ax.plot(xs, [e["val_loss"] for e in epochs], label="held-out loss")
    ax.plot(xs, [e["baseline_loss"] for e in epochs], "--", label="par (1/players)")
    at = 0
    for g in report["generations"][:-1]:  # where each generation's training ends
        at += len(g["epochs"])
        ax.axvline(at + 0.5, color="grey", linewidth=0.6, linestyle=":")
    ax.set_xlabel("epoch (all generations in a row; each trains on its own window)")
    ax.set_ylabel("binary cross-entropy")
    ax.set_title("Learned value: loss")
    ax.legend()
    if strengths:
        ax2 = axes[0][1]
        for opponent in dict.fromkeys(s["opponent"] for _, s in strengths):
            pts = [(g, s) for g, s in strengths if s["opponent"] == opponent]
            rates = [s["rate"] or 0 for _, s in pts]
            # the 95% intervals as error bars (an entry without them draws none)
            spreads = [_spread(s, r) for r, (_, s) in zip(rates, pts, strict=True)]
            ax2.errorbar([g for g, _ in pts], rates, yerr=list(zip(*spreads, strict=True)),
                         fmt="o-", capsize=3, label=f"vs {opponent}")
        for s in report.get("baseline", {}).get("strength", []):
            ax2.axhline(s["rate"] or 0, linestyle="--", linewidth=0.9, color="tab:red",
                        label=f"{report['baseline']['against']['agent']} (no learned value) "
                              f"vs {s['opponent']}")
        ax2.axhline(0.5, color="grey", linewidth=0.8)
        ax2.set_xlabel("generation")
        ax2.set_xticks(sorted({g for g, _ in strengths}))
        ax2.set_ylabel("win rate (2 players, 95% interval)")
        ax2.set_ylim(0, 1)
        ax2.set_title("Strength")
        ax2.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def _spread(entry: dict[str, Any], rate: float) -> tuple[float, float]:
    """How far a strength entry's 95% interval reaches below and above its rate (0 where
    it has none)."""
    low, high = entry.get("low"), entry.get("high")
    return (0.0 if low is None else max(0.0, rate - low),
            0.0 if high is None else max(0.0, high - rate))
