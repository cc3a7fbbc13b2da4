"""Shapeshifters (Science Fiction Double Feature)."""
