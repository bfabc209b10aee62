"""The table's screens: the group's table message (the lobby's until the game starts), a player's hand,
the final message. A hand is rendered only for its owner; the table screen uses the spectator view
(`view(state, None)`), so nothing hidden can reach a group.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.core.i18n import has, t
from bot.core.outcome import Button, Screen
from bot.core.panel import lobby_screen, settings_panel
from bot.core.render import (
    Sign,
    action_label,
    duration,
    game_name,
    line,
    message,
    pretty_value,
    rows,
    said,
    seat_lines,
    seat_name,
    status,
    text,
)
from bot.core.table import REMIND_BEFORE, Table
from games.base import BaseView, Game, Offer
from games.cards import pretty

LOG_CHARS = 3500  # a table message with its log open stays under Telegram's 4096 characters


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
    log_label = text(lang, "night.button.log_hide" if table.show_log else "night.button.log")
    log_button = Button(label=log_label, token=sign("@log"))
    buttons: list[list[Button]] = []
    if table.status == "playing":
        names = ", ".join(seat_name(table, i, lang) for i in view.to_act)
        timeout = duration(table.host.turn_timeout, lang)
        lines.append(text(lang, "host.waiting_for", names=names, time=timeout))
        buttons = [
            [Button(label=text(lang, "host.button.hand"), token=sign("@hand"), style="primary"), log_button]
        ]
        if table.show_settings:
            buttons += settings_panel(game, table, lang, sign)
        else:
            buttons[0].append(Button(label=text(lang, "host.button.settings"), token=sign("@settings")))
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
        title=text(lang, "host.title", game=game_name(game, lang), id=table.id), lines=lines, buttons=buttons
    )


def final_line(game: Game, table: Table, state: Any, lang: str) -> str:
    names = ", ".join(seat_name(table, i, lang) for i in game.winners(state))
    return t(lang, "host.winners", names=names, n=len(game.winners(state)))


def final_screen(game: Game, table: Table, state: Any, lang: str, sign: Sign | None = None) -> Screen:
    """The new message that announces the end of a game: the standings with their labels (or the game's
    own final lines: bridge's boards and sides), 🔁 Rematch."""
    own = game.final_lines(game.view(state, None))
    if own is not None:
        lines = [message(table, key, params, None, lang) for key, params in own]
    else:
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
    view: BaseView | None = None,
) -> Screen:
    """A player's private message: their cards, the game's short context for them (`Game.hand_context`),
    their picks and actions as buttons — never the table's status, so others' moves leave it unchanged.
    `view` is `game.view(state, seat)` when the caller has it already."""
    view = game.view(state, seat) if view is None else view
    title = text(
        lang,
        "host.hand_title",
        game=game_name(game, lang),
        chat=table.chat.title or table.chat.id,
        id=table.id,
    )
    lines = [message(table, k, p, None, lang) for k, p in game.hand_context(view)]
    own = game.hand_cards(view)  # a game's own notation of a hand (bridge: by suits)
    if own is not None:
        lines.append(message(table, own[0], own[1], None, lang))
    else:
        cards = " ".join(pretty(c) for c in view.hand or [])
        lines.append(text(lang, "host.your_cards", cards=cards or "—"))
    if view.over:
        lines.append(final_line(game, table, state, lang))
    elif offer.actions or offer.picks:
        lines.append(text(lang, "host.your_move"))
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
