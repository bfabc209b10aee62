"""Containment of player programs: what this machine offers, and one program's sandbox.

Every program runs under its keeper (`keeper.py`), which makes sure no process the program started
outlives it. The strongest means Linux offers here are used, found once per server process:

- **PID and network namespaces** (root, or an unprivileged user namespace where the kernel allows one):
  the program's processes live in their own PID namespace, all killed by the kernel when it ends, and in
  a network namespace with no interface up, so a program reaches no network;
- otherwise the keeper is a **child subreaper** and kills every descendant itself (the network is
  then reachable: nothing in Linux forbids it to an unprivileged process without namespaces);
- **cgroups** (v1 `pids` and `memory` controllers where we may write them, as root): a cap on the program's
  processes and threads and on the memory of all of them together; a breach of either is reported;
  otherwise the process cap is `RLIMIT_NPROC` (per user; root is exempt from it);
- always the rlimits on CPU seconds, address space, file size, open files and no core files, and its own
  working directory.

`describe()` says in one line what is in force; the tournament prints it.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

MiB = 1 << 20
KEEPER = Path(__file__).with_name("keeper.py")
CGROUP_ROOT = Path("/sys/fs/cgroup")
CONTROLLERS = ("pids", "memory")
PREFIX = "kozyr-"
_serial = itertools.count()


@dataclass(frozen=True)
class Limits:
    """What a program may use; `time` is the wall-clock limit per decision (the game's contest preset).

    `startup` is the allowance for starting (an interpreter, a JIT): the first decision may take `time`
    plus whatever is left of it since the program was started.
    """

    time: float = 2.0
    startup: float = 10.0
    cpu: int = 600  # CPU seconds over the whole game
    memory: int = 1024 * MiB  # bytes of address space a process, and of all its processes in a cgroup
    line: int = 64 * 1024  # the longest line a program may send, bytes
    output: int = 64 * MiB  # everything it may send over a game, bytes
    backlog: int = 8 * MiB  # unread input it may leave before it counts as hung, bytes
    files: int = 64 * MiB  # the largest file it may write (logs), bytes
    open_files: int = 256
    processes: int = 64  # processes and threads at once, the program's own included


@dataclass(frozen=True)
class Containment:
    """What this machine lets us use: namespaces to unshare, cgroup directories to make groups under."""

    namespaces: tuple[str, ...] = ()
    cgroups: dict[str, str] = field(default_factory=dict)  # controller → parent directory

    def describe(self) -> str:
        parts = ["PID namespace" if "pid" in self.namespaces else "child subreaper"]
        if "pids" in self.cgroups:
            parts.append("pids cgroup")
        elif os.geteuid() != 0:
            parts.append("RLIMIT_NPROC")
        else:
            parts.append("no process cap (root without a pids cgroup)")
        if "memory" in self.cgroups:
            parts.append("memory cgroup")
        parts.append("no network" if "net" in self.namespaces else "network reachable")
        return ", ".join(parts)


def keeper_argv(*args: str) -> list[str]:
    return [sys.executable, "-I", "-S", str(KEEPER), *args]


def current() -> Containment:
    """What programs run under: what the machine offers (tests may pin a weaker containment here)."""
    return available()


@functools.cache
def available() -> Containment:
    """Probe once per process: which namespaces and cgroups work here."""
    try:
        out = subprocess.run(keeper_argv("probe"), capture_output=True, text=True, timeout=30, check=True)
        namespaces = tuple(json.loads(out.stdout)["namespaces"])
    except (OSError, subprocess.SubprocessError, ValueError, KeyError):
        namespaces = ()
    return Containment(namespaces, _cgroup_parents())


def _cgroup_parents() -> dict[str, str]:
    """Our own v1 cgroup of each controller, where we may make child groups (stale ones cleared)."""
    found: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for c in controllers.split(","):
            if c not in CONTROLLERS:
                continue
            parent = CGROUP_ROOT / c / path.lstrip("/")
            probe = parent / f"{PREFIX}probe-{os.getpid()}"
            try:
                probe.mkdir()
                ok = (probe / f"{c}.{'max' if c == 'pids' else 'limit_in_bytes'}").exists()
                probe.rmdir()
            except OSError:
                continue
            if ok:
                found[c] = str(parent)
                _clear_stale(parent)
    return found


def _clear_stale(parent: Path) -> None:
    """Remove groups left by a server process that is gone (empty ones only)."""
    for d in parent.glob(f"{PREFIX}*-*"):
        owner = d.name.removeprefix(PREFIX).split("-")[0]
        if owner.isdigit() and not Path(f"/proc/{owner}").exists():
            with contextlib.suppress(OSError):
                d.rmdir()


class Sandbox:
    """One program's confinement: its cgroups (made before it starts, removed after), the keeper's argv."""

    def __init__(self, limits: Limits, containment: Containment | None = None, network: bool = False) -> None:
        self.containment = containment or current()
        if network:  # a program that must connect to us (a Blue Chip robot): no network namespace
            kept = tuple(n for n in self.containment.namespaces if n != "net")
            self.containment = replace(self.containment, namespaces=kept)
        self.limits = limits
        self.groups: dict[str, Path] = {}
        name = f"{PREFIX}{os.getpid()}-{next(_serial)}"
        for c, parent in self.containment.cgroups.items():
            if c == "memory" and not limits.memory:
                continue
            group = Path(parent) / name
            try:
                group.mkdir()
                if c == "pids":
                    (group / "pids.max").write_text(str(limits.processes + 2))  # + the keeper and init
                else:
                    (group / "memory.limit_in_bytes").write_text(str(limits.memory))
            except OSError:
                with contextlib.suppress(OSError):
                    group.rmdir()
                continue
            self.groups[c] = group

    def command(self, argv: list[str]) -> list[str]:
        """The keeper's command line that runs `argv` in this sandbox."""
        lim = self.limits
        conf = {
            "cpu": lim.cpu,
            "memory": lim.memory,
            "files": lim.files,
            "open_files": lim.open_files,
            "nproc": 0 if "pids" in self.groups else lim.processes,
            "namespaces": list(self.containment.namespaces),
            "cgroups": [str(g) for g in self.groups.values()],
        }
        return keeper_argv(json.dumps(conf, separators=(",", ":")), *argv)

    def breach(self) -> str | None:
        """The cap its processes ran into, if a cgroup saw one: `process limit` or `memory limit`."""
        if "pids" in self.groups and _counter(self.groups["pids"] / "pids.events", "max"):
            return "process limit"
        if "memory" in self.groups and _counter(self.groups["memory"] / "memory.oom_control", "oom_kill"):
            return "memory limit"
        return None

    def remove(self) -> None:
        """Kill whatever is still in the groups (only if the keeper was killed first) and remove them."""
        for group in self.groups.values():
            for _ in range(100):
                try:
                    pids = [int(p) for p in (group / "cgroup.procs").read_text().split()]
                except OSError:
                    break
                for pid in pids:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                try:
                    group.rmdir()
                    break
                except OSError:
                    time.sleep(0.01)  # the killed are not reaped yet
        self.groups = {}


def _counter(path: Path, key: str) -> int:
    try:
        for line in path.read_text().splitlines():
            k, _, v = line.partition(" ")
            if k == key:
                return int(v)
    except (OSError, ValueError):
        pass
    return 0


def clean_env(home: str) -> dict[str, str]:
    """A program's whole environment: nothing of ours is inherited."""
    return {
        "PATH": os.environ.get("PATH", os.defpath),
        "LANG": "C.UTF-8",
        "HOME": home,
        "TMPDIR": home,
        "PYTHONUNBUFFERED": "1",
    }


class Sandboxed:
    """A process started in its sandbox (`proc` is its keeper); `stop()` ends it and all it started.

    `stdin`, `stdout`, `stderr` as for `subprocess.Popen`; it runs in `workdir` with `clean_env`.
    """

    def __init__(
        self,
        argv: list[str],
        limits: Limits,
        workdir: str,
        *,
        stdin: Any,
        stdout: Any,
        stderr: Any,
        network: bool = False,
        containment: Containment | None = None,
    ) -> None:
        self.sandbox = Sandbox(limits, containment, network)
        self.started = time.monotonic()
        try:
            self.proc = subprocess.Popen(
                self.sandbox.command(argv),
                stdin=stdin,
                stdout=stdout,
                stderr=stderr,
                cwd=workdir,
                env=clean_env(workdir),
                start_new_session=True,  # the keeper leads its own session, apart from ours
                close_fds=True,
            )
        except BaseException:
            self.sandbox.remove()
            raise

    def terminate(self) -> None:
        """Tell the keeper to end the program and everything it started (it exits once they are gone)."""
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                self.proc.send_signal(signal.SIGTERM)

    def stop(self, timeout: float = 10.0) -> None:
        """End it all and wait; a keeper that does not answer in `timeout` s loses its session at once."""
        self.terminate()
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.sandbox.remove()
