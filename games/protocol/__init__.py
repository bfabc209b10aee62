"""Programs as players: the engine protocols beside the rules (python-chess's `chess.engine` model).

- `process` — a player program as a child process: clean environment, resource limits, its own
  process group and directory, non-blocking line I/O with a time limit per decision;
- `speaker` — what a protocol does; `jsonlines` — the JSON-lines protocol every game speaks
  (`docs/protocol.md`); `tricksline` — the tricks line protocol of seed 002, message for message;
- `match` — one game between programs and built-in AIs under the game's `ContestRules`.

`games.contest` and `games.tournament` build the command-line tools on top. The rules never import this.
"""
