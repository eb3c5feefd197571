"""The Google Calendar connector: the five calendar tools over the Calendar API v3 (``JsonApi``).

- fetch:   ``events.list`` with timeMin/timeMax (overlap: end > timeMin, start < timeMax), ``singleEvents=true``
           (recurring events expanded), ``orderBy=startTime``, ``q`` (Google's own full-text match), pages
           followed through ``nextPageToken``; the attendee filter is applied here.
- create:  ``events.insert``; update: ``events.get`` then ``events.patch``; delete: ``events.delete``
           (``sendUpdates`` as configured, so attendees get Google's invitation mail by default).
- free slots: ``freebusy.query`` for the calendar and every attendee; calendars Google cannot show us (errors)
           add no busy time.
HTTP failures map into the error tree in ``JsonApi`` (401 → token refresh → retry); the engine retries.
"""

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

from pydantic import BaseModel

from integrations.base import arguments as a
from integrations.base.errors import NotFoundError, PermanentError
from integrations.calendar.events import DEFAULT_LIMIT, CalendarEvent, search_range, select
from integrations.calendar.google.resources import from_google, insert_body, instant, patch_body, rfc3339
from integrations.calendar.google.settings import GoogleCalendarSettings
from integrations.calendar.slots import Interval, free_slots
from integrations.http import JsonApi

logger = logging.getLogger(__name__)
SERVICE = "Google Calendar"
MAX_PAGES = 20
TOOLS = frozenset(
    {
        "fetch_calendar_events",
        "create_calendar_event",
        "update_calendar_event",
        "delete_calendar_event",
        "find_free_slots",
    }
)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class GoogleCalendar:
    name = "google_calendar"
    tools = TOOLS

    def __init__(
        self, *, api: JsonApi, settings: GoogleCalendarSettings, clock: Callable[[], datetime] = _utc_now
    ) -> None:
        self._api = api
        self._settings = settings
        self._week = settings.work_week
        self._zone = self._week.zone
        self._clock = clock
        self._events = f"calendars/{quote(settings.calendar_id, safe='')}/events"

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if isinstance(arguments, a.FetchCalendarEventsArgs):
            return [event.shown(self._zone) for event in await self.fetch(arguments)]
        if isinstance(arguments, a.CreateCalendarEventArgs):
            return await self.create(arguments)
        if isinstance(arguments, a.UpdateCalendarEventArgs):
            return await self.update(arguments)
        if isinstance(arguments, a.DeleteCalendarEventArgs):
            return await self.delete(arguments)
        if isinstance(arguments, a.FindFreeSlotsArgs):
            return await self.find_free_slots(arguments)
        raise PermanentError(f"the Google Calendar connector does not run {tool!r}", service=SERVICE)

    async def fetch(self, args: a.FetchCalendarEventsArgs) -> list[CalendarEvent]:
        window = search_range(args, self._clock())
        wanted = args.limit or DEFAULT_LIMIT
        params: dict[str, Any] = {
            "timeMin": rfc3339(window[0]),
            "timeMax": rfc3339(window[1]),
            "singleEvents": True,
            "orderBy": "startTime",
            "timeZone": self._zone.key,
            "maxResults": self._settings.page_size if args.attendee else min(wanted, self._settings.page_size),
            "q": args.query,
        }
        found: list[CalendarEvent] = []
        for _ in range(MAX_PAGES):
            page = await self._api.request("GET", self._events, params=params)
            for item in page.get("items") or []:
                event = from_google(item, self._zone)
                if event is not None and (not args.attendee or event.has_attendee(args.attendee)):
                    found.append(event)
            token = page.get("nextPageToken")
            if not token or len(found) >= wanted:
                break
            params["pageToken"] = token
        return select(found, args, window, query=False)

    async def create(self, args: a.CreateCalendarEventArgs) -> dict[str, Any]:
        params = {"sendUpdates": self._settings.send_updates}
        item = await self._api.request("POST", self._events, params=params, json_body=insert_body(args, self._zone))
        return self._shown(item)

    async def update(self, args: a.UpdateCalendarEventArgs) -> dict[str, Any]:
        path = self._event(args.eventId)
        current = await self._api.request("GET", path, params={"timeZone": self._zone.key})
        if not isinstance(current, dict) or current.get("status") == "cancelled":
            raise NotFoundError(f"no calendar event with id {args.eventId!r}", service=SERVICE)
        params = {"sendUpdates": self._settings.send_updates}
        item = await self._api.request("PATCH", path, params=params, json_body=patch_body(args, current, self._zone))
        return self._shown(item)

    async def delete(self, args: a.DeleteCalendarEventArgs) -> dict[str, Any]:
        await self._api.request(
            "DELETE", self._event(args.eventId), params={"sendUpdates": self._settings.send_updates}
        )
        return {"id": args.eventId}

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

    def _event(self, event_id: str) -> str:
        return f"{self._events}/{quote(event_id.strip(), safe='')}"

    def _shown(self, item: Any) -> dict[str, Any]:
        event = from_google(item, self._zone) if isinstance(item, dict) else None
        if event is None:
            raise PermanentError("Google Calendar answered without the event", service=SERVICE)
        return event.shown(self._zone)
