"""The Discord front end (discord.py): slash commands, persistent buttons, ephemeral hands, DMs.

`run_discord(settings, host, store)` is what `python -m bot` starts when `DISCORD_TOKEN` is set.
Modules: `client` (AutoShardedClient, command tree, `run_discord`), `commands` (the `/kozyr` group),
`views` (every button press; answering interactions within 3 s), `frontend` (the host's `Frontend`
and the outbox `Transport`), `refs` (references and rendering), `paging`, `state` (Redis).
"""

from bot.discord.client import KozyrClient, build, run_discord
from bot.discord.frontend import DiscordFrontend

__all__ = ["DiscordFrontend", "KozyrClient", "build", "run_discord"]
