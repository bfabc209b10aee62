"""Russian and Ukrainian through the host: counted nouns agree ("4 игрока"), log lines name no gender,
AI levels and presets are shown translated."""

from __future__ import annotations

import pytest

from bot.core.api import AddBot, Join, NewTable, SetLanguage, ShowRules
from tests.core.hosting import CHAT, make_host, user

A = user(1)


@pytest.mark.parametrize(
    ("lang", "full", "opened", "level"),
    [
        ("ru", "Стол заполнен (4 игрока).", "User1: стол открыт.", "(обычный)"),
        ("uk", "Стіл заповнено (4 гравці).", "User1: стіл відкрито.", "(звичайний)"),
        ("en", "The table is full (4 players).", "User1 opened the table.", "(steady)"),
    ],
)
async def test_a_full_table_and_the_lobby_log_in_each_language(store, lang, full, opened, level) -> None:
    host, rec = make_host(store)
    await host.handle(SetLanguage(user=A, chat=CHAT, lang=lang, is_chat_admin=True))
    await host.handle(NewTable(user=A, chat=CHAT, game="rozpysnyi"))  # 3–4 players
    assert opened in rec.table().text()
    await host.handle(AddBot(user=A, chat=CHAT, level="heuristic"))
    for _ in range(2):
        await host.handle(AddBot(user=A, chat=CHAT))
    out = await host.handle(Join(user=user(5, lang), chat=CHAT))
    assert out.reply is not None and full in out.reply.text, out.reply
    text = rec.table().text()
    assert level in text, text
    assert "heuristic" not in text


async def test_rules_name_the_presets_in_the_readers_language(store) -> None:
    host, _ = make_host(store)
    await host.handle(SetLanguage(user=A, lang="ru"))
    out = await host.handle(ShowRules(user=A, chat=CHAT, game="rozpysnyi"))
    assert out.reply is not None
    assert "short (короткий), classic (классика)" in out.reply.text, out.reply.text
