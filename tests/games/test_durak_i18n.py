"""Every message key Durak uses exists in English, Russian and Ukrainian, and formats with its params."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from bot.core.i18n import LANGUAGES, catalogs
from games.base import GameError
from games.cards import make_deck
from games.durak import rules
from tests.games.test_durak import GAME

Use = tuple[str, dict[str, Any]]
SOURCE = Path(rules.__file__).read_text()
SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"variant": "perevodnoy", "transfer_by_trump": True}),
    (4, {"teams": True, "variant": "perevodnoy"}),
    (2, {"open_cards": True, "look_stock": True, "match_games": 2}),
    (4, {"throw_in": "neighbours", "deck": 24, "undo": False}),
    (6, {"deck": 52}),
    (6, {"variant": "perevodnoy", "transfer_by_trump": True}),
]


def with_names(params: dict[str, Any]) -> dict[str, Any]:
    """The parameters as the renderer passes them: `x_seat` also as `x`, and the actor's `name`."""
    out = {"name": "Ann", **params}
    out.update({k.removesuffix("_seat"): v for k, v in params.items() if k.endswith("_seat")})
    return out


def uses_in_random_games() -> list[Use]:
    uses: list[Use] = [("durak.name", {}), ("durak.summary", {})]
    for name in GAME.Options.model_fields:
        uses += [(f"durak.option.{name}", {}), (f"durak.option.{name}.help", {})]
    rng = random.Random(7)
    for seed in range(28):
        players, options = SETUPS[seed % len(SETUPS)]
        state = GAME.new(players, options, seed=seed)
        deck = make_deck(state.options.deck)
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            for viewer in (None, seat):
                view = GAME.view(state, viewer)
                uses += GAME.status_lines(view)
                uses += [n for s in range(players) if (n := GAME.seat_status(view, s))]
            legal = GAME.legal_actions(state, seat)
            uses += [GAME.describe_action(a) for a in legal]
            for other in rng.sample(range(players), min(2, players)):
                for wrong in (
                    f"throw:{rng.choice(deck)}",
                    f"beat:{rng.choice(deck)}:{rng.choice(deck)}",
                    f"transfer:{rng.choice(deck)}",
                    f"show:{rng.choice(deck)}",
                    "take",
                    "done",
                    "undo",
                ):
                    try:
                        GAME.apply(state, other, wrong)
                    except GameError as e:
                        uses.append((f"durak.error.{e.code}", e.params))
            state, events = GAME.apply(state, seat, rng.choice(legal))
            uses += [(f"durak.event.{e.kind}", with_names(e.data)) for e in events]
        for view in (GAME.view(state, None), GAME.view(state, 0)):
            uses += GAME.status_lines(view)
            uses += [n for s in range(players) if (n := GAME.seat_status(view, s))]
    for players, options in ((5, {"deck": 24}), (3, {"teams": True})):
        try:
            GAME.new(players, options)
        except GameError as e:
            uses.append((f"durak.error.{e.code}", e.params))
    return uses


USES = uses_in_random_games()


def resolve(key: str, lang: str) -> str:
    """The key the host shows: a game's own error string, else the shared `error.<code>` one."""
    cats = catalogs()[lang]
    return key if key in cats or not key.startswith("durak.error.") else key.replace("durak.", "", 1)


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


def choices() -> list[tuple[str, str]]:
    """Every text value of an option with a fixed set of them (`variant`: podkidnoy, perevodnoy …)."""
    out = []
    for name, field in GAME.Options.model_fields.items():
        if get_origin(field.annotation) is Literal:
            out += [(name, v) for v in get_args(field.annotation) if isinstance(v, str)]
    return out


def source_keys() -> set[str]:
    """Every key the rules can produce, read from the source: errors, events, status lines, seat notes."""
    keys = {f"durak.error.{c}" for c in re.findall(r'GameError\(\s*"(\w+)"', SOURCE)}
    keys |= {f"durak.event.{k}" for k in re.findall(r'kind="(\w+)"', SOURCE)}
    keys |= set(re.findall(r'"(durak\.(?:status|seat|hand|rank|action)\.\w+)"', SOURCE))
    keys |= {f"durak.action.{v}" for v in rules.VERBS}
    keys |= {f"durak.option.{n}" for n in GAME.Options.model_fields}
    keys |= {f"durak.option.{n}.help" for n in GAME.Options.model_fields}
    keys |= {f"durak.preset.{p}" for p in GAME.presets}  # named by render.preset_name
    keys |= {f"durak.choice.{n}.{v}" for n, v in choices()}  # named by render.option_value
    return keys | {"durak.name", "durak.summary"}


def test_every_key_the_rules_can_produce_is_in_every_catalog_and_none_is_dead() -> None:
    cats = catalogs()
    wanted = source_keys()
    assert len(wanted) > 100
    for lang in LANGUAGES:
        missing = sorted(k for k in wanted if resolve(k, lang) not in cats[lang])
        assert not missing, (lang, missing)
        dead = sorted(k for k in cats[lang] if k.startswith("durak.") and k not in wanted)
        assert not dead, (lang, dead)


def test_random_play_meets_most_kinds_of_message() -> None:
    met = {k for k, _ in USES}
    for key in (
        "durak.event.attack",
        "durak.event.throw",
        "durak.event.beat",
        "durak.event.transfer",
        "durak.event.show",
        "durak.event.take",
        "durak.event.took",
        "durak.event.beaten_off",
        "durak.event.drew",
        "durak.event.out",
        "durak.event.game_over",
        "durak.event.new_game",
        "durak.event.dealt",
        "durak.event.trump",
        "durak.event.team_lost",
        "durak.event.durak",
        "durak.status.beaten",
        "durak.status.unbeaten",
        "durak.status.open_hand",
        "durak.status.stock",
        "durak.status.match",
        "durak.seat.out",
        "durak.seat.done",
        "durak.error.rank_not_on_table",
        "durak.error.cannot_beat",
        "durak.error.too_many_players",
        "durak.error.teams_need_four",
    ):
        assert key in met, key


def test_the_three_languages_have_the_same_keys_and_plural_forms() -> None:
    cats = catalogs()
    keys = [{k for k in cats[lang] if k.startswith("durak.")} for lang in LANGUAGES]
    assert keys[0] == keys[1] == keys[2]
    for key in keys[0]:
        if isinstance(cats["en"][key], dict):
            assert {"one", "other"} <= set(cats["en"][key]), key
        for lang in ("ru", "uk"):
            if isinstance(cats[lang][key], dict):
                assert {"one", "few", "many"} <= set(cats[lang][key]), (lang, key)


def test_players_own_words() -> None:
    cats = catalogs()
    assert cats["ru"]["durak.action.take"] == "Беру" and cats["uk"]["durak.action.take"] == "Беру"
    assert cats["ru"]["durak.action.done"] == "Бито" and cats["uk"]["durak.action.done"] == "Відбій"
    assert "козыр" in str(cats["ru"]["durak.status.trump"]).lower()
    assert "козир" in str(cats["uk"]["durak.status.trump"]).lower()
    assert "подкидывает" in str(cats["ru"]["durak.event.throw"])
    assert "підкидає" in str(cats["uk"]["durak.event.throw"])


def test_done_reads_bito_only_when_the_defender_is_not_taking() -> None:
    from bot.core.render import action_label

    state = GAME.new(2, {}, seed=3)
    attacker = GAME.to_act(state)[0]
    state, _ = GAME.apply(state, attacker, next(a for a in GAME.legal_actions(state, attacker)))
    defender = GAME.to_act(state)[0]
    assert defender != attacker
    beat = next(a for a in GAME.legal_actions(state, defender) if a.startswith("beat:"))
    beaten, _ = GAME.apply(state, defender, beat)
    assert "done" in GAME.legal_actions(beaten, attacker)
    assert action_label(GAME, "done", "ru", GAME.view(beaten, attacker)) == "Бито"
    state, _ = GAME.apply(state, defender, "take")
    view = GAME.view(state, attacker)
    assert "done" in GAME.legal_actions(state, attacker)
    assert [action_label(GAME, "done", lang, view) for lang in LANGUAGES] == [
        "Done: let them take", "Забирай", "Забирай"
    ]
