"""wraithrustlers (Excellent Movies, Dudes!): being written."""
