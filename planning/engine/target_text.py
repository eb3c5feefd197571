"""The words of an approval card: what a write acts on (or makes), a heading that names it, its lines (each field
before → after, or the new values, labelled), and what to say once it ran. Pure: records and arguments in,
``Target`` out, times in the requester's zone."""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict

from integrations.base.shifts import shifted
from planning.engine import target_everyday as everyday
from planning.engine.repeats import repeat_in_words
from planning.engine.wording import day_text, label, length_text, moment, money, short_when, value_text, when_text

MAX_PEOPLE = 50
ATTACHMENTS = "attachments"  # shown by the front ends: they know the files by name, type and size
_EVENT_TOOLS = ("update_calendar_event", "delete_calendar_event", "respond_to_event")
_ANSWERS = {"accept": "Accept", "accepted": "Accept", "decline": "Decline", "declined": "Decline"}
_ANSWERED = {"Accept": "Accepted", "Decline": "Declined"}
_RECORD_FIELDS = ("name", "subject", "email", "title", "company", "phone", "stage", "amount", "status", "closeDate")
_FACTS = ("company", "email", "stage", "amount", "dueDate", "closeDate")


class Change(BaseModel):
    """One line of a card: a labelled field, before → after (``before`` empty: just the value)."""

    model_config = ConfigDict(frozen=True)
    field: str
    before: str
    after: str


class Target(BaseModel):
    """What an approval acts on: what it is (``kind``), its name, the facts that identify it, the changes.

    ``heading`` names the action and its target ("Reply to John Park: Re: Q3 numbers"; empty: the step's own
    intent says it), ``action`` the action alone ("Forward email", a title when the heading is too long),
    ``summary`` is the first line (empty: kind, name and facts), ``done`` what to say once it ran.
    """

    model_config = ConfigDict(frozen=True)
    kind: str
    name: str
    facts: list[str] = []
    changes: list[Change] = []
    heading: str = ""
    summary: str = ""
    done: str = ""
    action: str = ""

    def line(self) -> str:
        return self.summary or f"{self.kind.capitalize()}: " + " · ".join([self.name, *self.facts])


def describe(
    tool: str,
    record: dict[str, Any],
    arguments: dict[str, Any],
    tz: ZoneInfo,
    *,
    about: dict[str, Any] | None = None,
    undo: bool = False,
    names: dict[str, str] | None = None,
) -> Target:
    """A write on a thing that exists (``record``, as read before the write); ``names``: people's names by address
    (lower case), for recipients shown as "John Smith <john.smith@example.com>"."""
    if tool == "create_draft":  # (v3) a reply's draft: the mail answered is the record
        lines = _lines(arguments, ("body",), tz)
        return Target(changes=lines, **everyday.draft_target(record, arguments, names or {}))
    if tool == "update_email":
        heading, done = everyday.mail_change_words(record, arguments)
        return Target(
            kind="email",
            name=str(record.get("subject") or ""),
            facts=[f"from {record.get('from')}"],
            heading=heading,
            action="Change email",
            done=done,
        )
    if tool in _EVENT_TOOLS or "startTime" in record:
        return _event(tool, record, arguments, tz, undo, names or {})
    if tool in ("reply_email", "forward_email") or ("subject" in record and "from" in record):
        return _email(tool, record, arguments, tz, names or {})
    return _record(tool, record, arguments, tz, undo, names or {})


def describe_new(
    tool: str,
    arguments: dict[str, Any],
    tz: ZoneInfo,
    *,
    about: dict[str, Any] | None = None,
    undo: bool = False,
    names: dict[str, str] | None = None,
) -> Target:
    """A write that makes something new: what it will be, each value labelled (``undo``: made again)."""
    if tool == "create_entity":
        return _new_record(arguments, tz, about)
    if tool == "create_calendar_event":
        return _new_event(arguments, tz, undo, names or {})
    if tool == "create_draft":
        lines = _lines(_named(arguments, names or {}), ("to", "cc", "subject", "body"), tz)
        return Target(changes=lines, **everyday.draft_target(None, arguments, names or {}))
    if tool == "send_email":
        subject = str(arguments.get("subject") or "(no subject)")
        lines = _lines(_named(arguments, names or {}), ("to", "cc", "subject", "body"), tz)
        return Target(
            kind="email",
            name=subject,
            summary=f"New email: “{subject}”",
            changes=lines,
            action="Send email",
            done=f"Sent “{subject}”",
        )
    lines = _lines(arguments, tuple(k for k in arguments if k != ATTACHMENTS), tz)
    return Target(kind="change", name="", summary="", changes=lines)


# --- events ----------------------------------------------------------------------------------------------------


def _event(
    tool: str, record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo, undo: bool, names: dict[str, str]
) -> Target:
    title = str(record.get("title") or "an event")
    facts = [_when_of(record, tz)]
    people = [str(p) for p in record.get("attendees") or []]
    if people:
        facts.append("with " + _people(people))
    organizer = record.get("organizer")
    if organizer and (record.get("myResponse") not in (None, "accepted") or arguments.get("response")):
        facts.append(f"organised by {organizer}")
    changes = _event_changes(record, arguments, tz)
    changes += [Change(field=k, before="", after=v) for k, v in everyday.event_extra_lines(arguments, names)]
    series = _series_text(record, arguments, bool(people))
    if series:
        facts.append(series)
    named = f"“{title}” ({short_when(record.get('startTime'), tz)})"
    invited_by = organised_by_other(record)
    if tool == "delete_calendar_event" and invited_by:  # contract §2.6: deleting an invitation declines it
        heading, done = f"Decline and remove {named}", f"Declined and removed {named}"
        changes.append(Change(field="For you", before="", after=declines_text(invited_by)))
    elif tool == "delete_calendar_event":
        heading, done = (
            f"Delete {named}",
            f"Deleted {named}" + ("; the other occurrences stay" if "one " in series else ""),
        )
    elif tool == "respond_to_event":
        answer = value_text("response", arguments.get("response"), tz)
        verb = _ANSWERS.get(str(arguments.get("response")))
        heading = f"{verb} {named}" if verb else f"Answer {named}: {answer}"
        done = f"{_ANSWERED[verb]} {named}" if verb else f"Answered {named}: {answer}"
    elif undo:
        heading, done = f"Put back {named} as it was", f"Put back “{title}” as it was"
    elif any(k in arguments for k in ("startTime", "shiftMinutes")):
        when = next((c.after for c in changes if c.field == "When"), "")
        heading, done = f"Move {named}", f"Moved “{title}” to {when}"
    else:
        heading, done = f"Change {named}", f"Changed “{title}”"
    return Target(
        kind="event",
        name=title,
        facts=facts,
        changes=changes,
        heading=heading,
        action=_EVENT_ACTIONS.get(tool, "Change event") if not undo else "Put back event",
        done=_with_changes(done, changes, tool),
    )


_EVENT_ACTIONS = {
    "delete_calendar_event": "Delete event",
    "respond_to_event": "Answer invitation",
    "update_calendar_event": "Change event",
}
_EVERY = {"DAILY": ("daily", "days"), "WEEKLY": ("weekly", "weeks"), "MONTHLY": ("monthly", "months")}


def organised_by_other(record: dict[str, Any]) -> str | None:
    """Who organises an event the requester was invited to (not one of their own, nor one they accepted: the
    service then says whether it refuses a change); None otherwise."""
    organizer = record.get("organizer")
    if not organizer or record.get("myResponse") in (None, "accepted"):
        return None
    return str(organizer)


def declines_text(organizer: str) -> str:
    """What deleting someone else's meeting does, said on the card before approval."""
    return f"{organizer} organises it: it is declined for you and removed from your calendar; it stays for the others"


def cannot_change_text(organizer: str) -> str:
    """Why a move or change of someone else's meeting would fail, said before approval."""
    return f"{organizer} organises it, so only they can change it"


def _series_text(record: dict[str, Any], arguments: dict[str, Any], meeting: bool) -> str:
    """ "one occurrence of a weekly meeting; the others stay" when a write acts on one occurrence of a series;
    "every occurrence of a weekly meeting" when it acts on the series; empty for a single event."""
    rule, series = str(record.get("recurrence") or ""), record.get("seriesId")
    if not rule and not series:
        return ""
    parts = dict(part.partition("=")[::2] for part in rule.removeprefix("RRULE:").upper().split(";") if "=" in part)
    every, unit = _EVERY.get(parts.get("FREQ", ""), ("repeating", ""))
    thing = f"a {every} {'meeting' if meeting else 'event'}"
    if unit and parts.get("INTERVAL", "1") not in ("", "1"):
        thing = f"a {'meeting' if meeting else 'event'} every {parts['INTERVAL']} {unit}"
    if series and arguments.get("eventId") != series:
        return f"one occurrence of {thing}; the others stay"
    return f"every occurrence of {thing}"


def _event_changes(record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo) -> list[Change]:
    changes: list[Change] = []
    start, end = moment(record.get("startTime"), tz), moment(record.get("endTime"), tz)
    shift = arguments.get("shiftMinutes")
    new_start = moment(arguments.get("startTime"), tz)
    if isinstance(shift, int) and not isinstance(shift, bool) and shift and start is not None:
        new_start = shifted(start, shift, tz)  # whole days keep the wall-clock time (contract §2.4, v3)
    length = arguments.get("durationMinutes")
    if new_start is not None or length is not None:
        begin = new_start or start
        if isinstance(length, int) and begin is not None:
            finish: datetime | None = begin + timedelta(minutes=length)
        elif end is not None and start is not None and begin is not None:
            finish = begin + (end - start)
        else:
            finish = None
        after = when_text(begin.isoformat(), tz, finish.isoformat() if finish else None) if begin else "—"
        if finish is None:
            after += " (no end)"
        changes.append(Change(field="When", before=_when_of(record, tz), after=after))
        if isinstance(length, int) and start is not None:
            before = length_text(int((end - start).total_seconds() // 60)) if end is not None else "no end"
            if before != length_text(length):
                changes.append(Change(field="Length", before=before, after=length_text(length)))
    for key in ("title", "location", "description"):
        if key in arguments and arguments[key] != record.get(key):
            changes.append(
                Change(field=label(key), before=value_text(key, record.get(key), tz), after=str(arguments[key]))
            )
    if "attendees" in arguments:
        changes.append(
            Change(
                field="Attendees",
                before=_people([str(p) for p in record.get("attendees") or []]) or "—",
                after=_people([str(p) for p in arguments["attendees"] or []]) or "—",
            )
        )
    if arguments.get("addAttendees"):
        changes.append(
            Change(field="Invite", before="", after="+ " + _people(list(map(str, arguments["addAttendees"]))))
        )
    if arguments.get("removeAttendees"):
        changes.append(
            Change(field="Remove", before="", after="− " + _people(list(map(str, arguments["removeAttendees"]))))
        )
    if "response" in arguments:
        changes.append(
            Change(
                field="Your answer",
                before=value_text("response", record.get("myResponse") or "none yet", tz),
                after=value_text("response", arguments["response"], tz),
            )
        )
    if arguments.get("comment"):
        changes.append(Change(field="Comment", before="", after=str(arguments["comment"])))
    return changes


def _when_of(record: dict[str, Any], tz: ZoneInfo) -> str:
    """The event's time; one with no stored end says so rather than guessing a length."""
    text = when_text(record.get("startTime"), tz, record.get("endTime"))
    if record.get("startTime") and not moment(record.get("endTime"), tz) and moment(record.get("startTime"), tz):
        text += " (no end)"
    return text


def _new_event(arguments: dict[str, Any], tz: ZoneInfo, undo: bool, names: dict[str, str]) -> Target:
    title = str(arguments.get("title") or "an event")
    start = moment(arguments.get("startTime"), tz)
    length = arguments.get("durationMinutes")
    end = start + timedelta(minutes=length) if start is not None and isinstance(length, int) else None
    when = when_text(arguments.get("startTime"), tz, end.isoformat() if end else None) if start else "—"
    lines = [Change(field="When", before="", after=when)]
    if isinstance(length, int):
        lines.append(Change(field="Length", before="", after=length_text(length)))
    lines += _lines(_named(arguments, names), ("attendees", "location", "description"), tz)
    if isinstance(rule := arguments.get("recurrence"), str) and rule:
        lines.append(Change(field=label("recurrence"), before="", after=repeat_in_words(rule, start)))
    lines += [Change(field=k, before="", after=v) for k, v in everyday.event_extra_lines(arguments, names)]
    again = f"“{title}” ({short_when(arguments.get('startTime'), tz)}) again" if undo else ""
    return Target(
        kind="event",
        name=title,
        summary=f"New event: “{title}”",
        changes=lines,
        heading=f"Create {again}" if undo else "",
        action="Create event",
        done=f"Created {again}" if undo else f"Created “{title}” on {when}",
    )


# --- email -----------------------------------------------------------------------------------------------------


def _email(tool: str, record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo, names: dict[str, str]) -> Target:
    people = [str(p) for p in record.get("to") or [] if p] if not record.get("from") else []
    facts = [f"to {', '.join(people)}"] if people else [f"from {record.get('from')}"]  # to: one the user sent
    if record.get("date"):
        facts.append(when_text(record["date"], tz))
    if record.get("attachments"):
        facts.append(
            f"{len(record['attachments'])} attachment(s): "
            + ", ".join(str(a.get("name")) for a in record["attachments"] if isinstance(a, dict))
        )
    subject = str(record.get("subject") or "(no subject)")
    sender = _person(str(record.get("from") or "")) or (people[0] if people else "")
    if tool == "reply_email":
        everyone = bool(arguments.get("replyAll"))
        heading = f"Reply {'to everyone on' if everyone else 'to'} {sender}: {subject}"
        done = f"Replied {'to everyone on' if everyone else 'to'} {sender}: {subject}"
        lines, action = _lines(arguments, ("replyAll", "body"), tz), "Reply to email"
    elif tool == "forward_email":
        to = _people([names.get(str(p).strip().lower()) or str(p) for p in arguments.get("to") or []])
        heading = f"Forward “{subject}” to {to}"
        done = f"Forwarded “{subject}” to {to}"
        lines, action = _lines(_named(arguments, names), ("to", "cc", "body"), tz), "Forward email"
    else:
        heading, done, action = "", "", ""
        lines = _lines(arguments, tuple(k for k in arguments if k not in ("messageId",)), tz)
    return Target(kind="email", name=subject, facts=facts, changes=lines, heading=heading, action=action, done=done)


def _named(arguments: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """``to`` and ``cc`` with each known person's name: "John Smith <john.smith@example.com>"."""
    shown = dict(arguments)
    for key in ("to", "cc"):
        value = arguments.get(key)
        people = value if isinstance(value, list) else [value] if isinstance(value, str) else None
        if people:
            shown[key] = [_with_name(str(p), names) for p in people]
    return shown


def _with_name(address: str, names: dict[str, str]) -> str:
    name = names.get(address.strip().lower())
    return f"{name} <{address.strip()}>" if name and "<" not in address else address


def _person(address: str) -> str:
    """ "John Park" for "John Park <john.park@globex.com>"; the address when there is no name."""
    shown = address.strip()
    name = shown[: shown.rindex("<")] if shown.endswith(">") and "<" in shown else shown
    name = name.strip().strip('"')
    return name or address.strip("<> ")


# --- CRM records -----------------------------------------------------------------------------------------------


def _record(
    tool: str, record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo, undo: bool, names: dict[str, str]
) -> Target:
    name = _record_name(record)
    kind = str(arguments.get("entityType") or "record").lower()
    facts = [
        f"{label(key).lower()} {value_text(key, record[key], tz)}"
        for key in _FACTS
        if record.get(key) not in (None, "") and str(record.get(key)) != name
    ]
    changes = [
        Change(field=label(key), before=value_text(key, record.get(key), tz), after=value_text(key, value, tz))
        for key, value in (arguments.get("fields") or {}).items()
        if record.get(key) != value
    ]
    on = _about_text(record.get("about"), None) if kind in ("note", "task") else ""
    named = (
        f"{kind} “{name}”" if not on else (f"note on {on}: “{name}”" if kind == "note" else f"task “{name}” on {on}")
    )
    link = everyday.linked_contacts(record, arguments, names) if tool == "update_entity" else None
    if link is not None:
        heading, done = link
        changes = []
    elif tool == "delete_entity":
        heading, done = f"Delete {named}", f"Deleted {named}"
    elif undo:
        heading, done = f"Put back {named} as it was", f"Put back {named} as it was"
    else:
        heading, done = f"Update {named}", f"Updated {named}"
    return Target(
        kind=kind, name=name, facts=facts, changes=changes, heading=heading, done=_with_changes(done, changes, tool)
    )


def _new_record(arguments: dict[str, Any], tz: ZoneInfo, about: dict[str, Any] | None) -> Target:
    kind = str(arguments.get("entityType") or "record").lower()
    fields = dict(arguments.get("fields") or {})
    on = _about_text(fields.get("about"), about)
    if kind == "activity":
        return Target(changes=_lines(fields, ("subject",), tz), **everyday.activity_words(fields, on))
    if kind == "note":
        body = str(fields.get("body") or "")
        where = f" on {on}" if on else ""
        lines = _lines(fields, tuple(k for k in fields if k not in ("body", "about")), tz)
        return Target(
            kind="note",
            name=body,
            summary=f"Note{where}: “{body}”",
            changes=lines,
            heading=f"Add a note{where}",
            done=f"Added the note{where}",
        )
    name = str(fields.get("name") or fields.get("subject") or "")
    lines = _lines(fields, _ordered(fields, exclude=("about",)), tz)
    if on:
        lines.append(Change(field="About", before="", after=on))
    quoted = f"“{name}”" if kind == "task" else name
    due = f" (due {day_text(fields['dueDate'])})" if kind == "task" and fields.get("dueDate") else ""
    return Target(
        kind=kind,
        name=name,
        summary=f"New {kind}: {quoted}",
        changes=lines,
        heading=f"{'Add' if kind == 'task' else 'Create'} the {kind} {quoted}{due}",
        done=f"{'Added' if kind == 'task' else 'Created'} the {kind} {quoted}{due}",
    )


def _about_text(about: Any, record: dict[str, Any] | None) -> str:
    """ "Acme Corp (account)": the record a note or task is about, by name when the plan found it."""
    kind = str(about.get("entityType") or "").lower() if isinstance(about, dict) else ""
    if record is not None:
        kind = kind or str(record.get("entityType") or "").lower()
        return f"{_record_name(record)} ({kind})" if kind else _record_name(record)
    if isinstance(about, dict) and about.get("name"):  # carried with its name (an undo of a note made on it)
        return f"{about['name']} ({kind})" if kind else str(about["name"])
    if isinstance(about, dict) and about.get("id"):
        return f"{kind or 'record'} {about['id']}"
    return ""


def _record_name(record: dict[str, Any]) -> str:
    body = str(record.get("body") or "")
    short = body if len(body) <= _SHORT else body[:_SHORT].rsplit(" ", 1)[0] + "…"  # a note by its first words
    return str(record.get("name") or record.get("subject") or short or record.get("id"))


_SHORT = 60


def _ordered(fields: dict[str, Any], *, exclude: tuple[str, ...]) -> tuple[str, ...]:
    """The usual fields first (name, email, title, company…), then the rest as given."""
    known = [k for k in _RECORD_FIELDS if k in fields and k not in exclude]
    return tuple(known + [k for k in fields if k not in known and k not in exclude])


# --- shared ----------------------------------------------------------------------------------------------------


def _lines(values: dict[str, Any], keys: tuple[str, ...], tz: ZoneInfo) -> list[Change]:
    """Each value given, labelled ("Email: rob.kim@globex.com"), in full."""
    return [
        Change(field=label(key), before="", after=value_text(key, values[key], tz))
        for key in keys
        if key in values and values[key] not in (None, "", []) and key != ATTACHMENTS
    ]


def _people(people: list[str]) -> str:
    shown = people[:MAX_PEOPLE]
    more = f" and {len(people) - MAX_PEOPLE} more" if len(people) > MAX_PEOPLE else ""
    return ", ".join(shown) + more


def _with_changes(done: str, changes: list[Change], tool: str) -> str:
    """ "Updated deal “Acme deal”: Stage proposal → negotiation; Amount $48,000 → $125,000"."""
    if tool in ("delete_calendar_event", "delete_entity", "respond_to_event") or not changes:
        return done
    if done.startswith("Moved") and len(changes) == 1:
        return done
    said = "; ".join(f"{c.field} {c.before} → {c.after}" if c.before else f"{c.field} {c.after}" for c in changes)
    return f"{done}: {said}"


__all__ = ["Change", "Target", "describe", "describe_new", "money", "when_text"]
