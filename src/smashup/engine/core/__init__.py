"""Plain data and registries: definitions, the state, requests and options, the RNG, the
ability context (``context.Ctx``), the event log (``events.emit``, with the slot the rules fill
with their trigger collector) and the registry of rule steps. Imports nothing else of the
engine."""
