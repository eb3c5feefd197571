"""A local Google Calendar API v3 server (aiohttp) speaking the documented paths, parameters and JSON shapes.

Routes come from the discovery document (``google_discovery.USED``); every request is checked against it and
what does not fit is collected in ``problems``. Bearer tokens are issued by ``POST /token`` (a refresh-token
grant); ``scripted`` answers (status, body, headers) replace the next API answers, to test failures.

As strict as the service where planbot depends on it:
- PATCH merges nested objects field by field and ``null`` removes a field; arrays are replaced whole.
- ``start`` / ``end`` hold exactly one of ``date`` and ``dateTime``, both of the same kind, the end after the
  start; a recurring event needs ``start.timeZone`` (400 otherwise, as Google answers).
- ``recurrence`` (``RRULE:``) is expanded into instances with ``singleEvents=true``: an instance's id is
  ``<event id>_<UTC start>`` (``_<date>`` for all-day), it carries ``recurringEventId`` and
  ``originalStartTime``; getting, patching or deleting an instance id makes an exception for that instance.
- An event someone else organises (``organizer`` without ``self``) may be changed only in the user's own
  attendee entry (``responseStatus``, ``comment``); any other change is 403 ``forbiddenForNonOrganizer``
  (unless ``guestsCanModify``).
- Free/busy leaves out transparent events and those the user declined.
- (v3) Events live on calendars: ``primary`` (the user's) and those of ``calendars`` (``calendarList``); a writer
  or owner may add events, a reader gets 403 ``requiredAccessLevel``, an unknown calendar 404. Attendees may be
  ``optional``. ``conferenceData.createRequest`` (``hangoutsMeet``, with a ``requestId``) makes a Meet conference
  only with ``conferenceDataVersion=1``; without it Google ignores the request, and so does this fake.
- Every event has an ``eventType``; ``events.list`` returns every type unless ``eventTypes`` (repeated) names
  some, as the discovery document says ("If unset, returns all event types"); ``status_entry`` puts a working
  location, a birthday, focus time or out-of-office entry on the calendar, shaped as Google shows them.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from aiohttp import web
from dateutil.rrule import rrulestr  # type: ignore[import-untyped]

from tests.integrations.calendar.google_discovery import USED, methods, violations

REFRESH_TOKEN = "refresh-1"
ME = "me@example.com"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
NEW_YORK = ZoneInfo("America/New_York")
EVENT_TYPES = ("birthday", "default", "focusTime", "fromGmail", "outOfOffice", "workingLocation")  # the enum
GUEST_FIELDS = {"responseStatus", "comment", "additionalGuests"}  # what a guest may change in their own entry
PRIVATE_FIELDS = {"reminders", "colorId", "transparency", "extendedProperties"}  # a guest's own copy only


@dataclass
class Seen:
    method: str
    verb: str
    path: str
    query: dict[str, str]  # the first value of each parameter
    body: Any
    pairs: list[tuple[str, str]] = field(default_factory=list)  # every parameter, repeated ones included


class RefusedError(Exception):
    def __init__(self, status: int, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.reason = status, message, reason


@dataclass
class FakeGoogleCalendar:
    zone: ZoneInfo = NEW_YORK
    events: dict[str, dict[str, Any]] = field(default_factory=dict)
    others: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # visible calendars: busy periods
    seen: list[Seen] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    scripted: list[tuple[int, Any, dict[str, str]]] = field(default_factory=list)
    tokens: set[str] = field(default_factory=set)
    issued: int = 0
    calendars: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {
            "team-123@group.calendar.google.com": {"summary": "Team", "accessRole": "writer"},
            "en.usa#holiday@group.v.calendar.google.com": {
                "summary": "Holidays in United States",
                "accessRole": "reader",
            },
        }
    )
    """Calendars besides the primary one: id → ``summary``, ``accessRole``."""
    placed: dict[str, str] = field(default_factory=dict)
    """Event id → the id of the calendar it is on (absent: the primary one)."""

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._check])
        app.router.add_post("/token", self.token)
        handlers = {
            "calendar.events.list": self.list_events,
            "calendar.events.insert": self.insert,
            "calendar.events.get": self.get,
            "calendar.events.patch": self.patch,
            "calendar.events.delete": self.delete,
            "calendar.freebusy.query": self.freebusy,
            "calendar.calendarList.list": self.calendar_list,
        }
        assert set(handlers) == set(USED)
        for method_id, handler in handlers.items():
            method = methods()[method_id]
            app.router.add_route(method.verb, method.path, handler, name=method_id.replace(".", "-"))
        return app

    def api_calls(self, method_id: str) -> list[Seen]:
        return [seen for seen in self.seen if seen.method == method_id]

    def invitation(self, title: str, start: str, minutes: int, organizer: str = "olga@example.org") -> str:
        """An event someone else organises, on the user's calendar, awaiting the user's answer; its id."""
        begin = datetime.fromisoformat(start)
        event_id = f"inv{len(self.events) + 1:05d}"
        self.events[event_id] = {
            **self._stamped(event_id),
            "summary": title,
            "start": {"dateTime": begin.isoformat(), "timeZone": self.zone.key},
            "end": {"dateTime": (begin + timedelta(minutes=minutes)).isoformat(), "timeZone": self.zone.key},
            "organizer": {"email": organizer},
            "creator": {"email": organizer},
            "attendees": [
                {"email": organizer, "organizer": True, "responseStatus": "accepted"},
                {"email": ME, "self": True, "responseStatus": "needsAction"},
            ],
        }
        return event_id

    def status_entry(self, kind: str, title: str, start: str, end: str) -> str:
        """A working-location, birthday, focus-time or out-of-office entry of the user's; its id. ``start``/``end``:
        dates (all day: working location, birthday) or date-times."""
        event_id = f"{kind[:4].lower()}{len(self.events) + 1:05d}"
        span = {
            key: {"date": value} if len(value) == 10 else {"dateTime": value, "timeZone": self.zone.key}
            for key, value in (("start", start), ("end", end))
        }
        properties: dict[str, dict[str, Any]] = {
            "workingLocation": {"workingLocationProperties": {"type": "homeOffice", "homeOffice": {}}},
            "birthday": {"birthdayProperties": {"type": "birthday"}, "recurrence": ["RRULE:FREQ=YEARLY"]},
            "focusTime": {"focusTimeProperties": {"autoDeclineMode": "declineNone", "chatStatus": "doNotDisturb"}},
            "outOfOffice": {"outOfOfficeProperties": {"autoDeclineMode": "declineAllConflictingInvitations"}},
        }
        self.events[event_id] = {
            **self._stamped(event_id),
            "eventType": kind,
            "summary": title,
            **span,
            "organizer": {"email": ME, "self": True},
            "creator": {"email": ME, "self": True},
            "transparency": "transparent" if kind in ("workingLocation", "birthday") else "opaque",
            "visibility": "public" if kind == "workingLocation" else "default",
            **properties[kind],
        }
        if kind == "birthday":
            self.events[event_id]["start"]["timeZone"] = self.zone.key
        return event_id

    @web.middleware
    async def _check(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/token":
            return await handler(request)
        route_name = request.match_info.route.name
        if route_name is None:
            self.problems.append(f"{request.method} {request.path} is not a documented method")
            return _error(404, "Not Found")
        method = methods()[route_name.replace("-", ".")]
        body = await request.json() if request.can_read_body else None
        pairs = list(request.query.items())
        self.seen.append(Seen(method.id, request.method, request.path, dict(request.query), body, pairs))
        self.problems.extend(violations(method, request.query, body))
        if request.headers.get("Authorization", "").removeprefix("Bearer ") not in self.tokens:
            return _error(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED")
        if self.scripted:
            status, answer, headers = self.scripted.pop(0)
            return web.json_response(answer, status=status, headers=headers)
        try:
            return await handler(request)
        except RefusedError as refused:
            return _error(refused.status, refused.message, reason=refused.reason)

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("grant_type") != "refresh_token" or form.get("refresh_token") != REFRESH_TOKEN:
            return web.json_response({"error": "invalid_grant", "error_description": "Bad Request"}, status=400)
        self.issued += 1
        self.tokens.add(f"access-{self.issued}")
        return web.json_response({"access_token": f"access-{self.issued}", "expires_in": 3599, "token_type": "Bearer"})

    async def list_events(self, request: web.Request) -> web.Response:
        query = request.query
        single = query.get("singleEvents") == "true"
        if query.get("orderBy") == "startTime" and not single:
            return _error(400, "The requested ordering is not available for the particular query.")
        try:
            low = _parse_instant(query["timeMin"]) if "timeMin" in query else None
            high = _parse_instant(query["timeMax"]) if "timeMax" in query else None
        except ValueError:
            return _error(400, "Bad Request")
        size = min(int(query.get("maxResults", "250")), 2500)
        types = query.getall("eventTypes", [])
        if set(types) - set(EVENT_TYPES):
            return _error(400, f"Invalid event type: {sorted(set(types) - set(EVENT_TYPES))[0]}")
        terms = query.get("q", "").casefold().split()
        try:
            calendar = self._calendar(request, writing=False)
        except RefusedError as refused:
            return _error(refused.status, refused.message, reason=refused.reason)
        zone = ZoneInfo(query.get("timeZone", self.zone.key))
        listed = self.instances(low, high) if single else [e for e in self.events.values() if _is_stored(e)]
        chosen = [
            event
            for event in listed
            if event["status"] != "cancelled"
            and (low is None or self._instant(event["end"]) > low)
            and (high is None or self._instant(event["start"]) < high)
            and all(term in _searchable(event) for term in terms)
            and (not types or event.get("eventType", "default") in types)
            and self.placed.get(str(event.get("recurringEventId") or event["id"])) == calendar
        ]
        chosen.sort(key=lambda event: (self._instant(event["start"]), event["id"]))
        offset = int(query.get("pageToken", "0"))
        page = chosen[offset : offset + size]
        body: dict[str, Any] = {"kind": "calendar#events", "timeZone": zone.key, "items": [_in(e, zone) for e in page]}
        if offset + size < len(chosen):
            body["nextPageToken"] = str(offset + size)
        return web.json_response(body)

    async def insert(self, request: web.Request) -> web.Response:
        body = await request.json()
        _check_times(body)
        calendar = self._calendar(request, writing=True)
        event_id = f"ev{len(self.events) + 1:05d}"
        self.events[event_id] = {
            **self._stamped(event_id),
            "organizer": {"email": calendar or ME, "self": True},
            "creator": {"email": ME, "self": True},
            **body,
            "attendees": _replied(body.get("attendees")),
        }
        self._conference(self.events[event_id], body, request.query.get("conferenceDataVersion", "0"), {})
        if calendar is not None:
            self.placed[event_id] = calendar
        return web.json_response(self.events[event_id])

    async def calendar_list(self, request: web.Request) -> web.Response:
        items = [
            {"kind": "calendar#calendarListEntry", "id": ME, "summary": ME, "accessRole": "owner", "primary": True},
            *({"kind": "calendar#calendarListEntry", "id": key, **value} for key, value in self.calendars.items()),
        ]
        return web.json_response({"kind": "calendar#calendarList", "items": items})

    def _calendar(self, request: web.Request, *, writing: bool) -> str | None:
        """The calendar of the path (None: the primary one); 404 unknown, 403 when a reader writes."""
        calendar = request.match_info.get("calendarId", "primary")
        if calendar in ("primary", ME):
            return None
        found = self.calendars.get(calendar)
        if found is None:
            raise RefusedError(404, "Not Found", "notFound")
        if writing and found["accessRole"] not in ("writer", "owner"):
            raise RefusedError(403, "You need to have writer access to this calendar.", "requiredAccessLevel")
        return calendar

    def _conference(self, event: dict[str, Any], body: dict[str, Any], version: str, before: dict[str, Any]) -> None:
        """A Meet conference for ``conferenceData.createRequest``, with ``conferenceDataVersion=1`` only; ``before``:
        the event before a patch (its conference stays when the request does not say the version)."""
        asked = body.get("conferenceData", "absent")
        if version != "1":  # Google ignores conference data without the version: what was there stays
            for key in ("conferenceData", "hangoutLink"):
                if key in before:
                    event[key] = before[key]
                else:
                    event.pop(key, None)
            return
        if asked is None:
            event.pop("conferenceData", None)
            event.pop("hangoutLink", None)
            return
        if asked == "absent":
            return
        create = (asked or {}).get("createRequest") or {}
        solution = (create.get("conferenceSolutionKey") or {}).get("type")
        if not create.get("requestId") or solution != "hangoutsMeet":
            raise RefusedError(400, "Invalid conference type value.", "invalid")
        code = f"abc-{event['id'][-4:]}-xyz"
        event["hangoutLink"] = f"https://meet.google.com/{code}"
        event["conferenceData"] = {
            "createRequest": {**create, "status": {"statusCode": "success"}},
            "entryPoints": [
                {"entryPointType": "video", "uri": event["hangoutLink"], "label": f"meet.google.com/{code}"}
            ],
            "conferenceSolution": {"key": {"type": "hangoutsMeet"}, "name": "Google Meet"},
            "conferenceId": code,
        }

    async def get(self, request: web.Request) -> web.Response:
        event = self._find(request.match_info["eventId"])
        return web.json_response(_in(event, self.zone)) if event else _error(404, "Not Found")

    async def patch(self, request: web.Request) -> web.Response:
        event_id = request.match_info["eventId"]
        event = self._find(event_id)
        if event is None:
            return _error(404, "Not Found")
        body = await request.json()
        if not _organised_by_me(event) and not event.get("guestsCanModify"):
            _check_guest_change(event, body)
        if self.placed.get(event_id.split("_")[0]) != self._calendar(request, writing=True):
            return _error(404, "Not Found")
        changed = _merged(event, body)
        self._conference(changed, body, request.query.get("conferenceDataVersion", "0"), event)
        _check_times(changed)
        if "attendees" in body:
            changed["attendees"] = _replied(body["attendees"])
        changed["sequence"] = event.get("sequence", 0) + 1
        self.events[event_id] = changed
        return web.json_response(changed)

    async def delete(self, request: web.Request) -> web.Response:
        event_id = request.match_info["eventId"]
        event = self._find(event_id)
        if event is None:
            return _error(404, "Not Found")
        if event["status"] == "cancelled":
            return _error(410, "Resource has been deleted")
        self.events[event_id] = {**event, "status": "cancelled"}
        return web.Response(status=204)

    async def freebusy(self, request: web.Request) -> web.Response:
        body = await request.json()
        low, high = _parse_instant(body["timeMin"]), _parse_instant(body["timeMax"])
        calendars: dict[str, Any] = {}
        for item in body.get("items", []):
            if item["id"] in ("primary", ME):
                periods = [
                    (self._instant(e["start"]), self._instant(e["end"]))
                    for e in self.instances(low, high)
                    if e["status"] != "cancelled" and e.get("transparency") != "transparent" and not _declined(e)
                ]
            elif item["id"] in self.others:
                periods = [(_parse_instant(s), _parse_instant(e)) for s, e in self.others[item["id"]]]
            else:
                calendars[item["id"]] = {"errors": [{"domain": "global", "reason": "notFound"}], "busy": []}
                continue
            calendars[item["id"]] = {
                "busy": [
                    {"start": _rfc3339(max(s, low)), "end": _rfc3339(min(e, high))}
                    for s, e in sorted(periods)
                    if e > low and s < high
                ]
            }
        answer = {"kind": "calendar#freeBusy", "timeMin": body["timeMin"], "timeMax": body["timeMax"]}
        return web.json_response({**answer, "calendars": calendars})

    def instances(self, low: datetime | None, high: datetime | None) -> list[dict[str, Any]]:
        """Single events, and each series as its instances (exceptions in their place), as ``singleEvents``."""
        found: list[dict[str, Any]] = []
        for event in self.events.values():
            if event.get("recurringEventId"):
                series = self.events.get(event["recurringEventId"])
                if series is not None and series["status"] != "cancelled":
                    found.append(event)
            elif not event.get("recurrence"):
                found.append(event)
            elif event["status"] != "cancelled":
                for instance_id, instance in self._expand(event, low, high).items():
                    if instance_id not in self.events:
                        found.append(instance)
        return found

    def _find(self, event_id: str) -> dict[str, Any] | None:
        """A stored event, or an instance of a series named ``<series>_<start>``."""
        if event_id in self.events:
            return self.events[event_id]
        series_id, _, stamp = event_id.rpartition("_")
        series = self.events.get(series_id)
        if series is None or not series.get("recurrence") or series["status"] == "cancelled":
            return None
        try:
            moment = datetime.strptime(stamp, "%Y%m%dT%H%M%SZ" if "T" in stamp else "%Y%m%d").replace(tzinfo=UTC)
        except ValueError:
            return None
        return self._expand(series, moment - timedelta(days=2), moment + timedelta(days=2)).get(event_id)

    def _expand(self, series: dict[str, Any], low: datetime | None, high: datetime | None) -> dict[str, Any]:
        """The instances of ``series`` starting within a day of ``[low, high)``, by instance id."""
        zone = ZoneInfo(series["start"]["timeZone"])
        whole_days = "date" in series["start"]
        first = self._instant(series["start"]).astimezone(zone)
        length = self._instant(series["end"]) - self._instant(series["start"])
        rules = "\n".join(_utc_until(str(line), zone) for line in series["recurrence"])
        starts = rrulestr(rules, dtstart=first, forceset=True)
        ceiling = (high or datetime(2100, 1, 1, tzinfo=UTC)) + timedelta(days=1)
        floor = (low or datetime(1970, 1, 1, tzinfo=UTC)) - timedelta(days=1)
        found: dict[str, Any] = {}
        for begin in starts:
            if begin >= ceiling:
                break
            if begin + length <= floor:
                continue
            if whole_days:
                key = f"{begin:%Y%m%d}"
                start: dict[str, str] = {"date": begin.date().isoformat()}
                end = {"date": (begin.date() + timedelta(days=length.days)).isoformat()}
            else:
                key = f"{begin.astimezone(UTC):%Y%m%dT%H%M%SZ}"
                start = {"dateTime": begin.isoformat(), "timeZone": zone.key}
                end = {"dateTime": (begin.astimezone(UTC) + length).astimezone(zone).isoformat(), "timeZone": zone.key}
            instance_id = f"{series['id']}_{key}"
            found[instance_id] = {
                **{k: v for k, v in series.items() if k != "recurrence"},
                "id": instance_id,
                "recurringEventId": series["id"],
                "originalStartTime": start,
                "start": start,
                "end": end,
            }
        return found

    def _stamped(self, event_id: str) -> dict[str, Any]:
        now = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        return {
            "kind": "calendar#event",
            "id": event_id,
            "status": "confirmed",
            "htmlLink": f"https://www.google.com/calendar/event?eid={event_id}",
            "created": now,
            "updated": now,
            "iCalUID": f"{event_id}@google.com",
            "sequence": 0,
            "eventType": "default",
        }

    def _instant(self, value: dict[str, str]) -> datetime:
        if value.get("dateTime"):
            return _parse_instant(value["dateTime"])
        return datetime.combine(date.fromisoformat(value["date"]), time(), tzinfo=self.zone).astimezone(UTC)


def _utc_until(line: str, zone: ZoneInfo) -> str:
    """Google takes ``UNTIL=<date>`` for a timed series: the end of that day, local time, in UTC (dateutil wants
    UTC with an aware start)."""
    parts = line.split(";")
    for index, part in enumerate(parts):
        name, _, value = part.partition("=")
        if name.endswith("UNTIL") and len(value) == 8:
            day_end = datetime.combine(date.fromisoformat(f"{value[:4]}-{value[4:6]}-{value[6:]}"), time(23, 59, 59))
            parts[index] = f"{name}={day_end.replace(tzinfo=zone).astimezone(UTC):%Y%m%dT%H%M%SZ}"
    return ";".join(parts)


def _merged(current: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """Google's PATCH: nested objects merged field by field, ``null`` removes a field, arrays replaced."""
    result = dict(current)
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        elif isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _merged(result[key], value)
        else:
            result[key] = value
    return result


def _check_times(event: dict[str, Any]) -> None:
    kinds = []
    for key in ("start", "end"):
        value = event.get(key)
        if not isinstance(value, dict) or ("date" in value) == ("dateTime" in value):
            raise RefusedError(400, f"Invalid {key} time.")  # Google: both, or neither, of date and dateTime
        kinds.append("date" in value)
    if kinds[0] != kinds[1]:
        raise RefusedError(400, "Start and end times must either both be date or both be dateTime.")
    start, end = (_moment(event[key]) for key in ("start", "end"))
    if end < start:
        raise RefusedError(400, "The specified time range is empty.", "timeRangeEmpty")
    if event.get("recurrence"):
        if not event["start"].get("timeZone"):
            raise RefusedError(400, "Missing time zone definition for start time.")
        if not all(
            str(line).split(":", 1)[0] in ("RRULE", "EXRULE", "RDATE", "EXDATE") for line in event["recurrence"]
        ):
            raise RefusedError(400, "Invalid recurrence rule.")


def _check_guest_change(event: dict[str, Any], body: dict[str, Any]) -> None:
    """A guest may answer (their own attendee entry) and change their private properties, nothing shared."""
    shared = set(body) - PRIVATE_FIELDS - {"attendees"}
    forbidden = RefusedError(
        403, "Shared properties can only be changed by the organizer of the event.", "forbiddenForNonOrganizer"
    )
    if shared:
        raise forbidden
    if "attendees" in body:
        before = {str(a.get("email", "")).casefold(): a for a in event.get("attendees") or []}
        after = {str(a.get("email", "")).casefold(): a for a in body["attendees"] or []}
        if set(before) != set(after):
            raise forbidden
        for key, person in after.items():
            old = before[key]
            changed = {k for k in set(person) | set(old) if person.get(k) != old.get(k)}
            if changed and (not old.get("self") or changed - GUEST_FIELDS):
                raise forbidden


def _organised_by_me(event: dict[str, Any]) -> bool:
    return bool((event.get("organizer") or {}).get("self"))


def _declined(event: dict[str, Any]) -> bool:
    return any(a.get("self") and a.get("responseStatus") == "declined" for a in event.get("attendees") or [])


def _is_stored(event: dict[str, Any]) -> bool:
    return not event.get("recurringEventId")


def _moment(value: dict[str, str]) -> datetime:
    if "dateTime" in value:
        return _parse_instant(value["dateTime"])
    return datetime.combine(date.fromisoformat(value["date"]), time(), tzinfo=UTC)


def _in(event: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    """The event with its times shown in ``zone`` (what ``timeZone=`` asks of Google)."""
    shown = dict(event)
    for key in ("start", "end"):
        if "dateTime" in event[key]:
            moment = _parse_instant(event[key]["dateTime"]).astimezone(zone)
            shown[key] = {**event[key], "dateTime": moment.isoformat(timespec="seconds")}
    return shown


def _replied(attendees: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    return [{"responseStatus": "needsAction", **attendee} for attendee in attendees or []]


def _searchable(event: dict[str, Any]) -> str:
    people = [f"{a.get('email', '')} {a.get('displayName', '')}" for a in event.get("attendees") or []]
    return " ".join(
        [event.get("summary", ""), event.get("description", ""), event.get("location", ""), *people]
    ).casefold()


def _parse_instant(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError("RFC 3339 needs an offset")
    return moment.astimezone(UTC)


def _rfc3339(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _error(status: int, message: str, code: str = "INVALID_ARGUMENT", reason: str | None = None) -> web.Response:
    reason = reason or {400: "badRequest", 401: "authError", 403: "forbidden", 404: "notFound", 410: "deleted"}.get(
        status, "error"
    )
    error = {"code": status, "message": message, "errors": [{"domain": "global", "reason": reason, "message": message}]}
    status_code = {403: "PERMISSION_DENIED"}.get(status, code)
    return web.json_response({"error": {**error, "status": status_code}}, status=status)
