"""The keeper of one player program: run as `python -I -S keeper.py CONFIG ARGV…` (see `sandbox.py`).

It stands between the server and the program so that no process the program starts outlives it,
whatever the program does (`setsid`, a double fork, a fork bomb):

- with namespaces (`CONFIG.namespaces`), it enters new PID and network namespaces (and a user namespace
  when not root) and forks an init (PID 1 there) that forks the program; when the program exits, or
  the keeper is told to stop (SIGTERM), the init exits or is killed, and the kernel kills every process
  left in the namespace;
- without them, it becomes a child subreaper (every orphan of the program is re-parented to it) and
  kills every descendant when the program exits or it is told to stop.

It joins the program's cgroups first (the server made them: a process count and a memory limit), sets
the resource limits in the program's process just before `exec`, and finally leaves the way the
program left (the same exit code, or killed by the same signal), so the server sees the program's end.
Only the standard library: it must start fast, in its own isolated interpreter.
"""

import contextlib
import ctypes
import json
import os
import resource
import select
import signal
import sys

CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
WATCHED = {signal.SIGCHLD, signal.SIGTERM, signal.SIGINT, signal.SIGHUP}
FLAGS = {"user": CLONE_NEWUSER, "pid": CLONE_NEWPID, "net": CLONE_NEWNET}

libc = ctypes.CDLL(None, use_errno=True)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def enter(namespaces):
    """Unshare the namespaces named (`user`, `pid`, `net`); map our ids into a new user namespace."""
    uid, gid = os.getuid(), os.getgid()
    flags = 0
    for name in namespaces:
        flags |= FLAGS[name]
    if libc.unshare(flags) != 0:
        raise OSError(ctypes.get_errno(), "unshare")
    if "user" in namespaces:
        write("/proc/self/setgroups", "deny")
        write("/proc/self/uid_map", f"{uid} {uid} 1")
        write("/proc/self/gid_map", f"{gid} {gid} 1")


def user_processes():
    """How many processes our user runs now (RLIMIT_NPROC counts them all)."""
    uid, n = os.getuid(), 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                n += os.stat(f"/proc/{entry}").st_uid == uid
    return n


def start(argv, conf):
    """Fork the program: limits set in the child, default signal handling back, then exec."""
    pid = os.fork()
    if pid:
        return pid
    try:
        for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_DFL)  # Python ignores SIGPIPE and SIGXFSZ: a program must not
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        cpu, memory, size, files = conf["cpu"], conf["memory"], conf["files"], conf["open_files"]
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
        if conf["nproc"]:  # no cgroup: the user's count (root is exempt), per user namespace
            n = conf["nproc"] + (0 if "user" in conf["namespaces"] else user_processes())
            resource.setrlimit(resource.RLIMIT_NPROC, (n, n))
        os.execvp(argv[0], argv)
    except BaseException as e:
        os.write(2, f"cannot start {argv[0]}: {e}\n".encode())
    os._exit(127)


def detach_pipes():
    """Hold no end of the program's pipes, so its end of output is seen as soon as it comes."""
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)


def children(pid):
    found = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                found += [int(x) for x in f.read().split()]
    except OSError:
        pass
    return found


def descendants(pid):
    out, todo = [], children(pid)
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children(p)
    return out


def reap():
    """Collect every child that has ended: {pid: wait status}."""
    done = {}
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return done
        if pid == 0:
            return done
        done[pid] = status


def kill_all():
    """As a subreaper: kill every descendant (stopped first, so a fork bomb cannot outrun us) and reap."""
    me = os.getpid()
    while True:
        tree = descendants(me)
        if not tree:
            return
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            for p in tree:
                with contextlib.suppress(OSError):
                    os.kill(p, sig)
        while children(me):
            reap()
            select.select([], [], [], 0.001)


def leave(status):
    """Exit as the program did: its code, or killed by its signal (SIGKILL when we stopped it)."""
    if status is not None and os.WIFEXITED(status):
        os._exit(os.WEXITSTATUS(status))
    sig = os.WTERMSIG(status) if status is not None else signal.SIGKILL
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if sig not in (signal.SIGKILL, signal.SIGSTOP):
        signal.signal(sig, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    os.kill(os.getpid(), sig)
    os._exit(128 + sig)


def subreaper(argv, conf):
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    program = start(argv, conf)
    detach_pipes()
    status = None
    while status is None:
        sig = signal.sigwait(WATCHED)
        if sig != signal.SIGCHLD:
            break
        status = reap().get(program)
    kill_all()
    leave(status)


def namespaced(argv, conf):
    enter(conf["namespaces"])
    alive_r, alive_w = os.pipe()  # the init's way to notice that the keeper is already gone
    status_r, status_w = os.pipe()
    init = os.fork()
    if init == 0:
        try:
            os.close(alive_w)
            os.close(status_r)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # the keeper killed: the namespace goes
            if select.select([alive_r], [], [], 0)[0]:
                os._exit(1)
            program = start(argv, conf)
            detach_pipes()
            while True:
                pid, status = os.wait()  # PID 1 reaps every orphan of the namespace
                if pid == program:
                    os.write(status_w, status.to_bytes(4, "little"))
                    os._exit(0)  # and the kernel kills everything still in the namespace
        except BaseException:
            os._exit(1)
    os.close(status_w)
    os.close(alive_r)
    detach_pipes()
    status = None
    while True:
        sig = signal.sigwait(WATCHED)
        if sig != signal.SIGCHLD:
            os.kill(init, signal.SIGKILL)
            os.waitpid(init, 0)
            break
        if init in reap():
            data = os.read(status_r, 4)
            status = int.from_bytes(data, "little") if len(data) == 4 else None
            break
    leave(status)


def probe():
    """Print which namespaces this machine lets us use (tried in a throwaway child each)."""
    found = []
    for option in (["pid", "net"], ["user", "pid", "net"]):
        pid = os.fork()
        if pid == 0:
            try:
                enter(option)
                if os.fork() == 0:
                    os._exit(0 if os.getpid() == 1 else 1)
                os._exit(os.waitstatus_to_exitcode(os.wait()[1]))
            except BaseException:
                os._exit(1)
        if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0:
            found = option
            break
    print(json.dumps({"namespaces": found}))


def main():
    if sys.argv[1] == "probe":
        probe()
        return
    conf, argv = json.loads(sys.argv[1]), sys.argv[2:]
    for group in conf["cgroups"]:
        write(os.path.join(group, "cgroup.procs"), str(os.getpid()))
    signal.pthread_sigmask(signal.SIG_BLOCK, WATCHED)
    if conf["namespaces"]:
        namespaced(argv, conf)
    else:
        subreaper(argv, conf)


if __name__ == "__main__":
    main()
