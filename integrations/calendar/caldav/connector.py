"""The CalDAV connector: the calendar tools over WebDAV (RFC 4918), CalDAV (RFC 4791) and, where the server has
it, CalDAV scheduling (RFC 6638, ``calendar-auto-schedule`` in the ``DAV`` header of OPTIONS).

- fetch:   REPORT calendar-query over the range, recurring events expanded here (``recurrence``), then the
           query / attendee / order / limit semantics of ``integrations.calendar.events``.
- create:  PUT ``<uuid>.ics`` with ``If-None-Match: *`` (a recurring event starts at its rule's first occurrence).
- update:  GET, change the VEVENT (or add an override for one occurrence), PUT with ``If-Match: <etag>``; an event
           someone else organises is refused (it is answered or removed, not changed).
- respond: the user's PARTSTAT on their ATTENDEE line, PUT back; the server's scheduling sends the organiser the
           iTIP REPLY. A server without scheduling could tell nobody: PermanentError "not supported by this server".
- delete:  DELETE the object; for one occurrence, an EXDATE on the series (GET + PUT with ``If-Match``). An
           invitation is declined first where the server schedules (PARTSTAT=DECLINED, then DELETE).
- free slots: REPORT free-busy-query on the user's calendar and on every attendee calendar configured
           (``PLANBOT_CALDAV_ATTENDEE_CALENDARS`` / ``..._TEMPLATE``) that the account may read; one it may not
           read, or that does not exist, adds no busy time.
- v3:      optional attendees are ``ROLE=OPT-PARTICIPANT``; ``calendarId`` is the URL of another event calendar of
           the account's calendar home (``fetch_calendars`` lists them: PROPFIND depth 1; the configured one is
           ``primary``); an id that is not one of them is not found, so no other URL is ever reached. CalDAV has
           no meeting links: ``onlineMeeting`` is refused before any call.
The user's own addresses (``PLANBOT_CALDAV_ORGANIZER``, the ``mailto:`` addresses of the principal's
``calendar-user-address-set``, a user name that is an address) tell their events from invitations: an event whose
ORGANIZER is someone else is an invitation. The first is the ORGANIZER of the events planbot creates, so that the
server (or the attendees' clients) can invite the attendees; with none known, an event has no ORGANIZER.
"""

import asyncio
import logging
import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import aiohttp
from pydantic import BaseModel

from integrations.base import arguments as a
from integrations.base.errors import AuthError, ConnectorError, NotFoundError, PermanentError
from integrations.calendar.caldav.dav import ICALENDAR, DavClient, basic_auth
from integrations.calendar.caldav.davxml import CALDAV, calendar_query, free_busy_query, parse_multistatus
from integrations.calendar.caldav.discovery import all_calendars, find_calendar, user_addresses
from integrations.calendar.caldav.edit import answer, change, leave_out, new_calendar
from integrations.calendar.caldav.ical import (
    Me,
    RecurrenceId,
    busy_periods,
    event_id,
    is_invitation,
    parse_calendar,
    parse_event_id,
    to_event,
)
from integrations.calendar.caldav.recurrence import read_object
from integrations.calendar.caldav.settings import CalDavSettings
from integrations.calendar.dispatch import run_calendar_tool
from integrations.calendar.events import CalendarEvent, search_range, select
from integrations.calendar.slots import Interval, free_slots

logger = logging.getLogger(__name__)
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
SCHEDULING = "calendar-auto-schedule"


def _utc_now() -> datetime:
    return datetime.now(UTC)


class CalDavCalendar:
    name = "caldav"
    tools = TOOLS
    v3_arguments = frozenset({"optionalAttendees", "calendarId"})

    def __init__(
        self,
        *,
        dav: DavClient,
        settings: CalDavSettings,
        clock: Callable[[], datetime] = _utc_now,
        owned: aiohttp.ClientSession | None = None,
    ) -> None:
        """``owned``: a session of this connector's own (a person's server: ``integrations.outbound``), closed
        with it; the shared session is not."""
        self._owned = owned
        self._dav = dav
        self._settings = settings
        self._week = settings.work_week
        self._zone = self._week.zone
        self._clock = clock
        self._calendar_url: str | None = None
        self._schedules: bool | None = None
        self._finding = asyncio.Lock()
        self._me: Me = settings.own_addresses

    @classmethod
    def from_settings(
        cls,
        session: aiohttp.ClientSession,
        settings: CalDavSettings,
        clock: Callable[[], datetime] = _utc_now,
        *,
        owns_session: bool = False,
    ) -> "CalDavCalendar":
        authorization = None
        if settings.username is not None and settings.password is not None:
            authorization = basic_auth(settings.username, settings.password.get_secret_value())
        dav = DavClient(session, authorization=authorization, timeout=settings.timeout_seconds)
        return cls(dav=dav, settings=settings, clock=clock, owned=session if owns_session else None)

    async def aclose(self) -> None:
        if self._owned is not None:
            await self._owned.close()

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        return await run_calendar_tool(self, tool, arguments, service=self.name, label="CalDAV")

    async def fetch_calendar_events(self, args: a.FetchCalendarEventsArgs) -> list[dict[str, Any]]:
        return [event.shown(self._zone) for event in await self.fetch(args)]

    async def calendar_url(self) -> str:
        """The calendar collection (found once, on first use, so that start-up needs no server)."""
        async with self._finding:
            if self._calendar_url is None:
                self._calendar_url = await find_calendar(self._dav, self._settings.url, self._settings.calendar)
                self._me = await self._own_addresses()
            return self._calendar_url

    async def _own_addresses(self) -> Me:
        """The configured organizer, then the addresses the server knows the account by, then an address user name."""
        found: list[str] = []
        try:
            found = await user_addresses(self._dav, self._settings.url)
        except ConnectorError as error:  # an answer we cannot read: the configured addresses still hold
            logger.info("the CalDAV server did not say the account's addresses (%s)", error.__class__.__name__)
        known = [
            *([self._settings.organizer] if self._settings.organizer else []),
            *found,
            *self._settings.own_addresses,
        ]
        return tuple(dict.fromkeys(known))

    async def fetch_calendars(self, args: a.FetchCalendarsArgs) -> list[dict[str, Any]]:
        primary = await self.calendar_url()
        found = [
            {"id": "primary" if url == primary else url, "name": name, "primary": url == primary, "canWrite": True}
            for url, name in await all_calendars(self._dav, self._settings.url, primary)
        ]
        if args.name:
            found = [item for item in found if args.name.casefold() in str(item["name"]).casefold()]
        return found

    async def _collection(self, calendar_id: str | None) -> str:
        """The URL of ``calendar_id`` (None or ``primary``: the configured calendar); only a calendar of the
        account's own calendar home is reached: any other id is not found."""
        primary = await self.calendar_url()
        if calendar_id is None or calendar_id.strip() in ("primary", primary):
            return primary
        for url, _name in await all_calendars(self._dav, self._settings.url, primary):
            if url.rstrip("/") == calendar_id.strip().rstrip("/"):
                return url
        raise NotFoundError(f"no calendar with id {calendar_id!r}", service=self.name)

    async def schedules(self) -> bool:
        """Whether the server does CalDAV scheduling (sends iTIP messages itself); asked once."""
        if self._schedules is None:
            answer = await self._dav.send("OPTIONS", await self.calendar_url())
            self._schedules = SCHEDULING in {feature.strip().lower() for feature in answer.dav.split(",")}
        return self._schedules

    async def fetch(self, args: a.FetchCalendarEventsArgs) -> list[CalendarEvent]:
        window = search_range(args, self._clock())
        collection = await self._collection(args.calendarId)
        answer = await self._dav.send("REPORT", collection, body=calendar_query(*window), depth="1")
        events: list[CalendarEvent] = []
        for resource in parse_multistatus(answer.text):
            data = resource.text(CALDAV, "calendar-data")
            if data:
                events.extend(read_object(data, _resource_name(resource.href), window, self._zone, self._me))
        shown = args.calendarId or "primary"
        return [replace(e, calendar_id=shown) for e in select(events, args, window, query=True)]

    async def create_calendar_event(self, args: a.CreateCalendarEventArgs) -> dict[str, Any]:
        name = f"{uuid.uuid4().hex}.ics"
        await self.calendar_url()  # first: it learns the account's addresses
        url = f"{await self._collection(args.calendarId)}{name}"
        organizer = self._me[0] if self._me else None
        calendar, event = new_calendar(args, uid=f"{name[:-4]}@planbot", zone=self._zone, organizer=organizer,
                                       now=self._clock())  # fmt: skip
        await self._dav.send(
            "PUT", url, body=calendar.to_ical().decode(), content_type=ICALENDAR, headers={"If-None-Match": "*"}
        )
        shown = to_event(event, name, self._zone, self._me).shown(self._zone)
        return {**shown, "calendarId": args.calendarId or "primary"}

    async def update_calendar_event(self, args: a.UpdateCalendarEventArgs) -> dict[str, Any]:
        resource, rid = parse_event_id(args.eventId)
        url = f"{await self._collection(args.calendarId)}{resource}"
        current = await self._dav.send("GET", url)
        calendar = parse_calendar(current.text)
        changed = change(calendar, rid, args, zone=self._zone, now=self._clock(), me=self._me)
        await self._put_back(url, calendar.to_ical().decode(), current.etag)
        return {**self._shown(calendar, changed, resource, rid), "calendarId": args.calendarId or "primary"}

    async def respond_to_event(self, args: a.RespondToEventArgs) -> dict[str, Any]:
        resource, rid = parse_event_id(args.eventId)
        url = f"{await self.calendar_url()}{resource}"
        current = await self._dav.send("GET", url)
        calendar = parse_calendar(current.text)
        answered = answer(calendar, rid, args.response, args.comment, me=self._me, zone=self._zone, now=self._clock())
        if not await self.schedules():
            raise PermanentError(
                "answering invitations is not supported by this server (it does not do CalDAV scheduling, so the"
                " organiser would not be told); answer it from your calendar or mail app",
                service=self.name,
            )
        await self._put_back(url, calendar.to_ical().decode(), current.etag)
        return self._shown(calendar, answered, resource, rid)

    async def delete_calendar_event(self, args: a.DeleteCalendarEventArgs) -> dict[str, Any]:
        resource, rid = parse_event_id(args.eventId)
        url = f"{await self.calendar_url()}{resource}"
        if rid is None:
            if self._me and await self.schedules():
                await self._decline(url)
            await self._dav.send("DELETE", url)
        else:
            current = await self._dav.send("GET", url)
            calendar = parse_calendar(current.text)
            leave_out(calendar, rid, zone=self._zone, now=self._clock())  # an attendee's EXDATE declines it
            await self._put_back(url, calendar.to_ical().decode(), current.etag)
        return {"id": args.eventId}

    async def _decline(self, url: str) -> None:
        """Before an invitation is deleted, the organiser gets the user's decline (the server sends it)."""
        current = await self._dav.send("GET", url)
        calendar = parse_calendar(current.text)
        master = next((c for c in calendar.walk("VEVENT") if "RECURRENCE-ID" not in c), None)
        if master is not None and is_invitation(master, self._me):
            answer(calendar, None, "declined", None, me=self._me, zone=self._zone, now=self._clock())
            await self._put_back(url, calendar.to_ical().decode(), current.etag)

    def _shown(self, calendar: Any, component: Any, resource: str, rid: RecurrenceId | None) -> dict[str, Any]:
        series = None
        if rid is not None:
            series = next((c for c in calendar.walk("VEVENT") if "RECURRENCE-ID" not in c), None)
        return to_event(component, event_id(resource, rid, self._zone), self._zone, self._me, series).shown(self._zone)

    async def find_free_slots(self, args: a.FindFreeSlotsArgs) -> list[dict[str, str]]:
        window = (args.windowStart.astimezone(UTC), args.windowEnd.astimezone(UTC))
        own = await self.calendar_url()
        found = (self._settings.attendee_calendar(address) for address in args.attendees or [])
        others = {url for url in found if url and url.rstrip("/") != own.rstrip("/")}
        async with asyncio.TaskGroup() as group:
            mine = group.create_task(self._busy(own, window))
            theirs = [group.create_task(self._visible_busy(url, window)) for url in sorted(others)]
        busy = [*mine.result(), *(period for task in theirs for period in task.result())]
        return free_slots(window, busy, timedelta(minutes=args.durationMinutes), self._week)

    async def _busy(self, url: str, window: Interval) -> list[Interval]:
        answer = await self._dav.send("REPORT", url, body=free_busy_query(*window), depth="1")
        return busy_periods(answer.text, self._zone)

    async def _visible_busy(self, url: str, window: Interval) -> list[Interval]:
        try:
            return await self._busy(url, window)
        except (NotFoundError, AuthError, PermanentError) as error:
            logger.info("an attendee's free/busy is not visible (%s); it adds no busy time", error.__class__.__name__)
            return []

    async def _put_back(self, url: str, body: str, etag: str | None) -> None:
        headers = {"If-Match": etag} if etag else {}
        await self._dav.send("PUT", url, body=body, content_type=ICALENDAR, headers=headers)


def _resource_name(href: str) -> str:
    return href.rstrip("/").rsplit("/", 1)[-1]
