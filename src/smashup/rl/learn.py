"""Train a MaskablePPO agent (``sb3_contrib``, PyTorch's CPU build) against a built-in
opponent, and measure it: the logic behind ``smashup learn`` and
``examples/learn_maskable_ppo.py`` (docs/rl.md).

Needs the ``learn-rl`` extra (torch, stable-baselines3, sb3-contrib).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .gym_env import SmashUpEnv


def _libs() -> tuple[Any, Any, Any]:
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError as err:  # depends on the installed extras
        from ..engine.api.setup import SetupError

        raise SetupError(f"smashup learn needs the learn-rl extra "
                         f"(pip install 'smashup[rl,learn-rl]'): {err}") from None
    return torch, MaskablePPO, BaseCallback


def evaluate(model: Any, games: int = 400, opponent: str = "random", seed: int = 10_000,
             pairs: Sequence[Sequence[str]] | None = None, batch: int = 32) -> dict[str, Any]:
    """Win rate of ``model`` (its most likely legal action at each decision) over ``games``
    games against ``opponent``, the learner's seat alternating; game seeds differ from
    training's. ``batch`` games are played side by side, one policy call for all."""
    wins = capped = started = 0
    live: list[tuple[SmashUpEnv, Any]] = []

    def start() -> None:
        nonlocal started
        env = SmashUpEnv(opponents=opponent, factions=pairs, seat=started % 2)
        obs, _ = env.reset(seed=seed + started)
        started += 1
        live.append((env, obs))

    while started < min(batch, games):
        start()
    while live:
        obs = np.stack([o for _, o in live])
        masks = np.stack([env.action_masks() for env, _ in live])
        chosen, _ = model.predict(obs, action_masks=masks, deterministic=True)
        still: list[tuple[SmashUpEnv, Any]] = []
        for (env, _), action in zip(live, chosen, strict=True):
            obs1, reward, terminated, truncated, _ = env.step(int(action))
            if terminated or truncated:
                wins += int(float(reward) > 0)
                capped += int(truncated)
            else:
                still.append((env, obs1))
        live[:] = still
        while started < games and len(live) < batch:
            start()
    return {"games": games, "wins": wins, "win_rate": wins / games, "capped": capped,
            "opponent": opponent}


def train(steps: int = 300_000, seed: int = 0, opponent: str = "random",
          minutes: float | None = None, out: str | Path | None = None,
          eval_games: int = 400, pairs: Sequence[Sequence[str]] | None = None,
          threads: int = 1, window: int = 200, shaping: float = 1.0, envs: int = 8,
          rollout: int = 2048,
          verbose: bool = True) -> dict[str, Any]:
    """Train for ``steps`` learner decisions (or until ``minutes`` of wall time pass), then
    evaluate over ``eval_games`` games. The learning curve is the win rate of the last
    ``window`` training games, recorded after each game from the first ``window`` on.
    ``out``: a folder for ``curve.json``, ``model.zip`` and ``learning_curve.png``."""
    torch, MaskablePPO, BaseCallback = _libs()
    torch.set_num_threads(threads)
    from stable_baselines3.common.vec_env import DummyVecEnv

    def make(k: int) -> Any:
        return lambda: SmashUpEnv(opponents=opponent, factions=pairs, shaping=shaping,
                                  seed=seed * 1000 + k)

    # several games side by side: one policy call serves them all (PyTorch's cost per call
    # is most of a step's cost at batch size 1)
    env = DummyVecEnv([make(k) for k in range(envs)])
    curve: list[tuple[int, float, float]] = []  # (learner steps, cpu seconds, win rate)
    results: list[int] = []
    start = time.perf_counter()
    cpu0 = time.process_time()

    class Progress(BaseCallback):  # type: ignore[misc,valid-type]
        def _on_step(self) -> bool:
            for info, done in zip(self.locals["infos"], self.locals["dones"], strict=True):
                if done:
                    results.append(int(info.get("winner") == info.get("seat")))
                    if len(results) >= window:
                        rate = sum(results[-window:]) / window
                        curve.append((self.num_timesteps,
                                      round(time.process_time() - cpu0, 1), rate))
                        if verbose and len(results) % 50 == 0:
                            print(f"steps {self.num_timesteps} games {len(results)} "
                                  f"win rate (last {window}) {rate:.3f} "
                                  f"wall {time.perf_counter() - start:.0f}s", flush=True)
            if minutes is not None and time.perf_counter() - start > minutes * 60:
                return False
            return True

    model = MaskablePPO(
        "MlpPolicy", env, seed=seed, verbose=0, n_steps=max(rollout // envs, 8),
        batch_size=min(512, rollout),
        n_epochs=3, learning_rate=3e-4, gamma=0.995, ent_coef=0.01,
        policy_kwargs={"net_arch": {"pi": [64, 64], "vf": [64, 64]}},
        device="cpu",
    )
    model.learn(total_timesteps=steps, callback=Progress())
    train_wall = time.perf_counter() - start
    train_cpu = time.process_time() - cpu0
    report: dict[str, Any] = {
        "steps": int(model.num_timesteps), "training_games": len(results),
        "train_wall_s": round(train_wall, 1), "train_cpu_s": round(train_cpu, 1),
        "opponent": opponent, "seed": seed, "threads": threads, "window": window,
        "envs": envs,
        "factions": "fixed" if pairs is not None else "random per game",
    }
    if eval_games:
        t0 = time.perf_counter()
        report["evaluation"] = evaluate(model, eval_games, opponent, pairs=pairs)
        report["evaluation"]["wall_s"] = round(time.perf_counter() - t0, 1)
    if verbose:
        print(json.dumps(report, indent=1), flush=True)
    if out is not None:
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "curve.json").write_text(json.dumps(
            {"report": report, "curve": curve}, indent=0) + "\n")
        model.save(folder / "model.zip")
        plot_curve(curve, report, folder / "learning_curve.png")
    report["curve"] = curve
    return report


def plot_curve(curve: Sequence[Sequence[float]], report: dict[str, Any], path: Path) -> None:
    """The learning curve as a small PNG (matplotlib, from the lab extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=90)
    if curve:
        data = np.array(curve, dtype=float)
        ax.plot(data[:, 0], data[:, 2], lw=1.2, label=f"training games (last {report['window']})")
    ev = report.get("evaluation")
    if ev:
        ax.axhline(ev["win_rate"], color="tab:green", ls="--",
                   label=f"evaluation: {ev['win_rate']:.1%} of {ev['games']}")
    ax.axhline(0.8, color="grey", lw=0.8, ls=":", label="80%")
    ax.set_xlabel("learner decisions")
    ax.set_ylabel(f"win rate vs {report['opponent']}")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
