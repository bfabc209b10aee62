"""Strings of contract bridge, in the players' own words (пас, контра, реконтра, болван, розыгрыш…)."""

_POSITIONS = {
    "en": ("North", "East", "South", "West"),
    "ru": ("Север", "Восток", "Юг", "Запад"),
    "uk": ("Північ", "Схід", "Південь", "Захід"),
}
_ROLES = {
    "en": {"declarer": "declarer", "dummy": "dummy"},
    "ru": {"declarer": "разыгрывающий", "dummy": "болван"},
    "uk": {"declarer": "розігрувач", "dummy": "болван"},
}
_SIDES = {"en": ("N–S", "E–W"), "ru": ("С–Ю", "В–З"), "uk": ("Пн–Пд", "Сх–Зх")}


def _seats(lang: str, sit: str) -> dict[str, str]:
    """Seat names (lobby, seat notes with the role in play) and the hand's "you sit …" line."""
    out = {}
    for k, name in enumerate(_POSITIONS[lang]):
        out[f"bridge.seat.{k}"] = name
        for role, word in _ROLES[lang].items():
            out[f"bridge.seat.{k}.{role}"] = f"{name} · {word}"
        out[f"bridge.hand.seat.{k}"] = sit.replace("{place}", name).replace("{side}", _SIDES[lang][k % 2])
    return out


def _vul(lang: str, board: str, deal: str, words: tuple[str, str, str, str]) -> dict[str, str]:
    keys = ("none", "ns", "ew", "both")
    out = {f"bridge.status.board_{k}": board.replace("{vul}", w) for k, w in zip(keys, words, strict=True)}
    out |= {f"bridge.status.deal_{k}": deal.replace("{vul}", w) for k, w in zip(keys, words, strict=True)}
    return out


_EN = {
    "bridge.name": "Bridge",
    "bridge.summary": "Contract bridge for four: North–South against East–West. Bid in turn (pass, 1♣ … 7NT, "
    "double, redouble); the last bid is the contract and the first of its side to name the strain declares. "
    "After the opening lead dummy's cards are shown to everyone and the declarer plays them. Follow suit; the "
    "highest trump, else the highest card of the suit led, wins. Duplicate scoring (IMPs against the "
    "double-dummy par, or points), a rubber, the university contest's rules, or one quick board.",
    "bridge.option.scoring": "Scoring",
    "bridge.option.scoring.help": "duplicate (boards) or rubber",
    "bridge.option.compare": "Boards count as",
    "bridge.option.compare.help": "par: IMPs against the double-dummy par; points: each side's own points",
    "bridge.option.boards": "Boards",
    "bridge.option.boards.help": "boards in the match (a rubber: at most this many deals)",
    "bridge.option.first_board": "First board",
    "bridge.option.first_board.help": "its number sets the dealer and the vulnerability",
    "bridge.option.vulnerability": "Vulnerability",
    "bridge.option.vulnerability.help": "board (by the board number), none or all",
    "bridge.option.doubles": "Double and redouble",
    "bridge.option.doubles.help": "allow double and redouble",
    "bridge.option.all_pass_1nt": "All pass → 1NT",
    "bridge.option.all_pass_1nt.help": "four passes make 1NT by the dealer instead of a new deal",
    "bridge.option.claims": "Claims",
    "bridge.option.claims.help": "the declarer may claim the remaining tricks",
    "bridge.option.honours": "Honours",
    "bridge.option.honours.help": "rubber: score honours (100 or 150)",
    "bridge.status.auction": "Auction — N · E · S · W:",
    "bridge.status.row": "{cells}",
    "bridge.status.rubber": "Rubber · games: N–S {ns_games}, E–W {ew_games} · below the line: N–S {ns}, E–W {ew}",
    "bridge.status.contract": "Contract {contract} by {declarer} · tricks N–S {ns} : E–W {ew}",
    "bridge.status.dummy": "Dummy ({dummy}): {cards}",
    "bridge.status.trick": "Trick {n}: {cards} (led by {leader})",
    "bridge.status.last": "Last trick: {cards} → {winner}",
    "bridge.status.claim": "{claimer} claims {n} of the remaining {of} tricks; the defenders answer.",
    "bridge.status.result": "Board {board}: {contract} by {declarer}, {tricks} tricks · N–S {score}",
    "bridge.status.result_par": "Board {board}: {contract} by {declarer}, {tricks} tricks · N–S {score}, par {par} → N–S {imps} IMP",
    "bridge.status.result_passed": "Board {board}: passed out",
    "bridge.status.result_passed_par": "Board {board}: passed out · par {par} → N–S {imps} IMP",
    "bridge.action.pass": "Pass",
    "bridge.action.double": "Double",
    "bridge.action.redouble": "Redouble",
    "bridge.action.bid": "{level}{suit}",
    "bridge.action.bid_nt": "{level}NT",
    "bridge.action.play": "{card}",
    "bridge.action.claim": {"one": "Claim {n} trick", "other": "Claim {n} tricks"},
    "bridge.action.accept": "✔ Accept the claim",
    "bridge.action.reject": "✖ Reject the claim",
    "bridge.pick.level": "{level}…",
    "bridge.pick.claim": "🏳 Claim…",
    "bridge.hand.claim": "{declarer} claims; the declarer's cards: {cards}",
    "bridge.hand.dummy": "You are dummy in {contract}: {declarer} plays your cards. Watch the play.",
    "bridge.hand.from_dummy": "{contract}: dummy's turn — play a card from dummy.",
    "bridge.hand.contract": "Contract {contract} by {declarer}",
    "bridge.event.contract": "Contract: {contract} by {declarer}.",
    "bridge.event.passed_out": "Board {board} is passed out.",
    "bridge.event.claim": {
        "one": "{name} claims {n} trick of the remaining {of}.",
        "other": "{name} claims {n} tricks of the remaining {of}.",
    },
    "bridge.event.claim_accepted": "{name} accepts the claim.",
    "bridge.event.claim_rejected": "{name} rejects the claim; play goes on.",
    "bridge.error.auction_first": "The auction is not over yet: make a call.",
    "bridge.error.bid_too_low": "A bid must be higher than the last one.",
    "bridge.error.cannot_double": "You may double only an opponent's bid that is not doubled yet.",
    "bridge.error.cannot_redouble": "You may redouble only an opponent's double of your side's bid.",
    "bridge.error.no_doubles": "Double and redouble are off at this table.",
    "bridge.error.answer_claim": "The declarer has claimed: accept or reject the claim.",
    "bridge.error.auction_over": "The auction is over: play a card.",
    "bridge.error.no_claims": "Claims are off at this table.",
    "bridge.error.declarer_claims": "Only the declarer may claim.",
    "bridge.error.bad_claim": "You may claim from 0 to {max} tricks.",
    **_seats("en", "You sit {place} ({side})."),
    **_vul(
        "en",
        "Board {no} ({i} of {of}) · dealer {dealer} · vulnerable: {vul}",
        "Deal {i} · dealer {dealer} · vulnerable: {vul}",
        ("none", "N–S", "E–W", "both"),
    ),
}

_RU = {
    "bridge.name": "Бридж",
    "bridge.summary": "Спортивный бридж вчетвером: Север–Юг против Востока–Запада. Торговля по кругу (пас, "
    "1♣ … 7 БК, контра, реконтра); последняя заявка — контракт, разыгрывает тот из пары, кто первым назвал "
    "его масть. После первого хода карты болвана открываются всем, и ими играет разыгрывающий. Ходить в "
    "масть; берёт старший козырь, иначе старшая карта масти хода. Подсчёт: спортивный (IMP против "
    "пара по двойному болвану, или очки), роббер, правила студенческого турнира или одна быстрая сдача.",
    "bridge.option.scoring": "Подсчёт",
    "bridge.option.scoring.help": "duplicate (сдачи) или rubber (роббер)",
    "bridge.option.compare": "Сдачи считаются",
    "bridge.option.compare.help": "par: IMP против пара по двойному болвану; points: очки каждой пары",
    "bridge.option.boards": "Сдачи",
    "bridge.option.boards.help": "сколько сдач в матче (роббер: не больше стольких сдач)",
    "bridge.option.first_board": "Первая сдача",
    "bridge.option.first_board.help": "её номер задаёт сдающего и зональность",
    "bridge.option.vulnerability": "Зональность",
    "bridge.option.vulnerability.help": "board (по номеру сдачи), none (никто) или all (все)",
    "bridge.option.doubles": "Контра и реконтра",
    "bridge.option.doubles.help": "разрешить контру и реконтру",
    "bridge.option.all_pass_1nt": "Все пас → 1 БК",
    "bridge.option.all_pass_1nt.help": "четыре паса дают 1 БК сдающего вместо пересдачи",
    "bridge.option.claims": "Претензии",
    "bridge.option.claims.help": "разыгрывающий может заявить оставшиеся взятки",
    "bridge.option.honours": "Онёры",
    "bridge.option.honours.help": "роббер: считать онёры (100 или 150)",
    "bridge.status.auction": "Торговля — С · В · Ю · З:",
    "bridge.status.row": "{cells}",
    "bridge.status.rubber": "Роббер · геймы: С–Ю {ns_games}, В–З {ew_games} · под чертой: С–Ю {ns}, В–З {ew}",
    "bridge.status.contract": "Контракт {contract}, разыгрывает {declarer} · взятки С–Ю {ns} : В–З {ew}",
    "bridge.status.dummy": "Болван ({dummy}): {cards}",
    "bridge.status.trick": "Взятка {n}: {cards} (первый ход: {leader})",
    "bridge.status.last": "Последняя взятка: {cards} → {winner}",
    "bridge.status.claim": "Претензия: {claimer} заявляет {n} из оставшихся {of} взяток; отвечают вистующие.",
    "bridge.status.result": "Сдача {board}: {contract}, разыгрывающий {declarer}, взяток {tricks} · С–Ю {score}",
    "bridge.status.result_par": "Сдача {board}: {contract}, разыгрывающий {declarer}, взяток {tricks} · С–Ю {score}, пар {par} → С–Ю {imps} IMP",
    "bridge.status.result_passed": "Сдача {board}: все пас",
    "bridge.status.result_passed_par": "Сдача {board}: все пас · пар {par} → С–Ю {imps} IMP",
    "bridge.action.pass": "Пас",
    "bridge.action.double": "Контра",
    "bridge.action.redouble": "Реконтра",
    "bridge.action.bid": "{level}{suit}",
    "bridge.action.bid_nt": "{level} БК",
    "bridge.action.play": "{card}",
    "bridge.action.claim": {
        "one": "Заявить {n} взятку",
        "few": "Заявить {n} взятки",
        "many": "Заявить {n} взяток",
    },
    "bridge.action.accept": "✔ Принять претензию",
    "bridge.action.reject": "✖ Отклонить претензию",
    "bridge.pick.level": "{level}…",
    "bridge.pick.claim": "🏳 Претензия…",
    "bridge.hand.claim": "Претензия: {declarer}; карты разыгрывающего: {cards}",
    "bridge.hand.dummy": "Вы болван в контракте {contract}: вашими картами играет {declarer}. Следите за розыгрышем.",
    "bridge.hand.from_dummy": "{contract}: ход болвана — сыграйте карту болвана.",
    "bridge.hand.contract": "Контракт {contract}, разыгрывает {declarer}",
    "bridge.event.contract": "Контракт: {contract}, разыгрывает {declarer}.",
    "bridge.event.passed_out": "Сдача {board}: все пас.",
    "bridge.event.claim": {
        "one": "Претензия: {name} — {n} взятка из оставшихся {of}.",
        "few": "Претензия: {name} — {n} взятки из оставшихся {of}.",
        "many": "Претензия: {name} — {n} взяток из оставшихся {of}.",
    },
    "bridge.event.claim_accepted": "{name}: претензия принята.",
    "bridge.event.claim_rejected": "{name}: претензия отклонена, розыгрыш продолжается.",
    "bridge.error.auction_first": "Торговля ещё не окончена: сделайте заявку.",
    "bridge.error.bid_too_low": "Заявка должна быть выше предыдущей.",
    "bridge.error.cannot_double": "Контра возможна только на заявку противника, ещё не законтренную.",
    "bridge.error.cannot_redouble": "Реконтра возможна только на контру противника по заявке вашей пары.",
    "bridge.error.no_doubles": "За этим столом контра и реконтра отключены.",
    "bridge.error.answer_claim": "Разыгрывающий заявил претензию: примите её или отклоните.",
    "bridge.error.auction_over": "Торговля окончена: ходите картой.",
    "bridge.error.no_claims": "За этим столом претензии отключены.",
    "bridge.error.declarer_claims": "Претензию заявляет только разыгрывающий.",
    "bridge.error.bad_claim": "Можно заявить от 0 до {max} взяток.",
    **_seats("ru", "Ваше место: {place} ({side})."),
    **_vul(
        "ru",
        "Сдача {no} ({i} из {of}) · сдаёт {dealer} · в зоне: {vul}",
        "Сдача {i} · сдаёт {dealer} · в зоне: {vul}",
        ("никто", "С–Ю", "В–З", "все"),
    ),
}

_UK = {
    "bridge.name": "Бридж",
    "bridge.summary": "Спортивний бридж учотирьох: Північ–Південь проти Сходу–Заходу. Торгівля по колу (пас, "
    "1♣ … 7 БК, контра, реконтра); остання заявка — контракт, розігрує той із пари, хто першим назвав її "
    "масть. Після першого ходу карти болвана відкриваються всім, і ними грає розігрувач. Ходити в масть; "
    "бере старший козир, інакше старша карта масті ходу. Підрахунок: спортивний (IMP проти пару за "
    "подвійним болваном, або очки), робер, правила студентського турніру або одна швидка роздача.",
    "bridge.option.scoring": "Підрахунок",
    "bridge.option.scoring.help": "duplicate (роздачі) або rubber (робер)",
    "bridge.option.compare": "Роздачі рахуються",
    "bridge.option.compare.help": "par: IMP проти пару за подвійним болваном; points: очки кожної пари",
    "bridge.option.boards": "Роздачі",
    "bridge.option.boards.help": "скільки роздач у матчі (робер: не більше стількох роздач)",
    "bridge.option.first_board": "Перша роздача",
    "bridge.option.first_board.help": "її номер задає того, хто роздає, і зональність",
    "bridge.option.vulnerability": "Зональність",
    "bridge.option.vulnerability.help": "board (за номером роздачі), none (ніхто) або all (усі)",
    "bridge.option.doubles": "Контра й реконтра",
    "bridge.option.doubles.help": "дозволити контру й реконтру",
    "bridge.option.all_pass_1nt": "Усі пас → 1 БК",
    "bridge.option.all_pass_1nt.help": "чотири паси дають 1 БК того, хто роздає, замість перероздачі",
    "bridge.option.claims": "Претензії",
    "bridge.option.claims.help": "розігрувач може заявити решту взяток",
    "bridge.option.honours": "Онери",
    "bridge.option.honours.help": "робер: рахувати онери (100 або 150)",
    "bridge.status.auction": "Торгівля — Пн · Сх · Пд · Зх:",
    "bridge.status.row": "{cells}",
    "bridge.status.rubber": "Робер · гейми: Пн–Пд {ns_games}, Сх–Зх {ew_games} · під рискою: Пн–Пд {ns}, Сх–Зх {ew}",
    "bridge.status.contract": "Контракт {contract}, розігрує {declarer} · взятки Пн–Пд {ns} : Сх–Зх {ew}",
    "bridge.status.dummy": "Болван ({dummy}): {cards}",
    "bridge.status.trick": "Взятка {n}: {cards} (перший хід: {leader})",
    "bridge.status.last": "Остання взятка: {cards} → {winner}",
    "bridge.status.claim": "Претензія: {claimer} заявляє {n} з решти {of} взяток; відповідають захисники.",
    "bridge.status.result": "Роздача {board}: {contract}, розігрувач {declarer}, взяток {tricks} · Пн–Пд {score}",
    "bridge.status.result_par": "Роздача {board}: {contract}, розігрувач {declarer}, взяток {tricks} · Пн–Пд {score}, пар {par} → Пн–Пд {imps} IMP",
    "bridge.status.result_passed": "Роздача {board}: усі пас",
    "bridge.status.result_passed_par": "Роздача {board}: усі пас · пар {par} → Пн–Пд {imps} IMP",
    "bridge.action.pass": "Пас",
    "bridge.action.double": "Контра",
    "bridge.action.redouble": "Реконтра",
    "bridge.action.bid": "{level}{suit}",
    "bridge.action.bid_nt": "{level} БК",
    "bridge.action.play": "{card}",
    "bridge.action.claim": {
        "one": "Заявити {n} взятку",
        "few": "Заявити {n} взятки",
        "many": "Заявити {n} взяток",
    },
    "bridge.action.accept": "✔ Прийняти претензію",
    "bridge.action.reject": "✖ Відхилити претензію",
    "bridge.pick.level": "{level}…",
    "bridge.pick.claim": "🏳 Претензія…",
    "bridge.hand.claim": "Претензія: {declarer}; карти розігрувача: {cards}",
    "bridge.hand.dummy": "Ви болван у контракті {contract}: вашими картами грає {declarer}. Стежте за розіграшем.",
    "bridge.hand.from_dummy": "{contract}: хід болвана — зіграйте карту болвана.",
    "bridge.hand.contract": "Контракт {contract}, розігрує {declarer}",
    "bridge.event.contract": "Контракт: {contract}, розігрує {declarer}.",
    "bridge.event.passed_out": "Роздача {board}: усі пас.",
    "bridge.event.claim": {
        "one": "Претензія: {name} — {n} взятка з решти {of}.",
        "few": "Претензія: {name} — {n} взятки з решти {of}.",
        "many": "Претензія: {name} — {n} взяток з решти {of}.",
    },
    "bridge.event.claim_accepted": "{name}: претензію прийнято.",
    "bridge.event.claim_rejected": "{name}: претензію відхилено, розіграш триває.",
    "bridge.error.auction_first": "Торгівля ще не скінчилася: зробіть заявку.",
    "bridge.error.bid_too_low": "Заявка має бути вищою за попередню.",
    "bridge.error.cannot_double": "Контра можлива лише на заявку суперника, ще не законтровану.",
    "bridge.error.cannot_redouble": "Реконтра можлива лише на контру суперника на заявку вашої пари.",
    "bridge.error.no_doubles": "За цим столом контру й реконтру вимкнено.",
    "bridge.error.answer_claim": "Розігрувач заявив претензію: прийміть її або відхиліть.",
    "bridge.error.auction_over": "Торгівля скінчилася: ходіть картою.",
    "bridge.error.no_claims": "За цим столом претензії вимкнено.",
    "bridge.error.declarer_claims": "Претензію заявляє лише розігрувач.",
    "bridge.error.bad_claim": "Можна заявити від 0 до {max} взяток.",
    **_seats("uk", "Ваше місце: {place} ({side})."),
    **_vul(
        "uk",
        "Роздача {no} ({i} з {of}) · роздає {dealer} · у зоні: {vul}",
        "Роздача {i} · роздає {dealer} · у зоні: {vul}",
        ("ніхто", "Пн–Пд", "Сх–Зх", "усі"),
    ),
}

MESSAGES = {"en": _EN, "ru": _RU, "uk": _UK}
