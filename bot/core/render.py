"""Rendering's words: the texts every screen is made of. One renderer for every game.

Games describe themselves with message keys (`status_lines`, `describe_action`, event kinds); this
module translates them, shows cards and suits in their pretty form, names seats, levels and presets,
remembers the texts it drew (`message`, `said`), and fingerprints a screen. The screens are built from
these pieces in `panel.py` (the lobby and the ⚙ settings panel) and `screens.py` (table, hand, final).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from bot.core.i18n import for_platform, has, t
from bot.core.outcome import Button, Screen
from bot.core.programs import PREFIX as PROGRAM
from bot.core.table import LogLine, Table
from games.base import BaseView, Game
from games.cards import SUIT_SYMBOLS, is_card, pretty

Sign = Callable[[str], str]  # action → button token for the table's current version
SEAT_PARAMS = {"seat", "dealer", "leader", "attacker", "defender", "winner", "durak", "player"}
ROW = 5  # buttons per row: Discord's limit, and it keeps Telegram keyboards readable
MESSAGES_SIZE = 20_000  # texts of messages remembered (`message`): a few MB
PLAIN = frozenset({str, int, float, bool, type(None)})  # the parameter values a remembered text may depend on
CALL_MARKS = {"high": "↑", "low": "↓", "top": "⇑", "dump": "⇓"}


def pretty_value(key: str, value: Any) -> Any:
    """Cards and suits as people write them; lists joined; other values unchanged."""
    if isinstance(value, str):
        return pretty_text(value)
    if isinstance(value, list | tuple):
        return " ".join(str(pretty_value(key, v)) for v in value)
    return value


@lru_cache(maxsize=4096)
def pretty_text(value: str) -> str:
    """A text parameter as people write it (`7S` → `7♠`, `7S:top:H` → `7♠⇑♥`); a pure function of the text,
    remembered for the few thousand texts seen last (card names, calls, suits: the same ones every move)."""
    if is_card(value):
        return pretty(value)
    joker, eq, card = value.partition("=")  # a joker and the card it stands for (rummy): `🃏=9♥`
    if eq and is_card(joker) and is_card(card):
        return f"{pretty(joker)}={pretty(card)}"
    if value in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[value]
    if ":" in value:  # a card with its call, `7S:top:H` → `7♠⇑♥`; any other text keeps its colons
        parts = value.split(":")
        glue = "" if all(p in CALL_MARKS or is_card(p) or p in SUIT_SYMBOLS for p in parts) else ":"
        return glue.join(CALL_MARKS.get(part) or pretty_text(part) for part in parts)
    if (
        len(value) % 2 == 0
        and len(value) > 2
        and all(is_card(value[i : i + 2]) for i in range(0, len(value), 2))
    ):
        return " ".join(pretty(value[i : i + 2]) for i in range(0, len(value), 2))
    return value


def pretty_params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: pretty_value(k, v) for k, v in params.items()}


def seat_name(table: Table, seat: int, lang: str) -> str:
    s = table.seats[seat]
    if s.user is None:
        return text(lang, "host.ai_name", n=seat + 1)
    return s.user.name or text(lang, "host.player_name", n=seat + 1)


def _by_seat(value: Any) -> bool:
    """A list of [seat, card or text] pairs: who played what (`Trick.by_seat`), a named score row."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, list | tuple) and len(v) == 2 and isinstance(v[0], int) for v in value)
    )


def line(table: Table, entry: LogLine, lang: str) -> str:
    return message(table, entry.key, entry.params, entry.seat, lang)


def message(table: Table, key: str, raw: dict[str, Any], seat: int | None, lang: str) -> str:
    """A message with its parameters shown: cards pretty, seat numbers as names (`line` of a log entry)."""
    names = tuple([s.user.name if s.user is not None else None for s in table.seats])
    memo = memo_key(raw, "message", lang, table.chat.platform, key, seat, names)
    text = _MESSAGES.get(memo) if memo is not None else None
    if text is None:
        text = _message(table, key, raw, seat, lang)
        _remember(memo, text)
    return text


def said(lang: str, key: str, params: dict[str, Any]) -> str:
    """`t(lang, key, **params)` with the parameters shown (cards pretty): a button's label."""
    memo = memo_key(params, "label", lang, key)
    text = _MESSAGES.get(memo) if memo is not None else None
    if text is None:
        text = t(lang, key, **pretty_params(params))
        _remember(memo, text)
    return text


def text(lang: str, key: str, /, **params: Any) -> str:
    """`t(lang, key, **params)`, remembered (the parameters shown as they are): the words every screen
    repeats — titles, seat lines, buttons — looked up rather than formatted again."""
    memo = memo_key(params, "text", lang, key)
    found = _MESSAGES.get(memo) if memo is not None else None
    if found is None:
        found = t(lang, key, **params)
        _remember(memo, found)
    return found


# The texts of messages drawn last, by a key of everything a text depends on (`memo_key`): a table's
# lines and buttons repeat from move to move (its log, the seats' bids, the cards of a hand).
_MESSAGES: dict[tuple[Any, ...], str] = {}
_MESSAGES_LOCK = threading.Lock()


def memo_key(params: dict[str, Any], *fixed: Any) -> tuple[Any, ...] | None:
    """`fixed` and the parameters with the type of each value (`1`, `1.0` and `True` read differently);
    None when a parameter is not plain data (it might change, or read differently while equal)."""
    try:
        return (*fixed, *params, *map(_frozen, params.values()))
    except TypeError:
        return None


def _remember(memo: tuple[Any, ...] | None, text: str) -> None:
    if memo is not None:
        with _MESSAGES_LOCK:  # a replay is drawn in a worker thread (`Scoreboard`)
            _MESSAGES[memo] = text
            if len(_MESSAGES) > MESSAGES_SIZE:
                _MESSAGES.pop(next(iter(_MESSAGES)), None)  # the oldest


def _frozen(value: Any) -> tuple[Any, ...]:
    """A parameter as part of a memo key: its type beside every value, lists as tuples; TypeError for a
    value that is not plain data."""
    kind = type(value)
    if kind in PLAIN:
        return (kind, value)
    if kind is list or kind is tuple:
        return (kind, *map(_frozen, value))
    raise TypeError(f"not plain data: {kind.__name__}")


def _message(table: Table, key: str, raw: dict[str, Any], seat: int | None, lang: str) -> str:
    params = {k: _param(table, k, v, lang) for k, v in raw.items()}
    if seat is not None:
        params.setdefault("name", seat_label(table, seat, lang))
    if isinstance(raw.get("level"), str):
        params["level"] = level_name(raw["level"], lang)
    for k, v in raw.items():  # seat numbers in parameters (`dealer`, `durak`…) become names
        if (k in SEAT_PARAMS or k.endswith("_seat")) and isinstance(v, int) and v >= 0:
            params[k.removesuffix("_seat")] = seat_label(table, v, lang)
    return t(lang, for_platform(key, table.chat.platform), **params)


def _param(table: Table, key: str, value: Any, lang: str) -> Any:
    """A parameter as shown: who played what, a nested message (`{"key": …, "params": …}`: a word in the
    reader's language inside a line, bridge's Pass in a bidding diagram), cards and suits pretty."""
    if _by_seat(value):
        return _plays(table, key, value, lang)
    if isinstance(value, dict) and isinstance(value.get("key"), str):
        return _message(table, value["key"], value.get("params", {}), None, lang)
    return pretty_value(key, value)


def _plays(table: Table, key: str, pairs: list[Any], lang: str) -> str:
    """[[seat, card], …] → "Ann 7♠ · Bob 9♠"."""
    return " · ".join(f"{seat_label(table, s, lang)} {pretty_value(key, c)}" for s, c in pairs)


def seat_label(table: Table, seat: int, lang: str) -> str:
    """The seat's name, or "Player N" for a seat that is gone (someone left the lobby since)."""
    if seat < len(table.seats):
        return seat_name(table, seat, lang)
    return t(lang, "host.player_name", n=seat + 1)


def game_name(game: Game, lang: str) -> str:
    key = f"{game.key}.name"
    return text(lang, key) if has(key) else game.key


def level_name(level: str, lang: str) -> str:
    """An AI level as people call it (`heuristic` → "steady", `program:lefty` → "program lefty")."""
    if level.startswith(PROGRAM):
        return t(lang, "host.level.program", name=level.removeprefix(PROGRAM))
    key = f"host.level.{level}"
    return t(lang, key) if has(key) else level


def preset_name(game: Game, preset: str, lang: str) -> str:
    """A preset's name in `lang` (`short` → "короткая"), or the preset as typed when it has none."""
    key = f"{game.key}.preset.{preset}"
    return t(lang, key) if has(key) else preset


def typed_with_name(typed: str, name: str) -> str:
    """What a person types, with its name where that says more: `short (короткий)`, `easy`, `quick (~8
    rounds)` (a name that starts with the word is shown alone), `quick: быстрый (~8 конов)`."""
    if name.casefold().startswith(typed.casefold()):
        return name
    return f"{typed}: {name}" if "(" in name else f"{typed} ({name})"


def action_label(game: Game, action: str, lang: str, view: BaseView | None = None) -> str:
    key, params = game.describe_action(action) if view is None else game.describe_offered(view, action)
    if has(key):
        return said(lang, key, params)
    return " ".join(str(pretty_value("", a)) for a in action.split(":")[1:]) or action


def rows(buttons: Sequence[Button], width: int = ROW) -> list[list[Button]]:
    return [list(buttons[i : i + width]) for i in range(0, len(buttons), width)]


def status(game: Game, view: BaseView, table: Table, lang: str) -> list[str]:
    return [message(table, k, p, None, lang) for k, p in game.status_lines(view)]


def duration(seconds: float, lang: str) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            return text(lang, f"host.{unit}s", n=int(seconds // size))
    return text(lang, "host.seconds", n=int(seconds))


def fingerprint(screen: Screen) -> str:
    """What a person sees and can do on a screen, as a short digest (`outcome.digest`; worked out once per
    screen). Equal fingerprints: nothing to send."""
    return screen.fingerprint


def option_value(value: Any, lang: str, game: Game | None = None, name: str = "") -> str:
    """An option's value as people read it: on/off, a named choice (`<game>.choice.<option>.<value>`), a
    card as `7♠`, else as typed."""
    if isinstance(value, bool):
        return t(lang, "host.on") if value else t(lang, "host.off")
    if game is not None and has(key := f"{game.key}.choice.{name}.{value}"):  # `most.choice.target.0`
        return t(lang, key)
    return str(pretty_value(name, value)) if isinstance(value, str) and is_card(value) else str(value)


def seat_lines(table: Table, view: BaseView | None, lang: str, game: Game | None = None) -> list[str]:
    out = []
    for i, seat in enumerate(table.seats):
        mark = "▶ " if view and i in view.to_act and not view.over else "   "
        name = seat_name(table, i, lang)
        extra = []
        if view is not None:
            note = game.seat_status(view, i) if game is not None else None
            if note is not None:
                extra.append(message(table, note[0], note[1], None, lang))
            points = game.seat_points(view, i) if game is not None else view.scores[i]
            if points is not None:
                extra.append(text(lang, "host.points", n=points, points=_num(points)))
            if view.hand_sizes and not view.over:
                extra.append(text(lang, "host.cards", n=view.hand_sizes[i]))
        if seat.auto:
            extra.append(text(lang, "host.ai_plays"))
        if seat.unreachable:
            key = "host.no_dm" if seat.pinged else "host.no_dm_quiet"
            extra.append(text(lang, for_platform(key, table.chat.platform)))
        elif seat.pinged:
            extra.append(text(lang, "host.pinged"))
        out.append(mark + name + (" — " + " · ".join(extra) if extra else ""))
    return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
