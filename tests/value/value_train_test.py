"""``smashup train`` on a tiny run: self-play into Parquet, training, the learning curve, a
model numpy plays with; an interrupted run resumes (skipping the games and epochs done) and
ends as an uninterrupted one does."""

from __future__ import annotations

import json
import random

import pytest

np = pytest.importorskip("numpy", reason="the nn extra (numpy) is not installed")
torch = pytest.importorskip("torch", reason="the learn extra (PyTorch) is not installed")
pq = pytest.importorskip("pyarrow.parquet", reason="the lab extra (pyarrow) is not installed")

from smashup.cli.main import main  # noqa: E402
from smashup.engine.api.game import Game  # noqa: E402
from smashup.sim import game_setup, make_agent  # noqa: E402
from smashup.value import train as training  # noqa: E402
from smashup.value.model import (  # noqa: E402
    COMPACT,
    FEATURES,
    LAYOUT,
    ValueNet,
    columns,
    features,
)
from smashup.value.selfplay import play_positions  # noqa: E402

TINY = ["--games", "2", "--players", "2,3", "--epochs", "3", "--shard-games", "1",
        "--hidden", "8,4", "--seed", "5"]


def real_features(count: int) -> np.ndarray:
    """Features of positions of a random game, from every seat."""
    game = Game.new(game_setup(9, 3, bases="all"))
    rng = random.Random(9)
    rows = []
    while len(rows) < count and not game.is_over:
        rows += [features(game.state, game.request, p) for p in range(3)]
        for _ in range(17):
            if not game.is_over:
                game.apply(rng.randrange(len(game.legal_actions())))
    return np.stack(rows[:count])


def test_numpy_inference_equals_torch():
    torch.manual_seed(3)
    net = training.build_net(torch, [16, 8])
    training.round_to_half(torch, net)
    value = training.to_value_net(net, {"layout": LAYOUT})
    x = real_features(12)
    with torch.no_grad():
        expected = torch.sigmoid(net(torch.from_numpy(x))).squeeze(1).numpy()
    assert np.allclose(value.predict(x), expected, atol=1e-6)
    assert np.allclose([value.value_of(row) for row in x], expected, atol=1e-6)
    assert expected.std() > 0  # the inputs really give different outputs


def test_a_network_that_reads_the_heuristic_starts_as_it_and_computes_as_torch(tmp_path):
    """--heuristic: the heuristic score is one more input, and a skip adds a linear term of
    the inputs to the logit. Untrained, the value is the heuristic's squashed score alone
    (the search's own leaf value); trained weights compute the same in numpy (a row at a
    time too) as in torch, and survive saving."""
    from smashup.value.model import heuristic_score

    game = Game.new(game_setup(9, 3, bases="all"))
    rng = random.Random(9)
    rows, heur = [], []
    while len(rows) < 12 and not game.is_over:
        for p in range(3):
            rows.append(features(game.state, game.request, p)[columns(COMPACT)])
            heur.append(heuristic_score(game.state, p))
        for _ in range(17):
            game.apply(rng.randrange(len(game.legal_actions())))
    x, h = np.stack(rows), np.asarray(heur, np.float32)
    assert h.std() > 0
    meta = {"layout": LAYOUT, "segments": list(COMPACT), "heuristic": True}
    full = np.zeros((len(x), FEATURES), np.float32)
    full[:, columns(COMPACT)] = x
    torch.manual_seed(6)
    net = training.build_net(torch, [8, 4], x.shape[1] + 1, heuristic=True)
    start = training.to_value_net(net, meta)
    assert np.allclose(start.predict(full, h), 1 / (1 + np.exp(-h)), atol=1e-6)
    with torch.no_grad():  # as if trained: every weight moved
        for p in net.parameters():
            p.add_(torch.randn_like(p) * 0.2)
    training.round_to_half(torch, net)
    value = training.to_value_net(net, meta)
    with torch.no_grad():
        inputs = torch.from_numpy(np.concatenate([x, h[:, None]], axis=1))
        expected = torch.sigmoid(net(inputs)).squeeze(1).numpy()
    assert np.allclose(value.predict(full, h), expected, atol=1e-5)
    assert np.allclose([value.value_of(r, float(v)) for r, v in zip(full, h, strict=True)],
                       expected, atol=1e-5)
    value.save(tmp_path / "wide.npz")
    assert np.array_equal(ValueNet.load(tmp_path / "wide.npz").predict(full, h),
                          value.predict(full, h))


def test_a_saved_model_loads_to_the_same_values(tmp_path):
    torch.manual_seed(4)
    net = training.build_net(torch, [8])
    training.round_to_half(torch, net)  # what is saved is float16: the same numbers
    value = training.to_value_net(net, {"layout": LAYOUT})
    value.save(tmp_path / "m.npz")
    again = ValueNet.load(tmp_path / "m.npz")
    x = real_features(6)
    assert np.array_equal(value.predict(x), again.predict(x))


def test_a_model_of_another_layout_is_refused(tmp_path):
    value = ValueNet([(np.zeros((FEATURES, 1), np.float32), np.zeros(1, np.float32))],
                     {"layout": "obs-1-old"})
    value.save(tmp_path / "old.npz")
    with pytest.raises(Exception, match="feature layout"):
        ValueNet.load(tmp_path / "old.npz")
    with pytest.raises(Exception, match="feature layout"):
        make_agent(f"ismcts:10+value={tmp_path / 'old.npz'}", 0)


def test_self_play_records_every_seat_at_each_turn_and_who_won():
    rows = play_positions(17, 3, "heuristic", 1, 0)
    assert rows and {r["seat"] for r in rows} == {0, 1, 2}
    assert sum(r["won"] for r in rows) == len(rows) // 3  # one winner per recorded turn
    assert all(max(r["idx"]) < FEATURES and len(r["idx"]) == len(r["val"]) for r in rows)


def test_train_a_tiny_run_and_resume_it_after_interruptions(tmp_path, capsys, monkeypatch):
    whole = tmp_path / "whole"
    assert main(["train", "--out", str(whole), *TINY]) == 0
    curve = json.loads((whole / "curve.json").read_text())
    gen = curve["generations"][0]
    assert [e["epoch"] for e in gen["epochs"]] == [1, 2, 3]
    assert all(e["val_loss"] is not None and e["baseline_loss"] > 0 for e in gen["epochs"])
    assert gen["positions"] == sum(pq.read_table(p).num_rows for p in
                                   (whole / "data" / "gen-1").glob("shard-*.parquet"))
    assert (whole / "learning_curve.png").stat().st_size > 1000
    recipe = json.loads((whole / "value.json").read_text())
    assert recipe["layout"] == LAYOUT and recipe["positions"] == gen["positions"]
    assert recipe["command"].startswith("smashup train --out ")
    model = ValueNet.load(whole / "value.npz")
    width = len(columns(COMPACT))  # the default segments
    assert [w.shape for w, _ in model.layers] == [(width, 8), (8, 4), (4, 1)]
    assert model.meta["segments"] == list(COMPACT)

    # the same run, stopped after its first shard of games and again after epoch 2
    broken = tmp_path / "broken"

    def stop_at(marker: str):
        def tell(line: str) -> None:
            print(line)
            if marker in line:
                raise KeyboardInterrupt
        return tell

    args = dict(generations=1, games=2, players=(2, 3), epochs=3, shard_games=1,
                hidden=(8, 4), seed=5)
    with pytest.raises(KeyboardInterrupt):
        training.train(broken, tell=stop_at("shard 1/2"), **args)
    assert len(list((broken / "data" / "gen-1").glob("shard-*.parquet"))) == 1
    with pytest.raises(KeyboardInterrupt):
        training.train(broken, tell=stop_at("epoch 2:"), **args)
    capsys.readouterr()
    report = training.train(broken, **args)
    said = capsys.readouterr().out
    assert "shard 1/2" not in said and "shard 2/2" not in said  # no game played again
    assert "resuming training after epoch 2" in said and "epoch 1:" not in said
    assert report["generations"][0]["selfplay_shards"]["played"] == 0
    assert [e["epoch"] for e in report["generations"][0]["epochs"]] == [1, 2, 3]
    # ... and ends with the uninterrupted run's data, curve and model
    for name in ("shard-00000.parquet", "shard-00001.parquet"):
        assert pq.read_table(whole / "data" / "gen-1" / name).equals(
            pq.read_table(broken / "data" / "gen-1" / name))
    assert report["generations"][0]["epochs"] == gen["epochs"]
    x = real_features(5)
    assert np.array_equal(model.predict(x), ValueNet.load(broken / "value.npz").predict(x))

    # done: running it again changes nothing
    capsys.readouterr()
    training.train(broken, **args)
    assert "done already" in capsys.readouterr().out


def test_a_linear_run_that_reads_the_heuristic_trains_a_model_the_search_plays_with(tmp_path):
    """The shipped model's recipe, tiny: --hidden '' --heuristic gives a linear model over
    the compact segments and the heuristic score (recorded with each position), which the
    search then uses at its leaves (the leaf shortcut for linear models)."""
    out = tmp_path / "linear"
    tiny = [a if a != "8,4" else "" for a in TINY]
    assert main(["train", "--out", str(out), *tiny, "--heuristic"]) == 0
    table = pq.read_table(next((out / "data" / "gen-1").glob("shard-*.parquet")))
    heur = table.column("heur").to_pylist()
    assert len(set(heur)) > 1 and max(abs(h) for h in heur) <= 8.0
    model = ValueNet.load(out / "value.npz")
    assert [w.shape for w, _ in model.layers] == [(len(columns(COMPACT)) + 1, 1)]
    assert model.heuristic and model.linear is not None
    recipe = json.loads((out / "value.json").read_text())
    assert recipe["heuristic"] is True and "--heuristic" in recipe["command"]
    game = Game.new(game_setup(4, 2))
    agent = make_agent(f"ismcts:30+value={out / 'value.npz'}", 1)
    from smashup.engine.api.quick import take_over

    assert agent.value is not None
    assert agent.value(take_over(game.clone()), 0) == model(take_over(game.clone()), 0)
    assert decide_legal(game, agent)


def decide_legal(game: Game, agent) -> bool:
    from smashup.agents import decide

    return decide(game, agent) in range(len(game.legal_actions()))


def test_bad_options_are_refused_before_any_game(tmp_path, capsys):
    assert main(["train", "--out", str(tmp_path / "x"), "--games", "0"]) == 2
    assert "games must be at least 1" in capsys.readouterr().err
    assert main(["train", "--out", str(tmp_path / "x"), "--selfplay", "nobody"]) == 2
    assert "unknown agent" in capsys.readouterr().err
    assert not (tmp_path / "x" / "data").exists()


def test_a_heuristic_run_refuses_shards_written_before_the_score_was_recorded(tmp_path, capsys):
    """Older shards have no ``heur`` column: reading them as scores of 0 would train the
    model's heuristic input on nothing, so ``--heuristic`` refuses them by name, while a
    run that does not read the score trains on the same shards."""
    from smashup.value import selfplay

    out = tmp_path / "old"
    tiny = [a if a != "8,4" else "" for a in TINY]
    assert main(["train", "--out", str(out), *tiny]) == 0
    for shard in (out / "data" / "gen-1").glob("shard-*.parquet"):
        pq.write_table(pq.read_table(shard).drop(["heur"]), shard)
    data = selfplay.load(out / "data", [1])
    assert len(data["y"]) > 0 and np.isnan(data["heur"]).all()
    for made in (out / "data" / "gen-1").glob("value.npz"):
        made.unlink()
    (out / "curve.json").unlink()
    capsys.readouterr()
    assert main(["train", "--out", str(out), *tiny, "--heuristic"]) == 2
    err = capsys.readouterr().err
    assert "no heuristic score" in err and "generation 1" in err
    assert not (out / "data" / "gen-1" / "value.npz").exists()
    assert main(["train", "--out", str(out), *tiny]) == 0  # without the score: trains


def test_strength_by_generation_beside_the_search_without_a_learned_value(tmp_path, capsys):
    """--eval-games: each generation's search with its value plays the fixed opponents, and
    once per run the same search with the hand-written evaluation plays the same games (the
    baseline the curve draws); resuming measures neither again."""
    out = tmp_path / "eval"
    command = ["train", "--out", str(out), *TINY, "--eval-games", "2", "--eval-against",
               "random", "--eval-iterations", "3"]
    assert main(command) == 0
    said = capsys.readouterr().out
    assert "ismcts:3 (no learned value) vs random: won" in said
    assert "generation 1 vs random: won" in said
    curve = json.loads((out / "curve.json").read_text())
    baseline = curve["baseline"]
    assert baseline["against"] == {"agent": "ismcts:3", "opponents": ["random"], "games": 2}
    for entry in (baseline["strength"][0], curve["generations"][0]["strength"][0]):
        assert entry["opponent"] == "random" and entry["games"] == 2
        assert 0 <= entry["wins"] <= 2 and entry["low"] <= entry["rate"] <= entry["high"]
    assert (out / "learning_curve.png").stat().st_size > 1000
    assert main(command) == 0
    said = capsys.readouterr().out
    assert "won" not in said and "done already" in said
    assert json.loads((out / "curve.json").read_text())["baseline"] == baseline
