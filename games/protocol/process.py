"""A player program as a child process: started with its name as the only argument, spoken to by lines.

The program runs in its sandbox (`sandbox.py`: its keeper, namespaces or a subreaper, cgroups, resource
limits) and its own working directory, with a clean environment (no variable of ours is inherited: only
`PATH`, a UTF-8 locale, `HOME`/`TMPDIR` set to its directory and `PYTHONUNBUFFERED=1` so that a naive
Python client's prints reach us). Reads and writes are non-blocking, so a program that neither answers
nor reads its input cannot stall the server; it is stopped — every process it started with it — when
the game ends or when it breaks a limit.
"""

from __future__ import annotations

import contextlib
import os
import select
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from games.protocol.sandbox import Containment, Limits, MiB, Sandboxed, clean_env

__all__ = ["Limits", "MiB", "Program", "ProgramGone", "clean_env", "command_argv"]


class ProgramGone(Exception):
    """The program exited, was killed, or broke an output limit; `reason` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def command_argv(command: str, name: str, base: Path | None = None) -> list[str]:
    """The argv of `command` plus the name; words naming existing relative files become absolute.

    Programs run in their own directory, so `python3 examples/client.py` must still find the file.
    """
    base = base or Path.cwd()
    argv = shlex.split(command)
    if not argv:
        raise ValueError("empty command")
    out = []
    for word in argv:
        path = base / word
        out.append(str(path.resolve()) if not os.path.isabs(word) and "/" in word and path.exists() else word)
    if "/" not in out[0]:
        found = shutil.which(out[0])
        if found is None and (base / out[0]).exists():
            out[0] = str((base / out[0]).resolve())
    return [*out, name]


class Program:
    """One running player program: `send` lines, `read_line` with a timeout, `close` ends it."""

    def __init__(
        self,
        name: str,
        argv: list[str],
        limits: Limits,
        workdir: str | None = None,
        containment: Containment | None = None,
    ) -> None:
        self.name = name
        self.limits = limits
        self._own_dir = workdir is None
        self.workdir = workdir or tempfile.mkdtemp(prefix="kozyr-program-")
        os.makedirs(self.workdir, exist_ok=True)
        self._stderr = open(os.path.join(self.workdir, "stderr.log"), "wb")  # noqa: SIM115
        try:
            self._run = Sandboxed(
                argv,
                limits,
                self.workdir,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                containment=containment,
            )
        except BaseException:
            self._stderr.close()
            raise
        self.proc, self.sandbox, self.started = self._run.proc, self._run.sandbox, self._run.started
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._inbuf = bytearray()  # from the program
        self._outbuf = bytearray()  # to the program
        self._received = 0
        self.gone: str | None = None  # why it stopped, once it has

    # -- writing --------------------------------------------------------------------------------
    def send(self, line: str) -> None:
        """Queue a line for the program (never blocks); a program that stopped reading is cut off."""
        if self.gone:
            return
        self._outbuf += line.encode() + b"\n"
        self._flush()
        if len(self._outbuf) > self.limits.backlog:
            self._stop("not reading its input")

    def _flush(self) -> None:
        while self._outbuf and not self.gone:
            try:
                n = os.write(self._in, self._outbuf)
            except BlockingIOError:
                return
            except (BrokenPipeError, OSError):
                self._outbuf.clear()
                return  # it closed its input; reading will find out whether it is gone
            del self._outbuf[:n]

    # -- reading --------------------------------------------------------------------------------
    def read_line(self, timeout: float) -> str | None:
        """The next line the program sends, within `timeout` seconds; None on timeout.

        Raises ProgramGone when it has exited or broken a limit (a silent program that ran into its
        process or memory cap, a fork bomb, is stopped then: that is a crash, not a slow answer).
        """
        if self.gone:
            raise ProgramGone(self.gone)
        deadline = time.monotonic() + timeout
        polled = False  # `read_line(0)` still looks once at what is waiting in the pipe
        while True:
            line = self._take_line()
            if line is not None:
                return line
            left = deadline - time.monotonic()
            if left <= 0 and polled:
                breach = self.sandbox.breach() if timeout > 0 else None
                if breach:
                    self._stop(breach)
                    raise ProgramGone(breach)
                return None
            polled = left <= 0
            self._wait(max(left, 0.0))

    def _wait(self, timeout: float) -> None:
        """Wait until the program sends something (or can take more input), then move the bytes."""
        writing = [self._in] if self._outbuf else []
        readable, writable, _ = select.select([self._out], writing, [], timeout)
        if writable:
            self._flush()
        if readable:
            self._read_some()

    def _take_line(self) -> str | None:
        i = self._inbuf.find(b"\n")
        if i < 0:
            if len(self._inbuf) > self.limits.line:
                self._stop("line too long")
            if self.gone:
                raise ProgramGone(self.gone)
            return None
        if i > self.limits.line:
            self._stop("line too long")
            raise ProgramGone(self.gone or "line too long")
        raw = bytes(self._inbuf[:i])
        del self._inbuf[: i + 1]
        return raw.decode("utf-8", "replace").rstrip("\r")

    def _read_some(self) -> None:
        try:
            chunk = os.read(self._out, 65536)
        except BlockingIOError:
            return
        if not chunk:
            self._exited()
            return
        self._received += len(chunk)
        self._inbuf += chunk
        if self._received > self.limits.output:
            self._stop("output limit")

    def _exited(self) -> None:
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self._stop("closed its output")
            return
        ended = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exited with code {code}"
        self.gone = self.sandbox.breach() or ended

    def _stop(self, reason: str) -> None:
        if not self.gone:
            self.gone = reason
        self._kill()

    def _kill(self) -> None:
        self._run.terminate()

    # -- ending ---------------------------------------------------------------------------------
    def end_input(self, grace: float = 0.5) -> None:
        """Deliver what is queued (up to `grace` s), then close the program's input: EOF."""
        end = time.monotonic() + grace
        while self._outbuf and not self.gone and time.monotonic() < end:
            self._flush()
            if self._outbuf:
                select.select([], [self._in], [], max(0.0, end - time.monotonic()))
        self._outbuf.clear()
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        except OSError:
            pass

    def close(self, grace: float = 0.0) -> None:
        """Give the program `grace` s to exit by itself, then end it and all its processes; clean up."""
        if not self.gone and grace > 0:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=grace)
        self.gone = self.gone or "closed"
        self._run.stop()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        self._stderr.close()
        if self._own_dir:
            shutil.rmtree(self.workdir, ignore_errors=True)
