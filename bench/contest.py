"""The contests at their real size, as an organizer runs them: `python -m games tournament`'s own code.

    .venv/bin/python bench/contest.py                  # the course contest: thirty C bridge programs
    .venv/bin/python bench/contest.py --game durak     # twenty-four durak programs
    .venv/bin/python bench/contest.py --game tricks    # twelve tricks programs, the source's client too

It builds the entrants with `cc` from one example strategy (`bench/player.c`), varied by parameters and
seeds (bidding strength, lowest / highest / random card, seed), and plays the game's contest preset:

- **bridge** (the university course, seed 003): a round robin of fixed partnerships (each program is a
  pair and plays both seats of its side), `--boards 2` a meeting, duplicate (each game twice, the pairs
  changing sides): 435 meetings, 870 games, 1,740 boards; 5 s a decision, the system's AI for a violator;
- **durak**: a round robin of two-player games, `--games 1` deal a meeting in both seats, no undo;
- **tricks** (the polyglot server, seed 002): to 1000 points, balanced tables of four, the source's own
  client (`examples/tricks_client.py`) among eleven C programs.

Games run `--concurrency` at a time (default: the cores) with everything an organizer gets (results file,
transcripts, working directories). It prints the games, decisions, games/s, decisions/s, the wall time, the
CPU time of the organizer and of all the programs, the machine's load, the top of the standings, and
whether the standings recomputed from `results.jsonl` are the ones written.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

# this directory holds a `games.py`, which would hide the `games` package: look from the project root
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

import games  # noqa: E402
from games import tournament  # noqa: E402
from games.protocol import sandbox  # noqa: E402
from games.protocol.match import Entrant  # noqa: E402
from games.protocol.process import Limits  # noqa: E402
from games.standings import standings, table  # noqa: E402

FIELDS = {"bridge": 30, "durak": 24, "tricks": 12}


def build(n: int, into: Path) -> list[Path]:
    """`n` variants of bench/player.c: seed i, style i mod 3, opening strength 11 + i mod 6."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise SystemExit("no C compiler (cc): the bench builds its programs from bench/player.c")
    out = []
    for i in range(n):
        exe = into / f"p{i:02d}"
        flags = [f"-DSEED={i + 1}", f"-DSTYLE={i % 3}", f"-DOPEN={11 + i % 6}"]
        subprocess.run([cc, "-O2", *flags, "-o", str(exe), str(ROOT / "bench" / "player.c")], check=True)
        out.append(exe)
    return out


def entrants(key: str, n: int, into: Path) -> list[Entrant]:
    if key != "tricks":
        return [Entrant(f"p{i:02d}", command=str(exe)) for i, exe in enumerate(build(n, into))]
    seed_client = Entrant("source", command=f"{sys.executable} {ROOT / 'examples' / 'tricks_client.py'}")
    return [seed_client, *(Entrant(f"p{i:02d}", command=str(e)) for i, e in enumerate(build(n - 1, into)))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", choices=sorted(FIELDS), default="bridge")
    p.add_argument("--programs", type=int, help="entrants (default: 30 bridge, 24 durak, 12 tricks)")
    p.add_argument("--boards", type=int, default=2, help="bridge: boards a game")
    p.add_argument("--games", type=int, default=1, help="deals a meeting, each in every rotation")
    p.add_argument("--rounds", type=int, help="rounds (default: the schedule's)")
    p.add_argument("--options", default="{}", help="game options over the contest preset (JSON)")
    p.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", help="keep the tournament's directory here (default: a temporary one)")
    a = p.parse_args()
    game = games.get(a.game)
    n = a.programs or FIELDS[a.game]
    work = Path(tempfile.mkdtemp(prefix="kozyr-contest-"))
    out = Path(a.out) if a.out else work / "tournament"
    try:
        field = entrants(a.game, n, work)
        options = json.loads(a.options)
        if a.game == "bridge":
            options["boards"] = a.boards
        setup = tournament.Setup(
            game=game.key,
            entrants=tuple(field),
            rounds=a.rounds,
            deals=a.games,
            seats=game.max_players if game.contest.sides else (2 if a.game == "durak" else 4),
            seed=1,
            options=options,
            limits=Limits(time=game.contest.time_limit),
        )
        total = tournament.total_games(setup)
        print(
            f"{a.game}: {n} programs, {total} games, {a.concurrency} at once; sandbox: "
            f"{sandbox.available().describe()}; load before {os.getloadavg()[0]:.2f}",
            flush=True,
        )
        t0, c0 = time.perf_counter(), _cpu()
        outcome = tournament.run(setup, out, concurrency=a.concurrency, display=tournament.Display(total))
        wall, (own, children) = time.perf_counter() - t0, _cpu()
        decisions = sum(s["decisions"] for r in outcome.records for s in r["seats"])
        moves = sum(r["moves"] for r in outcome.records)
        boards = sum(r["deals"] for r in outcome.records)
        recomputed = standings(setup.names, tournament.load_records(out / tournament.RESULTS))
        written = json.loads((out / "standings.json").read_text())["standings"]
        faults = sum(len(s["violations"]) for r in outcome.records for s in r["seats"])
        print(
            f"\n{len(outcome.records)} games ({boards} deals, {moves} moves, {decisions} program decisions) "
            f"in {wall:.1f} s wall = {wall / 60:.1f} min\n"
            f"{len(outcome.records) / wall:.2f} games/s, {decisions / wall:.0f} decisions/s, "
            f"{moves / wall:.0f} moves/s; violations: {faults}\n"
            f"CPU: organizer {own - c0[0]:.2f} s, its workers and every program {children - c0[1]:.1f} s; "
            f"load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n"
            f"standings recomputed from results.jsonl equal the written ones: "
            f"{[asdict(s) for s in recomputed] == written}"
        )
        rows = outcome.standings
        print(table(rows, limit=10))
    finally:
        if not a.out:
            shutil.rmtree(work, ignore_errors=True)


def _cpu() -> tuple[float, float]:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


if __name__ == "__main__":
    main()
