"""Start the game: python main.py [--game G] [--black WHO] [--white WHO]."""
import sys

if __name__ == "__main__":
    import gc
    gc.disable()        # no collections while the program loads: game.app.main turns them on after the first frame
    from game.app import main
    sys.exit(main())
