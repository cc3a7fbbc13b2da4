"""Every implemented card. Importing this package registers them all."""

from .cd import (  # noqa: F401
    astroknights,
    changerbots,
    ignobles,
    star_roamers,
)
from .cd import (  # noqa: F401
    bases as cd_bases,
)
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
from .emd import (  # noqa: F401
    action_heroes,
    backtimers,
    extramorphs,
    wraithrustlers,
)
from .emd import (  # noqa: F401
    bases as emd_bases,
)
from .oops import (  # noqa: F401
    ancient_egyptians,
    ancient_egyptians_bases,
    cowboys,
    cowboys_bases,
    samurai,
    samurai_bases,
    vikings,
    vikings_bases,
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
