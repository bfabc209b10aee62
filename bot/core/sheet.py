"""The score sheet picture: rozpysnyi's розпис, and every other game's final results, drawn with Pillow.

`sheet_data` says what the sheet shows (a pure function of the table, tested on its own); `draw` turns
that into a PNG. Rozpysnyi: rounds down, players across; each cell is `bid/tricks`, the round's points
and the running total; dark and no-trump rounds are marked (D / N) and shaded. Other games: one row of
scores, places and (durak) how many times each was the durak.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

import games
from bot.core import render
from bot.core.i18n import t
from bot.core.table import Table

FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)
BOLD_PATHS = tuple(p.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf") for p in FONT_PATHS)
MARKS = {"dark": "D", "no_trump": "N", "ordinary": ""}
SHADE = {"dark": (222, 226, 240), "no_trump": (250, 240, 205), "ordinary": (255, 255, 255)}
INK, GRID, PAPER, RED = (30, 30, 40), (150, 160, 175), (255, 255, 252), (180, 40, 40)


@dataclass
class Row:
    label: str
    cells: list[str]
    kind: str = "ordinary"  # dark / no_trump / ordinary (rozpysnyi rounds)
    bold: bool = False


@dataclass
class Sheet:
    title: str
    players: list[str]
    rows: list[Row] = field(default_factory=list)
    note: str = ""
    winners: list[int] = field(default_factory=list)
    corner: str = ""  # the label column's header (bridge: "Board")


def sheet_data(table: Table, lang: str) -> Sheet:
    """What the score sheet of this table's game shows now (it must have started)."""
    game = games.get(table.game)
    state = game.load(table.state or {})
    names = [render.seat_name(table, i, lang) for i in range(len(table.seats))]
    title = t(lang, "stats.sheet_title", game=render.game_name(game, lang), id=table.id)
    over = game.is_over(state)
    winners = list(game.winners(state)) if over else []
    rounds = getattr(state, "sheet", None)
    if rounds is not None:
        return _rozpysnyi(state, title, names, winners, lang)
    own = game.sheet_rows(game.view(state, None))
    if own is not None:
        return _own(table, own, title, lang)
    scores = game.scores(state)  # higher is better: the places
    levels = sorted(set(scores), reverse=True)
    rows = [Row(t(lang, "stats.sheet_score"), [_num(s) for s in game.points(state)], bold=True)]
    if over:
        rows.append(Row(t(lang, "stats.sheet_place"), [str(levels.index(s) + 1) for s in scores]))
    durak = getattr(state, "durak_counts", None)
    if durak:
        rows.append(Row(t(lang, "stats.sheet_durak"), [str(d) for d in durak]))
    return Sheet(title=title, players=names, rows=rows, winners=winners)


def _own(table: Table, own: tuple[list[Any], list[list[Any]]], title: str, lang: str) -> Sheet:
    """A game's own sheet (`Game.sheet_rows`): its columns, one row per line (bridge: per board)."""
    columns, rows = own

    def cell(value: Any) -> str:  # a text, or (key, params) to translate
        if isinstance(value, tuple):
            return render.message(table, value[0], value[1], None, lang)
        return str(value)

    head = [cell(c) for c in columns]
    return Sheet(
        title=title,
        players=head[1:],
        rows=[Row(cell(r[0]), [cell(c) for c in r[1:]]) for r in rows],
        corner=head[0] if head else "",
    )


def _rozpysnyi(state: Any, title: str, names: list[str], winners: list[int], lang: str) -> Sheet:
    rows = []
    totals = [0] * len(names)
    for n, (r, points) in enumerate(zip(state.sheet, state.history, strict=False), 1):
        totals = [a + b for a, b in zip(totals, points, strict=True)]
        mark = MARKS[r.kind]
        label = f"{n}. {r.cards}" + (f" {mark}" if mark else "")
        cells = [
            f"{b}/{k}  {p:+d}  {tot}" for b, k, p, tot in zip(r.bids, r.tricks, points, totals, strict=True)
        ]
        rows.append(Row(label, cells, kind=r.kind))
    rows.append(Row(t(lang, "stats.sheet_total"), [str(x) for x in state.totals], bold=True))
    return Sheet(title=title, players=names, rows=rows, note=t(lang, "stats.sheet_key"), winners=winners)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


# -- drawing ------------------------------------------------------------------------------------------


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans (Cyrillic, card suits) when the system has it, else Pillow's own font."""
    for path in BOLD_PATHS if bold else FONT_PATHS:
        if Path(path).exists():
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


ROBOT = "🤖"  # the AI's mark in its seat names: no text font draws it, so the sheet draws it itself
NOT_A_CHARACTER = "\U0010fffd"  # a code point no font has: what a font draws for a missing glyph


@cache
def _has_glyph(f: Any, ch: str) -> bool:
    """Whether the font draws `ch` (not the box it draws for a character it lacks)."""
    return ch.isspace() or bytes(f.getmask(ch)) != bytes(f.getmask(NOT_A_CHARACTER))


def _runs(text: str, f: Any) -> list[str]:
    """The text in runs, with ROBOT a run of its own; a symbol the font lacks (an emoji in a person's
    name) is left out rather than drawn as a box."""
    runs: list[str] = []
    for ch in text:
        if ch == ROBOT:
            runs.append(ROBOT)
        elif unicodedata.category(ch) != "So" or _has_glyph(f, ch):
            if runs and runs[-1] != ROBOT:
                runs[-1] += ch
            else:
                runs.append(ch)
    return runs


def _width(text: str, f: Any) -> int:
    return sum(f.size if run == ROBOT else int(f.getlength(run)) for run in _runs(text, f))


def _text(d: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, f: Any, fill: tuple[int, ...]) -> None:
    """`d.text` for a line that may hold ROBOT (drawn as a small robot's head, one em wide)."""
    x, y = xy
    for run in _runs(text, f):
        if run == ROBOT:
            _robot(d, x, y + 1, f.size, fill)
            x += f.size
        else:
            d.text((x, y), run, font=f, fill=fill)
            x += int(f.getlength(run))


def _robot(d: ImageDraw.ImageDraw, x: int, y: int, em: int, ink: tuple[int, ...]) -> None:
    """A robot's head in an em square: an antenna, a square head, two eyes and a mouth."""
    u = em / 12
    d.line((x + 6 * u, y + 1.5 * u, x + 6 * u, y + 4 * u), fill=ink, width=max(1, round(u)))
    d.ellipse((x + 5 * u, y + 0.5 * u, x + 7 * u, y + 2.5 * u), fill=ink)
    d.rounded_rectangle((x + 1.5 * u, y + 4 * u, x + 10.5 * u, y + 11.5 * u), radius=1.5 * u, fill=ink)
    for eye in (4.3, 7.7):
        d.ellipse((x + (eye - 1.1) * u, y + 5.8 * u, x + (eye + 1.1) * u, y + 8 * u), fill=PAPER)
    d.line((x + 4.3 * u, y + 9.8 * u, x + 7.7 * u, y + 9.8 * u), fill=PAPER, width=max(1, round(u)))


def draw(sheet: Sheet) -> bytes:
    """The sheet as a PNG: the grid with a margin on every side, so no line lies on the picture's edge."""
    body, head, small = font(18), font(18, bold=True), font(14)
    pad, line_h = 10, 30
    label_w = max([_width(r.label, head) for r in sheet.rows] + [_width(sheet.corner, head), 60]) + 2 * pad
    col_w = max(
        [_width(c, body) for r in sheet.rows for c in r.cells] + [_width(p, head) for p in sheet.players]
    )
    col_w = min(max(col_w + 2 * pad, 90), 360)
    grid_w = label_w + col_w * len(sheet.players)
    width = max(grid_w, _width(sheet.title, head), _width(sheet.note, small) if sheet.note else 0, 300)
    width += 2 * pad + 1
    top = pad + line_h + 4
    height = top + line_h * (len(sheet.rows) + 1) + (line_h if sheet.note else 0) + pad + 1
    image = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(image)
    _text(d, (pad, pad), sheet.title, head, INK)
    x0, y = pad, top
    for i, name in enumerate(sheet.players):  # the header: players across
        x = x0 + label_w + i * col_w
        d.rectangle([x, y, x + col_w, y + line_h], outline=GRID, fill=(235, 238, 245))
        fill = RED if i in sheet.winners else INK
        _text(d, (x + pad, y + 5), _fit(name, head, col_w - 2 * pad), head, fill)
    d.rectangle([x0, y, x0 + label_w, y + line_h], outline=GRID, fill=(235, 238, 245))
    if sheet.corner:
        _text(d, (x0 + pad, y + 5), _fit(sheet.corner, head, label_w - 2 * pad), head, INK)
    for row in sheet.rows:  # rounds down
        y += line_h
        f = head if row.bold else body
        fill = SHADE.get(row.kind, PAPER)
        d.rectangle([x0, y, x0 + label_w, y + line_h], outline=GRID, fill=fill)
        _text(d, (x0 + pad, y + 5), row.label, f, INK)
        for i, cell in enumerate(row.cells):
            x = x0 + label_w + i * col_w
            d.rectangle([x, y, x + col_w, y + line_h], outline=GRID, fill=fill)
            _text(d, (x + pad, y + 5), _fit(cell, f, col_w - 2 * pad), f, INK)
    if sheet.note:
        _text(d, (pad, y + line_h + 8), sheet.note, small, (90, 90, 100))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _fit(text: str, f: Any, room: int) -> str:
    """Cut a long name so that it fits its column."""
    while len(text) > 1 and _width(text, f) > room:
        text = text[:-2] + "…"
    return text
