"""What a finished game leaves behind: each seat's result, the ratings it moves, its replay record.

Pure functions over a finished `Table` (the host stores what they return, `storage.stats`):

- `results` — per seat: who (a person's key or `ai:<level>`), name, score, rank (1 = best, ties share
  a rank; partners, `ContestRules.sides`, rank as one side), won, durak count;
- `rate` — the new rows of stats: games, wins, durak, score sum, and an openskill (Plackett-Luce)
  rating kept as mu and sigma; the AI's levels are rated too, so beating them counts as it should;
- `game_moves` — a finished table's moves, from the coded ones the table keeps (`movecode`);
- `replay_record` / `replay_states` — a compact record (seed, deals, options, moves) that rebuilds the
  game move by move; `replay_record` returns None unless the rebuild ends in the table's final state.
"""

from __future__ import annotations

import logging
from typing import Any

from openskill.models import PlackettLuce

import games
from bot.core import movecode
from bot.core.table import Table
from games.base import Event, Game, GameError, GameState
from storage.keys import base36
from storage.stats import Row

log = logging.getLogger(__name__)
MODEL = PlackettLuce()


def game_id(table: Table) -> str:
    """A finished game's id: its table's, and a tag of its seed (a table may host another game later)."""
    seed = int((table.state or {}).get("seed", 0))
    return f"{table.id}-{base36(seed % 36**4)}"


def who(table: Table, seat: int) -> str:
    s = table.seats[seat]
    if s.user is not None:
        return s.user.key
    return f"ai:{s.bot or games.get(table.game).default_bot}"


def teams(game: Game, players: int) -> list[list[int]]:
    """Seats that win or lose together (bridge partners), else one team per seat."""
    sides = [list(side) for side in game.contest.sides if all(s < players for s in side)]
    if sides and sorted(s for side in sides for s in side) == list(range(players)):
        return sides
    return [[s] for s in range(players)]


def results(table: Table, names: list[str]) -> list[Row]:
    """Each seat's result in a finished game: its place (higher scores are better, as `Game.winners` reads
    them) and its points as the players count them (`Game.points`: dvorovoy's penalties positive)."""
    game = games.get(table.game)
    state = game.load(table.state or {})
    scores, points = game.scores(state), game.points(state)  # places by scores; shown: the points
    winners = set(game.winners(state))
    durak = list(getattr(state, "durak_counts", []) or [0] * len(scores))
    best = {s: max(scores[m] for m in team) for team in teams(game, len(scores)) for s in team}
    levels = sorted(set(best.values()), reverse=True)
    return [
        {
            "who": who(table, seat),
            "name": names[seat],
            "score": points[seat],
            "rank": 1 if seat in winners else levels.index(best[seat]) + 1,
            "won": seat in winners,
            "durak": int(durak[seat]) if seat < len(durak) else 0,
        }
        for seat in range(len(scores))
    ]


def rate(game: Game, res: list[Row], now: float) -> Any:
    """The `storage.stats.Rate` for these results: old rows (this chat, across chats) → new rows."""

    def apply(here: list[Row | None], everywhere: list[Row | None]) -> tuple[list[Row], list[Row]]:
        return _rated(game, res, here, now), _rated(game, res, everywhere, now)

    return apply


def _rated(game: Game, res: list[Row], old: list[Row | None], now: float) -> list[Row]:
    rows = [dict(o) if o else {"games": 0, "wins": 0, "durak": 0, "score": 0.0} for o in old]
    ratings = [MODEL.rating(mu=o["mu"], sigma=o["sigma"]) if o and "mu" in o else MODEL.rating() for o in old]
    groups = teams(game, len(res))
    team_rank = [min(res[s]["rank"] for s in team) for team in groups]
    if len(groups) > 1:
        new = MODEL.rate([[ratings[s] for s in team] for team in groups], ranks=team_rank)
        for team, rated in zip(groups, new, strict=True):
            for s, r in zip(team, rated, strict=True):
                ratings[s] = r
    for row, r, result in zip(rows, ratings, res, strict=True):
        row.update(
            name=result["name"],
            games=row["games"] + 1,
            wins=row["wins"] + int(result["won"]),
            durak=row["durak"] + result["durak"],
            score=row["score"] + float(result["score"]),
            mu=round(float(r.mu), 4),
            sigma=round(float(r.sigma), 4),
            at=now,
        )
    return rows


# -- replays ----------------------------------------------------------------------------------------


def parse_moves(entries: list[str]) -> list[list[Any]]:
    """`<seat>:<action>` → [seat, action]."""
    out: list[list[Any]] = []
    for entry in entries:
        seat, _, action = entry.partition(":")
        if seat.isdigit() and action:
            out.append([int(seat), action])
    return out


def game_moves(table: Table, written: list[str], codes: str) -> tuple[list[list[Any]], Any]:
    """A finished table's moves, [seat, action] each, and the state they lead to (None when they do not
    replay): the moves written out (`<seat>:<action>`; the stats store kept them so for a game begun
    before the coded moves), then the coded ones (`movecode`, the table's `game`), from the deal."""
    game = games.get(table.game)
    final = game.load(table.state or {})
    state = game.new(final.players, _options(final), seed=final.seed, deals=final.deals or None)
    moves = parse_moves(written)
    try:
        for seat, action in moves:
            state, _events = game.apply(state, seat, action)
        coded, state = movecode.decode(game, state, codes)
    except (GameError, ValueError, KeyError, IndexError) as e:
        log.warning("table %s: its moves do not replay (%s)", table.id, e)
        return moves, None
    return moves + coded, state


def replay_record(table: Table, moves: list[list[Any]], names: list[str], rebuilt: Any = None) -> Row | None:
    """The compact record of a finished game, or None when it does not rebuild the final state
    (`rebuilt`: the state the moves were already replayed to, if they were)."""
    game = games.get(table.game)
    final = game.load(table.state or {})
    record = {
        "game": game.key,
        "players": final.players,
        "seed": final.seed,
        "deals": final.deals,
        "options": _options(final),
        "names": names,
        "who": [who(table, s) for s in range(len(table.seats))],
        "moves": moves,
    }
    try:
        last = rebuilt if rebuilt is not None else replay_states(record)[-1][0]
    except (GameError, ValueError, KeyError) as e:
        log.warning("table %s: its moves do not rebuild the game (%s); no replay kept", table.id, e)
        return None
    if last.model_dump(mode="json") != final.model_dump(mode="json"):
        log.warning("table %s: its moves rebuild another game; no replay kept", table.id)
        return None
    return record


def _options(state: GameState) -> dict[str, Any]:
    options = getattr(state, "options", None)
    return options.model_dump(mode="json") if options is not None else {}


def replay_states(record: Row, upto: int | None = None) -> list[tuple[Any, list[Event]]]:
    """The state after each move (the first entry: the deal, no events) up to move `upto` (all by default),
    rebuilt from the record."""
    game = games.get(record["game"])
    deals = record.get("deals") or None
    state = game.new(record["players"], record.get("options") or {}, seed=record["seed"], deals=deals)
    out: list[tuple[Any, list[Event]]] = [(state, [])]
    for seat, action in record["moves"][:upto]:
        state, events = game.apply(state, int(seat), action)
        out.append((state, events))
    return out
