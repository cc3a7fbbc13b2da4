"""A learned value of a position from one seat's view (docs/learned.md).

``model`` plays: the features of a position (the seat's observation array, ``smashup.rl``)
and a small multilayer perceptron in numpy that turns them into the seat's chance of winning.
``selfplay`` makes training data (positions and final outcomes, in Parquet) and ``train``
fits the network with PyTorch (the ``learn`` extra) and writes the weights ``model`` reads.
``prior`` is a learned prior over a decision's options for the search, which
``prior_train`` fits to the search's own visits (docs/learned.md, "The prior over options").
Playing needs numpy only (the ``nn`` extra); importing this package needs nothing.
"""

import importlib
from collections.abc import Callable
from typing import Any

from ..engine.api.setup import SetupError
from ..sim import VALUE_LOADERS


def _loader(what: str, shipped: str, module: str, train: str) -> Callable[[str, str], Any]:
    """The loader of a ``+value`` (``+prior``) agent spec: the model at ``path``, or the
    shipped one (``path`` empty); SetupError saying what is missing (numpy, or the file).
    ``module``'s ``load_{what}`` loads it (imported only when a spec asks: it needs numpy)."""

    def load(path: str, spec: str) -> Any:
        try:
            loading = getattr(importlib.import_module(f"{__name__}.{module}"), f"load_{what}")
        except ImportError as err:
            raise SetupError(f"{spec!r} needs numpy for its learned {what} (pip install "
                             f"'smashup[nn]'): {err}") from None
        if path:
            return loading(path)
        try:
            return loading()
        except SetupError as err:
            raise SetupError(f"{spec!r} needs the learned {shipped} that ships with smashup, "
                             f"and it cannot be read ({err}): reinstall smashup, or train one "
                             f"with {train} (docs/learned.md)") from None

    return load


VALUE_LOADERS.setdefault("value", _loader("value", "model", "model", "smashup train"))
VALUE_LOADERS.setdefault("prior", _loader("prior", "prior", "prior", "smashup train --prior"))
