#!/usr/bin/env python3
"""Move Python dict catalogs (`bot/core/i18n/<domain>.py` with `MESSAGES`) into gettext .po files.

Re-runnable: every module of `bot/core/i18n` that still defines
`MESSAGES = {"en": {...}, "ru": ..., "uk": ...}` has its keys added to
`bot/core/i18n/locale/<lang>/LC_MESSAGES/<domain>.po` (msgctxt = the key, msgid = the English text,
msgstr = the language's text; a dict of plural forms becomes msgid_plural / msgstr[n] in the language's
CLDR order), then the module is deleted. A key already in the .po keeps the .po text, unless the module
changed it since the conversion (its text at --base, the commit the .po files were made from, differs):
then the module's text wins (--prefer-py: always). Either way a difference is reported. With no module
left, running it only rewrites the .po files in their normal form.

    python scripts/i18n-export.py [--prefer-py] [--keep-py] [--base REV]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.core.i18n import po  # noqa: E402

PACKAGE = ROOT / "bot" / "core" / "i18n"
BASE = "9229bf913272cb52e17f64a2560f6c57c401a91c"  # main just before the conversion to .po


def base_messages(domain: str, rev: str) -> dict[str, dict[str, po.Template]]:
    """The module's MESSAGES as they were at `rev` (empty when it did not exist there)."""
    name = f"bot/core/i18n/{domain}.py"
    shown = subprocess.run(["git", "show", f"{rev}:{name}"], cwd=ROOT, capture_output=True, text=True)
    if shown.returncode != 0:
        return {}
    scope: dict[str, object] = {"__name__": f"_base_{domain}"}
    exec(compile(shown.stdout, name, "exec"), scope)  # the project's own file at a commit
    return scope.get("MESSAGES", {})  # type: ignore[return-value]


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


def export(prefer_py: bool, keep_py: bool, base: str = BASE) -> int:
    """Merge every legacy module into its domain's .po files; returns how many keys were added."""
    added = 0
    for path in legacy_modules():
        domain = path.stem
        module = importlib.import_module(f"bot.core.i18n.{domain}")
        messages: dict[str, dict[str, po.Template]] = module.MESSAGES
        doc = (module.__doc__ or "").strip()
        table = po.read_domain(domain)
        before = base_messages(domain, base)
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
                was = {lang: before.get(lang, {}).get(key) for lang in po.LANGUAGES}
                changed = {lang: v for lang, v in was.items() if v is not None} != values
                if not (prefer_py or changed):
                    print(f"{domain}: {key} differs from the .po; kept the .po text", file=sys.stderr)
                    continue
                print(f"{domain}: {key} changed in the module; took the module's text", file=sys.stderr)
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
    parser.add_argument("--base", default=BASE, help="the commit the .po files were converted from")
    args = parser.parse_args()
    added = export(args.prefer_py, args.keep_py, args.base)
    print(f"{added} new keys")


if __name__ == "__main__":
    main()
