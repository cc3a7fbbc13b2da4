"""The project's scripts under tools/, imported by tests that drive them (the load test's
``smashup serve`` process, for instance). Importable from every test folder: pytest puts
``tests/`` on the path for its conftest."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load_loadtest() -> ModuleType:
    """tools/loadtest.py, registered under its module name (its dataclasses look it up)."""
    name = "smashup_loadtest"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, TOOLS / "loadtest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_import_graph() -> ModuleType:
    """tools/import_graph.py: the package's import graph and the layer tables."""
    name = "smashup_import_graph"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, TOOLS / "import_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (its dataclass looks its module up)
    spec.loader.exec_module(module)
    return module
