"""ignobles (Cease and Desist): being written."""
