"""The scope of a clause that acts on existing things (contract §2.6, §2.7): what ``read_slots`` adds for events,
emails, notes and tasks from the readers of ``existing``. ``slot_values`` is the clause's slots being built; the
functions here may adjust it (an attachment's sender is not a recipient) and return the scope to add.
"""

import re
from datetime import datetime
from typing import Any

from planning.types import TimeRange
from planning.understanding import existing, mail_roles, names, phrases
from planning.understanding.conditions import names_a_day
from planning.understanding.interpret import Reading
from planning.understanding.records_text import note_body, task_subject

_FORWARD_SENDER = re.compile(r"\bfrom\s+(\S+)")
_FORWARD_TO = re.compile(r"\bto\s+(.+?)(?=\s+(?:with|saying|and say|adding|plus)\b|[,;!?]|\.(?:\s|$)|$)", re.I)
_FORWARD_QUERY = re.compile(
    r"^(?:please\s+)?(?:forward|fwd|pass on|pass along)\s+(?:me\s+)?(?:the|that|this|my)?\s*(?:(?:last|latest|most "
    r"recent|newest)\s+)?(?P<what>[\w' -]*?)\s*(?:e-?mails?|messages?|mails?|invoice|thread)?\s*(?=\bfrom\b|\bto\b|$)",
    re.I,
)
_POSSESSIVE_OWNER = re.compile(r"^([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)['’]s\s+(\S.*)$")
_MAIL_WORDS = re.compile(r"^(?:e-?mails?|messages?|mails?|one|it|this|that)$", re.I)
_WANTS_A_FILE = re.compile(  # "attach the deck", "with the deck attached": a file that is not at hand (§2.7)
    r"\battach(?:ing)?\s+(?:the|my|our|this|that|a|an|it)\b|\bwith\s+(?:the|my|our|a|an)\s+[\w' -]{1,40}?\s+attached\b",
    re.I,
)


def email_scope(text: str, reading: Reading, slot_values: dict[str, Any], *, forward: bool) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    if reading.intent != "send":
        return scope
    if existing.replies_to_all(text):
        scope.update(reply=True, reply_all=True)
    if forward:
        scope.update(_forwarding(text, slot_values))
        return scope
    attendees_of = existing.people_of_event(text)
    if attendees_of is not None:
        scope["recipients_from_event"] = attendees_of
    attached = existing.attachment_source(text)
    if attached is not None:
        scope["attachment_from"] = {"sender": attached.sender, "query": attached.query, "when": slot_values["when"]}
        slot_values["when"] = None
        slot_values["people"] = tuple(p for p in slot_values["people"] if p != attached.sender)
        if attached.query:
            slot_values["topic"] = attached.query
            slot_values["subject"] = phrases.capitalise(attached.query)
    elif _WANTS_A_FILE.search(text):
        scope["attachment_wanted"] = True
    return scope


def without_file_request(body: str | None) -> str | None:
    """ "saying here it is, attach the deck": the request to attach a file is no part of the mail's text."""
    asked = _WANTS_A_FILE.search(body) if body else None
    if body is None or asked is None:
        return body
    return re.sub(r"(?:[\s,;:-]|\band\b)*$", "", body[: asked.start()]) or None


def _forwarding(text: str, slot_values: dict[str, Any]) -> dict[str, Any]:
    """ "forward the contract email from Maria to Tom": the message by its sender and words, to the people after
    "to"; the sender is not a recipient."""
    sender_match = _FORWARD_SENDER.search(text)
    said = mail_roles.sender(text)  # "from stripe to nadia": stripe, a person or not; "hamid's email": hamid
    sender: str | None = said.name if said is not None else None
    to_match = _FORWARD_TO.search(text, sender_match.end() if sender_match else 0)
    segment = text[to_match.start() : to_match.end()] if to_match else ""
    addresses = names.email_addresses(segment)
    recipients = [p.text for p in names.people(names.EMAIL_ADDRESS.sub(" ", segment))]
    if not recipients and not addresses:  # "to oskar": whom it goes to, though no name the tagger knows
        recipients = list(mail_roles.recipients_after_to(segment))
    slot_values["people"] = tuple(recipients)
    slot_values["emails"] = tuple(addresses)
    query_match = _FORWARD_QUERY.search(text)
    query = (query_match.group("what") or "").strip() if query_match else ""
    if not query or _MAIL_WORDS.match(query):
        query = ""
    owner = _POSSESSIVE_OWNER.match(query)
    if said is None and owner is not None and names.people(owner.group(0)):  # "Laura's contract redlines"
        sender, query = owner.group(1), owner.group(2)
    elif said is not None and said.owner:  # "hamid's email about the audit": what it is about, if said
        query = mail_roles.owned_topic(text, said) or ""
    slot_values["companies"] = tuple(c for c in slot_values.get("companies", ()) if c != sender)
    slot_values["topic"] = query or None
    if phrases.body_span(text) is not None:  # "with a note saying please pay this week": no time of the mail
        slot_values["when"] = None
    return {"forward": True, "forward_from": sender}


def mail_source_of_values(text: str, reading: Reading) -> existing.MailSource | None:
    """Where an event's details are to be read from ("the partner summit from the emails"), for a new event."""
    if reading.intent != "create" or reading.entity != "event":
        return None
    return existing.value_source(text, None)


def event_scope(
    text: str, reading: Reading, slot_values: dict[str, Any], source: existing.MailSource | None
) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    when: TimeRange | None = slot_values["when"]
    has_range = when is not None and when.end is not None
    if reading.intent in ("update", "delete") and existing.acts_on_each(text, has_range=has_range):
        scope["each"] = True
        left_out = existing.excepted(text)
        if left_out is not None:  # "… except the 1:1 with Priya": neither a filter nor a name of what is acted on
            scope["except"], text = left_out
            slot_values["people"] = tuple(p for p in slot_values["people"] if p.lower() not in left_out[0].lower())
            if (slot_values.get("topic") or "").lower() in left_out[0].lower():
                slot_values["topic"] = None
    if reading.intent in ("update", "delete"):
        named = existing.named_event(text)
        if named:
            slot_values["topic"] = named
    if reading.intent == "update":
        scope.update(_event_changes(text, slot_values))
    if reading.intent == "create":
        free_time = existing.free_time_phrase(text)
        if free_time is not None:  # "… when we're both free": search free time, then book the first slot (§2.9)
            scope["free_slot"] = True
            title = slot_values.get("title")
            if isinstance(title, str):  # "Both free" is not what the meeting is
                slot_values["title"] = None if title.lower() in free_time else existing.without_free_time(title)
        rule = existing.recurrence(text)
        if rule:
            scope["recurrence"] = rule
        if source is not None:
            title = slot_values.get("title") or slot_values.get("topic") or _named_before(text, source)
            query = source.query or (title.lower() if isinstance(title, str) else None)
            scope["values_from_mail"] = {"sender": source.sender, "query": query}
            if not slot_values.get("title") and query:  # "put the partner summit from the emails on my calendar"
                slot_values["title"] = phrases.capitalise(query)
            if source.sender:  # the sender of the mail is where the details come from, not a guest
                slot_values["people"] = tuple(p for p in slot_values["people"] if p != source.sender)
    return scope


_LEADING_VERB = re.compile(
    r"^(?:please\s+)?(?:put|add|create|make|schedule|book|set up|save|enter|copy|get)\s+(?:an?\s+event\s+for\s+)?"
    r"(?:the|a|an|my|our|that|this)?\s*",
    re.I,
)


def _named_before(text: str, source: existing.MailSource) -> str | None:
    """ "put the partner summit from the emails on my calendar": the thing named before where it comes from."""
    if source.span is None:
        return None
    before = _LEADING_VERB.sub("", text[: source.span[0]].strip())
    words = before.split()
    return " ".join(words) if 0 < len(words) <= 5 else None


def _event_changes(text: str, slot_values: dict[str, Any]) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    change = existing.attendee_change(text)
    if change is not None:
        scope["attendees_change"] = change
        changed, addresses = existing.changed_people(text)
        if changed or addresses:  # only who is added or removed, not the people named in the event's name
            slot_values["people"], slot_values["emails"] = changed, addresses
    response = existing.invitation_response(text)
    if response is not None:
        scope["response"] = response
    when, new_when = slot_values["when"], slot_values["new_when"]
    if when is not None and when.has_clock_time and new_when is None and (hour := _bare_target_hour(text)):
        # "move my 2pm tomorrow to 4": a bare hour after "to", read in working hours on the same day
        slot_values["new_when"] = new_when = TimeRange(
            start=when.start.replace(hour=hour, minute=0), has_clock_time=True
        )
    if (
        when is not None
        and new_when is not None
        and new_when.has_clock_time
        and new_when.start.date() != when.start.date()
        and not names_a_day(text.rsplit(" to ", 1)[-1])
    ):  # "move my 2pm tomorrow to 4pm": the new time is on the event's day
        moved = datetime.combine(when.start.date(), new_when.start.timetz())
        slot_values["new_when"] = new_when = TimeRange(start=moved, has_clock_time=True)
    if (
        when is None
        and new_when is not None
        and new_when.has_clock_time
        and not (change or response)
        and not names_a_day(text.rsplit(" to ", 1)[-1])
    ):  # "move the team sync to 5pm": 5pm on the event's own day, which only the read of the event knows
        scope["time_of_day"] = True
    if (change or response) and when is None and new_when is not None:  # "decline all invitations for Monday"
        slot_values["when"], slot_values["new_when"] = when, new_when = new_when, None
    if when is not None and when.has_clock_time and when.end is not None and new_when is None and _FROM_TO.search(text):
        # "move my 3pm to 4pm": a move from one time to the other, not an event lasting from 3 to 4
        end = when.end
        slot_values["when"] = when = TimeRange(start=when.start, has_clock_time=True)
        slot_values["new_when"] = new_when = TimeRange(start=end, has_clock_time=True)
    if (
        slot_values.get("shift_minutes") is None
        and when is not None
        and new_when is not None
        and not when.has_clock_time
        and not new_when.has_clock_time
    ):  # "move my Tuesday meetings to Wednesday": each keeps its time of day, a day later
        days = (new_when.start.date() - when.start.date()).days
        if -7 < days < 0 and not _EXPLICIT_DAY.search(text):  # "Monday's meetings to Thursday": that week's
            days += 7
        if days:
            slot_values["shift_minutes"] = days * 24 * 60
            slot_values["new_when"] = None
    return scope


_BARE_HOUR = re.compile(r"\bto\s+(\d{1,2})\s*\??\s*$")


def _bare_target_hour(text: str) -> int | None:
    """The hour of "... to 4" at the end of a move, in working hours (7-11 a.m., 12 noon, 1-6 p.m.)."""
    match = _BARE_HOUR.search(text)
    if match is None:
        return None
    hour = int(match.group(1))
    if 1 <= hour <= 6:
        return hour + 12
    return hour if 7 <= hour <= 12 else None


_FROM_TO = re.compile(
    r"\b(?:move|moving|reschedule|shift|push|bump|change|switch)\b.*\b\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s+to\s+\d", re.I
)
_EXPLICIT_DAY = re.compile(r"\b(?:today|tonight|tomorrow|yesterday|last|\d)", re.I)
_TASK_NAMED = re.compile(r"\b(?:the|my|that|this)\s+(.+?)\s+(?:task|to-?do|action item)s?\b", re.I)
_DONE = re.compile(r"\b(?:done|complete[d]?|finished|closed)\b", re.I)
_OPEN = re.compile(r"\b(?:open|outstanding|pending|remaining|to do|incomplete|not done)\b", re.I)


_RECORD_TYPE = re.compile(r"\b(account|deal|opportunity|contact|lead|company|customer|client)s?\b", re.I)
_RECORD_TYPES = {"deal": "Deal", "opportunity": "Deal", "contact": "Contact", "lead": "Lead"}


def record_scope(text: str) -> dict[str, Any]:
    """The kind of record a note or task is about ("on the Globex deal" → Deal); accounts by default."""
    match = _RECORD_TYPE.search(text)
    return {"about_type": _RECORD_TYPES.get(match.group(1).lower(), "Account")} if match else {}


def record_text_slots(text: str, reading: Reading) -> dict[str, Any]:
    """A note's body, a task's subject (new) or the words naming it (existing), and a task status."""
    out: dict[str, Any] = {}
    if reading.entity == "note" and reading.intent == "create":
        out["body"] = note_body(text)
    if reading.entity == "task":
        if reading.intent == "create":
            out["subject"] = task_subject(text)
        else:
            named = _TASK_NAMED.search(text)
            if named and named.group(1).lower() not in ("open", "my", "all", "outstanding"):
                out["topic"] = named.group(1)
        if _DONE.search(text):
            out["status"] = "done"
        elif _OPEN.search(text) and reading.intent == "find":
            out["status"] = "open"
    return out
