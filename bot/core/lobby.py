"""Table commands before and around the game: seats, options, start, cancel. Pure functions on a Table.

Each function changes the table in place or raises GameError; the host loads, calls, and commits.
Who may do what: anyone joins, leaves, adds or removes AI seats while the table waits; the creator or a
chat admin starts (anyone may once the lobby has waited `lobby_timeout`), cancels, kicks and changes options.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import ValidationError

from bot.core import programs
from bot.core.api import UserRef
from bot.core.table import HostOptions, Seat, Table, set_state
from games.base import Game, GameError, Options

HOST_OPTIONS = set(HostOptions.model_fields)


def require_lobby(table: Table) -> None:
    if table.status == "playing":
        raise GameError("already_started")
    if table.status != "lobby":
        raise GameError("table_closed")


def require_manager(table: Table, user: UserRef, admin: bool) -> None:
    if not admin and user.key != table.creator.key:
        raise GameError("only_creator")


def require_open_manager(table: Table, user: UserRef, admin: bool) -> None:
    """The creator or an admin, at a table that is still waiting or playing."""
    require_manager(table, user, admin)
    if not table.open:
        raise GameError("table_closed")


def join(
    table: Table, game: Game, user: UserRef, lang: str, admin: bool = False, seat: int | None = None
) -> None:
    if seat is not None:
        return take_seat(table, game, user, lang, admin, seat)
    if table.seat_of(user) is not None:
        raise GameError("already_seated")
    require_lobby(table)
    require_invited(table, user, admin)
    free = next((i for i, s in enumerate(table.seats) if s.free), None)
    if free is not None:
        table.seats[free] = Seat(user=user, lang=lang)
    elif len(table.seats) >= game.max_players:
        raise GameError("table_full", max=game.max_players, n=game.max_players)
    else:
        table.seats.append(Seat(user=user, lang=lang))
    table.note("host.log.joined", seat=len(table.seats) - 1 if free is None else free)


def require_invited(table: Table, user: UserRef, admin: bool) -> None:
    if table.host.private and not (admin or user.key in table.invited or user.key == table.creator.key):
        raise GameError("private_table", creator=table.creator.name)


def take_seat(table: Table, game: Game, user: UserRef, lang: str, admin: bool, seat: int) -> None:
    """A person sits at seat `seat` of a game whose seats are chosen (bridge: N E S W), moving from their
    own seat if they had one; an AI sitting there gives way. Seats left empty are free (the AI's at start)."""
    require_lobby(table)
    if not game.seat_choice or not 0 <= seat < game.max_players:
        raise GameError("no_such_place", seat=seat + 1)
    current = table.seat_of(user)
    if current == seat:
        raise GameError("already_seated")
    if current is None:
        require_invited(table, user, admin)
    while len(table.seats) <= seat:
        table.seats.append(Seat())
    if table.seats[seat].user is not None:
        raise GameError("seat_taken", name=table.seats[seat].user.name)  # type: ignore[union-attr]
    if current is not None:
        table.seats[current] = Seat()
    table.seats[seat] = Seat(user=user, lang=lang)
    _trim_free(table)
    table.note("host.log.joined" if current is None else "host.log.moved", seat=seat)


def _trim_free(table: Table) -> None:
    """Free seats at the end of the list are no seats at all (the lobby counts the seats taken)."""
    while table.seats and table.seats[-1].free:
        table.seats.pop()


def leave(table: Table, game: Game, user: UserRef) -> None:
    seat = table.seat_of(user)
    if seat is None:
        raise GameError("not_seated")
    if table.status == "lobby":
        table.note("host.log.left", name=user.name)
        _vacate(table, game, seat)
    elif table.status == "playing":
        hand_to_ai(table, game, seat)
        table.note("host.log.left_ai", seat=seat, name=user.name)
    else:
        raise GameError("table_closed")


def _vacate(table: Table, game: Game, seat: int) -> None:
    """A seat is given up in the lobby: removed, or left free where people chose their seats."""
    if game.seat_choice:
        table.seats[seat] = Seat()
        _trim_free(table)
    else:
        del table.seats[seat]


def hand_to_ai(table: Table, game: Game, seat: int) -> None:
    """A person leaves a running game: the AI finishes it for their seat."""
    table.seats[seat] = Seat(bot=game.default_bot, lang=table.seats[seat].lang)


def add_bot(table: Table, game: Game, level: str | None) -> None:
    require_lobby(table)
    level = level or game.default_bot
    if level not in game.bot_levels and programs.find(game, level) is None:
        raise GameError("unknown_bot", level=level, levels=", ".join(game.bot_levels))
    free = next((i for i, s in enumerate(table.seats) if s.free), None)
    if free is None and len(table.seats) >= game.max_players:
        raise GameError("table_full", max=game.max_players, n=game.max_players)
    if free is None:
        table.seats.append(Seat(bot=level))
    else:
        table.seats[free] = Seat(bot=level)
    table.note("host.log.bot_added", seat=len(table.seats) - 1 if free is None else free, level=level)


def remove_bot(table: Table, seat: int | None, game: Game | None = None) -> None:
    require_lobby(table)
    bots = [i for i, s in enumerate(table.seats) if s.is_ai and not s.free]
    if seat is None and bots:
        seat = bots[-1]
    if seat is None or seat not in bots:
        raise GameError("no_bot")
    if game is not None:
        _vacate(table, game, seat)
    else:
        del table.seats[seat]


def kick(table: Table, game: Game, user: UserRef, admin: bool, seat: int) -> None:
    """The creator or an admin removes a person: from the lobby, or to the AI in a running game."""
    require_open_manager(table, user, admin)
    person = table.seats[seat].user if 0 <= seat < len(table.seats) else None
    if person is None:
        raise GameError("no_such_seat", seat=seat + 1)
    if table.status == "lobby":
        table.note("host.log.removed", name=person.name)
        _vacate(table, game, seat)
    else:
        table.note("host.log.kicked", seat=seat)  # before the AI takes the seat: the line keeps the name
        hand_to_ai(table, game, seat)


def cycle_level(table: Table, game: Game, user: UserRef, admin: bool, seat: int) -> None:
    """An AI seat plays at the game's next level (in the lobby or during the game: it decides from now on)."""
    require_open_manager(table, user, admin)
    bot = table.seats[seat].bot if 0 <= seat < len(table.seats) and table.seats[seat].user is None else None
    if bot is None:
        raise GameError("no_such_seat", seat=seat + 1)
    levels = programs.levels(game)  # the built-in levels, then the programs registered for the game
    table.seats[seat].bot = levels[(levels.index(bot) + 1) % len(levels)] if bot in levels else levels[0]
    table.seats[seat].misses = 0  # a program's failures are told anew
    table.note("host.log.bot_level", seat=seat, level=table.seats[seat].bot)


def invite(table: Table, user: UserRef, admin: bool, guest: UserRef) -> None:
    """The creator or an admin lets `guest` join (the table's private option admits only them)."""
    require_open_manager(table, user, admin)
    require_lobby(table)
    if guest.key not in table.invited:
        table.invited.append(guest.key)
    table.note("host.log.invited", name=user.name, guest=guest.name)


def start(
    table: Table,
    game: Game,
    user: UserRef,
    admin: bool,
    now: float,
    lobby_timeout: float,
    seed: int | None = None,
) -> None:
    require_lobby(table)
    if now < table.created + lobby_timeout:
        require_manager(table, user, admin)
    while len(table.seats) < game.min_players:
        table.seats.append(Seat(bot=game.default_bot))
    for i, s in enumerate(table.seats):  # seats nobody chose are the AI's
        if s.free:
            table.seats[i] = Seat(bot=game.default_bot)
    opts = game.options(table.options)
    game.check_players(len(table.seats), opts)
    if seed is None:
        seed = random.SystemRandom().randrange(2**53)
    state = game.new(len(table.seats), opts, seed=seed, deals=table.deals or None)
    set_state(table, state)
    table.status = "playing"
    table.show_settings = False
    table.panel = None
    table.turn_since = now
    table.note("host.log.started")


def cancel(table: Table, user: UserRef, admin: bool) -> None:
    require_open_manager(table, user, admin)
    table.status = "cancelled"
    table.note("host.log.cancelled")


def parse_duration(text: str) -> int:
    """`90`, `30s`, `5m`, `12h`, `2d` → seconds."""
    text = text.strip().lower()
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    try:
        if text and text[-1] in units:
            return int(float(text[:-1]) * units[text[-1]])
        return int(text)
    except ValueError:
        raise GameError("bad_option_value", name="turn_timeout", value=text) from None


def _candidates(value: str) -> list[Any]:
    """A typed value read as the types an option may have: text, number, yes/no."""
    out: list[Any] = [value]
    if value.lstrip("-").isdigit():
        out.insert(0, int(value))
    low = value.lower()
    if low in {"1", "true", "on", "yes", "да", "так", "вкл"}:
        out.append(True)
    if low in {"0", "false", "off", "no", "нет", "ні", "выкл"}:
        out.append(False)
    return out


def toggle_settings(table: Table, user: UserRef, admin: bool) -> None:
    """Show or hide the manager's panel on the table message (options, time per move, removing a person)."""
    require_open_manager(table, user, admin)
    table.show_settings = not table.show_settings
    table.panel = None


def set_option(table: Table, game: Game, user: UserRef, admin: bool, name: str, value: str) -> None:
    require_open_manager(table, user, admin)
    if name in HOST_OPTIONS:
        raw: Any = parse_duration(value) if name == "turn_timeout" else value
        try:
            table.host = HostOptions.model_validate({**table.host.model_dump(), name: raw})
        except ValidationError:
            raise GameError("bad_option_value", name=name, value=value) from None
        return
    if name not in game.Options.model_fields:
        raise GameError("unknown_option", name=name)
    require_lobby(table)  # the rules of a running game stay as they were dealt
    table.options = _assigned(game, table.options, name, value).model_dump(mode="json", exclude_defaults=True)


def _assigned(game: Game, options: dict[str, Any], name: str, value: Any) -> Options:
    """`options` with `name` set to a typed `value` read as the first type the option takes."""
    for candidate in _candidates(value) if isinstance(value, str) else [value]:
        try:
            return game.options({**options, name: candidate})
        except ValidationError:
            continue
    raise GameError("bad_option_value", name=name, value=value)


def split_assignments(text: str | None) -> tuple[list[str], dict[str, str]]:
    """`poker quick schedule=1 5 D N poker_card=7S` → (["poker", "quick"], {"schedule": "1 5 D N", …}).

    Words before the first `name=value` are plain; after it, a word without `=` belongs to the value
    before it, so values may have spaces as `/rules` shows them."""
    plain: list[str] = []
    options: dict[str, str] = {}
    name: str | None = None
    for word in (text or "").split():
        key, sep, value = word.partition("=")
        if sep and key:
            name = key
            options[name] = value
        elif name is not None:
            options[name] = f"{options[name]} {word}".strip()
        else:
            plain.append(word)
    return plain, options


def resolve_options(game: Game, preset: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """A preset merged with explicit options, validated; stored without defaults."""
    base: dict[str, Any] = {}
    if preset:
        if preset not in game.presets:
            raise GameError("unknown_preset", name=preset, presets=", ".join(game.presets) or "—")
        base = dict(game.presets[preset])
    for name in options:
        if name not in game.Options.model_fields:
            raise GameError("unknown_option", name=name)
    opts = game.options(base)
    for name, value in options.items():  # typed text read as each option's type, as ⚙ Settings reads it
        opts = _assigned(game, opts.model_dump(mode="json"), name, value)
    return opts.model_dump(mode="json", exclude_defaults=True)


def set_preset(table: Table, game: Game, user: UserRef, admin: bool, name: str) -> None:
    """The lobby takes a preset's options (the creator or an admin); the time per move stays."""
    require_open_manager(table, user, admin)
    require_lobby(table)
    table.options = resolve_options(game, name, {})


def show_panel(table: Table, game: Game, user: UserRef, admin: bool, name: str) -> None:
    """Open the picker of a text option in the settings panel, or close it when it is open."""
    require_open_manager(table, user, admin)
    require_lobby(table)
    if name not in game.editors:
        raise GameError("unknown_option", name=name)
    table.show_settings = True
    table.panel = None if table.panel == name else name


def edit_list(table: Table, game: Game, user: UserRef, admin: bool, name: str, item: str | None) -> None:
    """A list option built by buttons (a schedule): `item` added at the end, or the last one removed.

    A named value (`full`) is replaced by the first item; removing the only item restores the default."""
    editor = game.editors.get(name)
    if editor is None or editor.kind != "list":
        raise GameError("unknown_option", name=name)
    require_open_manager(table, user, admin)
    require_lobby(table)
    value = str(getattr(game.options(table.options), name))
    words = [] if value in editor.named else value.split()
    if item is None:
        if not words:
            raise GameError("nothing_to_remove")
        words.pop()
    elif item in editor.items:
        words.append(item)
    else:
        raise GameError("bad_option_value", name=name, value=item)
    if words:
        set_option(table, game, user, admin, name, " ".join(words))
    else:
        table.options.pop(name, None)


def toggle_log(table: Table) -> None:
    """Show or hide the deal's public history on the table message (anyone: it is all public)."""
    if table.status not in ("playing", "over"):
        raise GameError("not_playing")
    table.show_log = not table.show_log
