"""Recovery when a lookup finds nothing: the same name among the other kinds of record that would serve (a person
not a contact may be a lead; what a note or task is about, not an account, may be a deal), one broader search, then
the user is asked (planner-recovery)."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.wording import value_text, when_text
from planning.planner.unnamed_event import AHEAD, CHOICES
from planning.types import Step

# the kinds a lookup may also be made in: a person's address is a contact's or a lead's; what a note or task is
# about may be any record (a name read as a person's may be a company's)
_PEOPLE = ("Contact", "Lead")
_ABOUT = {"Contact": ("Lead", "Account", "Deal"), "Lead": ("Contact", "Account", "Deal"), "Account": ("Deal",)}
_NAME_FILTER = {"Deal": "company"}  # a deal is looked for by its company ("the Initech deal")


def searches(step: Step, arguments: dict[str, Any], steps: Iterable[Step]) -> list[tuple[str, dict[str, Any]]]:
    """The wider searches to try in turn, each with its strategy: other kinds first (when every step that uses the
    lookup takes either kind: an email address, or an ``about``), then :func:`broader`."""
    out = _other_kinds(step, arguments, steps)
    wider = broader(step, arguments)
    coming = coming_to_choose(step, arguments)
    return out + [found for found in (wider, coming) if found is not None]


COMING = "your coming events, to choose from"


def coming_to_choose(step: Step, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """One event named by words that match none ("cancel the board offsite"): the coming events, the user picks
    the one meant (``COMING``); never the next event taken in its place."""
    start = arguments.get("start")
    one_named = arguments.get("limit") == 1 and arguments.get("query") and not arguments.get("attendee")
    if step.tool != "fetch_calendar_events" or not one_named or not isinstance(start, str):
        return None
    try:
        end = datetime.fromisoformat(start) + AHEAD
    except ValueError:
        return None
    return COMING, {"start": start, "end": end.isoformat(), "limit": CHOICES}


def _other_kinds(step: Step, arguments: dict[str, Any], steps: Iterable[Step]) -> list[tuple[str, dict[str, Any]]]:
    kind, filters = arguments.get("entityType"), arguments.get("filters") or {}
    name = next((filters[k] for k in ("name", "company") if isinstance(filters.get(k), str)), None)
    if step.tool != "fetch_entity" or kind not in _ABOUT or name is None or len(filters) != 1:
        return []
    uses = set().union(*(_uses(other.arguments, step.id) for other in steps if other.id != step.id))
    if uses == {"about"}:
        others: tuple[str, ...] = _ABOUT[str(kind)]
    elif uses and uses <= {"email", "about"} and kind in _PEOPLE:
        others = tuple(k for k in _PEOPLE if k != kind)
    else:
        return []
    return [
        (
            f"as {'an' if other[0] in 'AEIOU' else 'a'} {other.lower()}",
            {**arguments, "entityType": other, "filters": {_NAME_FILTER.get(other, "name"): name}},
        )
        for other in others
    ]


def _uses(value: Any, step_id: str, key: str = "") -> set[str]:
    """How a step's arguments use ``step_id``'s result: "about" (a record a note or task is about), "email" (its
    address), or "other"."""
    if isinstance(value, dict):
        if key == "about" and isinstance(value.get("id"), str) and _refers(value["id"], step_id):
            return {"about"}
        return set().union(set(), *(_uses(v, step_id, k) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(_uses(v, step_id, key) for v in value))
    if isinstance(value, str) and _refers(value, step_id):
        return {"email"} if ".email}}" in value.replace(" ", "") else {"other"}
    return set()


def _refers(text: str, step_id: str) -> bool:
    return f"{{{{{step_id}.result" in text


def retyped(step: Step, lookup_id: str, kind: str) -> Step:
    """``step`` with what it says a record it is about is (``about.entityType``) set to ``kind`` when that record
    is the one ``lookup_id`` found (a deal found where an account was looked for)."""

    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            if key == "about" and isinstance(value.get("id"), str) and _refers(value["id"], lookup_id):
                return {**value, "entityType": kind}
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        return value

    arguments = walk(step.arguments)
    return step if arguments == step.arguments else step.model_copy(update={"arguments": arguments})


RECORD_ASKED = "record"  # the placeholder of a lookup of the record a note or task is about, when none was named
_NAMED_BY = {"Task": "subject", "Note": "body"}  # the field a record is found by its words in (else its name)


def as_kind(step: Step, kind: str) -> Step:
    """A lookup of a record made for a record of ``kind`` (an answer said "the globex deal" where an account was
    looked for): its one filter kept as the name of a record of that kind."""
    filters = step.inputs.get("filters") or {}
    if step.tool != "fetch_entity" or len(filters) != 1:
        return step
    [value] = filters.values()
    inputs = {**step.inputs, "entityType": kind, "filters": {_NAMED_BY.get(kind, "name"): value}}
    return step.model_copy(update={"arguments": {**step.arguments, "input": inputs}})


def named_again(arguments: dict[str, Any], words: str) -> dict[str, Any]:
    """A record lookup made again with the words the user gave, in the field its kind is found by (never a filter
    its kind does not have)."""
    kind = str(arguments.get("entityType"))
    return {**arguments, "filters": {_NAMED_BY.get(kind, "name"): words}}


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
        company = filters.get("company")
        if args.get("entityType") == "Deal" and list(filters) == ["company"] and isinstance(company, str):
            return "by the deal's name", {**args, "filters": {"name": company}}  # "the initech pilot deal"
        return None
    if step.tool == "fetch_emails":
        narrowing = [k for k in ("since", "until", "unreadOnly", "subject", "to") if args.get(k) is not None]
        if narrowing:
            return "without date and read filters", {k: v for k, v in args.items() if k not in narrowing}
        if args.get("query") and args.get("sender") and not args.get("hasAttachment"):  # a file is what its words say
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
        shown = [f"{k} “{value_text(k, v, tz)}”" for k, v in arguments.items() if k not in ("limit", "includeBody")]
        return "an email matching " + (", ".join(shown) or "it")
    if step.tool == "find_free_slots":  # "free 45-minute time with sarah.lee@example.com on Wed 4 Mar, 12:00–17:00"
        people = [str(p) for p in arguments.get("attendees") or []]
        window = when_text(arguments.get("windowStart"), _zone(zone), arguments.get("windowEnd"))
        return (
            f"free {arguments.get('durationMinutes', 30)}-minute time"
            + (f" for you and {', '.join(people)}" if people else "")
            + f" in {window}"
        )
    named = ", ".join(f"{k} “{v}”" for k, v in arguments.items() if k in ("query", "attendee"))
    start, end = arguments.get("start"), arguments.get("end")
    when = f" at {when_text(start, _zone(zone), end)}" if isinstance(start, str) and isinstance(end, str) else ""
    return f"an event{' matching ' + named if named else ''}{when or ('' if named else ' at that time')}"


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
