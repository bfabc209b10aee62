#!/usr/bin/env python3
"""Move Python dict catalogs (`bot/core/i18n/<domain>.py` with `MESSAGES`) into gettext .po files.

Re-runnable: every module of `bot/core/i18n` that still defines
`MESSAGES = {"en": {...}, "ru": ..., "uk": ...}` has its keys added to
`bot/core/i18n/locale/<lang>/LC_MESSAGES/<domain>.po` (msgctxt = the key, msgid = the English text,
msgstr = the language's text; a dict of plural forms becomes msgid_plural / msgstr[n] in the language's
CLDR order), then the module is deleted. A key already in the .po keeps the .po text; when the module's
text differs it is reported (--prefer-py takes the module's text instead). With no module left, running
it only rewrites the .po files in their normal form.

    python scripts/i18n-export.py [--prefer-py] [--keep-py]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.core.i18n import po  # noqa: E402

PACKAGE = ROOT / "bot" / "core" / "i18n"


def legacy_modules() -> list[Path]:
    """The modules of the package that still hold a `MESSAGES` dict."""
    out = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name.startswith("_") or path.stem == "po":
            continue
        tree = ast.parse(path.read_text())
        if any(isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "MESSAGES" for t in n.targets)
               for n in tree.body):
            out.append(path)
    return out


def as_entry(values: dict[str, po.Template]) -> po.Entry:
    """A key's texts per language → one .po entry (plural when any language has forms)."""
    if any(not isinstance(v, str) for v in values.values()):
        forms = {}
        for lang, value in values.items():
            cats = po.categories(lang)
            forms[lang] = {c: value for c in cats} if isinstance(value, str) else dict(value)
        return po.Entry(forms)
    return po.Entry(dict(values))


def export(prefer_py: bool, keep_py: bool) -> int:
    """Merge every legacy module into its domain's .po files; returns how many keys were added."""
    added = 0
    for path in legacy_modules():
        domain = path.stem
        module = importlib.import_module(f"bot.core.i18n.{domain}")
        messages: dict[str, dict[str, po.Template]] = module.MESSAGES
        doc = (module.__doc__ or "").strip()
        table = po.read_domain(domain)
        keys = list(dict.fromkeys(k for lang in po.LANGUAGES for k in messages.get(lang, {})))
        for key in keys:
            values = {lang: messages.get(lang, {}).get(key) for lang in po.LANGUAGES}
            values = {lang: v for lang, v in values.items() if v is not None}
            if "en" not in values:
                print(f"{domain}: {key} has no English text; skipped", file=sys.stderr)
                continue
            entry = as_entry(values)
            old = table.get(key)
            if old is not None and old != entry:
                if not prefer_py:
                    print(f"{domain}: {key} differs from the .po; kept the .po text", file=sys.stderr)
                    continue
                print(f"{domain}: {key} differs from the .po; took the module's text", file=sys.stderr)
            if old is None:
                added += 1
            table[key] = entry
        po.write_domain(domain, table, doc or None)
        if not keep_py:
            path.unlink()
        print(f"{domain}: {len(keys)} keys from {path.relative_to(ROOT)}")
    for domain in po.domains():
        po.write_domain(domain, po.read_domain(domain))
    return added


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefer-py", action="store_true", help="a differing key takes the module's text")
    parser.add_argument("--keep-py", action="store_true", help="do not delete the converted modules")
    args = parser.parse_args()
    added = export(args.prefer_py, args.keep_py)
    print(f"{added} new keys")


if __name__ == "__main__":
    main()
