"""Excellent Movies, Dudes!: Action Heroes, Backtimers, Extramorphs, Wraithrustlers."""
