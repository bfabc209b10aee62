"""The courtyard interface: programs of the dvorovoy JavaScript AI contest play Kozyr's dvorovoy unchanged.

The contest (the third text of `shared/seeds/000_*`) gave each entrant a browser page: a MooTools `Class`
extending `Bridge.AIUtils`, whose `movement(first)` is called at each turn and which acts through
`putCard`, `getCard` and `finishMove`. `courtyard:FILE.js` names such a program wherever a program can be
named (contest and tournament players, registered programs at chat tables); it runs as
`node courtyard.js FILE.js NAME`, the adapter beside this module, which speaks the JSON-lines protocol to
Kozyr and plays the contest's page to the program. What differs from the contest's page is listed in
`docs/protocol.md` ("The courtyard interface").
"""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

PREFIX = "courtyard:"
GAME = "dvorovoy"
ADAPTER = Path(__file__).with_name("courtyard.js")


def is_courtyard(command: str) -> bool:
    return command.startswith(PREFIX)


def node() -> str:
    """The node interpreter (Debian's package `nodejs`); ValueError when there is none."""
    found = shutil.which("node") or shutil.which("nodejs")
    if found is None:
        raise ValueError("courtyard programs run under node: install it (apt-get install nodejs)")
    return found


def command(spec: str, base: Path | None = None) -> str:
    """The command that runs the program `courtyard:FILE.js` (FILE relative to `base`, else the cwd)."""
    path = (base or Path.cwd()) / spec.removeprefix(PREFIX).strip()
    if not path.is_file():
        raise ValueError(f"no courtyard program at {path}")
    return shlex.join([node(), str(ADAPTER), str(path.resolve())])
