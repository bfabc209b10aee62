"""The .po catalogs: every key in every language with the same placeholders, from the current English text,
plural forms in the order of each file's gettext formula (CLDR via Babel), and no module dict left over."""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest

from bot.core.i18n import LANGUAGES, catalogs, plural_category, po, t

EXPORT = Path(__file__).resolve().parents[2] / "scripts" / "i18n-export.py"


def fields(template: str) -> set[str]:
    """The `str.format` fields a template uses (`{name}`, `{n}` …)."""
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def forms(value: po.Template) -> list[str]:
    return [value] if isinstance(value, str) else list(value.values())


def test_every_key_exists_in_every_language_translated_and_not_fuzzy() -> None:
    cats = catalogs()
    assert len(cats["en"]) > 500
    for lang in LANGUAGES:
        odd = sorted(cats[lang].keys() ^ cats["en"].keys())
        assert not odd, (lang, odd[:9])
    for domain in po.domains():
        for key, entry in po.read_domain(domain).items():
            assert set(entry.values) == set(LANGUAGES), (domain, key, "untranslated")
            assert not entry.fuzzy, (domain, key, "fuzzy")
            for lang, value in entry.values.items():
                assert all(forms(value)), (lang, key, "an empty form")


def test_every_language_uses_the_same_placeholders() -> None:
    cats = catalogs()
    bad = []
    for key, en in cats["en"].items():
        wanted = set().union(*map(fields, forms(en)))
        for lang in ("ru", "uk"):
            got = set().union(*map(fields, forms(cats[lang][key])))
            if got != wanted:
                bad.append((lang, key, sorted(wanted), sorted(got)))
    assert not bad, bad


def test_every_template_formats() -> None:
    cats = catalogs()
    for lang in LANGUAGES:
        for value in cats[lang].values():
            for form in forms(value):
                form.format(**{f: 1 for f in fields(form)})  # a stray brace would raise


def test_translations_are_of_the_current_english_text() -> None:
    for domain in po.domains():
        english = {m.context: m.id for m in po.read_catalog("en", domain) if m.context}
        for m in po.read_catalog("en", domain):
            if m.context:
                assert m.string == m.id, (domain, m.context, "en msgstr must repeat msgid")
        for lang in ("ru", "uk"):
            catalog = po.read_catalog(lang, domain)
            assert catalog is not None, (lang, domain)
            theirs = {m.context: m.id for m in catalog if m.context}
            stale = sorted(k for k in english.keys() | theirs.keys() if theirs.get(k) != english.get(k))
            assert not stale, (lang, domain, stale)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_follow_the_gettext_formula_of_every_file(lang: str) -> None:
    cats = po.categories(lang)
    for domain in po.domains():
        catalog = po.read_catalog(lang, domain)
        assert catalog.num_plurals == len(cats), (lang, domain)
        formula = gettext.c2py(catalog.plural_expr)
        for n in range(300):
            assert cats[formula(n)] == plural_category(lang, n), (lang, domain, n)
        for m in catalog:
            if m.context and m.pluralizable:
                assert len(m.string) == len(cats), (lang, m.context)


def test_cldr_categories_of_ru_and_uk() -> None:
    for lang in ("ru", "uk"):
        assert po.categories(lang) == ("one", "few", "many")
        assert [plural_category(lang, n) for n in (1, 2, 5, 11, 21, 22, 25, 111, 104)] == [
            "one", "few", "many", "many", "one", "few", "many", "many", "few"
        ]
    assert po.categories("en") == ("one", "other")


def test_a_plural_message_picks_its_form_and_a_missing_key_or_param_never_breaks() -> None:
    assert t("ru", "host.cards", n=1) == "1 карта"
    assert t("ru", "host.cards", n=3) == "3 карты"
    assert t("uk", "host.cards", n=11) == "11 карт"
    assert t("en", "host.cards", n=21) == "21 cards"
    assert t("xx", "host.cards", n=1) == "1 card"
    assert t("ru", "no.such.key") == "no.such.key"
    assert "{name}" in t("ru", "host.log.joined")


def test_no_module_keeps_a_dict_catalog() -> None:
    leftover = [p.name for p in Path(po.__file__).parent.glob("*.py") if "MESSAGES" in p.read_text()
                and p.name not in {"__init__.py", "po.py"}]
    assert not leftover, f"run {EXPORT.name}: {leftover}"


# A counted noun's nominative forms by CLDR category (`one`, `few`, `many`), per language.
NOUNS = {
    "ru": [
        ("игрок", "игрока", "игроков"),
        ("карта", "карты", "карт"),
        ("очко", "очка", "очков"),
        ("взятка", "взятки", "взяток"),
        ("секунда", "секунды", "секунд"),
        ("минута", "минуты", "минут"),
        ("час", "часа", "часов"),
        ("день", "дня", "дней"),
        ("кон", "кона", "конов"),
        ("игра", "игры", "игр"),
        ("раздача", "раздачи", "раздач"),
        ("сдача", "сдачи", "сдач"),
        ("место", "места", "мест"),
        ("ход", "хода", "ходов"),
        ("стол", "стола", "столов"),
        ("гейм", "гейма", "геймов"),
    ],
    "uk": [
        ("гравець", "гравці", "гравців"),
        ("карта", "карти", "карт"),
        ("очко", "очки", "очок"),
        ("взятка", "взятки", "взяток"),
        ("секунда", "секунди", "секунд"),
        ("хвилина", "хвилини", "хвилин"),
        ("година", "години", "годин"),
        ("день", "дні", "днів"),
        ("кін", "кони", "конів"),
        ("гра", "гри", "ігор"),
        ("роздача", "роздачі", "роздач"),
        ("місце", "місця", "місць"),
        ("хід", "ходи", "ходів"),
        ("стіл", "столи", "столів"),
        ("гейм", "гейми", "геймів"),
    ],
    "en": [
        ("player", "players"),
        ("card", "cards"),
        ("point", "points"),
        ("trick", "tricks"),
        ("second", "seconds"),
        ("minute", "minutes"),
        ("hour", "hours"),
        ("day", "days"),
        ("round", "rounds"),
        ("game", "games"),
        ("board", "boards"),
        ("seat", "seats"),
        ("table", "tables"),
    ],
}
# After these words a number governs another case (из 5 карт, по 1 карте, до 21 очка), not checked here.
PREPOSITIONS = {
    "из", "до", "от", "по", "с", "со", "без", "для", "после", "около", "больше", "меньше", "кроме", "на",
    "за",
    "з", "зі", "із", "від", "після", "більше", "менше", "крім", "через",
    "of", "to", "from", "by", "after",
}
COUNTED = r"(?<![\w.,–])(?:\d+–)?(\d+)\s+([^\W\d_]+)"  # a range agrees with its last number
# Parameters that never hold a number (people, cards, suits, names); every other one is set to the sample n.
TEXT_PARAMS = {
    "name", "player", "names", "guest", "creator", "leader", "winner", "dealer", "attacker", "defender",
    "durak", "claimer", "declarer", "partner", "owner", "dummy", "suit", "card", "top", "by", "contract",
    "game", "chat", "level", "levels", "presets", "command", "thread",
}
SAMPLES = (1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 100, 101)


def counted_noun_errors(lang: str, text: str) -> list[str]:
    """Every `<number> <noun>` in `text` whose noun form disagrees with the number's CLDR category."""
    cats = po.categories(lang)
    forms = {form: nouns for nouns in NOUNS[lang] for form in nouns}
    bad = []
    for m in re.finditer(COUNTED, text):
        before = [re.sub(r"\W", "", w.lower()) for w in text[: m.start()].split()[-2:]]
        if PREPOSITIONS & set(before):  # из 5 карт, из оставшихся 2 взяток
            continue
        noun = m.group(2).lower()
        if noun in forms:
            want = forms[noun][cats.index(plural_category(lang, int(m.group(1))))]
            if noun != want:
                bad.append(f"{m.group(0)!r} (want {want!r})")
    return bad


def test_the_checker_knows_a_wrong_form() -> None:
    assert counted_noun_errors("ru", "Стол заполнен (4 игроков).") == ["'4 игроков' (want 'игрока')"]
    assert counted_noun_errors("ru", "3–4 игроков") == ["'3–4 игроков' (want 'игрока')"]
    assert counted_noun_errors("uk", "2–4 гравців") == ["'2–4 гравців' (want 'гравці')"]
    assert counted_noun_errors("uk", "21 гравець, 22 гравці, 25 гравців, з 5 гравців") == []
    assert counted_noun_errors("en", "1 cards") == ["'1 cards' (want 'card')"]


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_every_message_counts_its_nouns_right_for_1_2_5_11_21(lang: str) -> None:
    """Every message, every number parameter set to n: plural messages pick the right form by `n`, and no
    plain message puts a fixed noun form after a number parameter (\"4 игроков\")."""
    bad = []
    for key, value in catalogs()[lang].items():
        names = set().union(*map(fields, forms(value)))
        for n in SAMPLES:
            params = {f: "X" if f in TEXT_PARAMS else n for f in names}
            text = t(lang, key, **{**params, "n": n})
            bad += [f"{key} n={n}: {e}" for e in counted_noun_errors(lang, text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_plural_messages_have_distinct_forms_where_a_noun_is_counted(lang: str) -> None:
    """A plural message counting a known noun after its number has three forms: 1 = 21, 2, 5 = 11."""
    nouns = {form for triple in NOUNS[lang] for form in triple}
    for key, value in catalogs()[lang].items():
        if isinstance(value, str):
            continue
        names = set().union(*map(fields, forms(value))) - {"n"}
        texts = {n: t(lang, key, **{f: "x" for f in names}, n=n) for n in (1, 2, 5, 11, 21)}
        if not any(m.group(2).lower() in nouns for s in texts.values() for m in re.finditer(COUNTED, s)):
            continue
        shape = {n: re.sub(rf"\b{n}\b", "#", s) for n, s in texts.items()}
        assert len({shape[1], shape[2], shape[5]}) == 3, (key, texts)
        assert shape[5] == shape[11] and shape[1] == shape[21], (key, texts)


def test_every_preset_and_ai_level_has_a_name_in_every_language() -> None:
    import games

    cats = catalogs()
    for game in games.all_games():
        keys = [f"{game.key}.preset.{p}" for p in game.presets]
        keys += [f"host.level.{level}" for level in game.bot_levels]
        for lang in LANGUAGES:
            missing = [k for k in keys if k not in cats[lang]]
            assert not missing, (lang, missing)


PERSON = (
    r"\{(?:name|player|creator|guest|winner|durak|dealer|declarer|leader|attacker|defender|claimer|partner"
    r"|owner|seat|names)\}"
)
# A masculine past tense: ru "взял", "вышел", "вернулся"; uk "взяв", "вийшов", "повернувся".
PAST = {"ru": r"[а-яё]+(?:л|лся)", "uk": r"[а-яіїєґ']+(?:[аеиоуяі]в|вся)"}
NOT_VERBS = {"стол", "правил", "пробел", "гравців", "козирів", "днів", "конів", "разів", "столів"}


def masculine_past(lang: str, text: str, anywhere: bool) -> list[str]:
    """Masculine past tenses said of a person: next to a person's name, or anywhere in a seat note."""
    verb = PAST[lang]
    if anywhere:
        found = re.findall(rf"\b({verb})\b", text.lower())
    else:
        found = re.findall(rf"{PERSON}\s+(?:не\s+)?({verb})\b", text, flags=re.I)
        found += re.findall(rf"\b({verb})\s+{PERSON}", text, flags=re.I)
    found = [w for w in found if w.lower() not in NOT_VERBS]
    return found + re.findall(r"\w\((?:а|ла|на|ась)\)", text)


def test_the_gender_checker_knows_a_masculine_past() -> None:
    assert masculine_past("ru", "{name} открыл стол.", False) == ["открыл"]
    assert masculine_past("ru", "Кон 1; сдал {name}.", False) == ["сдал"]
    assert masculine_past("uk", "{name} не взяв карту", False) == ["взяв"]
    assert masculine_past("ru", "{player} взял(а) карту", False) == ["взял", "л(а)"]
    assert masculine_past("ru", "вышел (2-е место)", True) == ["вышел"]
    assert masculine_past("ru", "{name}: стол открыт.", False) == []
    assert masculine_past("uk", "{name} бере 5 карт гравців", True) == []


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_message_says_a_person_did_something_in_the_masculine(lang: str) -> None:
    bad = []
    for key, value in catalogs()[lang].items():
        for form in forms(value):
            found = masculine_past(lang, form, anywhere=".seat." in key)
            if found:
                bad.append(f"{key}: {found} in {form!r}")
    assert not bad, "\n".join(bad)


def test_every_option_value_people_choose_from_has_a_name_in_every_language() -> None:
    import typing

    import games

    cats = catalogs()
    for game in games.all_games():
        for name, field in game.Options.model_fields.items():
            fixed = typing.get_origin(field.annotation) is typing.Literal
            values = typing.get_args(field.annotation) if fixed else ()
            keys = [f"{game.key}.choice.{name}.{v}" for v in values if isinstance(v, str)]
            for lang in LANGUAGES:
                missing = [k for k in keys if k not in cats[lang]]
                assert not missing, (lang, missing)


def test_a_plural_message_without_n_counts_its_only_number() -> None:
    assert t("ru", "error.table_full", max=4) == "Стол заполнен (4 игрока)."
    assert t("uk", "error.table_full", max=21) == "Стіл заповнено (21 гравець)."
    assert t("ru", "error.table_full", max=4, n=5) == "Стол заполнен (4 игроков)."  # n decides when given
    assert t("ru", "most.event.match_over", games=1, name="Ann") == "Партия окончена после 1 игры."


GLOSSARY = Path(po.__file__).parent / "locale" / "GLOSSARY.md"


def never_write() -> list[tuple[str, re.Pattern[str]]]:
    """(language, pattern) of the glossary's table "Never write"."""
    table = GLOSSARY.read_text().split("## Never write", 1)[1]
    rows = re.findall(r"^\| (ru|uk) \| `(.+?)` \|", table, flags=re.M)
    return [(lang, re.compile(pattern.replace("\\|", "|"))) for lang, pattern in rows]


def test_no_catalog_string_uses_a_word_the_glossary_forbids() -> None:
    rules = never_write()
    assert len(rules) >= 20
    cats = catalogs()
    bad = [
        (lang, key, rule.pattern)
        for lang, rule in rules
        for key, value in cats[lang].items()
        for form in forms(value)
        if rule.search(form)
    ]
    assert not bad, bad


def test_cards_read_with_each_languages_letters_on_buttons_and_lines() -> None:
    from bot.core.render import action_label, said
    from games import get

    durak = get("durak")
    assert [action_label(durak, "attack:QH", lang) for lang in LANGUAGES] == ["Q♥", "Д♥", "Д♥"]
    assert said("uk", "host.your_cards", {"cards": ["AS", "TD", "JC"]}) == "Ваші карти: Т♠ 10♦ В♣"
    assert said("en", "host.your_cards", {"cards": ["AS", "TD", "JC"]}) == "Your cards: A♠ 10♦ J♣"


def test_option_values_and_preset_names_read_once() -> None:
    from bot.core.render import option_value, preset_name, typed_with_name
    from games import get

    most, poker = get("most"), get("rozpysnyi")
    one_game = [option_value(0, lang, most, "target") for lang in LANGUAGES]
    assert one_game == ["one game", "одна игра", "одна гра"]
    assert option_value(500, "en", most, "target") == "500"
    assert typed_with_name("quick", preset_name(poker, "quick", "en")) == "quick (~8 rounds)"
    assert typed_with_name("quick", preset_name(poker, "quick", "ru")) == "quick: быстрый (~8 конов)"
    assert typed_with_name("short", preset_name(poker, "short", "uk")) == "short (короткий)"
