"""The package's house rules, read from the source (docs/architecture.md, "Layers").

Every import of every module under src/smashup is read with ``ast`` (tools/import_graph.py):
relative and absolute, at the top of a module and inside functions (a lazy import still runs,
and still makes a circle), with those under ``if TYPE_CHECKING:`` read apart (they never run).

- No circle among the engine's modules, nor in the whole package.
- No import runs up a layer: the engine's packages (core < facts < rules < mechanics < turn <
  api < the engine's ``__init__``) and the package's parts (engine < cards < ... < cli) as
  ``ENGINE_LAYERS`` and ``PACKAGE_LAYERS`` order them; an import for type checking only may
  point within its own layer, never up.

A lower layer that must reach a higher one does it by a registry or a hook the higher one fills
in, or by a parameter, never by an import.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

import smashup
from tool_modules import load_import_graph

SRC = Path(smashup.__file__).resolve().parent.parent
DOCS = SRC.parent / "docs" / "architecture.md"


@pytest.fixture(scope="module")
def ig() -> ModuleType:
    return load_import_graph()


@pytest.fixture(scope="module")
def graph(ig: ModuleType) -> tuple[list[str], list]:
    return ig.read_graph(SRC)


def _circles_text(ig: ModuleType, modules: list[str], arrows: list) -> str:
    run = [a for a in arrows if not a.typing]
    return "\n".join(
        f"a circle of {len(group)} modules ({', '.join(group)}), e.g. "
        + " -> ".join(ig.way_round(group, run))
        for group in ig.circles(modules, run))


# ---- the engine ------------------------------------------------------------------------------


def test_no_circle_among_the_engine_modules(ig: ModuleType, graph: tuple[list[str], list]):
    modules, arrows = ig.engine_only(*graph)
    found = _circles_text(ig, modules, arrows)
    assert not found, "import circles among the engine's modules:\n" + found


def test_no_engine_import_runs_up_a_layer(ig: ModuleType, graph: tuple[list[str], list]):
    _, arrows = ig.engine_only(*graph)
    wrong = ig.upward(arrows, ig.ENGINE, ig.ENGINE_LAYERS)
    assert not wrong, "engine imports against the layers:\n" + "\n".join(wrong)


def test_the_turn_flow_uses_the_mechanics_and_nothing_of_the_api(
        ig: ModuleType, graph: tuple[list[str], list]):
    """The reader sees the real tree (the flow's own imports), and the order holds for it."""
    _, arrows = graph
    flow = {a.target for a in arrows if a.source == "smashup.engine.turn.flow"}
    packages = {t.split(".")[2] for t in flow if t.startswith("smashup.engine.")}
    assert {"smashup.engine.rules.plays", "smashup.engine.rules.pending"} <= flow
    assert {"core", "facts", "rules", "mechanics"} <= packages
    assert "api" not in packages


# ---- the whole package -----------------------------------------------------------------------


def test_no_circle_in_the_whole_package(ig: ModuleType, graph: tuple[list[str], list]):
    found = _circles_text(ig, *graph)
    assert not found, "import circles in the package:\n" + found


def test_no_import_runs_up_the_package_layers(ig: ModuleType, graph: tuple[list[str], list]):
    _, arrows = graph
    wrong = ig.upward(arrows, "smashup", ig.PACKAGE_LAYERS)
    assert not wrong, "imports against the package's layers:\n" + "\n".join(wrong)


def test_every_part_has_its_layer_and_every_layer_its_part(ig: ModuleType,
                                                           graph: tuple[list[str], list]):
    """A new package or top-level module gets a place in the tables (or the checks above
    would not see it); a name in the tables is one that exists."""
    modules, _ = graph
    engine_parts = {m.split(".")[2] if m.count(".") >= 2 else ""
                    for m in modules if m == ig.ENGINE or m.startswith(ig.ENGINE + ".")}
    parts = {m.split(".")[1] if "." in m else "" for m in modules}
    assert engine_parts == set(ig.layer_of(ig.ENGINE_LAYERS))
    assert parts == set(ig.layer_of(ig.PACKAGE_LAYERS))


def test_the_architecture_document_draws_the_same_layers(ig: ModuleType):
    """The drawing under "## Layers": one line per layer, highest first, its names in the left
    column (a line that starts with a space goes on with the one above)."""
    text = DOCS.read_text(encoding="utf-8").split("\n## Layers\n", 1)[1]
    block = text.split("```\n", 2)[1]
    drawn = [re.split(r"\s{2,}", line)[0] for line in block.splitlines()
             if line and not line.startswith(" ")]
    assert drawn == ig.drawing()


# ---- the reader itself, on made-up modules ----------------------------------------------------


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "smashup" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_reader_sees_a_lazy_import_and_keeps_type_only_ones_apart(ig: ModuleType,
                                                                     tmp_path: Path):
    src = _package(tmp_path, {
        "__init__.py": "", "engine/__init__.py": "", "engine/flow.py": "",
        "engine/game.py": "", "engine/more.py": "",
        "engine/m.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                        "    from .game import G\nelse:\n    from . import more\n"
                        "def f():\n    from .flow import x\n"),
    })
    _, arrows = ig.read_graph(src)
    found = {(a.target, a.lazy, a.typing) for a in arrows if a.source == "smashup.engine.m"}
    assert found == {("smashup.engine.flow", True, False), ("smashup.engine.game", False, True),
                     ("smashup.engine.more", False, False)}


def test_the_reader_resolves_relative_and_absolute_imports(ig: ModuleType, tmp_path: Path):
    src = _package(tmp_path, {
        "__init__.py": "from .engine import thing\n", "engine/__init__.py": "",
        "engine/core/__init__.py": "", "engine/core/defs.py": "",
        "engine/api/__init__.py": "from . import game\n",
        "engine/api/game.py": ("import smashup.engine.core.defs\nfrom ..core import defs\n"
                               "from smashup.engine import core\nimport json\n"),
    })
    _, arrows = ig.read_graph(src)
    assert sorted((a.source, a.target) for a in arrows) == [
        ("smashup", "smashup.engine"),
        ("smashup.engine.api", "smashup.engine.api.game"),
        ("smashup.engine.api.game", "smashup.engine.core"),
        ("smashup.engine.api.game", "smashup.engine.core.defs"),
    ]


def test_the_check_finds_a_circle_made_by_a_lazy_import(ig: ModuleType, tmp_path: Path):
    src = _package(tmp_path, {
        "__init__.py": "", "a.py": "from . import b\n", "b.py": "def f():\n    from . import c\n",
        "c.py": "from .a import x\n", "d.py": "from . import a\n",
        "e.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import d\n",
        "f.py": "from . import e\n",
    })
    modules, arrows = ig.read_graph(src)
    assert ig.circles(modules, [a for a in arrows if not a.typing]) == [
        ["smashup.a", "smashup.b", "smashup.c"]]
    assert "smashup.a -> smashup.b -> smashup.c -> smashup.a" in _circles_text(
        ig, modules, arrows)


def test_the_check_finds_an_upward_import(ig: ModuleType, tmp_path: Path):
    src = _package(tmp_path, {
        "__init__.py": "", "engine/__init__.py": "", "engine/core/__init__.py": "",
        "engine/core/defs.py": "def f():\n    from ..rules import effects\n",
        "engine/core/state.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                 "    from ..rules.effects import E\n    from .defs import D\n"),
        "engine/rules/__init__.py": "", "engine/rules/effects.py": "from ..core import defs\n",
        "engine/rules/pending.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                    "    from .effects import E\n"),
    })
    _, arrows = ig.read_graph(src)
    layers = (("core",), ("rules",))
    problems = ig.upward(arrows, "smashup.engine", layers)
    assert [p.split(":")[0] for p in problems] == [
        "smashup.engine.core.defs (line 2) -> smashup.engine.rules.effects",
        "smashup.engine.core.state (line 3) -> smashup.engine.rules.effects"]
    assert "lazy import up from smashup.engine.core" in problems[0]
    assert "type-only import up" in problems[1]


def test_parts_of_one_layer_may_not_import_each_other(ig: ModuleType, tmp_path: Path):
    src = _package(tmp_path, {"__init__.py": "", "tui.py": "", "server.py": "from . import tui\n"})
    _, arrows = ig.read_graph(src)
    assert ig.upward(arrows, "smashup", (("tui", "server"), ("",))) == [
        "smashup.server (line 1) -> smashup.tui: import sideways from smashup.server (layer 0) "
        "to smashup.tui (layer 0)"]
    assert ig.upward(arrows, "smashup", (("tui",), ("server",), ("",))) == []
