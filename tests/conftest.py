import smashup  # noqa: F401  (registers the cards)
