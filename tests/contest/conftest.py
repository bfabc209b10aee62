"""Shared: paths of the example and test clients, the C client compiled once."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CLIENTS = Path(__file__).resolve().parent / "clients"
PY = sys.executable


def py(script: Path, *args: str) -> str:
    return " ".join([PY, str(script), *args])


def misbehave(mode: str, *args: str) -> str:
    return py(CLIENTS / "misbehave.py", mode, *args)


def compiled(tmp_path_factory: pytest.TempPathFactory, example: str) -> str:
    """`examples/<example>.c` built with the C compiler (the test is skipped, saying why, without one)."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip(f"no C compiler (cc): examples/{example}.c is not built nor played")
    out = tmp_path_factory.mktemp("c") / example
    subprocess.run([cc, "-O2", "-Wall", "-o", str(out), str(EXAMPLES / f"{example}.c")], check=True)
    return str(out)


@pytest.fixture(scope="session")
def c_client(tmp_path_factory: pytest.TempPathFactory) -> str:
    return compiled(tmp_path_factory, "tricks_client")


@pytest.fixture(scope="session")
def bridge_client(tmp_path_factory: pytest.TempPathFactory) -> str:
    return compiled(tmp_path_factory, "bridge_client")


@pytest.fixture(scope="session")
def node() -> str:
    """The node interpreter; under `make test` (KOZYR_REQUIRE_NODE=1, scripts/ensure-node) never skipped."""
    found = shutil.which("node") or shutil.which("nodejs")
    if found is None:
        if os.environ.get("KOZYR_REQUIRE_NODE") == "1":
            pytest.fail("node is required under make test (scripts/ensure-node installs it)")
        pytest.skip("no node (apt-get install nodejs)")
    return found


# The source documents: `shared/seeds/` beside the checkout (or beside a folder holding it, as worktrees).
SEED = next((f for p in ROOT.parents for f in sorted((p / "shared" / "seeds").glob("000_*.txt"))), None)
CLOSERS = {"(": ")", "[": "]", "{": "}"}


def balanced(code: str) -> str:
    """`code` with the brackets it leaves open closed at the end (comments and strings skipped)."""
    stack: list[str] = []
    i = 0
    while i < len(code):
        c = code[i]
        if code.startswith("//", i):
            end = code.find("\n", i)
            i = len(code) if end < 0 else end
            continue
        if code.startswith("/*", i):
            i = code.index("*/", i) + 2
            continue
        if c in "\"'":
            i = code.index(c, i + 1) + 1
            continue
        if c in CLOSERS:
            stack.append(CLOSERS[c])
        elif c in ")]}":
            assert stack.pop() == c
        i += 1
    return code + "\n" + "".join(reversed(stack)) + ";\n"


@pytest.fixture(scope="session")
def demo(tmp_path_factory: pytest.TempPathFactory) -> str:
    """`courtyard:` the source document's demo AI (its third text), as the text gives it.

    Read at test time, never copied into the project; the document's copy lost its last closing
    brackets, which `balanced` adds back.
    """
    if SEED is None:
        pytest.skip("the source documents (shared/seeds/) are not beside this checkout")
    text = SEED.read_text(encoding="utf-8")
    code = text[text.index("window . addEvent") :]
    path = tmp_path_factory.mktemp("courtyard") / "demo.js"
    path.write_text(balanced(code), encoding="utf-8")
    return f"courtyard:{path}"
