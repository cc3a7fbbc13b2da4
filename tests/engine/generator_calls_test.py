"""An effect helper that may ask a question (destroy, return, move, place, ...) is a generator:
called without ``yield from`` it silently does nothing, and the card seems to work but does
not. This test reads the source of the engine and every card module and refuses such calls."""

import ast
from pathlib import Path

import smashup

SRC = Path(smashup.__file__).resolve().parent
CHECKED = ["engine", "cards", "testing_cards.py", "testing_inventions.py"]


def _files() -> list[Path]:
    found: list[Path] = []
    for name in CHECKED:
        path = SRC / name
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def _generator_functions(trees: list[ast.Module]) -> set[str]:
    """Names of the module-level abilities and effect helpers (generators typed as
    ``AbilityGen``)."""
    names = set()
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.returns is not None and \
                    "AbilityGen" in ast.unparse(node.returns) and any(
                    isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node)):
                names.add(node.name)
    return names


def _discarded_calls(tree: ast.Module, generators: set[str]) -> list[tuple[int, str]]:
    """Calls of generator functions whose generator is dropped or only tested for truth."""
    bad = []
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            if not (isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
                    and child.func.id in generators):
                continue
            dropped = isinstance(node, ast.Expr)
            tested = isinstance(node, (ast.UnaryOp, ast.BoolOp, ast.Compare)) or (
                isinstance(node, (ast.If, ast.While, ast.IfExp)) and child is node.test)
            if dropped or tested:
                bad.append((child.lineno, child.func.id))
    return bad


def test_no_generator_effect_helper_is_called_without_yield_from():
    parsed = {path: ast.parse(path.read_text()) for path in _files()}
    generators = _generator_functions(list(parsed.values()))
    assert {"destroy", "return_to_hand", "move_minion", "place_on_deck"} <= generators
    problems = [f"{path.relative_to(SRC)}:{line}: {name}(...) without yield from"
                for path, tree in parsed.items() for line, name in _discarded_calls(tree,
                                                                                   generators)]
    assert problems == []


def test_the_check_finds_a_dropped_call():
    tree = ast.parse("def card(ctx):\n    return_to_hand(ctx, 3)\n    if not destroy(ctx, 4):\n"
                     "        pass\n    yield from destroy(ctx, 5)\n")
    assert _discarded_calls(tree, {"return_to_hand", "destroy"}) == [
        (2, "return_to_hand"), (3, "destroy")]
