"""Connecting to Redis: a single server, a Redis Cluster or a Sentinel-watched master from `REDIS_URL`,
else an embedded in-process fakeredis.

One setting, `topology`, says what `url` names, in redis-py's own terms:

- `server` (the default): one server, `redis://[:password@]host:port/db` (`redis.asyncio.Redis`);
- `cluster`: seed nodes of a Redis Cluster, `redis://[:password@]host:port[,host:port…]`
  (`redis.asyncio.cluster.RedisCluster`: any one seed that answers tells it the rest);
- `sentinel`: the sentinels, `redis://[:password@]host:port[,host:port…]/db`, and `service` names the
  master they watch (`redis.asyncio.sentinel.Sentinel.master_for`; the password is the master's, a
  sentinel's own goes in `?sentinel_password=…`).

Every client retries a failed command twice with a short backoff (redis-py's default is ten times with
up to a second between tries), and each command or pipeline, retries and the wait for a connection
included, ends within `timeout` seconds (`storage.deadline`: one deadline an operation, not a socket
timeout a send and a reply): a user waiting on a button should hear "try again" within seconds.
Replayed writes are safe: every write script of the store recognises its own token. The connections
come from a *blocking* pool of `max_connections` (per node on a Cluster): under a burst a command waits
up to `pool_timeout` seconds for a free connection instead of failing at once.

A Cluster client never rebuilds its whole topology because of MOVED replies (`reinitialize_steps=0`:
each MOVED only patches its slot and the command follows it). redis-py's default rebuilds it every fifth
MOVED by closing the client — every connection of every node, those other tasks are reading a reply on
included — and clears its default node, which sends the keyed commands made meanwhile to a random
master: more MOVED, another close. Under a burst (a worker's first second, any moment after a failover's
reconnect) that loop broke commits in flight with "Connection closed by server" ("try again"). A
connection error still rebuilds the topology (redis-py re-reads the slots before its retry).

`inspect` says what answers — how many masters and replicas — and refuses (`Misconfigured`) a topology
that is not what the setting says: a Cluster node named as a single server, a single server named as a
Cluster, a replica named as the server to write to.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, unquote, urlencode

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import parse_url
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel, SentinelConnectionPool
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from storage.deadline import Cluster, Redis, WaitingPool

if TYPE_CHECKING:
    from fakeredis import FakeServer

log = logging.getLogger(__name__)

TOPOLOGIES = ("server", "cluster", "sentinel")
SERVICE = "kozyr"  # the Sentinel service name unless the setting says another


class Misconfigured(Exception):
    """What answers at the URL is not the configured topology (a restart will not help)."""


class BlockingSentinelPool(SentinelConnectionPool, WaitingPool):
    """Sentinel's pool (it asks the sentinels where the master is) that waits for a free connection."""


@dataclass(frozen=True)
class Topology:
    """What serves the store: its kind, masters and replicas (the fewest any master has), and where."""

    kind: str
    masters: int = 1
    replicas: int = 0  # replicas of the master that has the fewest
    where: str = ""

    @property
    def replicated(self) -> bool:
        """Every master has a replica: a write can wait for one (`WAIT`) and survive its master's death."""
        return self.replicas > 0

    def describe(self) -> str:
        replicas = f"{self.replicas} replica{'s' if self.replicas != 1 else ''}"
        if self.kind == "cluster":
            return f"cluster of {self.masters} masters, {replicas} each"
        if self.kind == "sentinel":
            return f"sentinel {self.where}, {replicas}"
        if self.kind == "embedded":
            return "embedded (in memory)"
        return f"server, {replicas}"


def _retry(retries: int) -> Retry:
    return Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), retries)


def split_hosts(url: str) -> tuple[list[tuple[str, int]], dict[str, Any]]:
    """`redis[s]://[user:password@]h1:p1[,h2:p2…][/db][?query]`: the hosts, and the connection's keywords
    (username, password, db, ssl and the query's options, as redis-py reads them from a URL)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in ("redis", "rediss"):
        raise Misconfigured(f"REDIS_URL must start with redis:// or rediss:// (got {scheme or url!r})")
    rest, _, query = rest.partition("?")
    netloc, _, path = rest.partition("/")
    userinfo, at, hostlist = netloc.rpartition("@")
    if not at:
        hostlist, userinfo = netloc, ""
    hosts = []
    for item in filter(None, hostlist.split(",")):
        host, _, port = item.rpartition(":") if ":" in item else (item, "", "6379")
        if not port.isdigit():
            raise Misconfigured(f"REDIS_URL: {item!r} is not host:port")
        hosts.append((host.strip("[]") or "localhost", int(port)))
    if not hosts:
        raise Misconfigured("REDIS_URL names no host")
    kwargs: dict[str, Any] = {k: v for k, v in parse_qsl(query)}
    user, _, password = userinfo.partition(":")
    if user:
        kwargs["username"] = unquote(user)
    if password:
        kwargs["password"] = unquote(password)
    if path.strip("/"):
        kwargs["db"] = int(path.strip("/"))
    if scheme == "rediss":
        kwargs["ssl"] = True
    return hosts, kwargs


def _one_url(url: str, host: tuple[str, int]) -> str:
    """`url` with its host list replaced by one host (redis-py's URL parser reads one)."""
    _hosts, kwargs = split_hosts(url)
    scheme = "rediss" if kwargs.pop("ssl", False) else "redis"
    auth = ""
    if "username" in kwargs or "password" in kwargs:
        auth = f"{kwargs.pop('username', '')}:{kwargs.pop('password', '')}@"
    db = kwargs.pop("db", None)
    query = f"?{urlencode(kwargs)}" if kwargs else ""
    return f"{scheme}://{auth}{host[0]}:{host[1]}{'' if db is None else f'/{db}'}{query}"


async def connect(
    url: str | None,
    *,
    topology: str = "server",
    service: str = SERVICE,
    timeout: float = 5.0,
    retries: int = 2,
    server: FakeServer | None = None,
    max_connections: int = 100,
    pool_timeout: float = 20.0,
) -> aioredis.Redis:
    """A client for `url` as `topology` says; without a URL, an embedded server (pass `server` to share one
    between clients). Nothing is sent yet: `inspect` checks what answers."""
    if not url:
        log.warning("REDIS_URL is not set: using an embedded in-memory Redis; nothing survives a restart")
        from fakeredis import FakeAsyncRedis, FakeServer  # only then: a worker with a URL starts without it

        return FakeAsyncRedis(server=server or FakeServer(), decode_responses=True)
    if topology not in TOPOLOGIES:
        raise Misconfigured(f"REDIS_TOPOLOGY must be one of {', '.join(TOPOLOGIES)} (got {topology!r})")
    common: dict[str, Any] = {
        "decode_responses": True,
        "socket_timeout": None,  # each operation has a deadline instead (`storage.deadline`)
        "socket_connect_timeout": timeout,
        "retry": _retry(retries),
    }
    hosts, _kwargs = split_hosts(url)
    if topology == "cluster":
        # RedisCluster reads one URL; the other seeds are tried when the first does not answer
        nodes = [ClusterNode(h, p) for h, p in hosts]
        client = Cluster.from_url(
            _one_url(url, hosts[0]),
            startup_nodes=nodes,
            max_connections=max_connections,
            reinitialize_steps=0,  # a MOVED patches its slot; no close of every connection (module doc)
            **common,
        )
        client.deadline = timeout
        return client  # type: ignore[return-value]
    if topology == "sentinel":
        query = split_hosts(url)[1]
        sentinel_password = query.get("sentinel_password")
        # the master's connection options as redis-py reads them from a URL (typed), without its address
        kwargs = {k: v for k, v in parse_url(_one_url(url, hosts[0])).items() if k not in ("host", "port")}
        kwargs.pop("sentinel_password", None)
        if kwargs.pop("connection_class", None) is not None:
            kwargs["ssl"] = True
        sentinel_kwargs: dict[str, Any] = {"socket_timeout": timeout, "socket_connect_timeout": timeout}
        if sentinel_password:
            sentinel_kwargs["password"] = sentinel_password
        sentinel = Sentinel(hosts, sentinel_kwargs=sentinel_kwargs)
        master = sentinel.master_for(
            service,
            redis_class=Redis,
            connection_pool_class=BlockingSentinelPool,
            max_connections=max_connections,
            timeout=pool_timeout,
            health_check_interval=30,
            retry_on_error=[RedisConnectionError, RedisTimeoutError],
            **{**common, **kwargs},
        )
        master.deadline = timeout
        return master
    pool = WaitingPool.from_url(
        url,
        max_connections=max_connections,
        timeout=pool_timeout,
        health_check_interval=30,
        retry_on_error=[RedisConnectionError, RedisTimeoutError],
        **common,
    )
    client = Redis.from_pool(pool)
    client.deadline = timeout
    return client


def is_cluster(redis: Any) -> bool:
    return isinstance(redis, RedisCluster)


async def inspect(redis: aioredis.Redis, topology: str = "server") -> Topology:
    """What answers: masters and replicas. Raises Misconfigured when it is not the configured topology,
    and the client's own errors when nothing answers."""
    fake = sys.modules.get("fakeredis")  # imported by whoever made an embedded server
    if fake is not None and isinstance(redis, fake.FakeAsyncRedis):
        return Topology("embedded", replicas=0)
    if isinstance(redis, RedisCluster):
        try:
            nodes = await redis.cluster_nodes()
        except RedisClusterException as e:
            if "not enabled" in " ".join(map(str, e.args)):  # "Cluster mode is not enabled on this node"
                raise Misconfigured(
                    "REDIS_TOPOLOGY=cluster, but REDIS_URL names a server that is not a Redis Cluster node: "
                    "set REDIS_TOPOLOGY=server, or name the cluster's nodes"
                ) from None
            raise
        masters = {
            info["node_id"]: 0
            for info in nodes.values()
            if "master" in info["flags"] and "fail" not in info["flags"] and info.get("slots")
        }
        for info in nodes.values():
            linked = "slave" in info["flags"] and "fail" not in info["flags"] and info["connected"]
            if linked and info["master_id"] in masters:
                masters[info["master_id"]] += 1
        return Topology("cluster", len(masters), min(masters.values(), default=0), where="")
    try:
        cluster = await redis.info("cluster")
    except ResponseError:
        cluster = {}
    if cluster.get("cluster_enabled") in (1, "1"):
        raise Misconfigured(
            "REDIS_URL names a Redis Cluster node: set REDIS_TOPOLOGY=cluster (and list the cluster's nodes)"
        )
    replication = await redis.info("replication")
    sentinel = isinstance(redis.connection_pool, SentinelConnectionPool)
    if replication.get("role") != "master":
        raise Misconfigured(
            "REDIS_URL names a replica (it refuses writes): name the master"
            + (", or let the sentinels find it" if not sentinel else "")
        )
    replicas = int(replication.get("connected_slaves", 0))
    if sentinel:
        pool = redis.connection_pool
        host, port = pool.master_address or ("?", 0)
        return Topology("sentinel", 1, replicas, where=f"service {pool.service_name} (master {host}:{port})")
    return Topology("server", 1, replicas)


async def ping(redis: aioredis.Redis) -> bool:
    """True when the server answers."""
    try:
        return bool(await redis.ping())
    except (RedisConnectionError, RedisTimeoutError, OSError):
        return False
