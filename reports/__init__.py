"""Rendering of analysis tables for people, and the `berserk` command line (the top floor)."""
