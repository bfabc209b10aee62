"""Strings of the console front end."""

MESSAGES = {
    "en": {
        "console.pick_game": "Which game?",
        "console.opponents": "How many AI opponents ({min}–{max})?",
        "console.bad_choice": "Please type one of the numbers shown.",
        "console.help": "Type a number, an action such as play:QH, ? for the rules, q to quit.",
        "console.nothing_to_do": "Nothing left for you to do at this table.",
        "console.player": "Player",
    },
    "ru": {
        "console.pick_game": "Во что играем?",
        "console.opponents": "Сколько соперников-ИИ ({min}–{max})?",
        "console.bad_choice": "Введите один из показанных номеров.",
        "console.help": "Введите номер, ход вроде play:QH, ? — правила, q — выход.",
        "console.nothing_to_do": "За этим столом вам больше нечего делать.",
        "console.player": "Игрок",
    },
    "uk": {
        "console.pick_game": "У що граємо?",
        "console.opponents": "Скільки суперників-ШІ ({min}–{max})?",
        "console.bad_choice": "Введіть один із показаних номерів.",
        "console.help": "Введіть номер, хід на кшталт play:QH, ? — правила, q — вихід.",
        "console.nothing_to_do": "За цим столом вам більше нічого робити.",
        "console.player": "Гравець",
    },
}
