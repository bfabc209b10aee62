"""The lobby's screen and the ⚙ settings panel: options, presets, chosen seats, the text options' pickers.

Pure functions of a table and a language; every button is signed by `sign` (the host's `Views.signer`).
"""

from __future__ import annotations

from typing import Any, get_args, get_origin

from bot.core import programs
from bot.core.i18n import has, t
from bot.core.outcome import Button, Screen
from bot.core.render import (
    Sign,
    duration,
    game_name,
    level_name,
    line,
    option_value,
    preset_name,
    pretty_value,
    rows,
    seat_lines,
    seat_name,
)
from bot.core.table import TIMEOUTS, Table
from games.base import Game
from games.cards import SUIT_SYMBOLS, pretty


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
        elif seat.bot is not None and seat.bot in programs.levels(game):  # an AI seat: its level, a press
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
