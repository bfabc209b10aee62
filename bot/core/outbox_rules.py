"""The outbox's rules about deliveries (`bot.core.outbox`): what a stored view says (`split`), when a
message needs no edit (`superseded`), which of two message ids is newer (`newer`), and how a waiting
delivery and a newer one for the same message merge (`merged`)."""

from __future__ import annotations

from bot.core.outcome import ChatTarget, Delivery, PingTarget

NEW_MESSAGES = (ChatTarget, PingTarget)  # always a new message, never edited
VERSION = "@"  # what a message shows is stored as `<fingerprint>@<table version>` when the version is known


def split(shown: str | None) -> tuple[str, int | None]:
    """A stored view: its fingerprint, and the table version it was drawn from (None: not known)."""
    fp, mark, version = (shown or "").rpartition(VERSION)
    if mark and version.isdigit():
        return fp, int(version)
    return shown or "", None


def superseded(shown: str | None, d: Delivery, view: str) -> bool:
    """Whether a message showing `shown` needs no edit to `d` (whose fingerprint is `view`): it shows this
    view, or a newer version's."""
    return older(shown, d) or split(shown)[0] == view


def older(shown: str | None, d: Delivery) -> bool:
    """Whether `d` is of an older table version than the message shows (a turn alert sent that late is
    over: a newer view went out since)."""
    version = split(shown)[1]
    return d.version is not None and version is not None and version > d.version


def newer(message: str, than: str | None) -> bool:
    """Whether one platform message id is later than another of the same chat (Telegram's ids count up in
    a chat, Discord's `<channel>:<snowflake>` too); False when that cannot be told."""
    if than is None:
        return True
    chat, _, number = message.rpartition(":")
    other_chat, _, other = than.rpartition(":")
    return chat == other_chat and number.isdigit() and other.isdigit() and int(number) > int(other)


def unping(d: Delivery) -> bool:
    """A ping without `notify`: the turn it announced is over, so its message goes."""
    return isinstance(d.target, PingTarget) and not d.notify


def merged(old: Delivery | None, new: Delivery) -> Delivery:
    """A newer delivery for a target replacing one still waiting: the alert survives (a newer view of an
    alert still alerts), but of a ping the newest says all (post it, or remove it); the message a person
    pressed is still brought up to date."""
    if old is None:
        return new
    update: dict[str, object] = {}
    if old.notify and not new.notify and not isinstance(new.target, PingTarget):
        update["notify"] = True
    if old.pressed is not None and new.pressed is None:
        update["pressed"] = old.pressed
    return new.model_copy(update=update) if update else new
