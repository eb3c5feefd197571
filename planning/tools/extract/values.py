"""Addresses, phone numbers, numbers and short texts in text, each with where it was found.

A ``text`` field is read, in this order of preference: a label line ("Location: Hilton, Room 4"); for a place
(location, venue, where, address, room) a capitalised name after "at"/"in"/"@" ("at the Hilton" → "Hilton");
otherwise the first sentence that mentions a word of the field's name (clipped to 200 characters).
"""

import re
from datetime import datetime

from planning.tools.extract.ranking import Found, Span, hints_for, sentence_of, stem
from planning.tools.extract.when import lengths, no_such_dates, time_matches
from planning.understanding import timewords as tw

MAX_TEXT = 200
_EMAIL = re.compile(
    r"(?<![\w.+%-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])"
)
_PHONE = re.compile(r"(?<![\w@.+/-])(?:\+|\(\+?)?\d[\d \t().-]{5,}\d(?![\w@/]|-\d)")
_NOT_PHONE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d+\.\d+|\d{4}\s*-\s*\d{4}")
_NUMBER = re.compile(
    r"(?<![\w.,/:#@+-])(?P<cur>[$€£]\s?)?(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?P<f>\.\d+)?"
    r"(?:\s?(?P<sc>k|mm|m|bn|thousand|million|billion)\b)?(?P<pct>\s?%)?(?![\w/:]|[.,]\d)",
    re.IGNORECASE,
)
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
_LABEL = re.compile(r"(?P<label>\b[A-Za-z]+(?:[ -][A-Za-z]+)?)[ \t]*:[ \t]*(?P<value>[^\n]+)")
_CLAUSE_END = re.compile(r"[.!?;](?=\s|$)")
_PLACE_FIELDS = frozenset({"location", "venue", "place", "where", "address", "room"})
_PLACE = re.compile(
    r"(?:\b(?P<at>[Aa]t|[Ii]n)\s+|@\s*)(?P<v>(?:the\s+)?[A-Z0-9][\w'&.-]*(?:[ \t]+(?:of|the|&|[A-Z0-9][\w'&-]*))*)"
)
_NOT_PLACE = frozenset({*tw.MONTHS, *tw.WEEKDAYS, "i", "we", "you", "he", "she", "they", "it", "q1", "q2", "q3"})
_PART = re.compile(r"[ \t]+(?P<part>room|hall|floor|suite|building|lobby|ballroom|auditorium|office)\b")
_JOINED = re.compile(r",?[ \t]+(?:in|at|on)[ \t]+(?:the[ \t]+)?|,[ \t]*")  # "at the Hilton, in the Gramercy room"
_TRAILING = re.compile(r"(?:[ \t]+(?:of|the|&))+$|[.'-]+$")


def emails(text: str, now: datetime, name: str) -> list[Found]:
    return [Found(m[0].rstrip("."), m.span(), key=m[0].rstrip(".").lower()) for m in _EMAIL.finditer(text)]


def _phones(text: str) -> list[Found]:
    found = []
    for m in _PHONE.finditer(text):
        raw = m[0].strip()
        digits = re.sub(r"\D", "", raw)
        if not 7 <= len(digits) <= 15 or _NOT_PHONE.fullmatch(raw):
            continue
        if not (raw.startswith(("+", "(")) or re.search(r"\d[ ().-]+\d", raw) or len(digits) >= 10):
            continue
        found.append(Found(raw, m.span(), key=digits))
    return found


def phones(text: str, now: datetime, name: str) -> list[Found]:
    taken = [f.span for f in emails(text, now, name)]
    return [f for f in _phones(text) if not _overlaps(f.span, taken)]


def numbers(text: str, now: datetime, name: str) -> list[Found]:
    """Plain numbers and amounts ("20", "1,200", "$50k", "15%"), not the digits of times, dates, lengths of
    time, phone numbers or addresses."""
    taken = bytearray(len(text) + 1)  # 1 where a time, date, length, phone number or address is
    spans = [f.span for f in emails(text, now, name)] + [f.span for f in _phones(text)]
    spans += [span for m in time_matches(text, now) for span in m.spans] + no_such_dates(text)
    spans += [span for _, span in lengths(text)]
    for s, e in spans:
        taken[s:e] = b"\1" * (e - s)
    found = []
    for m in _NUMBER.finditer(text):
        if any(taken[m.start() : m.end()]):
            continue
        value = float(m["n"].replace(",", "") + (m["f"] or "")) * _SCALE.get((m["sc"] or "").lower(), 1.0)
        number: int | float = int(value) if value.is_integer() and abs(value) < 2**53 else value
        found.append(Found(number, m.span(), key=repr(float(number))))
    return found


def texts(text: str, now: datetime, name: str) -> list[Found]:
    """A labelled value (+2), a place after "at"/"in" for a place field, else the first sentence naming the
    field (-2)."""
    hints = hints_for(name, None)
    found = []
    for m in _LABEL.finditer(text):
        if {stem(w) for w in re.split(r"[ -]", m["label"])} & hints.label:
            value = _clip(_CLAUSE_END.split(m["value"], maxsplit=1)[0])
            if value:
                found.append(Found(value, m.span("value"), key=value.lower(), adjust=2))
    if hints.label & _PLACE_FIELDS:
        found += _places(text)
    if not found:
        own = {stem(w) for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)} - {""}
        first = _first_sentence_naming(text, own)
        if first is not None:
            found.append(Found(_clip(text[first[0] : first[1]]), first, adjust=-2))
    return found


def _places(text: str) -> list[Found]:
    found: list[Found] = []
    for m in _PLACE.finditer(text):
        words = m["v"].split()
        cut = next((i for i, w in enumerate(words) if w.lower().strip(".,") in _NOT_PLACE), len(words))
        value = _TRAILING.sub("", " ".join(words[:cut])).removeprefix("the ").strip()
        if value and value.lower() not in _NOT_PLACE and not value[0].isdigit():
            span = m.span("v")
            part = _PART.match(text, span[1]) if cut == len(words) else None
            if part is not None:  # "in the Gramercy room": the room's own word kept
                value, span = f"{value} {part['part']}", (span[0], part.end())
            place = Found(value, span, key=value.lower(), adjust=1 if m["at"] in ("at", "At") else 0)
            before = found[-1] if found else None
            if before is not None and _JOINED.fullmatch(text, before.span[1], span[0]):  # a place within a place
                place = Found(f"{before.value}, {value}", (before.span[0], span[1]), adjust=max(before.adjust, 1) + 2)
                found[-1] = place
                continue
            found.append(place)
    return found


def _first_sentence_naming(text: str, words: set[str]) -> Span | None:
    for m in re.finditer(r"[A-Za-z][A-Za-z'-]*", text):
        if stem(m[0]) in words:
            lo, hi = sentence_of(text, m.span())
            while lo < hi and text[lo].isspace():
                lo += 1
            return lo, hi + 1 if text[hi : hi + 1] in (".", "!", "?") else hi
    return None


def _clip(value: str) -> str:
    value = " ".join(value.split())
    return value if len(value) <= MAX_TEXT else value[: MAX_TEXT - 1].rstrip() + "…"


def _overlaps(span: Span, spans: list[Span]) -> bool:
    return any(span[0] < e and s < span[1] for s, e in spans)
