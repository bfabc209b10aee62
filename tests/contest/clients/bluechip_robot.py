"""A bridge robot for the Blue Chip table manager protocol, written from docs/protocol.md alone.

    python3 bluechip_robot.py HOST PORT [MODE]

It imports nothing of Kozyr. It opens one of its longest suit with 12 or more points when nobody has bid
yet, else passes; it leads the top card of its longest suit, follows with its lowest card of the suit led,
and discards its lowest card; as declarer it plays dummy's cards the same way. MODE makes it break a rule
once (a file `broke` in its working directory remembers it across restarts): `garbage:N` (its Nth call or
card is noise), `outofturn` (it bids when it should ask for another seat's call), `late:N` (its Nth call or
card comes 1.5 s late), `wrongseat` (it asks for a seat it was not given). It connects within 10 s (the table
manager may not listen yet) and stops at `End of session` or when the connection closes.
"""

import contextlib
import os
import socket
import sys
import time

SEATS = ["NORTH", "EAST", "SOUTH", "WEST"]
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
ORDER = "23456789TJQKA"


class Closed(Exception):
    pass


class Robot:
    def __init__(self, host, port, mode):
        for _ in range(100):
            try:
                self.sock = socket.create_connection((host, int(port)))
                break
            except ConnectionRefusedError:
                time.sleep(0.1)
        self.file = self.sock.makefile("r", encoding="ascii", newline="\n")
        self.mode = "" if os.path.exists("broke") else mode
        if self.mode:
            open("broke", "w").close()
        self.actions = 0

    # -- lines ---------------------------------------------------------------------------------
    def send(self, text):
        self.sock.sendall((text + "\r\n").encode("ascii"))

    def read(self):
        line = self.file.readline()
        if not line:
            raise Closed
        return line.strip()

    def act(self, text):
        """Send one of its own calls or cards, unless the mode says to break a rule with it."""
        self.actions += 1
        if self.mode == f"garbage:{self.actions}":
            text = f"{self.me} bids 9Z"
        elif self.mode == f"late:{self.actions}":
            time.sleep(1.5)
        self.send(text)

    # -- the session ---------------------------------------------------------------------------
    def run(self):
        seat = "EAST" if self.mode == "wrongseat" else "ANYPL"
        self.send(f'Connecting "robots" as {seat} using protocol version 18')
        self.me = self.read().split()[0]
        self.seat = SEATS.index(self.me)
        self.send(f"{self.me} ready for teams")
        assert self.read().startswith("Teams")
        self.send(f"{self.me} ready to start")
        while self.read() == "Start of board":
            self.board()

    def board(self):
        self.send(f"{self.me} ready for deal")
        words = self.read().replace(".", " ").split()
        self.dealer = SEATS.index(words[words.index("Dealer") + 1])
        self.send(f"{self.me} ready for cards")
        self.hand = cards_of(self.read())
        self.auction()
        self.play()
        assert self.read().startswith("Timing")

    def auction(self):
        calls, turn = [], self.dealer
        while not (len(calls) >= 4 and calls[-3:] == ["passes"] * 3):
            if turn == self.seat:
                call = self.call(calls)
                self.act(f"{self.me} {call}")
            else:
                if self.mode == "outofturn":
                    self.mode = ""
                    self.send(f"{self.me} bids 1C")
                self.send(f"{self.me} ready for {SEATS[turn]}'s bid")
                call = self.read().split(" ", 1)[1].split(" Alert.")[0]
            calls.append(call)
            turn = (turn + 1) % 4
        bids = [(i, c) for i, c in enumerate(calls) if c.startswith("bids")]
        if not bids:  # four passes: the contest's 1NT by the dealer
            self.declarer, self.trump = self.dealer, None
            return
        last, call = bids[-1]
        strain = call.split()[1][1:]
        side = (self.dealer + last) % 2
        self.declarer = next(
            (self.dealer + i) % 4
            for i, c in enumerate(calls)
            if c.startswith("bids") and c.split()[1][1:] == strain and (self.dealer + i) % 2 == side
        )
        self.trump = None if strain == "NT" else strain

    def call(self, calls):
        if any(c.startswith("bids") for c in calls) or sum(POINTS.get(c[0], 0) for c in self.hand) < 12:
            return "passes"
        longest = max("CDHS", key=lambda s: sum(c[1] == s for c in self.hand))
        return f"bids 1{longest}"

    def play(self):
        dummy = (self.declarer + 2) % 4
        dummy_cards = []
        leader = (self.declarer + 1) % 4
        for trick in range(1, 14):
            played = []
            for k in range(4):
                hand = (leader + k) % 4
                actor = self.declarer if hand == dummy else hand
                if trick == 1 and k == 1 and self.seat != dummy:
                    self.send(f"{self.me} ready for dummy")
                    dummy_cards = cards_of(self.read())
                if k == 0 and actor == self.seat:
                    assert self.read().endswith("to lead")
                if actor == self.seat:
                    held = self.hand if hand == self.seat else dummy_cards
                    card = choose(held, played)
                    held.remove(card)
                    self.act(f"{SEATS[hand]} plays {card}")
                else:
                    whose = "dummy" if hand == dummy == self.seat else SEATS[hand]
                    self.send(f"{self.me} ready for {whose}'s card to trick {trick}")
                    card = self.read().split()[-1].upper()
                    if hand == self.seat:
                        self.hand.remove(card)
                    elif hand == dummy and card in dummy_cards:
                        dummy_cards.remove(card)
                played.append((hand, card))
            leader = winner(played, self.trump)


def cards_of(line):
    """The cards of a `… cards : S A K 3. H -. …` line."""
    out, suit = [], None
    for word in line.split(":", 1)[1].replace(".", " ").split():
        if word in ("S", "H", "D", "C"):
            suit = word
        elif word != "-":
            out.append(word + suit)
    return out


def choose(held, played):
    if not played:
        longest = max("SHDC", key=lambda s: sum(c[1] == s for c in held))
        return max((c for c in held if c[1] == longest), key=lambda c: ORDER.index(c[0]))
    led = played[0][1][1]
    follow = [c for c in held if c[1] == led] or held
    return min(follow, key=lambda c: ORDER.index(c[0]))


def winner(played, trump):
    led = played[0][1][1]
    best = max(
        played,
        key=lambda p: (p[1][1] == trump, p[1][1] == led, ORDER.index(p[1][0])),
    )
    return best[0]


if __name__ == "__main__":
    host, port = sys.argv[1], sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else ""
    with contextlib.suppress(Closed, ConnectionError):
        Robot(host, port, mode).run()
