"""The contract's calendar event and how a search selects events (the local workspace's semantics).

- A range ``[start, end)`` selects the events that overlap it; a missing bound is ``OPEN_RANGE`` away from the
  other bound (or from now), so that recurring events expand over a finite range.
- ``query`` matches when each of its words occurs in the title, description or location (any order, any case;
  quotes and punctuation around a word are not part of it), as contract §2.6 says.
- ``attendee`` matches an address by containment, a display name by containment, or a name whose every word
  is in an address's local part (``"Priya Shah"`` → ``priya.shah@example.com``).
- Results come in start order (then end, then id), at most ``limit`` (default ``DEFAULT_LIMIT``).
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any, Literal

from integrations.base.arguments import FetchCalendarEventsArgs

OPEN_RANGE = timedelta(days=366)
DEFAULT_LIMIT = 100
MyResponse = Literal["accepted", "declined", "tentative", "needsAction"]
_SURROUNDING = "\"'“”‘’,;:()"


def query_words(query: str | None) -> list[str]:
    """``'"Acme call"'`` → ``["Acme", "call"]``: each must occur, in any order and any case."""
    return [word for word in (part.strip(_SURROUNDING) for part in (query or "").split()) if word]


@dataclass(frozen=True, slots=True)
class CalendarEvent:
    """One event (or one occurrence of a recurring event) as a connector read it; times are zone-aware."""

    id: str
    title: str
    start: datetime
    end: datetime
    attendees: tuple[str, ...] = ()
    attendee_names: tuple[str, ...] = ()
    location: str | None = None
    description: str | None = None
    organizer: str | None = None  # an address; the user's own for their events, when known
    my_response: MyResponse = "accepted"
    recurrence: str | None = None  # the series' RRULE (for the series and each occurrence)
    series_id: str | None = None  # the id of the series an occurrence belongs to
    optional_attendees: tuple[str, ...] = ()  # (v3)
    meeting_url: str | None = None  # (v3) the online meeting's link (Meet, Teams)
    calendar_id: str | None = None  # (v3) the calendar it is on, where the service says

    def shown(self, zone: tzinfo) -> dict[str, Any]:
        """The tool result, times in ``zone``: the contract's ``{id, title, startTime, endTime, attendees, location,
        description, organizer, myResponse}``, and (as the local workspace) ``recurrence`` and ``seriesId``."""
        return {
            "id": self.id,
            "title": self.title,
            "startTime": self.start.astimezone(zone).isoformat(timespec="seconds"),
            "endTime": self.end.astimezone(zone).isoformat(timespec="seconds"),
            "attendees": list(self.attendees),
            "location": self.location,
            "description": self.description,
            "organizer": self.organizer,
            "myResponse": self.my_response,
            "recurrence": self.recurrence,
            "seriesId": self.series_id,
            "optionalAttendees": list(self.optional_attendees),
            "meetingUrl": self.meeting_url,
            "calendarId": self.calendar_id,
        }

    def overlaps(self, start: datetime, end: datetime) -> bool:
        return self.end > start and self.start < end

    def mentions(self, query: str) -> bool:
        texts = [(text or "").casefold() for text in (self.title, self.description, self.location)]
        return all(any(word.casefold() in text for text in texts) for word in query_words(query))

    def has_attendee(self, who: str) -> bool:
        needle = who.strip().casefold()
        words = [word for word in re.split(r"[\s.]+", needle) if word]
        if any(needle in name.casefold() for name in self.attendee_names):
            return True
        for address in (a.casefold() for a in self.attendees):
            if needle in address:
                return True
            local = address.partition("@")[0]
            if "@" not in needle and words and all(word in local for word in words):
                return True
        return False


def search_range(args: FetchCalendarEventsArgs, now: datetime) -> tuple[datetime, datetime]:
    """The finite ``[start, end)`` a fetch covers, in UTC."""
    if args.start and args.end:
        start, end = args.start, args.end
    elif args.start:
        start, end = args.start, args.start + OPEN_RANGE
    elif args.end:
        start, end = args.end - OPEN_RANGE, args.end
    else:
        start, end = now - OPEN_RANGE, now + OPEN_RANGE
    return start.astimezone(UTC), end.astimezone(UTC)


def select(
    events: Iterable[CalendarEvent], args: FetchCalendarEventsArgs, window: tuple[datetime, datetime], *, query: bool
) -> list[CalendarEvent]:
    """The events in ``window`` that match ``args`` (``query=False``: the service already matched the query)."""
    found = [
        event
        for event in events
        if event.overlaps(*window)
        and (not query or not args.query or event.mentions(args.query))
        and (not args.attendee or event.has_attendee(args.attendee))
    ]
    found.sort(key=lambda event: (event.start.astimezone(UTC), event.end.astimezone(UTC), event.id))
    return found[: args.limit or DEFAULT_LIMIT]
