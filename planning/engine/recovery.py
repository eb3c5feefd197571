"""Recovery when a lookup finds nothing: one broader search, then the user is asked (planner-recovery)."""

from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.wording import value_text, when_text
from planning.types import Step


def broader(step: Step, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A wider version of a lookup's arguments, with the name of the strategy; None when there is none."""
    args = dict(arguments)
    if step.tool == "fetch_entity":
        filters = dict(args.get("filters") or {})
        name = filters.get("name")
        if isinstance(name, str) and len(name.split()) > 1:
            filters["name"] = name.split()[0]
            return "first name only", {**args, "filters": filters}
        if len(filters) > 1:
            key = "name" if "name" in filters else ("company" if "company" in filters else next(iter(filters)))
            return f"only the {key} filter", {**args, "filters": {key: filters[key]}}
        if isinstance(name, str) and len(name) > 3:
            filters["name"] = name[:3]
            return "the start of the name", {**args, "filters": filters}
        return None
    if step.tool == "fetch_emails":
        narrowing = [k for k in ("since", "until", "unreadOnly", "subject", "to") if args.get(k) is not None]
        if narrowing:
            return "without date and read filters", {k: v for k, v in args.items() if k not in narrowing}
        if args.get("query") and args.get("sender"):
            return "sender only", {k: v for k, v in args.items() if k != "query"}
        return None
    if step.tool == "fetch_calendar_events":
        if args.get("end") is not None and (args.get("query") or args.get("attendee")):
            # only an event named by words or people may be looked for later: "my 3pm" at another time is another one
            return "any time from the start on", {k: v for k, v in args.items() if k != "end"}
        if args.get("query") and args.get("attendee"):
            return "attendee only", {k: v for k, v in args.items() if k != "query"}
        return None
    return None


def describe_lookup(step: Step, arguments: dict[str, Any], zone: str) -> str:
    """What was looked for, its times in the requester's ``zone`` ("an event at Mon 2 Mar, 15:00–16:00 EST")."""
    if step.tool == "fetch_entity":
        filters = arguments.get("filters") or {}
        what = ", ".join(f"{k} “{v}”" for k, v in filters.items() if isinstance(v, str)) or "those filters"
        return f"a {str(arguments.get('entityType', 'record')).lower()} with {what}"
    if step.tool == "fetch_emails":
        tz = _zone(zone)
        shown = [f"{k} “{value_text(k, v, tz)}”" for k, v in arguments.items() if k != "limit"]
        return "an email matching " + (", ".join(shown) or "it")
    named = ", ".join(f"{k} “{v}”" for k, v in arguments.items() if k in ("query", "attendee"))
    start, end = arguments.get("start"), arguments.get("end")
    when = f" at {when_text(start, _zone(zone), end)}" if isinstance(start, str) and isinstance(end, str) else ""
    return f"an event{' matching ' + named if named else ''}{when or ('' if named else ' at that time')}"


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
