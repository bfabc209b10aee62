"""Strings of Most («Мост»), in the players' words: выкладка/викладка, доложить/докласти, мост/міст.

Parameters: cards arrive raw (`7S`, `X1=9H`) and the renderer shows them as `7♠`, `🃏=9♥`; lines the game
formats itself (`bridge`, `cards` of a meld line) arrive ready. `player`, `owner`, `dealer` seats become
names; `name` is the acting player.
"""

_EN = {
    "most.name": "Most (rummy)",
    "most.summary": (
        "2–6 players, 54 cards with two jokers, 6 cards each; the next card starts the bridge, a face-up row "
        "of discards. On your turn draw the top of the deck, or take any card of the bridge with every card "
        "after it — that card must go into a new meld this turn. Then meld (3+ cards: a run of one suit, "
        "where the ace links K and 2 so runs wrap, or a set of one rank), lay off cards onto any meld once "
        "you have one of your own, swap a joker on the table for the real card it stands for; end by "
        "discarding one card to the bridge. A card and the joker standing for it are never on the table "
        "together. The game ends when someone discards their last card (or the deck runs out). You score "
        "what you laid (2–9: 5, 10–K: 10, A: 15, joker 0) minus your hand (a joker −100); the match goes to 500."
    ),
    "most.option.target": "Play to",
    "most.option.target.help": "the match ends once someone has this total (0: a single game)",
    "most.option.hand": "Cards dealt",
    "most.option.hand.help": "cards each player gets (6 or 7)",
    "most.action.draw": "Draw from the deck",
    "most.action.take": "Take the bridge from #{pos}",
    "most.action.meld": "Meld {cards}",
    "most.action.meld_bad": "Meld {cards}?",
    "most.action.lay": "Lay off {card} on #{meld}",
    "most.action.swap": "Swap {card} for the 🃏",
    "most.action.discard": "Discard {card}",
    "most.pick": "{item}",
    "most.pick.suit": "[{suit}]",
    "most.pick.clear": "✖ Clear",
    "most.status.game": "Game {n} · playing to {target} · deck: {deck}",
    "most.status.single": "A single game · deck: {deck}",
    "most.status.bridge": "Bridge: {cards}",
    "most.status.bridge_empty": "Bridge: —",
    "most.status.meld": "#{n} {owner}: {cards}",
    "most.status.no_melds": "No melds yet.",
    "most.status.pending": "{player} took {card} from the bridge and must meld it.",
    "most.status.last": "Last game: {scores}",
    "most.seat.laid": "laid {points}",
    "most.hand.pending": "Meld {card} first: pick it with cards that make a meld.",
    "most.hand.draw": "Draw from the deck or take from the bridge.",
    "most.hand.play": "Pick cards: to meld, lay off, swap a joker or discard (one card).",
    "most.event.dealt": "Game {game}: {dealer} deals; {name} starts.",
    "most.event.drew": {
        "one": "{name} draws from the deck ({n} card left).",
        "other": "{name} draws from the deck ({n} cards left).",
    },
    "most.event.took": "{name} takes the bridge from #{pos}: {cards}",
    "most.event.melded": "{name} melds #{meld}: {cards}",
    "most.event.laid": "{name} lays off {card} on #{meld} ({owner})",
    "most.event.swapped": "{name} swaps {card} for the joker in #{meld}",
    "most.event.discarded": "{name} discards {card}",
    "most.event.went_out": "{name} has no cards left: the game is over.",
    "most.event.deck_empty": "The deck is empty: the game is over.",
    "most.event.scored": "{name}: {points} this game, {total} in all",
    "most.event.match_over": {
        "one": "The match is over after {games} game.",
        "other": "The match is over after {games} games.",
    },
    "most.error.unknown_action": "There is no such move: {action}.",
    "most.error.draw_first": "Draw first: from the deck or the bridge.",
    "most.error.already_drew": "You have drawn already this turn.",
    "most.error.no_such_position": "The bridge has no card #{pos} (it has {n}).",
    "most.error.take_no_meld": "{card} cannot go into a meld from your hand, so you may not take it.",
    "most.error.must_meld_taken": "First make a meld with {card}, the card you took from the bridge.",
    "most.error.duplicate_card": "A card appears twice.",
    "most.error.joker_needs_card": "Say which card the joker stands for.",
    "most.error.on_table_as_joker": "{card} is already on the table as a joker.",
    "most.error.joker_stands": "A joker on the table stands for {card}: swap it instead.",
    "most.error.on_table": "{card} is already on the table.",
    "most.error.meld_too_short": "A meld needs at least 3 cards.",
    "most.error.not_a_meld": "A run needs one suit; a set needs one rank.",
    "most.error.run_gap": "The cards of a run must follow each other (the ace links K and 2).",
    "most.error.keep_one": "Keep a card to discard at the end of your turn.",
    "most.error.no_meld_yet": "You may lay off only once you have a meld of your own.",
    "most.error.no_such_meld": "There is no meld #{meld}.",
    "most.error.does_not_fit": "{card} does not fit meld #{meld}.",
    "most.error.no_joker_for": "No joker on the table stands for {card}.",
}

_RU = {
    "most.name": "Мост",
    "most.summary": (
        "2–6 игроков, 54 карты с двумя джокерами, по 6 карт; следующая карта открывается — это начало моста, "
        "ряда открытых карт. В свой ход возьмите верхнюю карту колоды или любую карту моста вместе со всеми "
        "картами после неё — с этой картой нужно сделать новую выкладку в этот же ход. Потом выкладывайте "
        "(от 3 карт: по масти подряд, туз связывает К и 2, так что ряд идёт по кругу, или по достоинству), "
        "докладывайте к любым выкладкам, когда у вас есть своя, меняйте джокера на столе на карту, которую он "
        "заменяет; в конце положите одну карту в мост. Карта и заменяющий её джокер не лежат на столе вместе. "
        "Игра кончается, когда кто-то кладёт в мост последнюю карту (или кончилась колода). Очки: выложенное "
        "(2–9: 5, 10–К: 10, Т: 15, джокер 0) минус карты на руках (джокер −100); партия до 500."
    ),
    "most.option.target": "Партия до",
    "most.option.target.help": "партия кончается, когда у кого-то столько очков (0 — одна игра)",
    "most.option.hand": "Карт на руки",
    "most.option.hand.help": "сколько карт сдаётся каждому (6 или 7)",
    "most.action.draw": "Взять из колоды",
    "most.action.take": "Взять мост с №{pos}",
    "most.action.meld": "Выложить {cards}",
    "most.action.meld_bad": "Выложить {cards}?",
    "most.action.lay": "Доложить {card} к №{meld}",
    "most.action.swap": "Обменять {card} на 🃏",
    "most.action.discard": "В мост {card}",
    "most.pick": "{item}",
    "most.pick.suit": "[{suit}]",
    "most.pick.clear": "✖ Снять отметки",
    "most.status.game": "Игра {n} · партия до {target} · в колоде: {deck}",
    "most.status.single": "Одна игра · в колоде: {deck}",
    "most.status.bridge": "Мост: {cards}",
    "most.status.bridge_empty": "Мост: —",
    "most.status.meld": "№{n} {owner}: {cards}",
    "most.status.no_melds": "Выкладок пока нет.",
    "most.status.pending": "{player} взял(а) {card} из моста и должен(на) это выложить.",
    "most.status.last": "Прошлая игра: {scores}",
    "most.seat.laid": "выложено {points}",
    "most.hand.pending": "Сначала выложите {card}: отметьте её с картами для выкладки.",
    "most.hand.draw": "Возьмите карту из колоды или из моста.",
    "most.hand.play": "Отмечайте карты: выложить, доложить, обменять джокера или положить в мост (одну).",
    "most.event.dealt": "Игра {game}: сдаёт {dealer}; начинает {name}.",
    "most.event.drew": {
        "one": "{name} берёт из колоды (осталась {n} карта).",
        "few": "{name} берёт из колоды (осталось {n} карты).",
        "many": "{name} берёт из колоды (осталось {n} карт).",
    },
    "most.event.took": "{name} берёт мост с №{pos}: {cards}",
    "most.event.melded": "{name} выкладывает №{meld}: {cards}",
    "most.event.laid": "{name} докладывает {card} к №{meld} ({owner})",
    "most.event.swapped": "{name} меняет {card} на джокера в №{meld}",
    "most.event.discarded": "{name} кладёт в мост {card}",
    "most.event.went_out": "У {name} не осталось карт: игра окончена.",
    "most.event.deck_empty": "Колода кончилась: игра окончена.",
    "most.event.scored": "{name}: {points} за игру, всего {total}",
    "most.event.match_over": {
        "one": "Партия окончена после {games} игры.",
        "few": "Партия окончена после {games} игр.",
        "many": "Партия окончена после {games} игр.",
    },
    "most.error.unknown_action": "Такого хода нет: {action}.",
    "most.error.draw_first": "Сначала возьмите карту: из колоды или из моста.",
    "most.error.already_drew": "Вы уже взяли карту в этот ход.",
    "most.error.no_such_position": "В мосте нет карты №{pos} (их {n}).",
    "most.error.take_no_meld": "С {card} не сложить выкладку из ваших карт — брать её нельзя.",
    "most.error.must_meld_taken": "Сначала выложите {card} — карту, взятую из моста.",
    "most.error.duplicate_card": "Карта указана дважды.",
    "most.error.joker_needs_card": "Скажите, какую карту заменяет джокер.",
    "most.error.on_table_as_joker": "{card} уже на столе в виде джокера.",
    "most.error.joker_stands": "Джокер на столе заменяет {card}: обменяйте его.",
    "most.error.on_table": "{card} уже на столе.",
    "most.error.meld_too_short": "В выкладке не меньше 3 карт.",
    "most.error.not_a_meld": "По масти — одна масть, по достоинству — одно достоинство.",
    "most.error.run_gap": "Карты по масти должны идти подряд (туз связывает К и 2).",
    "most.error.keep_one": "Оставьте карту, чтобы положить её в мост в конце хода.",
    "most.error.no_meld_yet": "Докладывать можно, только когда у вас есть своя выкладка.",
    "most.error.no_such_meld": "Выкладки №{meld} нет.",
    "most.error.does_not_fit": "{card} не подходит к выкладке №{meld}.",
    "most.error.no_joker_for": "На столе нет джокера вместо {card}.",
}

_UK = {
    "most.name": "Міст",
    "most.summary": (
        "2–6 гравців, 54 карти з двома джокерами, по 6 карт; наступна карта відкривається — це початок мосту, "
        "ряду відкритих карт. У свій хід візьміть верхню карту колоди або будь-яку карту мосту разом з усіма "
        "картами після неї — з цією картою треба зробити нову викладку цього ж ходу. Потім викладайте (від 3 "
        "карт: однієї масті підряд, туз зв'язує К і 2, тож ряд іде по колу, або одного значення), докладайте "
        "до будь-яких викладок, коли маєте свою, міняйте джокера на столі на карту, яку він заміняє; наприкінці "
        "покладіть одну карту в міст. Карта й джокер замість неї не лежать на столі разом. Гра скінчується, "
        "коли хтось кладе в міст останню карту (або скінчилася колода). Очки: викладене (2–9: 5, 10–К: 10, "
        "Т: 15, джокер 0) мінус карти на руках (джокер −100); партія до 500."
    ),
    "most.option.target": "Партія до",
    "most.option.target.help": "партія скінчується, коли в когось стільки очок (0 — одна гра)",
    "most.option.hand": "Карт на руки",
    "most.option.hand.help": "скільки карт роздається кожному (6 або 7)",
    "most.action.draw": "Взяти з колоди",
    "most.action.take": "Взяти міст з №{pos}",
    "most.action.meld": "Викласти {cards}",
    "most.action.meld_bad": "Викласти {cards}?",
    "most.action.lay": "Докласти {card} до №{meld}",
    "most.action.swap": "Обміняти {card} на 🃏",
    "most.action.discard": "У міст {card}",
    "most.pick": "{item}",
    "most.pick.suit": "[{suit}]",
    "most.pick.clear": "✖ Зняти позначки",
    "most.status.game": "Гра {n} · партія до {target} · у колоді: {deck}",
    "most.status.single": "Одна гра · у колоді: {deck}",
    "most.status.bridge": "Міст: {cards}",
    "most.status.bridge_empty": "Міст: —",
    "most.status.meld": "№{n} {owner}: {cards}",
    "most.status.no_melds": "Викладок поки немає.",
    "most.status.pending": "{player} взяв(ла) {card} з мосту й має це викласти.",
    "most.status.last": "Минула гра: {scores}",
    "most.seat.laid": "викладено {points}",
    "most.hand.pending": "Спершу викладіть {card}: позначте її з картами для викладки.",
    "most.hand.draw": "Візьміть карту з колоди або з мосту.",
    "most.hand.play": "Позначайте карти: викласти, докласти, обміняти джокера або покласти в міст (одну).",
    "most.event.dealt": "Гра {game}: роздає {dealer}; починає {name}.",
    "most.event.drew": {
        "one": "{name} бере з колоди (лишилась {n} карта).",
        "few": "{name} бере з колоди (лишилось {n} карти).",
        "many": "{name} бере з колоди (лишилось {n} карт).",
    },
    "most.event.took": "{name} бере міст з №{pos}: {cards}",
    "most.event.melded": "{name} викладає №{meld}: {cards}",
    "most.event.laid": "{name} докладає {card} до №{meld} ({owner})",
    "most.event.swapped": "{name} міняє {card} на джокера в №{meld}",
    "most.event.discarded": "{name} кладе в міст {card}",
    "most.event.went_out": "У {name} не лишилося карт: гру скінчено.",
    "most.event.deck_empty": "Колода скінчилася: гру скінчено.",
    "most.event.scored": "{name}: {points} за гру, усього {total}",
    "most.event.match_over": {
        "one": "Партію скінчено після {games} гри.",
        "few": "Партію скінчено після {games} ігор.",
        "many": "Партію скінчено після {games} ігор.",
    },
    "most.error.unknown_action": "Такого ходу немає: {action}.",
    "most.error.draw_first": "Спершу візьміть карту: з колоди або з мосту.",
    "most.error.already_drew": "Ви вже взяли карту цього ходу.",
    "most.error.no_such_position": "У мосту немає карти №{pos} (їх {n}).",
    "most.error.take_no_meld": "З {card} не скласти викладку з ваших карт — брати її не можна.",
    "most.error.must_meld_taken": "Спершу викладіть {card} — карту, взяту з мосту.",
    "most.error.duplicate_card": "Карту вказано двічі.",
    "most.error.joker_needs_card": "Скажіть, яку карту заміняє джокер.",
    "most.error.on_table_as_joker": "{card} уже на столі як джокер.",
    "most.error.joker_stands": "Джокер на столі заміняє {card}: обміняйте його.",
    "most.error.on_table": "{card} уже на столі.",
    "most.error.meld_too_short": "У викладці щонайменше 3 карти.",
    "most.error.not_a_meld": "За мастю — одна масть, за значенням — одне значення.",
    "most.error.run_gap": "Карти однієї масті мають іти підряд (туз зв'язує К і 2).",
    "most.error.keep_one": "Залиште карту, щоб покласти її в міст наприкінці ходу.",
    "most.error.no_meld_yet": "Докладати можна, лише коли маєте власну викладку.",
    "most.error.no_such_meld": "Викладки №{meld} немає.",
    "most.error.does_not_fit": "{card} не підходить до викладки №{meld}.",
    "most.error.no_joker_for": "На столі немає джокера замість {card}.",
}

MESSAGES = {"en": _EN, "ru": _RU, "uk": _UK}
