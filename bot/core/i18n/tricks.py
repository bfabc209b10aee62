"""Strings of the plain tricks game."""

MESSAGES = {
    "en": {
        "tricks.name": "Tricks",
        "tricks.summary": "Four players, 52 cards, no trumps. Follow suit if you can; the highest card "
        "of the led suit takes the trick and one point. The first to the target score wins.",
        "tricks.option.target": "Target score",
        "tricks.option.target.help": "points that end the game",
        "tricks.status.hand": "Hand {n} · playing to {target}",
        "tricks.status.trick": "On the table: {cards}",
        "tricks.status.last": "Last trick: {cards} → {winner}",
        "tricks.action.play": "{card}",
        "tricks.event.trick_won": "{name} takes the trick: {cards}",
        "tricks.event.new_hand": "New hand {hand_no}; {name} leads.",
    },
    "ru": {
        "tricks.name": "Взятки",
        "tricks.summary": "Четыре игрока, 52 карты, без козырей. Ходите в масть, если можете; старшая карта "
        "масти хода берёт взятку и очко. Побеждает первый, кто наберёт нужный счёт.",
        "tricks.option.target": "Игра до",
        "tricks.option.target.help": "очков, на которых игра заканчивается",
        "tricks.status.hand": "Раздача {n} · игра до {target}",
        "tricks.status.trick": "На столе: {cards}",
        "tricks.status.last": "Последняя взятка: {cards} → {winner}",
        "tricks.action.play": "{card}",
        "tricks.event.trick_won": "{name} берёт взятку: {cards}",
        "tricks.event.new_hand": "Новая раздача {hand_no}; ходит {name}.",
    },
    "uk": {
        "tricks.name": "Взятки",
        "tricks.summary": "Четверо гравців, 52 карти, без козирів. Ходіть у масть, якщо можете; старша карта "
        "масті ходу бере взятку й очко. Перемагає перший, хто набере потрібний рахунок.",
        "tricks.option.target": "Гра до",
        "tricks.option.target.help": "очок, на яких гра закінчується",
        "tricks.status.hand": "Роздача {n} · гра до {target}",
        "tricks.status.trick": "На столі: {cards}",
        "tricks.status.last": "Остання взятка: {cards} → {winner}",
        "tricks.action.play": "{card}",
        "tricks.event.trick_won": "{name} бере взятку: {cards}",
        "tricks.event.new_hand": "Нова роздача {hand_no}; ходить {name}.",
    },
}
