"""`/healthz` and Prometheus `/metrics` on their own port (`METRICS_PORT`), and the probe that reads them.

`/healthz` answers 200 while every check passes (Redis answers, each platform task runs), else 503;
its JSON body says which check failed and why. `python -m bot healthcheck` (the container's
HEALTHCHECK) calls it with the standard library only, so a probe costs no more than starting Python.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

Check = Callable[[], tuple[bool, str]]  # (passing, what to say about it)


@dataclass
class Health:
    """Named checks, and facts to report beside them: fixed ones (version, worker) and `live` ones read
    at each request (the Redis topology as last seen)."""

    facts: dict[str, str] = field(default_factory=dict)
    checks: dict[str, Check] = field(default_factory=dict)
    live: dict[str, Callable[[], str]] = field(default_factory=dict)

    def report(self) -> tuple[bool, dict[str, object]]:
        results = {name: check() for name, check in self.checks.items()}
        ok = all(passing for passing, _ in results.values())
        body: dict[str, object] = {"status": "ok" if ok else "failing", **self.facts}
        body.update({name: fact() for name, fact in self.live.items()})
        body["checks"] = {name: said for name, (_passing, said) in results.items()}
        return ok, body


def app(health: Health) -> web.Application:
    async def healthz(_request: web.Request) -> web.Response:
        ok, body = health.report()
        return web.json_response(body, status=200 if ok else 503)

    async def metrics(_request: web.Request) -> web.Response:
        response = web.Response(body=generate_latest(REGISTRY))
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    application = web.Application()
    application.router.add_get("/healthz", healthz)
    application.router.add_get("/metrics", metrics)
    return application


async def serve(health: Health, host: str, port: int) -> tuple[web.AppRunner, int]:
    """Start listening; returns the runner (call `cleanup()` to stop) and the port (useful with port 0)."""
    runner = web.AppRunner(app(health), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    server = site._server  # aiohttp keeps the listening socket there; its port is the one bound
    sockets = getattr(server, "sockets", None) or []
    return runner, (sockets[0].getsockname()[1] if sockets else port)


def probe(url: str, timeout: float = 3.0) -> tuple[int, str]:
    """GET `url`: (HTTP status, body); status 0 when nothing answered."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as e:
        return 0, str(getattr(e, "reason", e))


def summary(body: str) -> str:
    """One line from a /healthz body."""
    try:
        data = json.loads(body)
    except ValueError:
        return body.strip()[:200]
    checks = data.get("checks", {})
    return f"{data.get('status')}: " + ", ".join(f"{k} {v}" for k, v in checks.items())
