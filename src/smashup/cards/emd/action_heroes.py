"""action_heroes (Excellent Movies, Dudes!): being written."""
