"""The container image without a Docker engine: its install, repeated in a fresh virtualenv from exactly the
files the Dockerfile copies, must start (`python -m bot check`: every adapter imports, Redis answers,
/healthz and /metrics answer) and must hold no dev dependency; and `make run` installs the runtime only.

Like Docker's layer cache, the dependencies are installed once per version of the lock file and the
Dockerfile (into .venv/image-test/, with pip's own cache); the bot itself is reinstalled every run from
the copied files. In a fresh clone (CI) the whole install runs: about 45 s on the shared 2-core machine.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from bot.core.config import Settings
from tests.conftest import _real_url

ROOT = Path(__file__).resolve().parents[2]
DEV_ONLY = {"pytest", "pytest-asyncio", "hypothesis", "ruff"}


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def copied() -> list[str]:
    """What the Dockerfile copies from the build context (not from another stage)."""
    sources: list[str] = []
    for word, rest in instructions():
        if word == "COPY" and "--from" not in rest:
            sources += shlex.split(rest)[:-1]
    return sources


def build_installs() -> list[list[str]]:
    """The build stage's `RUN /venv/bin/pip install …` commands, in order, as argument lists."""
    starts = [i for i, (word, _) in enumerate(instructions()) if word == "FROM"]
    stage = instructions()[starts[0] : starts[1]]
    return [shlex.split(rest) for word, rest in stage if word == "RUN" and rest.startswith("/venv/bin/pip ")]


def run_install(venv: Path, src: Path, argv: list[str]) -> None:
    """One of the Dockerfile's pip commands, with /venv meaning `venv` and the build context `src`."""
    argv = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", "--quiet", *argv[1:]]
    subprocess.run(argv, cwd=src, check=True)


def image_venv(src: Path) -> Path:
    """The virtualenv of the image: its dependencies cached per lock + Dockerfile, the bot fresh."""
    *dependencies, project = build_installs()
    key = hashlib.sha256(
        b"".join((ROOT / name).read_bytes() for name in ("pyproject.toml", "requirements.txt", "Dockerfile"))
    ).hexdigest()
    venv = ROOT / ".venv" / "image-test" / key[:16]
    if not (venv / ".complete").exists():
        shutil.rmtree(venv.parent, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        for argv in dependencies:
            run_install(venv, src, argv)
        (venv / ".complete").touch()
    run_install(venv, src, [*project, "--force-reinstall"])
    return venv


def test_the_build_installs_the_locked_files_only() -> None:
    """Every dependency comes from the lock with its hashes checked; the bot itself adds none."""
    *dependencies, project = build_installs()
    assert dependencies == [["/venv/bin/pip", "install", "--require-hashes", "-r", "requirements.txt"]]
    assert "--no-deps" in project and project[-1] == "."
    args = dict(rest.split("=", 1) for word, rest in instructions() if word == "ARG")
    bases = [re.sub(r"\$\{(\w+)\}", lambda m: args[m[1]], rest.split()[0]) for word, rest in instructions()
             if word == "FROM"]
    assert len(bases) == 2 and all(re.fullmatch(r"python:3\.11[\w.-]*@sha256:[0-9a-f]{64}", b) for b in bases)
    runs = " ".join(rest for word, rest in instructions() if word == "RUN")
    for names in re.findall(r"apt-get install (?:-\S+ )*([^&]+)", runs):  # Debian packages: name=version
        assert names.split() and all(re.fullmatch(r"[a-z0-9.+-]+=\S+", n) for n in names.split()), names


def test_the_dockerfile_exposes_the_ports_checks_health_and_serves() -> None:
    settings = Settings(_env_file=None)
    found = dict(instructions()[::-1])  # the last of each (the runtime stage)
    assert set(found["EXPOSE"].split()) == {str(settings.webhook_port), str(settings.metrics_port)}
    assert '["python", "-m", "bot", "healthcheck"]' in found["HEALTHCHECK"]
    assert found["CMD"] == '["python", "-m", "bot", "serve"]'
    assert "--from=build /venv" in " ".join(rest for word, rest in instructions() if word == "COPY")


def test_make_run_installs_the_runtime_dependencies_only() -> None:
    dry = subprocess.run(
        ["make", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    installs = [ln for ln in dry.splitlines() if " pip " in ln and " install " in ln]
    assert any("--require-hashes -r requirements.txt" in ln for ln in installs), dry
    assert all("[dev]" not in ln and "requirements-dev" not in ln for ln in installs), dry


def test_the_image_install_starts_from_only_the_copied_files(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    sources = copied()
    assert {"pyproject.toml", "bot", "games", "storage"} <= set(sources)
    for name in sources:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, src / name)
    venv = image_venv(src)
    python = str(venv / "bin" / "python")
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "REDIS_URL": _real_url()}
    done = subprocess.run(
        [python, "-m", "bot", "check"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok: Kozyr") and "/healthz 200, /metrics 200" in done.stdout
    where = subprocess.run(
        [python, "-c", "import bot; print(bot.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert str(venv) in where.stdout  # the installed copy ran, not this checkout
    listed = subprocess.run([python, "-m", "pip", "list", "--format=freeze"], capture_output=True, text=True)
    installed = {ln.split("==")[0].lower().replace("_", "-") for ln in listed.stdout.splitlines()}
    assert "prometheus-client" in installed and "aiogram" in installed
    assert not DEV_ONLY & installed


def test_compose_pins_redis_rotates_logs_and_limits_every_service() -> None:
    text = (ROOT / "docker-compose.yml").read_text()
    services = re.split(r"\n  (?=[a-z]+:\n)", text.split("\nservices:\n", 1)[1].split("\nvolumes:", 1)[0])
    assert [s.split(":", 1)[0].strip() for s in services] == ["redis", "bot"]
    for block in services:
        assert "logging: *logging" in block and re.search(r"limits:\s+cpus: \"\d+\"\s+memory: \d+[MG]", block)
    assert re.search(r"image: redis:\d+\.\d+\.\d+-alpine@sha256:[0-9a-f]{64}\n", services[0])
    assert 'max-size: "10m"' in text and 'max-file: "3"' in text
