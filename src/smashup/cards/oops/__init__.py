"""Oops, You Did It Again: Ancient Egyptians, Cowboys, Samurai, Vikings.

Each faction's two bases are declared in its ``*_bases`` module."""
