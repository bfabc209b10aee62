"""The .po catalogs: every key in every language with the same placeholders, from the current English text,
plural forms in the order of each file's gettext formula (CLDR via Babel), and no module dict left over."""

from __future__ import annotations

import gettext
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
