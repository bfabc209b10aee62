"""The Discord front end (discord.py): slash commands, persistent buttons, ephemeral hands, DMs.

`run_discord(settings, host, store)` is what `python -m bot` starts when `DISCORD_TOKEN` is set.
"""
