"""The ancient_egyptians bases of Oops, You Did It Again: being written."""
