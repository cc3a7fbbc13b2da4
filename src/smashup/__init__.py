"""smashup: a rule-exact Smash Up engine, computer players and tools.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 3})
>>> len(game.state.bases)
3
"""

import os
from importlib.machinery import EXTENSION_SUFFIXES


def stale_compiled_modules(package_dir: str) -> list[str]:
    """The mypyc-compiled modules under ``package_dir`` whose ``.py`` changed (or went away)
    after ``make compile`` built them: Python imports the extension module and would silently
    run the old code. A compiled module's file is stamped with the time its build started, so
    an edit made during the build counts too. Costs a directory listing and a pair of stats
    per compiled module; nothing when there is none."""
    stale = []
    for folder, subfolders, files in os.walk(package_dir):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        for name in files:
            suffix = next((s for s in EXTENSION_SUFFIXES if name.endswith(s)), None)
            if suffix is None or name.endswith("__mypyc" + suffix):  # the shared library
                continue
            compiled = os.path.join(folder, name)
            source = compiled[: -len(suffix)] + ".py"
            if not os.path.exists(source) or os.stat(source).st_mtime > os.stat(compiled).st_mtime:
                stale.append(os.path.relpath(source, package_dir))
    return sorted(stale)


# Must run before anything below imports a compiled module (so this module stays uncompiled).
if _stale := stale_compiled_modules(os.path.dirname(__file__)):
    raise ImportError(
        f"smashup: the compiled (mypyc) build is older than {len(_stale)} source file(s) "
        f"({', '.join(_stale[:5])}{', ...' if len(_stale) > 5 else ''}) and would run the old "
        "code: run 'make compile' to rebuild it or 'make clean-compiled' to run the sources")

# ``smashup.agents``, ``smashup.narrate`` and ``smashup.testing`` work after ``import smashup``
from . import agents, narrate, testing  # noqa: E402
from . import cards as _cards  # noqa: E402, F401  (registers every implemented card)
from . import value as _value  # noqa: E402, F401  (registers +value agent specs; numpy on use)
from .engine import REGISTRY, Game, IllegalAction, ReplayError, Request, SetupError  # noqa: E402

__all__ = ["REGISTRY", "Game", "IllegalAction", "ReplayError", "Request", "SetupError", "agents",
           "narrate", "testing"]
