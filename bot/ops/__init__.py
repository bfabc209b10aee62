"""Running the bot as a service: logs, preflight checks, the health and metrics endpoint, signals.

See docs/operations.md for what an operator sees: the startup summary, exit codes, metrics and alerts.
"""
