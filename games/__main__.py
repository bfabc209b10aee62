"""Command-line tools for the games: `python -m games arena|contest|tournament …`."""

import sys

from games import arena

USAGE = """usage: python -m games arena GAME --seats LEVEL,LEVEL,… [--games N] [--options JSON]
       python -m games contest GAME --player NAME=COMMAND … [--games N] [--seed S]
       python -m games tournament GAME --player NAME=COMMAND … [--deals N] [--jobs J]"""


def main() -> None:
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "arena":
        arena.main(sys.argv[2:])
    elif command == "contest":
        from games import contest

        contest.main(sys.argv[2:])
    elif command == "tournament":
        from games import tournament

        tournament.main(sys.argv[2:])
    else:
        sys.exit(USAGE)


if __name__ == "__main__":
    main()
