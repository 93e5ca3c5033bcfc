"""Start the game: python main.py [--game G] [--black WHO] [--white WHO]."""
import sys

if __name__ == "__main__":
    from game.app import main
    sys.exit(main())
