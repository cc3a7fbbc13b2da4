"""The balance lab: every deck against every deck, played at scale, summarised with
confidence intervals, and drawn as a report (``smashup lab run`` / ``smashup lab report``).

The planning, storage and statistics use the standard library only; the Ray backend,
Parquet output and the report's plots need the optional extra ``smashup[lab]``.
"""

from .plan import Plan, PlannedGame, all_decks, deck_name, game_seed
from .runner import BACKENDS, play_batch, run_lab
from .stats import aggregate, wilson
from .store import LabStore

__all__ = ["BACKENDS", "LabStore", "Plan", "PlannedGame", "aggregate", "all_decks",
           "deck_name", "game_seed", "play_batch", "run_lab", "wilson"]
