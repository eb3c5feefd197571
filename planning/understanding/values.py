"""Typed values in a request: money amounts, deal stages, lead statuses, phone numbers, limits."""

import re

_AMOUNT = re.compile(
    r"(?:\$|usd\s*|€|£)?\b(\d+(?:[.,]\d+)*)\s*(k|m|mm|thousand|million|grand|bn|billion)?\b(?:\s*(?:dollars|usd|bucks|euros?))?",
    re.I,
)
_MONEY_CONTEXT = re.compile(r"\$|\b(?:worth|amount|valued?|for|at|of|to|dollars|usd|k|m|thousand|million)\b", re.I)
_SCALE = {
    "k": 1e3,
    "thousand": 1e3,
    "grand": 1e3,
    "m": 1e6,
    "mm": 1e6,
    "million": 1e6,
    "bn": 1e9,
    "billion": 1e9,
}
_STAGES = [
    (re.compile(r"\bclosed[ -]?won\b|\bwon\b", re.I), "closed_won"),
    (re.compile(r"\bclosed[ -]?lost\b|\blost\b", re.I), "closed_lost"),
    (re.compile(r"\bnegotiat\w*\b", re.I), "negotiation"),
    (re.compile(r"\bproposal\b", re.I), "proposal"),
    (re.compile(r"\bqualification\b", re.I), "qualification"),
    (re.compile(r"\bprospecting\b", re.I), "prospecting"),
]
_STATUSES = [
    (re.compile(r"\bunqualified\b|\bnot qualified\b|\bdisqualified\b", re.I), "unqualified"),
    (re.compile(r"\bqualified\b", re.I), "qualified"),
    (re.compile(r"\bcontacted\b", re.I), "contacted"),
    (re.compile(r"\bnew\b", re.I), "new"),
]
_OPEN = re.compile(r"\b(?:open|active|in progress|ongoing|pending)\b", re.I)
_PHONE = re.compile(r"(?<![\w@])(\+?\d[\d\s().-]{5,}\d)(?![\w@])")
# "next week", "last Friday" name a period, not how many
_LATEST = re.compile(
    r"\b(?:last|latest|most recent|newest|recent(?:ly)? received|next|first)\b(?! \d)"
    r"(?! (?:week|weekend|month|year|quarter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b)",
    re.I,
)
_COUNT = re.compile(
    r"\b(?:last|latest|first|top|next)\s+(\d{1,3})\b(?!\s*(?:hours?|minutes?|days?|weeks?|months?))", re.I
)
_UNREAD = re.compile(r"\b(?:unread|new|unopened|haven't read|not read)\b", re.I)


def amount(text: str) -> float | None:
    """A money amount ("50k", "$20,000", "20000 dollars", "1.2m"); not a time, a count or a phone number."""
    for match in _AMOUNT.finditer(text):
        number, scale = match.group(1), (match.group(2) or "").lower()
        before = text[max(0, match.start() - 12) : match.start()]
        whole = match.group(0)
        if not (scale or "$" in whole or re.search(r"dollars|usd|bucks|euro", whole, re.I)):
            if not re.search(r"\b(?:worth|amount(?: to)?|valued? at|at|for|to)\s*$", before, re.I):
                continue
            if re.match(r"\s*(?:am|pm|:|\d|minutes?|hours?|days?|o'clock)", text[match.end() :], re.I):
                continue
        try:
            value = float(number.replace(",", ""))
        except ValueError:
            continue
        return value * _SCALE.get(scale, 1.0)
    return None


def stage(text: str) -> str | None:
    return next((value for pattern, value in _STAGES if pattern.search(text)), None)


def status(text: str) -> str | None:
    return next((value for pattern, value in _STATUSES if pattern.search(text)), None)


def wants_open(text: str) -> bool:
    return _OPEN.search(text) is not None


def phone(text: str) -> str | None:
    for match in _PHONE.finditer(text):
        digits = re.sub(r"\D", "", match.group(1))
        if 7 <= len(digits) <= 15:
            return match.group(1).strip()
    return None


def limit(text: str) -> int | None:
    """How many items the request wants: "the last email" → 1, "last 5 emails" → 5."""
    count = _COUNT.search(text)
    if count:
        return int(count.group(1))
    if _LATEST.search(text) and not re.search(r"\b(?:emails|messages|meetings|events|appointments)\b", text, re.I):
        return 1
    return None


def unread(text: str) -> bool:
    return _UNREAD.search(text) is not None
