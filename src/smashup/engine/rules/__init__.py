"""The rules that change a position: triggers, choices, moving cards, protection, decks,
modifiers, waiting abilities, playing a card, trials, the resolution order and the turn order.

Importing any of them registers the trigger collector that ``core.events.emit`` calls."""

from . import triggers as _triggers  # noqa: F401  (registers the trigger collector)
