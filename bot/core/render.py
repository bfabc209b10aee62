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
from typing import Any, get_args, get_origin

from bot.core.api import Button, Screen
from bot.core.i18n import for_platform, has, t
from bot.core.table import REMIND_BEFORE, TIMEOUTS, LogLine, Table
from bot.core.tokens import meaning
from games.base import BaseView, Game, Offer
from games.cards import SUIT_SYMBOLS, is_card, pretty

Sign = Callable[[str], str]  # action → button token for the table's current version
SEAT_PARAMS = {"seat", "dealer", "leader", "attacker", "defender", "winner", "durak", "player"}
ROW = 5  # buttons per row: Discord's limit, and it keeps Telegram keyboards readable
CALL_MARKS = {"high": "↑", "low": "↓", "top": "⇑", "dump": "⇓"}


def pretty_value(key: str, value: Any) -> Any:
    """Cards and suits as people write them; lists joined; other values unchanged."""
    if isinstance(value, str):
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
            return glue.join(str(CALL_MARKS.get(part, pretty_value(key, part))) for part in parts)
        if (
            len(value) % 2 == 0
            and len(value) > 2
            and all(is_card(value[i : i + 2]) for i in range(0, len(value), 2))
        ):
            return " ".join(pretty(value[i : i + 2]) for i in range(0, len(value), 2))
        return value
    if isinstance(value, list | tuple):
        return " ".join(str(pretty_value(key, v)) for v in value)
    return value


def pretty_params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: pretty_value(k, v) for k, v in params.items()}


def seat_name(table: Table, seat: int, lang: str) -> str:
    s = table.seats[seat]
    if s.user is None:
        return t(lang, "host.ai_name", n=seat + 1)
    return s.user.name or t(lang, "host.player_name", n=seat + 1)


def line(table: Table, entry: LogLine, lang: str) -> str:
    params = pretty_params(entry.params)
    if entry.seat is not None:
        params.setdefault("name", seat_label(table, entry.seat, lang))
    if isinstance(entry.params.get("level"), str):
        params["level"] = level_name(entry.params["level"], lang)
    for k, v in list(entry.params.items()):  # seat numbers in parameters (`dealer`, `durak`…) become names
        if (k in SEAT_PARAMS or k.endswith("_seat")) and isinstance(v, int) and v >= 0:
            params[k.removesuffix("_seat")] = seat_label(table, v, lang)
    return t(lang, for_platform(entry.key, table.chat.platform), **params)


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
        return t(lang, key, **pretty_params(params))
    return " ".join(str(pretty_value("", a)) for a in action.split(":")[1:]) or action


def rows(buttons: Sequence[Button], width: int = ROW) -> list[list[Button]]:
    return [list(buttons[i : i + width]) for i in range(0, len(buttons), width)]


def status(game: Game, view: BaseView, table: Table, lang: str) -> list[str]:
    return [line(table, LogLine(key=k, params=p), lang) for k, p in game.status_lines(view)]


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


def option_choices(annotation: Any) -> list[Any] | None:
    """The values a settings button cycles through, or None when the option is typed in."""
    if annotation is bool:
        return [True, False]
    if get_origin(annotation) is not None and str(get_origin(annotation)).endswith("Literal"):
        return list(get_args(annotation))
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
    return buttons


def game_option_buttons(game: Game, table: Table, lang: str, sign: Sign) -> list[Button]:
    """One button per option with a few choices; a press moves it to the next choice."""
    opts = game.options(table.options)
    buttons = []
    for name, field in type(opts).model_fields.items():
        choices = option_choices(field.annotation)
        if not choices:
            continue
        current = getattr(opts, name)
        nxt = choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]
        label_key = f"{game.key}.option.{name}"
        label = t(lang, label_key) if has(label_key) else name
        code = int(nxt) if isinstance(nxt, bool) else nxt
        shown = option_value(current, lang, game, name)
        buttons.append(Button(label=f"{label}: {shown}", token=sign(f"@opt:{name}:{code}")))
    return buttons


def settings_panel(game: Game, table: Table, lang: str, sign: Sign) -> list[list[Button]]:
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
                extra.append(line(table, LogLine(key=note[0], params=note[1]), lang))
            extra.append(t(lang, "host.points", n=view.scores[i], points=_num(view.scores[i])))
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
    if table.log:
        lines.append("")
        lines += ["· " + line(table, e, lang) for e in table.log[-4:]]
    buttons: list[list[Button]] = []
    if table.status == "playing":
        names = ", ".join(seat_name(table, i, lang) for i in view.to_act)
        lines.append(t(lang, "host.waiting_for", names=names, time=duration(table.host.turn_timeout, lang)))
        buttons = [[Button(label=t(lang, "host.button.hand"), token=sign("@hand"), style="primary")]]
        if table.show_settings:
            buttons += settings_panel(game, table, lang, sign)
        else:
            buttons[0].append(Button(label=t(lang, "host.button.settings"), token=sign("@settings")))
    elif table.status == "cancelled":
        lines.append(t(lang, "host.cancelled"))
    else:
        lines.append(final_line(game, table, state, lang))
    return Screen(
        title=t(lang, "host.title", game=game_name(game, lang), id=table.id), lines=lines, buttons=buttons
    )


def final_line(game: Game, table: Table, state: Any, lang: str) -> str:
    names = ", ".join(seat_name(table, i, lang) for i in game.winners(state))
    return t(lang, "host.winners", names=names, n=len(game.winners(state)))


def final_screen(game: Game, table: Table, state: Any, lang: str) -> Screen:
    """The new message that announces the end of a game."""
    scores = game.scores(state)
    order = sorted(range(len(table.seats)), key=lambda i: -scores[i])
    lines = [f"{n}. {seat_name(table, i, lang)} — {_num(scores[i])}" for n, i in enumerate(order, 1)]
    lines.append(final_line(game, table, state, lang))
    return Screen(title=t(lang, "host.game_over", game=game_name(game, lang), id=table.id), lines=lines)


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
    lines = [line(table, LogLine(key=k, params=p), lang) for k, p in game.hand_context(view)]
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
    label = t(lang, key, **pretty_params(params)) if has(key) else str(pretty_value("", item))
    return Button(
        label=("✓ " if on else "") + label,
        token=sign(f"@pick:{item}"),
        style="primary" if on else "secondary",
    )
