"""The import graph of the ``smashup`` package, read from the source, and the layers it must keep.

Prints, for the engine (``smashup.engine``) and for the whole package: the number of modules,
of arrows (import edges: at run time, counting imports inside functions, and for type checking
only, counted apart) and the circles (each listed, with one way round it), and the imports that
run up the layers. Exits 1 when there is a circle or an upward import.

    python tools/import_graph.py [--figures] [SRC]

SRC: the folder holding smashup/ (default: this checkout's src). ``--figures``: the figures and
circles only, not the layers (for a tree laid out otherwise, such as the engine before its
layer packages).

tests/engine/import_graph_test.py enforces the same rules with this module's reader and the
layer tables below, which docs/architecture.md draws ("Layers").

The rules:

- An arrow is an ``import``/``from ... import`` naming a module of the package, wherever it
  stands: at the top of a module or inside a function (a lazy import is still an arrow). Imports
  under ``if TYPE_CHECKING:`` are *type-only* arrows, read apart: they never run.
- No circle among the run-time arrows, in the engine or in the whole package.
- No run-time arrow runs up a layer; a type-only arrow may point within its own layer or down,
  never up (``ENGINE_LAYERS`` inside the engine, ``PACKAGE_LAYERS`` for the whole package).
- A package's ``__init__`` belongs to its package, except the engine's (``smashup.engine``: the
  public face, above every engine layer) and the package's own (``smashup``: above everything).
  Importing a module runs its packages' ``__init__`` first; that is no arrow of its own here.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ENGINE = "smashup.engine"

ENGINE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("core",),
    ("facts",),
    ("rules",),
    ("mechanics",),
    ("turn",),
    ("api",),
    ("",),  # smashup/engine/__init__.py, the engine's public face
)
"""The engine's packages, lowest first: a module may import its own package's modules and
those of the packages below it."""

PACKAGE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("cards",),
    ("agents", "help_topics"),
    ("narrate", "sim", "testing", "testing_cards", "testing_inventions"),
    ("lab", "rl"),
    ("arena",),
    ("tui",),
    ("server",),  # the browser game seats its tables as the terminal game does (tui.session)
    ("cli",),  # the command line starts all of them
    ("",),  # smashup/__init__.py: ``import smashup`` brings the game, the cards and the agents
)
"""The parts of ``smashup`` (a top-level module or subpackage), lowest first: a part may import
its own modules, and any part of a lower layer; parts of one layer never import each other."""


@dataclass(frozen=True)
class Arrow:
    """``source`` imports ``target`` (module names), at ``line``."""

    source: str
    target: str
    line: int
    lazy: bool  # inside a function
    typing: bool  # under ``if TYPE_CHECKING:``: never runs


# ---- reading ---------------------------------------------------------------------------------


def module_names(src: Path, package: str = "smashup") -> dict[str, Path]:
    """Every module of ``package`` under ``src``: dotted name -> file (a package is its
    ``__init__.py``)."""
    found: dict[str, Path] = {}
    for path in sorted((src / package.replace(".", "/")).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool, bool]]:
    """Each import statement of ``tree`` with (inside a function, under TYPE_CHECKING)."""

    def walk(node: ast.AST, lazy: bool, typing: bool) -> Iterator[
            tuple[ast.Import | ast.ImportFrom, bool, bool]]:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, lazy, typing
            return
        if isinstance(node, ast.If) and _type_checking(node.test):
            for statement in node.body:
                yield from walk(statement, lazy, True)
            for statement in node.orelse:
                yield from walk(statement, lazy, typing)
            return
        inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            yield from walk(child, inner, typing)

    yield from walk(tree, False, False)


def read_arrows(name: str, path: Path, modules: Iterable[str]) -> list[Arrow]:
    """The arrows from module ``name`` (file ``path``) to the modules of ``modules``."""
    known = set(modules)
    is_package = path.name == "__init__.py"
    arrows: list[Arrow] = []

    def target(dotted: str) -> str | None:
        while dotted and dotted not in known:  # ``import a.b.thing``: the module a.b
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node, lazy, typing in _imports(tree):
        wanted: list[str] = []
        if isinstance(node, ast.Import):
            wanted = [alias.name for alias in node.names]
        elif node.level == 0:
            base = node.module or ""
            wanted = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                      for a in node.names]
        else:
            package = name if is_package else name.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{node.module}" if node.module else package
            wanted = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                      for a in node.names]
        for dotted in wanted:
            found = target(dotted)
            if found is not None and found != name:
                arrows.append(Arrow(name, found, node.lineno, lazy, typing))
    return arrows


def read_graph(src: Path, package: str = "smashup") -> tuple[list[str], list[Arrow]]:
    """The modules of ``package`` under ``src`` and every arrow between them (one per module
    and target: its first import of it)."""
    modules = module_names(src, package)
    arrows: list[Arrow] = []
    for name, path in modules.items():
        firsts: dict[tuple[str, bool], Arrow] = {}
        for arrow in read_arrows(name, path, modules):
            # a run-time import of a target makes a type-only one of it moot
            firsts.setdefault((arrow.target, arrow.typing), arrow)
        arrows += [a for (t, typing), a in firsts.items() if not (typing and (t, False) in firsts)]
    return sorted(modules), arrows


# ---- circles ---------------------------------------------------------------------------------


def circles(modules: Iterable[str], arrows: Iterable[Arrow]) -> list[list[str]]:
    """The circles among ``arrows``: each group of modules that all reach each other (a
    strongly connected component of two or more), sorted; the groups sorted."""
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for a in arrows:
        graph.setdefault(a.source, set()).add(a.target)
        graph.setdefault(a.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        # Tarjan's algorithm, iteratively (a deep package would overflow the recursion)
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, todo = work[-1]
            step = next(todo, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def way_round(group: list[str], arrows: Iterable[Arrow]) -> list[str]:
    """One shortest way round a circle: modules from ``group[0]`` back to it."""
    members = set(group)
    graph: dict[str, list[str]] = {}
    for a in arrows:
        if a.source in members and a.target in members:
            graph.setdefault(a.source, []).append(a.target)
    start = group[0]
    came: dict[str, str] = {}
    todo = [start]
    while todo:
        following: list[str] = []
        for node in todo:
            for step in sorted(graph.get(node, ())):
                if step == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if step not in came:
                    came[step] = node
                    following.append(step)
        todo = following
    return [start]


# ---- layers ----------------------------------------------------------------------------------


def part_of(module: str, root: str, parts: Iterable[str]) -> str | None:
    """The part of ``root`` (one of ``parts``: a name right under it, or "" for the root's own
    ``__init__``) that ``module`` belongs to; None outside ``root``."""
    if module == root:
        return ""
    if not module.startswith(root + "."):
        return None
    head = module[len(root) + 1:].split(".")[0]
    return head if head in set(parts) else None


def layer_of(layers: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    return {part: level for level, names in enumerate(layers) for part in names}


def upward(arrows: Iterable[Arrow], root: str, layers: tuple[tuple[str, ...], ...]
           ) -> list[str]:
    """The arrows among ``root``'s parts that break ``layers``: a run-time or type-only arrow
    to a higher layer, or a run-time arrow to another part of the same layer; and any module
    in a part the table does not place. One line each, naming the modules."""
    levels = layer_of(layers)
    problems: list[str] = []
    for a in arrows:
        src_part = part_of(a.source, root, ["", *_heads(a.source, root)])
        dst_part = part_of(a.target, root, ["", *_heads(a.target, root)])
        if src_part is None or dst_part is None or src_part == dst_part:
            continue
        kind = "type-only import" if a.typing else ("lazy import" if a.lazy else "import")
        for part, module in ((src_part, a.source), (dst_part, a.target)):
            if part not in levels:
                problems.append(f"{module}: its part {root}.{part} has no layer in the table")
        if src_part not in levels or dst_part not in levels:
            continue
        up = levels[dst_part] > levels[src_part]
        beside = levels[dst_part] == levels[src_part] and not a.typing
        if up or beside:
            where = "up" if up else "sideways"
            problems.append(
                f"{a.source} (line {a.line}) -> {a.target}: {kind} {where} from "
                f"{_name(root, src_part)} (layer {levels[src_part]}) to "
                f"{_name(root, dst_part)} (layer {levels[dst_part]})")
    return sorted(set(problems))


def _heads(module: str, root: str) -> list[str]:
    rest = module[len(root) + 1:] if module.startswith(root + ".") else ""
    return [rest.split(".")[0]] if rest else []


def _name(root: str, part: str) -> str:
    return f"{root}.{part}" if part else f"{root} (its __init__)"


def engine_only(modules: Iterable[str], arrows: Iterable[Arrow]
                ) -> tuple[list[str], list[Arrow]]:
    """The engine's modules and the arrows between them."""
    inside = [m for m in modules if m == ENGINE or m.startswith(ENGINE + ".")]
    members = set(inside)
    return inside, [a for a in arrows if a.source in members and a.target in members]


def drawing() -> list[str]:
    """The layers as docs/architecture.md draws them, highest first, one line per layer."""
    lines = []
    for names in reversed(PACKAGE_LAYERS):
        if names == ("",):
            lines.append("smashup (its __init__)")
        elif names == ("engine",):
            for inner in reversed(ENGINE_LAYERS):
                lines.append("engine (its __init__)" if inner == ("",) else
                             "engine." + " | engine.".join(inner))
        else:
            lines.append(" | ".join(names))
    return lines


# ---- the report ------------------------------------------------------------------------------


def report(title: str, modules: list[str], arrows: list[Arrow]) -> list[str]:
    run = [a for a in arrows if not a.typing]
    lines = [f"{title}: {len(modules)} modules, {len(run)} run-time arrows "
             f"({sum(a.lazy for a in run)} of them inside functions), "
             f"{len(arrows) - len(run)} type-only arrows"]
    found = circles(modules, run)
    lines.append(f"  circles: {len(found)}")
    for group in found:
        lines.append(f"  - {len(group)} modules: {', '.join(group)}")
        lines.append(f"    e.g. {' -> '.join(way_round(group, run))}")
    # allowed (a type-only arrow never runs), but worth knowing: a type names a higher module
    typed = [g for g in circles(modules, arrows) if g not in found]
    lines.append(f"  circles made or grown by type-only arrows: {len(typed)}")
    lines += [f"  - {len(g)} modules: {', '.join(g)}" for g in typed]
    return lines


def main(argv: list[str]) -> int:
    figures_only = "--figures" in argv
    argv = [a for a in argv if a != "--figures"]
    src = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "src"
    modules, arrows = read_graph(src)
    inside, inner = engine_only(modules, arrows)
    lines = report("engine", inside, inner) + report("smashup", modules, arrows)
    if figures_only:
        print("\n".join(lines))
        return 0
    wrong = upward(inner, ENGINE, ENGINE_LAYERS) + upward(arrows, "smashup", PACKAGE_LAYERS)
    lines.append(f"imports against the layers: {len(wrong)}")
    lines += [f"  - {w}" for w in wrong]
    print("\n".join(lines))
    return 1 if wrong or circles(modules, [a for a in arrows if not a.typing]) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
