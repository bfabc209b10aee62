"""Strings of rozpysnyi poker, in the players' own words (козир/козырь, пас, «за старшим», «зливаю»).

Cards and suit letters in parameters (`QH`, `H`, `7S:top:H`) are shown in their pretty form by the
renderer; seat numbers in `dealer`, `leader`, `winner` become names. Plural templates are chosen by `n`.
The `played` event has no string on purpose: the trick line shows the cards, and logging each card would
push the bids and taken tricks out of the table's short log (the poker card's calls are logged).
"""

_EN = {
    "rozpysnyi.name": "Rozpysnyi poker",
    "rozpysnyi.summary": (
        "3 players with 36 cards (6–A) or 4 with 32 (7–A), over a schedule of rounds: 1 card each, up to "
        "the whole deck and back, then dark and no-trump rounds. After the deal the next card is turned up "
        "for trump (when the whole deck is dealt, the dealer's last card is shown instead and stays in the "
        "hand). Starting after the dealer, everyone bids how many tricks they will take (0 is a pass); the "
        "dealer bids last and may not make the bids add up to the number of tricks. The dealer leads; follow "
        "suit, else trump, else anything; the highest trump or the highest card of the led suit wins. Exact "
        "bid: +10 per trick (a made pass +5); short: −10 per missing trick; over: +1 per trick taken. Dark "
        "rounds are bid before the deal and score double; no-trump rounds have no trump. The poker card (7♠, "
        "of no suit) may be played at any moment as the highest card or the lowest; led, it is called «by "
        "the highest X» (everyone plays their highest X or else trumps; it wins unless trumped) or «dump as "
        "the lowest X» (it counts as the lowest X)."
    ),
    "rozpysnyi.option.poker_card": "Poker card",
    "rozpysnyi.option.poker_card.help": "play with the poker card, a card of no suit playable at any moment",
    "rozpysnyi.option.poker_card_id": "Which card is the poker card",
    "rozpysnyi.option.poker_card_id.help": "rank and suit, 7S by default",
    "rozpysnyi.option.dark_rounds": "Dark rounds",
    "rozpysnyi.option.dark_rounds.help": "bid before the deal; the score is doubled",
    "rozpysnyi.option.no_trump_rounds": "No-trump rounds",
    "rozpysnyi.option.no_trump_rounds.help": "the whole deck dealt, no trump turned up",
    "rozpysnyi.option.schedule": "Schedule",
    "rozpysnyi.option.schedule.help": "full, short, or your own list of rounds such as “1 5 D N”",
    "rozpysnyi.action.bid": "{n}",
    "rozpysnyi.action.pass": "Pass",
    "rozpysnyi.action.play": "{card}",
    "rozpysnyi.action.poker_high": "{card} highest",
    "rozpysnyi.action.poker_low": "{card} lowest",
    "rozpysnyi.action.poker_top": "{card} by the highest {suit}",
    "rozpysnyi.action.poker_dump": "{card} dump as {suit}",
    "rozpysnyi.status.round_ordinary": {
        "one": "Round {no} of {of}: {n} card each · {dealer} deals",
        "other": "Round {no} of {of}: {n} cards each · {dealer} deals",
    },
    "rozpysnyi.status.round_dark": "Round {no} of {of}: dark, {n} cards each · {dealer} deals",
    "rozpysnyi.status.round_no_trump": {
        "one": "Round {no} of {of}: no trump, {n} card each · {dealer} deals",
        "other": "Round {no} of {of}: no trump, {n} cards each · {dealer} deals",
    },
    "rozpysnyi.status.dark_bidding": "Dark round: bid before the deal, without seeing a card.",
    "rozpysnyi.status.trump": "Trump: {suit} (turned up {card})",
    "rozpysnyi.status.trump_shown": "Trump: {suit} ({card}, the dealer's last card, stays in the hand)",
    "rozpysnyi.status.no_trump": "No trump this round.",
    "rozpysnyi.status.no_trump_poker": "The poker card {card} came up: no trump this round.",
    "rozpysnyi.status.bids": {"one": "Bids: {sum} for {n} trick", "other": "Bids: {sum} for {n} tricks"},
    "rozpysnyi.status.hook": "{dealer} may not bid {forbidden}.",
    "rozpysnyi.status.trick": "On the table ({leader} led): {cards}",
    "rozpysnyi.status.last": "Last trick: {cards} → {winner}",
    "rozpysnyi.seat.bid": "bid {bid}, took {tricks}",
    "rozpysnyi.seat.no_bid": "no bid yet",
    "rozpysnyi.event.dealt": "Round {no}: {cards} each; {name} dealt.",
    "rozpysnyi.event.dark_round": "Round {no}: dark, {cards} each; bid before the deal. {name} deals.",
    "rozpysnyi.event.trump": "Trump: {suit} ({card}).",
    "rozpysnyi.event.no_trump": "No trump this round.",
    "rozpysnyi.event.bid": {"one": "{name} bids {n} trick.", "other": "{name} bids {n} tricks."},
    "rozpysnyi.event.poker_high": "{name} plays the poker card {card} as the highest.",
    "rozpysnyi.event.poker_low": "{name} plays the poker card {card} as the lowest.",
    "rozpysnyi.event.poker_top": "{name} leads the poker card {card}: by the highest {suit}!",
    "rozpysnyi.event.poker_dump": "{name} leads the poker card {card}, dumping it as the lowest {suit}.",
    "rozpysnyi.event.trick_won": "{name} takes the trick: {cards}",
    "rozpysnyi.event.round_scored": "Round over: bids {bids}, tricks {tricks}, points {points}. Totals: {totals}",
    "rozpysnyi.event.game_over": "Game over: {scores}",
    "rozpysnyi.error.hook": "The dealer may not bid {forbidden}: the bids would add up to the tricks.",
    "rozpysnyi.error.bad_bid": "Bid a number from 0 to {max}.",
    "rozpysnyi.error.bid_first": "Bids first: the cards are played after everyone has bid.",
    "rozpysnyi.error.bidding_over": "The bidding is over.",
    "rozpysnyi.error.card_not_in_hand": "You do not hold {card}.",
    "rozpysnyi.error.must_follow_suit": "Follow suit: play a {suit}.",
    "rozpysnyi.error.must_trump": "You have none of the led suit: you must trump ({suit}).",
    "rozpysnyi.error.must_play_highest": "By the highest: you must play your highest card of the suit, {card}.",
    "rozpysnyi.error.poker_call_required": "Lead the poker card with a call: by the highest X, or dump as X.",
    "rozpysnyi.error.poker_high_or_low": "Say whether the poker card plays as the highest or the lowest.",
    "rozpysnyi.error.bad_schedule": "“{round}” is not a round here (1–{max}, D or N).",
}

_RU = {
    "rozpysnyi.name": "Расписной покер",
    "rozpysnyi.summary": (
        "3 игрока с 36 картами (6–туз) или 4 с 32 (7–туз), по расписанию конов: по одной карте, до всей "
        "колоды и обратно, потом тёмные и бескозырки. После раздачи следующая карта открывается — это "
        "козырь (если роздана вся колода, показывают последнюю карту сдающего, и она остаётся у него). "
        "Начиная со следующего за сдающим, все заказывают, сколько возьмут взяток (0 — пас); сдающий "
        "заказывает последним и не может заказать так, чтобы сумма заказов совпала с числом взяток. Первым "
        "ходит сдающий; масть в масть, нет масти — козырем, нет козыря — любой; берёт старший козырь или "
        "старшая карта масти хода. Сыграл заказ: +10 за взятку (сыгранный пас +5); недобор: −10 за каждую "
        "недостающую; перебор: +1 за взятку. Тёмные заказывают до раздачи, очки удваиваются; в бескозырках "
        "козыря нет. Покер (7♠, ни к какой масти не относится) можно положить в любой момент старшей или "
        "младшей картой; с хода его играют «по старшей X» (все кладут старшую X, нет X — козырь; покер "
        "берёт, если не перебили козырем) или «сливаю как младшую X» (покер — младшая X)."
    ),
    "rozpysnyi.option.poker_card": "Покер",
    "rozpysnyi.option.poker_card.help": "играть с покером — картой без масти, которую кладут в любой момент",
    "rozpysnyi.option.poker_card_id": "Какая карта — покер",
    "rozpysnyi.option.poker_card_id.help": "ранг и масть, по умолчанию 7S",
    "rozpysnyi.option.dark_rounds": "Тёмные",
    "rozpysnyi.option.dark_rounds.help": "заказ до раздачи, очки удваиваются",
    "rozpysnyi.option.no_trump_rounds": "Бескозырки",
    "rozpysnyi.option.no_trump_rounds.help": "сдаётся вся колода, козырь не открывают",
    "rozpysnyi.option.schedule": "Расписание",
    "rozpysnyi.option.schedule.help": "full, short или свой список конов, например «1 5 D N»",
    "rozpysnyi.action.bid": "{n}",
    "rozpysnyi.action.pass": "Пас",
    "rozpysnyi.action.play": "{card}",
    "rozpysnyi.action.poker_high": "{card} старшей",
    "rozpysnyi.action.poker_low": "{card} младшей",
    "rozpysnyi.action.poker_top": "{card} по старшей {suit}",
    "rozpysnyi.action.poker_dump": "{card} сливаю {suit}",
    "rozpysnyi.status.round_ordinary": {
        "one": "Кон {no} из {of}: по {n} карте · сдаёт {dealer}",
        "few": "Кон {no} из {of}: по {n} карты · сдаёт {dealer}",
        "many": "Кон {no} из {of}: по {n} карт · сдаёт {dealer}",
    },
    "rozpysnyi.status.round_dark": {
        "one": "Кон {no} из {of}: тёмная, по {n} карте · сдаёт {dealer}",
        "few": "Кон {no} из {of}: тёмная, по {n} карты · сдаёт {dealer}",
        "many": "Кон {no} из {of}: тёмная, по {n} карт · сдаёт {dealer}",
    },
    "rozpysnyi.status.round_no_trump": {
        "one": "Кон {no} из {of}: бескозырка, по {n} карте · сдаёт {dealer}",
        "few": "Кон {no} из {of}: бескозырка, по {n} карты · сдаёт {dealer}",
        "many": "Кон {no} из {of}: бескозырка, по {n} карт · сдаёт {dealer}",
    },
    "rozpysnyi.status.dark_bidding": "Тёмная: заказывайте до раздачи, не видя карт.",
    "rozpysnyi.status.trump": "Козырь: {suit} (открыта {card})",
    "rozpysnyi.status.trump_shown": "Козырь: {suit} ({card} — последняя карта сдающего, остаётся на руке)",
    "rozpysnyi.status.no_trump": "В этом коне козыря нет.",
    "rozpysnyi.status.no_trump_poker": "Открылся покер {card}: кон без козыря.",
    "rozpysnyi.status.bids": "Заказано {sum} из {n}",
    "rozpysnyi.status.hook": "{dealer} не может заказать {forbidden}.",
    "rozpysnyi.status.trick": "На столе (ходил {leader}): {cards}",
    "rozpysnyi.status.last": "Последняя взятка: {cards} → {winner}",
    "rozpysnyi.seat.bid": "заказ {bid}, взял {tricks}",
    "rozpysnyi.seat.no_bid": "ещё не заказал",
    "rozpysnyi.event.dealt": "Кон {no}: по {cards}; сдал {name}.",
    "rozpysnyi.event.dark_round": "Кон {no}: тёмная, по {cards}; заказ до раздачи. Сдаёт {name}.",
    "rozpysnyi.event.trump": "Козырь: {suit} ({card}).",
    "rozpysnyi.event.no_trump": "В этом коне козыря нет.",
    "rozpysnyi.event.bid": {
        "one": "{name} заказывает {n} взятку.",
        "few": "{name} заказывает {n} взятки.",
        "many": "{name} заказывает {n} взяток.",
    },
    "rozpysnyi.event.poker_high": "{name} кладёт покер {card} старшей.",
    "rozpysnyi.event.poker_low": "{name} кладёт покер {card} младшей.",
    "rozpysnyi.event.poker_top": "{name} ходит покером {card}: по старшей {suit}!",
    "rozpysnyi.event.poker_dump": "{name} ходит покером {card}: сливаю как младшую {suit}.",
    "rozpysnyi.event.trick_won": "{name} берёт взятку: {cards}",
    "rozpysnyi.event.round_scored": "Кон сыгран: заказы {bids}, взятки {tricks}, очки {points}. Счёт: {totals}",
    "rozpysnyi.event.game_over": "Игра окончена: {scores}",
    "rozpysnyi.error.hook": "Сдающий не может заказать {forbidden}: сумма заказов совпала бы с числом взяток.",
    "rozpysnyi.error.bad_bid": "Закажите число от 0 до {max}.",
    "rozpysnyi.error.bid_first": "Сначала заказ: карты ходят, когда все заказали.",
    "rozpysnyi.error.bidding_over": "Заказ уже закончен.",
    "rozpysnyi.error.card_not_in_hand": "У вас нет карты {card}.",
    "rozpysnyi.error.must_follow_suit": "Масть в масть: кладите {suit}.",
    "rozpysnyi.error.must_trump": "Масти хода нет: нужно бить козырем ({suit}).",
    "rozpysnyi.error.must_play_highest": "По старшей: нужно положить старшую карту этой масти, {card}.",
    "rozpysnyi.error.poker_call_required": "С хода покер играют «по старшей X» или «сливаю как младшую X».",
    "rozpysnyi.error.poker_high_or_low": "Скажите, кладёте покер старшей или младшей картой.",
    "rozpysnyi.error.bad_schedule": "«{round}» — здесь не кон (1–{max}, D или N).",
}

_UK = {
    "rozpysnyi.name": "Розписний покер",
    "rozpysnyi.summary": (
        "3 гравці з 36 картами (6–туз) або 4 з 32 (7–туз), за розкладом конів: по одній карті, до всієї "
        "колоди й назад, потім темні та безкозирні. Після роздачі наступну карту відкривають — це козир "
        "(якщо роздано всю колоду, показують останню карту того, хто роздає, і вона лишається в нього). "
        "Починаючи з наступного після того, хто роздає, всі замовляють, скільки візьмуть взяток (0 — пас); "
        "той, хто роздає, замовляє останнім і не може замовити так, щоб сума замовлень дорівнювала числу "
        "взяток. Першим ходить той, хто роздає; масть у масть, немає масті — козирем, немає козиря — будь-"
        "якою; бере старший козир або старша карта масті ходу. Виконав замовлення: +10 за взятку (виконаний "
        "пас +5); недобір: −10 за кожну відсутню; перебір: +1 за взятку. Темні замовляють до роздачі, очки "
        "подвоюються; у безкозирних козиря немає. Покер (7♠, не належить до жодної масті) можна покласти "
        "будь-коли старшою або молодшою картою; з ходу його грають «за старшим X» (усі кладуть старшу X, "
        "немає X — козир; покер бере, якщо не перебили козирем) або «зливаю як молодшу X» (покер — молодша X)."
    ),
    "rozpysnyi.option.poker_card": "Покер",
    "rozpysnyi.option.poker_card.help": "грати з покером — картою без масті, яку кладуть будь-коли",
    "rozpysnyi.option.poker_card_id": "Яка карта — покер",
    "rozpysnyi.option.poker_card_id.help": "ранг і масть, за замовчуванням 7S",
    "rozpysnyi.option.dark_rounds": "Темні",
    "rozpysnyi.option.dark_rounds.help": "замовлення до роздачі, очки подвоюються",
    "rozpysnyi.option.no_trump_rounds": "Безкозирні",
    "rozpysnyi.option.no_trump_rounds.help": "роздається вся колода, козир не відкривають",
    "rozpysnyi.option.schedule": "Розклад",
    "rozpysnyi.option.schedule.help": "full, short або свій список конів, наприклад «1 5 D N»",
    "rozpysnyi.action.bid": "{n}",
    "rozpysnyi.action.pass": "Пас",
    "rozpysnyi.action.play": "{card}",
    "rozpysnyi.action.poker_high": "{card} старшою",
    "rozpysnyi.action.poker_low": "{card} молодшою",
    "rozpysnyi.action.poker_top": "{card} за старшим {suit}",
    "rozpysnyi.action.poker_dump": "{card} зливаю {suit}",
    "rozpysnyi.status.round_ordinary": {
        "one": "Кін {no} з {of}: по {n} карті · роздає {dealer}",
        "few": "Кін {no} з {of}: по {n} карти · роздає {dealer}",
        "many": "Кін {no} з {of}: по {n} карт · роздає {dealer}",
    },
    "rozpysnyi.status.round_dark": {
        "one": "Кін {no} з {of}: темна, по {n} карті · роздає {dealer}",
        "few": "Кін {no} з {of}: темна, по {n} карти · роздає {dealer}",
        "many": "Кін {no} з {of}: темна, по {n} карт · роздає {dealer}",
    },
    "rozpysnyi.status.round_no_trump": {
        "one": "Кін {no} з {of}: безкозирна, по {n} карті · роздає {dealer}",
        "few": "Кін {no} з {of}: безкозирна, по {n} карти · роздає {dealer}",
        "many": "Кін {no} з {of}: безкозирна, по {n} карт · роздає {dealer}",
    },
    "rozpysnyi.status.dark_bidding": "Темна: замовляйте до роздачі, не бачачи карт.",
    "rozpysnyi.status.trump": "Козир: {suit} (відкрита {card})",
    "rozpysnyi.status.trump_shown": "Козир: {suit} ({card} — остання карта того, хто роздає, лишається на руці)",
    "rozpysnyi.status.no_trump": "У цьому коні козиря немає.",
    "rozpysnyi.status.no_trump_poker": "Відкрився покер {card}: кін без козиря.",
    "rozpysnyi.status.bids": "Замовлено {sum} з {n}",
    "rozpysnyi.status.hook": "{dealer} не може замовити {forbidden}.",
    "rozpysnyi.status.trick": "На столі (ходив {leader}): {cards}",
    "rozpysnyi.status.last": "Остання взятка: {cards} → {winner}",
    "rozpysnyi.seat.bid": "замовив {bid}, взяв {tricks}",
    "rozpysnyi.seat.no_bid": "ще не замовив",
    "rozpysnyi.event.dealt": "Кін {no}: по {cards}; роздав {name}.",
    "rozpysnyi.event.dark_round": "Кін {no}: темна, по {cards}; замовлення до роздачі. Роздає {name}.",
    "rozpysnyi.event.trump": "Козир: {suit} ({card}).",
    "rozpysnyi.event.no_trump": "У цьому коні козиря немає.",
    "rozpysnyi.event.bid": {
        "one": "{name} замовляє {n} взятку.",
        "few": "{name} замовляє {n} взятки.",
        "many": "{name} замовляє {n} взяток.",
    },
    "rozpysnyi.event.poker_high": "{name} кладе покер {card} старшою.",
    "rozpysnyi.event.poker_low": "{name} кладе покер {card} молодшою.",
    "rozpysnyi.event.poker_top": "{name} ходить покером {card}: за старшим {suit}!",
    "rozpysnyi.event.poker_dump": "{name} ходить покером {card}: зливаю як молодшу {suit}.",
    "rozpysnyi.event.trick_won": "{name} бере взятку: {cards}",
    "rozpysnyi.event.round_scored": "Кін зіграно: замовлення {bids}, взятки {tricks}, очки {points}. Рахунок: {totals}",
    "rozpysnyi.event.game_over": "Гру закінчено: {scores}",
    "rozpysnyi.error.hook": (
        "Той, хто роздає, не може замовити {forbidden}: сума замовлень дорівнювала б числу взяток."
    ),
    "rozpysnyi.error.bad_bid": "Замовте число від 0 до {max}.",
    "rozpysnyi.error.bid_first": "Спершу замовлення: карти ходять, коли всі замовили.",
    "rozpysnyi.error.bidding_over": "Замовлення вже закінчено.",
    "rozpysnyi.error.card_not_in_hand": "У вас немає карти {card}.",
    "rozpysnyi.error.must_follow_suit": "Масть у масть: кладіть {suit}.",
    "rozpysnyi.error.must_trump": "Масті ходу немає: треба бити козирем ({suit}).",
    "rozpysnyi.error.must_play_highest": "За старшим: треба покласти старшу карту цієї масті, {card}.",
    "rozpysnyi.error.poker_call_required": "З ходу покер грають «за старшим X» або «зливаю як молодшу X».",
    "rozpysnyi.error.poker_high_or_low": "Скажіть, кладете покер старшою чи молодшою картою.",
    "rozpysnyi.error.bad_schedule": "«{round}» — тут не кін (1–{max}, D або N).",
}

MESSAGES = {"en": _EN, "ru": _RU, "uk": _UK}
