"""The scenes of the app's scene machine. Each module registers its scenes by name
(``base.register``) and ``base.make_scene(name, ...)`` imports a scene's module the first time
it is needed (``base.HOMES``): importing this package imports no screen."""
