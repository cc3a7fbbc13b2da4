"""The bases of Excellent Movies, Dudes! (two per faction of the set)."""
