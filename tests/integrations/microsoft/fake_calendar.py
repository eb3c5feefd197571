"""The stand-in's calendar: events, series expanded into occurrences, answers to invitations, getSchedule.

As Graph: ``start``/``end`` are ``{dateTime, timeZone}`` with a wall-clock time and a known zone (the connector's
IANA names, or UTC); a series needs ``range.startDate`` equal to its start date; occurrences have their own ids,
and changing or deleting one leaves the series; the organiser cannot answer their own event; ``calendarView``
needs ``startDateTime`` and ``endDateTime``, takes no ``$search``, and lists what overlaps the window; answers give
times in UTC with seven fractional digits; ``getSchedule`` shows busy time of the mailbox and of colleagues it
knows (``others``), and an error for anyone else. An all-day event (``isAllDay``) must start and end at midnight
in one zone, on different days (Graph's event resource: otherwise 400), and is answered midnight to midnight labelled
with the zone asked for (UTC), whatever zone it was written in.
"""

import base64
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from aiohttp import web
from dateutil.rrule import rrulestr
from msgraph.generated.models.event import Event

from tests.integrations.microsoft import odata
from tests.integrations.microsoft.fake_graph import ME, ME_NAME, Call, FakeGraph, error, new_id
from tests.integrations.microsoft.fake_mail import USERS, person

DEFAULT_CALENDAR = "AAMkAGDEFAULTCALENDAR000000"

EVENT_PROPERTIES = set(Event().get_field_deserializers())
_WALL_CLOCK = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,7})?$")
_CODES = {"monday": "MO", "tuesday": "TU", "wednesday": "WE", "thursday": "TH", "friday": "FR", "saturday": "SA",
          "sunday": "SU"}  # fmt: skip
_INDEX = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}
_OCCURRENCE = "AAMkOCC"
HORIZON = timedelta(days=3 * 366)


@dataclass
class Series:
    master: dict[str, Any]
    changed: dict[str, dict[str, Any]] = field(default_factory=dict)  # original start (ISO, UTC) → overrides
    cancelled: set[str] = field(default_factory=set)


@dataclass
class FakeCalendar:
    graph: FakeGraph
    events: dict[str, Series] = field(default_factory=dict)
    others: dict[str, list[tuple[datetime, datetime]]] = field(default_factory=dict)  # colleagues' busy time
    calendars: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {
            DEFAULT_CALENDAR: {"name": "Calendar", "canEdit": True, "isDefaultCalendar": True},
            "AAMkAGTEAMCALENDAR0000000000": {"name": "Team", "canEdit": True, "isDefaultCalendar": False},
            "AAMkAGHOLIDAYCALENDAR000000": {"name": "United States holidays", "canEdit": False,
                                            "isDefaultCalendar": False},
        }
    )  # fmt: skip
    """(v3) The user's calendars: id → name, ``canEdit``, ``isDefaultCalendar``."""
    placed: dict[str, str] = field(default_factory=dict)
    """Event (series) id → the calendar it is on, when not the default one."""

    def __post_init__(self) -> None:
        serve = self.graph.serve
        serve("POST", f"{USERS}/events", self.create)
        serve("GET", f"{USERS}/events/{{event%2Did}}", self.get)
        serve("PATCH", f"{USERS}/events/{{event%2Did}}", self.update)
        serve("DELETE", f"{USERS}/events/{{event%2Did}}", self.delete)
        for action in ("accept", "decline", "tentativelyAccept"):
            serve("POST", f"{USERS}/events/{{event%2Did}}/{action}", self.respond)
        serve("GET", f"{USERS}/calendarView", self.calendar_view)
        serve("GET", f"{USERS}/calendars", self.list_calendars)
        serve("GET", f"{USERS}/calendars/{{calendar%2Did}}/calendarView", self.calendar_view)
        serve("POST", f"{USERS}/calendars/{{calendar%2Did}}/events", self.create)
        serve("POST", f"{USERS}/calendar/getSchedule", self.get_schedule)

    def invite(
        self, *, subject: str, start: datetime, minutes: int, organizer: str, attendees: tuple[str, ...] = ()
    ) -> str:
        """An invitation from someone else, not yet answered."""
        event = self._new(
            {"subject": subject, "start": _utc(start), "end": _utc(start + timedelta(minutes=minutes))},
            organizer=organizer,
        )
        event["attendees"] = [_attendee(a) for a in (*attendees, ME)]
        return str(event["id"])

    # --- handlers ---------------------------------------------------------------------------------------------
    async def list_calendars(self, call: Call) -> web.Response:
        value = [
            {"id": key, "name": c["name"], "canEdit": c["canEdit"], "isDefaultCalendar": c["isDefaultCalendar"],
             "canShare": c["canEdit"], "canViewPrivateItems": True, "owner": {"name": ME_NAME, "address": ME}}
            for key, c in self.calendars.items()
        ]  # fmt: skip
        return web.json_response({"value": value})

    def _calendar(self, call: Call) -> str | web.Response | None:
        """The calendar of a ``/calendars/{id}/...`` path (None: the default one)."""
        if "/calendars/" not in call.request.path:
            return None
        calendar = call.ids[1]
        if calendar not in self.calendars:
            return error(404, "ErrorItemNotFound", "The specified object was not found in the store.")
        return None if self.calendars[calendar]["isDefaultCalendar"] else calendar

    async def create(self, call: Call) -> web.Response:
        problem = _check_times(call.body, required=True) or _check_recurrence(call.body) or _check_all_day(call.body)
        if problem:
            return error(400, "ErrorInvalidRequest", problem)
        calendar = self._calendar(call)
        if isinstance(calendar, web.Response):
            return calendar
        if calendar is not None and not self.calendars[calendar]["canEdit"]:
            return error(403, "ErrorAccessDenied", "Access is denied. Check credentials and try again.")
        event = self._new(call.body, organizer=ME)
        if calendar is not None:
            self.placed[event["id"]] = calendar
        _online(event)
        return web.json_response(self._shown(event, call), status=201)

    async def get(self, call: Call) -> web.Response:
        found = self._find(call.ids[1])
        return found if isinstance(found, web.Response) else web.json_response(self._shown(found, call))

    async def update(self, call: Call) -> web.Response:
        found = self._find(call.ids[1])
        if isinstance(found, web.Response):
            return found
        problem = _check_times(call.body, required=False) or _check_all_day({**found, **call.body})
        if problem:
            return error(400, "ErrorInvalidRequest", problem)
        changes = {**call.body}
        if "isOnlineMeeting" in changes:
            _online(changes, before=found)
        if "attendees" in changes:
            changes["attendees"] = [
                _attendee(a["emailAddress"]["address"], a.get("type")) for a in changes["attendees"]
            ]
        if found.get("type") == "seriesMaster":
            found.update(changes)
            if _check_recurrence(found):
                return error(400, "ErrorPropertyValidationFailure", _check_recurrence(found) or "")
        elif found.get("seriesMasterId"):
            series = self.events[found["seriesMasterId"]]
            original = found["_original"]
            series.changed[original] = {**series.changed.get(original, {}), **changes}
            found = self._occurrence(series, original)
        else:
            found.update(changes)
        return web.json_response(self._shown(found, call))

    async def delete(self, call: Call) -> web.Response:
        found = self._find(call.ids[1])
        if isinstance(found, web.Response):
            return found
        if found.get("seriesMasterId"):
            self.events[found["seriesMasterId"]].cancelled.add(found["_original"])
        else:
            del self.events[found["id"]]
        return web.Response(status=204)

    async def respond(self, call: Call) -> web.Response:
        found = self._find(call.ids[1])
        if isinstance(found, web.Response):
            return found
        if found.get("isOrganizer"):
            message = "Your request can't be completed. You can't respond to this meeting because you're the organizer."
            return error(400, "ErrorInvalidRequest", message)
        action = call.request.path.rsplit("/", 1)[1]
        response = {"accept": "accepted", "decline": "declined", "tentativelyAccept": "tentativelyAccepted"}[action]
        target = self.events[found.get("seriesMasterId") or found["id"]].master
        target["responseStatus"] = {"response": response, "time": _stamp(datetime.now(UTC))}
        return web.Response(status=202)

    async def calendar_view(self, call: Call) -> web.Response:
        query = call.query
        if "startDateTime" not in query or "endDateTime" not in query:
            message = "This request requires a time window specified by StartDateTime and EndDateTime."
            return error(400, "ErrorInvalidParameter", message)
        if "$select" in query:
            odata.parse_select(query["$select"], EVENT_PROPERTIES, "microsoft.graph.event")
        if "$search" in query:
            return error(400, "ErrorInvalidUrlQuery", "The query parameter '$search' is not supported for events.")
        if query.get("$orderby", "start/dateTime") != "start/dateTime" or "$filter" in query:
            raise odata.QueryError("BadRequest", "the stand-in orders events by start/dateTime only", ours=True)
        try:
            low, high = (_instant(query[name]) for name in ("startDateTime", "endDateTime"))
        except ValueError:
            return error(400, "ErrorInvalidParameter", "StartDateTime or EndDateTime is not a valid date.")
        calendar = self._calendar(call)
        if isinstance(calendar, web.Response):
            return calendar
        found = [
            event
            for event in self._expanded(low, high)
            if _end(event) > low
            and _start(event) < high
            and self.placed.get(str(event.get("seriesMasterId") or event["id"])) == calendar
        ]
        found.sort(key=lambda event: (_start(event), event["id"]))
        size = odata.parse_top(query.get("$top", "10"))
        offset = int(query.get("$skiptoken") or query.get("$skip") or "0")
        answer: dict[str, Any] = {"value": [self._shown(e, call) for e in found[offset : offset + size]]}
        if offset + size < len(found):
            answer["@odata.nextLink"] = self.graph.next_link(call, offset + size)
        return web.json_response(answer)

    async def get_schedule(self, call: Call) -> web.Response:
        body = call.body
        problem = _check_times({"start": body.get("StartTime"), "end": body.get("EndTime")}, required=True)
        interval = body.get("AvailabilityViewInterval", 30)
        if problem or not 5 <= interval <= 1440 or not body.get("Schedules"):
            return error(400, "ErrorInvalidParameter", problem or "Schedules and a 5-1440 minute interval are needed.")
        low, high = _moment(body["StartTime"]), _moment(body["EndTime"])
        value = []
        for schedule in body["Schedules"]:
            if schedule.casefold() == ME:
                busy = [(_start(e), _end(e)) for e in self._expanded(low, high) if _busy(e)]
            elif schedule.casefold() in self.others:
                busy = self.others[schedule.casefold()]
            else:
                failure = {"message": "The recipient's free/busy information could not be found.",
                           "responseCode": "ErrorMailRecipientNotFound"}  # fmt: skip
                value.append({"scheduleId": schedule, "error": failure})
                continue
            items = [
                {"isPrivate": False, "status": "busy", "start": {"dateTime": _stamp(s, utc=False), "timeZone": "UTC"},
                 "end": {"dateTime": _stamp(e, utc=False), "timeZone": "UTC"}}
                for s, e in sorted(busy) if e > low and s < high
            ]  # fmt: skip
            value.append({"scheduleId": schedule, "availabilityView": "", "scheduleItems": items})
        return web.json_response({"value": value})

    # --- the store --------------------------------------------------------------------------------------------
    def _new(self, body: dict[str, Any], *, organizer: str) -> dict[str, Any]:
        own = organizer == ME
        event = {
            **body,
            "id": new_id("AAMkAGEV"),
            "type": "seriesMaster" if body.get("recurrence") else "singleInstance",
            "isOrganizer": own,
            "organizer": person(organizer, ME_NAME if own else ""),
            "responseStatus": {"response": "organizer" if own else "none", "time": "0001-01-01T00:00:00Z"},
            "attendees": [_attendee(a["emailAddress"]["address"], a.get("type")) for a in body.get("attendees") or []],
        }
        self.events[event["id"]] = Series(event)
        return event

    def _find(self, event_id: str) -> dict[str, Any] | web.Response:
        if not event_id.startswith("AAMk") or not re.fullmatch(r"[A-Za-z0-9_=-]+", event_id):
            return error(400, "ErrorInvalidIdMalformed", "Id is malformed.")
        if event_id in self.events:
            return self.events[event_id].master
        if event_id.startswith(_OCCURRENCE):
            master_id, _, original = base64.urlsafe_b64decode(event_id[len(_OCCURRENCE) :]).decode().partition("|")
            series = self.events.get(master_id)
            if series and original not in series.cancelled and original in self._originals(series, original):
                return self._occurrence(series, original)
        return error(404, "ErrorItemNotFound", "The specified object was not found in the store.")

    def _expanded(self, low: datetime, high: datetime) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for series in self.events.values():
            if series.master.get("type") != "seriesMaster":
                found.append(series.master)
                continue
            length = _end(series.master) - _start(series.master)
            for start in _starts(series.master, low - length - timedelta(days=1), high):
                original = _stamp(start)
                if original not in series.cancelled:
                    found.append(self._occurrence(series, original))
        return found

    def _originals(self, series: Series, original: str) -> set[str]:
        moment = _instant(original)
        return {_stamp(s) for s in _starts(series.master, moment - timedelta(minutes=1), moment + timedelta(minutes=1))}

    def _occurrence(self, series: Series, original: str) -> dict[str, Any]:
        master = series.master
        start = _instant(original)
        length = _end(master) - _start(master)
        event = {k: v for k, v in master.items() if k != "recurrence"}
        zone = str(master["start"]["timeZone"]) if master.get("isAllDay") else "UTC"  # an all-day one keeps its days
        event.update({"start": _wall(start, zone), "end": _wall(start + length, zone), "type": "occurrence"})
        if original in series.changed:
            event.update(series.changed[original])
            event["type"] = "exception"
        token = base64.urlsafe_b64encode(f"{master['id']}|{original}".encode()).decode()
        return {**event, "id": _OCCURRENCE + token, "seriesMasterId": master["id"], "_original": original}

    def _shown(self, event: dict[str, Any], call: Call) -> dict[str, Any]:
        body = event.get("body") or {"contentType": "text", "content": ""}
        content = str(body.get("content") or "")
        shown = {
            "@odata.etag": 'W/"DwAAABYAAAA"', "createdDateTime": "2026-03-01T10:00:00Z",
            "lastModifiedDateTime": "2026-03-01T10:00:00Z", "changeKey": "DwAAABYAAAA", "categories": [],
            "iCalUId": "040000008200E00074C5B7101A82E008", "reminderMinutesBeforeStart": 15, "isReminderOn": True,
            "hasAttachments": False, "bodyPreview": content[:255], "importance": "normal", "sensitivity": "normal",
            "isAllDay": False, "isCancelled": False, "responseRequested": True, "showAs": "busy",
            "seriesMasterId": None, "webLink": "https://outlook.office365.com/owa/?itemid=x", "isOnlineMeeting": False,
            "onlineMeetingProvider": "unknown", "allowNewTimeProposals": True, "isDraft": False, "hideAttendees": False,
            "recurrence": None, "location": {"displayName": "", "locationType": "default", "uniqueIdType": "unknown"},
            **{k: v for k, v in event.items() if k != "_original"},
            "start": _answered(event, "start"),
            "end": _answered(event, "end"),
            "body": {"contentType": "text", "content": content} if call.text_bodies else {
                "contentType": "html", "content": f"<html><body>{content}</body></html>"},
        }  # fmt: skip
        shown["subject"] = str(event.get("subject") or "")
        if "$select" in call.query:
            names = odata.parse_select(call.query["$select"], EVENT_PROPERTIES, "microsoft.graph.event")
            shown = {k: v for k, v in shown.items() if k in names or k in ("id", "@odata.etag")}
        return shown


def _attendee(address: str, kind: str | None = None) -> dict[str, Any]:
    return {"type": kind or "required", "status": {"response": "none", "time": "0001-01-01T00:00:00Z"},
            **person(address)}  # fmt: skip


def _busy(event: dict[str, Any]) -> bool:
    return event.get("showAs", "busy") != "free" and (event.get("responseStatus") or {}).get("response") != "declined"


def _zone(name: str) -> ZoneInfo:
    return ZoneInfo("UTC" if name in ("UTC", "tzone://Microsoft/Utc") else name)


def _moment(value: dict[str, Any]) -> datetime:
    wall = datetime.fromisoformat(str(value["dateTime"])[:26])
    return wall.replace(tzinfo=_zone(str(value["timeZone"]))).astimezone(UTC)


def _start(event: dict[str, Any]) -> datetime:
    return _moment(event["start"])


def _end(event: dict[str, Any]) -> datetime:
    return _moment(event["end"])


def _check_times(body: dict[str, Any], *, required: bool) -> str | None:
    for name in ("start", "end"):
        value = body.get(name)
        if value is None:
            if required:
                return f"The {name} time is missing."
            continue
        if not isinstance(value, dict) or not _WALL_CLOCK.match(str(value.get("dateTime", ""))):
            return f"{name}.dateTime must be a date and time without an offset."
        try:
            _zone(str(value.get("timeZone") or ""))
        except (ZoneInfoNotFoundError, ValueError):
            return f"A valid TimeZone value must be specified. '{value.get('timeZone')}' is not supported."
    if body.get("start") and body.get("end") and _moment(body["end"]) < _moment(body["start"]):
        return "The end time must be after the start time."
    return None


def _check_all_day(event: dict[str, Any]) -> str | None:
    """Graph: "If isAllDay is true, start and end must be set to midnight" (and in one zone, a day or more apart)."""
    if not event.get("isAllDay") or not event.get("start") or not event.get("end"):
        return None
    start, end = event["start"], event["end"]
    walls = [datetime.fromisoformat(str(value["dateTime"])[:26]) for value in (start, end)]
    if any(wall.time() != time() for wall in walls) or start.get("timeZone") != end.get("timeZone"):
        return "Your request can't be completed. An all-day event's start and end must be midnight in one time zone."
    if walls[1] <= walls[0]:
        return "Your request can't be completed. An all-day event must last at least one day."
    return None


def _answered(event: dict[str, Any], name: str) -> dict[str, str]:
    """A time as Graph answers it with ``outlook.timezone="UTC"``: an instant in UTC, or for an all-day event the
    midnight of its own day, labelled UTC."""
    if event.get("isAllDay"):
        return {"dateTime": f"{str(event[name]['dateTime'])[:10]}T00:00:00.0000000", "timeZone": "UTC"}
    return {"dateTime": _stamp(_moment(event[name]), utc=False), "timeZone": "UTC"}


def _wall(moment: datetime, zone: str) -> dict[str, str]:
    local = moment.astimezone(_zone(zone))
    return {"dateTime": local.strftime("%Y-%m-%dT%H:%M:%S.0000000"), "timeZone": zone}


def _check_recurrence(body: dict[str, Any]) -> str | None:
    recurrence = body.get("recurrence")
    if not recurrence:
        return None
    pattern, span = recurrence.get("pattern") or {}, recurrence.get("range") or {}
    local = _start(body).astimezone(_zone(str(span.get("recurrenceTimeZone") or body["start"]["timeZone"])))
    if span.get("startDate") != local.date().isoformat():
        return "The recurrence range's startDate must be the date of the event's start."
    needs = {"weekly": "daysOfWeek", "absoluteMonthly": "dayOfMonth", "relativeMonthly": "daysOfWeek",
             "absoluteYearly": "month", "relativeYearly": "month"}  # fmt: skip
    kind = pattern.get("type")
    if kind in needs and not pattern.get(needs[kind]):
        return f"A {kind} recurrence pattern needs {needs[kind]}."
    if span.get("type") == "numbered" and int(span.get("numberOfOccurrences") or 0) < 1:
        return "A numbered recurrence range needs numberOfOccurrences."
    if span.get("type") == "endDate" and not span.get("endDate"):
        return "An endDate recurrence range needs endDate."
    return None


def _starts(master: dict[str, Any], low: datetime, high: datetime) -> list[datetime]:
    """Starts (UTC) of the series' occurrences in ``[low, high)``, expanded in the series' zone."""
    pattern, span = master["recurrence"]["pattern"], master["recurrence"]["range"]
    zone = _zone(str(span.get("recurrenceTimeZone") or master["start"]["timeZone"]))
    first = _start(master).astimezone(zone)
    parts = [f"INTERVAL={pattern.get('interval') or 1}"]
    days = [_CODES[day] for day in pattern.get("daysOfWeek") or []]
    kind = pattern["type"]
    if kind == "daily":
        parts.insert(0, "FREQ=DAILY")
    elif kind == "weekly":
        parts += ["FREQ=WEEKLY", f"BYDAY={','.join(days)}", f"WKST={_CODES[pattern.get('firstDayOfWeek') or 'sunday']}"]
    elif kind in ("absoluteMonthly", "absoluteYearly"):
        parts += [f"FREQ={'MONTHLY' if kind == 'absoluteMonthly' else 'YEARLY'}", f"BYMONTHDAY={pattern['dayOfMonth']}"]
    else:
        index = _INDEX[pattern.get("index") or "first"]
        parts += [f"FREQ={'MONTHLY' if kind == 'relativeMonthly' else 'YEARLY'}", f"BYDAY={index}{days[0]}"]
    if kind in ("absoluteYearly", "relativeYearly"):
        parts.append(f"BYMONTH={pattern['month']}")
    if span["type"] == "numbered":
        parts.append(f"COUNT={span['numberOfOccurrences']}")
    elif span["type"] == "endDate":
        last = datetime.combine(date.fromisoformat(span["endDate"]), time(23, 59, 59), tzinfo=zone)
        parts.append(f"UNTIL={last.astimezone(UTC):%Y%m%dT%H%M%SZ}")
    rule = rrulestr(";".join(parts), dtstart=datetime.combine(date.fromisoformat(span["startDate"]), first.timetz()))
    found = []
    for start in rule:
        moment = start.astimezone(UTC)
        if moment >= high or moment > first.astimezone(UTC) + HORIZON:
            break
        if moment >= low:
            found.append(moment)
    return found


def _utc(moment: datetime) -> dict[str, str]:
    return {"dateTime": _stamp(moment, utc=False), "timeZone": "UTC"}


def _stamp(moment: datetime, *, utc: bool = True) -> str:
    text = moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{text}Z" if utc else f"{text}.0000000"


def _instant(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


ALLOWED_PROVIDERS = ("teamsForBusiness",)
"""The mailbox calendar's ``allowedOnlineMeetingProviders`` (a work account): a meeting asked of another provider is
created without one, as Exchange does; ``joinUrl`` is made only for an allowed provider."""


def _online(event: dict[str, Any], before: dict[str, Any] | None = None) -> None:
    """``isOnlineMeeting`` as Exchange keeps it: a Teams meeting gets ``onlineMeeting.joinUrl``; off removes it."""
    provider = event.get("onlineMeetingProvider") or (before or {}).get("onlineMeetingProvider")
    if event.get("isOnlineMeeting") and provider in ALLOWED_PROVIDERS:
        token = (before or event).get("id", "x")
        event["onlineMeeting"] = {"joinUrl": f"https://teams.microsoft.com/l/meetup-join/19%3ameeting_{token[-12:]}"}
    elif "isOnlineMeeting" in event:
        event["isOnlineMeeting"], event["onlineMeeting"] = False, None
