"""References and rendering: who and where an interaction comes from, and screens as Discord messages."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.outcome import Button, Screen
from bot.discord.paging import fit
from bot.discord.refs import MAX_CONTENT, chat_ref, content, is_chat_admin, peek, user_ref, view_of
from tests.discord.fakeapi import ApiError, FakeDiscordAPI
from tests.discord.harness import ANN, CHANNEL, EVERYONE, MOD, Harness, Person


def interaction(h: Harness, payload: dict[str, Any]) -> discord.Interaction[Any]:
    return discord.Interaction(data=payload, state=h.client._connection)  # type: ignore[arg-type]


async def test_references_from_a_channel_a_thread_and_a_dm(h: Harness) -> None:
    thread = h.api.new_id()
    h.api.add_channel(thread, "table-1", type_=11, parent=CHANNEL)
    dm = int(h.api._dm_channel(ANN.id)["id"])
    ru = Person(ANN.id, "Ann", locale="ru")

    here = interaction(h, h.slash(ru, "join"))
    assert user_ref(here).model_dump() == {
        "platform": "discord",
        "id": str(ANN.id),
        "name": "Ann",
        "lang": "ru",
    }
    assert chat_ref(here) is not None and chat_ref(here).model_dump() == {  # type: ignore[union-attr]
        "platform": "discord",
        "id": str(CHANNEL),
        "thread": None,
        "title": "#games",
    }
    inside = chat_ref(interaction(h, h.slash(ANN, "join", channel=thread)))
    assert inside is not None and (inside.id, inside.thread) == (str(CHANNEL), str(thread))
    assert chat_ref(interaction(h, h.slash(ANN, "join", channel=dm))) is None


@pytest.mark.parametrize(
    ("permissions", "admin"),
    [(EVERYONE, False), (MOD.permissions, True), (EVERYONE | 1 << 5, True), (1 << 3, True)],
)
async def test_chat_admins_manage_messages_the_server_or_everything(
    h: Harness, permissions: int, admin: bool
) -> None:
    who = Person(ANN.id, "Ann", permissions=permissions)
    assert is_chat_admin(interaction(h, h.slash(who, "stop"))) is admin


def test_content_is_escaped_and_cut_by_whole_lines() -> None:
    screen = Screen(title="*Table* of _Ann_", lines=["`code` ~x~ |spoiler|", "# not a heading"])
    text = content(screen)
    assert text.splitlines()[0] == r"**\*Table\* of \_Ann\_**"
    assert r"\`code\`" in text and r"\# not a heading" in text
    long = Screen(title="T", lines=[f"line {i} " + "x" * 90 for i in range(50)])
    cut = content(long)
    assert len(cut) <= MAX_CONTENT and cut.endswith("…") and cut.splitlines()[1].startswith("line 0")
    assert content(Screen()) == "…"


def test_buttons_become_a_stopped_view_links_stay_links_and_overlong_ids_are_dropped() -> None:
    rows = [
        [
            Button(label="x" * 120, token="t|1|a|s", style="danger"),
            Button(label="site", url="https://example.org"),
        ],
        [Button(label="too long", token="y" * 101), Button(label="nothing")],
    ]
    view = view_of(rows)
    assert view is not None and view.is_finished()  # never kept in the client's view store
    (first, link) = view.to_components()[0]["components"]
    assert first["label"] == "x" * 79 + "…" and first["style"] == discord.ButtonStyle.danger.value
    assert link["url"] == "https://example.org" and link["style"] == discord.ButtonStyle.link.value
    assert len(view.to_components()) == 1
    assert view_of([[Button(label="nothing")]]) is None


def test_peek_reads_only_the_hosts_token_format() -> None:
    assert peek("abc|3|play:7S|sig") == ("abc", "play:7S")
    assert peek("kz:pg:1") is None and peek("|1|a|s") is None


labels = st.text(min_size=1, max_size=100)
tokens = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789|:@", min_size=1, max_size=64)


@st.composite
def screens(draw: st.DrawFn) -> Screen:
    ids = draw(st.lists(tokens, unique=True, max_size=60))
    rows, i = [], 0
    while i < len(ids):
        n = draw(st.integers(1, 8))
        rows.append([Button(label=draw(labels), token=t) for t in ids[i : i + n]])
        i += n
    return Screen(title=draw(st.text(max_size=80)), lines=draw(st.lists(st.text(max_size=300))), buttons=rows)


@settings(max_examples=150, deadline=None)
@given(screens(), st.integers(0, 5))
def test_any_screen_makes_a_message_discord_accepts(screen: Screen, page: int) -> None:
    view = view_of(fit(screen, page))
    body = {"content": content(screen), "components": view.to_components() if view else []}
    try:
        FakeDiscordAPI._validate(body, new=True)
    except ApiError as e:  # pragma: no cover - the message says what Discord would refuse
        raise AssertionError(e.body) from e


def test_the_catalog_has_every_adapter_string_in_every_language() -> None:
    import pathlib
    import re
    import string

    from bot.core.i18n import LANGUAGES, catalogs

    cats = catalogs()
    # `discord.<host key>` words a host message for Discord (bot.core.i18n.for_platform): used by the host
    ours = {k for k in cats["en"] if k.startswith("discord.")}
    variants = {k for k in ours if k.removeprefix("discord.") in cats["en"]}
    keys = ours - variants
    source = "".join(p.read_text() for p in pathlib.Path("bot/discord").glob("*.py"))
    used = set(re.findall(r"\"(discord\.[a-z_.]+)\"", source))
    assert used == keys, (used - keys, keys - used)  # nothing missing, nothing dead
    for lang in LANGUAGES:
        assert set(k for k in cats[lang] if k.startswith("discord.")) == keys | variants, lang
        for key in keys | variants:
            fields = {f for _, f, _, _ in string.Formatter().parse(str(cats[lang][key])) if f}
            assert fields == {f for _, f, _, _ in string.Formatter().parse(str(cats["en"][key])) if f}
            if key.startswith(("discord.cmd.", "discord.arg.")):
                assert 1 <= len(str(cats[lang][key])) <= 100, (lang, key)  # Discord's description limit
