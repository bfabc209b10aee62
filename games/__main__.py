"""Command-line tools for the games: `python -m games arena …`."""

import sys

from games import arena

USAGE = "usage: python -m games arena GAME --seats LEVEL,LEVEL,… [--games N] [--options JSON]"


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] != "arena":
        sys.exit(USAGE)
    arena.main(sys.argv[2:])


if __name__ == "__main__":
    main()
