"""One translation layer for every user-facing string: English, Russian and Ukrainian catalogs.

Catalogs are Python modules in this package (`common`, one per game …), each defining
`MESSAGES = {"en": {...}, "ru": {...}, "uk": {...}}`. A value is a `str.format` template, or a dict of
plural forms (`one`, `few`, `many`, `other`) chosen by the integer parameter `n`.
Keys are dotted: `common.joined`, `error.not_your_turn`, `rozpysnyi.event.trick_won`, …
A host message that names a command or a platform feature may have a per-platform wording under
`<platform>.<key>` (`discord.error.no_table_here`), picked by `for_platform`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from functools import cache
from typing import Any

LANGUAGES = ("en", "ru", "uk")
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


def plural_category(lang: str, n: int) -> str:
    if lang in ("ru", "uk"):
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


@cache
def catalogs() -> dict[str, dict[str, Template]]:
    merged: dict[str, dict[str, Template]] = {lang: {} for lang in LANGUAGES}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for lang, messages in getattr(module, "MESSAGES", {}).items():
            clash = merged[lang].keys() & messages.keys()
            if clash:
                raise RuntimeError(f"{info.name}: keys defined twice: {sorted(clash)[:5]}")
            merged[lang].update(messages)
    return merged


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
        n = int(params.get("n", 0))
        forms = template
        template = forms.get(plural_category(lang, n)) or forms.get("other") or forms.get("many", "")
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template  # a missing parameter must never break a reply
