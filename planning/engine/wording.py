"""Values as people read them on a card: labels for argument names ("Start", not ``startTime``), times in the
requester's zone with the zone's name, amounts with a currency sign, dates and lengths in words."""

from datetime import date, datetime, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.repeats import repeat_in_words

LABELS = {
    "startTime": "Start",
    "endTime": "End",
    "durationMinutes": "Length",
    "shiftMinutes": "Move by",
    "addAttendees": "Invite",
    "removeAttendees": "Remove",
    "attendees": "Attendees",
    "recurrence": "Repeats",
    "to": "To",
    "cc": "Cc",
    "body": "Message",
    "replyAll": "Reply to everyone",
    "response": "Your answer",
    "dueDate": "Due",
    "closeDate": "Close date",
    "entityType": "Type",
    "about": "About",
}
_AMOUNTS = frozenset({"amount"})
# an answer to an invitation as people say it, not as calendars store it (needsAction, tentative)
_ANSWER_WORDS = {
    "needsAction": "not answered",
    "none yet": "not answered",
    "accept": "accepted",
    "accepted": "accepted",
    "decline": "declined",
    "declined": "declined",
    "tentative": "maybe",
    "tentativelyAccepted": "maybe",
    "maybe": "maybe",
}


def clipped(text: str, size: int = 80) -> str:
    """``text`` cut to ``size`` characters, an ellipsis last where it was cut."""
    return text if len(text) <= size else text[: size - 1] + "…"


def label(key: str) -> str:
    """ "Start" for ``startTime``; an unknown name in words (``closeDate`` -> "Close date")."""
    if key in LABELS:
        return LABELS[key]
    words = name_in_words(key)
    return words[:1].upper() + words[1:]


def name_in_words(name: str) -> str:
    """ "close date" for ``closeDate`` or ``close_date``."""
    spaced = "".join(
        f" {c}" if c.isupper() and i and (name[i - 1].islower() or name[i - 1].isdigit()) else c
        for i, c in enumerate(name)
    )
    return spaced.replace("_", " ").strip().lower()


def _iso_shaped(value: str, shape: str) -> bool:
    """Whether ``value`` starts with ``shape`` ("dddd-dd-dd": digits where "d" is, the same marks elsewhere)."""
    return len(value) >= len(shape) and all(
        v.isdigit() if s == "d" else v == s for v, s in zip(value, shape, strict=False)
    )


def moment(value: Any, tz: tzinfo) -> datetime | None:
    """An ISO time with an offset, in ``tz``; None for anything else."""
    if not isinstance(value, str) or not _iso_shaped(value, "dddd-dd-ddTdd:dd"):
        return None
    try:
        found = datetime.fromisoformat(value)
    except ValueError:
        return None
    return found.astimezone(tz) if found.tzinfo else None


def when_text(value: Any, tz: tzinfo, end: Any = None) -> str:
    """ "Thu 5 Mar, 14:00–14:30 EST" in the requester's zone."""
    start = moment(value, tz)
    if start is None:
        return str(value)
    text = f"{start:%a} {start.day} {start:%b}, {start:%H:%M}"
    finish = moment(end, tz)
    if finish is not None:
        text += (
            f"–{finish:%H:%M}"
            if finish.date() == start.date()
            else f" – {finish:%a} {finish.day} {finish:%b}, {finish:%H:%M}"
        )
    return f"{text} {start.tzname()}"


def short_when(value: Any, tz: ZoneInfo) -> str:
    """ "Thu 5 Mar 14:00" (for a heading; the zone is on the card's lines)."""
    start = moment(value, tz)
    return f"{start:%a} {start.day} {start:%b} {start:%H:%M}" if start is not None else ""


def day_text(value: Any) -> str:
    """ "Thu 12 Mar 2026" for ``2026-03-12``."""
    if isinstance(value, date):
        day = value
    elif isinstance(value, str) and len(value) == 10 and _iso_shaped(value, "dddd-dd-dd"):
        try:
            day = date.fromisoformat(value)
        except ValueError:
            return value
    else:
        return str(value)
    return f"{day:%a} {day.day} {day:%b %Y}"


def money(value: Any) -> str:
    """ "$125,000" for an amount (the account's currency is not known here: the dollar sign is what CRMs show)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"${value:,.0f}" if float(value).is_integer() else f"${value:,.2f}"
    return str(value)


CODED = frozenset({"stage", "status", "dealStage", "leadStatus"})  # fields a CRM keeps as codes ("closed_won")


def coded_words(value: str) -> str:
    """ "Closed won" for the code ``closed_won``."""
    words = value.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def length_text(minutes: Any) -> str:
    """ "30 min", "1 h", "1 h 30 min"."""
    if not isinstance(minutes, int | float) or isinstance(minutes, bool):
        return str(minutes)
    hours, rest = divmod(int(minutes), 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h" + (f" {rest} min" if rest else "")


def value_text(key: str, value: Any, tz: ZoneInfo) -> str:
    """One argument's or field's value in words: every item of a list (nothing that decides is cut)."""
    if value in (None, "", []):
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in _AMOUNTS:
        return money(value)
    if key in CODED and isinstance(value, str):
        return coded_words(value)
    if key in ("response", "myResponse") and isinstance(value, str):
        return _ANSWER_WORDS.get(value, value)
    if key in ("durationMinutes", "shiftMinutes"):
        return length_text(value)
    if key == "recurrence" and isinstance(value, str):
        return repeat_in_words(value)
    if isinstance(value, list):
        return ", ".join(value_text(key, item, tz) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{label(k)} {value_text(k, v, tz)}" for k, v in value.items() if v not in (None, ""))
    if isinstance(value, str) and (found := moment(value, tz)) is not None:
        return when_text(found.isoformat(), tz)
    if isinstance(value, str) and len(value) == 10 and _iso_shaped(value, "dddd-dd-dd"):
        return day_text(value)
    return str(value)
