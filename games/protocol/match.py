"""One game between programs and built-in AIs, under a game's contest rules.

`play_match(game, entrants, seed=…)` starts each program (its name the only argument) in its sandbox,
speaks a protocol to it (`json`, or the tricks `line` protocol), asks it for an action whenever its seat
must act, and keeps to the game's `ContestRules`: the time per decision (the first one also gets what is
left of the start-up allowance), what a violation (no answer in time, a crash, an answer that is no legal
action) costs — the game's own rule, or the built-in AI for the rest of the game or of the deal with a
penalty per move — and the cap on moves and time, past which the rules adjudicate the game. A program
lives for the whole game. An entrant may hold several seats of one side (a bridge pair): each seat is
its own process, which sees only that seat. Every line can go to a transcript.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from games.base import Bot, ContestRules, Event, Game, GameError
from games.protocol import launch
from games.protocol.jsonlines import JsonLines
from games.protocol.process import Limits, Program, ProgramGone
from games.protocol.speaker import BadAnswer, Message, Speaker, shown
from games.protocol.tricksline import TricksLine

SPEAKERS: dict[str, type[Speaker]] = {"json": JsonLines, "line": TricksLine}
NAME = re.compile(r"[A-Za-z0-9_.\-]{1,32}")
AI_PREFIX = "ai:"


@dataclass(frozen=True)
class Entrant:
    """A player of a contest: a program (`command`) or a built-in AI (`level`)."""

    name: str
    command: str | None = None
    level: str | None = None

    @classmethod
    def parse(cls, text: str) -> Entrant:
        """`NAME=COMMAND` (a program) or `NAME=ai:LEVEL` (a built-in AI)."""
        name, sep, what = text.partition("=")
        name, what = name.strip(), what.strip()
        if not sep or not what:
            raise ValueError(f"a player is NAME=COMMAND or NAME=ai:LEVEL, not {text!r}")
        if not NAME.fullmatch(name):
            raise ValueError(f"a player's name is 1-32 letters, digits, '_', '.', '-': {name!r}")
        if what.startswith(AI_PREFIX):
            return cls(name, level=what.removeprefix(AI_PREFIX))
        return cls(name, command=what)

    @property
    def spec(self) -> str:
        return f"{self.name}={AI_PREFIX}{self.level}" if self.level else f"{self.name}={self.command}"


@dataclass
class SeatResult:
    name: str
    seat: int
    score: float  # the game's score less penalties (a side's: partners share them, as the rules say)
    game_score: float
    penalty: float = 0.0  # points off the game's score for this seat's violations (`board` fallback)
    rule_penalty: float = 0.0  # points the game's own rule took for them, already in `game_score`
    violations: list[str] = field(default_factory=list)
    ai_moves: int = 0  # moves the built-in AI played for this program
    replaced: str | None = None  # why the AI took the seat for good, if it did
    decisions: int = 0
    think: float = 0.0  # seconds the program took over all its decisions
    slowest: float = 0.0

    def note(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "penalty": self.penalty,
            "violations": self.violations,
            "paid": self.game_score - self.score,  # its side's penalties, its own and its partners'
            "ai_moves": self.ai_moves,
            "replaced": self.replaced,
        }


@dataclass
class MatchResult:
    game: str
    seed: int
    seats: list[SeatResult]
    winners: list[int]
    moves: int
    deals: int
    seconds: float
    capped: str | None = None  # `moves` or `time` when the cap ended the game (adjudicated)
    state: Any = field(default=None, repr=False, compare=False)  # the final state

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def scores(self) -> list[float]:
        return [s.score for s in self.seats]


def make_bot(game: Game, level: str, budget: float | None = None) -> Bot:
    if level not in game.bot_levels:
        raise ValueError(f"{game.key} has no AI level {level!r} (levels: {', '.join(game.bot_levels)})")
    if level == "search" and budget is not None:
        return game.bot(level, budget=budget)
    return game.bot(level)


def contest_options(game: Game, rules: ContestRules, options: dict[str, Any] | None) -> dict[str, Any]:
    """The contest preset's options (if any) with `options` over them, validated."""
    base = dict(game.presets.get(rules.preset, {})) if rules.preset else {}
    base.update(options or {})
    return game.options(base).model_dump(mode="json")


class _Seat:
    """A seat's player during a match: the program (if any), the AI standing by, the record."""

    def __init__(self, result: SeatResult, program: Program | None, bot: Bot) -> None:
        self.result = result
        self.program = program
        self.bot = bot
        self.owed = 0  # answers to queries that timed out: a late one is skipped, not taken as new
        self.until_deal: int | None = None  # the AI plays until the deal number passes this
        self.for_good = program is None

    def ai_plays(self, deal_no: int) -> bool:
        if self.for_good:
            return True
        if self.until_deal is not None and deal_no > self.until_deal and self.alive:
            self.until_deal = None
        return self.until_deal is not None

    @property
    def listening(self) -> bool:
        """Messages still go to its program (the AI may be standing in for it until the next deal)."""
        return self.alive and not self.for_good

    @property
    def alive(self) -> bool:
        return self.program is not None and not self.program.gone


class Match:
    def __init__(
        self,
        game: Game,
        entrants: Sequence[Entrant],
        *,
        seed: int,
        options: dict[str, Any] | None = None,
        rules: ContestRules | None = None,
        protocol: str | None = None,
        limits: Limits | None = None,
        transcript: TextIO | None = None,
        budget: float | None = None,
        workdirs: str | None = None,
    ) -> None:
        self.game = game
        self.rules = rules or game.contest
        self.limits = limits or Limits(time=self.rules.time_limit)
        self.seed = seed
        self.options = contest_options(game, self.rules, options)
        names = [e.name for e in entrants]
        self.labels = seat_labels(entrants, self.rules.sides)
        protocol = protocol or ("line" if game.key == "tricks" else "json")
        self.speaker = SPEAKERS[protocol](game, names, self.limits.time, self.options)
        self.transcript = transcript
        self.rng = random.Random(seed)
        fallback = game.default_bot
        self.seats: list[_Seat] = []
        try:
            for i, e in enumerate(entrants):
                program = None
                if e.command is not None:
                    workdir = f"{workdirs}/{self.labels[i]}" if workdirs else None
                    program = launch.start(e.name, e.command, self.limits, workdir)
                bot = make_bot(game, e.level or fallback, budget)
                result = SeatResult(name=e.name, seat=i, score=0.0, game_score=0.0)
                self.seats.append(_Seat(result, program, bot))
        except BaseException:
            self.close()
            raise

    # -- messages -------------------------------------------------------------------------------
    def _log(self, text: str) -> None:
        if self.transcript is not None:
            self.transcript.write(text + "\n")

    def _send(self, messages: list[Message]) -> None:
        for seat, text in messages:
            targets = [s for s in (self.seats if seat is None else [self.seats[seat]]) if s.listening]
            if seat is None or targets:
                self._log(f"> {'*' if seat is None else self.labels[seat]}\t{text}")
            for s in targets:
                assert s.program is not None
                s.program.send(text)

    # -- asking a program -----------------------------------------------------------------------
    def _ask(self, state: Any, seat: int) -> tuple[str | None, str, str]:
        """(action or None, violation reason, text shown) after asking the program of `seat`."""
        s = self.seats[seat]
        assert s.program is not None
        extra = self._unasked(s)
        if extra is not None:
            return None, "extra", shown(extra, 64)
        self._send(self.speaker.query(state, seat))
        t0 = time.monotonic()
        deadline = t0 + self.limits.time
        if not s.result.decisions:  # what is left of the start-up allowance
            deadline += max(0.0, self.limits.startup - (t0 - s.program.started))
        try:
            while True:
                text = s.program.read_line(max(0.0, deadline - time.monotonic()))
                if text is None:
                    s.owed += 1
                    return None, "timeout", ""
                self._log(f"< {self.labels[seat]}\t{text}")
                if s.owed:
                    s.owed -= 1  # the answer to a query that had already timed out
                    continue
                break
        except ProgramGone as e:
            return None, f"crash: {e.reason}", ""
        finally:
            spent = time.monotonic() - t0
            s.result.decisions += 1
            s.result.think += spent
            s.result.slowest = max(s.result.slowest, spent)
        try:
            return self.speaker.answer(text, state, seat), "", ""
        except BadAnswer as e:
            return None, "garbage", e.shown

    def _unasked(self, s: _Seat) -> str | None:
        """A line the program sent with no question pending (one line answers one question), if any."""
        assert s.program is not None
        try:
            while (text := s.program.read_line(0)) is not None:  # what is in the pipe now: no wait
                self._log(f"< {self.labels[s.result.seat]}\t{text}")
                if not s.owed:
                    return text
                s.owed -= 1  # the late answer to a question that timed out: skipped
        except ProgramGone:
            pass  # asking finds it gone
        return None

    # -- the game -------------------------------------------------------------------------------
    def play(self) -> MatchResult:
        game = self.game
        t0 = time.monotonic()
        state = game.new(len(self.seats), self.options, seed=self.seed)
        self._send(self.speaker.start(state))
        moves = 0
        capped = None
        while not game.is_over(state):
            if moves >= self.rules.max_moves or time.monotonic() - t0 >= self.rules.max_seconds:
                capped = "moves" if moves >= self.rules.max_moves else "time"
                self._note(f"# the cap on {capped} ends the game: the rules adjudicate it")
                break
            seat = self.rng.choice(game.to_act(state))
            s = self.seats[seat]
            bot_rng = random.Random(self.rng.random())
            if not s.ai_plays(state.deal_no):
                action, reason, text = self._ask(state, seat)
                if action is not None:
                    try:
                        state, events = game.apply(state, seat, action)
                    except GameError:
                        reason, text = "illegal", shown(action, 64)
                    else:
                        self._send(self.speaker.after(state, events))
                        moves += 1
                        continue
                self._note(f"# {self.labels[seat]}: {reason}{f' {text!r}' if text else ''}")
                s.result.violations.append(reason)
                state, handled = self._violation(state, seat, reason, text)
                if handled:
                    moves += 1
                    continue
            legal = game.legal_actions(state, seat)
            action = s.bot.choose(game.view(state, seat), legal, bot_rng)
            if s.program is not None:
                s.result.ai_moves += 1
                if self.rules.fallback == "board":
                    s.result.penalty += self.rules.penalty
            state, events = game.apply(state, seat, action)
            self._send(self.speaker.after(state, events))
            moves += 1
        return self._finish(state, moves, time.monotonic() - t0, capped)

    def _note(self, text: str) -> None:
        self._log(text)

    def _violation(self, state: Any, seat: int, reason: str, text: str) -> tuple[Any, bool]:
        """Apply the contest's fallback; (state, True) when the violation itself was the move."""
        s = self.seats[seat]
        fallback = self.rules.fallback
        if fallback == "rule":
            before = self.game.scores(state)[seat]
            state, events = self.game.penalize(state, seat, text)
            s.result.rule_penalty += before - self.game.scores(state)[seat]
            self._send(self.speaker.after(state, events))
            if not s.alive:
                self._replace(s, reason)
            return state, True
        self._send(self.speaker.violation(seat, reason, fallback))
        if fallback == "board" and s.alive:
            s.until_deal = state.deal_no
        else:
            self._replace(s, reason)
        return state, False

    def _replace(self, s: _Seat, reason: str) -> None:
        s.for_good = True
        s.result.replaced = reason
        self._note(f"# {self.labels[s.result.seat]}: the built-in AI plays this seat from now on")
        if s.program is not None:
            s.program.close(grace=0)

    def _finish(self, state: Any, moves: int, seconds: float, capped: str | None = None) -> MatchResult:
        game = self.game
        raw = game.adjudicate(state) if capped else game.scores(state)
        results = [s.result for s in self.seats]
        for i, r in enumerate(results):
            side = next((g for g in self.rules.sides if i in g), (i,))
            r.game_score = raw[i]
            r.score = raw[i] - sum(results[j].penalty for j in side)
        scores = [r.score for r in results]
        by_score = capped or any(r.penalty for r in results)
        winners = [i for i, v in enumerate(scores) if v == max(scores)] if by_score else game.winners(state)
        self._send(self.speaker.end(state, scores, winners, [r.note() for r in results]))
        self.close()
        deals = state.deal_no
        return MatchResult(game.key, self.seed, results, winners, moves, deals, seconds, capped, state)

    def close(self, grace: float = 0.5) -> None:
        """End every program: EOF on its input, up to `grace` s to exit, then its process group killed."""
        programs = [s.program for s in self.seats if s.program is not None]
        for p in programs:
            p.end_input()
        deadline = time.monotonic() + grace
        for p in programs:
            p.close(max(0.0, deadline - time.monotonic()))


def seat_labels(entrants: Sequence[Entrant], sides: Sequence[Sequence[int]] = ()) -> list[str]:
    """Each seat's name in logs and working directories: the entrant's name, with `#seat` when the entrant
    holds several seats of its side. Two entrants of one name, or one entrant on two sides, are refused."""
    held: dict[str, list[int]] = {}
    for i, e in enumerate(entrants):
        held.setdefault(e.name, []).append(i)
    for name, seats in held.items():
        same = len({entrants[i] for i in seats}) == 1
        if len(seats) > 1 and not (same and any(set(seats) <= set(side) for side in sides)):
            raise ValueError(f"two players have the same name: {name}")
    return [e.name if len(held[e.name]) == 1 else f"{e.name}#{i}" for i, e in enumerate(entrants)]


def play_match(game: Game, entrants: Sequence[Entrant], *, seed: int, **kwargs: Any) -> MatchResult:
    match = Match(game, entrants, seed=seed, **kwargs)
    try:
        return match.play()
    finally:
        match.close()


__all__ = ["Entrant", "Event", "MatchResult", "SeatResult", "play_match"]
