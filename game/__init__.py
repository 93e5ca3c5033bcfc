"""Amoeba, Onyx and Onager: the game package."""
