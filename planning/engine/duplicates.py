"""A create whose thing already exists: a CRM record of the same type and name (a contact or lead also by its
address; an open task by its subject), or an event with the same title at the same time. The card shows the
existing one and offers to use it instead of creating another; used, it stands as the step's result, so later
steps take their values from it.
"""

from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.checks import Choice, Notice
from planning.engine.conflicts import moment
from planning.engine.targets import money, when_text

Read = Callable[[str, dict[str, Any]], Awaitable[Any]]
CHECKED_TYPES = ("Account", "Contact", "Deal", "Lead", "Task")
USE_EXISTING = Choice(key="use_existing", label="Use the existing one", letter="u")
CREATE_ANOTHER = "Create another"
_FACTS = (
    "company",
    "email",
    "phone",
    "title",
    "stage",
    "amount",
    "closeDate",
    "dueDate",
    "domain",
    "industry",
    "owner",
    "status",
)
MAX_PEOPLE_SHOWN = 10


async def existing_record(read: Read, arguments: dict[str, Any]) -> dict[str, Any] | None:
    """The CRM record that ``create_entity`` would make again, if there is one."""
    entity = arguments.get("entityType")
    given = arguments.get("fields")
    fields: dict[str, Any] = given if isinstance(given, dict) else {}
    if entity not in CHECKED_TYPES:
        return None
    if entity == "Task":  # the same thing to do, still open (a done one is done: doing it again is new)
        subject = fields.get("subject")
        if not isinstance(subject, str) or not subject.strip():
            return None
        found = await read("fetch_entity", {"entityType": entity, "filters": {"subject": subject.strip()}})
        open_ones = (
            [r for r in found if isinstance(r, dict) and r.get("status") != "done"] if isinstance(found, list) else []
        )
        return _same(open_ones, "subject", subject)
    name = _name_of(str(entity), fields)
    if name:
        found = await read("fetch_entity", {"entityType": entity, "filters": {"name": name}})
        same = _same(found, "name", name)
        if same is not None:
            return same
    email = fields.get("email")
    if entity in ("Contact", "Lead") and isinstance(email, str) and "@" in email:
        found = await read("fetch_entity", {"entityType": entity, "filters": {"email": email}})
        return _same(found, "email", email)
    return None


def existing_event(events: Iterable[dict[str, Any]], arguments: dict[str, Any]) -> dict[str, Any] | None:
    """An event with the title ``create_calendar_event`` gives, starting at the same time."""
    title, start = _folded(arguments.get("title")), moment(arguments.get("startTime"))
    if not title or start is None:
        return None
    for event in events:
        if _folded(event.get("title")) == title and moment(event.get("startTime")) == start:
            return event
    return None


def record_notice(entity: str, record: dict[str, Any]) -> Notice:
    """ "Account “Acme” already exists" and what identifies it."""
    name = record.get("name") or record.get("subject") or record.get("email") or record.get("id")
    facts = [
        f"{key} {money(record[key]) if key == 'amount' else record[key]}"
        for key in _FACTS
        if record.get(key) not in (None, "")
    ]
    return Notice(title=f"{entity} “{name}” already exists", lines=[" · ".join(facts)] if facts else [])


def event_notice(event: dict[str, Any], tz: ZoneInfo) -> Notice:
    """ "“Launch review” is already on your calendar": its time and attendees."""
    line = when_text(event.get("startTime"), tz, event.get("endTime"))
    people = [str(p) for p in event.get("attendees") or []]
    if people:
        more = f" and {len(people) - MAX_PEOPLE_SHOWN} more" if len(people) > MAX_PEOPLE_SHOWN else ""
        line += " · with " + ", ".join(people[:MAX_PEOPLE_SHOWN]) + more
    return Notice(title=f"“{event.get('title')}” is already on your calendar", lines=[line])


def _name_of(entity: str, fields: dict[str, Any]) -> str | None:
    name = fields.get("name")
    if isinstance(name, str) and name.strip():
        return name.strip()
    company = fields.get("company")
    if entity == "Deal" and isinstance(company, str) and company.strip():
        return f"{company.strip()} deal"  # as the CRM names a deal given only its company (contract §2.3)
    return None


def _same(found: Any, key: str, value: str) -> dict[str, Any] | None:
    """The first record whose ``key`` is ``value`` exactly (filters match by containment)."""
    if not isinstance(found, list):
        return None
    wanted = _folded(value)
    return next((r for r in found if isinstance(r, dict) and _folded(r.get(key)) == wanted), None)


def _folded(value: Any) -> str:
    return " ".join(str(value).split()).casefold() if isinstance(value, str) else ""
