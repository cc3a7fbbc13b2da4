"""Cyborg Apes (Science Fiction Double Feature)."""
