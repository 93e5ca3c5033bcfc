"""``python -m game.i18n``: see command.py."""
import sys

from .command import main

sys.exit(main())
