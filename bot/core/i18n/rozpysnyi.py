"""Strings of rozpysnyi poker, in the players' own words (козир, пас, «за старшим», «зливаю»)."""

_EN = {
    "rozpysnyi.name": "Rozpysnyi poker",
    "rozpysnyi.summary": (
        "3 players with 36 cards or 4 with 32. Each round everyone bids how many tricks they will take; "
        "the dealer may not make the bids add up to the number of tricks. The dealer leads; follow suit, "
        "else trump, else anything. Made bid: +10 per trick (a made pass +5); short: −10 per missing trick; "
        "over: +1 per trick. Dark rounds are bid before the deal and score double; no-trump rounds have no "
        "trump. The poker card (7♠) can be played at any time: as the highest or the lowest card, or led "
        "«by the highest X» (everyone plays their highest X) or «dumped as the lowest X»."
    ),
    "rozpysnyi.option.poker_card": "Poker card",
    "rozpysnyi.option.poker_card.help": "play with the poker card",
    "rozpysnyi.option.poker_card_id": "Which card is the poker card",
    "rozpysnyi.option.poker_card_id.help": "7S by default",
    "rozpysnyi.option.dark_rounds": "Dark rounds",
    "rozpysnyi.option.dark_rounds.help": "bid before the deal; the score is doubled",
    "rozpysnyi.option.no_trump_rounds": "No-trump rounds",
    "rozpysnyi.option.no_trump_rounds.help": "rounds played without trumps",
    "rozpysnyi.option.schedule": "Schedule",
    "rozpysnyi.option.schedule.help": "full, short, or your own list of rounds such as “1 5 D N”",
    "rozpysnyi.action.bid": "{n}",
    "rozpysnyi.action.pass": "Pass",
    "rozpysnyi.action.play": "{card}",
    "rozpysnyi.action.poker_high": "{card} highest",
    "rozpysnyi.action.poker_low": "{card} lowest",
    "rozpysnyi.action.poker_top": "{card} by the highest {suit}",
    "rozpysnyi.action.poker_dump": "{card} dump as lowest {suit}",
    "rozpysnyi.status.round_ordinary": "Round {no} of {of}: {n} cards each · dealer {dealer}",
    "rozpysnyi.status.round_dark": "Round {no} of {of}: dark, {n} cards each · dealer {dealer}",
    "rozpysnyi.status.round_no_trump": "Round {no} of {of}: no trumps, {n} cards each · dealer {dealer}",
    "rozpysnyi.status.dark_bidding": "Dark round: bid without seeing any card.",
    "rozpysnyi.status.trump": "Trump: {suit} ({card})",
    "rozpysnyi.status.no_trump": "No trumps this round.",
    "rozpysnyi.status.trick": "On the table ({leader} led): {cards}",
    "rozpysnyi.status.last": "Last trick: {cards} → {winner}",
    "rozpysnyi.seat.bid": "bid {bid}, took {tricks}",
    "rozpysnyi.seat.no_bid": "no bid yet",
    "rozpysnyi.event.bid": "{name} bids {n}.",
    "rozpysnyi.event.trick_won": "{name} takes the trick: {cards}",
    "rozpysnyi.event.round": "Round {no}: {cards} cards each; {name} deals.",
    "rozpysnyi.event.trump": "Trump: {card}.",
    "rozpysnyi.event.no_trump": "No trumps this round.",
    "rozpysnyi.event.round_scored": "Round over. Totals: {totals}",
    "rozpysnyi.event.game_over": "Game over.",
    "rozpysnyi.error.hook": "The dealer may not bid {forbidden}: the bids would add up to the tricks.",
    "rozpysnyi.error.bad_bid": "Bid a number from 0 to {max}.",
    "rozpysnyi.error.bid_first": "Bidding is not over yet.",
    "rozpysnyi.error.must_trump": "You have none of the led suit: you must play a trump ({suit}).",
    "rozpysnyi.error.must_play_highest": "«By the highest»: you must play your highest card of that suit, {card}.",
    "rozpysnyi.error.poker_call_required": "Leading the poker card needs a call: by the highest X or dump as X.",
    "rozpysnyi.error.poker_high_or_low": "Say whether the poker card plays as the highest or the lowest.",
    "rozpysnyi.error.bad_schedule": "“{round}” is not a round (1–{max}, D or N).",
}

_RU = {
    "rozpysnyi.name": "Расписной покер",
    "rozpysnyi.summary": (
        "3 игрока с 36 картами или 4 с 32. В каждом кону все заказывают, сколько взяток возьмут; сдающий "
        "не может заказать так, чтобы сумма заказов совпала с числом взяток. Первым ходит сдающий; масть "
        "в масть, нет масти — козырем, нет козыря — любой. Сыграл заказ: +10 за взятку (сыгранный пас +5); "
        "недобор: −10 за взятку; перебор: +1 за взятку. Тёмные коны заказывают до раздачи, очки двойные; "
        "бескозырки играют без козыря. Покер (7♠) можно сыграть в любой момент: старшей или младшей картой, "
        "а с хода — «по старшей X» (все кладут старшую X) или «сливаю как младшую X»."
    ),
    "rozpysnyi.option.poker_card": "Покер",
    "rozpysnyi.option.poker_card.help": "играть с покером",
    "rozpysnyi.option.poker_card_id": "Какая карта — покер",
    "rozpysnyi.option.poker_card_id.help": "по умолчанию 7S",
    "rozpysnyi.option.dark_rounds": "Тёмные",
    "rozpysnyi.option.dark_rounds.help": "заказ до раздачи, очки удваиваются",
    "rozpysnyi.option.no_trump_rounds": "Бескозырки",
    "rozpysnyi.option.no_trump_rounds.help": "коны без козыря",
    "rozpysnyi.option.schedule": "Расписание",
    "rozpysnyi.option.schedule.help": "full, short или свой список конов, например «1 5 D N»",
    "rozpysnyi.action.bid": "{n}",
    "rozpysnyi.action.pass": "Пас",
    "rozpysnyi.action.play": "{card}",
    "rozpysnyi.action.poker_high": "{card} старшей",
    "rozpysnyi.action.poker_low": "{card} младшей",
    "rozpysnyi.action.poker_top": "{card} по старшей {suit}",
    "rozpysnyi.action.poker_dump": "{card} сливаю как младшую {suit}",
    "rozpysnyi.status.round_ordinary": "Кон {no} из {of}: по {n} карт · сдаёт {dealer}",
    "rozpysnyi.status.round_dark": "Кон {no} из {of}: тёмная, по {n} карт · сдаёт {dealer}",
    "rozpysnyi.status.round_no_trump": "Кон {no} из {of}: бескозырка, по {n} карт · сдаёт {dealer}",
    "rozpysnyi.status.dark_bidding": "Тёмная: заказывайте, не видя карт.",
    "rozpysnyi.status.trump": "Козырь: {suit} ({card})",
    "rozpysnyi.status.no_trump": "В этом коне козыря нет.",
    "rozpysnyi.status.trick": "На столе (ходил {leader}): {cards}",
    "rozpysnyi.status.last": "Последняя взятка: {cards} → {winner}",
    "rozpysnyi.seat.bid": "заказ {bid}, взял {tricks}",
    "rozpysnyi.seat.no_bid": "ещё не заказал",
    "rozpysnyi.event.bid": "{name} заказывает {n}.",
    "rozpysnyi.event.trick_won": "{name} берёт взятку: {cards}",
    "rozpysnyi.event.round": "Кон {no}: по {cards} карт; сдаёт {name}.",
    "rozpysnyi.event.trump": "Козырь: {card}.",
    "rozpysnyi.event.no_trump": "В этом коне козыря нет.",
    "rozpysnyi.event.round_scored": "Кон сыгран. Счёт: {totals}",
    "rozpysnyi.event.game_over": "Игра окончена.",
    "rozpysnyi.error.hook": "Сдающий не может заказать {forbidden}: сумма заказов совпала бы с числом взяток.",
    "rozpysnyi.error.bad_bid": "Закажите число от 0 до {max}.",
    "rozpysnyi.error.bid_first": "Заказ ещё не закончен.",
    "rozpysnyi.error.must_trump": "Масти хода нет: нужно бить козырем ({suit}).",
    "rozpysnyi.error.must_play_highest": "«По старшей»: нужно положить старшую карту этой масти, {card}.",
    "rozpysnyi.error.poker_call_required": "С хода покер играют только «по старшей X» или «сливаю как младшую X».",
    "rozpysnyi.error.poker_high_or_low": "Скажите, кладёте покер старшей или младшей картой.",
    "rozpysnyi.error.bad_schedule": "«{round}» — не кон (1–{max}, D или N).",
}

_UK = {
    "rozpysnyi.name": "Розписний покер",
    "rozpysnyi.summary": (
        "3 гравці з 36 картами або 4 з 32. У кожному коні всі замовляють, скільки взяток візьмуть; той, хто "
        "роздає, не може замовити так, щоб сума замовлень дорівнювала числу взяток. Першим ходить той, хто "
        "роздає; масть у масть, немає масті — козирем, немає козиря — будь-якою. Виконав замовлення: +10 за "
        "взятку (виконаний пас +5); недобір: −10 за взятку; перебір: +1 за взятку. Темні коні замовляють до "
        "роздачі, очки подвійні; безкозирні грають без козиря. Покер (7♠) можна зіграти будь-коли: старшою "
        "або молодшою картою, а з ходу — «за старшим X» (усі кладуть старшу X) або «зливаю як молодшу X»."
    ),
    "rozpysnyi.option.poker_card": "Покер",
    "rozpysnyi.option.poker_card.help": "грати з покером",
    "rozpysnyi.option.poker_card_id": "Яка карта — покер",
    "rozpysnyi.option.poker_card_id.help": "за замовчуванням 7S",
    "rozpysnyi.option.dark_rounds": "Темні",
    "rozpysnyi.option.dark_rounds.help": "замовлення до роздачі, очки подвоюються",
    "rozpysnyi.option.no_trump_rounds": "Безкозирні",
    "rozpysnyi.option.no_trump_rounds.help": "коні без козиря",
    "rozpysnyi.option.schedule": "Розклад",
    "rozpysnyi.option.schedule.help": "full, short або свій список конів, наприклад «1 5 D N»",
    "rozpysnyi.action.bid": "{n}",
    "rozpysnyi.action.pass": "Пас",
    "rozpysnyi.action.play": "{card}",
    "rozpysnyi.action.poker_high": "{card} старшою",
    "rozpysnyi.action.poker_low": "{card} молодшою",
    "rozpysnyi.action.poker_top": "{card} за старшим {suit}",
    "rozpysnyi.action.poker_dump": "{card} зливаю як молодшу {suit}",
    "rozpysnyi.status.round_ordinary": "Кін {no} з {of}: по {n} карт · роздає {dealer}",
    "rozpysnyi.status.round_dark": "Кін {no} з {of}: темна, по {n} карт · роздає {dealer}",
    "rozpysnyi.status.round_no_trump": "Кін {no} з {of}: безкозирна, по {n} карт · роздає {dealer}",
    "rozpysnyi.status.dark_bidding": "Темна: замовляйте, не бачачи карт.",
    "rozpysnyi.status.trump": "Козир: {suit} ({card})",
    "rozpysnyi.status.no_trump": "У цьому коні козиря немає.",
    "rozpysnyi.status.trick": "На столі (ходив {leader}): {cards}",
    "rozpysnyi.status.last": "Остання взятка: {cards} → {winner}",
    "rozpysnyi.seat.bid": "замовив {bid}, взяв {tricks}",
    "rozpysnyi.seat.no_bid": "ще не замовив",
    "rozpysnyi.event.bid": "{name} замовляє {n}.",
    "rozpysnyi.event.trick_won": "{name} бере взятку: {cards}",
    "rozpysnyi.event.round": "Кін {no}: по {cards} карт; роздає {name}.",
    "rozpysnyi.event.trump": "Козир: {card}.",
    "rozpysnyi.event.no_trump": "У цьому коні козиря немає.",
    "rozpysnyi.event.round_scored": "Кін зіграно. Рахунок: {totals}",
    "rozpysnyi.event.game_over": "Гру закінчено.",
    "rozpysnyi.error.hook": "Той, хто роздає, не може замовити {forbidden}: сума замовлень дорівнювала б числу взяток.",
    "rozpysnyi.error.bad_bid": "Замовте число від 0 до {max}.",
    "rozpysnyi.error.bid_first": "Замовлення ще не закінчено.",
    "rozpysnyi.error.must_trump": "Масті ходу немає: треба бити козирем ({suit}).",
    "rozpysnyi.error.must_play_highest": "«За старшим»: треба покласти старшу карту цієї масті, {card}.",
    "rozpysnyi.error.poker_call_required": "З ходу покер грають лише «за старшим X» або «зливаю як молодшу X».",
    "rozpysnyi.error.poker_high_or_low": "Скажіть, кладете покер старшою чи молодшою картою.",
    "rozpysnyi.error.bad_schedule": "«{round}» — не кін (1–{max}, D або N).",
}

MESSAGES = {"en": _EN, "ru": _RU, "uk": _UK}
