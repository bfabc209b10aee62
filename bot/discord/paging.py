"""Fitting a screen's buttons into Discord's 5 rows × 5 buttons, with pages when they do not fit.

- Rows that fit are kept as the host laid them out; a row longer than 5 is split.
- Up to 25 buttons that need more than 5 rows are reflowed into rows of 5.
- More than 25: pages of `PAGE` buttons (4 rows) and a fifth row to move between them:
  `◀` (custom_id `kz:pg:<n>`), a disabled `n/N` indicator, `▶`. A page press re-renders the screen last
  shown on that message (kept per message id in Redis, `state.Pages`), so paging works on any process and
  after a restart, and never asks the host anything.
"""

from __future__ import annotations

from bot.core.outcome import Button, Screen

ROWS = 5
WIDTH = 5
MAX = ROWS * WIDTH
PAGE = (ROWS - 1) * WIDTH
NAV = "kz:pg:"
INDICATOR = "kz:pg:at"


def _flat(screen: Screen) -> list[Button]:
    return [b for row in screen.buttons for b in row]


def page_count(screen: Screen) -> int:
    n = len(_flat(screen))
    return 1 if n <= MAX else -(-n // PAGE)


def fit(screen: Screen, page: int = 0) -> list[list[Button]]:
    """The rows to show for `page` (clamped to the pages there are)."""
    split = [row[i : i + WIDTH] for row in screen.buttons for i in range(0, len(row), WIDTH) if row]
    if len(split) <= ROWS:
        return split
    flat = _flat(screen)
    if len(flat) <= MAX:
        return [flat[i : i + WIDTH] for i in range(0, len(flat), WIDTH)]
    pages = page_count(screen)
    page = max(0, min(page, pages - 1))
    chunk = flat[page * PAGE : (page + 1) * PAGE]
    rows = [chunk[i : i + WIDTH] for i in range(0, len(chunk), WIDTH)]
    return [*rows, nav_row(page, pages)]


def nav_row(page: int, pages: int) -> list[Button]:
    row = []
    if page > 0:
        row.append(Button(label="◀", token=f"{NAV}{page - 1}"))
    row.append(Button(label=f"{page + 1}/{pages}", token=INDICATOR))
    if page < pages - 1:
        row.append(Button(label="▶", token=f"{NAV}{page + 1}"))
    return row


def parse_nav(custom_id: str) -> int | None:
    """The page a navigation button leads to, or None if `custom_id` is not one."""
    if not custom_id.startswith(NAV) or custom_id == INDICATOR:
        return None
    number = custom_id[len(NAV) :]
    # ASCII digits only: `str.isdigit` also accepts "²", which `int` refuses
    return int(number) if number.isascii() and number.isdigit() and len(number) < 4 else None
