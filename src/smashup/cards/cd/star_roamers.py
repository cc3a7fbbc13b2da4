"""star_roamers (Cease and Desist): being written."""
