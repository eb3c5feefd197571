"""Answers in words for reads the user asked to see (contract §2.8).

Every read shown to the user comes with a sentence: how many were found, what was searched when nothing matched
("No events on Sunday 8 March."), yes or no for "am I free at 3?", and the field asked for ("Maria Garcia's phone
number is +1 555 0100."), for "who's coming to …" the event's attendees, and for "what's the agenda" its
description. Times are the requester's, with the zone's name ("Fri 6 Mar, 10:00 EST").
"""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.mail_words import mail_words
from planning.engine.record_fields import fields_answer
from planning.engine.session import Session, StepRun
from planning.engine.targets import when_text

FIELD_WORDS = {"phone": "phone number", "email": "email address", "title": "title", "company": "company"}
NOUNS = {
    "fetch_calendar_events": ("event", "events"),
    "fetch_emails": ("email", "emails"),
    "find_free_slots": ("free slot", "free slots"),
}


def answer(
    session: Session, run: StepRun, arguments: dict[str, Any], data: Any, *, there: list[dict[str, Any]] | None = None
) -> str | None:
    """The sentence for a read's result; None for results that are not lists (a summary speaks for itself).
    ``there``: for "am I free at 3?" answered no, the requester's events at that time (``busy_at``)."""
    if not isinstance(data, list):
        return None
    tz = ZoneInfo(session.tz)
    goal = session.parse.goals[run.step.goal] if run.step.goal < len(session.parse.goals) else None
    if goal is not None and goal.entity == "availability":
        return _free_or_not(run, arguments, data, tz, there or [])
    asked = goal.scope.get("asked_field") if goal is not None else None
    each = goal.scope.get("event_fields_asked") if goal is not None else None
    if isinstance(each, list) and each and run.step.tool == "fetch_calendar_events" and data:
        return " ".join(_descriptions(data, tz) if field == "description" else _attendees(data, tz) for field in each)
    if asked == "attendees" and run.step.tool == "fetch_calendar_events" and data:
        return _attendees(data, tz)
    if asked == "description" and run.step.tool == "fetch_calendar_events" and data:
        return _descriptions(data, tz)
    if isinstance(asked, str) and data:
        return _field(data, asked)
    fields = goal.scope.get("asked_fields") if goal is not None else None
    if isinstance(fields, list) and fields and run.step.tool == "fetch_entity" and data:
        return fields_answer(data, fields)  # "what's it worth and when does it close": each field asked
    if goal is not None and goal.scope.get("content_asked") and run.step.tool == "fetch_emails" and data:
        return mail_words(data, tz)  # "what did laura say about the redlines": what she wrote
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
    if finish is None:
        return f"from {_when(begin, tz)}"
    if _midnight(begin) and _midnight(finish):  # whole days: "on Friday 6 March", "from Mon 2 Mar to Sun 15 Mar"
        last = finish - timedelta(days=1)
        if last.date() == begin.date():
            return f"on {begin:%A} {begin.day} {begin:%B}"
        return f"from {_day(begin.isoformat(), tz)} to {_day(last.isoformat(), tz)}"
    return f"between {_when(begin, tz)} and {_when(finish, tz)}"


def _midnight(moment: datetime) -> bool:
    return moment.hour == moment.minute == moment.second == 0


def _free_or_not(
    run: StepRun, arguments: dict[str, Any], data: list[Any], tz: ZoneInfo, there: list[dict[str, Any]]
) -> str:
    """ "Am I free at 3?": yes or no, naming what is there."""
    start = _moment(arguments.get("start") or arguments.get("windowStart"), tz)
    at = f" at {_when(start, tz)}" if start else ""
    if run.step.tool == "find_free_slots" and not _one_slot(arguments, tz):
        return _slots(arguments, data, tz)  # "find 30 minutes tomorrow": the slots found, not a yes or no
    if run.step.tool == "find_free_slots" and not data and there:
        return f"No, you have {_events_named(there, tz)}{at}."
    if run.step.tool == "find_free_slots":  # "is priya free at 1": she and you, as the search asked
        others = [str(a) for a in arguments.get("attendees") or [] if isinstance(a, str)]
        who = " and ".join(["you", *others])
        together = "" if not others else " both" if len(others) == 1 else " all"
        return f"Yes, {who} are{together} free{at}." if data else f"No, {who} are not{together} free{at}."
    if not data:
        return f"Yes, you are free{at}."
    events = [item for item in data if isinstance(item, dict)]
    return f"No, you have {_events_named(events, tz) if events else 'something'}{at}."


def _events_named(events: list[dict[str, Any]], tz: ZoneInfo) -> str:
    """ "Acme call (Tue 3 Mar, 11:00–11:45 EST)", each event by its title and its own time."""
    named = []
    for event in events[:3]:
        title = str(event.get("title") or "an event")
        start, end = event.get("startTime"), event.get("endTime")
        named.append(f"{title} ({when_text(start, tz, end)})" if isinstance(start, str) else title)
    more = f" and {len(events) - 3} more" if len(events) > 3 else ""
    return " and ".join(named) + more if len(named) <= 2 else ", ".join(named) + more


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
            spans.append(when_text(begin.isoformat(), tz, finish.isoformat() if finish is not None else None))
    count = f"{len(data)} free slot{'' if len(data) == 1 else 's'}{where}"
    return f"{count}; the first: {', '.join(spans)}." if spans else f"{count}."


RESPONSES = {
    "accepted": "you accepted",
    "declined": "you declined",
    "tentative": "you said maybe",
    "needsAction": "you have not answered",
}


def _attendees(data: list[Any], tz: ZoneInfo) -> str:
    """ "Who's coming to the launch review?": each event found with who is invited (the organiser said) and the
    requester's own answer, the one response a calendar gives for certain."""
    events = [item for item in data if isinstance(item, dict)]
    lines = [_invited(event, tz) for event in events[:5]]
    more = f" ({len(events) - 5} more events match)" if len(events) > 5 else ""
    return " ".join(lines) + more


def _descriptions(data: list[Any], tz: ZoneInfo) -> str:
    """ "What's the agenda of the qbr?": each event found with its description, or that it has none."""
    events = [item for item in data if isinstance(item, dict)]
    lines = [_described(event, tz) for event in events[:5]]
    more = f" ({len(events) - 5} more events match)" if len(events) > 5 else ""
    return " ".join(lines) + more


def _described(event: dict[str, Any], tz: ZoneInfo) -> str:
    title = str(event.get("title") or "The event")
    named = f"{title} ({when_text(event.get('startTime'), tz)})" if event.get("startTime") else title
    said = str(event.get("description") or "").strip()
    return f"{named}: {said.rstrip('.')}." if said else f"{named} has no description or agenda."


def _invited(event: dict[str, Any], tz: ZoneInfo) -> str:
    title = str(event.get("title") or "The event")
    named = f"{title} ({when_text(event.get('startTime'), tz)})" if event.get("startTime") else title
    organizer = event.get("organizer")
    people, seen = [], set()
    for person in event.get("attendees") or []:
        address, response = _attendee(person)
        if not address:
            continue
        seen.add(address)
        notes = [note for note in ("organiser" if address == organizer else "", response) if note]
        people.append(address + (f" ({', '.join(notes)})" if notes else ""))
    if isinstance(organizer, str) and organizer and organizer not in seen:
        people.insert(0, f"{organizer} (organiser)")
    mine = RESPONSES.get(str(event.get("myResponse")))
    yours = f" {mine[:1].upper()}{mine[1:]}." if mine else ""
    if not people:
        return f"{named}: nobody else is invited.{yours}"
    count = f"{len(people)} {'person' if len(people) == 1 else 'people'} invited"
    return f"{named}: {count}: {', '.join(people)}.{yours}"


def _attendee(person: Any) -> tuple[str, str]:
    """An attendee's address and, when the calendar gives it, their answer."""
    if isinstance(person, str):
        return person, ""
    if not isinstance(person, dict):
        return "", ""
    address = str(person.get("email") or person.get("name") or "")
    response = str(person.get("responseStatus") or person.get("response") or "")
    said = {"accepted": "accepted", "declined": "declined", "tentative": "maybe", "needsAction": "no answer yet"}
    return address, said.get(response, "")


def _field(data: list[Any], asked: str) -> str:
    """One record's field in a sentence; where several records match, each one's, by name, and the question which
    was meant — never the first one's as the answer (a name the search did not read matches everyone)."""
    words = FIELD_WORDS.get(asked, asked)
    if len(data) > 1:
        each = fields_answer(data, [asked])
        return f"{len(data)} records match, so I can't tell whose {words} you mean: {each} Say whose, by name."
    first = data[0] if isinstance(data[0], dict) else {}
    name = first.get("name") or "They"
    value = first.get(asked)
    if not value:
        return f"{name} has no {words} on record."
    return f"{name}'s {words} is {value}."


def _moment(value: Any, tz: ZoneInfo) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment.astimezone(tz) if moment.tzinfo else None


def _when(moment: datetime, tz: ZoneInfo) -> str:
    return when_text(moment.isoformat(), tz)


def _day(value: Any, tz: ZoneInfo) -> str:
    moment = _moment(value, tz)
    return f"{moment:%a} {moment.day} {moment:%b}" if moment else str(value)
