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


@pytest.fixture(scope="session")
def c_client(tmp_path_factory: pytest.TempPathFactory) -> str:
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    out = tmp_path_factory.mktemp("c") / "tricks_client"
    subprocess.run([cc, "-O2", "-o", str(out), str(EXAMPLES / "tricks_client.c")], check=True)
    return str(out)


@pytest.fixture(scope="session")
def node() -> str:
    """The node interpreter; under `make test` (KOZYR_REQUIRE_NODE=1, scripts/ensure-node) never skipped."""
    found = shutil.which("node") or shutil.which("nodejs")
    if found is None:
        if os.environ.get("KOZYR_REQUIRE_NODE") == "1":
            pytest.fail("node is required under make test (scripts/ensure-node installs it)")
        pytest.skip("no node (apt-get install nodejs)")
    return found
