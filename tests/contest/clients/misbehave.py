"""Test programs that break the rules, for the line protocol of tricks (or JSON with `json:` modes).

    python3 misbehave.py MODE [SECONDS] NAME

Modes: `bad` (every 3rd answer is a card it does not hold), `late` (its 2nd answer comes after the
limit, then plays on), `crash` (exits at its 3rd query), `garbage` (its 2nd answer is noise), `spin`
(burns CPU at the first query), `hog` (allocates 400 MiB at the first query), `env` (answers with the
names of its environment variables), `longline` (a 1 MiB line), `deaf` (never reads, never answers),
`json-crash` (exits at once), `forkbomb` (forks without end at the first query), `bigfile` (writes a file
without end at the first query), `pidfile` (starts a daemon that leaves its session by a double fork, and
writes the daemon's process id as the machine sees it to `daemon.pid` before playing on).
Otherwise it plays as the source's client: the first card of the led suit, else its first card.
"""

import os
import sys
import time

mode, name = sys.argv[1], sys.argv[-1]
SECONDS = float(sys.argv[2]) if len(sys.argv) > 3 else 1.0
cards, led, queries = [], None, 0


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def answer():
    global queries
    queries += 1
    follow = [c for c in cards if led and c[-1] == led[-1]]
    card = follow[0] if follow else cards[0]
    if mode == "bad" and queries % 3 == 0:
        held = set(cards)
        card = next(r + s for s in "SHDC" for r in "23456789TJQKA" if r + s not in held)
    elif mode == "late" and queries == 2:
        time.sleep(SECONDS)
    elif mode == "crash" and queries == 3:
        sys.exit(3)
    elif mode == "garbage" and queries == 2:
        send("floober |x| \x07 ça")
        return
    elif mode == "spin":
        while True:
            pass
    elif mode == "hog":
        hog = bytearray(400 << 20)
        hog[-1] = 1
    elif mode == "env":
        send("|RESPONSE|card|" + ",".join(sorted(os.environ)) + "|END|")
        return
    elif mode == "longline":
        send("x" * (1 << 20))
        return
    elif mode == "forkbomb":
        while True:
            os.fork()
    elif mode == "bigfile":
        with open("big", "wb") as f:
            while True:
                f.write(bytes(1 << 20))
    if card not in cards:  # a bad card: keep the hand as it was
        send(f"|RESPONSE|card|{card}|END|")
        return
    cards.remove(card)
    send(f"|RESPONSE|card|{card}|END|")


if mode == "json-crash":  # dies before reading anything
    sys.exit(5)
if mode == "deaf":
    time.sleep(3600)
if mode == "pidfile":
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            with open("daemon.tmp", "w") as f:
                f.write(os.readlink("/proc/self"))  # /proc is the machine's: its id outside any namespace
            os.rename("daemon.tmp", "daemon.pid")
            time.sleep(3600)
        os._exit(0)
    while not os.path.exists("daemon.pid"):
        time.sleep(0.01)
for line in sys.stdin:
    fields = line.strip().split("|")
    if line.startswith("|QUERY|card|"):
        answer()
    elif fields[2] == "cards":
        cards = fields[3].split()
    elif fields[2] == "start trick":
        led = None
    elif fields[2] == "played" and led is None:
        led = fields[4]
    elif fields[2] == "end game":
        break
