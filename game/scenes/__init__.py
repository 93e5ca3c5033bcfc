"""The scenes of the app's scene machine; importing the package registers every scene by name
(``base.register``), so scenes open one another with ``base.make_scene(name, ...)``."""
from . import base, board, editor, files, menu, newgame, settings, tutorial  # noqa: F401  (each registers its scenes)
