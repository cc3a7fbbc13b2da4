"""The compiled (mypyc) build and the pure-Python package behave alike (issue 8).

``make test`` runs this suite on the sources, ``make test-compiled`` on the engine compiled in
place (with ``SMASHUP_EXPECT_COMPILED=1``), so every test here and elsewhere checks both.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import inspect
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import smashup
from smashup import Game, IllegalAction, ReplayError, SetupError, sim
from smashup.engine import COMPILED
from smashup.engine.turn import flow

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "smashup"
SUFFIX = EXTENSION_SUFFIXES[0]  # e.g. .cpython-311-x86_64-linux-gnu.so
TWO = [["aliens", "ninjas"], ["robots", "wizards"]]


def is_extension(module: Any) -> bool:
    return str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))


def build_script() -> Any:
    spec = importlib.util.spec_from_file_location("mypyc_build", ROOT / "tools" / "mypyc_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- which build is running ---------------------------------------------------------------------


def test_the_build_under_test_is_the_expected_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make test-compiled`` must not pass by quietly testing the sources, nor ``make test``
    by testing a compiled build."""
    assert COMPILED == is_extension(flow)
    expected = os.environ.get("SMASHUP_EXPECT_COMPILED")
    if expected == "1":
        assert COMPILED, f"smashup.engine.turn.flow is not compiled: {flow.__file__}"
        monkeypatch.chdir(ROOT)  # the build script's patterns are relative to the root
        for source in build_script().sources():
            name = source.removeprefix("src/").removesuffix(".py").replace("/", ".")
            assert is_extension(sys.modules.get(name) or importlib.import_module(name)), name
        if build_script().pgo_wanted([]):
            # profile-guided (docs/performance.md): the modules under test are the second
            # build, optimised for the counts of a training run that ran the search and the
            # turn flow
            build = ROOT / "build" / "mypyc"
            assert (build / "built-with").read_text(encoding="utf-8").endswith(" use")
            assert (build / "profile" / "trained-for").exists()
            counted = {path.name.rsplit("#", 1)[-1] for path in (build / "profile").glob("*")}
            assert "__native_smashup___agents___ismcts.gcda" in counted
            assert "__native_smashup___engine___turn___flow.gcda" in counted
    elif expected == "0":
        assert not COMPILED, f"smashup.engine.turn.flow is compiled: {flow.__file__}"
    assert smashup.__file__ is not None and smashup.__file__.endswith("__init__.py")


def test_a_profile_guided_build_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    script = build_script()
    monkeypatch.delenv("SMASHUP_PGO", raising=False)
    assert not script.pgo_wanted(["--no-pgo"])
    monkeypatch.setenv("SMASHUP_PGO", "0")
    assert not script.pgo_wanted([])
    compile_flags, link_flags = script.pgo_flags("generate")
    assert any(flag.startswith("-fprofile-generate=/") for flag in compile_flags)
    assert link_flags  # the counting build links gcc's counters
    assert script.pgo_flags("none") == ([], [])
    # a count gcc cannot match to an edited function is dropped, not an error
    assert "-Wno-coverage-mismatch" in script.pgo_flags("use")[0]


def test_the_training_run_calls_what_the_package_has() -> None:
    """The training run is a script in the build tool: the calls it makes must stay valid."""
    calls = [node for node in ast.walk(ast.parse(build_script().TRAINING))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)]
    assert {call.func.attr for call in calls} >= {"search_speed", "simulate"}
    for call in calls:
        if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) \
                and call.func.value.id == "sim":
            fn = getattr(sim, call.func.attr)
            inspect.signature(fn).bind(*[None] * len(call.args),
                                       **{k.arg: None for k in call.keywords if k.arg})


def test_the_doctests_of_the_compiled_modules_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypyc drops docstrings, so ``--doctest-modules`` finds no example in a compiled module:
    here each example is read from the source and run in the module as imported, compiled or
    not (the pure run also collects them the usual way)."""
    monkeypatch.chdir(ROOT)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)  # pytest's default flags
    parser = doctest.DocTestParser()
    for source in build_script().sources():
        module = importlib.import_module(
            source.removeprefix("src/").removesuffix(".py").replace("/", "."))
        tree = ast.parse(Path(source).read_text(), source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
                text = ast.get_docstring(node, clean=False)
                if text and ">>>" in text:
                    where = getattr(node, "lineno", 0)
                    runner.run(parser.get_doctest(text, dict(vars(module)), f"{source}:{where}",
                                                  source, where))
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    assert result.attempted >= 10  # the examples were found (18 when this was written)


def test_bench_reports_which_build_it_timed() -> None:
    report = sim.bench(games=1, seed=0)
    assert report["compiled"] is COMPILED
    assert report["decisions"] > 0


# ---- a compiled module older than its source ----------------------------------------------------


def test_a_compiled_module_older_than_its_source_is_reported(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    fresh = tmp_path / "engine" / "flow.py"
    stale = tmp_path / "engine" / "game.py"
    for source in (fresh, stale):
        source.write_text("")
        os.utime(source, (1_000, 1_000))
        compiled = source.with_suffix(SUFFIX)
        compiled.write_bytes(b"")
        os.utime(compiled, (1_000, 1_000))  # built when its source was last saved: fresh
    os.utime(stale, (2_000, 2_000))  # edited after the build
    orphan = tmp_path / ("gone" + SUFFIX)  # its source was deleted
    orphan.write_bytes(b"")
    (tmp_path / ("compiled__mypyc" + SUFFIX)).write_bytes(b"")  # the shared library: no source
    assert smashup.stale_compiled_modules(str(tmp_path)) == [
        os.path.join("engine", "game.py"), "gone.py"]
    os.utime(stale.with_suffix(SUFFIX), (2_000, 2_000))  # rebuilt
    assert smashup.stale_compiled_modules(str(tmp_path)) == ["gone.py"]


def test_importing_a_package_with_a_stale_compiled_module_fails_loudly(tmp_path: Path) -> None:
    copy = tmp_path / "smashup"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    stale = copy / "engine" / "turn" / ("flow" + SUFFIX)
    stale.write_bytes(b"")  # never loaded: the check refuses it first
    os.utime(stale, (1_000, 1_000))
    run = subprocess.run([sys.executable, "-c", "import smashup"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(tmp_path)}, timeout=60)
    assert run.returncode == 1
    assert "older than 1 source file(s) (engine/turn/flow.py)" in run.stderr
    assert "run 'make compile' to rebuild it or 'make clean-compiled'" in run.stderr


# ---- the API refuses a wrong type the same way, compiled or not --------------------------------


def test_game_is_made_by_new_or_from_json_only() -> None:
    with pytest.raises(TypeError, match=r"Game.new\(setup\) or Game.from_json\(save\)"):
        Game()


@pytest.mark.parametrize("bad", [None, True, 1.5, [0], "0"])
def test_a_wrong_type_of_player_is_refused(bad: Any) -> None:
    game = Game.new({"factions": TWO, "seed": 3})
    with pytest.raises(IllegalAction, match="is not in this game"):
        game.observation(bad)


@pytest.mark.parametrize("bad", [None, True, 1.5, [0]])
def test_a_wrong_type_of_action_is_refused(bad: Any) -> None:
    game = Game.new({"factions": TWO, "seed": 3})
    before = game.state.fingerprint()
    for call in (game.apply, game.action_text, game.action_label):
        with pytest.raises(IllegalAction, match="malformed action"):
            call(bad)
    assert game.state.fingerprint() == before and game.history == []


@pytest.mark.parametrize("bad", [None, True, 1.5])
def test_a_wrong_type_of_card_is_refused(bad: Any) -> None:
    game = Game.new({"factions": TWO, "seed": 3})
    for call in (game.why_not, game.would_do_nothing):
        with pytest.raises(IllegalAction, match="no card"):
            call(bad)


@pytest.mark.parametrize(("bad", "message"), [
    (None, "setup: expected an object, got null"), ([1], "setup: expected an object, got a list")])
def test_a_setup_of_the_wrong_type_is_a_setup_error(bad: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Game.new(bad)


@pytest.mark.parametrize(("call", "bad", "message"), [
    (Game.from_dict, None, "save: expected an object, got null"),
    (Game.from_dict, [1], "save: expected an object, got a list"),
    (Game.from_json, None, "save: expected JSON text, got null"),
    (Game.from_json, b"\xff", "save: not UTF-8 text"),
])
def test_a_save_of_the_wrong_type_is_a_replay_error(call: Any, bad: Any, message: str) -> None:
    with pytest.raises(ReplayError, match=message):
        call(bad)
