"""Moves at a table: a person's action, or the AI's for an AI seat or a person who ran out of time."""

from __future__ import annotations

import random
from typing import Any

import games
from bot.core import movecode, programs
from bot.core.i18n import has
from bot.core.table import Table, game_state, set_state
from games.base import Event, Game


def record(
    table: Table,
    game: Game,
    state: Any,
    events: list[Event],
    now: float,
    ai_delay: float,
    seat: int | None = None,
    action: str | None = None,
    before: Any = None,
) -> None:
    """Store the new game state, log its public events, restart the turn clock, plan the AI's next move.

    The move goes to the table's move history (`<seat>:<action>`), and `#<deal>` after it when it dealt
    a new deal (or at the start, when `action` is None); and to the game's coded moves (`movecode`,
    one character when `before`, the state it was made in, is given).
    """
    old_deal = (table.state or {}).get("deal_no")
    set_state(table, state)
    for s in table.seats:  # a selection is for one move: any move at the table starts afresh
        s.picked = []
    if seat is not None:
        table.seats[seat].moved_at = table.version
    if action is not None and seat is not None:
        table.moves.append(f"{seat}:{action}")
        if before is None:
            table.codes += movecode.written(seat, action)
        else:
            table.codes += movecode.encode(game, before, seat, action)
    deal = getattr(state, "deal_no", 0)
    if action is None or deal != old_deal:
        table.moves.append(f"#{deal}")
    table.deal = deal
    for e in events:
        for key, params, who in game.event_lines(e):
            if has(key):
                table.note(key, seat=who, **params)
    table.turn_since = now
    if game.is_over(state):
        table.status = "over"
        table.ai_due = None
        return
    ai_turn = any(table.seats[s].ai_plays for s in game.to_act(state))
    table.ai_due = now + ai_delay if ai_turn else None


def move(table: Table, game: Game, seat: int, action: str, now: float, ai_delay: float) -> list[Event]:
    """A person's action (GameError when illegal; the table is then unchanged)."""
    state = game_state(table)  # parsed once per state document (`House.as_stored` shares old's)
    new, events = game.apply(state, seat, action)
    s = table.seats[seat]
    s.misses = 0
    if s.auto:
        s.auto = False
        table.note("host.log.back", seat=seat)
    record(table, game, new, events, now, ai_delay, seat, action, state)
    return events


def ai_level(table: Table, game: Game, seat: int) -> str:
    return table.seats[seat].bot or game.default_bot


def choose(game: Game, state: Any, seat: int, level: str, seed: str, budget: float) -> str:
    """The AI's action for `seat`: it sees only that seat's view and the legal actions.

    A `program:NAME` level asks that registered program (`bot/core/programs.py`); if it fails, the
    game's built-in AI moves.
    """
    if programs.is_program(level):
        action = programs.choose(game, state, seat, level)
        if action is not None:
            return action
        level = game.default_bot
    return decide(game.key, level, budget, game.view(state, seat), game.legal_actions(state, seat), seed)


def decide(game_key: str, level: str, budget: float, view: Any, legal: list[str], seed: str) -> str:
    """The built-in AI's choice from a seat's view and legal actions alone (what a process pool is sent)."""
    game = games.get(game_key)
    bot = game.bot(level, budget=budget) if level == "search" else game.bot(level)
    return bot.choose(view, legal, random.Random(seed))
