"""Doctest collection of this package: a module whose optional libraries (the rl,
openspiel and learn-rl extras) are not installed is left out, not an import error (the
package's tests in tests/rl say the same with their skips)."""

from importlib.util import find_spec

_NEEDS = {
    "core.py": ("numpy",),
    "observation.py": ("numpy",),
    "bench.py": ("numpy", "gymnasium", "pettingzoo"),
    "gym_env.py": ("numpy", "gymnasium"),
    "pettingzoo_env.py": ("numpy", "gymnasium", "pettingzoo"),
    "learn.py": ("numpy", "gymnasium"),
    "openspiel_game.py": ("numpy", "pyspiel"),
}
collect_ignore = [name for name, libs in _NEEDS.items()
                  if any(find_spec(lib) is None for lib in libs)]
