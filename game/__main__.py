"""python -m game: start the program (same as python main.py)."""
import sys

from game.app import main

sys.exit(main())
