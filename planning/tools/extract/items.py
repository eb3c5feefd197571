"""The ``text`` of an extract call as items to read in order: a string, or a result (emails, events, records).

An email's text is its body, else its subject and snippet; another record's is its fields as ``key: value``
lines (so "location: Hilton" reads like a label). An item with a ``date`` (an email's) is read relative to
that date. Items and their text are capped so that a huge result stays fast.
"""

from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

MAX_ITEMS = 50
MAX_CHARS = 20_000  # of one item
MAX_TOTAL = 200_000  # of all items (about half a second of reading)
_SKIPPED_KEYS = frozenset({"id", "threadId", "ref", "attachments", "unread", "myResponse"})


@dataclass(frozen=True, slots=True)
class Item:
    text: str
    now: datetime  # what "today", "Thursday" and "at 3" are read against


def items_of(value: Any, now: datetime) -> list[Item]:
    """The items of ``value`` in order; ``now`` (aware) for those without a date of their own."""
    if isinstance(value, dict) and set(value) == {"data"}:
        value = value["data"]
    parts = value if isinstance(value, list) else [value]
    items, budget = [], MAX_TOTAL
    for part in parts[:MAX_ITEMS]:
        item = _item(part, now)
        if item.text.strip() and budget > 0:
            items.append(Item(item.text[:budget], item.now))
            budget -= len(item.text)
    return items


def _item(part: Any, now: datetime) -> Item:
    if isinstance(part, dict):
        return Item(_record_text(part)[:MAX_CHARS], _sent(part.get("date"), now))
    if isinstance(part, list):
        return Item(" ".join(_scalar(x) for x in part)[:MAX_CHARS], now)
    return Item(_scalar(part)[:MAX_CHARS], now)


def _record_text(record: dict[str, Any]) -> str:
    body = record.get("body")
    if isinstance(body, str) and body.strip():
        return body
    mail = [record[k] for k in ("subject", "snippet") if isinstance(record.get(k), str) and record[k].strip()]
    if mail:
        return "\n".join(mail)
    lines = []
    for key, value in record.items():
        if key in _SKIPPED_KEYS or value in (None, "", [], {}):
            continue
        shown = ", ".join(_scalar(x) for x in value) if isinstance(value, list) else _scalar(value)
        lines.append(f"{key}: {shown}")
    return "\n".join(lines)


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_scalar(v)}" for k, v in value.items() if not isinstance(v, dict | list))
    return "" if value is None else str(value)


def _sent(value: Any, now: datetime) -> datetime:
    """An item's own date as the clock it is read against (in the request's zone); ``now`` when it has none."""
    if not isinstance(value, str):
        return now
    try:
        sent = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return now
    zone: tzinfo | None = now.tzinfo
    if sent.tzinfo is None:
        return sent.replace(tzinfo=zone)
    return sent.astimezone(zone)
