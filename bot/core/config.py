"""One settings model, read from the environment (and `.env`): tokens, storage, timings, language."""

from __future__ import annotations

import os
from typing import Literal

from pydantic import BaseModel, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class ProgramSpec(BaseModel):
    """A player program a table may seat (`program:NAME`): how to start it, which games it plays."""

    name: str = Field(pattern=r"^[A-Za-z0-9_.\-]{1,32}$")
    command: str
    games: list[str] = Field(description="game keys it may play")
    time_limit: float | None = Field(None, gt=0, le=60, description="seconds per decision")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    telegram_token: SecretStr | None = None
    discord_token: SecretStr | None = None
    redis_url: str | None = Field(None, description="a real Redis; without it an embedded fakeredis is used")
    redis_topology: Literal["server", "cluster", "sentinel"] = Field(
        "server", description="what REDIS_URL names: one server, a Cluster's seed nodes, or the sentinels"
    )
    redis_sentinel_service: str = Field("kozyr", description="the master's name the sentinels watch")
    redis_wait_replicas: int | None = Field(
        None, ge=0, le=16, description="replicas a commit waits for; unset: 1 when every master has one"
    )
    redis_wait_timeout: float = Field(1.0, gt=0, le=30, description="seconds a commit waits for replicas")

    # Telegram
    telegram_api_url: str = Field("https://api.telegram.org", description="a self-hosted Bot API server")
    webhook_url: str | None = Field(None, description="public HTTPS URL: webhook mode instead of polling")
    webhook_secret: SecretStr | None = None
    webhook_host: str = "0.0.0.0"
    webhook_port: int = 8080
    webhook_path: str = "/telegram"

    # Discord
    discord_guild_id: int | None = Field(None, description="sync slash commands to one guild (fast)")
    discord_shard_count: int | None = Field(None, ge=1, description="total shards; unset: Discord's advice")
    discord_shard_ids: list[int] | None = Field(None, description="shards this process runs, e.g. [0,1]")

    # tables
    default_language: str = "en"
    turn_timeout: float = Field(12 * 3600, ge=30, le=7 * 86400, description="seconds a player has per move")
    lobby_timeout: float = Field(600, ge=10, description="after this anyone may start a waiting table")
    ai_delay: float = Field(1.5, ge=0, le=60, description="seconds an AI waits before it moves")
    max_misses: int = Field(2, ge=1, le=100, description="missed turns in a row before the AI keeps the seat")
    search_budget: float = Field(0.5, ge=0.01, le=10, description="seconds a search AI may think per move")
    ai_level: str = Field(
        "",
        description="the level a new AI seat gets (random, heuristic, search) where the game has it; "
        "empty: each game's own default",
    )
    programs: list[ProgramSpec] = Field(
        default_factory=list, description="player programs a table may seat: JSON [{name, command, games}]"
    )
    # load (docs/architecture.md: the host's background work, storage)
    ai_processes: int = Field(
        default_factory=lambda: max(1, (os.cpu_count() or 2) - 1),
        ge=0,
        le=256,
        description="processes that think for the AI (CPU-bound search); 0: a thread of this process",
    )
    due_concurrency: int = Field(8, ge=1, le=1000, description="due tables one worker plays at once")
    claim_lease: float = Field(
        10.0, ge=1, le=600, description="seconds a worker holds a due table it claimed; then any worker may"
    )
    update_concurrency: int = Field(64, ge=1, le=10_000, description="updates one worker handles at once")
    redis_max_connections: int = Field(100, ge=2, le=10_000, description="Redis connections per worker")
    redis_pool_timeout: float = Field(20.0, ge=0.1, le=300, description="seconds to wait for a connection")
    token_secret: SecretStr = Field(SecretStr("kozyr-dev-secret"), description="signs button tokens")

    log_level: str = "INFO"

    # operations (docs/operations.md)
    log_format: Literal["auto", "json", "text"] = Field("auto", description="auto: JSON unless on a terminal")
    metrics_host: str = "0.0.0.0"
    metrics_port: int = Field(8081, ge=0, le=65535, description="/healthz and /metrics; 0 turns them off")
    worker_id: str | None = Field(None, description="names this process in logs and metrics (host:pid)")
    shutdown_timeout: float = Field(8.0, ge=0, le=300, description="seconds to send what is queued on stop")

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        ids = self.discord_shard_ids
        if ids is not None and (
            self.discord_shard_count is None or not all(0 <= i < self.discord_shard_count for i in ids)
        ):
            raise ValueError("DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT, and every id below it")
        return self
