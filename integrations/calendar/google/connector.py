"""The Google Calendar connector: the calendar tools over the Calendar API v3 (``JsonApi``).

- fetch:   ``events.list`` with timeMin/timeMax (overlap: end > timeMin, start < timeMax), ``singleEvents=true``
           (recurring events come as their occurrences), ``orderBy=startTime``, ``q`` to narrow (the contract's
           every-word match is checked here too), pages followed through ``nextPageToken``. Only meetings and
           appointments: ``eventTypes`` ``default`` and ``fromGmail`` (``EVENT_TYPES``); working locations,
           birthdays, focus time and out-of-office entries are statuses, not events to list or change (they still
           count in free/busy as Google counts them). An occurrence carries its series' rule (``recurrence``),
           read once per series (``events.get`` of its ``recurringEventId``): Google gives the rule to the series
           only, and a card says "one occurrence of a weekly meeting", not "of a repeating one".
- create:  ``events.insert`` (``recurrence``: ``["RRULE:..."]``, starting at the rule's first occurrence).
- update:  ``events.get`` then ``events.patch`` with only what changes. An occurrence's id (``<series>_<start>``,
           as reads list them) changes that occurrence only; the series' id (``seriesId``, or what create gave)
           changes every occurrence. Google refuses changes to an event someone else organises
           (``forbiddenForNonOrganizer``): that is a PermissionDeniedError naming the organiser.
- respond: the ``responseStatus`` (and ``comment``) of the user's own attendee entry (``self``), patched.
- delete:  ``events.delete``; an event someone else organises is declined first (contract §2.6).
- free slots: ``freebusy.query`` for the calendar and every attendee; calendars Google cannot show us (errors)
           add no busy time.
- v3:      ``optionalAttendees`` are attendees with ``optional: true``; ``onlineMeeting`` is
           ``conferenceData.createRequest`` (``hangoutsMeet``) sent with ``conferenceDataVersion=1`` (without it Google
           drops the request), the link read back from the conference's video entry point; ``calendarId`` is the
           ``calendars/{id}/events`` path (``primary``: the configured calendar); ``fetch_calendars`` is
           ``calendarList.list`` (``canWrite``: access role writer or owner).
``sendUpdates`` is as configured, so attendees and organisers get Google's mail. HTTP failures map into the error
tree in ``JsonApi`` (401 → token refresh → retry; 403 → permission, quota or rate limit); the engine retries.
"""

import logging
import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

from pydantic import BaseModel

from integrations.base import arguments as a
from integrations.base.errors import NotFoundError, PermanentError, PermissionDeniedError
from integrations.calendar.dispatch import run_calendar_tool
from integrations.calendar.events import DEFAULT_LIMIT, CalendarEvent, search_range, select
from integrations.calendar.google.resources import (
    answer_body,
    conference_request,
    from_google,
    insert_body,
    instant,
    organised_by_me,
    own_entry,
    patch_body,
    rfc3339,
)
from integrations.calendar.google.settings import GoogleCalendarSettings
from integrations.calendar.rules import first_start, moved_to_weekday, normalized
from integrations.calendar.slots import Interval, free_slots
from integrations.http import JsonApi

logger = logging.getLogger(__name__)
SERVICE = "Google Calendar"
MAX_PAGES = 20
EVENT_TYPES = ("default", "fromGmail")
"""The ``eventType`` values the tools read and change (calendar.v3 ``events.list`` ``eventTypes``)."""
MAX_SERIES_READ = 10
"""Series whose rule one fetch reads for its occurrences at most (one ``events.get`` each)."""
_KINDS = {
    "workingLocation": "a working-location entry",
    "birthday": "a birthday",
    "focusTime": "focus time",
    "outOfOffice": "an out-of-office entry",
}
TOOLS = frozenset(
    {
        "fetch_calendar_events",
        "create_calendar_event",
        "update_calendar_event",
        "delete_calendar_event",
        "respond_to_event",
        "find_free_slots",
        "fetch_calendars",
    }
)
V3_ARGUMENTS = frozenset({"optionalAttendees", "onlineMeeting", "calendarId"})
WRITABLE = ("writer", "owner")


def _utc_now() -> datetime:
    return datetime.now(UTC)


class GoogleCalendar:
    name = "google_calendar"
    tools = TOOLS
    v3_arguments = V3_ARGUMENTS

    def __init__(
        self, *, api: JsonApi, settings: GoogleCalendarSettings, clock: Callable[[], datetime] = _utc_now
    ) -> None:
        self._api = api
        self._settings = settings
        self._week = settings.work_week
        self._zone = self._week.zone
        self._clock = clock
        self._events = f"calendars/{quote(settings.calendar_id, safe='')}/events"

    def _events_of(self, calendar_id: str | None) -> str:
        """The events path of a calendar (None or ``primary``: the configured one)."""
        if calendar_id is None or calendar_id.strip() == "primary":
            return self._events
        return f"calendars/{quote(calendar_id.strip(), safe='')}/events"

    async def fetch_calendars(self, args: a.FetchCalendarsArgs) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        params: dict[str, Any] = {"maxResults": 250}
        for _ in range(MAX_PAGES):
            page = await self._api.request("GET", "users/me/calendarList", params=params)
            for item in page.get("items") or []:
                name = str(item.get("summaryOverride") or item.get("summary") or item.get("id"))
                found.append(
                    {
                        "id": "primary" if item.get("primary") else str(item["id"]),
                        "name": name,
                        "primary": bool(item.get("primary")),
                        "canWrite": item.get("accessRole") in WRITABLE,
                    }
                )
            token = page.get("nextPageToken")
            if not token:
                break
            params["pageToken"] = token
        if args.name:
            found = [item for item in found if args.name.casefold() in str(item["name"]).casefold()]
        return found

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        return await run_calendar_tool(self, tool, arguments, service=SERVICE, label="Google Calendar")

    async def fetch_calendar_events(self, args: a.FetchCalendarEventsArgs) -> list[dict[str, Any]]:
        return [event.shown(self._zone) for event in await self.fetch(args)]

    async def fetch(self, args: a.FetchCalendarEventsArgs) -> list[CalendarEvent]:
        window = search_range(args, self._clock())
        wanted = args.limit or DEFAULT_LIMIT
        params: dict[str, Any] = {
            "timeMin": rfc3339(window[0]),
            "timeMax": rfc3339(window[1]),
            "singleEvents": True,
            "orderBy": "startTime",
            "timeZone": self._zone.key,
            "maxResults": self._settings.page_size
            if args.attendee or args.query
            else min(wanted, self._settings.page_size),
            "q": args.query,
            "eventTypes": list(EVENT_TYPES),
        }
        found: list[CalendarEvent] = []
        events = self._events_of(args.calendarId)
        for _ in range(MAX_PAGES):
            page = await self._api.request("GET", events, params=params)
            for item in page.get("items") or []:
                event = from_google(item, self._zone, args.calendarId or "primary")
                if event is not None and self._wanted(event, args):
                    found.append(event)
            token = page.get("nextPageToken")
            if not token or len(found) >= wanted:
                break
            params["pageToken"] = token
        return await self._with_rules(select(found, args, window, query=False))

    async def _with_rules(self, events: list[CalendarEvent]) -> list[CalendarEvent]:
        """Occurrences with their series' rule (Google lists the rule on the series only)."""
        wanted = list(dict.fromkeys(e.series_id for e in events if e.series_id and not e.recurrence))
        rules: dict[str, str | None] = {}
        for series_id in wanted[:MAX_SERIES_READ]:
            try:
                series = await self._api.request("GET", self._event(series_id), params={"timeZone": self._zone.key})
            except NotFoundError:
                continue
            event = from_google(series, self._zone) if isinstance(series, dict) else None
            rules[series_id] = event.recurrence if event is not None else None
        return [replace(e, recurrence=rule) if (rule := rules.get(e.series_id or "")) else e for e in events]

    @staticmethod
    def _wanted(event: CalendarEvent, args: a.FetchCalendarEventsArgs) -> bool:
        """Google's ``q`` also matches attendees and word forms: the contract's every-word match decides."""
        return (not args.query or event.mentions(args.query)) and (
            not args.attendee or event.has_attendee(args.attendee)
        )

    async def create_calendar_event(self, args: a.CreateCalendarEventArgs) -> dict[str, Any]:
        start, rule = args.startTime, None
        if args.recurrence:
            rule = normalized(args.recurrence)
            start = first_start(rule, args.startTime, self._zone, service=SERVICE)
        params: dict[str, Any] = {"sendUpdates": self._settings.send_updates}
        body = insert_body(args, self._zone, start, rule)
        if args.onlineMeeting:
            body["conferenceData"] = conference_request(uuid.uuid4().hex)
            params["conferenceDataVersion"] = 1
        events = self._events_of(args.calendarId)
        item = await self._api.request("POST", events, params=params, json_body=body)
        return self._shown(item, args.calendarId or "primary")

    async def update_calendar_event(self, args: a.UpdateCalendarEventArgs) -> dict[str, Any]:
        path, current = await self._current(args.eventId, args.calendarId)
        body = patch_body(args, current, self._zone)
        if "start" in body and current.get("recurrence"):
            body["recurrence"] = self._moved_rules(current, body)
        params: dict[str, Any] = {"sendUpdates": self._settings.send_updates}
        if args.onlineMeeting is not None:
            body["conferenceData"] = conference_request(uuid.uuid4().hex) if args.onlineMeeting else None
            params["conferenceDataVersion"] = 1
        try:
            item = await self._api.request("PATCH", path, params=params, json_body=body)
        except PermissionDeniedError as error:
            if organised_by_me(current):
                raise
            organizer = (current.get("organizer") or {}).get("email") or "someone else"
            raise PermissionDeniedError(
                f"{organizer} organises {current.get('summary') or 'this event'!r}: you can accept, decline or"
                " remove it, not change it",
                service=SERVICE,
            ) from error
        return self._shown(item, args.calendarId or "primary")

    async def respond_to_event(self, args: a.RespondToEventArgs) -> dict[str, Any]:
        path, current = await self._current(args.eventId)
        if organised_by_me(current) or own_entry(current) is None:
            title = current.get("summary") or "this event"
            raise PermanentError(f"you organise {title!r}: there is no invitation to answer", service=SERVICE)
        params = {"sendUpdates": self._settings.send_updates}
        body = answer_body(current, args.response, args.comment)
        return self._shown(await self._api.request("PATCH", path, params=params, json_body=body))

    async def delete_calendar_event(self, args: a.DeleteCalendarEventArgs) -> dict[str, Any]:
        path, current = await self._current(args.eventId)
        params = {"sendUpdates": self._settings.send_updates}
        if not organised_by_me(current) and own_entry(current) is not None:  # an invitation: decline, then remove
            await self._api.request("PATCH", path, params=params, json_body=answer_body(current, "declined", None))
        await self._api.request("DELETE", path, params=params)
        return {"id": args.eventId}

    async def _current(self, event_id: str, calendar_id: str | None = None) -> tuple[str, dict[str, Any]]:
        """The event's path and resource (an occurrence's id gives that occurrence); a deleted one is not found."""
        path = self._event(event_id, calendar_id)
        current = await self._api.request("GET", path, params={"timeZone": self._zone.key})
        if not isinstance(current, dict) or current.get("status") == "cancelled":
            raise NotFoundError(f"no calendar event with id {event_id!r}", service=SERVICE)
        kind = str(current.get("eventType") or "default")
        if kind not in EVENT_TYPES:
            raise PermanentError(
                f"“{current.get('summary') or 'that entry'}” is {_KINDS.get(kind, f'a {kind} entry')}, not a meeting"
                " or appointment: change it in Google Calendar",
                service=SERVICE,
            )
        return path, current

    def _moved_rules(self, current: dict[str, Any], body: dict[str, Any]) -> list[str]:
        """A series moved to another weekday takes a one-weekday rule (``BYDAY=MO``) along."""
        old = from_google(current, self._zone)
        new = from_google({**current, "start": {**current["start"], **body["start"]}}, self._zone)
        moved = []
        for line in current.get("recurrence") or []:
            text = str(line)
            if old is not None and new is not None and text.upper().startswith("RRULE:"):
                text = f"RRULE:{moved_to_weekday(text, old.start, new.start, self._zone)}"
            moved.append(text)
        return moved

    async def find_free_slots(self, args: a.FindFreeSlotsArgs) -> list[dict[str, str]]:
        window = (args.windowStart.astimezone(UTC), args.windowEnd.astimezone(UTC))
        calendars = list(dict.fromkeys([self._settings.calendar_id, *(args.attendees or [])]))
        body = {
            "timeMin": rfc3339(window[0]),
            "timeMax": rfc3339(window[1]),
            "timeZone": self._zone.key,
            "items": [{"id": calendar} for calendar in calendars],
        }
        answer = await self._api.request("POST", "freeBusy", json_body=body)
        busy: list[Interval] = []
        hidden = 0
        for found in (answer.get("calendars") or {}).values():
            if found.get("errors"):
                hidden += 1
                continue
            busy.extend((instant(period["start"]), instant(period["end"])) for period in found.get("busy") or [])
        if hidden:
            logger.info("free/busy of %d calendar(s) is not visible; they add no busy time", hidden)
        return free_slots(window, busy, timedelta(minutes=args.durationMinutes), self._week)

    def _event(self, event_id: str, calendar_id: str | None = None) -> str:
        return f"{self._events_of(calendar_id)}/{quote(event_id.strip(), safe='')}"

    def _shown(self, item: Any, calendar_id: str | None = None) -> dict[str, Any]:
        event = from_google(item, self._zone, calendar_id) if isinstance(item, dict) else None
        if event is None:
            raise PermanentError("Google Calendar answered without the event", service=SERVICE)
        return event.shown(self._zone)
