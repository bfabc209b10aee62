"""Throwaway Redis deployments with replicas, on free loopback ports: a Cluster (masters, each with its
replicas) and a Sentinel set (a master, its replicas, three sentinels). Standard library only, so
`scripts/with-redis-replicas` and `scripts/with-redis-sentinel` run it with any Python 3, and the failover
tests and `bench/soak.py` start, kill and fail over the nodes themselves.

Each node is a `redis-server` child process (no daemonizing: its pid is ours to SIGKILL), keeping
nothing on disk but its cluster config, in a temporary directory removed at `stop()`.

    python3 -m tests.redis_nodes cluster [--masters 3] [--replicas 1] -- COMMAND…   # REDIS_REPLICAS_TEST_URL
    python3 -m tests.redis_nodes sentinel [--replicas 1] -- COMMAND…                # REDIS_SENTINEL_TEST_URL
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

SERVICE = "kozyr"  # the Sentinel service name of the set
NODE_TIMEOUT_MS = 1000  # a Cluster master silent this long is failed over by its replica
DOWN_AFTER_MS = 1000  # a Sentinel master silent this long is failed over
# how long a redis-server may take to answer its first PING: it only bounds a failure (on a loaded
# machine a start took more than 10 s), and a server that exits is reported at once
START_TIMEOUT = 60.0
PORT_ATTEMPTS = 3  # a deployment started again on other ports when one of its ports was taken meanwhile


class PortTaken(RuntimeError):
    """Another process bound a node's port between `free_ports` and the node's start."""


def free_ports(n: int, *, bus: bool = False) -> list[int]:
    """`n` free loopback ports (with `bus`, each below 55535: a Cluster node also listens on port + 10000)."""
    socks: list[socket.socket] = []
    try:
        while len(socks) < n:
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            if bus and s.getsockname()[1] >= 55535:
                s.close()
                continue
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def cli(port: int, *args: str, timeout: float = 5.0) -> str:
    """`redis-cli -p port args…`: its output, stripped ("" when it cannot connect)."""
    try:
        done = subprocess.run(
            ["redis-cli", "-p", str(port), *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return ""
    return done.stdout.strip()


def info(port: int, section: str) -> dict[str, str]:
    out = {}
    for line in cli(port, "info", section).splitlines():
        key, sep, value = line.partition(":")
        if sep:
            out[key.strip()] = value.strip()
    return out


def wait(condition, timeout: float, what: str, step: float = 0.05) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:g}s for {what}")
        time.sleep(step)


@dataclass
class Node:
    """One `redis-server` process on `port`, restartable with the same configuration."""

    port: int
    root: str
    args: list[str]
    conf: str | None = None  # a configuration file (a sentinel's: it rewrites it)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def dir(self) -> str:
        return os.path.join(self.root, str(self.port))

    def start(self) -> None:
        os.makedirs(self.dir, exist_ok=True)
        log = open(os.path.join(self.dir, "redis.log"), "ab")  # noqa: SIM115 (the child keeps it)
        base = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen(
            ["redis-server", *([self.conf] if self.conf else []), *base, "--dir", self.dir, *self.args],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        log.close()
        wait(self._answers, START_TIMEOUT, f"redis-server on port {self.port}")

    def _answers(self) -> bool:
        """It answers PING; raises at once if it exited (its log's last lines say why)."""
        if self.proc is not None and self.proc.poll() is not None:
            with open(os.path.join(self.dir, "redis.log"), errors="replace") as f:
                tail = f.read()[-600:]
            kind = PortTaken if "Address already in use" in tail else RuntimeError
            raise kind(f"redis-server on port {self.port} exited ({self.proc.returncode}): {tail}")
        return cli(self.port, "ping") == "PONG"

    def kill(self) -> None:
        """SIGKILL: the process dies at once, as a crashed host's would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def role(self) -> str:
        return info(self.port, "replication").get("role", "")


@dataclass
class Deployment:
    root: str = field(default_factory=lambda: tempfile.mkdtemp(prefix="kozyr-redis-"))
    nodes: list[Node] = field(default_factory=list)

    def stop(self) -> None:
        self.kill_all()
        shutil.rmtree(self.root, ignore_errors=True)

    def kill_all(self) -> None:
        """Every process of the deployment killed and forgotten (it may be started again)."""
        for node in self.nodes:
            node.kill()
        self.nodes.clear()

    def __enter__(self) -> Deployment:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


D = TypeVar("D", bound=Deployment)


def _on_free_ports(deployment: D, start: Callable[[], D]) -> D:
    """`start()`, again on other ports (`PORT_ATTEMPTS` in all) when a port was taken meanwhile."""
    for attempt in range(PORT_ATTEMPTS):
        try:
            return start()
        except PortTaken:
            deployment.kill_all()
            if attempt == PORT_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


@dataclass
class Cluster(Deployment):
    """A Redis Cluster of `masters` masters, each with `replicas` replicas."""

    masters: int = 3
    replicas: int = 1
    node_timeout_ms: int = NODE_TIMEOUT_MS

    def start(self) -> Cluster:
        return _on_free_ports(self, self._start)

    def _start(self) -> Cluster:
        ports = free_ports(self.masters * (1 + self.replicas), bus=True)
        for port in ports:
            conf = os.path.join(self.root, str(port), "nodes.conf")
            args = ["--cluster-enabled", "yes", "--cluster-config-file", conf]
            # a replica may always be promoted, however long it was cut off (the test kills masters)
            args += ["--cluster-node-timeout", str(self.node_timeout_ms)]
            args += ["--cluster-replica-validity-factor", "0"]
            self.nodes.append(Node(port, self.root, args))
        for node in self.nodes:
            node.start()
        addresses = [f"127.0.0.1:{n.port}" for n in self.nodes]
        created = subprocess.run(
            [
                "redis-cli",
                "--cluster",
                "create",
                *addresses,
                "--cluster-replicas",
                str(self.replicas),
                "--cluster-yes",
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if created.returncode != 0:
            self.stop()
            raise RuntimeError(f"redis-cli --cluster create failed: {created.stdout}{created.stderr}")
        wait(self.healthy, 30, "the cluster to be ok with every replica in sync")
        return self

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.nodes[0].port}/0"

    @property
    def seeds(self) -> str:
        """Every node as a seed (`redis://h1:p1,h2:p2,…`): the client needs any one of them alive."""
        return "redis://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)

    def healthy(self) -> bool:
        """Every node sees the cluster ok, `masters` masters, each replica linked and in sync."""
        alive = [n for n in self.nodes if n.alive]
        if not all(info(n.port, "cluster").get("cluster_enabled") == "1" for n in alive):
            return False
        if not all("cluster_state:ok" in cli(n.port, "cluster", "info") for n in alive):
            return False
        masters = [n for n in alive if n.role() == "master"]
        if len(masters) != self.masters:
            return False
        replicas = [n for n in alive if n.role() == "slave"]
        return all(info(n.port, "replication").get("master_link_status") == "up" for n in replicas)

    def master_of(self, slot: int) -> Node:
        """The node that serves `slot` now."""
        for line in cli(self.nodes[0].port, "cluster", "nodes").splitlines():
            parts = line.split()
            if "master" not in parts[2] or "fail" in parts[2]:
                continue
            for span in parts[8:]:
                low, _, high = span.partition("-")
                if low.isdigit() and int(low) <= slot <= int(high or low):
                    port = int(parts[1].split("@")[0].rsplit(":", 1)[1])
                    return next(n for n in self.nodes if n.port == port)
        raise LookupError(f"no master serves slot {slot}")

    def replica_of(self, master: Node) -> Node:
        node_id = cli(master.port, "cluster", "myid")
        for line in cli(master.port, "cluster", "nodes").splitlines():
            parts = line.split()
            if parts[3] == node_id and "slave" in parts[2] and "fail" not in parts[2]:
                port = int(parts[1].split("@")[0].rsplit(":", 1)[1])
                return next(n for n in self.nodes if n.port == port)
        raise LookupError(f"no replica of {master.port}")

    def failover(self, master: Node) -> Node:
        """A graceful failover (`CLUSTER FAILOVER` on a replica): the replica takes over, no write lost."""
        replica = self.replica_of(master)
        cli(replica.port, "cluster", "failover")
        wait(lambda: replica.role() == "master" and self.healthy(), 30, "the replica to take over")
        return replica

    def kill_master(self, master: Node) -> Node:
        """SIGKILL a master; its replica is promoted by the cluster (after `NODE_TIMEOUT_MS`)."""
        replica = self.replica_of(master)
        master.kill()
        wait(lambda: replica.role() == "master", 30, "the replica to be promoted")
        return replica

    def restart(self, node: Node) -> None:
        """Start a killed node again: it rejoins the cluster as a replica of the node that replaced it."""
        node.start()
        wait(self.healthy, 30, "the cluster to be whole again")


@dataclass
class Sentinels(Deployment):
    """A master with `replicas` replicas and three sentinels watching it as service `SERVICE`."""

    replicas: int = 1
    sentinels: list[Node] = field(default_factory=list)

    def start(self) -> Sentinels:
        return _on_free_ports(self, self._start)

    def _start(self) -> Sentinels:
        ports = free_ports(1 + self.replicas + 3)
        master, *rest = ports
        self.nodes.append(Node(master, self.root, []))
        for port in rest[: self.replicas]:
            self.nodes.append(Node(port, self.root, ["--replicaof", "127.0.0.1", str(master)]))
        for node in self.nodes:
            node.start()
        for port in rest[self.replicas :]:
            conf = os.path.join(self.root, f"sentinel-{port}.conf")
            with open(conf, "w") as f:
                f.write(
                    f"sentinel monitor {SERVICE} 127.0.0.1 {master} 2\n"
                    f"sentinel down-after-milliseconds {SERVICE} {DOWN_AFTER_MS}\n"
                    f"sentinel failover-timeout {SERVICE} 10000\n"
                    f"sentinel parallel-syncs {SERVICE} 1\n"
                )
            sentinel = Node(port, self.root, ["--sentinel"], conf=conf)
            sentinel.start()
            self.sentinels.append(sentinel)
        wait(self.healthy, 30, "the replicas in sync and every sentinel seeing them")
        return self

    def kill_all(self) -> None:
        for node in self.sentinels:
            node.kill()
        self.sentinels.clear()
        super().kill_all()

    @property
    def url(self) -> str:
        """The sentinels' addresses, as `REDIS_URL` takes them with `REDIS_TOPOLOGY=sentinel`."""
        return "redis://" + ",".join(f"127.0.0.1:{s.port}" for s in self.sentinels) + "/0"

    def master(self) -> Node:
        reply = cli(self.sentinels[0].port, "sentinel", "get-master-addr-by-name", SERVICE).split()
        port = int(reply[1])
        return next(n for n in self.nodes if n.port == port)

    def healthy(self) -> bool:
        master = self.master() if all(s.alive for s in self.sentinels) else None
        if master is None or not master.alive or master.role() != "master":
            return False
        replicas = [n for n in self.nodes if n is not master and n.alive]
        if not all(info(n.port, "replication").get("master_link_status") == "up" for n in replicas):
            return False
        counts = [cli(s.port, "sentinel", "replicas", SERVICE).count("flags") for s in self.sentinels]
        return all(c >= len(replicas) for c in counts)

    def kill_master(self) -> Node:
        """SIGKILL the master; the sentinels agree it is down and promote a replica: the new master."""
        old = self.master()
        old.kill()
        wait(lambda: self.master() is not old and self.master().role() == "master", 60, "a new master")
        return self.master()

    def restart(self, node: Node) -> None:
        """Start a killed node again: the sentinels make it a replica of the new master."""
        node.start()
        wait(self.healthy, 60, "the old master to rejoin as a replica")


@contextlib.contextmanager
def cluster(masters: int = 3, replicas: int = 1, node_timeout_ms: int = NODE_TIMEOUT_MS) -> Iterator[Cluster]:
    deployment = Cluster(masters=masters, replicas=replicas, node_timeout_ms=node_timeout_ms)
    try:
        yield deployment.start()
    finally:
        deployment.stop()


@contextlib.contextmanager
def server() -> Iterator[Node]:
    """One redis-server of its own (a test may stop it: SIGSTOP), killed and removed afterwards."""
    deployment = Deployment()

    def start() -> Deployment:
        deployment.nodes.append(Node(free_ports(1)[0], deployment.root, []))
        deployment.nodes[0].start()
        return deployment

    try:
        yield _on_free_ports(deployment, start).nodes[0]
    finally:
        deployment.stop()


@contextlib.contextmanager
def sentinels(replicas: int = 1) -> Iterator[Sentinels]:
    deployment = Sentinels(replicas=replicas)
    try:
        yield deployment.start()
    finally:
        deployment.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["cluster", "sentinel"])
    parser.add_argument("--masters", type=int, default=3)
    parser.add_argument("--replicas", type=int, default=1)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    command = argv[cut + 1 :]
    deployment: contextlib.AbstractContextManager[Cluster | Sentinels]
    if args.kind == "cluster":
        deployment = cluster(args.masters, args.replicas)
        env = "REDIS_REPLICAS_TEST_URL"
    else:
        deployment = sentinels(args.replicas)
        env = "REDIS_SENTINEL_TEST_URL"
    with deployment as d:
        url = d.seeds if isinstance(d, Cluster) else d.url
        if not command:
            print(f"{env}={url}")
            return 0
        return subprocess.call(command, env={**os.environ, env: url})


if __name__ == "__main__":
    sys.exit(main())
