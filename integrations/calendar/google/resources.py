"""Google Calendar v3 JSON ↔ the contract's events: the ``Event`` resource, ``EventDateTime``, attendees.

Times are sent as RFC 3339 with the offset in force in the owner's zone, plus ``timeZone`` (the zone recurring
events expand in); an all-day event (``date``) is that day's midnight in the owner's zone. Attendees shown are
people: the calendar's own entry (``self``) and rooms (``resource``) are left out.
"""

from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from integrations.base.arguments import CreateCalendarEventArgs, UpdateCalendarEventArgs
from integrations.calendar.events import CalendarEvent


def rfc3339(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def event_time(moment: datetime, zone: ZoneInfo) -> dict[str, str]:
    return {"dateTime": moment.astimezone(zone).isoformat(timespec="seconds"), "timeZone": zone.key}


def instant(text: str) -> datetime:
    """An RFC 3339 date-time (with ``Z`` or an offset), as Google sends in free/busy periods."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def read_time(value: dict[str, Any], zone: ZoneInfo) -> datetime:
    if "dateTime" in value:
        moment = instant(str(value["dateTime"]))
        return moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo(str(value.get("timeZone") or zone.key)))
    return datetime.combine(date.fromisoformat(str(value["date"])), time(), tzinfo=zone)


def from_google(item: dict[str, Any], zone: ZoneInfo) -> CalendarEvent | None:
    """The event, or None for a cancelled (deleted) one."""
    if item.get("status") == "cancelled" or "start" not in item:
        return None
    people = [person for person in item.get("attendees") or [] if _is_person(person)]
    start = read_time(item["start"], zone)
    end = read_time(item["end"], zone) if "end" in item else start
    return CalendarEvent(
        id=str(item["id"]),
        title=str(item.get("summary") or ""),
        start=start,
        end=end,
        attendees=tuple(dict.fromkeys(str(person["email"]) for person in people if person.get("email"))),
        attendee_names=tuple(str(person["displayName"]) for person in people if person.get("displayName")),
        location=item.get("location") or None,
        description=item.get("description") or None,
    )


def insert_body(args: CreateCalendarEventArgs, zone: ZoneInfo) -> dict[str, Any]:
    body: dict[str, Any] = {
        "summary": args.title,
        "start": event_time(args.startTime, zone),
        "end": event_time(args.startTime + timedelta(minutes=args.durationMinutes), zone),
    }
    if args.attendees:
        body["attendees"] = [{"email": address} for address in dict.fromkeys(args.attendees)]
    if args.location:
        body["location"] = args.location
    if args.description:
        body["description"] = args.description
    return body


def patch_body(args: UpdateCalendarEventArgs, current: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    """Only what changes; a new start keeps the length unless ``durationMinutes`` changes it."""
    changed = args.model_fields_set
    body: dict[str, Any] = {}
    if changed & {"startTime", "durationMinutes"}:
        old_start = read_time(current["start"], zone)
        old_end = read_time(current.get("end", current["start"]), zone)
        start = args.startTime or old_start
        length = timedelta(minutes=args.durationMinutes) if args.durationMinutes else old_end - old_start
        body["start"], body["end"] = event_time(start, zone), event_time(start + length, zone)
    if args.title is not None:
        body["summary"] = args.title
    for field in ("location", "description"):
        if field in changed:
            body[field] = getattr(args, field) or ""
    if "attendees" in changed:
        body["attendees"] = _attendees(args.attendees or [], current.get("attendees") or [])
    return body


def _attendees(addresses: list[str], before: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The new list; people already invited keep their entry (and reply), the calendar's own entry and rooms stay."""
    kept = {str(person.get("email", "")).casefold(): person for person in before if _is_person(person)}
    staying = [person for person in before if not _is_person(person)]
    return staying + [kept.get(address.casefold(), {"email": address}) for address in dict.fromkeys(addresses)]


def _is_person(attendee: dict[str, Any]) -> bool:
    return not attendee.get("self") and not attendee.get("resource")
