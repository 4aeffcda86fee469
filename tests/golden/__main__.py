"""`python -m tests.golden --update`: regenerate the golden games (refused, nothing written, while a game
plays differently under the versions that recorded it); without --update, check them."""
import sys

from . import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
