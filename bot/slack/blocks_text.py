"""Text for Block Kit: Slack's limits, mrkdwn escaping, clipping that never breaks an entity, readable values.

Lengths are measured in UTF-16 code units (what Slack's JavaScript counts), which is never less than Python's
``len``, so a text that fits here fits there.
"""

import json
import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from planning.engine.targets import when_text

MAX_BLOCKS = 50  # per message
MAX_VIEW_BLOCKS = 100  # per modal or Home tab
MAX_SECTION_TEXT = 3000
MAX_CONTEXT_TEXT = 2000
MAX_FALLBACK_TEXT = 4000
MAX_ACTIONS = 25
MAX_BUTTON_TEXT = 75
MAX_BUTTON_VALUE = 2000
MAX_HEADER_TEXT = 150
MAX_MESSAGE_BLOCKS_TEXT = 12_000  # all of a message's block texts together (else Slack: msg_blocks_too_long)
TEXT_BUDGET = 10_000  # what a message's content may take, leaving room for its head, notes and buttons
ELLIPSIS = "…"

_ENTITY_FREE_AMP = re.compile(r"&(?!(?:amp|lt|gt);)")
_OUR_MENTION = re.compile(r"<@[UW][A-Z0-9]{1,30}>")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


def size(text: str) -> int:
    """Length as Slack counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _prefix(text: str, units: int) -> str:
    """The longest prefix of ``text`` that is at most ``units`` UTF-16 code units (never half an emoji)."""
    if units <= 0:
        return ""
    if len(text) * 2 <= units:  # fast path: cannot be too long
        return text
    return text.encode("utf-16-le", "surrogatepass")[: units * 2].decode("utf-16-le", "ignore")


def escape(text: str) -> str:
    """Content as mrkdwn that shows literally: no mention, no link, no channel ping can come out of it.

    Idempotent (an existing ``&amp;``/``&lt;``/``&gt;`` is left alone), so text escaped elsewhere is not
    shown as ``&amp;lt;``."""
    return _ENTITY_FREE_AMP.sub("&amp;", text).replace("<", "&lt;").replace(">", "&gt;")


def unnest_quotes(text: str) -> str:
    """Quotes within quotes as people write them: “Put back what ‘Invite Tom to Sync’ changed”, not three levels of
    “…” (a label quoting a label quoting a title); deeper quote marks are dropped."""
    out: list[str] = []
    depth = 0
    for char in text:
        if char == "“":
            out.append("“" if depth == 0 else "‘" if depth == 1 else "")
            depth += 1
        elif char == "”" and depth > 0:
            depth -= 1
            out.append("”" if depth == 0 else "’" if depth == 1 else "")
        else:
            out.append(char)
    return "".join(out)


def unnest_message(shown: dict[str, Any]) -> dict[str, Any]:
    """A message (``text``, ``blocks``) whose texts quote within quotes as people write it (``unnest_quotes``)."""
    blocks = []
    for block in shown.get("blocks", []):
        if isinstance(block.get("text"), dict):
            block = {**block, "text": {**block["text"], "text": unnest_quotes(str(block["text"].get("text", "")))}}
        if block.get("type") == "context":
            elements = [{**e, "text": unnest_quotes(str(e["text"]))} if "text" in e else e for e in block["elements"]]
            block = {**block, "elements": elements}
        blocks.append(block)
    return {**shown, "text": unnest_quotes(str(shown.get("text", ""))), "blocks": blocks}


def escape_keeping_mentions(text: str) -> str:
    """Like ``escape``, but a user mention we wrote (``<@U123>``) still mentions."""
    parts: list[str] = []
    last = 0
    for match in _OUR_MENTION.finditer(text):
        parts.append(escape(text[last : match.start()]))
        parts.append(match.group(0))
        last = match.end()
    parts.append(escape(text[last:]))
    return "".join(parts)


def clip(text: str, limit: int) -> str:
    """Raw text cut to ``limit`` (UTF-16 units) with "…" when it was longer."""
    if size(text) <= limit:
        return text
    return _prefix(text, limit - 1) + ELLIPSIS


def clip_mrkdwn(text: str, limit: int) -> str:
    """Escaped mrkdwn cut to ``limit`` with "…", never inside an ``&amp;`` entity or a ``<@U…>`` mention."""
    if size(text) <= limit:
        return text
    head = _prefix(text, limit - 1)
    amp, lt = head.rfind("&"), head.rfind("<")
    if amp != -1 and ";" not in head[amp:]:
        head = head[:amp]
    if lt != -1 and ">" not in head[lt:]:
        head = head[:lt]
    return head + ELLIPSIS


def join_lines(
    lines: Sequence[str], limit: int, more: Callable[[int], str], keep: Literal["first", "last"] = "first"
) -> str:
    """Escaped lines joined by newlines within ``limit``; lines that do not fit are counted by ``more(n)``
    (at the end, or at the start when keeping the last lines)."""
    lines = [clip_mrkdwn(line, limit) for line in lines]
    if size("\n".join(lines)) <= limit:
        return "\n".join(lines)
    ordered = lines if keep == "first" else list(reversed(lines))
    note_cost = size(more(len(ordered))) + 1  # the widest count the note can show, and its newline
    kept: list[str] = []
    used = 0
    for line in ordered:
        if used + size(line) + note_cost > limit:
            break
        kept.append(line)
        used += size(line) + 1
    note = more(len(ordered) - len(kept))
    shown = [*kept, note] if keep == "first" else [note, *reversed(kept)]
    return clip_mrkdwn("\n".join(shown), limit)


def split_mrkdwn(text: str, limit: int, max_parts: int) -> list[str]:
    """Escaped mrkdwn in pieces of at most ``limit``, cut at line ends where possible; at most ``max_parts``
    pieces, the last ending in "…" when the text was longer."""
    parts: list[str] = []
    rest = text
    while rest and len(parts) < max_parts:
        if size(rest) <= limit:
            parts.append(rest)
            rest = ""
            break
        head = clip_mrkdwn(rest, limit)[:-1]  # a safe cut, without its "…"
        newline = head.rfind("\n")
        if newline > len(head) // 2:
            head = head[: newline + 1]
        if not head:  # a single entity wider than the limit cannot happen with limit >= 6; guard anyway
            head = rest[:1]
        parts.append(head.rstrip("\n") or head)
        rest = rest[len(head) :]
    if rest and parts:
        last = parts[-1]
        parts[-1] = (last if size(last) < limit else clip_mrkdwn(last, limit - 1)[:-1]) + ELLIPSIS
    return parts or [""]


def when(value: str | datetime, zone: str | None = None) -> str | None:
    """An ISO time with an offset, as people read it: in the requester's ``zone`` with its name ("Thu 5 Mar, 14:00
    EST"); with no zone known, at its own offset ("Thu 5 Mar 2026, 14:00 (UTC-05:00)")."""
    if isinstance(value, str):
        if not _ISO.match(value):
            return None
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if value.tzinfo is None or value.utcoffset() is None:
        return None
    tz = _zone(zone)
    if tz is not None:
        return when_text(value.isoformat(), tz)
    offset = value.strftime("%z")
    return f"{value:%a} {value.day} {value:%b %Y, %H:%M} (UTC{offset[:3]}:{offset[3:]})"


def _zone(name: str | None) -> ZoneInfo | None:
    try:
        return ZoneInfo(name) if name else None
    except (KeyError, ValueError):
        return None


def readable(value: Any, limit: int = 1000, zone: str | None = None) -> str:
    """A value as a person reads it (raw text, not escaped): times spelled out (in ``zone``, the requester's, when
    known), lists joined, long text cut."""
    return clip(_readable(value, zone), limit)


def _readable(value: Any, zone: str | None = None) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, int | float):
        return _number(value)
    if isinstance(value, str | datetime):
        return when(value, zone) or str(value)
    if isinstance(value, list | tuple):
        return ", ".join(
            _readable(item, zone) if not isinstance(item, dict | list) else _compact(item) for item in value
        )
    return _compact(value)


def _number(value: int | float) -> str:
    try:
        return str(value)
    except ValueError:  # an integer past Python's 4,300-digit conversion limit
        return "(a number too long to show)"


def _compact(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return "(a value too large or too complex to show)"


def mrkdwn(text: str, limit: int = MAX_SECTION_TEXT) -> dict[str, Any]:
    return {"type": "mrkdwn", "text": clip_mrkdwn(text, limit) or " "}


def plain(text: str, limit: int) -> dict[str, Any]:
    return {"type": "plain_text", "text": clip(text, limit) or " ", "emoji": True}


def section(text: str) -> dict[str, Any]:
    """A section of escaped mrkdwn (cut to 3,000 characters)."""
    return {"type": "section", "text": mrkdwn(text)}


def context(text: str) -> dict[str, Any]:
    return {"type": "context", "elements": [mrkdwn(text, MAX_CONTEXT_TEXT)]}


def header(text: str) -> dict[str, Any]:
    return {"type": "header", "text": plain(text, MAX_HEADER_TEXT)}


def divider() -> dict[str, Any]:
    return {"type": "divider"}


def message(fallback: str, blocks: list[dict[str, Any]]) -> dict[str, Any]:
    """A chat.postMessage/chat.update body: escaped fallback ``text`` (for notifications) and the blocks, their
    texts together within Slack's limit (the longest sections are cut, with "…", when they would not be)."""
    return {"text": clip_mrkdwn(fallback, MAX_FALLBACK_TEXT) or " ", "blocks": _within_total(blocks[:MAX_BLOCKS])}


def blocks_text_size(value: Any) -> int:
    """The characters of every text in some blocks, as Slack adds them up for ``msg_blocks_too_long``."""
    if isinstance(value, dict):
        return sum(size(v) if k == "text" and isinstance(v, str) else blocks_text_size(v) for k, v in value.items())
    if isinstance(value, list):
        return sum(blocks_text_size(item) for item in value)
    return 0


def _within_total(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    over = blocks_text_size(blocks) - MAX_MESSAGE_BLOCKS_TEXT
    if over <= 0:
        return blocks
    blocks = [dict(block) for block in blocks]
    sections = sorted(
        (i for i, b in enumerate(blocks) if b.get("type") == "section" and isinstance(b.get("text"), dict)),
        key=lambda i: -size(str(blocks[i]["text"].get("text", ""))),
    )
    for index in sections:
        text = str(blocks[index]["text"].get("text", ""))
        keep = max(size(text) - over, 200)
        if keep < size(text):
            blocks[index]["text"] = mrkdwn(text, keep)
            over -= size(text) - size(blocks[index]["text"]["text"])
        if over <= 0:
            break
    return blocks
