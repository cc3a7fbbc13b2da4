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
from .sfdf import (  # noqa: F401
    bases as sfdf_bases,
)
from .sfdf import (  # noqa: F401
    cyborg_apes,
    shapeshifters,
    super_spies,
    time_travelers,
)
