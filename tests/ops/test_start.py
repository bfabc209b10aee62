"""What a worker imports at its start: the libraries only some tables need are loaded when one does
(a restart pays every import again, in CPU)."""

from __future__ import annotations

import subprocess
import sys

LATER = ("endplay", "matplotlib", "numpy", "fakeredis")  # bridge's records and solver; the embedded Redis


def test_a_worker_starts_without_the_libraries_only_some_tables_need() -> None:
    code = "import sys, bot.ops.service; print(' '.join(m for m in sys.argv[1:] if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code, *LATER], capture_output=True, text=True, check=True)
    assert loaded.stdout.split() == []
