"""Google Calendar v3 JSON ↔ the contract's events: the ``Event`` resource, ``EventDateTime``, attendees.

Times are sent as RFC 3339 with the offset in force in the owner's zone, plus ``timeZone`` (the zone recurring
events expand in); an all-day event (``date``) is that day's midnight in the owner's zone, and an event from a
local midnight to a later one is written as an all-day event (``integrations.calendar.changes``).

PATCH merges nested objects (``start``, ``end``) field by field and ``null`` removes a field: a start that turns
from ``date`` to ``dateTime`` (or back) must null the other, or Google holds both and answers 400.

Attendees shown are people: the calendar's own entry (``self``) and rooms (``resource``) are left out. The
user's own answer (``myResponse``) is the ``responseStatus`` of the ``self`` entry; an event the user organises
(``organizer.self``) is ``accepted``.
"""

from datetime import UTC, date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from integrations.base.arguments import CreateCalendarEventArgs, UpdateCalendarEventArgs
from integrations.calendar.changes import Times, changed_attendees, changed_times, new_times
from integrations.calendar.events import CalendarEvent, MyResponse

_RESPONSES: dict[str, MyResponse] = {
    "accepted": "accepted",
    "declined": "declined",
    "tentative": "tentative",
    "needsAction": "needsAction",
}


def rfc3339(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def instant(text: str) -> datetime:
    """An RFC 3339 date-time (with ``Z`` or an offset), as Google sends in free/busy periods."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def read_time(value: dict[str, Any], zone: ZoneInfo) -> datetime:
    if value.get("dateTime"):
        moment = instant(str(value["dateTime"]))
        return moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo(str(value.get("timeZone") or zone.key)))
    return datetime.combine(date.fromisoformat(str(value["date"])), time(), tzinfo=zone)


def times_of(item: dict[str, Any], zone: ZoneInfo) -> Times:
    start = read_time(item["start"], zone)
    return Times(start, read_time(item["end"], zone) if "end" in item else start, zone)


def event_times(times: Times, zone: ZoneInfo, *, patch: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
    """``start`` and ``end`` objects; for a PATCH the other of ``date`` / ``dateTime`` is nulled."""
    if times.all_day:
        first, after = times.dates
        start: dict[str, Any] = {"date": first.isoformat(), "timeZone": zone.key}
        end: dict[str, Any] = {"date": after.isoformat(), "timeZone": zone.key}
        other = "dateTime"
    else:
        start = {"dateTime": times.start.astimezone(zone).isoformat(timespec="seconds"), "timeZone": zone.key}
        end = {"dateTime": times.end.astimezone(zone).isoformat(timespec="seconds"), "timeZone": zone.key}
        other = "date"
    if patch:
        start[other] = end[other] = None
    return start, end


def from_google(item: dict[str, Any], zone: ZoneInfo, calendar_id: str | None = None) -> CalendarEvent | None:
    """The event, or None for a cancelled (deleted) one; ``calendar_id``: the calendar it was read from."""
    if item.get("status") == "cancelled" or "start" not in item:
        return None
    everyone = [person for person in item.get("attendees") or [] if is_person(person)]
    people = [person for person in everyone if not person.get("optional")]
    optional = [str(person["email"]) for person in everyone if person.get("optional") and person.get("email")]
    times = times_of(item, zone)
    organizer = item.get("organizer") or {}
    rules = [rule for rule in item.get("recurrence") or [] if str(rule).upper().startswith("RRULE:")]
    return CalendarEvent(
        id=str(item["id"]),
        title=str(item.get("summary") or ""),
        start=times.start,
        end=times.end,
        attendees=tuple(dict.fromkeys(str(person["email"]) for person in people if person.get("email"))),
        attendee_names=tuple(str(person["displayName"]) for person in people if person.get("displayName")),
        location=item.get("location") or None,
        description=item.get("description") or None,
        organizer=str(organizer["email"]) if organizer.get("email") else None,
        my_response=my_response(item),
        recurrence=str(rules[0])[len("RRULE:") :] if rules else None,
        series_id=str(item["recurringEventId"]) if item.get("recurringEventId") else None,
        optional_attendees=tuple(dict.fromkeys(optional)),
        meeting_url=meeting_link(item),
        calendar_id=calendar_id,
    )


def meeting_link(item: dict[str, Any]) -> str | None:
    """The video entry point of the event's conference (``conferenceData.entryPoints``), else ``hangoutLink``."""
    conference = item.get("conferenceData") or {}
    for point in conference.get("entryPoints") or []:
        if point.get("entryPointType") == "video" and point.get("uri"):
            return str(point["uri"])
    return str(item["hangoutLink"]) if item.get("hangoutLink") else None


def conference_request(request_id: str) -> dict[str, Any]:
    """``conferenceData`` asking Google to make a Meet link (honoured only with ``conferenceDataVersion=1``)."""
    return {"createRequest": {"requestId": request_id, "conferenceSolutionKey": {"type": "hangoutsMeet"}}}


def my_response(item: dict[str, Any]) -> MyResponse:
    me = own_entry(item)
    if me is not None:
        return _RESPONSES.get(str(me.get("responseStatus")), "needsAction")
    return "accepted" if organised_by_me(item) else "needsAction"


def organised_by_me(item: dict[str, Any]) -> bool:
    organizer = item.get("organizer")
    return not organizer or bool(organizer.get("self"))


def own_entry(item: dict[str, Any]) -> dict[str, Any] | None:
    return next((person for person in item.get("attendees") or [] if person.get("self")), None)


def insert_body(
    args: CreateCalendarEventArgs, zone: ZoneInfo, start: datetime, rule: str | None = None
) -> dict[str, Any]:
    """A new event at ``start`` (a series' first occurrence may come after ``args.startTime``)."""
    first, last = event_times(new_times(start, args.durationMinutes, zone), zone)
    body: dict[str, Any] = {"summary": args.title, "start": first, "end": last}
    optional = {address.casefold() for address in args.optionalAttendees or []}
    people: list[dict[str, Any]] = [
        {"email": address} for address in dict.fromkeys(args.attendees or []) if address.casefold() not in optional
    ]
    people += [{"email": address, "optional": True} for address in dict.fromkeys(args.optionalAttendees or [])]
    if people:
        body["attendees"] = people
    if args.location:
        body["location"] = args.location
    if args.description:
        body["description"] = args.description
    if rule:
        body["recurrence"] = [f"RRULE:{rule}"]
    return body


def patch_body(args: UpdateCalendarEventArgs, current: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    """Only what changes; a new start keeps the length unless ``durationMinutes`` changes it."""
    changed = args.model_fields_set
    body: dict[str, Any] = {}
    times = changed_times(args, times_of(current, zone))
    if times is not None:
        body["start"], body["end"] = event_times(times, zone, patch=True)
    if args.title is not None:
        body["summary"] = args.title
    for field in ("location", "description"):
        if field in changed:
            body[field] = getattr(args, field) or ""
    before = current.get("attendees") or []
    addresses = changed_attendees(args, [str(person.get("email", "")) for person in before if is_person(person)])
    if addresses is not None or args.optionalAttendees:
        current_people = [str(person.get("email", "")) for person in before if is_person(person)]
        listed = addresses if addresses is not None else current_people
        optional = [a for a in args.optionalAttendees or [] if a.casefold() not in {x.casefold() for x in listed}]
        body["attendees"] = _attendees(
            [*listed, *optional], before, {a.casefold() for a in args.optionalAttendees or []}
        )
    return body


def answer_body(current: dict[str, Any], response: str, comment: str | None) -> dict[str, Any]:
    """The attendee list with the user's own entry answered (the only change a guest may make to it)."""
    answered = []
    for person in current.get("attendees") or []:
        if person.get("self"):
            person = {**person, "responseStatus": response}
            if comment is not None:
                person["comment"] = comment
        answered.append(person)
    return {"attendees": answered}


def _attendees(
    addresses: list[str], before: list[dict[str, Any]], optional: set[str] | None = None
) -> list[dict[str, Any]]:
    """The new list; people already invited keep their entry (and reply), the calendar's own entry and rooms stay;
    those in ``optional`` (folded addresses) become optional."""
    kept = {str(person.get("email", "")).casefold(): person for person in before if is_person(person)}
    staying = [person for person in before if not is_person(person)]
    listed = [kept.get(address.casefold(), {"email": address}) for address in addresses]
    marked = [
        {**p, "optional": True} if str(p.get("email", "")).casefold() in (optional or set()) else p for p in listed
    ]
    return staying + marked


def is_person(attendee: dict[str, Any]) -> bool:
    return not attendee.get("self") and not attendee.get("resource")
