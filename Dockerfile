# Kozyr bot: python -m bot serves the platforms whose tokens are set (see .env.example).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY storage ./storage
RUN pip install . && useradd --create-home --uid 10001 kozyr

USER kozyr
CMD ["python", "-m", "bot"]
