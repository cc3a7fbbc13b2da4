"""Science Fiction Double Feature: Cyborg Apes, Shapeshifters, Super Spies, Time Travelers."""
