"""The rules that change a position: effects, waiting abilities, playing a card, trials, the
resolution order and the turn order."""
