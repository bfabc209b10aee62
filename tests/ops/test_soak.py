"""The soak's short version (`bench/soak.py --short`): two real workers on a replicated Redis Cluster, a
worker SIGKILLed and a master SIGKILLed while people and AIs play; no move a person was told of is lost,
none is applied twice, and every message shows the committed state at the end."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_short_soak_loses_nothing_and_ends_with_every_view_right(tmp_path: Path) -> None:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is needed (make test installs it)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "REDIS_"))}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "soak.py"), "--short", "--logs", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,  # a hang guard: the run itself takes about a minute and a half
        cwd=ROOT,
        env=env,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("{"), done.stdout + done.stderr
    figures = json.loads(lines[-1])
    assert figures["lost"] == 0 and figures["duplicated"] == 0 and figures["differ"] == 0, done.stdout
    assert figures["applied"] > 200 and figures["answered"] > 0.5 * figures["sent"], done.stdout
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SIGKILLed and started again" in done.stdout and "master" in done.stdout, done.stdout
