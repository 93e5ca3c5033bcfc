"""python -m game: start the program (same as python main.py)."""
import gc
import sys

gc.disable()        # no collections while the program loads: game.app.main turns them on after the first frame
from game.app import main  # noqa: E402

sys.exit(main())
