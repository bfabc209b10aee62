"""Strings of the Telegram front end: help, hints about the private chat, the command menus."""

MESSAGES = {
    "en": {
        "telegram.host.no_dm": "🔔 pinged here (has not started the bot: press 🂠 My hand, then Start)",
        "telegram.host.log.no_dm": "{name}: open a private chat with the bot and press Start to get your cards.",
        "telegram.welcome": "Hi! I host card games in group chats. Add me to a group and send /new there. Your cards and your moves come here, in this private chat.",
        "telegram.help": (
            "🃏 Card games in your group.\n"
            "In a group or topic:\n"
            "/new [game] [preset] — open a table (e.g. /new, /new poker short)\n"
            "/join, /leave — take or leave a seat\n"
            "/start — start the game · /stop — cancel the table\n"
            "/settings — change the table's options\n"
            "/invite — as a reply to someone: let them join a table set to Invited only\n"
            "Anywhere:\n"
            "/hand — send me my cards again\n"
            "/rules [game] — the rules and options\n"
            "/lang en|ru|uk — your language (in a group, an admin sets the table's language)\n"
            "/pings auto|group|off — how I tell you it is your move\n"
            "Your cards come in a private chat with me: press Start there once."
        ),
        "telegram.group_only": "This command works in a group: add me to a group and send it there.",
        "telegram.open_bot": "Open a private chat with me and press Start, so I can send you your cards.",
        "telegram.button.open_bot": "Open the bot",
        "telegram.lang_pick": "Choose your language:",
        "telegram.bad_link": "This link is not valid any more.",
        "telegram.failed": "Something went wrong; please try again.",
        "telegram.cmd.new": "Open a table: /new [game] [preset]",
        "telegram.cmd.join": "Take a seat at the table",
        "telegram.cmd.leave": "Leave the table",
        "telegram.cmd.start": "Start the game",
        "telegram.cmd.start_private": "Start the bot (needed to get your cards)",
        "telegram.cmd.stop": "Cancel the table",
        "telegram.cmd.hand": "Send me my cards again",
        "telegram.cmd.rules": "Rules and options: /rules [game]",
        "telegram.cmd.settings": "Change the table's options",
        "telegram.cmd.invite": "Invite someone to a private table (reply to their message)",
        "telegram.invite_how": "Send /invite as a reply to a message of the person you want to invite.",
        "telegram.cmd.lang": "Language: /lang en|ru|uk",
        "telegram.cmd.pings": "Turn alerts: /pings auto|group|off",
        "telegram.pings_pick": "How should I tell you it is your move? auto: a private message (a mention in the group if I cannot write to you) · group: a mention in the group · off: private messages only, never a mention.",
        "telegram.cmd.help": "What I can do",
    },
    "ru": {
        "telegram.host.no_dm": "🔔 зову здесь (не запустил бота: 🂠 «Мои карты», затем Start)",
        "telegram.host.log.no_dm": "{name}: откройте личный чат с ботом и нажмите «Start», чтобы получать карты.",
        "telegram.welcome": "Привет! Я провожу карточные игры в групповых чатах. Добавьте меня в группу и отправьте там /new. Ваши карты и ходы приходят сюда, в этот личный чат.",
        "telegram.help": (
            "🃏 Карточные игры в вашей группе.\n"
            "В группе или теме:\n"
            "/new [игра] [вариант] — открыть стол (например, /new, /new poker short)\n"
            "/join, /leave — сесть за стол или уйти\n"
            "/start — начать игру · /stop — отменить стол\n"
            "/settings — настройки стола\n"
            "/invite — ответом на сообщение: пустить человека за стол «Только по приглашению»\n"
            "Где угодно:\n"
            "/hand — прислать мои карты ещё раз\n"
            "/rules [игра] — правила и настройки\n"
            "/lang en|ru|uk — ваш язык (в группе админ задаёт язык стола)\n"
            "/pings auto|group|off — как сообщать, что ваш ход\n"
            "Карты приходят в личный чат со мной: один раз нажмите там «Start»."
        ),
        "telegram.group_only": "Эта команда работает в группе: добавьте меня в группу и отправьте её там.",
        "telegram.open_bot": "Откройте личный чат со мной и нажмите «Start», чтобы я мог присылать вам карты.",
        "telegram.button.open_bot": "Открыть бота",
        "telegram.lang_pick": "Выберите язык:",
        "telegram.bad_link": "Эта ссылка больше не действует.",
        "telegram.failed": "Что-то пошло не так; попробуйте ещё раз.",
        "telegram.cmd.new": "Открыть стол: /new [игра] [вариант]",
        "telegram.cmd.join": "Сесть за стол",
        "telegram.cmd.leave": "Уйти из-за стола",
        "telegram.cmd.start": "Начать игру",
        "telegram.cmd.start_private": "Запустить бота (нужно, чтобы получать карты)",
        "telegram.cmd.stop": "Отменить стол",
        "telegram.cmd.hand": "Прислать мои карты ещё раз",
        "telegram.cmd.rules": "Правила и настройки: /rules [игра]",
        "telegram.cmd.settings": "Настройки стола",
        "telegram.cmd.invite": "Пригласить за закрытый стол (ответом на сообщение)",
        "telegram.invite_how": "Отправьте /invite ответом на сообщение того, кого хотите пригласить.",
        "telegram.cmd.lang": "Язык: /lang en|ru|uk",
        "telegram.cmd.pings": "Напоминания о ходе: /pings auto|group|off",
        "telegram.pings_pick": "Как сообщать, что ваш ход? auto: личным сообщением (упоминанием в группе, если не могу написать вам) · group: упоминанием в группе · off: только личными сообщениями, без упоминаний.",
        "telegram.cmd.help": "Что я умею",
    },
    "uk": {
        "telegram.host.no_dm": "🔔 кличу тут (не запустив бота: 🂠 «Мої карти», потім Start)",
        "telegram.host.log.no_dm": "{name}: відкрийте приватний чат із ботом і натисніть «Start», щоб отримувати карти.",
        "telegram.welcome": "Привіт! Я проводжу карткові ігри в групових чатах. Додайте мене до групи й надішліть там /new. Ваші карти й ходи приходять сюди, у цей приватний чат.",
        "telegram.help": (
            "🃏 Карткові ігри у вашій групі.\n"
            "У групі або темі:\n"
            "/new [гра] [варіант] — відкрити стіл (наприклад, /new, /new poker short)\n"
            "/join, /leave — сісти за стіл або піти\n"
            "/start — почати гру · /stop — скасувати стіл\n"
            "/settings — налаштування столу\n"
            "/invite — відповіддю на повідомлення: пустити людину за стіл «Лише за запрошенням»\n"
            "Будь-де:\n"
            "/hand — надіслати мої карти ще раз\n"
            "/rules [гра] — правила й налаштування\n"
            "/lang en|ru|uk — ваша мова (у групі адмін задає мову столу)\n"
            "/pings auto|group|off — як повідомляти, що ваш хід\n"
            "Карти приходять у приватний чат зі мною: один раз натисніть там «Start»."
        ),
        "telegram.group_only": "Ця команда працює в групі: додайте мене до групи й надішліть її там.",
        "telegram.open_bot": "Відкрийте приватний чат зі мною й натисніть «Start», щоб я міг надсилати вам карти.",
        "telegram.button.open_bot": "Відкрити бота",
        "telegram.lang_pick": "Оберіть мову:",
        "telegram.bad_link": "Це посилання більше не діє.",
        "telegram.failed": "Щось пішло не так; спробуйте ще раз.",
        "telegram.cmd.new": "Відкрити стіл: /new [гра] [варіант]",
        "telegram.cmd.join": "Сісти за стіл",
        "telegram.cmd.leave": "Піти з-за столу",
        "telegram.cmd.start": "Почати гру",
        "telegram.cmd.start_private": "Запустити бота (потрібно, щоб отримувати карти)",
        "telegram.cmd.stop": "Скасувати стіл",
        "telegram.cmd.hand": "Надіслати мої карти ще раз",
        "telegram.cmd.rules": "Правила й налаштування: /rules [гра]",
        "telegram.cmd.settings": "Налаштування столу",
        "telegram.cmd.invite": "Запросити за закритий стіл (відповіддю на повідомлення)",
        "telegram.invite_how": "Надішліть /invite відповіддю на повідомлення того, кого хочете запросити.",
        "telegram.cmd.lang": "Мова: /lang en|ru|uk",
        "telegram.cmd.pings": "Нагадування про хід: /pings auto|group|off",
        "telegram.pings_pick": "Як повідомляти, що ваш хід? auto: особистим повідомленням (згадкою в групі, якщо не можу написати вам) · group: згадкою в групі · off: лише особистими повідомленнями, без згадок.",
        "telegram.cmd.help": "Що я вмію",
    },
}
