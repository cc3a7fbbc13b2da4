"""Super Spies (Science Fiction Double Feature)."""
