"""Reading aioimaplib's raw response lines: FETCH items, SEARCH results, LIST entries, status codes."""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

_FETCH_START = re.compile(rb"^\d+ FETCH \(")
_LITERAL_AT_END = re.compile(rb"\{(\d+)\+?\}\s*$")
_SECTION_LITERAL = re.compile(rb"(BODY\[[^\]]*\](?:<\d+>)?) \{\d+\}\s*$")
_UID = re.compile(rb"\bUID (\d+)")
_FLAGS = re.compile(rb"\bFLAGS \(([^)]*)\)")
_INTERNALDATE = re.compile(
    rb'\bINTERNALDATE "\s?(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d\d):(\d\d):(\d\d) ([+-])(\d\d)(\d\d)"'
)
_MONTHS = {name: number for number, name in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_LIST = re.compile(rb'^\((?P<attributes>[^)]*)\) (?:"(?:[^"\\]|\\.)*"|NIL) (?P<name>.*)$')
_CODE = re.compile(r"\[([A-Z-]+)")

Lines = Sequence[bytes | bytearray]


@dataclass(frozen=True)
class Fetched:
    """One message of a UID FETCH: UID, flags, INTERNALDATE and the sections asked for (``BODY[HEADER]``...);
    ``text`` is the rest of the response (BODYSTRUCTURE is read from it)."""

    uid: int
    flags: frozenset[str]
    internal_date: datetime | None
    sections: dict[str, bytes]
    text: bytes = b""


def parse_fetch(lines: Lines) -> list[Fetched]:
    """Every message of a FETCH response. A section's literal is the element after a line ending in
    ``BODY[...] {n}``; the text around literals holds UID, FLAGS and INTERNALDATE."""
    messages: list[tuple[bytes, dict[str, bytes]]] = []
    text, section_next = b"", None
    sections: dict[str, bytes] = {}
    for piece in lines:
        if section_next is not None:
            sections[section_next], section_next = bytes(piece), None
            continue
        if _FETCH_START.match(piece):
            if text:
                messages.append((text, sections))
            text, sections = bytes(piece), {}
        elif text:
            text += b" " + bytes(piece)
        found = _SECTION_LITERAL.search(piece) if text else None
        section_next = found.group(1).decode("ascii", "replace").upper() if found else None
    if text:
        messages.append((text, sections))
    return [fetched for fetched in (_item(t, s) for t, s in messages) if fetched is not None]


def _item(text: bytes, sections: dict[str, bytes]) -> Fetched | None:
    uid = _UID.search(text)
    if uid is None:  # an unsolicited FETCH (a flag change by another client)
        return None
    flags = _FLAGS.search(text)
    return Fetched(
        uid=int(uid.group(1)),
        flags=frozenset(flags.group(1).decode("ascii", "replace").split()) if flags else frozenset(),
        internal_date=internal_date(text),
        sections=sections,
        text=text,
    )


def internal_date(text: bytes) -> datetime | None:
    """``INTERNALDATE "02-Mar-2026 14:00:05 +0000"`` → an aware datetime."""
    found = _INTERNALDATE.search(text)
    if found is None:
        return None
    day, month, year, hour, minute, second, sign, off_h, off_m = found.groups()
    month_number = _MONTHS.get(month.decode().lower())
    if month_number is None:
        return None
    offset = timedelta(hours=int(off_h), minutes=int(off_m)) * (-1 if sign == b"-" else 1)
    return datetime(int(year), month_number, int(day), int(hour), int(minute), int(second), tzinfo=timezone(offset))


def parse_search(lines: Lines) -> list[int]:
    """The UIDs of a SEARCH response (aioimaplib strips the ``SEARCH`` word; the last line is the status)."""
    uids: list[int] = []
    for line in lines[:-1]:
        uids.extend(int(word) for word in bytes(line).split() if word.isdigit())
    return uids


def parse_list(lines: Lines) -> list[tuple[frozenset[str], str]]:
    """(attributes, mailbox name as the server spells it) for each LIST entry."""
    entries: list[tuple[frozenset[str], str]] = []
    pending: frozenset[str] | None = None
    for line in lines:
        if pending is not None:
            entries.append((pending, bytes(line).decode("utf-8", "replace")))
            pending = None
            continue
        found = _LIST.match(bytes(line))
        if found is None:
            continue
        attributes = frozenset(found.group("attributes").decode("ascii", "replace").lower().split())
        name = found.group("name").strip()
        if _LITERAL_AT_END.search(name):
            pending = attributes
        else:
            entries.append((attributes, _unquote(name.decode("utf-8", "replace"))))
    return entries


def status_codes(lines: Lines) -> set[str]:
    """The response codes (``[TRYCREATE]``, ``[AUTHENTICATIONFAILED]``...) in a response's lines."""
    return {code for line in lines for code in _CODE.findall(bytes(line).decode("utf-8", "replace"))}


def first_code_value(lines: Lines, code: str) -> str | None:
    """The words after ``[CODE`` (e.g. ``APPENDUID 17 42`` → ``17 42``), from the first line that has it."""
    pattern = re.compile(rf"\[{re.escape(code)} ([^\]]*)\]")
    for line in lines:
        found = pattern.search(bytes(line).decode("utf-8", "replace"))
        if found:
            return found.group(1)
    return None


def _unquote(name: str) -> str:
    if len(name) >= 2 and name[0] == name[-1] == '"':
        return re.sub(r"\\(.)", r"\1", name[1:-1])
    return name
