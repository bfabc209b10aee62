"""The console front end: a table in the terminal, through the same host, commands and views."""

from bot.console.app import ConsoleApp, run_console

__all__ = ["ConsoleApp", "run_console"]
