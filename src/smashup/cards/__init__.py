"""Every implemented card. Importing this package registers them all."""

from .core import (  # noqa: F401
    aliens,
    bases,
    dinosaurs,
    ninjas,
    pirates,
    robots,
    tricksters,
    tricksters_original,
    wizards,
    zombies,
)
