"""The public face: the game, what a seat sees, saves, setup, scenarios, why a card can't be
played."""
