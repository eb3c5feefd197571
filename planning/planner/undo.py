"""Undo as a plan: each change a finished plan made, as plain values (:class:`Change`), turned into the step that
puts it back, or the reason it cannot be (a sent email, a deleted record, values not known). The engine says
which changes ran and how; this module knows nothing of its sessions."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, get_args

from integrations.base.records import (
    FIELDS_BY_ENTITY,
    READ_ONLY_FIELDS,
    REQUIRED_ON_CREATE,
    WRITE_ONLY_FIELDS,
    RecordType,
)
from planning.references import reference
from planning.types import Condition, Entity, Step

EVENT_FIELDS = ("title", "location", "description")


@dataclass(frozen=True, slots=True)
class Change:
    """One write that ran: its tool and heading, the arguments it ran with, what it returned, and the record it
    acted on as it was before (``{}`` when not known)."""

    tool: str
    intent: str
    arguments: dict[str, Any]
    result: dict[str, Any] = field(default_factory=dict)
    before: dict[str, Any] = field(default_factory=dict)
    repeated: bool = False  # it ran once for each of several items
    own: str | None = None  # the requester's own address, when known: the organizer their own events may carry


def inverse(change: Change, n: int) -> Step | str:
    """The step that undoes ``change`` (numbered ``n`` among the undo's steps), or why it cannot be undone."""
    tool, args, result, record = change.tool, change.arguments, change.result, change.before or literal(change)
    what = f"“{change.intent}”"
    if change.repeated:
        return f"{what} changed several items: undo them one by one"
    if tool in ("send_email", "reply_email", "forward_email"):
        return f"{what} cannot be undone: a sent email cannot be unsent"
    if tool == "delete_entity":
        kept = recreated_record(str(args.get("entityType")), record)
        if kept is None:
            return f"{what} cannot be undone: the record was deleted"
        return step(
            n, f"Create again what {what} deleted", "create_entity", {"entityType": args["entityType"], "fields": kept}
        )
    if tool == "create_draft":  # (v3) no tool deletes a draft
        return f"{what} saved a draft, which was not sent: delete it in your mail app if you do not want it"
    if tool == "update_email":
        return _undo_mail_change(n, what, args, record)
    if tool == "update_entity" and record.get("id") and set(args.get("fields") or {}) == {"addContacts"}:
        return _undo_links(n, what, args, record)
    if tool == "create_calendar_event" and result.get("id"):
        return step(n, f"Delete the event created by {what}", "delete_calendar_event", {"eventId": result["id"]})
    if tool == "create_entity" and result.get("id"):
        fields = {"entityType": args.get("entityType"), "id": result["id"]}
        return step(n, f"Delete the record created by {what}", "delete_entity", fields)
    if tool == "update_calendar_event" and record.get("id"):
        return _undo_event_update(n, what, args, record)
    if tool == "update_entity" and record.get("id"):
        old = {key: record.get(key) for key in (args.get("fields") or {}) if record.get(key) is not None}
        if not old:
            return f"{what} cannot be undone: its earlier values are not known"
        return step(
            n,
            f"Put back what {what} changed",
            "update_entity",
            {"entityType": args.get("entityType"), "id": record["id"], "fields": old},
        )
    if tool == "delete_calendar_event" and record.get("title") and record.get("startTime"):
        if _invited(record, change.own):  # never a copy of someone else's meeting, inviting its people again
            return f"{what} declined an invitation: ask the organiser to invite you again"
        return step(n, f"Create again what {what} deleted", "create_calendar_event", recreated(record))
    if tool == "respond_to_event" and record.get("myResponse") in ("accepted", "declined", "tentative"):
        return step(
            n,
            f"Answer as before {what}",
            "respond_to_event",
            {"eventId": record["id"], "response": record["myResponse"]},
        )
    return f"{what} cannot be undone here"


def _invited(record: dict[str, Any], own: str | None) -> bool:
    """Whether the event is someone else's that the requester was invited to (deleting it declined it): its organizer
    is not the requester's address, and the invitation shows it (the organizer among its people, or the requester
    there, or an answer other than accepted: the calendar's own address may not be the one the requester is known
    by, as over Slack with a shared calendar); with the address not known, an invitation not accepted."""
    organizer = record.get("organizer")
    if not isinstance(organizer, str) or not organizer:
        return False
    answered = record.get("myResponse") not in (None, "accepted")
    if not own:
        return answered
    if organizer.strip().casefold() == own.strip().casefold():
        return False
    people = {str(person).strip().casefold() for person in record.get("attendees") or []}
    return answered or bool(people & {organizer.strip().casefold(), own.strip().casefold()})


def literal(change: Change) -> dict[str, Any]:
    """A step that named its event by id (a follow-up): its id, with no earlier values known."""
    event_id = change.arguments.get("eventId") or change.arguments.get("id")
    return {"id": event_id} if isinstance(event_id, str) and "{{" not in event_id else {}


def _undo_event_update(n: int, what: str, args: dict[str, Any], record: dict[str, Any]) -> Step | str:
    back: dict[str, Any] = {"eventId": record["id"]}
    moved = "startTime" in args or isinstance(args.get("shiftMinutes"), int)
    if (moved or "durationMinutes" in args) and record.get("startTime"):
        back["startTime"] = record["startTime"]  # the instant it had: its day, its time and its offset
    elif isinstance(args.get("shiftMinutes"), int):
        back["shiftMinutes"] = -args["shiftMinutes"]
    if "durationMinutes" in args and (length := _length(record)) is not None:
        back["durationMinutes"] = length
    if args.get("addAttendees"):
        back["removeAttendees"] = list(args["addAttendees"])
    if args.get("removeAttendees"):
        back["addAttendees"] = list(args["removeAttendees"])
    for key in EVENT_FIELDS:
        if key in args and record.get(key) is not None:
            back[key] = record[key]
    if len(back) == 1:
        return f"{what} cannot be undone: its earlier values are not known"
    return step(n, f"Put back what {what} changed", "update_calendar_event", back)


def _length(record: dict[str, Any]) -> int | None:
    """The event's length in minutes, from its start and end as they were; None when one is not known."""
    start, end = record.get("startTime"), record.get("endTime")
    if not (isinstance(start, str) and isinstance(end, str)):
        return None
    minutes = int((datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds() // 60)
    return minutes if minutes >= 1 else None


def recreated_record(entity_type: str, record: dict[str, Any]) -> dict[str, Any] | None:
    """The fields that make a deleted CRM record again as the card showed it (a new id: links to it by id, such as
    its notes' and tasks', are not made again); None when its fields are not known or not enough for a new one."""
    model = FIELDS_BY_ENTITY.get(entity_type)
    if model is None or not record.get("id"):
        return None
    left_out = READ_ONLY_FIELDS.get(entity_type, frozenset()) | WRITE_ONLY_FIELDS.get(entity_type, frozenset())
    fields = {
        key: value
        for key, value in record.items()
        if key in model.model_fields and key not in left_out and value not in (None, "", [])
    }
    needed = REQUIRED_ON_CREATE.get(entity_type, ())
    return fields if any(fields.get(name) for name in needed) else None


LINKED = ("Note", "Task")  # records that are about another (contract §3 v2: ``about``)


def relinked(made: Step, change: Change) -> list[Step]:
    """After ``made`` creates again the record ``change`` deleted: the notes and tasks that were on it (their
    ``about`` still names its old id, where the CRM keeps that) put on the new one; none found, nothing is asked."""
    entity_type, old = change.arguments.get("entityType"), change.arguments.get("id")
    if change.tool != "delete_entity" or entity_type not in get_args(RecordType) or not old:
        return []
    steps: list[Step] = []
    for kind in LINKED:
        plural = f"{kind.lower()}s"
        find = Step(
            id=f"{made.id}_{plural}",
            intent=f"Find the {plural} that were on it",
            tool="fetch_entity",
            arguments={"input": {"entityType": kind, "filters": {"about": {"entityType": entity_type, "id": old}}}},
        )
        about = {"entityType": entity_type, "id": reference(made.id, "data.id")}
        put = Step(
            id=f"{made.id}_{plural}_back",
            intent=f"Put its {plural} back on it",
            tool="update_entity",
            arguments={"input": {"entityType": kind, "id": "{{item.id}}", "fields": {"about": about}}},
            depends_on=(made.id, find.id),
            for_each=reference(find.id, "data"),
            run_if=(Condition(not_empty=reference(find.id, "data")),),
        )
        steps += [find, put]
    return steps


def recreated(record: dict[str, Any]) -> dict[str, Any]:
    """The arguments that create a deleted event again as it was."""
    start, end = datetime.fromisoformat(record["startTime"]), record.get("endTime")
    minutes = int((datetime.fromisoformat(end) - start).total_seconds() // 60) if end else 30
    event = {"title": record["title"], "startTime": record["startTime"], "durationMinutes": max(minutes, 1)}
    people = [p for p in record.get("attendees") or [] if isinstance(p, str) and "@" in p]
    if people:
        event["attendees"] = people
    for key in ("location", "description"):
        if record.get(key):
            event[key] = record[key]
    return event


def step(n: int, intent: str, tool: str, inputs: dict[str, Any], *, prefix: str = "undo") -> Step:
    return Step(id=f"{prefix}_{n + 1}", intent=intent, tool=tool, arguments={"input": inputs})


def intent_of(step: Step) -> str:
    return {"delete_calendar_event": "delete", "create_calendar_event": "create", "delete_entity": "delete"}.get(
        step.tool, "update"
    )


def entity_of(step: Step) -> Entity:
    """The goal's entity of an undo step: its record type where a goal has that entity, else a note (a logged call
    is a record of what was said, as a note is)."""
    if step.tool.endswith("calendar_event") or step.tool == "respond_to_event":
        return "event"
    entity_type = step.inputs.get("entityType")
    if not isinstance(entity_type, str):
        return "contact"
    return next((entity for entity in get_args(Entity) if entity == entity_type.lower()), "note")


def _undo_mail_change(n: int, what: str, args: dict[str, Any], record: dict[str, Any]) -> Step | str:
    """(v3) Read/unread and archived back as the mail was: known from the read that found it."""
    back: dict[str, Any] = {
        key: record[key] for key in ("unread", "archived") if key in args and isinstance(record.get(key), bool)
    }
    if not back or len(back) < len([key for key in ("unread", "archived") if key in args]):
        return f"{what} cannot be undone: how the email was before is not known"
    return step(
        n, f"Put the email back as it was before {what}", "update_email", {"messageId": args["messageId"], **back}
    )


def _undo_links(n: int, what: str, args: dict[str, Any], record: dict[str, Any]) -> Step | str:
    """(v3) Contacts linked to a deal unlinked again (those it had before stay)."""
    before = record.get("contacts")
    if not isinstance(before, list):
        return f"{what} cannot be undone: the deal's earlier contacts are not known"
    added = [c for c in args["fields"]["addContacts"] if c not in before]
    if not added:
        return f"{what} changed nothing to undo: the contacts were linked already"
    fields = {"removeContacts": added}
    return step(
        n, f"Unlink what {what} linked", "update_entity", {"entityType": "Deal", "id": record["id"], "fields": fields}
    )
