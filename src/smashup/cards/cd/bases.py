"""The bases of Cease and Desist (two per faction of the set)."""
