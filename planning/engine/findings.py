"""Answers in words for reads the user asked to see (contract §2.8).

Every read shown to the user comes with a sentence: how many were found, what was searched when nothing matched
("No events on Sunday 8 March."), yes or no for "am I free at 3?", and the field asked for ("Maria Garcia's phone
number is +1 555 0100.").
"""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.session import Session, StepRun

FIELD_WORDS = {"phone": "phone number", "email": "email address", "title": "title", "company": "company"}
NOUNS = {
    "fetch_calendar_events": ("event", "events"),
    "fetch_emails": ("email", "emails"),
    "find_free_slots": ("free slot", "free slots"),
}


def answer(session: Session, run: StepRun, arguments: dict[str, Any], data: Any) -> str | None:
    """The sentence for a read's result; None for results that are not lists (a summary speaks for itself)."""
    if not isinstance(data, list):
        return None
    tz = ZoneInfo(session.tz)
    goal = session.parse.goals[run.step.goal] if run.step.goal < len(session.parse.goals) else None
    if goal is not None and goal.entity == "availability":
        return _free_or_not(run, arguments, data, tz)
    asked = goal.scope.get("asked_field") if goal is not None else None
    if isinstance(asked, str) and data:
        return _field(data, asked)
    singular, plural = _nouns(run, arguments)
    where = _searched(run.step.tool, arguments, tz)
    if not data:
        return f"No {plural}{where}."
    return f"{len(data)} {singular if len(data) == 1 else plural}{where}."


def _nouns(run: StepRun, arguments: dict[str, Any]) -> tuple[str, str]:
    if run.step.tool == "fetch_entity":
        kind = str(arguments.get("entityType", "record")).lower()
        return kind, kind + "s"
    return NOUNS.get(run.step.tool, ("result", "results"))


def _searched(tool: str, arguments: dict[str, Any], tz: ZoneInfo) -> str:
    """What was searched, as words: " from Maria about “contract” since Mon 23 Feb"."""
    parts: list[str] = []
    if tool == "fetch_calendar_events":
        parts.append(_range(arguments.get("start"), arguments.get("end"), tz))
        if arguments.get("query"):
            parts.append(f"matching “{arguments['query']}”")
        if arguments.get("attendee"):
            parts.append(f"with {arguments['attendee']}")
    elif tool == "fetch_emails":
        if arguments.get("sender"):
            parts.append(f"from {arguments['sender']}")
        for key in ("query", "subject"):
            if arguments.get(key):
                parts.append(f"about “{arguments[key]}”")
        if arguments.get("since"):
            parts.append(f"since {_day(arguments['since'], tz)}")
        if arguments.get("unreadOnly"):
            parts.insert(0, "unread")
    elif tool == "fetch_entity":
        filters = arguments.get("filters") or {}
        words = [f"{key} “{value}”" for key, value in filters.items() if isinstance(value, str | int | float)]
        if words:
            parts.append("with " + ", ".join(words))
    elif tool == "find_free_slots":
        parts.append(_range(arguments.get("windowStart"), arguments.get("windowEnd"), tz))
    text = " ".join(part for part in parts if part)
    return f" {text}" if text else ""


def _range(start: Any, end: Any, tz: ZoneInfo) -> str:
    begin, finish = _moment(start, tz), _moment(end, tz)
    if begin is None:
        return ""
    midnight = begin.hour == begin.minute == 0
    if finish is not None and midnight and finish - begin == timedelta(days=1):
        return f"on {begin:%A} {begin.day} {begin:%B}"
    if finish is None:
        return f"from {_when(begin)}"
    return f"between {_when(begin)} and {_when(finish)}"


def _free_or_not(run: StepRun, arguments: dict[str, Any], data: list[Any], tz: ZoneInfo) -> str:
    """ "Am I free at 3?": yes or no, naming what is there."""
    start = _moment(arguments.get("start") or arguments.get("windowStart"), tz)
    at = f" at {_when(start)}" if start else ""
    if run.step.tool == "find_free_slots" and not _one_slot(arguments, tz):
        return _slots(arguments, data, tz)  # "find 30 minutes tomorrow": the slots found, not a yes or no
    if run.step.tool == "find_free_slots":
        return f"Yes, you are free{at}." if data else f"No, you are not free{at}."
    if not data:
        return f"Yes, you are free{at}."
    titles = ", ".join(str(item.get("title", "an event")) for item in data[:3] if isinstance(item, dict))
    return f"No, you have {titles or 'something'}{at}."


def _one_slot(arguments: dict[str, Any], tz: ZoneInfo) -> bool:
    """Whether a free-slot search asks about one time only (its window is as long as the meeting)."""
    start, end = _moment(arguments.get("windowStart"), tz), _moment(arguments.get("windowEnd"), tz)
    minutes = arguments.get("durationMinutes")
    if start is None or end is None or not isinstance(minutes, int):
        return True
    return end - start <= timedelta(minutes=minutes)


def _slots(arguments: dict[str, Any], data: list[Any], tz: ZoneInfo) -> str:
    where = _searched("find_free_slots", arguments, tz)
    if not data:
        return f"No free slots{where}."
    spans = []
    for slot in data[:3]:
        begin, finish = (_moment(slot.get(k), tz) if isinstance(slot, dict) else None for k in ("start", "end"))
        if begin is not None:
            spans.append(f"{_when(begin)}–{finish:%H:%M}" if finish is not None else _when(begin))
    count = f"{len(data)} free slot{'' if len(data) == 1 else 's'}{where}"
    return f"{count}; the first: {', '.join(spans)}." if spans else f"{count}."


def _field(data: list[Any], asked: str) -> str:
    first = data[0] if isinstance(data[0], dict) else {}
    name = first.get("name") or "They"
    words = FIELD_WORDS.get(asked, asked)
    value = first.get(asked)
    more = f" ({len(data) - 1} more match)" if len(data) > 1 else ""
    if not value:
        return f"{name} has no {words} on record{more}."
    return f"{name}'s {words} is {value}{more}."


def _moment(value: Any, tz: ZoneInfo) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment.astimezone(tz) if moment.tzinfo else None


def _when(moment: datetime) -> str:
    return f"{moment:%a} {moment.day} {moment:%b} {moment:%H:%M}"


def _day(value: Any, tz: ZoneInfo) -> str:
    moment = _moment(value, tz)
    return f"{moment:%a} {moment.day} {moment:%b}" if moment else str(value)
