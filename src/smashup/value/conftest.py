"""Doctest collection of this package: a module whose optional libraries (numpy, the nn
extra; pyarrow for self-play's Parquet) are not installed is left out, not an import error
(tests/value says the same with its skips). PyTorch is imported only when training runs."""

from importlib.util import find_spec

_NEEDS = {
    "model.py": ("numpy",),
    "selfplay.py": ("numpy",),
    "train.py": ("numpy",),
}
collect_ignore = [name for name, libs in _NEEDS.items()
                  if any(find_spec(lib) is None for lib in libs)]
