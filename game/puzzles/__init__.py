"""Mined puzzles: the bank (``bank``), the miner and its command (``python -m game.puzzles``).

Pure like the rules core: no pygame, no clocks; files are read only by the bank's loader.
"""
from .bank import TAGS, BankError, BankPuzzle, load_bank

__all__ = ["TAGS", "BankError", "BankPuzzle", "load_bank"]
