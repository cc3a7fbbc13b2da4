"""samurai (Oops, You Did It Again): being written."""
