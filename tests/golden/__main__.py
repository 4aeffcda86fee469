"""`python -m tests.golden --update`: regenerate the golden games; without --update, check them."""
import sys

from . import GAMES, mismatch, render, update

if __name__ == "__main__":
    if "--update" in sys.argv[1:]:
        changed = update()
        print(f"{len(changed)} of {len(GAMES)} golden games rewritten" + (": " + ", ".join(changed) if changed else ""))
    else:
        problems = [m for m in (mismatch(name, render(name)) for name in GAMES) if m]
        print("\n\n".join(problems) or f"all {len(GAMES)} golden games play as recorded")
        sys.exit(1 if problems else 0)
