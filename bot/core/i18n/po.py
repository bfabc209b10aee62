"""The gettext .po catalogs under `locale/<lang>/LC_MESSAGES/<domain>.po`, read and written with Babel.

An entry's msgctxt is the message key, its msgid the English text (msgid_plural the English plural) in
every language's file, its msgstr the language's text; plural forms are msgstr[0..] in the order of the
language's CLDR plural categories that whole numbers reach (en: one, other; ru and uk: one, few, many),
which is the order of the file's gettext `Plural-Forms` formula.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from babel.plural import PluralRule

LANGUAGES = ("en", "ru", "uk")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
DATE = datetime.datetime(2026, 11, 25, tzinfo=datetime.UTC)  # fixed, so a rewrite changes no header

Template = str | Mapping[str, str]


@dataclass
class Entry:
    """One key's text per language: a string, or plural forms by CLDR category."""

    values: dict[str, Template]
    fuzzy: set[str] = field(default_factory=set, compare=False)

    @property
    def plural(self) -> bool:
        return not isinstance(self.values.get("en", ""), str)


@cache
def plural_rule(lang: str) -> PluralRule:
    """The CLDR plural rule of `lang` (Babel's data)."""
    return Locale.parse(lang).plural_form


@cache
def categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories whole numbers reach in `lang`, in CLDR order: msgstr[0], msgstr[1], …"""
    rule = plural_rule(lang)
    met = {rule(n) for n in range(1000)}
    return tuple(c for c in CLDR_ORDER if c in met)


def path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def domains() -> list[str]:
    """Every domain that has an English catalog."""
    return sorted(p.stem for p in (LOCALE_DIR / "en" / "LC_MESSAGES").glob("*.po"))


def read_catalog(lang: str, domain: str) -> Catalog | None:
    """The Babel catalog of one .po file (None when there is none)."""
    file = path(lang, domain)
    if not file.exists():
        return None
    with file.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def read_domain(domain: str) -> dict[str, Entry]:
    """Every key of a domain with its text per language (untranslated ones left out), in file order."""
    table: dict[str, Entry] = {}
    for lang in LANGUAGES:
        catalog = read_catalog(lang, domain)
        if catalog is None:
            continue
        for msg in catalog:
            if not msg.id or not msg.context:
                continue
            entry = table.setdefault(msg.context, Entry({}))
            if msg.pluralizable:
                strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
                if not any(strings):
                    continue
                forms = dict(zip(categories(lang), strings, strict=False))
                value: Template = {c: s for c, s in forms.items() if s}
            else:
                if not msg.string:
                    continue
                value = msg.string
            entry.values[lang] = value
            if msg.fuzzy:
                entry.fuzzy.add(lang)
    return table


def _flags(texts: list[str]) -> list[str]:
    return ["python-brace-format"] if any("{" in t for t in texts) else []


def write_domain(domain: str, table: Mapping[str, Entry], doc: str | None = None) -> None:
    """Write a domain's .po file for every language (keeping the English header comment when `doc` is None)."""
    if doc is None:
        old = read_catalog("en", domain)
        doc = _doc_of(old.header_comment) if old is not None else ""
    for lang in LANGUAGES:
        catalog = Catalog(
            locale=lang,
            domain=domain,
            project="Kozyr",
            version="0.1",
            header_comment=_header(domain, doc),
            creation_date=DATE,
            revision_date=DATE,
            fuzzy=False,
            language_team=f"Kozyr {Locale.parse(lang).english_name}",
            last_translator="Kozyr",
        )
        for key, entry in table.items():
            en = entry.values["en"]
            value = entry.values.get(lang)
            flags = _flags([en] if isinstance(en, str) else list(en.values()))
            if lang in entry.fuzzy:
                flags.append("fuzzy")
            if isinstance(en, str):
                text = value if isinstance(value, str) else ""
                catalog.add(en, text, context=key, flags=flags)
            else:
                msgid = (en.get("one", en.get("other", "")), en.get("other", en.get("one", "")))
                forms = value if isinstance(value, Mapping) else {}
                strings = tuple(forms.get(c, "") for c in categories(lang))
                catalog.add(msgid, strings, context=key, flags=flags)
        file = path(lang, domain)
        file.parent.mkdir(parents=True, exist_ok=True)
        buf = io.BytesIO()
        write_po(buf, catalog, width=None, omit_header=False, sort_output=False)
        file.write_bytes(buf.getvalue())


_MARK = "# Kozyr messages"


def _header(domain: str, doc: str) -> str:
    lines = [f"{_MARK}: {domain}.", "# msgctxt is the key t() is called with; msgid is the English text."]
    lines += [f"# {line}".rstrip() for line in doc.splitlines()]
    return "\n".join(lines)


def _doc_of(header_comment: str) -> str:
    lines = header_comment.splitlines()
    body = [line for line in lines if not line.startswith(_MARK) and "msgctxt is the key" not in line]
    return "\n".join(line[2:] if line.startswith("# ") else line.lstrip("#") for line in body).strip()
