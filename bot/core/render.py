"""Rendering: a pure function of (table, viewer, language) → Screen. One renderer for every game.

Games describe themselves with message keys (`status_lines`, `describe_action`, event kinds); this
module translates them, shows cards and suits in their pretty form, and lays out the buttons.
A hand is rendered only for its owner; the table screen uses the spectator view (`view(state, None)`),
so nothing hidden can reach a group.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, get_args, get_origin

from bot.core.api import Button, Screen
from bot.core.i18n import for_platform, has, t
from bot.core.table import REMIND_BEFORE, TIMEOUTS, LogLine, Table
from bot.core.tokens import meaning
from games.base import BaseView, Game, Offer
from games.cards import SUIT_SYMBOLS, is_card, pretty

Sign = Callable[[str], str]  # action → button token for the table's current version
SEAT_PARAMS = {"seat", "dealer", "leader", "attacker", "defender", "winner", "durak", "player"}
LOG_CHARS = 3500  # a table message with its log open stays under Telegram's 4096 characters
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
        return t(lang, "host.ai_name", n=seat + 1)
    return s.user.name or t(lang, "host.player_name", n=seat + 1)


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
    memo = _memo_key(raw, "message", lang, table.chat.platform, key, seat, names)
    text = _MESSAGES.get(memo) if memo is not None else None
    if text is None:
        text = _message(table, key, raw, seat, lang)
        _remember(memo, text)
    return text


def said(lang: str, key: str, params: dict[str, Any]) -> str:
    """`t(lang, key, **params)` with the parameters shown (cards pretty): a button's label."""
    memo = _memo_key(params, "label", lang, key)
    text = _MESSAGES.get(memo) if memo is not None else None
    if text is None:
        text = t(lang, key, **pretty_params(params))
        _remember(memo, text)
    return text


# The texts of messages drawn last, by a key of everything a text depends on (`_memo_key`): a table's
# lines and buttons repeat from move to move (its log, the seats' bids, the cards of a hand).
_MESSAGES: dict[tuple[Any, ...], str] = {}


def _memo_key(params: dict[str, Any], *fixed: Any) -> tuple[Any, ...] | None:
    """`fixed` and the parameters with the type of each value (`1`, `1.0` and `True` read differently);
    None when a parameter is not plain data (it might change, or read differently while equal)."""
    try:
        return (*fixed, *params, *map(_frozen, params.values()))
    except TypeError:
        return None


def _remember(memo: tuple[Any, ...] | None, text: str) -> None:
    if memo is not None:
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
    params = {k: _plays(table, k, v, lang) if _by_seat(v) else pretty_value(k, v) for k, v in raw.items()}
    if seat is not None:
        params.setdefault("name", seat_label(table, seat, lang))
    if isinstance(raw.get("level"), str):
        params["level"] = level_name(raw["level"], lang)
    for k, v in raw.items():  # seat numbers in parameters (`dealer`, `durak`…) become names
        if (k in SEAT_PARAMS or k.endswith("_seat")) and isinstance(v, int) and v >= 0:
            params[k.removesuffix("_seat")] = seat_label(table, v, lang)
    return t(lang, for_platform(key, table.chat.platform), **params)


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
    return t(lang, key) if has(key) else game.key


def level_name(level: str, lang: str) -> str:
    """An AI level as people call it (`heuristic` → "medium"); a level with no name (a program) as it is."""
    key = f"host.level.{level}"
    return t(lang, key) if has(key) else level


def preset_name(game: Game, preset: str, lang: str) -> str:
    """A preset's name in `lang` (`short` → "короткая"), or the preset as typed when it has none."""
    key = f"{game.key}.preset.{preset}"
    return t(lang, key) if has(key) else preset


def typed_with_name(typed: str, name: str) -> str:
    """What a person types, with its name where that says more: `short (короткая)`, `easy`."""
    return typed if name.casefold() == typed.casefold() else f"{typed} ({name})"


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
            return t(lang, f"host.{unit}s", n=int(seconds // size))
    return t(lang, "host.seconds", n=int(seconds))


def fingerprint(screen: Screen) -> str:
    """A short digest of everything a person sees and can do on a screen: its text, and each button's
    label, style, link and action — not the table version its tokens were drawn at. Equal fingerprints:
    nothing to send (old buttons stay valid while their action is legal). It ends in `*` when the screen
    has buttons to press."""
    buttons = [[(b.label, b.style, b.url, b.token and meaning(b.token)) for b in r] for r in screen.buttons]
    blob = json.dumps([screen.title, screen.lines, buttons], ensure_ascii=False, separators=(",", ":"))
    mark = "*" if any(b.token for r in screen.buttons for b in r) else ""
    return hashlib.blake2b(blob.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest() + mark


# -- options ----------------------------------------------------------------------------------------


def option_choices(annotation: Any, field: Any = None) -> list[Any] | None:
    """The values a settings button cycles through, or None when the option is typed in (or has a picker).

    Numbers with bounds cycle through a few round values between them (and the default)."""
    if annotation is bool:
        return [True, False]
    if get_origin(annotation) is not None and str(get_origin(annotation)).endswith("Literal"):
        return list(get_args(annotation))
    if annotation is int and field is not None:
        lo = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
        hi = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
        if lo is None or hi is None:
            return None
        if hi - lo <= 12:
            return list(range(lo, hi + 1))
        nice = [n * 10**e for e in range(6) for n in (1, 2, 3, 5)]
        return sorted({lo, hi, field.default, *(n for n in nice if lo <= n <= hi)})
    return None


def option_value(value: Any, lang: str, game: Game | None = None, name: str = "") -> str:
    """An option's value as people read it: on/off, a named choice (`<game>.choice.<option>.<value>`), a
    card as `7♠`, else as typed."""
    if isinstance(value, bool):
        return t(lang, "host.on") if value else t(lang, "host.off")
    if game is not None and isinstance(value, str) and has(key := f"{game.key}.choice.{name}.{value}"):
        return t(lang, key)
    return str(pretty_value(name, value)) if isinstance(value, str) and is_card(value) else str(value)


def option_lines(game: Game, table: Table, lang: str) -> list[str]:
    opts = game.options(table.options)
    out = []
    for name, field in type(opts).model_fields.items():
        label_key = f"{game.key}.option.{name}"
        label = t(lang, label_key) if has(label_key) else (field.description or name)
        value = option_value(getattr(opts, name), lang, game, name)
        out.append(t(lang, "host.option_line", name=label, value=value))
    out.append(
        t(
            lang,
            "host.option_line",
            name=t(lang, "host.option.turn_timeout"),
            value=duration(table.host.turn_timeout, lang),
        )
    )
    if table.host.private:
        out.append(t(lang, "host.option_line", name=t(lang, "host.option.private"), value=t(lang, "host.on")))
    if not table.host.reminders:
        name = t(lang, "host.option.reminders")
        out.append(t(lang, "host.option_line", name=name, value=t(lang, "host.off")))
    return out


def settings_buttons(game: Game, table: Table, lang: str, sign: Sign) -> list[Button]:
    """The manager's panel: game options (in the lobby only), time per move, removing a person."""
    buttons = []
    if table.status == "lobby":
        buttons += game_option_buttons(game, table, lang, sign)
        private = table.host.private
        label = f"{t(lang, 'host.option.private')}: {option_value(private, lang)}"
        buttons.append(Button(label=label, token=sign(f"@opt:private:{int(not private)}")))
    reminders = table.host.reminders
    label = f"{t(lang, 'host.option.reminders')}: {option_value(reminders, lang)}"
    buttons.append(Button(label=label, token=sign(f"@opt:reminders:{int(not reminders)}")))
    cur = table.host.turn_timeout
    nxt_t = next((x for x in TIMEOUTS if x > cur), TIMEOUTS[0])
    buttons.append(
        Button(
            label=f"{t(lang, 'host.option.turn_timeout')}: {duration(cur, lang)}",
            token=sign(f"@opt:turn_timeout:{nxt_t}"),
        )
    )
    for i, seat in enumerate(table.seats):
        if seat.user is not None:
            name = seat_name(table, i, lang)
            buttons.append(Button(label=t(lang, "host.button.kick", name=name), token=sign(f"@kick:{i}")))
        elif seat.bot is not None and seat.bot in game.bot_levels:  # an AI seat: its level, pressed to change
            label = f"{seat_name(table, i, lang)}: {level_name(seat.bot, lang)}"
            buttons.append(Button(label=label, token=sign(f"@lvl:{i}")))
    return buttons


def game_option_buttons(game: Game, table: Table, lang: str, sign: Sign) -> list[Button]:
    """One button per option with a few choices; a press moves it to the next choice."""
    opts = game.options(table.options)
    buttons = []
    for name, field in type(opts).model_fields.items():
        label_key = f"{game.key}.option.{name}"
        label = t(lang, label_key) if has(label_key) else name
        if name in game.editors:  # a text option: its picker opens in the panel
            value = option_value(getattr(opts, name), lang)
            shown = pretty_value(name, value) if game.editors[name].kind == "card" else value
            buttons.append(Button(label=f"{label}: {shown} ✎", token=sign(f"@panel:{name}")))
            continue
        choices = option_choices(field.annotation, field)
        if not choices:
            continue
        current = getattr(opts, name)
        nxt = choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]
        code = int(nxt) if isinstance(nxt, bool) else nxt
        shown = option_value(current, lang, game, name)
        buttons.append(Button(label=f"{label}: {shown}", token=sign(f"@opt:{name}:{code}")))
    return buttons


def editor_buttons(game: Game, table: Table, name: str, lang: str, sign: Sign) -> list[list[Button]]:
    """The picker of one text option: a card's suit and rank, or a list built word by word."""
    editor = game.editors[name]
    value = str(getattr(game.options(table.options), name))
    if editor.kind == "card":
        rank, suit = value[:-1], value[-1]
        suits = [
            Button(
                label=_tick(SUIT_SYMBOLS[x], x == suit),
                token=sign(f"@opt:{name}:{rank}{x}"),
                style=_on(x == suit),
            )
            for x in "SHDC"
        ]
        ranks = [
            Button(
                label=_tick(pretty(f"{r}{suit}"), r == rank),
                token=sign(f"@opt:{name}:{r}{suit}"),
                style=_on(r == rank),
            )
            for r in ("6", "7", "8", "9", "T", "J", "Q", "K", "A")
        ]
        return [suits, *rows(ranks)]
    named = [
        Button(
            label=_tick(_value_label(game, name, v, lang), v == value),
            token=sign(f"@opt:{name}:{v}"),
            style=_on(v == value),
        )
        for v in editor.named
    ]
    items = [Button(label=item, token=sign(f"@add:{name}:{item}")) for item in editor.items]
    back = [Button(label="⌫", token=sign(f"@pop:{name}"))] if value not in editor.named else []
    return [*rows(named), *rows(items + back)]


def _on(chosen: bool) -> Any:
    return "primary" if chosen else "secondary"


def _tick(label: str, chosen: bool) -> str:
    return ("✓ " if chosen else "") + label


def _value_label(game: Game, name: str, value: str, lang: str) -> str:
    key = f"{game.key}.option.{name}.{value}"
    return t(lang, key) if has(key) else value


def settings_panel(game: Game, table: Table, lang: str, sign: Sign) -> list[list[Button]]:
    if table.panel in game.editors and table.status == "lobby":
        buttons = editor_buttons(game, table, table.panel, lang, sign)
        buttons.append([Button(label=t(lang, "night.button.back"), token=sign(f"@panel:{table.panel}"))])
        return buttons
    buttons = rows(settings_buttons(game, table, lang, sign), 2)
    buttons.append([Button(label=t(lang, "host.button.settings_done"), token=sign("@settings"))])
    return buttons


# -- screens ----------------------------------------------------------------------------------------


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
                extra.append(t(lang, "host.points", n=points, points=_num(points)))
            if view.hand_sizes and not view.over:
                extra.append(t(lang, "host.cards", n=view.hand_sizes[i]))
        if seat.auto:
            extra.append(t(lang, "host.ai_plays"))
        if seat.unreachable:
            key = "host.no_dm" if seat.pinged else "host.no_dm_quiet"
            extra.append(t(lang, for_platform(key, table.chat.platform)))
        elif seat.pinged:
            extra.append(t(lang, "host.pinged"))
        out.append(mark + name + (" — " + " · ".join(extra) if extra else ""))
    return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def place_lines(game: Game, table: Table, lang: str) -> list[str]:
    """The lobby of a game whose seats are chosen: each named seat and who sits there (or free)."""
    out = []
    for k in range(game.max_players):
        taken = k < len(table.seats) and not table.seats[k].free
        who = seat_name(table, k, lang) if taken else t(lang, "host.place_free")
        out.append(t(lang, "host.place_line", place=t(lang, f"{game.key}.seat.{k}"), name=who))
    return out


def place_buttons(game: Game, table: Table, lang: str, sign: Sign) -> list[Button]:
    """A button for each seat no person holds yet: pressing it sits you there (`@seat:k`)."""
    return [
        Button(
            label=t(lang, "host.button.sit", place=t(lang, f"{game.key}.seat.{k}")), token=sign(f"@seat:{k}")
        )
        for k in range(game.max_players)
        if k >= len(table.seats) or table.seats[k].user is None
    ]


def notice_screen(game: Game, table: Table, lang: str, sign: Sign) -> Screen:
    """A private notice that a table opened in a chat someone watches (`/notify`)."""
    creator = table.creator.name or t(lang, "host.player_name", n=1)
    text = t(lang, "notify.opened", name=creator, game=game_name(game, lang), chat=table.chat.title or "")
    join = Button(label=t(lang, "host.button.join"), token=sign("@join"), style="primary")
    return Screen(title=t(lang, "host.title", game=game_name(game, lang), id=table.id), lines=[text],
                  buttons=[[join]])  # fmt: skip


def current_preset(game: Game, table: Table) -> str | None:
    """The preset whose options the table has now (None: options of its own)."""
    for name, options in game.presets.items():
        if game.options(options).model_dump(mode="json", exclude_defaults=True) == table.options:
            return name
    return None


def preset_buttons(game: Game, table: Table, lang: str, sign: Sign) -> list[Button]:
    """The game's presets, one press each (the creator's or an admin's); the chosen one is ticked."""
    chosen = current_preset(game, table)
    return [
        Button(label=_tick(preset_name(game, name, lang), name == chosen), token=sign(f"@preset:{name}"))
        for name in game.presets
    ]


def lobby_screen(game: Game, table: Table, lang: str, sign: Sign) -> Screen:
    lines = [t(lang, "host.lobby", game=game_name(game, lang), min=game.min_players, max=game.max_players)]
    lines += option_lines(game, table, lang)
    lines.append("")
    lines.append(t(lang, "host.seated", n=sum(not s.free for s in table.seats), max=game.max_players))
    lines += place_lines(game, table, lang) if game.seat_choice else seat_lines(table, None, lang)
    lines += [line(table, e, lang) for e in table.log[-3:]]
    if table.show_settings:
        buttons = settings_panel(game, table, lang, sign)
    else:
        buttons = [
            [
                Button(label=t(lang, "host.button.join"), token=sign("@join"), style="primary"),
                Button(label=t(lang, "host.button.leave"), token=sign("@leave")),
            ],
            [
                Button(label=t(lang, "host.button.add_bot"), token=sign("@bot")),
                Button(label=t(lang, "host.button.remove_bot"), token=sign("@unbot")),
            ],
            [
                Button(label=t(lang, "host.button.start"), token=sign("@start"), style="success"),
                Button(label=t(lang, "host.button.settings"), token=sign("@settings")),
                Button(label=t(lang, "host.button.cancel"), token=sign("@cancel"), style="danger"),
            ],
        ]
        if game.presets:
            buttons[:0] = rows(preset_buttons(game, table, lang, sign), 4)
        if game.seat_choice:
            buttons.insert(0, place_buttons(game, table, lang, sign))
    return Screen(
        title=t(lang, "host.title", game=game_name(game, lang), id=table.id), lines=lines, buttons=buttons
    )


def table_screen(game: Game, table: Table, state: Any, lang: str, sign: Sign) -> Screen:
    """The group's table message: never shows a hand (the spectator view)."""
    if table.status == "lobby" or state is None:
        if table.status == "cancelled":
            return Screen(
                title=t(lang, "host.title", game=game_name(game, lang), id=table.id),
                lines=[t(lang, "host.cancelled")],
            )
        return lobby_screen(game, table, lang, sign)
    view = game.view(state, None)
    lines = status(game, view, table, lang)
    lines.append("")
    lines += seat_lines(table, view, lang, game)
    if table.show_log:
        lines.append("")
        lines += log_lines(table, lang, LOG_CHARS - sum(len(x) + 1 for x in lines))
    elif table.log:
        lines.append("")
        lines += ["· " + line(table, e, lang) for e in table.log[-4:]]
    log_button = Button(
        label=t(lang, "night.button.log_hide" if table.show_log else "night.button.log"), token=sign("@log")
    )
    buttons: list[list[Button]] = []
    if table.status == "playing":
        names = ", ".join(seat_name(table, i, lang) for i in view.to_act)
        lines.append(t(lang, "host.waiting_for", names=names, time=duration(table.host.turn_timeout, lang)))
        buttons = [
            [Button(label=t(lang, "host.button.hand"), token=sign("@hand"), style="primary"), log_button]
        ]
        if table.show_settings:
            buttons += settings_panel(game, table, lang, sign)
        else:
            buttons[0].append(Button(label=t(lang, "host.button.settings"), token=sign("@settings")))
        if table.rematch_of and not any(s.user and s.moved_at for s in table.seats):
            # a rematch started everyone again: until a person has moved, leaving is one press here
            buttons.append([Button(label=t(lang, "host.button.leave"), token=sign("@leave"))])
    elif table.status == "cancelled":
        lines.append(t(lang, "host.cancelled"))
    else:
        lines.append(final_line(game, table, state, lang))
        buttons = [[log_button]]
        if table.rematch is None:
            buttons[0].insert(0, rematch_button(lang, sign))
    return Screen(
        title=t(lang, "host.title", game=game_name(game, lang), id=table.id), lines=lines, buttons=buttons
    )


def final_line(game: Game, table: Table, state: Any, lang: str) -> str:
    names = ", ".join(seat_name(table, i, lang) for i in game.winners(state))
    return t(lang, "host.winners", names=names, n=len(game.winners(state)))


def final_screen(game: Game, table: Table, state: Any, lang: str, sign: Sign | None = None) -> Screen:
    """The new message that announces the end of a game: the standings with their labels, 🔁 Rematch."""
    lines = [
        f"{n}. {seat_name(table, i, lang)} — {message(table, key, params, None, lang)}"
        for n, (i, key, params) in enumerate(game.ranking(state), 1)
        if i < len(table.seats)
    ]
    lines.append(final_line(game, table, state, lang))
    buttons = [[rematch_button(lang, sign)]] if sign is not None else []
    return Screen(
        title=t(lang, "host.game_over", game=game_name(game, lang), id=table.id), lines=lines, buttons=buttons
    )


def rematch_button(lang: str, sign: Sign) -> Button:
    return Button(label=t(lang, "night.button.rematch"), token=sign("@rematch"), style="success")


def log_lines(table: Table, lang: str, budget: int) -> list[str]:
    """The current deal's public history, newest last, as much of it as fits `budget` characters."""
    entries = table.deal_log()
    out: list[str] = []
    used = 0
    for e in reversed(entries):
        text = "· " + line(table, e, lang)
        if used + len(text) + 1 > budget:
            break
        out.append(text)
        used += len(text) + 1
    out.reverse()
    head = [t(lang, "night.log.title", n=len(entries))]
    if len(out) < len(entries):
        head.append(t(lang, "night.log.earlier", n=len(entries) - len(out)))
    return head + out


def hand_screen(
    game: Game,
    table: Table,
    state: Any,
    seat: int,
    lang: str,
    sign: Sign,
    offer: Offer,
    picked: Sequence[str] = (),
) -> Screen:
    """A player's private message: their cards, the game's short context for them (`Game.hand_context`),
    their picks and actions as buttons — never the table's status, so others' moves leave it unchanged."""
    view = game.view(state, seat)
    title = t(
        lang,
        "host.hand_title",
        game=game_name(game, lang),
        chat=table.chat.title or table.chat.id,
        id=table.id,
    )
    lines = [message(table, k, p, None, lang) for k, p in game.hand_context(view)]
    cards = " ".join(pretty(c) for c in view.hand or [])
    lines.append(t(lang, "host.your_cards", cards=cards or "—"))
    if view.over:
        lines.append(final_line(game, table, state, lang))
    elif offer.actions or offer.picks:
        lines.append(t(lang, "host.your_move"))
        if table.reminding:
            lines.append(t(lang, "host.remind", time=duration(REMIND_BEFORE, lang)))
    buttons = [pick_button(game, item, item in picked, lang, sign) for item in offer.picks]
    buttons += [Button(label=action_label(game, a, lang, view), token=sign(a)) for a in offer.actions]
    return Screen(title=title, lines=lines, buttons=rows(buttons))


def pick_button(game: Game, item: str, on: bool, lang: str, sign: Sign) -> Button:
    """A toggle: pressing it picks or unpicks `item`; a picked item is marked ✓."""
    key, params = game.describe_pick(item)
    label = said(lang, key, params) if has(key) else str(pretty_value("", item))
    return Button(
        label=("✓ " if on else "") + label,
        token=sign(f"@pick:{item}"),
        style="primary" if on else "secondary",
    )
