"""The Outlook calendar connector: the calendar tools (v2 included) over Microsoft Graph.

- fetch:   ``/me/calendarView`` over the range (occurrences of series expanded by Graph), in start order, pages
           followed; query words (each in title, location or description) and the attendee are matched here.
- create:  ``POST /me/events`` (a recurrence as ``patternedRecurrence``); update: ``GET`` then ``PATCH`` (only the
           organiser may change an event; an occurrence's id changes that occurrence alone); delete: ``DELETE``,
           after declining when someone else organises it.
- respond: ``accept`` / ``decline`` / ``tentativelyAccept`` with the comment, the organiser told.
- free slots: ``/me/calendar/getSchedule`` for the user and the attendees (busy, tentative and away count as busy);
           a schedule Graph cannot show (an error) adds no busy time.
"""

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel

from integrations.base import arguments as a
from integrations.base.errors import NotFoundError, PermanentError
from integrations.calendar.dispatch import run_calendar_tool
from integrations.calendar.events import DEFAULT_LIMIT, CalendarEvent, search_range
from integrations.calendar.slots import Interval, free_slots
from integrations.calendar.workweek import WorkWeek
from integrations.microsoft.events import ACTIONS, SELECTED, create_body, patch_body, people, read_time, shown, window
from integrations.microsoft.graph import SERVICE, Graph, segment
from integrations.microsoft.mail_read import words
from integrations.microsoft.recurrence import series

logger = logging.getLogger(__name__)
PAGE_SIZE = 100
BUSY = frozenset({"busy", "tentative", "oof"})
SCHEDULES_PER_CALL = 20
DAYS_PER_CALL = 31


def _utc_now() -> datetime:
    return datetime.now(UTC)


class OutlookCalendar:
    v3_arguments = frozenset({"optionalAttendees", "onlineMeeting", "calendarId"})
    name = "microsoft_calendar"
    tools: frozenset[str] = frozenset(
        {
            "fetch_calendar_events",
            "create_calendar_event",
            "update_calendar_event",
            "respond_to_event",
            "delete_calendar_event",
            "find_free_slots",
            "fetch_calendars",
        }
    )

    def __init__(self, graph: Graph, *, week: WorkWeek, clock: Callable[[], datetime] = _utc_now) -> None:
        self._graph = graph
        self._week = week
        self._zone = week.zone
        self._clock = clock

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        return await run_calendar_tool(self, tool, arguments, service=SERVICE, label="Microsoft 365 calendar")

    async def fetch_calendar_events(self, args: a.FetchCalendarEventsArgs) -> list[dict[str, Any]]:
        low, high = search_range(args, self._clock())
        params = {
            "startDateTime": _instant(low),
            "endDateTime": _instant(high),
            "$orderby": "start/dateTime",
            "$top": PAGE_SIZE,
            "$select": SELECTED,
        }
        wanted = args.limit or DEFAULT_LIMIT
        found: list[tuple[datetime, datetime, str, dict[str, Any]]] = []
        async for page in self._graph.pages(self._calendar(args.calendarId, "calendarView"), params):
            for item in page:
                if item.get("isCancelled") or "start" not in item:
                    continue
                start, end = window(item, self._zone)
                if end > low and start < high and self._matches(item, args):
                    found.append((start.astimezone(UTC), end.astimezone(UTC), str(item["id"]), item))
            if len(found) >= wanted:
                break
        found.sort(key=lambda entry: entry[:3])
        named = {"calendarId": args.calendarId} if args.calendarId else {}  # an event's own read does not say it
        return [{**shown(item, self._zone), **named} for *_key, item in found[:wanted]]

    async def fetch_calendars(self, args: a.FetchCalendarsArgs) -> list[dict[str, Any]]:
        """(v3) ``/me/calendars``: the default one is ``primary``; ``canWrite`` is ``canEdit``."""
        params = {"$select": "id,name,isDefaultCalendar,canEdit"}
        found: list[dict[str, Any]] = []
        async for page in self._graph.pages("me/calendars", params):
            for item in page:
                default = bool(item.get("isDefaultCalendar"))
                found.append(
                    {
                        "id": "primary" if default else str(item["id"]),
                        "name": str(item.get("name") or ""),
                        "primary": default,
                        "canWrite": bool(item.get("canEdit")),
                    }
                )
        if args.name:
            found = [item for item in found if args.name.casefold() in str(item["name"]).casefold()]
        return found

    def _calendar(self, calendar_id: str | None, tail: str) -> str:
        """``me/<tail>`` of the default calendar, or ``me/calendars/{id}/<tail>`` of another."""
        if calendar_id is None or calendar_id.strip() == "primary":
            return f"me/{tail}"
        return f"me/calendars/{segment(calendar_id.strip())}/{tail}"

    async def create_calendar_event(self, args: a.CreateCalendarEventArgs) -> dict[str, Any]:
        start, recurrence = args.startTime, None
        if args.recurrence:
            repeating = series(args.recurrence, args.startTime, self._zone, service=SERVICE)
            start, recurrence = repeating.start, repeating.recurrence
        body = create_body(args, self._zone, start, recurrence)
        item = await self._graph.post(self._calendar(args.calendarId, "events"), body)
        return {**self._shown(item), **({"calendarId": args.calendarId} if args.calendarId else {})}

    async def update_calendar_event(self, args: a.UpdateCalendarEventArgs) -> dict[str, Any]:
        current = await self._event(args.eventId)
        if not current.get("isOrganizer", True):
            raise PermanentError(
                f"{_organizer(current)} organises {current.get('subject')!r}: you can accept, decline or remove it,"
                " not change it",
                service=SERVICE,
            )
        item = await self._graph.patch(self._path(args.eventId), patch_body(args, current, self._zone))
        return self._shown(item)

    async def respond_to_event(self, args: a.RespondToEventArgs) -> dict[str, Any]:
        current = await self._event(args.eventId)
        if current.get("isOrganizer"):
            raise PermanentError(
                f"you organise {current.get('subject')!r}: there is no invitation to answer", service=SERVICE
            )
        answer: dict[str, Any] = {"SendResponse": True}
        if args.comment:
            answer["Comment"] = args.comment
        await self._graph.post(f"{self._path(args.eventId)}/{ACTIONS[args.response]}", answer)
        try:
            return self._shown(await self._event(args.eventId))
        except NotFoundError:  # Outlook may take a declined meeting off the calendar at once
            return {**shown(current, self._zone), "myResponse": args.response}

    async def delete_calendar_event(self, args: a.DeleteCalendarEventArgs) -> dict[str, str]:
        current = await self._event(args.eventId)
        if not current.get("isOrganizer", True):
            await self._graph.post(f"{self._path(args.eventId)}/decline", {"SendResponse": True})
        try:
            await self._graph.delete(self._path(args.eventId))
        except NotFoundError:
            if current.get("isOrganizer", True):
                raise
        return {"id": args.eventId}

    async def find_free_slots(self, args: a.FindFreeSlotsArgs) -> list[dict[str, str]]:
        window_ = (args.windowStart.astimezone(UTC), args.windowEnd.astimezone(UTC))
        me = await self._graph.my_address()
        schedules = list(dict.fromkeys([me, *(args.attendees or [])]))
        busy: list[Interval] = []
        hidden = 0
        for low, high in _chunks(window_, timedelta(days=DAYS_PER_CALL)):
            for start in range(0, len(schedules), SCHEDULES_PER_CALL):
                body = {
                    "Schedules": schedules[start : start + SCHEDULES_PER_CALL],
                    "StartTime": {"dateTime": _naive_utc(low), "timeZone": "UTC"},
                    "EndTime": {"dateTime": _naive_utc(high), "timeZone": "UTC"},
                    "AvailabilityViewInterval": 30,
                }
                answer = await self._graph.post("me/calendar/getSchedule", body)
                for schedule in answer.get("value") or []:
                    if schedule.get("error"):
                        hidden += 1
                        continue
                    busy += [
                        (read_time(entry["start"], self._zone), read_time(entry["end"], self._zone))
                        for entry in schedule.get("scheduleItems") or []
                        if entry.get("status") in BUSY
                    ]
        if hidden:
            logger.info("free/busy of %d schedule(s) is not visible; they add no busy time", hidden)
        return free_slots(window_, busy, timedelta(minutes=args.durationMinutes), self._week)

    def _matches(self, item: dict[str, Any], args: a.FetchCalendarEventsArgs) -> bool:
        place, body = item.get("location") or {}, item.get("body") or {}
        parts = (item.get("subject"), place.get("displayName"), body.get("content"))
        text = " ".join(str(part or "") for part in parts).casefold()
        if any(word.casefold() not in text for word in words(args.query)):
            return False
        if not args.attendee:
            return True
        found = people(item)
        start, end = window(item, self._zone)
        probe = CalendarEvent(
            id="", title="", start=start, end=end,
            attendees=tuple(address for address, _ in found), attendee_names=tuple(name for _, name in found if name),
        )  # fmt: skip
        return probe.has_attendee(args.attendee)

    async def _event(self, event_id: str) -> dict[str, Any]:
        try:
            item = await self._graph.get(self._path(event_id), {"$select": SELECTED})
        except PermanentError as error:  # 400: an id of the wrong shape
            if type(error) is not PermanentError:
                raise
            raise NotFoundError(f"no calendar event with id {event_id!r}", service=SERVICE) from error
        except NotFoundError as error:
            raise NotFoundError(f"no calendar event with id {event_id!r}", service=SERVICE) from error
        if item.get("isCancelled"):
            raise NotFoundError(f"no calendar event with id {event_id!r}", service=SERVICE)
        return item

    def _path(self, event_id: str) -> str:
        return f"me/events/{segment(event_id)}"

    def _shown(self, item: dict[str, Any]) -> dict[str, Any]:
        if "id" not in item or "start" not in item:
            raise PermanentError("Microsoft Graph answered without the event", service=SERVICE)
        return shown(item, self._zone)


def _organizer(item: dict[str, Any]) -> str:
    email = (item.get("organizer") or {}).get("emailAddress") or {}
    return str(email.get("address") or email.get("name") or "Someone else")


def _instant(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _naive_utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")


def _chunks(window: Interval, step: timedelta) -> list[Interval]:
    found: list[Interval] = []
    low = window[0]
    while low < window[1]:
        found.append((low, min(low + step, window[1])))
        low += step
    return found
