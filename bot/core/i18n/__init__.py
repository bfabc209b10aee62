"""One translation layer for every user-facing string: English, Russian and Ukrainian catalogs.

Catalogs are gettext .po files, `locale/<lang>/LC_MESSAGES/<domain>.po` (one domain per feature or game:
`host`, `durak`, …), read with Babel (see `po`): msgctxt is the key, msgid the English text, msgstr a
`str.format` template; a plural message (msgid_plural, msgstr[n]) is chosen by the integer parameter `n`
(else its only whole-number parameter) with the language's CLDR plural rule from Babel. A module of this
package may still define `MESSAGES = {"en": {...}, "ru": {...}, "uk": {...}}` for keys not yet in a .po
(`scripts/i18n-export.py` moves them). `catalogs()` gives every key per language: a string, or plural forms by CLDR category.
Keys are dotted: `common.joined`, `error.not_your_turn`, `rozpysnyi.event.trick_won`, …
A host message that names a command or a platform feature may have a per-platform wording under
`<platform>.<key>` (`discord.error.no_table_here`), picked by `for_platform`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from bot.core.i18n import po
from games.cards import in_language

LANGUAGES = po.LANGUAGES
DEFAULT_LANGUAGE = "en"

Template = str | Mapping[str, str]


def normalize_language(code: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """A platform language code (`ru-RU`, `uk`, `en-GB`, `be`) → one of LANGUAGES."""
    if not code:
        return default
    base = code.replace("_", "-").split("-")[0].lower()
    if base in LANGUAGES:
        return base
    if base in {"be", "kk", "ky", "tg", "uz", "hy", "az", "ka"}:
        return "ru"  # neighbours more likely to read Russian than English
    return default


@lru_cache(maxsize=4096)
def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category (`one`, `few`, `many`, `other`) of `n` in `lang`, from Babel's data
    (remembered for the few thousand (language, number) pairs seen last: Babel's rule is slow to run)."""
    return po.plural_rule(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)(abs(n))


@cache
def catalogs() -> dict[str, dict[str, Template]]:
    """Every message per language: the .po domains, then keys still in a module's `MESSAGES` dict."""
    merged: dict[str, dict[str, Template]] = {lang: {} for lang in LANGUAGES}
    where: dict[str, str] = {}
    for domain in po.domains():
        for key, entry in po.read_domain(domain).items():
            _claim(where, key, f"{domain}.po")
            for lang, value in entry.values.items():
                if lang in merged and lang not in entry.fuzzy:
                    merged[lang][key] = value
    for info in pkgutil.iter_modules(__path__):
        if info.name == "po":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        messages = getattr(module, "MESSAGES", {})
        for key in {k for values in messages.values() for k in values}:
            _claim(where, key, f"{info.name}.py")
        for lang, values in messages.items():
            merged[lang].update(values)
    return merged


def _claim(where: dict[str, str], key: str, source: str) -> None:
    if key in where:
        raise RuntimeError(
            f"message {key!r} is defined in {where[key]} and in {source}"
            " (run scripts/i18n-export.py to move a module's MESSAGES into the .po files)"
        )
    where[key] = source


def _count(params: dict[str, Any]) -> int:
    """The number a plural message counts: `n`, else its only whole-number parameter, else 0."""
    if "n" in params:
        return int(params["n"])
    numbers = [v for v in params.values() if isinstance(v, int) and not isinstance(v, bool)]
    return numbers[0] if len(numbers) == 1 else 0


def has(key: str) -> bool:
    return key in catalogs()[DEFAULT_LANGUAGE]


def for_platform(key: str, platform: str | None) -> str:
    """`<platform>.<key>` when that platform words the message its own way (its commands), else `key`."""
    specific = f"{platform}.{key}"
    return specific if platform and has(specific) else key


def t(lang: str, key: str, /, **params: Any) -> str:
    """The message `key` in `lang` (falling back to English, then to the key itself)."""
    cats = catalogs()
    template = cats.get(lang, {}).get(key)
    if template is None:
        template = cats[DEFAULT_LANGUAGE].get(key)
        lang = DEFAULT_LANGUAGE
    if template is None:
        return key
    if not isinstance(template, str):
        n = _count(params)
        forms = template
        template = forms.get(plural_category(lang, n)) or forms.get("other") or next(iter(forms.values()), "")
    try:
        text = template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template  # a missing parameter must never break a reply
    return in_language(text, lang)  # ru, uk: Д♥ for Q♥, as those players write it
