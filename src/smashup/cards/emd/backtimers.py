"""backtimers (Excellent Movies, Dudes!): being written."""
