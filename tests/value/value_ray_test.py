"""``smashup train --backend ray``: the self-play shards played as Ray tasks are the files
local processes write, shards already there are not played again, a later generation's model
reaches nodes that do not see the driver's files, and a missing Ray is refused before any
game. One real local Ray (2 CPUs on 127.0.0.1) for the whole module."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

pytest.importorskip("numpy", reason="the nn extra (numpy) is not installed")
pq = pytest.importorskip("pyarrow.parquet", reason="the lab extra (pyarrow) is not installed")

from smashup.cli.main import main  # noqa: E402
from smashup.engine.api.setup import SetupError  # noqa: E402
from smashup.sim import DEFAULT_TURN_CAP  # noqa: E402
from smashup.value import selfplay  # noqa: E402
from smashup.value.model import DEFAULT_MODEL  # noqa: E402

TINY = {"games": 4, "agent": "random", "seed": 3, "players": (2, 3), "shard_games": 1}


@pytest.fixture(scope="module")
def cluster():
    pytest.importorskip("ray")
    from smashup.lab.ray_backend import ray_cluster

    with ray_cluster(2, None) as (ray, cpus):
        yield ray, cpus


def shards(folder, generation):
    return sorted(p.name for p in (folder / f"gen-{generation}").glob("shard-*.parquet"))


def same_files(a, b, generation):
    assert shards(a, generation) == shards(b, generation) != []
    for name in shards(a, generation):
        assert pq.read_table(a / f"gen-{generation}" / name).equals(
            pq.read_table(b / f"gen-{generation}" / name)), name
    assert ((a / f"gen-{generation}" / "settings.json").read_text()
            == (b / f"gen-{generation}" / "settings.json").read_text())


def test_ray_writes_the_shards_local_processes_write_and_skips_those_there(tmp_path,
                                                                          cluster):
    local, ray = tmp_path / "local", tmp_path / "ray"
    selfplay.generate(local, 1, **TINY)
    assert len(shards(local, 1)) == 4
    # an interrupted Ray run: its second shard was written already
    kept = ray / "gen-1" / "shard-00001.parquet"
    kept.parent.mkdir(parents=True)
    shutil.copy2(local / "gen-1" / "shard-00001.parquet", kept)
    written = kept.stat().st_mtime_ns
    said: list[str] = []
    report = selfplay.generate(ray, 1, **TINY, tell=said.append, cluster=cluster)
    assert report["played"] == 3 and report["resumed"] == 1
    assert sorted(line.split(" (")[0] for line in said) == [
        f"generation 1: shard {s}/4" for s in (1, 3, 4)]
    assert kept.stat().st_mtime_ns == written  # not written again
    same_files(local, ray, 1)
    # a later generation's search reads the last model: the same games on Ray
    model = tmp_path / "gen-1-value.npz"
    shutil.copy(DEFAULT_MODEL, model)
    later = dict(TINY, agent=f"ismcts:2+value={model}", games=2)
    selfplay.generate(local, 2, **later)
    selfplay.generate(ray, 2, **later, cluster=cluster)
    same_files(local, ray, 2)
    assert pq.read_table(ray / "gen-2" / "shard-00000.parquet").column(
        "agent").to_pylist()[0] == later["agent"]


def test_the_model_travels_with_the_shards_to_a_node_without_the_file(tmp_path):
    """A Ray node need not see the driver's folder: the model file's bytes go with the
    shard's settings, and the node plays the same games from its own copy (recording the
    driver's spec)."""
    model = tmp_path / "value.npz"
    shutil.copy(DEFAULT_MODEL, model)
    settings = {"games": 1, "shard_games": 1, "players": [2], "seed": 8, "generation": 2,
                "agent": f"ismcts:2+value={model}", "turn_cap": DEFAULT_TURN_CAP}
    here = selfplay.play_shard(settings, 0)
    sent = {**settings, "model": model.read_bytes()}
    model.unlink()  # the node's view: no such file
    with pytest.raises(SetupError, match="no value model"):
        selfplay.play_shard(settings, 0)
    assert here and selfplay.play_shard(sent, 0) == here


def test_train_on_ray_records_the_backend_in_the_recipe(tmp_path, cluster, capsys):
    pytest.importorskip("torch", reason="the learn extra (PyTorch) is not installed")
    out = tmp_path / "run"
    assert main(["train", "--out", str(out), "--games", "2", "--players", "2",
                 "--selfplay", "random", "--shard-games", "1", "--epochs", "1",
                 "--hidden", "4", "--backend", "ray"]) == 0
    assert "self-play on Ray: 2 CPUs" in capsys.readouterr().out  # the module's Ray
    recipe = json.loads((out / "value.json").read_text())
    assert recipe["backend"] == "ray" and "--backend ray" in recipe["command"]
    assert json.loads((out / "curve.json").read_text())["recipe"]["backend"] == "ray"
    assert len(shards(out / "data", 1)) == 2


def test_an_unknown_backend_or_ray_missing_is_refused_before_any_game(tmp_path, capsys,
                                                                     monkeypatch):
    pytest.importorskip("torch", reason="the learn extra (PyTorch) is not installed")
    from smashup.value.train import train

    out = tmp_path / "run"
    command = ["train", "--out", str(out), "--games", "2", "--selfplay", "random"]
    assert main([*command, "--backend", "spark"]) == 2
    assert "invalid choice: 'spark'" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as where it is absent
    assert main([*command, "--backend", "ray"]) == 2
    assert "the ray backend needs Ray: pip install 'smashup[lab]'" in capsys.readouterr().err
    assert not (out / "data" / "gen-1").exists()
    with pytest.raises(SetupError, match="unknown backend 'spark'"):
        train(out, backend="spark")
