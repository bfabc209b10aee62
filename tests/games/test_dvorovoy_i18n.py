"""Every key of dvorovoy bridge exists in English, Russian and Ukrainian and formats with its params."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from bot.core.i18n import LANGUAGES, catalogs
from games.base import GameError
from games.cards import make_deck
from games.dvorovoy import GAME, rules

Use = tuple[str, dict[str, Any]]
SOURCE = Path(rules.__file__).read_text()


def uses_in_random_games() -> list[Use]:
    uses: list[Use] = [("dvorovoy.name", {}), ("dvorovoy.summary", {})]
    for name in GAME.Options.model_fields:
        uses += [(f"dvorovoy.option.{name}", {}), (f"dvorovoy.option.{name}.help", {})]
    rng = random.Random(5)
    deck = make_deck(36)
    for seed in range(12):
        players = 2 + seed % 5
        state = GAME.new(players, {"cards": 3 + seed % 3}, seed=seed)
        while not GAME.is_over(state):
            seat = state.mover
            for viewer in (None, *range(players)):
                view = GAME.view(state, viewer)
                uses += GAME.status_lines(view) + GAME.hand_context(view)
                uses += [n for s in range(players) if (n := GAME.seat_status(view, s))]
            legal = GAME.legal_actions(state, seat)
            uses += [GAME.describe_action(a) for a in legal]
            for wrong in (
                f"play:{rng.choice(deck)}",
                f"add:{rng.choice(deck)}",
                "end",
                "draw",
                "pass",
                "suit:S",
            ):
                try:
                    GAME.apply(state, seat, wrong)
                except GameError as e:
                    uses.append((f"dvorovoy.error.{e.code}", e.params))
            action = (
                rng.choice(legal)
                if rng.random() < 0.5
                else GAME.bot("heuristic").choose(GAME.view(state, seat), legal, rng)
            )
            state, events = GAME.apply(state, seat, action)
            uses += [(f"dvorovoy.event.{e.kind}", {"name": "Ann", **e.data}) for e in events]
        for view in (GAME.view(state, None), GAME.view(state, 0)):
            uses += GAME.status_lines(view)
            uses += [n for s in range(players) if (n := GAME.seat_status(view, s))]
    try:
        GAME.new(6, {"cards": 7})
    except GameError as e:
        uses.append((f"dvorovoy.error.{e.code}", e.params))
    return uses


USES = uses_in_random_games()


def resolve(key: str, lang: str) -> str:
    """The key the host shows: a game's own error string, else the shared `error.<code>` one."""
    cats = catalogs()[lang]
    return key if key in cats or not key.startswith("dvorovoy.error.") else key.replace("dvorovoy.", "", 1)


def test_every_key_met_in_play_is_translated_and_formats_with_its_params() -> None:
    cats = catalogs()
    for lang in LANGUAGES:
        for used, params in USES:
            key = resolve(used, lang)
            assert key in cats[lang], (lang, key)
            template = cats[lang][key]
            forms = [template] if isinstance(template, str) else list(template.values())
            for form in forms:
                form.format(**params)  # a missing parameter would raise KeyError


def source_keys() -> set[str]:
    """Every key the rules can produce, read from the source."""
    keys = {f"dvorovoy.error.{c}" for c in re.findall(r'GameError\(\s*"(\w+)"', SOURCE)}
    keys |= {f"dvorovoy.event.{k}" for k in re.findall(r'kind="(\w+)"', SOURCE)}
    keys |= {f"dvorovoy.event.{k}" for k in ("draws", "draws_skips", "skips")}
    keys |= set(re.findall(r'"(dvorovoy\.(?:status|seat|hand)\.\w+)"', SOURCE))
    keys |= {f"dvorovoy.status.{k}" for k in ("draws", "draws_skips", "skips")}
    keys |= {f"dvorovoy.action.{v}" for v in rules.VERBS}
    keys |= {f"dvorovoy.option.{n}" for n in GAME.Options.model_fields}
    keys |= {f"dvorovoy.option.{n}.help" for n in GAME.Options.model_fields}
    keys |= {f"dvorovoy.preset.{p}" for p in GAME.presets}  # named by render.preset_name
    return keys | {"dvorovoy.name", "dvorovoy.summary"}


def test_every_key_the_rules_can_produce_is_in_every_catalog_and_none_is_dead() -> None:
    cats = catalogs()
    wanted = source_keys()
    assert len(wanted) > 50
    for lang in LANGUAGES:
        missing = sorted(k for k in wanted if resolve(k, lang) not in cats[lang])
        assert not missing, (lang, missing)
        dead = sorted(k for k in cats[lang] if k.startswith("dvorovoy.") and k not in wanted)
        assert not dead, (lang, dead)


def test_random_play_meets_most_kinds_of_message() -> None:
    met = {k for k, _ in USES}
    for kind in ("played", "added", "suit", "drew", "covered_draw", "passed", "auto_passed", "draws"):
        assert f"dvorovoy.event.{kind}" in met, kind
    for kind in ("draws_skips", "skips", "reshuffled", "out", "round_scored", "scored", "bust", "game_over"):
        assert f"dvorovoy.event.{kind}" in met, kind
    for key in (
        "status.top_named",
        "status.moving",
        "hand.cover",
        "hand.name",
        "hand.add",
        "hand.drew",
        "seat.bust",
    ):
        assert f"dvorovoy.{key}" in met, key
    for code in ("no_match", "no_match_named", "cover_six", "same_rank", "already_drew", "move_started"):
        assert f"dvorovoy.error.{code}" in met, code


def test_the_three_languages_have_the_same_keys_and_plural_forms() -> None:
    cats = catalogs()
    keys = [{k for k in cats[lang] if k.startswith("dvorovoy.")} for lang in LANGUAGES]
    assert keys[0] == keys[1] == keys[2]
    for key in keys[0]:
        if isinstance(cats["en"][key], dict):
            assert {"one", "other"} <= set(cats["en"][key]), key
        for lang in ("ru", "uk"):
            if isinstance(cats[lang][key], dict):
                assert {"one", "few", "many"} <= set(cats[lang][key]), (lang, key)


def test_players_own_words() -> None:
    cats = catalogs()
    assert "накрыть" in str(cats["ru"]["dvorovoy.event.covered_draw"])
    assert "заказывает" in str(cats["ru"]["dvorovoy.event.suit"])
    assert "сгорают" in str(cats["ru"]["dvorovoy.event.burned"])
    assert cats["ru"]["dvorovoy.action.pass"] == "Пас" and cats["uk"]["dvorovoy.action.pass"] == "Пас"
