"""changerbots (Cease and Desist): being written."""
