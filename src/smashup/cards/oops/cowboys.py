"""cowboys (Oops, You Did It Again): being written."""
