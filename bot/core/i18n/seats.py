"""Strings of seats chosen in the lobby (games with named seats, such as bridge's N E S W)."""

MESSAGES = {
    "en": {
        "host.place_line": "{place}: {name}",
        "host.place_free": "free (AI if nobody sits)",
        "host.button.sit": "🪑 {place}",
        "host.log.moved": "{name} changed seats.",
        "error.no_such_place": "There is no seat {seat} at this table.",
        "error.seat_taken": "{name} already sits there.",
    },
    "ru": {
        "host.place_line": "{place}: {name}",
        "host.place_free": "свободно (сядет ИИ, если никто не займёт)",
        "host.button.sit": "🪑 {place}",
        "host.log.moved": "{name}: пересадка на другое место.",
        "error.no_such_place": "За этим столом нет места {seat}.",
        "error.seat_taken": "Это место уже занято: {name}.",
    },
    "uk": {
        "host.place_line": "{place}: {name}",
        "host.place_free": "вільно (сяде ШІ, якщо ніхто не займе)",
        "host.button.sit": "🪑 {place}",
        "host.log.moved": "{name}: пересадка на інше місце.",
        "error.no_such_place": "За цим столом немає місця {seat}.",
        "error.seat_taken": "Це місце вже зайняте: {name}.",
    },
}
