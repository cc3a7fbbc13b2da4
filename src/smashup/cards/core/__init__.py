"""The core set: factions and bases."""
