"""Every message key rozpysnyi uses exists in English, Russian and Ukrainian, and formats with its params."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.core.i18n import LANGUAGES, catalogs
from games.base import GameError
from games.cards import make_deck
from tests.games.rozpysnyi_deals import GAME

Use = tuple[str, dict[str, Any]]


def uses_in_random_games() -> list[Use]:
    """(key, params) pairs met in random games: labels, status lines, seat notes, events, errors."""
    uses: list[Use] = [("rozpysnyi.name", {}), ("rozpysnyi.summary", {})]
    for name in GAME.Options.model_fields:
        uses += [(f"rozpysnyi.option.{name}", {}), (f"rozpysnyi.option.{name}.help", {})]
    rng = random.Random(3)
    setups = [(4, {"schedule": "1 2 D N 8"}), (3, {"schedule": "1 3 D N 12"}), (4, {"poker_card_id": "AH"})]
    for seed in range(40):
        players, options = setups[seed % len(setups)]
        if seed >= len(setups):
            options = {**options, "schedule": "2 D N 8"}
        state = GAME.new(players, options, seed=seed)
        deck = make_deck(36 if players == 3 else 32)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            for viewer in (None, seat):
                view = GAME.view(state, viewer)
                uses += GAME.status_lines(view)
                uses += [n for s in range(players) if (n := GAME.seat_status(view, s))]
            legal = GAME.legal_actions(state, seat)
            uses += [GAME.describe_action(a) for a in legal]
            for wrong in (rng.choice(deck), *rng.sample(legal, 1)):
                for text in (f"play:{wrong}", f"bid:{rng.randrange(14)}", wrong, f"{wrong}:high"):
                    if text not in legal:
                        try:
                            GAME.apply(state, seat, text)
                        except GameError as e:
                            uses.append((f"rozpysnyi.error.{e.code}", e.params))
            state, events = GAME.apply(state, seat, rng.choice(legal))
            uses += [(f"rozpysnyi.event.{e.kind}", {**e.data, "name": "Ann"}) for e in events]
    with pytest.raises(GameError) as err:
        GAME.new(4, {"schedule": "9"})
    uses.append((f"rozpysnyi.error.{err.value.code}", err.value.params))
    return uses


USES = uses_in_random_games()


def test_the_games_cover_every_kind_of_message() -> None:
    keys = {k for k, _ in USES}
    for key in (
        "rozpysnyi.action.poker_top",
        "rozpysnyi.action.poker_dump",
        "rozpysnyi.action.poker_high",
        "rozpysnyi.action.pass",
        "rozpysnyi.status.round_dark",
        "rozpysnyi.status.round_no_trump",
        "rozpysnyi.status.dark_bidding",
        "rozpysnyi.status.trump_shown",
        "rozpysnyi.status.hook",
        "rozpysnyi.event.dealt",
        "rozpysnyi.event.dark_round",
        "rozpysnyi.event.trump",
        "rozpysnyi.event.no_trump",
        "rozpysnyi.event.poker_top",
        "rozpysnyi.event.poker_low",
        "rozpysnyi.event.round_scored",
        "rozpysnyi.event.game_over",
        "rozpysnyi.error.hook",
        "rozpysnyi.error.must_trump",
        "rozpysnyi.error.must_follow_suit",
        "rozpysnyi.error.bid_first",
        "rozpysnyi.error.card_not_in_hand",
        "rozpysnyi.error.poker_high_or_low",
        "rozpysnyi.error.bad_bid",
    ):
        assert key in keys, key


def resolve(key: str, lang: str) -> str:
    """The key the host shows: a game's own error string, else the shared `error.<code>` one."""
    cats = catalogs()[lang]
    generic = key.replace("rozpysnyi.error.", "error.")
    return key if key in cats or not key.startswith("rozpysnyi.error.") else generic


def test_every_key_is_translated_and_formats_with_its_params() -> None:
    cats = catalogs()
    for lang in LANGUAGES:
        for used, params in USES:
            if used == "rozpysnyi.event.played":
                continue  # deliberately not logged (see the catalog's docstring)
            key = resolve(used, lang)
            assert key in cats[lang], (lang, key)
            template = cats[lang][key]
            forms = [template] if isinstance(template, str) else list(template.values())
            for form in forms:
                form.format(**params)  # a missing parameter would raise KeyError


def test_the_three_languages_have_the_same_keys() -> None:
    cats = catalogs()
    keys = [{k for k in cats[lang] if k.startswith("rozpysnyi.")} for lang in LANGUAGES]
    assert keys[0] == keys[1] == keys[2]
    for lang in ("ru", "uk"):
        for key in keys[0]:
            t = cats[lang][key]
            if isinstance(t, dict):
                assert {"one", "few", "many"} <= set(t), (lang, key)


def test_known_errors_have_game_words() -> None:
    cats = catalogs()
    assert "козир" in str(cats["uk"]["rozpysnyi.error.must_trump"]).lower()
    assert "козыр" in str(cats["ru"]["rozpysnyi.error.must_trump"]).lower()
    assert cats["ru"]["rozpysnyi.action.pass"] == "Пас" and cats["uk"]["rozpysnyi.action.pass"] == "Пас"
    assert "за старшим" in str(cats["uk"]["rozpysnyi.action.poker_top"])
    assert "зливаю" in str(cats["uk"]["rozpysnyi.action.poker_dump"])
