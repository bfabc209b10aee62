"""A player for the JSON-lines protocol (docs/protocol.md), for any game: it plays a random legal action.

    python -m games contest durak --player A="python3 examples/json_client.py" --player B=ai:heuristic

Each line from the server is one JSON object; an `act` message carries the seat's view and the legal
actions, and wants one line back: {"action": "..."}. A real player would look at `view` (its hand,
the table, the scores…) and at the `event` messages to choose; this one only shows where to do it.
"""

import json
import random
import sys


def main():
    name = sys.argv[1]
    rng = random.Random(name)
    seat = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":
            seat = msg["seat"]
        elif msg["type"] == "act":
            view = msg["view"]  # exactly what this seat may know: view["hand"], view["scores"], …
            assert view["viewer"] == seat
            print(json.dumps({"action": rng.choice(msg["legal"])}), flush=True)
        elif msg["type"] == "end":
            break


if __name__ == "__main__":
    main()
