"""astroknights (Cease and Desist): being written."""
