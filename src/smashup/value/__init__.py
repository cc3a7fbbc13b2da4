"""A learned value of a position from one seat's view (docs/learned.md).

``model`` plays: the features of a position (the seat's observation array, ``smashup.rl``)
and a small multilayer perceptron in numpy that turns them into the seat's chance of winning.
``selfplay`` makes training data (positions and final outcomes, in Parquet) and ``train``
fits the network with PyTorch (the ``learn`` extra) and writes the weights ``model`` reads.
Playing needs numpy only (the ``nn`` extra); importing this package needs nothing.
"""

from typing import Any

from ..engine.api.setup import SetupError
from ..sim import VALUE_LOADERS, LeafValue


def _load(path: str, spec: str) -> LeafValue:
    """The learned value of a ``+value`` agent spec: the model at ``path``, or the shipped one
    (``path`` empty); SetupError saying what is missing (numpy, or the model file)."""
    try:
        from .model import load_value  # numpy: only when a spec asks for the value
    except ImportError as err:
        raise SetupError(f"{spec!r} needs numpy for its learned value (pip install "
                         f"'smashup[nn]'): {err}") from None
    if path:
        return load_value(path)
    try:
        return load_value()
    except SetupError as err:
        raise SetupError(f"{spec!r} needs the learned model that ships with smashup, and it "
                         f"cannot be read ({err}): reinstall smashup, or train one with "
                         "smashup train (docs/learned.md)") from None


def _load_prior(path: str, spec: str) -> Any:
    """The learned prior of a ``+prior`` agent spec (as ``_load`` for the value)."""
    try:
        from .prior import load_prior
    except ImportError as err:
        raise SetupError(f"{spec!r} needs numpy for its learned prior (pip install "
                         f"'smashup[nn]'): {err}") from None
    if path:
        return load_prior(path)
    try:
        return load_prior()
    except SetupError as err:
        raise SetupError(f"{spec!r} needs the learned prior that ships with smashup, and it "
                         f"cannot be read ({err}): reinstall smashup, or train one with "
                         "smashup train --prior (docs/learned.md)") from None


VALUE_LOADERS.setdefault("value", _load)
VALUE_LOADERS.setdefault("prior", _load_prior)

