"""A wheel holds every file the package reads: each non-Python file under ``src/smashup`` is
declared as package data in ``pyproject.toml`` (setuptools leaves undeclared ones out of the
wheel, so an installed ``smashup serve`` would have no page to serve)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "smashup"


def _data_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file()
                  and p.suffix not in (".py", ".pyc", ".so", ".typed")
                  and "__pycache__" not in p.parts)


def test_every_file_the_package_reads_is_declared_as_package_data() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]
    files = _data_files()
    assert any(p.parent.name == "static" for p in files)  # the browser game's files
    missing = []
    for path in files:
        relative = path.relative_to(ROOT / "src")
        covered = False
        for package, patterns in declared.items():
            folder = Path(*package.split("."))
            if folder in relative.parents:
                inside = relative.relative_to(folder).as_posix()
                covered |= any(fnmatch.fnmatch(inside, pattern) for pattern in patterns)
        if not covered:
            missing.append(str(relative))
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"
