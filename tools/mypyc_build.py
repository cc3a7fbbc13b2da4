"""Compile the engine's hot modules with mypyc, in place beside their sources (``make compile``).

The extension modules land next to the ``.py`` files in ``src/smashup`` (one small module per
source, plus the shared library ``smashup/compiled__mypyc*.so`` holding the code), where the
editable install imports them instead of the sources. ``make clean-compiled`` removes them.
The C sources (one per module) and object files stay in ``build/mypyc``: a rebuild compiles
again only the C files whose text changed, or all of them when the group's shared header
changed (and all of them after a change of interpreter or compiler flags).
Needs a C compiler and the Python headers, and mypy's config (pyproject.toml): run from the
repository root with the virtual environment's Python.
"""

from __future__ import annotations

import functools
import glob
import os
import shutil
import sys
import sysconfig
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

COMPILED = ("smashup/engine/*.py", "smashup/engine/*/*.py", "smashup/cards/*.py",
"smashup/cards/*/*.py",
            "smashup/agents/*.py", "smashup/value/model.py")
"""What is compiled, as patterns under src/. Packages' ``__init__.py`` files stay Python: a
compiled one runs before its package has a ``__path__``, so its relative imports fail (and
they only import). ``smashup/__init__.py`` checks that the compiled modules are up to date.
``smashup/sim.py`` stays Python: it is the benchmark's own loop, which should time the engine
as a caller's Python code drives it (and compiled, it gained nothing measurable)."""
BUILD = "build/mypyc"


def sources() -> list[str]:
    """The files ``COMPILED`` names, without packages' ``__init__.py``."""
    found = (path for pattern in COMPILED for path in glob.glob(f"src/{pattern}"))
    return sorted(path for path in found if os.path.basename(path) != "__init__.py")


def missing_tools() -> list[str]:
    """What the build needs and this machine lacks: a C compiler, the Python headers."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    return ([f"a C compiler ({compiler})"] if shutil.which(compiler) is None else []) + (
        [f"the Python headers ({headers})"] if not os.path.exists(headers) else [])


EXTRA_FLAGS = ("-fno-semantic-interposition",)


def forget_objects_of_another_build() -> None:
    """Object files and modules are reused only by the same interpreter and flags (they are
    kept when their C file is unchanged): on a change, the old ones are removed."""
    stamp = os.path.join(BUILD, "built-with")
    this = f"{sys.executable} {sys.version} {sysconfig.get_config_var('CFLAGS')} {EXTRA_FLAGS}"
    if os.path.exists(stamp):
        with open(stamp, encoding="utf-8") as f:
            if f.read() == this:
                return
    for made in ("temp", "lib"):  # object files; modules (copied from lib/ when up to date)
        shutil.rmtree(os.path.join(BUILD, made), ignore_errors=True)
    for built in glob.glob("src/**/*.so", recursive=True):
        os.remove(built)
    os.makedirs(BUILD, exist_ok=True)
    with open(stamp, "w", encoding="utf-8") as f:
        f.write(this)


def compile_changed(compiler: Any, compile_all: Callable[..., list[str]], jobs: int,
                    sources: list[str], **kwargs: Any) -> list[str]:
    """``compiler.compile`` for only those of ``sources`` whose object is older than the C file
    or a header it depends on (mypyc rewrites only the C files whose text changed, so the
    times of the others stay), over ``jobs`` threads; returns every source's object."""
    objects = dict(zip(sources, compiler.object_filenames(
        sources, output_dir=kwargs.get("output_dir") or ""), strict=True))
    headers = max((os.path.getmtime(h) for h in kwargs.get("depends") or ()), default=0.0)
    stale = [src for src in sources if not os.path.exists(objects[src])
             or os.path.getmtime(objects[src]) < max(os.path.getmtime(src), headers)]
    if stale:
        # the first file alone makes the object folders, so no two threads race on them
        compile_all(stale[:1], **kwargs)
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(lambda src: compile_all([src], **kwargs), stale[1:]))
    return [objects[src] for src in sources]


def main() -> None:
    if not os.path.exists("pyproject.toml") or not os.path.isdir("src/smashup"):
        sys.exit("mypyc_build: run this from the repository root")
    if missing := missing_tools():
        sys.exit(f"mypyc_build: compiling needs {' and '.join(missing)}; on Debian or Ubuntu, "
                 "install the packages gcc and python3-dev. The pure-Python package needs "
                 "neither: 'make test' and the rest work without compiling.")
    # Stamped on every compiled module at the end: a source edited after this moment (while
    # mypyc was already reading the sources) is then newer, and `import smashup` refuses the
    # stale build instead of running old code.
    started = time.time()
    jobs = os.cpu_count() or 1
    forget_objects_of_another_build()
    from mypyc.build import mypycify
    from setuptools import setup
    from setuptools.command.build_ext import build_ext

    # one C file per module (multi_file) rather than one file of 600,000 lines: gcc builds
    # them in less than half the time (and each in parallel, below), for the same speed of the
    # compiled engine (docs/performance.md)
    extensions = mypycify(sources(), target_dir=BUILD, group_name="smashup.compiled",
                          multi_file=True)
    for ext in extensions:
        # the compiled functions call each other directly (and may be inlined) instead of
        # through the shared library's symbol table: about 5% faster (docs/performance.md)
        ext.extra_compile_args = [*ext.extra_compile_args, *EXTRA_FLAGS]
        # the group's headers are written under its package's folder, which mypyc's include
        # path leaves out for a dotted group name
        ext.include_dirs = [*ext.include_dirs, os.path.join(BUILD, "smashup")]

    class ChangedOnlyBuildExt(build_ext):
        """setuptools compiles every C file of an extension, one after another, whenever one
        changed: this compiles only those that changed, spread over the cores. The compiler
        is shared by the extensions ``--parallel`` builds side by side, so it is wrapped once,
        around them all."""

        def build_extensions(self) -> None:
            compile_all = self.compiler.compile
            self.compiler.compile = functools.partial(compile_changed, self.compiler,
                                                      compile_all, jobs)
            try:
                super().build_extensions()
            finally:
                self.compiler.compile = compile_all

    setup(name="smashup-compiled", package_dir={"": "src"}, ext_modules=extensions,
          cmdclass={"build_ext": ChangedOnlyBuildExt},
          script_args=["--quiet", "build_ext", "--inplace", "--build-temp", f"{BUILD}/temp",
                       "--build-lib", f"{BUILD}/lib", "--parallel", str(jobs)])
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for ext in extensions:
        built = os.path.join("src", *ext.name.split(".")) + suffix
        os.utime(built, (started, started))
    print(f"mypyc_build: {len(extensions) - 1} modules compiled in place under src/ "
          f"in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
