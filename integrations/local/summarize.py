"""Extractive, offline summaries: no model, same input → same summary.

- Text: the sentences that score highest by the frequency of their content words, in their original order.
- A list (a step's ``data``: emails, events, records, slots): a count, then one line per item, capped.
  An email line is "sender: subject — first sentence of the snippet".
- ``instructions`` may ask for a length ("in 2 sentences", "one line", "briefly"); other wishes are ignored.
"""

import re
from collections import Counter
from collections.abc import Mapping
from datetime import datetime
from typing import Any

DEFAULT_SENTENCES = 3
MAX_ITEMS = 10
LINE_LENGTH = 200

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_LENGTH = re.compile(r"\b(\d+|" + "|".join(_NUMBERS) + r")[\s-]+(sentence|line|bullet|point|item)s?\b", re.I)
_BRIEF = re.compile(r"\b(brief(ly)?|short|tl;?dr|one-liner|in a nutshell)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\n\s*\n|\n(?=\s*[-*•])")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
_STOPWORDS = frozenset(
    """a about above after again all also am an and any are as at be because been before being below between both
    but by can could did do does doing down during each few for from further had has have having he her here hers
    him his how i if in into is it its just me more most my no nor not now of off on once only or other our ours
    out over own same she should so some such than that the their them then there these they this those through
    to too under until up very was we were what when where which while who whom why will with would you your
    yours hi hello thanks thank regards best please let know""".split()
)


def summarize(text: Any, instructions: str | None = None) -> dict[str, str]:
    """The ``summarize`` tool's ``data``: ``{"summary": ...}``."""
    return {"summary": _summary(text, requested_length(instructions))}


def requested_length(instructions: str | None) -> int | None:
    """How many sentences or lines the instructions ask for, if they say."""
    if not instructions:
        return None
    match = _LENGTH.search(instructions)
    if match:
        count = match.group(1).lower()
        return max(1, int(count) if count.isdigit() else _NUMBERS[count])
    return 1 if _BRIEF.search(instructions) else None


def summarize_text(text: str, sentences: int = DEFAULT_SENTENCES) -> str:
    parts = [" ".join(part.split()) for part in _SENTENCE_END.split(text)]
    parts = [part for part in parts if part]
    if len(parts) <= sentences:
        return " ".join(parts)
    frequency = Counter(word for part in parts for word in _content_words(part))

    def score(index: int) -> float:
        words = _content_words(parts[index])
        return sum(frequency[word] for word in words) / len(words) ** 0.5 if words else 0.0

    best = sorted(range(len(parts)), key=lambda index: (-score(index), index))[:sentences]
    return " ".join(parts[index] for index in sorted(best))


def describe(item: Any) -> str:
    """One line for one item of a result."""
    if not isinstance(item, Mapping):
        return _clip(" ".join(str(item).split()))
    if "subject" in item and ("from" in item or "snippet" in item):
        line = _email_line(item)
    elif "title" in item and "startTime" in item:
        line = _event_line(item)
    elif set(item) >= {"start", "end"} and len(item) == 2:
        line = f"{_when(item['start'])} – {_when(item['end'])}"
    else:
        line = _record_line(item)
    return _clip(line)


def _summary(value: Any, length: int | None) -> str:
    if isinstance(value, str):
        return summarize_text(value, length or DEFAULT_SENTENCES)
    if isinstance(value, Mapping):
        if set(value) == {"data"}:
            return _summary(value["data"], length)
        return describe(value)
    if isinstance(value, list | tuple):
        return _list_summary(list(value), length or MAX_ITEMS)
    return str(value)


def _list_summary(items: list[Any], cap: int) -> str:
    if not items:
        return "Nothing to summarize."
    kind = _kind(items[0])
    count = f"{len(items)} {kind}{'' if len(items) == 1 else 's'}"
    unread = sum(1 for item in items if isinstance(item, Mapping) and item.get("unread") is True)
    header = f"{count} ({unread} unread):" if kind == "email" and unread else f"{count}:"
    lines = [f"- {describe(item)}" for item in items[:cap]]
    if len(items) > cap:
        lines.append(f"- … and {len(items) - cap} more")
    return "\n".join([header, *lines])


def _kind(item: Any) -> str:
    if isinstance(item, Mapping):
        if "subject" in item and ("from" in item or "snippet" in item):
            return "email"
        if "startTime" in item:
            return "event"
        if set(item) == {"start", "end"}:
            return "free slot"
        if "id" in item:
            return "record"
    return "item"


def _email_line(email: Mapping[str, Any]) -> str:
    sender = re.sub(r"\s*<[^>]*>\s*$", "", str(email.get("from") or "")).strip() or "Unknown sender"
    subject = str(email.get("subject") or "(no subject)")
    first = _first_sentence(str(email.get("snippet") or ""))
    line = f"{sender}: {subject}" + (f" — {first}" if first else "")
    return line + (" (unread)" if email.get("unread") is True else "")


def _event_line(event: Mapping[str, Any]) -> str:
    line = f"{_when(event['startTime'])}: {event.get('title') or '(untitled)'}"
    attendees = event.get("attendees") or []
    if attendees:
        line += f" with {', '.join(map(str, attendees))}"
    if event.get("location"):
        line += f" at {event['location']}"
    return line


def _record_line(record: Mapping[str, Any]) -> str:
    """A CRM record: its name (a task's subject), then its other fields; a note or task names what it is about."""
    title = "name" if "name" in record else "subject"
    name = record.get(title)
    details = [f"{key}: {_value(value)}" for key, value in record.items() if key not in ("id", title) and value]
    head = str(name) if name else str(record.get("id", ""))
    return f"{head} ({', '.join(details)})" if details and head else head or ", ".join(details)


def _value(value: Any) -> str:
    if isinstance(value, Mapping) and {"entityType", "id"} <= set(value):
        return f"{value['entityType']} {value['id']}"
    if isinstance(value, float) and value.is_integer():
        return f"{int(value):,}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _when(value: Any) -> str:
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    return f"{moment:%a %d %b %H:%M}"


def _first_sentence(text: str) -> str:
    flat = " ".join(text.split())
    match = re.search(r"(?<=[.!?])\s", flat)
    return flat[: match.start()] if match else flat


def _content_words(text: str) -> list[str]:
    return [word for word in _WORD.findall(text.casefold()) if word not in _STOPWORDS and not word.isdigit()]


def _clip(text: str) -> str:
    return text if len(text) <= LINE_LENGTH else text[: LINE_LENGTH - 1].rstrip() + "…"
