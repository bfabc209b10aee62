"""The Blue Chip Bridge Table Manager protocol: Kozyr seats the robots of computer-bridge championships.

Robots such as WBridge5 and Jack play the World Computer Bridge Championship through a table manager
that deals, relays every call and card over TCP, one plain-text line at a time, and enforces the rules.
Kozyr acts as that table manager for the seats of a bridge match whose player is named `bluechip:…`:

- `bluechip:PORT` or `bluechip:HOST:PORT` — Kozyr listens there (127.0.0.1 unless HOST says otherwise) and
  the robot, started by its operator, connects;
- `bluechip:COMMAND` — Kozyr listens on a free port of 127.0.0.1 and starts COMMAND with `{host}`, `{port}`,
  `{seat}` (NORTH …) and `{name}` replaced, under the same resource limits as any program.

`Robot` is driven as a `process.Program` that speaks JSON lines (so contests, tournaments and chat tables
seat it like any program): it takes the match's `start`, `event`, `act`, `violation` and `end` lines and
turns them into its seat's side of the protocol, one board after another, and its answer to an `act` is
the robot's call or card. Messages go to the robot when it must act (everything that happened since, in
the protocol's order, each after the robot's "ready for …" line) and when a board or the match ends. A
line that is not the one expected (malformed, out of turn, another seat's name) answers the question as
garbage: a violation like any program's, never a crash. After a violation the connection is closed; at
the robot's next board it is started again (a command) or may connect again (a port). At a chat table
(`once`) a robot is connected for one decision: the board so far is replayed to it, and its own earlier
calls and cards must come out the same. The exchange is in `docs/protocol.md` ("Blue Chip robots").
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from games.bridge.auction import partner
from games.bridge.rules import SUIT_ORDER, sort_bridge
from games.protocol.process import Limits, ProgramGone, command_argv
from games.protocol.sandbox import Sandboxed

PREFIX = "bluechip:"
GAME = "bridge"
VERSION = 18
SEATS = ("NORTH", "EAST", "SOUTH", "WEST")
VULNERABLE = {(False, False): "Neither", (True, False): "N/S", (False, True): "E/W", (True, True): "Both"}
TIMING = "Timing - N/S : this board [0:00], total [0:00:00]. E/W : this board [0:00], total [0:00:00]"
CALLS = {"pass": "passes", "double": "doubles", "redouble": "redoubles"}
CONNECT = re.compile(r'connecting\s+"([^"]*)"\s+as\s+(\w+)\s+using\s+protocol\s+version\s+(\d+)', re.I)
ACTION = re.compile(
    r"(north|east|south|west)\s+"
    r"(?:(passes|doubles|redoubles)|bids\s+([1-7])\s*(nt|[cdhsn])|plays\s+(10|[2-9tjqka])([shdc]))"
    r"(?:\s+alert\..*)?",
    re.I,
)


def is_bluechip(command: str) -> bool:
    return command.startswith(PREFIX)


@dataclass(frozen=True)
class Target:
    """Where the robot comes from: a port it connects to, and the command that starts it (if Kozyr does)."""

    host: str = "127.0.0.1"
    port: int = 0
    command: str | None = None


def parse(command: str) -> Target:
    """`bluechip:PORT`, `bluechip:HOST:PORT` or `bluechip:COMMAND`; ValueError when it is none of them."""
    rest = command.removeprefix(PREFIX).strip()
    host, _, port = rest.rpartition(":") if ":" in rest and " " not in rest else ("", "", rest)
    if port.isdecimal():
        if not 0 < int(port) < 65536:
            raise ValueError(f"no such port: {port}")
        return Target(host or "127.0.0.1", int(port))
    if not rest or not shlex.split(rest):
        raise ValueError("bluechip: needs a PORT, HOST:PORT or a COMMAND that starts the robot")
    return Target(command=rest)


# -- the protocol's texts --------------------------------------------------------------------------------


def hand_text(cards: list[str]) -> str:
    """`S A K 3. H -. D Q J 7 5 4. C 9 8 6 2.` (each suit from the ace down, `-` for a void)."""
    held = sort_bridge(cards)
    parts = []
    for s in SUIT_ORDER:
        ranks = " ".join(c[0] for c in held if c[1] == s)
        parts.append(f"{s} {ranks or '-'}.")
    return " ".join(parts)


def call_text(call: str) -> str:
    """`passes`, `doubles`, `redoubles`, `bids 1H`, `bids 3NT`."""
    if call in CALLS:
        return CALLS[call]
    level, strain = call.removeprefix("bid:")
    return f"bids {level}{'NT' if strain == 'N' else strain}"


def action_of(line: str) -> tuple[int, str] | None:
    """(seat, Kozyr's action) a robot's call or card line names, or None when it names none."""
    m = ACTION.fullmatch(" ".join(line.split()))
    if m is None:
        return None
    seat = SEATS.index(m[1].upper())
    if m[2]:
        return seat, {"passes": "pass", "doubles": "double", "redoubles": "redouble"}[m[2].lower()]
    if m[3]:
        strain = m[4].upper()[0]
        return seat, f"bid:{m[3]}{strain}"
    rank = "T" if m[5] == "10" else m[5].upper()
    return seat, f"play:{rank}{m[6].upper()}"


def same(line: str, expected: str) -> bool:
    return " ".join(line.split()).lower() == " ".join(expected.split()).lower()


# -- a board as the robot must hear it -------------------------------------------------------------------


@dataclass
class Board:
    """One board's header and its course, as steps in the protocol's order."""

    number: int
    dealer: int
    vul: tuple[bool, bool]
    cards: list[str]  # the robot's 13 cards as dealt
    steps: list[tuple[Any, ...]] = field(default_factory=list)
    declarer: int | None = None
    trick: int = 1
    played: int = 0  # cards played in the current trick
    over: bool = False

    def call(self, seat: int, call: str) -> None:
        self.steps.append(("call", seat, call))

    def contract(self, declarer: int) -> None:
        self.declarer = declarer
        self.steps.append(("lead", (declarer + 1) % 4))

    def play(self, seat: int, card: str) -> None:
        self.steps.append(("play", seat, card, self.trick))
        self.played += 1

    def dummy(self, cards: list[str]) -> None:
        self.steps.append(("dummy", cards))

    def trick_won(self, winner: int) -> None:
        self.trick += 1
        self.played = 0
        if self.trick <= 13:
            self.steps.append(("lead", winner))

    def end(self) -> None:
        self.over = True
        self.steps.append(("end",))

    def actor(self, seat: int) -> int:
        """Who acts for the hand `seat` in the play: the declarer for dummy."""
        return self.declarer if self.declarer is not None and seat == partner(self.declarer) else seat


def board_from_view(view: dict[str, Any], seat: int) -> Board:
    """The board so far as a seat's view shows it (a robot connected in the middle of a board)."""
    contract = view["contract"]
    tricks = [*view["tricks"], *([view["trick"]] if view["trick"] else [])]
    mine = [p["card"] for t in tricks for p in t["plays"] if p["seat"] == seat]
    board = Board(view["board"], view["dealer"], tuple(view["vul"]), view["hand"] + mine)
    for i, call in enumerate(view["calls"]):
        board.call((view["dealer"] + i) % 4, call)
    if contract is None or view["phase"] == "auction":
        return board
    board.contract(contract["declarer"])
    dummy = partner(contract["declarer"])
    dummy_cards = view["dummy_hand"] or []
    dummy_cards += [p["card"] for t in tricks for p in t["plays"] if p["seat"] == dummy]
    for t in tricks:
        for p in t["plays"]:
            board.play(p["seat"], p["card"])
            if board.trick == 1 and board.played == 1:
                board.dummy(dummy_cards)
        if t.get("winner") is not None and len(t["plays"]) == 4:
            board.trick_won(t["winner"])
    return board


# -- the robot --------------------------------------------------------------------------------------------


class Refused(Exception):
    """The robot sent a line that is not the one the protocol expects now."""


class Robot:
    """One seat's robot behind the table manager; driven as a `process.Program` speaking JSON lines."""

    def __init__(self, name: str, command: str, limits: Limits, workdir: str | None = None) -> None:
        self.name = name
        self.limits = limits
        self.target = parse(command)
        # relative files in the command resolved now: the robot runs in its own directory
        self.argv = command_argv(self.target.command, name)[:-1] if self.target.command else []
        self._own_dir = workdir is None
        self.workdir = workdir or tempfile.mkdtemp(prefix="kozyr-robot-")
        os.makedirs(self.workdir, exist_ok=True)
        self.gone: str | None = None
        self.listener = socket.create_server((self.target.host, self.target.port))
        self.host, self.port = self.listener.getsockname()[:2]
        self.proc: Sandboxed | None = None
        self.conn: socket.socket | None = None
        self.buffer = bytearray()
        self.seat = 0
        self.names: list[str] = []
        self.once = False
        self.boards: list[Board] = []  # the current board last (its predecessor while it is not told)
        self.told = 0  # steps of the robot's board it has heard or made
        self.board_no: int | None = None  # the board the connection is at (None: before its first)
        self.act: dict[str, Any] | None = None
        self.late = 0  # questions that timed out (the match would skip their late answers)
        self.started = time.monotonic()  # as a Program's: when it was started

    # -- Program's interface ------------------------------------------------------------------------
    def send(self, line: str) -> None:
        message = json.loads(line)
        kind = message["type"]
        if kind == "start":
            self.seat, self.names, self.once = message["seat"], message["names"], message.get("once", False)
            if self.target.command and not self.once:
                self._spawn()
        elif kind == "event":
            self._event(message)
        elif kind == "act":
            self.act = message
        elif kind == "violation":
            self._hang_up()
        elif kind == "end":
            self._finish()

    def read_line(self, timeout: float) -> str | None:
        """The robot's answer to the last `act` as a JSON line; None when it did not come in time."""
        if self.gone:
            raise ProgramGone(self.gone)
        if self.late:  # the match skips the late answer to a question that timed out: the robot hung up
            self.late -= 1
            return "(hung up)"
        act, self.act = self.act, None
        if act is None:
            return None
        if act["legal"] == ["accept", "reject"]:  # a claim: the protocol has none, play goes on
            return json.dumps({"action": "reject"})
        deadline = time.monotonic() + timeout
        try:
            return self._ask(act["view"], deadline)
        except Refused as e:
            return f"bluechip: {e}"  # not JSON: the match refuses it as the robot's (garbage) answer
        except TimeoutError:
            self.late += 1
            return None

    def end_input(self, grace: float = 0.5) -> None:
        return None

    def close(self, grace: float = 0.0) -> None:
        self._hang_up()
        with contextlib.suppress(OSError):
            self.listener.close()
        self.gone = self.gone or "closed"
        if self._own_dir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    # -- the course of the match --------------------------------------------------------------------
    def _event(self, e: dict[str, Any]) -> None:
        kind, seat, data = e["kind"], e["seat"], e["data"]
        board = self.boards[-1] if self.boards and not self.boards[-1].over else None
        if board is None:
            return  # before this seat's first act of a board: its view will tell it all
        if kind == "call":
            board.call(seat, data["call"])
        elif kind == "contract":
            board.contract(data["declarer_seat"])
        elif kind == "played":
            board.play(seat, data["card"])
        elif kind == "dummy":
            board.dummy(data["cards"])
        elif kind == "trick_won":
            board.trick_won(seat)
        elif kind == "board_scored":
            board.end()
            self._catch_up_quietly()

    def _board_for(self, view: dict[str, Any]) -> Board:
        if self.boards and self.boards[-1].number == view["board"] and not self.boards[-1].over:
            return self.boards[-1]
        board = board_from_view(view, self.seat)
        self.boards = [*self.boards[-1:], board]
        return board

    def _ask(self, view: dict[str, Any], deadline: float) -> str:
        board = self._board_for(view)
        if self.conn is None:
            deadline += self._startup()
            self._connect(deadline)
        if self.board_no != board.number:
            self._finish_board(deadline)
            self._start_board(board, deadline)
        self._tell(board, deadline)
        seat, action = self._action(deadline)
        turn = view["turn"] if view["phase"] == "play" else self.seat
        if seat != turn:
            raise Refused(f"{SEATS[seat]} {action}: it is {SEATS[turn]}'s turn")
        self.told += 1  # the robot made this step itself
        return json.dumps({"action": action})

    def _startup(self) -> float:
        """The time a robot has to start and connect (the start-up allowance), beside the decision's."""
        return float(getattr(self.limits, "startup", 0) or max(10.0, 2 * self.limits.time))

    # -- connecting -----------------------------------------------------------------------------------
    def _spawn(self) -> None:
        assert self.target.command is not None
        self._kill()
        words = {"host": self.host, "port": str(self.port), "seat": SEATS[self.seat], "name": self.name}
        argv = [w.format(**words) if "{" in w else w for w in self.argv]
        log = open(os.path.join(self.workdir, "stderr.log"), "ab")  # noqa: SIM115
        try:  # in its sandbox, but with the network: it connects to our port
            quiet = {"stdin": subprocess.DEVNULL, "stdout": log, "stderr": log}
            self.proc = Sandboxed(argv, self.limits, self.workdir, network=True, **quiet)
        finally:
            log.close()

    def _connect(self, deadline: float) -> None:
        if self.target.command and (self.proc is None or self.proc.proc.poll() is not None):
            self._spawn()
        ready, _, _ = select.select([self.listener], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise TimeoutError
        self.conn, _ = self.listener.accept()
        self.conn.setblocking(False)
        self.buffer.clear()
        line = self._line(deadline)
        m = CONNECT.fullmatch(" ".join(line.split()))
        if m is None:
            raise Refused(line)
        team, asked = m[1], m[2].upper()
        if asked not in (SEATS[self.seat], "ANYPL"):
            raise Refused(f"{line} (this robot sits {SEATS[self.seat]})")
        me = SEATS[self.seat]
        self._say(f'{me} ("{team}") seated')
        self._expect(f"{me} ready for teams", deadline)
        ns, ew = (" & ".join(dict.fromkeys(self.names[s] for s in pair)) for pair in ((0, 2), (1, 3)))
        self._say(f'Teams : N/S : "{ns}" E/W : "{ew}"')
        self._expect(f"{me} ready to start", deadline)
        self.board_no = None

    def _start_board(self, board: Board, deadline: float) -> None:
        me = SEATS[self.seat]
        self._say("Start of board")
        self._expect(f"{me} ready for deal", deadline, optional=f"{me} ready to start")
        vul = VULNERABLE[board.vul]
        self._say(f"Board number {board.number}. Dealer {SEATS[board.dealer]}. {vul} vulnerable.")
        self._expect(f"{me} ready for cards", deadline)
        self._say(f"{me}'s cards : {hand_text(board.cards)}")
        self.board_no, self.told = board.number, 0

    def _finish_board(self, deadline: float) -> None:
        """Tell the robot the rest of its last board (it ended while the robot waited)."""
        last = next((b for b in self.boards if b.number == self.board_no), None)
        if last is not None and self.told < len(last.steps):
            self._tell(last, deadline)

    def _catch_up_quietly(self) -> None:
        """At the end of a board, the robot hears the rest of it now (briefly), not at its next turn."""
        board = self.boards[-1]
        if self.conn is None or self.board_no != board.number:
            return
        try:
            self._tell(board, time.monotonic() + self.limits.time)
        except (Refused, TimeoutError, ProgramGone):
            self._hang_up()  # it will be connected again at its next board

    def _finish(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Refused, TimeoutError, ProgramGone, OSError):
                self._finish_board(time.monotonic() + self.limits.time)
                self._say("End of session")
        self._hang_up()

    def _hang_up(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(OSError):
                self.conn.close()
        self.conn, self.board_no = None, None
        if self.target.command:
            self._kill()

    def _kill(self) -> None:
        if self.proc is not None:
            self.proc.stop()
            self.proc = None

    # -- the board's steps ----------------------------------------------------------------------------
    def _tell(self, board: Board, deadline: float) -> None:
        """Every step of `board` the robot has not heard yet, in order, each after its "ready for" line."""
        me, my = self.seat, SEATS[self.seat]
        while self.told < len(board.steps):
            step = board.steps[self.told]
            kind = step[0]
            if kind == "call":
                _, seat, call = step
                if seat == me:
                    self._replayed(step, deadline)
                else:
                    self._expect(f"{my} ready for {SEATS[seat]}'s bid", deadline)
                    self._say(f"{SEATS[seat]} {call_text(call)}")
            elif kind == "lead":
                leader = step[1]
                if board.actor(leader) == me:
                    self._say("Dummy to lead" if leader != me else f"{my} to lead")
            elif kind == "play":
                _, seat, card, trick = step
                if board.actor(seat) == me:
                    self._replayed(step, deadline)
                else:
                    dummy = board.declarer is not None and seat == partner(board.declarer)
                    expected = f"{my} ready for {SEATS[seat]}'s card to trick {trick}"
                    other = f"{my} ready for dummy's card to trick {trick}" if dummy else None
                    self._expect(expected, deadline, optional=None, instead=other)
                    self._say(f"{SEATS[seat]} plays {card}")
            elif kind == "dummy":
                if board.declarer is not None and me != partner(board.declarer):
                    self._expect(f"{my} ready for dummy", deadline)
                    self._say(f"Dummy's cards : {hand_text(step[1])}")
            elif kind == "end":
                self._say(TIMING)
            self.told += 1

    def _replayed(self, step: tuple[Any, ...], deadline: float) -> None:
        """A step the robot made itself, before this connection: it must make it again, the same."""
        seat, action = self._action(deadline)
        expected = step[2] if step[0] == "call" else f"play:{step[2]}"
        if (seat, action) != (step[1], expected):
            raise Refused(f"{SEATS[seat]} {action}: it had made {expected}")

    def _action(self, deadline: float) -> tuple[int, str]:
        line = self._line(deadline)
        found = action_of(line)
        if found is None:
            raise Refused(line)
        return found

    # -- lines ----------------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        assert self.conn is not None
        data = (text + "\r\n").encode("ascii", "replace")
        self.conn.setblocking(True)
        try:
            self.conn.settimeout(self.limits.time)
            self.conn.sendall(data)
        except OSError as e:
            raise ProgramGone(f"connection lost: {e}") from None
        finally:
            self.conn.setblocking(False)

    def _expect(
        self, text: str, deadline: float, optional: str | None = None, instead: str | None = None
    ) -> None:
        line = self._line(deadline)
        if optional is not None and same(line, optional):
            line = self._line(deadline)
        if not (same(line, text) or (instead is not None and same(line, instead))):
            raise Refused(f"{line} (expected: {text})")

    def _line(self, deadline: float) -> str:
        """The robot's next line (TimeoutError when it does not come by `deadline`)."""
        assert self.conn is not None
        while True:
            i = self.buffer.find(b"\n")
            if i >= 0:
                raw = bytes(self.buffer[:i])
                del self.buffer[: i + 1]
                return raw.decode("ascii", "replace").strip()
            if len(self.buffer) > self.limits.line:
                raise Refused("a line too long")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self.conn], [], [], left)
            if ready:
                try:
                    chunk = self.conn.recv(65536)
                except OSError as e:
                    raise ProgramGone(f"connection lost: {e}") from None
                if not chunk:
                    self._hang_up()
                    raise ProgramGone("closed the connection")
                self.buffer += chunk


__all__ = ["Robot", "Target", "action_of", "board_from_view", "hand_text", "is_bluechip", "parse"]
