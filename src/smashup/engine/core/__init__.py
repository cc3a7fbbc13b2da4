"""Plain data and registries: definitions, the state, requests and options, the RNG. Imports
nothing else of the engine."""
