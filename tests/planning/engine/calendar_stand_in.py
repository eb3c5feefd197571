"""A calendar for engine tests, answering through ``ScriptedConnector`` (a fake of our connector protocol): events
kept in a list that a test changes between turns, ranges and query words as the contract says, free slots from the
shared free/busy definition, and busy time of attendees whose calendars it "can see"."""

from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from integrations.base.freebusy import WorkingTime, free_slots

NY = ZoneInfo("America/New_York")
WORKING = WorkingTime(zone=NY, opens=time(9), closes=time(17), days=range(5))


@dataclass
class StandInCalendar:
    events: list[dict[str, Any]] = field(default_factory=list)
    others_busy: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # address → [(start, end)]

    def responses(self) -> dict[str, Any]:
        return {"fetch_calendar_events": self.fetch, "find_free_slots": self.free}

    def fetch(self, args: dict[str, Any]) -> list[dict[str, Any]]:
        start, end = _at(args.get("start")), _at(args.get("end"))
        words = str(args.get("query") or "").casefold().split()
        found = []
        for event in sorted(self.events, key=lambda e: _at(e["startTime"]) or datetime.min):
            low, high = _at(event["startTime"]), _at(event["endTime"])
            assert low is not None and high is not None
            if (start is not None and high <= start) or (end is not None and low >= end):
                continue
            if not all(word in event["title"].casefold() for word in words):
                continue
            found.append(dict(event))
        return found[: args.get("limit") or 100]

    def free(self, args: dict[str, Any]) -> list[dict[str, str]]:
        busy = [(_at(e["startTime"]), _at(e["endTime"])) for e in self.events if e.get("myResponse") != "declined"]
        for person in args.get("attendees") or []:
            busy += [(_at(low), _at(high)) for low, high in self.others_busy.get(person, [])]
        window = (_at(args["windowStart"]), _at(args["windowEnd"]))
        return free_slots(window, busy, timedelta(minutes=args["durationMinutes"]), WORKING)  # type: ignore[arg-type]


def _at(value: Any) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) else None
