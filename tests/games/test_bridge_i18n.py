"""Every message key bridge uses exists in English, Russian and Ukrainian and formats with its parameters."""

from __future__ import annotations

import random
from typing import Any

from bot.core.i18n import LANGUAGES, catalogs
from games.base import GameError
from games.bridge import GAME
from games.bridge.auction import PASS
from games.bridge.chat import result_line
from games.bridge.rules import BoardResult

Use = tuple[str, dict[str, Any]]
NOT_LOGGED = {
    "call",
    "dummy",
    "played",
    "trick_won",
    "board_scored",
    "game_over",
}  # shown by the status lines


def named(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters as the renderer passes them: `declarer_seat` also as `declarer` (a name)."""
    return params | {k.removesuffix("_seat"): "Ann" for k in params if k.endswith("_seat")} | {"name": "Ann"}


def uses_in_random_games() -> tuple[list[Use], set[str]]:
    uses: list[Use] = [("bridge.name", {}), ("bridge.summary", {})]
    uses += [(f"bridge.option.{n}", {}) for n in GAME.Options.model_fields]
    uses += [(f"bridge.option.{n}.help", {}) for n in GAME.Options.model_fields]
    uses += [(f"bridge.seat.{k}", {}) for k in range(4)]
    kinds: set[str] = set()
    rng = random.Random(5)
    for options in (
        {"compare": "points", "boards": 3},
        {"scoring": "rubber", "boards": 3},
        {"claims": False},
    ):
        state = GAME.new(4, options, seed=rng.randrange(1000))
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            for viewer in (None, 0, 1, 2, 3):
                view = GAME.view(state, viewer)
                uses += GAME.status_lines(view) + GAME.hand_context(view)
                uses += [n for s in range(4) if (n := GAME.seat_status(view, s))]
            legal = GAME.legal_actions(state, seat)
            offer = GAME.offer(state, seat, ["claim", "lvl3"])
            uses += [GAME.describe_action(a) for a in legal] + [GAME.describe_pick(p) for p in offer.picks]
            for wrong in ("bid:1C", "double", "redouble", "play:2C", "claim:3", "claim:20", "accept", "pass"):
                if wrong not in legal:
                    try:
                        GAME.apply(state, seat, wrong)
                    except GameError as e:
                        uses.append((f"bridge.error.{e.code}", e.params))
            action = rng.choice(legal)
            if state.phase == "auction" and rng.random() < 0.6:
                action = PASS
            state, events = GAME.apply(state, seat, action)
            for e in events:
                kinds.add(e.kind)
                if e.kind not in NOT_LOGGED:
                    uses.append((f"bridge.event.{e.kind}", e.data))
    return uses, kinds


USES, KINDS = uses_in_random_games()


def test_the_games_cover_every_kind_of_message() -> None:
    keys = {k for k, _ in USES}
    for key in (
        "bridge.action.bid",
        "bridge.action.bid_nt",
        "bridge.action.double",
        "bridge.action.claim",
        "bridge.action.accept",
        "bridge.pick.level",
        "bridge.pick.claim",
        "bridge.status.board_none",
        "bridge.status.deal_none",
        "bridge.status.rubber",
        "bridge.status.contract",
        "bridge.status.dummy",
        "bridge.status.claim",
        "bridge.status.result",
        "bridge.hand.dummy",
        "bridge.hand.from_dummy",
        "bridge.hand.claim",
        "bridge.seat.0.declarer",
        "bridge.event.contract",
        "bridge.event.claim",
        "bridge.error.bid_too_low",
        "bridge.error.must_follow_suit",
        "bridge.error.auction_over",
        "bridge.error.answer_claim",
        "bridge.error.no_claims",
    ):
        assert key in keys, key


def resolve(key: str, lang: str) -> str:
    cats = catalogs()[lang]
    return (
        key if key in cats or not key.startswith("bridge.error.") else key.replace("bridge.error.", "error.")
    )


def test_every_key_is_translated_and_formats_with_its_params() -> None:
    cats = catalogs()
    played = BoardResult(
        board=3,
        dealer=2,
        vul=[True, True],
        contract="4SX",
        declarer=2,
        tricks=9,
        score=-200,
        par=620,
        imps=-13,
    )
    passed = BoardResult(board=1, dealer=0, vul=[False, False], par=0, imps=0)
    view = GAME.view(GAME.new(4, seed=1), None)
    extra = [result_line(view.model_copy(update={"results": [r]})) for r in (played, passed)]
    for lang in LANGUAGES:
        for used, params in USES + extra:
            key = resolve(used, lang)
            assert key in cats[lang], (lang, key)
            template = cats[lang][key]
            forms = [template] if isinstance(template, str) else list(template.values())
            for form in forms:
                form.format(**named(params))


def test_the_three_languages_have_the_same_keys_and_plural_forms() -> None:
    cats = catalogs()
    keys = [{k for k in cats[lang] if k.startswith("bridge.")} for lang in LANGUAGES]
    assert keys[0] == keys[1] == keys[2]
    for lang in ("ru", "uk"):
        for key in keys[0]:
            t = cats[lang][key]
            if isinstance(t, dict):
                assert {"one", "few", "many"} <= set(t), (lang, key)


def test_the_players_own_words() -> None:
    ru, uk = catalogs()["ru"], catalogs()["uk"]
    assert ru["bridge.action.pass"] == "Пас" and ru["bridge.action.double"] == "Контра"
    assert ru["bridge.action.redouble"] == "Реконтра" and "болван" in ru["bridge.seat.0.dummy"]
    assert "розыгрыш" in ru["bridge.hand.dummy"].lower() and "розіграш" in uk["bridge.hand.dummy"].lower()
    assert uk["bridge.action.pass"] == "Пас" and "болван" in uk["bridge.seat.2.dummy"]


def test_every_event_kind_is_logged_or_shown_by_the_status_lines() -> None:
    logged = {k.removeprefix("bridge.event.") for k in catalogs()["en"] if k.startswith("bridge.event.")}
    assert logged | NOT_LOGGED >= KINDS
