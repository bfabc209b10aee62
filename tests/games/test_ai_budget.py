"""A search decides the same on an idle machine and on a busy one: its budget is work, not wall time.

Each game's default search level decides a few seeded positions where it really samples, once as the
suite finds the machine and once with four processes burning CPU beside it; the decisions (and the worlds
looked at) must be the same. A search budgeted by the wall clock fails this: the burners take most of its
seconds, so it samples less and may choose otherwise. The wall-clock guard (`games.budget.WALL` times the
CPU budget, for a starved machine) is raised for the test: a landing on a machine at load 12+ gave the
search a twentieth of a core, and the guard, not the work, ended one decision.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import games
import games.budget
from games.budget import Race

SETUPS = {
    "durak": (2, {}),
    "rozpysnyi": (3, {"schedule": "quick"}),
    "most": (2, {"target": 0}),
    "dvorovoy": (2, {}),
}
POSITIONS = 2  # a game


def burn() -> None:
    while True:
        pass


@contextmanager
def busy(processes: int = 4) -> Iterator[None]:
    """Four processes beside the test, each burning a core's worth of CPU."""
    context = multiprocessing.get_context("fork")
    burners = [context.Process(target=burn, daemon=True) for _ in range(processes)]
    for p in burners:
        p.start()
    try:
        yield
    finally:
        for p in burners:
            p.terminate()
        for p in burners:
            p.join()


def positions(key: str) -> list[tuple[Any, list[str]]]:
    """Seeded decisions of heuristic games where the search samples more than one world."""
    game = games.get(key)
    players, options = SETUPS[key]
    heuristic, search = game.bot("heuristic"), game.bot("search")
    rng = random.Random(5)
    found: list[tuple[Any, list[str]]] = []
    state = game.new(players, options, seed=5)
    while len(found) < POSITIONS and not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if len(legal) > 2 and rng.random() < 0.3:
            search.choose(view, legal, random.Random(0))
            if search.samples > 1:
                found.append((view, legal))
        state, _ = game.apply(state, seat, heuristic.choose(view, legal, rng))
    assert len(found) == POSITIONS, key
    return found


def decisions(found: dict[str, list[tuple[Any, list[str]]]]) -> list[tuple[str, int]]:
    out = []
    for key, cases in found.items():
        for i, (view, legal) in enumerate(cases):
            bot = games.get(key).bot("search")  # the defaults tables get
            out.append((bot.choose(view, legal, random.Random(i)), bot.samples))
    return out


def test_the_same_decisions_on_an_idle_and_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games.budget, "WALL", 1000.0)
    found = {key: positions(key) for key in SETUPS}
    idle = decisions(found)
    with busy():
        loaded = decisions(found)
    assert loaded == idle


def test_a_race_drops_the_options_clearly_behind_and_keeps_the_first_on_ties() -> None:
    rng = random.Random(4)
    race = Race(3, min_worlds=8, z=2.0)
    for n in range(1, 41):
        noise = rng.gauss(0, 30)  # the world's luck, shared by every option (paired)
        race.add({i: noise + (10 if i == 1 else 0) + rng.gauss(0, 3) for i in race.active})
        if n < 8:
            assert race.active == [0, 1, 2]  # nothing dropped before `min_worlds`
    assert race.settled() and race.leader() == 1
    tied = Race(2, min_worlds=2, z=2.0, first=1)
    for _ in range(5):
        tied.add({0: 5.0, 1: 5.0})
    assert tied.active == [0, 1] and tied.leader() == 1
