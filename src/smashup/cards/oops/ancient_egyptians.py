"""ancient_egyptians (Oops, You Did It Again): being written."""
