"""Graph events ↔ the contract's events (contract §3, v2 fields included).

- Times are read from ``{dateTime, timeZone}`` (UTC, as ``Prefer: outlook.timezone`` asks) and written as the
  owner's local wall-clock time with the owner's zone, so recurring events expand in local time; an all-day event
  is read as that day's midnight in the owner's zone.
- All-day events (``integrations.calendar.changes``): an event from a local midnight to a later one is written with
  ``isAllDay: true`` (Graph wants midnight start and end then, and refuses anything else); an all-day event given a
  time of day is written as a timed one (``isAllDay: false``) in the same PATCH.
- ``attendees`` are people (rooms and equipment, ``type: resource``, are left out); ``organizer`` is an address;
  ``myResponse``: organizer → accepted, tentativelyAccepted → tentative, none / notResponded → needsAction.
- ``description`` is the body as plain text (``Prefer: outlook.body-content-type``).
"""

from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from integrations.base.arguments import CreateCalendarEventArgs, UpdateCalendarEventArgs
from integrations.calendar.changes import Times, changed_times, new_times

SELECTED = (
    "id,subject,start,end,isAllDay,attendees,location,body,organizer,responseStatus,isOrganizer,isCancelled,type,"
    "recurrence,isOnlineMeeting,onlineMeeting"
)
TEAMS = "teamsForBusiness"  # (v3) the online meeting provider of work and school accounts
RESPONSES = {
    "organizer": "accepted",
    "accepted": "accepted",
    "tentativelyAccepted": "tentative",
    "declined": "declined",
    "none": "needsAction",
    "notResponded": "needsAction",
}
ACTIONS = {"accepted": "accept", "declined": "decline", "tentative": "tentativelyAccept"}


def read_time(value: Any, zone: ZoneInfo, *, all_day: bool = False) -> datetime:
    text = str(value.get("dateTime") if isinstance(value, dict) else "")
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if all_day:
        return datetime.combine(moment.date(), time(), tzinfo=zone)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_zone(str(value.get("timeZone") or "UTC")))
    return moment


def window(item: dict[str, Any], zone: ZoneInfo) -> tuple[datetime, datetime]:
    all_day = bool(item.get("isAllDay"))
    start = read_time(item["start"], zone, all_day=all_day)
    end = read_time(item["end"], zone, all_day=all_day) if "end" in item else start
    return start, end


def attendee_addresses(item: dict[str, Any]) -> list[str]:
    return [address for address, _name in people(item)]


def people(item: dict[str, Any], *, optional: bool = False) -> list[tuple[str, str]]:
    """(address, name) of each attendee who is a person (required ones; with ``optional``: the optional ones)."""
    found: list[tuple[str, str]] = []
    for attendee in item.get("attendees") or []:
        email = attendee.get("emailAddress") if isinstance(attendee, dict) else None
        kind = attendee.get("type") if isinstance(attendee, dict) else None
        if isinstance(email, dict) and email.get("address") and kind != "resource" and (kind == "optional") == optional:
            found.append((str(email["address"]), str(email.get("name") or "")))
    return list(dict.fromkeys(found))


def shown(item: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    start, end = window(item, zone)
    location = item.get("location") or {}
    body = item.get("body") or {}
    organizer = (item.get("organizer") or {}).get("emailAddress") or {}
    response = (item.get("responseStatus") or {}).get("response")
    mine = "accepted" if item.get("isOrganizer") else RESPONSES.get(str(response), "needsAction")
    return {
        "id": str(item["id"]),
        "title": str(item.get("subject") or ""),
        "startTime": start.astimezone(zone).isoformat(timespec="seconds"),
        "endTime": end.astimezone(zone).isoformat(timespec="seconds"),
        "attendees": attendee_addresses(item),
        "location": str(location.get("displayName") or "") or None,
        "description": str(body.get("content") or "").strip() or None,
        "organizer": str(organizer.get("address") or "") or None,
        "myResponse": mine,
        "optionalAttendees": [address for address, _name in people(item, optional=True)],
        "meetingUrl": str((item.get("onlineMeeting") or {}).get("joinUrl") or "") or None,
    }


def local_time(moment: datetime, zone: ZoneInfo) -> dict[str, str]:
    """Graph's ``dateTimeTimeZone``: wall-clock time without an offset, and the zone it is in."""
    wall_clock = moment.astimezone(zone).replace(tzinfo=None)
    return {"dateTime": wall_clock.isoformat(timespec="seconds"), "timeZone": zone.key}


def create_body(
    args: CreateCalendarEventArgs, zone: ZoneInfo, start: datetime, recurrence: dict[str, Any] | None
) -> dict[str, Any]:
    times = new_times(start, args.durationMinutes, zone)
    body: dict[str, Any] = {
        "subject": args.title,
        "start": local_time(times.start, zone),
        "end": local_time(times.end, zone),
        "isAllDay": times.all_day,
    }
    optional = {address.casefold() for address in args.optionalAttendees or []}
    attendees = [_attendee(a) for a in dict.fromkeys(args.attendees or []) if a.casefold() not in optional]
    attendees += [_attendee(a, "optional") for a in dict.fromkeys(args.optionalAttendees or [])]
    if attendees:
        body["attendees"] = attendees
    if args.onlineMeeting:
        body["isOnlineMeeting"], body["onlineMeetingProvider"] = True, TEAMS
    if args.location:
        body["location"] = {"displayName": args.location}
    if args.description:
        body["body"] = {"contentType": "text", "content": args.description}
    if recurrence:
        body["recurrence"] = recurrence
    return body


def patch_body(args: UpdateCalendarEventArgs, current: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    """Only what changes; a new start keeps the length unless ``durationMinutes`` changes it."""
    changed = args.model_fields_set
    body: dict[str, Any] = {}
    old_start, old_end = window(current, zone)
    times = changed_times(args, Times(old_start, old_end, zone))
    if times is not None:
        start = times.start
        body["start"], body["end"] = local_time(times.start, zone), local_time(times.end, zone)
        body["isAllDay"] = times.all_day
        moved_series = current.get("type") == "seriesMaster" and isinstance(current.get("recurrence"), dict)
        if moved_series and start.astimezone(zone).date() != old_start.astimezone(zone).date():
            recurrence = current["recurrence"]
            shifted = {**recurrence["range"], "startDate": start.astimezone(zone).date().isoformat()}
            body["recurrence"] = {**recurrence, "range": shifted}
    if args.title is not None:
        body["subject"] = args.title
    if "location" in changed:
        body["location"] = {"displayName": args.location or ""}
    if "description" in changed:
        body["body"] = {"contentType": "text", "content": args.description or ""}
    attendees = _new_attendees(args, current)
    if attendees is not None:
        body["attendees"] = attendees
    if args.onlineMeeting is not None:
        body["isOnlineMeeting"] = args.onlineMeeting
        if args.onlineMeeting:
            body["onlineMeetingProvider"] = TEAMS
    return body


def _new_attendees(args: UpdateCalendarEventArgs, current: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The whole new list (Graph replaces it); those staying keep their entry's type, rooms stay."""
    if args.attendees is None and not args.addAttendees and not args.removeAttendees and not args.optionalAttendees:
        return None
    before = [a for a in current.get("attendees") or [] if isinstance(a, dict)]
    kept = {str((a.get("emailAddress") or {}).get("address", "")).casefold(): a for a in before}
    if args.attendees is not None:
        wanted = list(args.attendees)
    else:
        removed = {address.casefold() for address in args.removeAttendees or []}
        everyone = [*attendee_addresses(current), *(a for a, _n in people(current, optional=True))]
        wanted = [a for a in everyone if a.casefold() not in removed]
        wanted += [a for a in args.addAttendees or [] if a.casefold() not in removed]
        wanted += [a for a in args.optionalAttendees or [] if a.casefold() not in removed]
    optional = {address.casefold() for address in args.optionalAttendees or []}
    rooms = [_entry(a) for a in before if a.get("type") == "resource"]
    chosen: dict[str, dict[str, Any]] = {}
    for address in wanted:
        key = address.casefold()
        entry = _entry(kept[key]) if key in kept else _attendee(address)
        chosen.setdefault(key, {**entry, "type": "optional"} if key in optional else entry)
    return rooms + list(chosen.values())


def _attendee(address: str, kind: str = "required") -> dict[str, Any]:
    return {"emailAddress": {"address": address}, "type": kind}


def _entry(attendee: dict[str, Any]) -> dict[str, Any]:
    email = attendee.get("emailAddress") or {}
    kept = {key: email[key] for key in ("address", "name") if email.get(key)}
    return {"emailAddress": kept, "type": attendee.get("type") or "required"}


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")  # asked for UTC; a Windows zone name would only come from an older answer
