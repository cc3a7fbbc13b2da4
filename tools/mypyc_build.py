"""Compile the engine's hot modules with mypyc, in place beside their sources (``make compile``).

The extension modules land next to the ``.py`` files in ``src/smashup`` (one small module per
source, plus the shared library ``smashup/compiled__mypyc*.so`` holding the code), where the
editable install imports them instead of the sources. ``make clean-compiled`` removes them.
The C sources (one per module) and object files stay in ``build/mypyc``: a rebuild compiles
again only the C files whose text changed, or all of them when the group's shared header
changed (and all of them after a change of interpreter or compiler flags).
Needs a C compiler and the Python headers, and mypy's config (pyproject.toml): run from the
repository root with the virtual environment's Python.

With gcc the build is profile-guided: a first build that counts what runs, a training run of
the search and of whole games on it (``TRAINING``), then the build optimised for those counts
(``pgo_flags``); the counts stay in ``build/mypyc/profile`` for later rebuilds. ``--no-pgo``
(or ``SMASHUP_PGO=0``) builds once, without counts.
"""

from __future__ import annotations

import functools
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

COMPILED = ("smashup/engine/*.py", "smashup/engine/*/*.py", "smashup/cards/*.py",
"smashup/cards/*/*.py",
            "smashup/agents/*.py", "smashup/value/model.py", "smashup/value/prior.py")
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


def c_compiler() -> str:
    """The C compiler the build runs: ``$CC`` when set (setuptools honours it), else the one
    Python was built with."""
    return (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]


def missing_tools() -> list[str]:
    """What the build needs and this machine lacks: a C compiler, the Python headers."""
    compiler = c_compiler()
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    return ([f"a C compiler ({compiler})"] if shutil.which(compiler) is None else []) + (
        [f"the Python headers ({headers})"] if not os.path.exists(headers) else [])


EXTRA_FLAGS = ("-fno-semantic-interposition",)
PROFILE = f"{BUILD}/profile"
"""Where the training run of a profile-guided build leaves gcc's counts (``*.gcda``)."""
TRAINED = os.path.join(PROFILE, "trained-for")
"""Written once the counts are complete: what they were taken for (``profile_signature``)."""


def build_signature() -> str:
    """What objects and counts are valid for: this interpreter, its flags, this folder (gcc
    files a count under its object's absolute path)."""
    return (f"{sys.executable} {sys.version} {sysconfig.get_config_var('CFLAGS')} "
            f"{EXTRA_FLAGS} {os.path.abspath(BUILD)}")


def profile_signature() -> str:
    """What counts are valid for: the build's ``build_signature`` and the training run."""
    return f"{build_signature()} {hashlib.sha256(TRAINING.encode()).hexdigest()}"


def trained_for() -> str | None:
    """What the counts kept in ``PROFILE`` were taken for, or None when there are none."""
    try:
        with open(TRAINED, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None


def pgo_flags(stage: str) -> tuple[list[str], list[str]]:
    """The compile and link flags of a profile-guided build's ``stage``: ``generate`` (count
    what runs), ``use`` (optimise for those counts: hot paths laid out straight, the calls they
    make inlined, across C files at the link) or ``none``. ``use`` accepts counts older than
    a C file, as after an edit and an incremental rebuild: gcc then drops the counts of the
    functions that changed, and ``-fprofile-partial-training`` optimises the functions the
    training never ran as usual rather than for size."""
    counts = os.path.abspath(PROFILE)
    if stage == "generate":
        return [f"-fprofile-generate={counts}", "-fprofile-update=single"], [
            f"-fprofile-generate={counts}"]
    if stage == "use":
        # with the counts, link-time optimisation pays (it did not without them): the hot
        # paths inline mypyc's runtime helpers, which live in C files of their own
        return [f"-fprofile-use={counts}", "-fprofile-partial-training", "-fprofile-correction",
                "-Wno-missing-profile", "-Wno-coverage-mismatch", "-flto=auto"], [
                    "-flto=auto", "-O3"]
    return [], []


def pgo_wanted(argv: list[str]) -> bool:
    """Profile-guided unless ``--no-pgo`` or ``SMASHUP_PGO=0`` says otherwise, or the compiler
    is not gcc (the flags are gcc's)."""
    if "--no-pgo" in argv or os.environ.get("SMASHUP_PGO", "1") == "0":
        return False
    try:
        says = subprocess.run([c_compiler(), "--version"], capture_output=True,
                              text=True).stdout
    except OSError:
        return False
    return "Free Software Foundation" in says  # gcc says so; clang does not


def forget_objects_of_another_build(stage: str) -> None:
    """Object files and modules are reused only by the same interpreter, flags and stage of
    a profile-guided build (they are kept when their C file is unchanged): on a change, the
    old ones are removed."""
    stamp = os.path.join(BUILD, "built-with")
    this = f"{build_signature()} {pgo_flags(stage)} {stage}"
    if os.path.exists(stamp):
        with open(stamp, encoding="utf-8") as f:
            if f.read() == this:
                return
    # object files; modules (copied from lib/ when up to date). The folders stay: the
    # compiler's own folder making remembers what it made once in the process, so it would
    # not make them again (a profile-guided build builds twice in one process)
    for made in ("temp", "lib"):
        for folder, _, files in os.walk(os.path.join(BUILD, made)):
            for name in files:
                os.remove(os.path.join(folder, name))
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


def build(extensions: list[Any], base_args: dict[str, tuple[list[str], list[str]]], stage: str,
          started: float) -> None:
    """Compile ``extensions`` (with their ``base_args``, compile and link, by name, and the
    flags of ``stage``: ``pgo_flags``) in place under src/, only the C files changed since
    the last build of the same stage; each module is then stamped with ``started``."""
    from setuptools import setup
    from setuptools.command.build_ext import build_ext

    jobs = os.cpu_count() or 1
    forget_objects_of_another_build(stage)
    compile_flags, link_flags = pgo_flags(stage)
    for ext in extensions:
        # the compiled functions call each other directly (and may be inlined) instead of
        # through the shared library's symbol table: about 5% faster (docs/performance.md)
        base_compile, base_link = base_args[ext.name]
        ext.extra_compile_args = [*base_compile, *EXTRA_FLAGS, *compile_flags]
        ext.extra_link_args = [*base_link, *link_flags]

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


def train() -> None:
    """The training run of a profile-guided build, on the counting build under src/: what
    the compiled code spends its time on in use. The search (the hard level's) at 100
    mid-game decisions and, where numpy and the model are there, the expert level's at 30
    more, and whole games between heuristic players over every faction with two, three and
    four players (the rules every card runs, the lab's and simulate's work). Other seeds
    than the benchmark's (``smashup bench`` starts at seed 0)."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath("src")}
    subprocess.run([sys.executable, "-c", TRAINING], check=True, env=env)


TRAINING = """
from smashup import sim
for seed in range(1000, 1100):
    sim.search_speed(seed, 300)
if sim.level_unavailable("expert") is None:  # numpy and the model are there
    value = sim.learned_value("value", "expert")
    for seed in range(1100, 1130):
        sim.search_speed(seed, 300, value=value)
for players in (2, 3, 4):
    sim.simulate(games=20, players=players, seed=1000, agents=["heuristic"])
"""


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
    from mypyc.build import mypycify

    # one C file per module (multi_file) rather than one file of 600,000 lines: gcc builds
    # them in less than half the time (and each in parallel, below), for the same speed of the
    # compiled engine (docs/performance.md)
    extensions = mypycify(sources(), target_dir=BUILD, group_name="smashup.compiled",
                          multi_file=True)
    base_args = {ext.name: (list(ext.extra_compile_args), list(ext.extra_link_args))
                 for ext in extensions}
    for ext in extensions:
        # the group's headers are written under its package's folder, which mypyc's include
        # path leaves out for a dotted group name
        ext.include_dirs = [*ext.include_dirs, os.path.join(BUILD, "smashup")]
    if not pgo_wanted(sys.argv[1:]):
        build(extensions, base_args, "none", started)
    else:
        # profile-guided (docs/performance.md): a counting build, a training run on it, then
        # the build optimised for those counts. The counts are kept: a rebuild after an edit
        # compiles only the changed C files again, with the counts it has (`make
        # clean-compiled` starts over)
        if trained_for() != profile_signature():
            shutil.rmtree(PROFILE, ignore_errors=True)
            build(extensions, base_args, "generate", started)
            print(f"mypyc_build: counting build made in {time.time() - started:.0f} s; "
                  "the training run", flush=True)
            train()
            with open(TRAINED, "w", encoding="utf-8") as f:
                f.write(profile_signature())
        build(extensions, base_args, "use", started)
    print(f"mypyc_build: {len(extensions) - 1} modules compiled in place under src/ "
          f"in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
