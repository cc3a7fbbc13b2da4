"""Cease and Desist: Astroknights, Changerbots, Ignobles, Star Roamers."""
