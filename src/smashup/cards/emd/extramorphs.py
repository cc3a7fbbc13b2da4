"""extramorphs (Excellent Movies, Dudes!): being written."""
