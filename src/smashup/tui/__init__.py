"""Play Smash Up in the terminal: a full-screen Textual game (``smashup play``).

The engine never imports this package; ``draft`` and ``session`` use no Textual either.
"""
