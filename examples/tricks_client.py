"""A tricks player for the line protocol, behaving exactly as the source's own Python client (seed 002).

    python -m games contest tricks --player A="python3 examples/tricks_client.py" --player B=… …

It reads lines until `|INFO|end game|…`, keeps the cards it was dealt in the order given, and when
asked plays the first card of the led suit it holds, else its first card. Like the original it
writes a log file `logger_NAME.log` in its working directory, and stops at the first line it does not
understand. (The original is Python 2; to run it unchanged: `--player A="python2 simple_client.py"`.)
"""

import logging
import sys


class Client:
    def __init__(self, name):
        self.name = name
        self.cards = []
        self.led = None  # the first card of the current trick

    def send(self, text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def handle(self, line):
        """False when the client should stop."""
        line = line.strip()
        logging.info("got %r", line)
        if not line.endswith("|END|"):
            raise ValueError(f"not a message: {line!r}")
        fields = line.split("|")
        if line.startswith("|QUERY|"):
            if not line.startswith("|QUERY|card|END|"):
                return False
            follow = [c for c in self.cards if self.led and c[-1] == self.led[-1]]
            card = follow[0] if follow else self.cards[0]
            self.cards.remove(card)
            self.send(f"|RESPONSE|card|{card}|END|")
            return True
        if not line.startswith("|INFO|"):
            return False
        key = fields[2]
        if key == "end game":
            return False
        if key == "start trick":
            self.led = None
        elif key == "played":
            if self.led is None:
                self.led = fields[4]
        elif key == "cards":
            self.cards = fields[3].split()
        elif key not in ("start game", "start hand", "end hand", "end trick", "bad card"):
            return False
        return True


def main():
    name = sys.argv[1]
    logging.basicConfig(level=logging.DEBUG, filename=f"logger_{name}.log", filemode="w")
    client = Client(name)
    try:
        while client.handle(sys.stdin.readline()):
            pass
    except Exception:
        logging.exception("stopped")


if __name__ == "__main__":
    main()
