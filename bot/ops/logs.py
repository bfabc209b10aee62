"""Logging: a JSON object a line when nobody reads the terminal (a container, a service), text on a tty.

Every record at ERROR or above is also counted (`kozyr_log_errors_total`), so an alert needs no log search.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import TextIO

from bot.core import metrics

TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# attributes every LogRecord has: anything else was passed with `extra=` and becomes a JSON field
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    def __init__(self, static: dict[str, str] | None = None) -> None:
        super().__init__()
        self.static = static or {}

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
            **self.static,
        }
        out.update({k: v for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")})
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


class CountErrors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        metrics.logged_error(record.name)


def use_json(fmt: str, stream: TextIO) -> bool:
    if fmt == "auto":
        return not (hasattr(stream, "isatty") and stream.isatty())
    return fmt == "json"


def setup(level: str, fmt: str = "auto", *, stream: TextIO | None = None, worker: str | None = None) -> None:
    """Replace the root logger's handlers: one to `stream` (stderr), one that counts errors."""
    stream = stream or sys.stderr
    handler = logging.StreamHandler(stream)
    static = {"worker": worker} if worker else {}
    handler.setFormatter(JsonFormatter(static) if use_json(fmt, stream) else logging.Formatter(TEXT))
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.addHandler(CountErrors())
    root.setLevel(level.upper())
