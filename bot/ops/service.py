"""Serving Telegram and/or Discord in one process: start, watch, and stop cleanly.

Start: refuse a configuration that cannot work (one line each, see `preflight`), check that Redis
answers, then run each platform, the host's sweep (AI moves, deadlines), the Redis watch and the
health/metrics endpoint side by side. A platform whose API cannot be reached yet (a network or server
error before it serves) is tried again with growing pauses for up to `START_PATIENCE`; one that refuses
the token, or stays unreachable, ends the start with one line and the exit code, and nothing else is
logged. Once every platform serves, one summary line says what this process is.

Stop, on SIGTERM or SIGINT (or when a platform task ends): stop taking updates (the platform tasks are
cancelled: polling or the webhook server stops first), let each front end send what its outbox still
holds — all of it bounded by `SHUTDOWN_TIMEOUT` — let the sweep finish the moves under way (the tables it
claimed and did not play are handed back), stop the AI's processes, then close Redis and exit 0 —
at once: the objects left are frozen out of the exit's garbage collections. A second signal exits at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

from bot.core import metrics
from bot.core.config import Settings
from bot.core.host import Host
from bot.ops import preflight, web
from bot.ops.preflight import Refused, redact
from bot.ops.watch import RedisWatch
from storage import Store
from storage.connect import Topology, inspect
from storage.messages import move_table_ids

log = logging.getLogger("bot")

START_PATIENCE = 120.0  # seconds a platform that cannot be reached at start is tried again
FIRST_PAUSE, LONGEST_PAUSE = 0.5, 15.0  # between those tries: doubling from the first to the longest


class Runner(Protocol):
    """A platform's `run_*`: serves until cancelled; calls `ready()` once it takes updates."""

    def __call__(
        self, settings: Settings, host: Host, store: Store, *, ready: Callable[[], None]
    ) -> Awaitable[None]: ...


def runners(names: list[str]) -> dict[str, Runner]:
    out: dict[str, Runner] = {}
    if "telegram" in names:
        from bot.telegram import run_telegram

        out["telegram"] = run_telegram
    if "discord" in names:
        from bot.discord import run_discord

        out["discord"] = run_discord
    return out


def summary(
    settings: Settings,
    names: list[str],
    worker: str,
    version: str,
    topology: Topology | None = None,
    wait: int = 0,
) -> tuple[str, dict[str, Any]]:
    parts = []
    mode = "webhook" if settings.webhook_url else "polling"
    if "telegram" in names:
        where = (
            f"webhook {settings.webhook_url} ← {settings.webhook_host}:{settings.webhook_port}"
            if settings.webhook_url
            else "polling"
        )
        parts.append(f"telegram ({where})")
    if "discord" in names:
        shards = f", shards {settings.discord_shard_ids}/{settings.discord_shard_count}"
        parts.append("discord (gateway" + (shards if settings.discord_shard_ids else "") + ")")
    endpoint = f"{settings.metrics_host}:{settings.metrics_port}" if settings.metrics_port else "off"
    fields = {
        "version": version,
        "worker": worker,
        "platforms": names,
        "mode": mode if "telegram" in names else None,
        "redis": redact(settings.redis_url),
        "topology": topology.describe() if topology is not None else None,
        "wait_replicas": wait,
        "metrics": endpoint,
    }
    where = fields["redis"]
    if topology is not None and settings.redis_url:
        commits = f", commits wait for {wait} replica{'s' if wait > 1 else ''}" if wait else ""
        where += f" ({topology.describe()}{commits})"
    text = (
        f"Kozyr {version}, worker {worker}: serving {', '.join(parts)}; Redis {where}; "
        f"/healthz and /metrics on {endpoint}"
    )
    return text, fields


class Signals:
    """The first SIGTERM/SIGINT asks for a clean stop; a second one exits at once."""

    def __init__(self, stop: asyncio.Event) -> None:
        self.stop = stop
        self.received: str | None = None
        self.loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            self.loop.add_signal_handler(sig, self._on, sig)

    def _on(self, sig: signal.Signals) -> None:
        if self.received is not None:
            log.error("%s again: exiting without waiting for the queue", sig.name)
            os._exit(1)
        self.received = sig.name
        self.stop.set()

    def remove(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT):
            self.loop.remove_signal_handler(sig)


async def serve(settings: Settings, worker: str, version: str) -> int:
    """Serve until a signal or a failure; the exit code (Refused is raised for a start that cannot work)."""
    names = preflight.platforms(settings)
    if not names:
        raise Refused("neither TELEGRAM_TOKEN nor DISCORD_TOKEN is set: nothing to serve")
    preflight.check_secret(settings)
    preflight.check_tokens(settings)
    redis, topology = await preflight.open_redis(settings)
    wait = preflight.replicas_to_wait(settings, topology)
    text, fields = summary(settings, names, worker, version, topology, wait)  # logged once serving
    try:  # once per deployment: a table's message ids into its own slot
        await move_table_ids(redis, "kozyr")
    except Exception as e:
        log.warning(
            "the message ids could not be moved to their tables' slots yet (%s)", preflight.describe(e)
        )
    store = Store(redis, wait_replicas=wait, wait_timeout=settings.redis_wait_timeout)
    store.durability.on_shortfall = metrics.UNREPLICATED.inc
    host = Host(store, settings)
    stop = asyncio.Event()
    signals = Signals(stop)
    watch = RedisWatch(redis, redact(settings.redis_url), topology=topology, inspect=inspect)
    ready = {n: asyncio.Event() for n in names}
    platforms = {
        n: asyncio.create_task(keep_starting(n, go, settings, host, store, ready[n]), name=n)
        for n, go in runners(names).items()
    }
    background = [
        asyncio.create_task(host.background(stop), name="sweep"),
        asyncio.create_task(watch.run(stop), name="redis-watch") if settings.redis_url else None,
    ]
    health = web.Health(facts={"version": version, "worker": worker})
    if settings.redis_url:
        health.checks["redis"] = watch.check
        health.live["redis"] = watch.describe
    for n, task in platforms.items():
        health.checks[n] = _task_check(task, ready[n])
    metrics.build_info(version, worker)
    metrics.watch_outboxes(host.frontends, names)
    endpoint = None
    if settings.metrics_port:
        endpoint, _port = await web.serve(health, settings.metrics_host, settings.metrics_port)
    code, serving = 0, False
    try:
        everyone = asyncio.ensure_future(_all_set(ready.values()))
        await _until(stop, [everyone, *platforms.values()])
        everyone.cancel()
        serving = all(e.is_set() for e in ready.values()) and not stop.is_set()
        if serving:
            log.info(text, extra=fields)
            await _until(stop, platforms.values())
        for n, task in platforms.items():
            if task.done() and not stop.is_set():
                failure = _failure(n, settings, task)
                log.error(failure.message)
                code = failure.code
                break
        if code == 0 or serving:  # a start that failed said so in its one line
            log.info(
                "stopping (%s): no new updates; sending what is queued, for at most %gs",
                signals.received or "a platform stopped",
                settings.shutdown_timeout,
            )
        stop.set()
        await _stop(host, store, platforms, [t for t in background if t], settings.shutdown_timeout)
    finally:
        signals.remove()
        if endpoint is not None:
            await endpoint.cleanup()
        await redis.aclose()
    if code == 0 or serving:
        log.info("stopped")
    # What is left is the interpreter's exit, whose full collections would walk every object the
    # libraries made (~250,000): 3-5 s of CPU on a busy machine, for nothing, since the process ends.
    gc.freeze()
    return code


async def keep_starting(
    name: str,
    go: Runner,
    settings: Settings,
    host: Host,
    store: Store,
    ready: asyncio.Event,
    *,
    patience: float = START_PATIENCE,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> None:
    """Run a platform. Until it serves, a transient failure (its API cannot be reached, a server error)
    is tried again after a pause that doubles, for up to `patience` seconds in all, with one warning;
    any other failure, or one after it served, is raised."""
    pause, waited = FIRST_PAUSE, 0.0
    while True:
        try:
            await go(settings, host, store, ready=ready.set)
            return
        except Exception as e:
            failure = preflight.platform_failure(name, settings, e)
            if ready.is_set() or not failure.transient or waited + pause > patience:
                raise
            if not waited:
                log.warning("%s; trying again for up to %gs", failure.message, patience)
        await sleep(pause)
        waited += pause
        pause = min(2 * pause, LONGEST_PAUSE)


async def _all_set(events: Iterable[asyncio.Event]) -> None:
    for event in events:
        await event.wait()


async def _until(stop: asyncio.Event, tasks: Iterable[asyncio.Future[Any]]) -> None:
    """Until `stop` is set or one of `tasks` ends."""
    waiter = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait([waiter, *tasks], return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()


def _task_check(task: asyncio.Task[None], ready: asyncio.Event) -> web.Check:
    def check() -> tuple[bool, str]:
        if not task.done():
            return (True, "running") if ready.is_set() else (False, "starting")
        error = None if task.cancelled() else task.exception()
        return False, f"stopped: {preflight.describe(error)}" if error else "stopped"

    return check


def _failure(name: str, settings: Settings, task: asyncio.Task[None]) -> Refused:
    error = None if task.cancelled() else task.exception()
    if error is None:
        return Refused(f"{name} stopped by itself", preflight.OUTSIDE)
    failure = preflight.platform_failure(name, settings, error)
    if failure.message.startswith(f"{name} stopped:"):  # not a known cause: keep the traceback
        log.error("%s failed", name, exc_info=error)
    return failure


async def _stop(
    host: Host,
    store: Store,
    platforms: dict[str, asyncio.Task[None]],
    background: list[asyncio.Task[None]],
    timeout: float,
) -> None:
    """Platforms stop taking updates and drain their outboxes; the sweep ends its tick; within `timeout`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    for task in platforms.values():
        task.cancel()  # each platform's own `finally` drains its outbox (bounded) and closes
    pending = [*platforms.values(), *background]
    ended = {task for task in pending if task.done()}  # their failure was reported already
    done, late = await asyncio.wait(pending, timeout=max(0.0, deadline - loop.time()))
    for task in done - ended:  # a failure while stopping
        if not task.cancelled() and task.exception() is not None:
            log.info("%s ended with %s", task.get_name(), preflight.describe(task.exception()))
    closer = getattr(host, "aclose", None)  # a host that keeps work of its own may finish it here
    if callable(closer):
        with contextlib.suppress(Exception):
            await asyncio.wait_for(closer(), max(0.1, deadline - loop.time()))
    for task in late:
        log.warning("%s did not finish within %gs: cancelled", task.get_name(), timeout)
        task.cancel()
    await asyncio.gather(*late, return_exceptions=True)
    unsent = sum(f.outbox.pending() for f in host.frontends.values() if hasattr(f, "outbox"))
    if unsent:
        log.warning("%d queued messages were not sent before the stop", unsent)
