"""The command-line interface (``smashup``), standard library only."""
