"""Typed lines for the console, awaited with a time limit, never blocking the exit.

The console waits for a line and for the AI's next move at once (a person may throw in a card while
the AI thinks about its defence), so reading must not tie up the event loop: the terminal's file
descriptor is watched by the loop itself (`add_reader`), or, where that is impossible (a regular file
as input), read by a daemon thread. Either way Ctrl-C and Ctrl-D end the console at once, with no
Enter needed: nothing waits for a blocked `input()` on the way out.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import threading
from collections.abc import Iterable
from typing import Protocol


class Keyboard(Protocol):
    async def line(self, timeout: float | None = None) -> str | None:
        """The next line typed (no line break); None if `timeout` passed first; EOFError at the end."""


class _Lines:
    """Bytes in, whole lines out (UTF-8, a line break ends a line; an empty read is the end of input)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._partial = ""
        self.ended = False

    def feed(self, data: bytes) -> None:
        if not data:
            if self._partial:
                self.queue.put_nowait(self._partial)
            self._partial = ""
            self.queue.put_nowait(None)
            return
        text = self._partial + self._decoder.decode(data)
        *lines, self._partial = text.split("\n")
        for ln in lines:
            self.queue.put_nowait(ln.removesuffix("\r"))

    async def line(self, timeout: float | None = None) -> str | None:
        if self.ended:
            raise EOFError
        try:  # a line typed already is taken even with no time to wait
            item = (
                self.queue.get_nowait()
                if not self.queue.empty()
                else await asyncio.wait_for(self.queue.get(), timeout)
            )
        except TimeoutError:
            return None
        if item is None:
            self.ended = True
            raise EOFError
        return item


class FdKeyboard(_Lines):
    """Lines from a file descriptor (stdin by default)."""

    def __init__(self, fd: int = 0) -> None:
        super().__init__()
        self.fd = fd
        self.loop = asyncio.get_running_loop()
        try:
            self.loop.add_reader(fd, self._readable)
            self._watched = True
        except (PermissionError, OSError, NotImplementedError):  # a regular file cannot be watched
            self._watched = False
            threading.Thread(target=self._read_all, name="console-input", daemon=True).start()

    def _readable(self) -> None:
        try:
            data = os.read(self.fd, 4096)
        except OSError:
            data = b""
        if not data:
            self.close()
        self.feed(data)

    def _read_all(self) -> None:
        while True:
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                data = b""
            try:
                self.loop.call_soon_threadsafe(self.feed, data)
            except RuntimeError:  # the loop has closed: the console is gone
                return
            if not data:
                return

    def close(self) -> None:
        if self._watched:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(self.fd)
            self._watched = False


class ScriptedKeyboard:
    """Lines given in advance (tests): each is typed when the console next waits without a time limit.

    While the console only waits for the AI (a time limit), nothing is typed, so the AI moves; with
    `eager`, the next line is typed then too (a person quicker than the AI).
    """

    def __init__(self, lines: Iterable[str], *, eager: bool = False) -> None:
        self.script = iter(lines)
        self.eager = eager

    async def line(self, timeout: float | None = None) -> str | None:
        if timeout is not None and not self.eager:
            await asyncio.sleep(0)
            return None
        try:
            return next(self.script)
        except StopIteration:
            raise EOFError from None
