"""The host's features, one module each, the way aiogram's Routers or discord.py's cogs split a bot.

Each module's `ROUTES` maps the command types it owns to its handlers, `(house, command, lang) → Outcome`;
`Host` joins them and routes every command to its one handler. Every change of a table goes through
`House.change` (load → change a copy → compare-and-set); `table.run` is the path of a command on one table.
"""
