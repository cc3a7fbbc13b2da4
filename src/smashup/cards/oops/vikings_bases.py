"""The vikings bases of Oops, You Did It Again: being written."""
