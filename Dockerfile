# Kozyr bot: `python -m bot serve` serves the platforms whose token is set (.env.example, docs/operations.md).
# The build stage installs the bot and its runtime dependencies (never the dev ones) into a virtualenv, every
# package from the lock file (requirements.txt: exact versions, hashes checked); the runtime image gets that
# virtualenv only. tests/ops/test_image.py repeats this install in a fresh virtualenv from exactly the files
# copied here, by the build stage's own pip commands, and starts it (`python -m bot check`).
# The base image is pinned by its digest (the multi-platform index of the official python:3.11.15-slim), so two
# builds start from the same files; to move on: `docker buildx imagetools inspect python:3.11-slim` prints the
# current digest, to put here with the version it names.
ARG PYTHON_IMAGE=python:3.11.15-slim@sha256:90744cff8f32887f075c47d747a173ff333e9e98801667af93c357fa9f5e28ff

FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /venv
WORKDIR /src
COPY requirements.txt ./
RUN /venv/bin/pip install --require-hashes -r requirements.txt
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY storage ./storage
RUN /venv/bin/pip install --no-deps --no-build-isolation .

FROM ${PYTHON_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/venv/bin:$PATH
COPY --from=build /venv /venv
# DejaVu Sans draws the score sheet picture (Cyrillic names, card suits); without it Pillow falls back to its
# own font, which has Latin letters only. Its version is pinned (the base image's Debian 13 has 2.37-8): a
# build gets that font or fails, never another one unnoticed.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core=2.37-8 \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --create-home --uid 10001 kozyr
USER kozyr
WORKDIR /home/kozyr
# 8080: Telegram webhook mode (WEBHOOK_PORT); 8081: /healthz and /metrics (METRICS_PORT)
EXPOSE 8080 8081
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["python", "-m", "bot", "healthcheck"]
# SIGTERM (docker stop): stop taking updates, send what is queued, exit 0 — within SHUTDOWN_TIMEOUT (8 s)
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot", "serve"]
