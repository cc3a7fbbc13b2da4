"""One job per module: the turn flow uses the mechanics, never the other way round.

Read from the source: every import inside the engine, at the top of a module or inside a
function, except those only for type checking."""

import ast
from pathlib import Path

import smashup.engine

ENGINE = Path(smashup.engine.__file__).resolve().parent
MECHANICS = ("effects", "mechanics", "duels", "plays", "pending", "query", "kinds", "tables")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    typing_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for n in ast.walk(node))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and id(node) not in typing_only:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    return {path.stem: _imports(path) for path in ENGINE.glob("*.py")}


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    todo, seen = [start], set()
    while todo:
        for dep in graph.get(todo.pop(), ()):
            if dep == goal:
                return True
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return False


def test_no_mechanics_module_imports_the_turn_flow_even_lazily():
    graph = _graph()
    assert graph["flow"] >= {"plays", "pending", "mechanics"}  # the flow uses them
    assert [m for m in MECHANICS if _reaches(graph, m, "flow")] == []


def test_the_turn_flow_is_in_no_import_cycle():
    assert not _reaches(_graph(), "flow", "flow")


def test_the_check_sees_a_lazy_import(tmp_path: Path):
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from .game import G\ndef f():\n    from .flow import x\n")
    assert _imports(module) == {"flow"}
