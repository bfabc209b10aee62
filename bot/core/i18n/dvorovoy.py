"""Strings of dvorovoy bridge (дворовой бридж), in the players' own words (накрыть шестёрку, заказать масть).

Parameters: cards and suits arrive raw (`9S`, `S`) and the renderer shows them as `9♠`; seat numbers named
`player`, `dealer` or `seat` become player names; `name` is the acting player. A dict value holds plural
forms chosen by `n`.
"""

_EN = {
    "dvorovoy.name": "Dvorovoy bridge",
    "dvorovoy.summary": (
        "2–6 players, 36 cards, 5 each; the dealer turns up the next card, and it counts as the dealer's "
        "play. Put a card of the top card's suit or rank (a jack goes on anything), then more cards of the "
        "same rank if you like; the last one is the new top. Or draw one card, then play or pass. A 6 must "
        "be covered in the same move (draw until you can). 7: the next player draws 1. 8: draws 2 and "
        "skips. Ace: the next player skips. Jack: name the suit. Several such cards hit the next players in "
        "turn. The first to shed every card ends the round; the others score their cards: 10, Q, K 10, "
        "A 15, J 20. Exactly 125 burns back to 0; over 125 loses the match. Fewer points is better "
        "(the table shows them as minus)."
    ),
    "dvorovoy.option.cards": "Cards dealt",
    "dvorovoy.option.cards.help": "cards each player gets (3–7; at most 35 in all)",
    "dvorovoy.option.burn": "125 burns",
    "dvorovoy.option.burn.help": "a total of exactly 125 goes back to 0",
    "dvorovoy.action.play": "{card}",
    "dvorovoy.action.add": "Add {card}",
    "dvorovoy.action.end": "End the move",
    "dvorovoy.action.suit": "Ask for {suit}",
    "dvorovoy.action.draw": "Draw a card",
    "dvorovoy.action.pass": "Pass",
    "dvorovoy.status.round": "Round {round} · {dealer} deals · over {limit} loses",
    "dvorovoy.status.top": "On the pile: {card}",
    "dvorovoy.status.top_named": "On the pile: {card} · asked for {suit}",
    "dvorovoy.status.moving": "{player} is playing: {cards}",
    "dvorovoy.status.draws": "{player} draws {n}",
    "dvorovoy.status.draws_skips": "{player} draws {n} and skips",
    "dvorovoy.status.skips": "{player} skips a turn",
    "dvorovoy.status.lost": "{player} went over 125 ({total}) and lost.",
    "dvorovoy.hand.top": "Match {card} by suit or rank, or play a jack.",
    "dvorovoy.hand.top_named": "Play a {suit} card or a jack.",
    "dvorovoy.hand.drew": "You have drawn: play a card that goes on {card}, or pass.",
    "dvorovoy.hand.cover": "Cover the {card}",
    "dvorovoy.hand.name": "Name the suit for your {card}",
    "dvorovoy.hand.add": "Add more like {card}, or end the move",
    "dvorovoy.seat.dealer": "deals",
    "dvorovoy.seat.bust": "over 125: {total}",
    "dvorovoy.event.turned": "{name} turns up {card}.",
    "dvorovoy.event.played": "{name} plays {card}.",
    "dvorovoy.event.added": "{name} adds {card}.",
    "dvorovoy.event.suit": "{name} asks for {suit}.",
    "dvorovoy.event.drew": "{name} draws a card.",
    "dvorovoy.event.covered_draw": {
        "one": "{name} draws {n} card to cover the 6.",
        "other": "{name} draws {n} cards to cover the 6.",
    },
    "dvorovoy.event.passed": "{name} passes.",
    "dvorovoy.event.auto_passed": "{name} cannot play and passes.",
    "dvorovoy.event.draws": {"one": "{name} draws {n} card.", "other": "{name} draws {n} cards."},
    "dvorovoy.event.draws_skips": {
        "one": "{name} draws {n} card and skips a turn.",
        "other": "{name} draws {n} cards and skips a turn.",
    },
    "dvorovoy.event.skips": "{name} skips a turn.",
    "dvorovoy.event.reshuffled": "The pile is shuffled into a new stock.",
    "dvorovoy.event.out": "{name} has no cards left!",
    "dvorovoy.event.round_scored": "Round {round} is over.",
    "dvorovoy.event.scored": "{name}: +{n}, total {total}.",
    "dvorovoy.event.burned": "{name} has exactly 125: it burns back to 0!",
    "dvorovoy.event.bust": "{name} goes over 125 ({total}) and loses the match.",
    "dvorovoy.event.game_over": "The match is over.",
    "dvorovoy.event.new_round": "Round {round}: {name} deals.",
    "dvorovoy.error.unknown_action": "There is no such move: {action}.",
    "dvorovoy.error.no_match": "{card} does not go on {top}: the same suit or rank, or a jack.",
    "dvorovoy.error.no_match_named": "{card} does not fit: {suit} was asked for (or play a jack).",
    "dvorovoy.error.cover_six": "The {card} must be covered first.",
    "dvorovoy.error.same_rank": "Only cards of the same rank as {card} may be added.",
    "dvorovoy.error.name_suit": "Name a suit for the jack.",
    "dvorovoy.error.no_jack": "Only a jack asks for a suit.",
    "dvorovoy.error.nothing_played": "You have not played a card: play, draw or pass.",
    "dvorovoy.error.already_drew": "You have drawn a card this turn already: play or pass.",
    "dvorovoy.error.move_started": "You have started your move: add cards or end it.",
    "dvorovoy.error.nothing_to_draw": "There is nothing left to draw.",
    "dvorovoy.error.draw_first": "You may pass only after drawing a card.",
    "dvorovoy.error.too_many_players": "{players} players with {cards} cards each do not fit 36 cards (at most {max}).",
}

_RU = {
    "dvorovoy.name": "Дворовой бридж",
    "dvorovoy.summary": (
        "2–6 игроков, 36 карт, по 5 каждому; сдающий открывает следующую карту, и она считается его ходом. "
        "Кладите карту той же масти или того же значения, что верхняя (валет — на любую), потом, если хотите, "
        "ещё карты того же значения; последняя становится верхней. Или возьмите одну карту и положите "
        "подходящую или пасуйте. Шестёрку надо накрыть в тот же ход (берите из колоды, пока не накроете). "
        "7: следующий берёт 1. 8: берёт 2 и пропускает ход. Туз: следующий пропускает ход. Валет: закажите "
        "масть. Несколько таких карт бьют следующих игроков по очереди. Кто первым скинул все карты, "
        "заканчивает кон; остальные считают очки: 10, Д, К — 10, Т — 15, В — 20. Ровно 125 сгорают до 0; "
        "перебравший 125 проигрывает. Чем меньше очков, тем лучше (стол показывает их со знаком минус)."
    ),
    "dvorovoy.option.cards": "Сдавать карт",
    "dvorovoy.option.cards.help": "карт каждому игроку (3–7; всего не больше 35)",
    "dvorovoy.option.burn": "125 сгорают",
    "dvorovoy.option.burn.help": "ровно 125 очков сбрасываются до 0",
    "dvorovoy.action.play": "{card}",
    "dvorovoy.action.add": "Добавить {card}",
    "dvorovoy.action.end": "Закончить ход",
    "dvorovoy.action.suit": "Заказать {suit}",
    "dvorovoy.action.draw": "Взять карту",
    "dvorovoy.action.pass": "Пас",
    "dvorovoy.status.round": "Кон {round} · сдаёт {dealer} · больше {limit} — проигрыш",
    "dvorovoy.status.top": "Сверху: {card}",
    "dvorovoy.status.top_named": "Сверху: {card} · заказано {suit}",
    "dvorovoy.status.moving": "{player} ходит: {cards}",
    "dvorovoy.status.draws": "{player} берёт {n}",
    "dvorovoy.status.draws_skips": "{player} берёт {n} и пропускает ход",
    "dvorovoy.status.skips": "{player} пропускает ход",
    "dvorovoy.status.lost": "{player} перебрал 125 ({total}) и проиграл.",
    "dvorovoy.hand.top": "Под {card}: та же масть или значение, или валет.",
    "dvorovoy.hand.top_named": "Кладите {suit} или валета.",
    "dvorovoy.hand.drew": "Вы взяли карту: положите подходящую на {card} или пасуйте.",
    "dvorovoy.hand.cover": "Накройте {card}",
    "dvorovoy.hand.name": "Закажите масть под {card}",
    "dvorovoy.hand.add": "Добавьте ещё к {card} или закончите ход",
    "dvorovoy.seat.dealer": "сдаёт",
    "dvorovoy.seat.bust": "больше 125: {total}",
    "dvorovoy.event.turned": "{name} открывает {card}.",
    "dvorovoy.event.played": "{name} кладёт {card}.",
    "dvorovoy.event.added": "{name} добавляет {card}.",
    "dvorovoy.event.suit": "{name} заказывает {suit}.",
    "dvorovoy.event.drew": "{name} берёт карту.",
    "dvorovoy.event.covered_draw": {
        "one": "{name} берёт {n} карту, чтобы накрыть шестёрку.",
        "few": "{name} берёт {n} карты, чтобы накрыть шестёрку.",
        "many": "{name} берёт {n} карт, чтобы накрыть шестёрку.",
    },
    "dvorovoy.event.passed": "{name}: пас.",
    "dvorovoy.event.auto_passed": "{name} не может положить и пасует.",
    "dvorovoy.event.draws": {
        "one": "{name} берёт {n} карту.",
        "few": "{name} берёт {n} карты.",
        "many": "{name} берёт {n} карт.",
    },
    "dvorovoy.event.draws_skips": {
        "one": "{name} берёт {n} карту и пропускает ход.",
        "few": "{name} берёт {n} карты и пропускает ход.",
        "many": "{name} берёт {n} карт и пропускает ход.",
    },
    "dvorovoy.event.skips": "{name} пропускает ход.",
    "dvorovoy.event.reshuffled": "Отбой перемешан в новую колоду.",
    "dvorovoy.event.out": "{name} скинул все карты!",
    "dvorovoy.event.round_scored": "Кон {round} окончен.",
    "dvorovoy.event.scored": "{name}: +{n}, всего {total}.",
    "dvorovoy.event.burned": "У {name} ровно 125 — сгорают до 0!",
    "dvorovoy.event.bust": "{name} перебирает 125 ({total}) и проигрывает.",
    "dvorovoy.event.game_over": "Партия окончена.",
    "dvorovoy.event.new_round": "Кон {round}: сдаёт {name}.",
    "dvorovoy.error.unknown_action": "Такого хода нет: {action}.",
    "dvorovoy.error.no_match": "{card} не ложится на {top}: нужна та же масть или значение, или валет.",
    "dvorovoy.error.no_match_named": "{card} не подходит: заказано {suit} (или кладите валета).",
    "dvorovoy.error.cover_six": "Сначала накройте {card}.",
    "dvorovoy.error.same_rank": "Добавлять можно только карты того же значения, что {card}.",
    "dvorovoy.error.name_suit": "Закажите масть под валета.",
    "dvorovoy.error.no_jack": "Масть заказывают только валетом.",
    "dvorovoy.error.nothing_played": "Вы ещё не положили карту: положите, возьмите или пасуйте.",
    "dvorovoy.error.already_drew": "Вы уже брали карту в этот ход: кладите или пасуйте.",
    "dvorovoy.error.move_started": "Вы уже начали ход: добавьте карты или закончите его.",
    "dvorovoy.error.nothing_to_draw": "Брать больше нечего.",
    "dvorovoy.error.draw_first": "Пасовать можно, только взяв карту.",
    "dvorovoy.error.too_many_players": "{players} игроков по {cards} карт не помещаются в 36 карт (не больше {max}).",
}

_UK = {
    "dvorovoy.name": "Дворовий бридж",
    "dvorovoy.summary": (
        "2–6 гравців, 36 карт, по 5 кожному; той, хто роздає, відкриває наступну карту, і вона вважається "
        "його ходом. Кладіть карту тієї ж масті чи того ж значення, що верхня (валет — на будь-яку), потім, "
        "якщо хочете, ще карти того ж значення; остання стає верхньою. Або візьміть одну карту й покладіть "
        "придатну чи пасуйте. Шістку треба накрити в тому ж ході (беріть із колоди, доки не накриєте). "
        "7: наступний бере 1. 8: бере 2 й пропускає хід. Туз: наступний пропускає хід. Валет: замовте масть. "
        "Кілька таких карт б'ють наступних гравців по черзі. Хто першим скинув усі карти, закінчує кон; інші "
        "рахують очки: 10, Д, К — 10, Т — 15, В — 20. Рівно 125 згоряють до 0; хто перебрав 125, програє. "
        "Що менше очок, то краще (стіл показує їх зі знаком мінус)."
    ),
    "dvorovoy.option.cards": "Роздавати карт",
    "dvorovoy.option.cards.help": "карт кожному гравцеві (3–7; разом не більше 35)",
    "dvorovoy.option.burn": "125 згоряють",
    "dvorovoy.option.burn.help": "рівно 125 очок скидаються до 0",
    "dvorovoy.action.play": "{card}",
    "dvorovoy.action.add": "Додати {card}",
    "dvorovoy.action.end": "Закінчити хід",
    "dvorovoy.action.suit": "Замовити {suit}",
    "dvorovoy.action.draw": "Взяти карту",
    "dvorovoy.action.pass": "Пас",
    "dvorovoy.status.round": "Кон {round} · роздає {dealer} · понад {limit} — програш",
    "dvorovoy.status.top": "Зверху: {card}",
    "dvorovoy.status.top_named": "Зверху: {card} · замовлено {suit}",
    "dvorovoy.status.moving": "{player} ходить: {cards}",
    "dvorovoy.status.draws": "{player} бере {n}",
    "dvorovoy.status.draws_skips": "{player} бере {n} і пропускає хід",
    "dvorovoy.status.skips": "{player} пропускає хід",
    "dvorovoy.status.lost": "{player} перебрав 125 ({total}) і програв.",
    "dvorovoy.hand.top": "На {card}: та сама масть чи значення, або валет.",
    "dvorovoy.hand.top_named": "Кладіть {suit} або валета.",
    "dvorovoy.hand.drew": "Ви взяли карту: покладіть придатну на {card} або пасуйте.",
    "dvorovoy.hand.cover": "Накрийте {card}",
    "dvorovoy.hand.name": "Замовте масть під {card}",
    "dvorovoy.hand.add": "Додайте ще до {card} або закінчіть хід",
    "dvorovoy.seat.dealer": "роздає",
    "dvorovoy.seat.bust": "понад 125: {total}",
    "dvorovoy.event.turned": "{name} відкриває {card}.",
    "dvorovoy.event.played": "{name} кладе {card}.",
    "dvorovoy.event.added": "{name} додає {card}.",
    "dvorovoy.event.suit": "{name} замовляє {suit}.",
    "dvorovoy.event.drew": "{name} бере карту.",
    "dvorovoy.event.covered_draw": {
        "one": "{name} бере {n} карту, щоб накрити шістку.",
        "few": "{name} бере {n} карти, щоб накрити шістку.",
        "many": "{name} бере {n} карт, щоб накрити шістку.",
    },
    "dvorovoy.event.passed": "{name}: пас.",
    "dvorovoy.event.auto_passed": "{name} не може покласти й пасує.",
    "dvorovoy.event.draws": {
        "one": "{name} бере {n} карту.",
        "few": "{name} бере {n} карти.",
        "many": "{name} бере {n} карт.",
    },
    "dvorovoy.event.draws_skips": {
        "one": "{name} бере {n} карту й пропускає хід.",
        "few": "{name} бере {n} карти й пропускає хід.",
        "many": "{name} бере {n} карт і пропускає хід.",
    },
    "dvorovoy.event.skips": "{name} пропускає хід.",
    "dvorovoy.event.reshuffled": "Відбій перемішано в нову колоду.",
    "dvorovoy.event.out": "{name} скинув усі карти!",
    "dvorovoy.event.round_scored": "Кон {round} закінчено.",
    "dvorovoy.event.scored": "{name}: +{n}, разом {total}.",
    "dvorovoy.event.burned": "У {name} рівно 125 — згоряють до 0!",
    "dvorovoy.event.bust": "{name} перебирає 125 ({total}) і програє.",
    "dvorovoy.event.game_over": "Партію закінчено.",
    "dvorovoy.event.new_round": "Кон {round}: роздає {name}.",
    "dvorovoy.error.unknown_action": "Такого ходу немає: {action}.",
    "dvorovoy.error.no_match": "{card} не лягає на {top}: потрібна та сама масть чи значення, або валет.",
    "dvorovoy.error.no_match_named": "{card} не підходить: замовлено {suit} (або кладіть валета).",
    "dvorovoy.error.cover_six": "Спершу накрийте {card}.",
    "dvorovoy.error.same_rank": "Додавати можна лише карти того ж значення, що {card}.",
    "dvorovoy.error.name_suit": "Замовте масть під валета.",
    "dvorovoy.error.no_jack": "Масть замовляють лише валетом.",
    "dvorovoy.error.nothing_played": "Ви ще не поклали карту: покладіть, візьміть або пасуйте.",
    "dvorovoy.error.already_drew": "Ви вже брали карту в цьому ході: кладіть або пасуйте.",
    "dvorovoy.error.move_started": "Ви вже почали хід: додайте карти або закінчіть його.",
    "dvorovoy.error.nothing_to_draw": "Брати більше нічого.",
    "dvorovoy.error.draw_first": "Пасувати можна, лише взявши карту.",
    "dvorovoy.error.too_many_players": "{players} гравців по {cards} карт не вміщуються в 36 карт (не більше {max}).",
}

MESSAGES = {"en": _EN, "ru": _RU, "uk": _UK}
