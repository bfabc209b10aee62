"""Strings shared by every game: the host, generic errors, options, the lobby."""

MESSAGES = {
    "en": {
        "error.not_your_turn": "It is not your turn.",
        "error.illegal_action": "That move is not allowed now.",
        "error.game_over": "This game is over.",
        "error.unknown_game": "There is no game called “{name}”.",
        "error.bad_player_count": "This game needs {min}–{max} players (now {players}).",
        "error.card_not_in_hand": "You do not hold {card}.",
        "error.must_follow_suit": "You must follow suit: {suit}.",
    },
    "ru": {
        "error.not_your_turn": "Сейчас не ваш ход.",
        "error.illegal_action": "Этот ход сейчас невозможен.",
        "error.game_over": "Эта игра окончена.",
        "error.unknown_game": "Игры «{name}» нет.",
        "error.bad_player_count": "В эту игру играют {min}–{max} игроков (сейчас {players}).",
        "error.card_not_in_hand": "У вас нет карты {card}.",
        "error.must_follow_suit": "Нужно ходить в масть: {suit}.",
    },
    "uk": {
        "error.not_your_turn": "Зараз не ваш хід.",
        "error.illegal_action": "Цей хід зараз неможливий.",
        "error.game_over": "Цю гру закінчено.",
        "error.unknown_game": "Гри «{name}» немає.",
        "error.bad_player_count": "У цю гру грають {min}–{max} гравців (зараз {players}).",
        "error.card_not_in_hand": "У вас немає карти {card}.",
        "error.must_follow_suit": "Треба ходити в масть: {suit}.",
    },
}
