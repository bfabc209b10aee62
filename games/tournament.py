"""A tournament of programs: `python -m games tournament GAME --player NAME=COMMAND … [--schedule …]`.

Schedules as the chess engine tournament managers offer them (`games.schedules`): `round-robin` (the
default), `gauntlet` (the first entrant against the field) and `swiss`. Each meeting plays `--games`
deals, each deal once per rotation of the table (duplicate); in a partnership game (bridge) an entrant
is a side and plays both its seats. `--boards N` sets the boards of a bridge game (a program lives for
the whole game). Games run `--concurrency` at a time (default: the cores).

The organizer sees a progress bar with the time left and the standings refreshed as games finish (on
a terminal). Everything goes to `--out DIR` (default `tournament-GAME`):

- `results.jsonl` — a header line, then one line per game the moment it ends; `--resume` continues an
  interrupted tournament from it without replaying a finished game;
- `games/KEY/` per game (KEY = round.table.deal.rotation): `transcript.txt` (every line each way) and a
  working directory per program (`NAME` or `NAME#SEAT`) with its `stderr.log`, kept;
- `standings.csv`, `standings.json` at the end (also when interrupted); `boards.pbn` for bridge.

Standings rank by the contest's own score (`games.standings`).
"""

from __future__ import annotations

import argparse
import csv
import fcntl
import json
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

import games
from games import schedules
from games.base import Game
from games.contest import add_common, entrants_from, limits_from
from games.protocol import sandbox
from games.protocol.match import Entrant, MatchResult, play_match
from games.protocol.process import Limits
from games.schedules import Fixture, Meeting
from games.standings import Standing, entrant_results, standings, table

RESULTS = "results.jsonl"


@dataclass(frozen=True)
class Setup:
    """What defines a tournament: the header of its results file (a resumed one must be the same)."""

    game: str
    entrants: tuple[Entrant, ...]
    schedule: str = "round-robin"
    rounds: int | None = None
    deals: int = 1  # per meeting
    seats: int = 0  # per table (0: the game's number)
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    protocol: str | None = None
    limits: Limits = field(default_factory=Limits)
    budget: float | None = None

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.entrants]

    def header(self) -> dict[str, Any]:
        return {"type": "tournament", **asdict(self), "entrants": [e.spec for e in self.entrants]}


def table_size(game: Game, setup: Setup) -> int:
    """Entrants at a table: the game's sides in a partnership game, else its seats."""
    return len(game.contest.sides) or setup.seats


def meetings(
    setup: Setup, points: dict[str, float] | None = None, round_no: int = 0, **swiss: Any
) -> list[Meeting]:
    """The meetings of a static schedule (all rounds), or of one Swiss round."""
    game = games.get(setup.game)
    k, names = table_size(game, setup), setup.names
    if setup.schedule == "round-robin":
        return schedules.round_robin(names, k, setup.rounds, setup.seed)
    if setup.schedule == "gauntlet":
        return schedules.gauntlet(names[0], names[1:], k, setup.rounds)
    return schedules.swiss_round(names, k, round_no, points or {}, seed=setup.seed, **swiss)


def fixtures_of(setup: Setup, ms: Sequence[Meeting]) -> list[Fixture]:
    game = games.get(setup.game)
    same = setup.schedule == "gauntlet"
    return schedules.fixtures(ms, setup.deals, setup.seats, setup.seed, game.contest.sides, same_deals=same)


def swiss_rounds(setup: Setup) -> int:
    return setup.rounds or max(1, math.ceil(math.log2(len(setup.entrants))) + 1)


# -- one game, in a worker process ------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    setup: Setup
    fixture: Fixture
    out: str
    transcripts: bool


def record(fixture: Fixture, result: MatchResult) -> dict[str, Any]:
    """A game's line in the results file."""
    m = fixture.meeting
    return {
        "type": "game",
        "key": fixture.key,
        "round": m.round,
        "table": m.table,
        "deal": fixture.deal,
        "rotation": fixture.rotation,
        "seed": fixture.seed,
        "entrants": list(m.entrants),
        "seats": [asdict(s) for s in result.seats],
        "winners": result.winners,
        "moves": result.moves,
        "deals": result.deals,
        "seconds": round(result.seconds, 3),
        "capped": result.capped,
    }


def play(task: Task) -> tuple[dict[str, Any], str | None]:
    """Play one fixture: its record, and its boards as PBN (bridge)."""
    setup, fx = task.setup, task.fixture
    game = games.get(setup.game)
    by_name = {e.name: e for e in setup.entrants}
    home = Path(task.out) / "games" / fx.key
    home.mkdir(parents=True, exist_ok=True)
    with open(home / "transcript.txt", "w") if task.transcripts else _nowhere() as transcript:
        result = play_match(
            game,
            [by_name[n] for n in fx.seats],
            seed=fx.seed,
            options=setup.options,
            protocol=setup.protocol,
            limits=setup.limits,
            transcript=transcript,
            budget=setup.budget,
            workdirs=str(home),
        )
    return record(fx, result), boards_pbn(game, result, fx)


class _nowhere:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def boards_pbn(game: Game, result: MatchResult, fixture: Fixture) -> str | None:
    """The game's boards as PBN when the game is bridge (`games.bridge.pbn`), else None."""
    if game.key != "bridge":
        return None
    from games.bridge import pbn

    return pbn.dumps(result.state, names=list(fixture.seats), event=f"Kozyr tournament, game {fixture.key}")


# -- the results file -------------------------------------------------------------------------------------


class Results:
    """`results.jsonl`: the header, then a line a game, appended and flushed as each game ends."""

    def __init__(self, path: Path, setup: Setup, resume: bool) -> None:
        self.path = path
        self.records: list[dict[str, Any]] = []
        header = json.loads(json.dumps(setup.header()))
        path.parent.mkdir(parents=True, exist_ok=True)
        self.file: TextIO = open(path, "a")  # noqa: SIM115
        try:  # one organizer at a time: two appending to one file would play games twice
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if path.stat().st_size:
                if not resume:
                    raise SystemExit(f"{path} exists: add --resume to continue it, or choose another --out")
                self._load(header)
            else:
                self.file.write(json.dumps(header) + "\n")
                self.file.flush()
        except OSError:
            self.file.close()
            raise SystemExit(f"{path}: another organizer is running this tournament") from None
        except BaseException:
            self.file.close()
            raise

    def _load(self, header: dict[str, Any]) -> None:
        data = self.path.read_bytes()
        lines = data.split(b"\n")
        good = 0  # bytes of whole lines: an interrupted write leaves a partial last line, dropped
        for i, raw in enumerate(lines[:-1]):
            try:
                item = json.loads(raw)
            except ValueError:
                break
            if i == 0:
                differ = sorted(k for k in header if header[k] != item.get(k))
                if differ:
                    raise SystemExit(f"{self.path} is another tournament (differs in: {', '.join(differ)})")
            else:
                self.records.append(item)
            good += len(raw) + 1
        if good < len(data):
            with open(self.path, "r+b") as f:
                f.truncate(good)

    @property
    def done(self) -> set[str]:
        return {r["key"] for r in self.records}

    def add(self, rec: dict[str, Any]) -> None:
        self.records.append(rec)
        self.file.write(json.dumps(rec, separators=(",", ":")) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


def load_records(path: Path) -> list[dict[str, Any]]:
    """The game records of a results file (the partial last line of an interrupted write skipped)."""
    out = []
    for raw in path.read_text().splitlines()[1:]:
        try:
            out.append(json.loads(raw))
        except ValueError:
            break
    return out


# -- what the organizer sees ------------------------------------------------------------------------------


class Display:
    """A progress bar with the time left and the top of the standings, redrawn in place on a terminal;
    elsewhere a progress line now and then."""

    def __init__(self, total: int, stream: TextIO = sys.stderr, rows: int = 10) -> None:
        self.total, self.stream, self.rows = total, stream, rows
        self.live = stream.isatty()
        self.t0 = time.monotonic()
        self.shown = 0.0
        self.drawn = 0  # lines on screen to redraw over

    def update(
        self, done: int, played: int, decisions: int, board: Callable[[], list[Standing]], final: bool = False
    ) -> None:
        """Redraw (at most every 2 s on a terminal, 30 s elsewhere); `board` gives the standings to show."""
        now = time.monotonic()
        if not final and now - self.shown < (2.0 if self.live else 30.0):
            return
        self.shown = now
        elapsed = now - self.t0
        rate = played / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate else math.inf
        width = 30
        filled = int(width * done / self.total) if self.total else width
        bar = "█" * filled + "·" * (width - filled)
        per_s = decisions / elapsed if elapsed else 0.0
        eta = "~" + clock(left) if left != math.inf else "?"
        line = (
            f"[{bar}] {done}/{self.total} games · {rate:.2f} games/s · {per_s:.0f} decisions/s · "
            f"{clock(elapsed)} elapsed · {eta} left"
        )
        if not self.live:
            print(line, file=self.stream, flush=True)
            return
        text = [line, *table(board(), self.rows).splitlines()]
        up = f"\x1b[{self.drawn}F" if self.drawn else ""
        self.stream.write(up + "".join(f"\x1b[2K{t}\n" for t in text))
        self.stream.flush()
        self.drawn = len(text)


def clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


# -- the organizer ----------------------------------------------------------------------------------------


@dataclass
class Outcome:
    standings: list[Standing]
    records: list[dict[str, Any]]
    played: int  # games played by this run (not those resumed)
    seconds: float
    complete: bool


def run(
    setup: Setup,
    out: str | Path,
    *,
    concurrency: int = 0,
    resume: bool = False,
    transcripts: bool = True,
    display: Display | None = None,
) -> Outcome:
    """Play the tournament (what `results.jsonl` lacks of it), writing everything under `out`."""
    out = Path(out)
    sandbox.available()  # probed once here, inherited by the workers
    results = Results(out / RESULTS, setup, resume)
    workers = concurrency or os.cpu_count() or 1
    t0 = time.monotonic()
    played = decisions = 0
    pbn_path = out / "boards.pbn"
    complete = False
    pool = ProcessPoolExecutor(workers)
    pending: dict[Future[tuple[dict[str, Any], str | None]], Fixture] = {}

    def finish(fut: Future[tuple[dict[str, Any], str | None]]) -> None:
        nonlocal played, decisions
        rec, boards = fut.result()
        results.add(rec)
        if boards:
            with open(pbn_path, "a") as f:
                if f.tell():  # one file: its `% PBN` header once, a blank line between boards
                    boards = "\n" + "".join(x for x in boards.splitlines(True) if not x.startswith("%"))
                f.write(boards)
        played += 1
        decisions += sum(s["decisions"] for s in rec["seats"])
        if display is not None:
            board = lambda: standings(setup.names, results.records)  # noqa: E731
            display.update(len(results.records), played, decisions, board)

    try:
        for batch in _batches(setup, results):
            todo = [f for f in batch if f.key not in results.done]
            pending = {pool.submit(play, Task(setup, f, str(out), transcripts)): f for f in todo}
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    pending.pop(fut)
                    finish(fut)
        complete = True
    finally:
        # interrupted: games not started are dropped, those under way end (their programs stopped too on
        # a terminal's Ctrl-C) and are kept if they finished cleanly; `--resume` plays the rest
        pool.shutdown(wait=True, cancel_futures=True)
        for fut in pending:
            if fut.done() and not fut.cancelled() and fut.exception() is None:
                finish(fut)
        results.close()
        rows = standings(setup.names, results.records)
        write_standings(out, setup, rows, len(results.records), complete)
        if display is not None:
            display.update(len(results.records), played, decisions, lambda: rows, final=True)
    return Outcome(rows, results.records, played, time.monotonic() - t0, complete)


def _batches(setup: Setup, results: Results) -> Iterator[list[Fixture]]:
    """All fixtures at once for a static schedule; a Swiss one round by round (paired on results so far)."""
    if setup.schedule != "swiss":
        yield fixtures_of(setup, meetings(setup))
        return
    met: Counter[frozenset[str]] = Counter()
    sat_out: Counter[str] = Counter()
    points: dict[str, float] = dict.fromkeys(setup.names, 0.0)
    for r in range(swiss_rounds(setup)):
        ms = meetings(setup, points, r, met=met, sat_out=sat_out)
        fx = fixtures_of(setup, ms)
        yield fx
        keys = {f.key for f in fx}
        recs = [x for x in results.records if x["key"] in keys]
        for m in ms:
            met.update(frozenset(p) for p in _pairs(m.entrants))
            totals = dict.fromkeys(m.entrants, 0.0)
            for x in recs:
                if (x["round"], x["table"]) == (m.round, m.table):
                    for n, v in _entrant_scores(x).items():
                        totals[n] += v
            for n, p in schedules.meeting_points(totals).items():
                points[n] += p
        sat_out.update(n for n in setup.names if not any(n in m.entrants for m in ms))


def _pairs(names: Sequence[str]) -> Iterator[tuple[str, str]]:
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            yield a, b


def _entrant_scores(rec: dict[str, Any]) -> dict[str, float]:
    return {n: x["score"] for n, x in entrant_results(rec).items()}


def write_standings(
    out: Path, setup: Setup, rows: Sequence[Standing], games_done: int, complete: bool
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    data = {
        "game": setup.game,
        "schedule": setup.schedule,
        "games": games_done,
        "complete": complete,
        "standings": [asdict(s) for s in rows],
    }
    (out / "standings.json").write_text(json.dumps(data, indent=1))
    with open(out / "standings.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(Standing.__dataclass_fields__))
        w.writeheader()
        for s in rows:
            w.writerow(asdict(s))


# -- the command ------------------------------------------------------------------------------------------


def read_players(path: str) -> list[str]:
    """`NAME=COMMAND` lines of a file (blank lines and `#` comments skipped)."""
    lines = Path(path).read_text().splitlines()
    return [x.strip() for x in lines if x.strip() and not x.lstrip().startswith("#")]


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m games tournament", description=__doc__.split("\n")[0])
    add_common(p, players_required=False)
    p.add_argument("--players", help="a file of NAME=COMMAND lines (with or instead of --player)")
    p.add_argument("--schedule", choices=schedules.KINDS, default="round-robin")
    p.add_argument("--rounds", type=int, help="rounds (default: as the schedule needs; swiss: log2 n + 1)")
    p.add_argument(
        "--games", "--deals", type=int, default=1, help="deals per meeting, each in every rotation"
    )
    p.add_argument("--boards", type=int, help="boards per game (bridge)")
    p.add_argument("--seats", type=int, help="players per table (default: the game's most, or all of them)")
    p.add_argument("--concurrency", "--jobs", type=int, default=os.cpu_count() or 1, help="games at once")
    p.add_argument("--out", help="directory of the results (default: tournament-GAME)")
    p.add_argument("--resume", action="store_true", help="continue the tournament in --out")
    p.add_argument("--no-transcripts", action="store_true", help="keep no transcript per game")
    a = p.parse_args(argv)
    try:
        game = games.get(a.game)
        specs = (a.player or []) + (read_players(a.players) if a.players else [])
        entrants = entrants_from(game, specs, a.protocol)
        names = [e.name for e in entrants]
        if len(set(names)) != len(names):
            raise ValueError("two players have the same name")
        options = json.loads(a.options)
        if a.boards is not None:
            options["boards"] = a.boards
        preset = dict(game.presets.get(game.contest.preset or "", {}))
        seats = a.seats or (game.max_players if game.contest.sides else min(len(entrants), game.max_players))
        game.check_players(seats, game.options({**preset, **options}))
        setup = Setup(
            game=game.key,
            entrants=tuple(entrants),
            schedule=a.schedule,
            rounds=a.rounds,
            deals=a.games,
            seats=seats,
            seed=a.seed,
            options=options,
            protocol=a.protocol,
            limits=limits_from(game, a),
            budget=a.budget,
        )
        k = table_size(game, setup)
        if len(entrants) < k:
            raise ValueError(f"{k} entrants meet at a table but {len(entrants)} are entered")
    except (ValueError, OSError, games.GameError) as e:
        p.error(str(e))
    out = Path(a.out or f"tournament-{game.key}")
    print(f"{game.key}: {len(entrants)} entrants, {a.schedule}, sandbox: {sandbox.available().describe()}")
    try:
        outcome = run(
            setup,
            out,
            concurrency=a.concurrency,
            resume=a.resume,
            transcripts=not a.no_transcripts,
            display=Display(total_games(setup)),
        )
    except KeyboardInterrupt:
        print(f"\ninterrupted: `--resume --out {out}` continues it", file=sys.stderr)
        raise SystemExit(130) from None
    print(
        f"{len(outcome.records)} games ({outcome.played} played now) in {outcome.seconds:.1f} s, "
        f"{a.concurrency} at once"
    )
    print(table(outcome.standings))
    written = ["results.jsonl", "standings.csv", "standings.json", "games/"]
    if (out / "boards.pbn").exists():
        written.append("boards.pbn")
    print(f"\nwritten in {out}/: {', '.join(written)}")


def total_games(setup: Setup) -> int:
    """Games the tournament will have (a Swiss one: every round as the first)."""
    if setup.schedule == "swiss":
        return len(
            fixtures_of(setup, meetings(setup, {}, 0, met=Counter(), sat_out=Counter()))
        ) * swiss_rounds(setup)
    return len(fixtures_of(setup, meetings(setup)))


if __name__ == "__main__":
    main(sys.argv[1:])
