"""A language model's extracted values checked against their field types: a value that fails is null.

    datetime  ISO 8601 with an offset → normalised to the request's zone ("2026-03-12T10:00:00-04:00")
    date      YYYY-MM-DD that exists;  time  HH:MM (24 hours; seconds dropped)
    duration  a positive number of minutes, at most a year → int;  number  a finite number (not a boolean)
    email     one address;  phone  7–15 digits in phone characters;  text  a non-empty string, clipped
A string of digits passes as a number or a duration ("180"); anything else that is not of its type fails.
"""

import json
import math
import re
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

MAX_TEXT = 500
MAX_MINUTES = 366 * 24 * 60
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TIME = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?")
_EMAIL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_PHONE = re.compile(r"\+?[\d\s().-]+")
_NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)


def answer_object(answer: str) -> dict[str, Any] | None:
    """The JSON object in the model's answer (a fenced block or text around it allowed), or None."""
    text = _FENCE.sub("", answer.strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        return None
    try:
        value = json.loads(text[start : end + 1])
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def checked(kind: str, value: Any, zone: ZoneInfo) -> Any:
    """``value`` as a valid ``kind`` (normalised), or None."""
    if value is None:
        return None
    check = _CHECKS.get(kind)
    try:
        return None if check is None else check(value, zone)
    except (ValueError, TypeError, OverflowError):
        return None


def _datetime(value: Any, zone: ZoneInfo) -> str | None:
    if not isinstance(value, str):
        return None
    moment = datetime.fromisoformat(value.strip())
    if moment.tzinfo is None or not 1900 <= moment.year <= 2200:
        return None
    return moment.astimezone(zone).isoformat(timespec="seconds")


def _date(value: Any, _: ZoneInfo) -> str | None:
    if not isinstance(value, str) or not _DATE.fullmatch(value.strip()):
        return None
    return date.fromisoformat(value.strip()).isoformat()


def _time(value: Any, _: ZoneInfo) -> str | None:
    match = _TIME.fullmatch(value.strip()) if isinstance(value, str) else None
    return None if match is None else f"{int(match[1]):02d}:{match[2]}"


def _number(value: Any, _: ZoneInfo) -> int | float | None:
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        value = float(value.strip().replace(",", ""))
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else value


def _duration(value: Any, zone: ZoneInfo) -> int | None:
    minutes = _number(value, zone)
    if minutes is None or not 0 < minutes <= MAX_MINUTES:
        return None
    return max(1, round(minutes))


def _email(value: Any, _: ZoneInfo) -> str | None:
    return value.strip() if isinstance(value, str) and _EMAIL.fullmatch(value.strip()) else None


def _phone(value: Any, _: ZoneInfo) -> str | None:
    if not isinstance(value, str) or not _PHONE.fullmatch(value.strip()):
        return None
    digits = re.sub(r"\D", "", value)
    return " ".join(value.split()) if 7 <= len(digits) <= 15 else None


def _text(value: Any, _: ZoneInfo) -> str | None:
    if not isinstance(value, str):
        return None
    text = " ".join(value.split())
    if not text:
        return None
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1].rstrip() + "…"


_CHECKS = {
    "datetime": _datetime,
    "date": _date,
    "time": _time,
    "duration": _duration,
    "number": _number,
    "email": _email,
    "phone": _phone,
    "text": _text,
}
