"""The AI levels as they were before fixed-work budgets and the fast engines (main 0b1d6d9), to compare with.

    python -m games arena most --seats search,bench.reference:most --games 150 --paired

Each function loads the search module of a game as it was at that commit (`git show`: it needs the
repository) and returns its `SearchBot` with the budget tables gave it then, 0.5 s, read from the CPU clock
of the thinking thread instead of the wall clock: the reference is what that search did on an idle machine,
whatever the load now. The modules import today's rules, engines and heuristics, which those searches
shared and which did not change (but dvorovoy's heuristic, loaded from the same file).
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

COMMIT = "0b1d6d9"
BUDGET = 0.5  # seconds a decision: tables' `SEARCH_BUDGET` then
ROOT = Path(__file__).resolve().parent.parent


@cache
def load(path: str) -> ModuleType:
    """The module at `path` as it was at `COMMIT`, its clock the thread's CPU time."""
    source = subprocess.run(
        ["git", "show", f"{COMMIT}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    source = source.replace("time.perf_counter", "time.thread_time")
    # the rules modules no longer hold `GAME` (the packages join rules and AI since): the same object
    source = source.replace(
        "from games.dvorovoy.rules import GAME, ",
        "from games.dvorovoy import GAME\nfrom games.dvorovoy.rules import ",
    )
    name = "reference_" + path.removesuffix(".py").replace("/", "_")
    module = ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, f"{COMMIT}:{path}", "exec"), module.__dict__)
    return module


def durak(**kwargs: Any) -> Any:
    return load("games/durak/ai.py").SearchBot(budget=BUDGET, **kwargs)


def rozpysnyi(**kwargs: Any) -> Any:
    return load("games/rozpysnyi/search.py").SearchBot(budget=BUDGET, **kwargs)


def most(**kwargs: Any) -> Any:
    return load("games/most/ai.py").SearchBot(budget=BUDGET, **kwargs)


def dvorovoy(**kwargs: Any) -> Any:
    return load("games/dvorovoy/ai.py").SearchBot(budget=BUDGET, **kwargs)


def dvorovoy_heuristic() -> Any:
    return load("games/dvorovoy/ai.py").HeuristicBot()
