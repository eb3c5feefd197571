"""Slots of one clause, read for the (intent, entity) the clause was understood as."""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any

from planning.types import Slots, TimeRange
from planning.understanding import (
    acting_on,
    asked_fields,
    event_place,
    event_title,
    everyday,
    existing,
    job_titles,
    mail_cc,
    mail_kinds,
    mail_names,
    mail_roles,
    mail_topic,
    names,
    phrases,
    record_fields,
    record_updates,
    repeat_start,
    reported,
    subjects,
    tagged_times,
    values,
)
from planning.understanding.addressed_text import addressed_text, addressed_text_start, past_polite
from planning.understanding.commands._words import Token, tokens
from planning.understanding.commands.event_edits import request_shift
from planning.understanding.cue_context import found_in
from planning.understanding.cues import Cues, Words, cues
from planning.understanding.described_by import describing
from planning.understanding.event_relative import relative_to
from planning.understanding.given_clause import given_clause
from planning.understanding.given_text import colon_body_start, dash_body_start
from planning.understanding.interpret import Reading
from planning.understanding.joined_days import joined_span, joined_words
from planning.understanding.lead_spans import Atoms
from planning.understanding.learned.tagger_lazy import tagged
from planning.understanding.left_out_people import left_out
from planning.understanding.listed_people import first_names_said, listed_people
from planning.understanding.note_text import named_before_text
from planning.understanding.purpose_asked import purpose_asked
from planning.understanding.quoted_words import quoted_words
from planning.understanding.said_body import (
    colon_body,
    dash_body,
    participle_body,
    tagged_body,
    told_clause,
)
from planning.understanding.task_owner import task_owner
from planning.understanding.time_links import ends_with_target_mark
from planning.understanding.timeexpr import (
    Prefer,
    TimeMatch,
    TimeReading,
    find_duration,
    find_shift,
    moved_to,
    read_times,
)
from planning.understanding.topic_said_text import clause_after_comma, text_after_topic
from planning.understanding.word_lists import listed as word_list
from planning.understanding.words import FUNCTION_WORDS, PRONOUNS, REPORTING, TIME_WORDS, VERBS


@dataclass
class ClauseSlots:
    slots: Slots
    scope: dict[str, Any] = field(default_factory=dict)
    ambiguities: list[str] = field(default_factory=list)


def read_slots(text: str, reading: Reading, now: datetime, *, future_times: TimeReading | None = None) -> ClauseSlots:
    """``future_times``: the clause's times already read with ``prefer="future"`` (not read twice)."""
    placed = relative_to(text, now) if (reading.intent, reading.entity) == ("create", "event") else None
    if placed is not None:  # "block 15 min right before our 1:1 thursday": the 1:1 is neither its title nor its day
        rest = " ".join(f"{text[: placed.span[0]]} {text[placed.span[1] :]}".split())
        found = read_slots(rest, reading, now)
        found.scope["relative_to"] = {
            "query": placed.query,
            "when": placed.day,
            "side": placed.side,
            "adjacent": placed.adjacent,
        }
        return found
    found_mail = reading.intent in ("find", "summarize") or cues("forward_starts").starts(text)  # a mail there is
    prefer: Prefer = "past" if reading.entity == "email" and found_mail else "future"
    read = future_times if prefer == "future" and future_times is not None else read_times(text, now, prefer)
    read = tagged_times.with_tagged(text, read, now, prefer)  # a time the tagger sees and the grammar missed
    times = read.times
    spans = [span for t in times for span in t.spans] + [n.span for n in read.impossible]
    duration = find_duration(text)
    shift = find_shift(text)
    emails = names.email_addresses(text)
    people = _people(text, reading)
    companies = [c.text for c in names.companies(text)]
    people = [p for p in people if p not in companies and p.lower() not in {c.lower() for c in companies}]
    said_role = job_titles.role(text) if reading.entity in ("contact", "lead") else None
    if said_role is not None:  # "VP Engineering at Globex": the title is no company, the company is one
        first, last = said_role.span
        inside = {n.text for n in names.people(text) if first <= n.start and n.end <= last}
        companies = [c for c in companies if c not in inside and c not in said_role.title.split()]
        companies = list(dict.fromkeys([*companies, said_role.company]))
        people = [p for p in people if p not in inside and p != said_role.company]
    if (reading.intent, reading.entity) in _NEW_PERSON:  # "he's dana's security lead": dana is not the one made
        described = describing(text)
        people = [p for p in people if p.casefold() not in described]
    if not people and emails and (reading.intent, reading.entity) in _NEW_PERSON:
        named = names.named_by_address(text, emails[0])  # "a lead: ravi menon at hooli, ravi.menon@hooli.com"
        people = [named] if named is not None and named not in companies else people
    when, new_when = _when(text, times, reading)
    begins = repeat_start.first_in_period(text, times) if reading.intent == "create" else None
    if begins is not None:  # "a weekly 1:1 tues 10am, starting next week": its first time is next week's
        when = TimeRange(start=begins.start, end=begins.end, has_clock_time=True)
    if new_when is None and (reading.intent, reading.entity) == ("update", "event"):
        moved = moved_to(text, now)  # "push the standup to 10": a bare hour after "to" is where it goes
        new_when = None if moved is None else TimeRange(start=moved.start, end=moved.end, has_clock_time=True)
    if (reading.intent, reading.entity) == ("update", "event") and _one_clock(times) and _same_time(when, new_when):
        when = _day_of(when)  # "move next monday's standup to 10am": the standup that day, moved to 10 that day
    slot_values: dict[str, Any] = {
        "people": tuple(people),
        "emails": tuple(emails),
        "companies": tuple(companies),
        "when": when,
        "new_when": new_when,
        "duration_minutes": duration.minutes if duration else None,
        "shift_minutes": shift.minutes if shift else request_shift(text),  # "push it back 15": minutes
        "limit": values.limit(text),
        "unread": values.unread(text) and reading.entity == "email",
    }
    result = ClauseSlots(Slots())
    if begins is not None:  # the first time is the one said, not moved to this week's (``_first_occurrence``)
        result.scope["begins_in_period"] = True
    if read.impossible:  # never moved to another day: the plan asks for the date (or the bot asks which one)
        missing = read.impossible[0].date
        result.scope["impossible_date"] = missing
        result.ambiguities.append(f"there is no {missing}: the date is asked for, not moved to another day")
    if reading.entity == "email":
        slot_values.update(_email_slots(text, reading, people, spans))
        if slot_values.pop("forward", False):
            result.scope["forward"] = True
            if _all_said_in(text, slot_values.get("body"), spans):  # "… - can you fill it in by fri": the note's
                slot_values["when"] = None  # time, not the time of the mail forwarded
        result.scope.update(
            acting_on.email_scope(text, reading, slot_values, forward=bool(result.scope.get("forward")))
        )
        copied = mail_cc.copied(text) if reading.intent == "send" else None
        if copied is not None:  # "…, cc Carol": looked up like a recipient, sent a copy, not in "to"
            result.scope["cc"] = {"people": list(copied.people), "emails": list(copied.emails)}
            cc_names = {n.lower() for n in (*copied.people, *copied.emails)}
            slot_values["people"] = tuple(p for p in slot_values["people"] if p.lower() not in cc_names)
            slot_values["emails"] = tuple(e for e in slot_values["emails"] if e.lower() not in cc_names)
        if reading.intent == "find" and found_in(cues("mail_content_asked", "atoms"), text):
            result.scope["content_asked"] = True  # "what did laura say about the redlines": her words, not a list
        if reading.intent in ("find", "summarize") and _with_files(text):  # "emails with attachments"
            result.scope["with_attachments"] = True
        if reading.intent in ("find", "summarize"):  # "any emails from stripe": stripe sends, a person or not
            slot_values["people"] = mail_roles.sender_first(text, slot_values["people"])
            to = mail_roles.addressee(text, slot_values["people"])
            if to is not None:  # "emails to raj": sent to him, not from him
                result.scope["mail_to"] = to
                slot_values["people"] = tuple(p for p in slot_values["people"] if p != to)
    elif reading.entity in ("event", "availability"):
        # "every friday": the words of a repeat are no part of the title either ("a repeating event" is one)
        repeats = [(s.start, s.end) for s in tagged(text) if s.kind == "general_frequency"]
        repeats = [(t.start, t.end) for t in tokens(text) if t.word in TIME_WORDS and _inside(t, repeats)]
        repeats += [(t.start, t.end) for t in tokens(text) if t.word in cues("repeat_adjectives")]  # "recurring"
        # "put monday meeting on calendar": the day names the new event
        naming = event_title.naming_times(text, spans) if reading.intent == "create" else []
        leads = repeat_start.period_leads(text, times)  # "starting" of "starting next week"
        untimed = _blank(text, [s for s in [*spans, *repeats, *leads, *joined_words(text, times)] if s not in naming])
        source = acting_on.mail_source_of_values(text, reading)
        if source is not None and source.span is not None:  # "from the emails about it" is no part of the title
            untimed = _blank(untimed, [source.span])
        slot_values.update(_event_slots(untimed, reading, people, text, spans))
        if slot_values["location"] in left_out(text):  # "don't loop in dana": a person kept out, not a place
            slot_values["location"] = None
        place = slot_values["location"]
        if place is not None:  # "at jack's place": the owner of a place is no attendee
            slot_values["people"] = tuple(p for p in slot_values["people"] if p.lower() not in place.lower())
        if slot_values["location"] in companies:  # "lunch at Blue Bottle": where, not whom the event is with
            slot_values["companies"] = tuple(c for c in companies if c != slot_values["location"])
        result.scope.update(acting_on.event_scope(text, reading, slot_values, source, now))
        if slot_values["duration_minutes"] is None and not result.scope.get("free_slot"):
            slot_values["duration_minutes"] = _range_minutes(slot_values, reading)
        if (
            event_title.for_oneself(text) and reading.intent == "create"
        ):  # a reminder is for me: its people are no attendees
            result.scope["reminder"] = True
        if reading.intent == "find" and _attendees_asked(text):  # "who's coming to …": its attendees (§2.8)
            result.scope["asked_field"] = "attendees"
        elif reading.intent == "find" and _asked(text, cues("event_description_asked", "atoms")):  # "the agenda"
            result.scope["asked_field"] = "description"
    elif reading.entity in ("note", "task"):
        # a note says what it says, its dates too ("they want to start in April"); a task's due date is no part of
        # its subject ("call Globex by Friday")
        worded = text if reading.entity == "note" else _blank(text, spans)
        slot_values.update(acting_on.record_text_slots(worded, reading))
        owner = task_owner(text) if (reading.intent, reading.entity) == ("create", "task") else None
        if owner is not None:  # "a task for sarah to …": she does it; it is not about her contact record
            result.scope["task_owner"] = owner.name
            slot_values["people"] = tuple(p for p in slot_values["people"] if p.lower() != owner.name.lower())
        slot_values.update(record_fields.named_in_slots(text, slot_values))  # "on the umbrella corp account"
        if reading.entity == "note":  # "a note on the open one - laura wants …": laura is said, not what it is on
            slot_values.update(named_before_text(text, slot_values))
        result.scope.update(acting_on.record_scope(text))
        fields = asked_fields.task_fields(text) if (reading.intent, reading.entity) == ("find", "task") else ()
        if fields:  # "when's the questionnaire task due": the answer is its due date (contract §2.8)
            result.scope["asked_fields"] = list(fields)
    elif reading.entity in _CRM:
        slot_values.update(_crm_slots(text, reading))
        if said_role is not None and not any(
            key in ("title", "job title") for key, _ in slot_values.get("field_changes", ())
        ):
            slot_values["field_changes"] = (*slot_values.get("field_changes", ()), ("job title", said_role.title))
        if reading.intent == "create":  # "add a contact: ana lee, ana@lumen.it, cfo at lumen"
            listed = record_fields.listed_fields(text, reading.entity)
            slot_values.update(record_fields.as_slots(listed, slot_values, reading.entity))
            closes = record_fields.close_date(text, slot_values["when"]) if reading.entity == "deal" else None
            if closes is not None:  # "a $50k deal for acme closing march 31"
                slot_values["field_changes"] = (*slot_values.get("field_changes", ()), ("close date", closes))
        else:  # "move the umbrella corp deal to negotiation"
            slot_values.update(record_fields.named_in_slots(text, slot_values))
            if reading.intent == "update":  # "jo lee is now at hooli", "assign it to sarah", "mark hooli as won"
                slot_values.update(record_updates.changed_values(text, reading.entity, slot_values))
                closes = _close_date_said(text, reading.entity, slot_values)
                if closes is not None:  # "globex deal closes the 20th now": its new close date
                    slot_values["field_changes"] = (*slot_values.get("field_changes", ()), ("close date", closes))
        result.scope.update(_crm_scope(text))
        said = _contact_fields_asked(text) if reading.intent == "find" else []
        asked = said[0] if said else None
        if len(said) > 1:  # "what's dana's email and phone": each of them
            result.scope["asked_fields"] = said
        elif asked:  # "what's Maria's phone number": the answer is that field (contract §2.8)
            result.scope["asked_field"] = asked
        elif reading.intent == "find" and cues("owner_asked").in_text(text):  # "who owns the initech account"
            result.scope["asked_field"] = "owner"
        fields = asked_fields.deal_fields(text) if reading.intent == "find" and reading.entity == "deal" else ()
        if fields:  # "what's it worth and when does it close": each of them
            result.scope["asked_fields"] = list(fields)
    if reading.intent in ("send", "create") and companies and not people:
        record = next(filter(None, (cues("recipient_records").value((t.word,)) for t in Atoms.of(text).toks)), None)
        if record:
            result.scope["recipient_record"] = record
    if not result.scope.get("reminder") and (len(people) > 1 or (people and reading.intent in ("send", "create"))):
        result.ambiguities.extend(
            f"'{p}' may match several contacts; the plan looks them up and asks if it does" for p in people[:2]
        )
    result.scope.update(_everyday_scope(text, reading, slot_values))
    if reading.entity == "email" and _only_pointing(slot_values.get("topic")):
        slot_values["topic"] = None  # "reply to her saying …": whom the mail is from, never words it holds
    result.slots = Slots(**slot_values)
    return result


def _only_pointing(topic: str | None) -> bool:
    """Whether a mail's topic is only words that point at someone or something ("her", "his email", "that one")."""
    words = [token.word for token in tokens(topic or "")]
    naming_no_mail = cues("not_a_mail_query")
    return bool(words) and all(
        word in PRONOUNS or word in FUNCTION_WORDS or naming_no_mail.value((word,)) is not None for word in words
    )


def _close_date_said(text: str, entity: str, found: dict[str, Any]) -> str | None:
    """The close date an update of a deal says by a close word and a time ("closes the 20th now"), when no field
    change names it already ("close date to mar 20")."""
    if entity != "deal" or any(key in _CLOSE_FIELDS for key, _ in found.get("field_changes", ())):
        return None
    return record_fields.close_date(text, found.get("when"))


_CLOSE_FIELDS = frozenset({"close date", "closedate", "closing date"})


def _everyday_scope(text: str, reading: Reading, slot_values: dict[str, Any]) -> dict[str, Any]:
    """(v3) A draft, a change to mail, a meeting link, optional attendees, a calendar by name, a logged activity, a
    person linked to a deal: the scope the recipes turn into those arguments (``everyday`` reads the words)."""
    scope: dict[str, Any] = {}
    kind = (reading.intent, reading.entity)
    asked = _without_words_sent(_without_words_sent(text, slot_values.get("body")), slot_values.get("topic"))
    if kind == ("send", "email") and everyday.wants_draft(text, asked):  # "re the press release draft": its topic
        scope["draft"] = True
    if kind == ("send", "email") and not slot_values.get("topic"):
        # "reply to maria's invoice email saying …": the mail answered is hers and about the invoice
        sent_from = mail_topic.body_start(text, slot_values.get("body"), _said_from(text))
        sender, words = everyday.replied_mail(text, sent_from, tuple(slot_values["people"]))
        words = mail_topic.topic_before(text, words, sent_from)
        if words is not None:
            slot_values["topic"] = words
            slot_values["people"] = (sender,) if sender else ()
    if kind == ("update", "email"):
        change = everyday.mail_change(text)
        if change is not None:
            scope["mail_change"] = change
            sender, words, each = everyday.marked_mails(text, tuple(slot_values["people"]))
            if each:  # "mark all of tom's emails as read": each mail found
                scope["each"] = True
            slot_values["people"] = (sender,) if sender else ()
            slot_values["companies"] = ()
            slot_values["topic"] = words
    if reading.entity == "event" and reading.intent in ("create", "update"):
        link = everyday.meeting_link_words(text)
        if link is not None:
            scope["online_meeting"] = True
            slot_values["people"] = tuple(p for p in slot_values["people"] if p.lower() not in link)
            title = slot_values.get("title")
            if isinstance(title, str) and any(word in title.lower().split() for word in link):
                slot_values["title"] = None
        optional = everyday.optional_people(text)
        if optional:
            scope["optional"] = optional
            slot_values["people"] = tuple(dict.fromkeys([*slot_values["people"], *optional]))
        calendar = everyday.calendar_name(text)
        if calendar is not None:
            scope["calendar"] = calendar
            slot_values["people"] = tuple(p for p in slot_values["people"] if p.lower() != calendar.lower())
    if kind == ("create", "note"):
        activity = everyday.activity_kind(text)
        if activity is not None:
            scope["activity"] = activity
            if not slot_values.get("body"):  # "log a call w laura today, 20 min, she confirmed …": what was said
                slot_values["body"] = clause_after_comma(text)
    if kind == ("update", "deal") and everyday.links_to_deal(text):
        scope["link_contacts"] = True
    return scope


_CRM = ("contact", "lead", "deal", "account")
_NEW_PERSON = (("create", "contact"), ("create", "lead"))


def _with_files(text: str) -> bool:
    """Mail asked for with files: a phrase of data/cues/mail_with_files.txt ("with attachments", "that have PDFs"),
    or a word of mail_attachments.txt anywhere ("w/ attachements")."""
    atoms = Atoms.of(text)
    with_files = cues("mail_with_files", "atoms")
    spoken = any(atoms.phrase_end(with_files, at, "spaces") for at in range(len(atoms.toks)) if atoms.is_word(at))
    return spoken or cues("mail_attachments").find(Words.of(text)) is not None


def _same_time(when: TimeRange | None, new_when: TimeRange | None) -> bool:
    """Whether the event looked for and its new time were read from one clock time said once ("next monday's standup
    to 10am"): then the time is where it goes, and the day alone which event it is."""
    if when is None or new_when is None or not when.has_clock_time:
        return False
    return (when.start.hour, when.start.minute) == (new_when.start.hour, new_when.start.minute)


def _one_clock(times: Sequence[TimeMatch]) -> bool:
    """Whether the message says one clock time only."""
    return sum(1 for said in times if said.has_clock_time) == 1


def _day_of(when: TimeRange | None) -> TimeRange | None:
    if when is None:
        return None
    midnight = when.start.replace(hour=0, minute=0, second=0, microsecond=0)
    return TimeRange(start=midnight, end=midnight + timedelta(days=1), has_clock_time=False)


def _people(text: str, reading: Reading) -> list[str]:
    """The people acted on. Not those in quoted content (a subject, a body, a title) or inside the topic ("about
    the overdue Globex invoice"), nor one who is the subject of what is to be said ("let maria know john approved
    the quote": the tagger's body span follows john): those are text, not recipients."""
    cut = len(text)
    calendar = reading.entity in ("event", "availability")
    titled = phrases.title_span(text) if calendar else None  # a contact "named X"
    # an event has no words to send: "… that there is a meeting for paul's retirement" names paul, says nothing
    worded = (None, None) if calendar else (phrases.body_span(text), phrases.subject_span(text))
    for span in (*worded, titled):
        if span is not None:
            cut = min(cut, span[0])
    said_at = None if calendar else addressed_text_start(text)  # "respond: fine, loop in dana": dana is text
    cut = min(cut, said_at if said_at is not None else cut)
    told_at = None if calendar else phrases.told_start(text)  # "let kim know priya will cover": priya is text
    cut = min(cut, told_at if told_at is not None else cut)
    for given_at in (colon_body_start(text), dash_body_start(text)) if reading.entity == "email" else ():
        cut = min(cut, given_at if given_at is not None else cut)  # "… my notes on the deck: sarah's …": text
    topic = phrases.topic_span(text)
    found = [n for n in listed_people(text) if n.end <= cut and n.start not in _speakers(text)]
    if topic is not None:
        found = [n for n in found if not (topic[0] <= n.start and n.end <= topic[1])]
    told = [n for n in found if not any(_says(text, other.start, other.end, n.start, n.end) for other in found)]
    kept_out = set(left_out(text))  # "w priya, dont invite john", "sarah but not tom": not acted on
    told = [n for n in told if n.text not in kept_out and not _event_kind(n.text)]
    return list(dict.fromkeys(_told_only(text, n.text, n.start, n.end) for n in told))


def _event_kind(name: str) -> bool:
    """Whether a name the tagger spans is a kind of event ("book follow-up next tue w laura": the follow-up is the
    event, not someone to look up; data/event_kinds.txt)."""
    return word_list("event_kinds").value(tuple(t.word for t in tokens(name))) is not None


def _says(text: str, told_start: int, told_end: int, start: int, end: int) -> bool:
    """Whether the person at ``start``-``end`` begins what the person before it is told ("tell laura sarah will
    cover": sarah, right after laura, who follows a verb of telling, and right before a verb)."""
    if told_end > start or text[told_end:start].strip():
        return False
    before, after = Words.of(text[:told_start]).words, Words.of(text[end:]).words
    return bool(before) and bool(after) and before[-1] in cues("told_verbs") and after[0] in cues("statement_verbs")


def _told_only(text: str, name: str, start: int, end: int) -> str:
    """The person told, without the one who starts what they are told ("tell dana priya will send the forms": the
    tagger's "dana priya" is dana, told that priya will send them): a name of several words right after a verb of
    telling (data/cues/told_verbs.txt) and right before a verb (statement_verbs.txt) loses its last word."""
    before, after = Words.of(text[:start]).words, Words.of(text[end:]).words
    parts = name.split()
    if len(parts) < 2 or not before or not after or before[-1] not in cues("told_verbs"):
        return name
    return " ".join(parts[:-1]) if after[0] in cues("statement_verbs") else name


def _speakers(text: str) -> dict[int, int]:
    """Where each person who begins what is to be said starts, and where the tagger's body after them ends: a
    person right before a body that opens with no reporting word, after someone to tell and not listed with
    them ("tell john and tom the demo is pushed": tom is told too)."""
    found = tagged(text)
    out: dict[int, int] = {}
    told: int | None = None  # where the last person to tell ends
    shared = existing.attachment_source(text, (*(n.text for n in listed_people(text)), *first_names_said(text)))
    for person, after in pairwise(found):
        if person.kind not in ("person", "relation"):
            continue
        if shared is not None and shared.span is not None and shared.span[0] <= person.start < shared.span[1]:
            continue  # "the msa john sent, she needs it": john sent the file, says nothing
        opening = after.text.split()[0].lower() if after.kind == "body" else None
        between = text[told : person.start].strip(" ,&").split() if told is not None else []
        listed = told is not None and between in ([], ["and"])
        speaks = opening is not None and opening not in REPORTING and not text[person.end : after.start].strip()
        if told is not None and not listed and speaks and person.kind == "person":
            out[person.start] = after.end
            continue
        told = person.end
    return out


def _told_by_spans(text: str) -> str | None:
    """The words to be said, from the tagger: a body span with the person it is about ("John approved the
    quote")."""
    spoken = _speakers(text)
    if spoken:
        start, end = min(spoken.items())
        said = text[start:end]
        return said[0].upper() + said[1:]
    return None


def _all_said_in(text: str, said: object, spans: list[tuple[int, int]]) -> bool:
    """Whether every time of ``text`` (``spans``) is inside the words to send ``said`` (found where they end it)."""
    if not isinstance(said, str) or not said or not spans:
        return False
    start = text.casefold().rfind(said.casefold())
    return start >= 0 and all(start <= begin and end <= start + len(said) for begin, end in spans)


def _when(text: str, times: list[TimeMatch], reading: Reading) -> tuple[TimeRange | None, TimeRange | None]:
    """The time a request is about and, for a change, the time it should move to ("... to Friday at 10")."""
    ranges = [TimeRange(start=t.start, end=t.end, has_clock_time=t.has_clock_time) for t in times]
    if not ranges:
        return None, None
    joined = joined_span(text, times) if reading.intent in ("find", "summarize", "create", "delete") else None
    if joined is not None:  # "this week and next week", "cancel my tue and wed meetings": the days together
        return joined, None
    if reading.intent == "update" and len(times) > 2 and (moved_from := joined_span(text, times[:-1])) is not None:
        return moved_from, ranges[-1]  # "move my tue and wed meetings to thursday": each of both days, to thursday
    if reading.intent != "update":
        return ranges[0], None
    if len(ranges) == 2:  # "to fri 3pm? she's out thurs": the time after the mark is where it moves to
        marked = [i for i, t in enumerate(times) if t.spans and ends_with_target_mark(text[: t.spans[0][0]])]
        return (ranges[1 - marked[0]], ranges[marked[0]]) if len(marked) == 1 else (ranges[0], ranges[1])
    if len(ranges) >= 2:
        return ranges[0], ranges[-1]
    before = text[: times[0].spans[0][0]] if times[0].spans else ""
    if ends_with_target_mark(before):
        return None, ranges[0]
    return ranges[0], None


def _range_minutes(slot_values: dict[str, Any], reading: Reading) -> int | None:
    """A clock range an event is made or moved to gives its length ("from 2 to 3:30" → 90, contract §2.4); the time
    an existing event is found by ("my 2-3pm") does not, nor does a free-time window (a search, not the event)."""
    when = {"create": slot_values["when"], "update": slot_values["new_when"]}.get(reading.intent)
    if not isinstance(when, TimeRange) or when.end is None or not when.has_clock_time:
        return None
    minutes = round((when.end - when.start).total_seconds() / 60)
    return minutes if 0 < minutes < 24 * 60 else None


def _email_slots(text: str, reading: Reading, people: list[str], time_spans: list[tuple[int, int]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    worded = phrases.without_field_tail(text)  # "…, cc John. subject: quote": fields, not words to send
    said = _said_to_recipient(worded, people) if reading.intent == "send" else None
    given = _reported_in_given(worded, said)
    if given:  # "…mail: agreed, i'll ask john park to restore the clause": the words after the colon, as given
        said = None
    body = said.body if said else (colon_body(worded) if given else phrases.body_text(worded))
    if said is None and phrases.told_first(worded, people):  # "tell tom im out that day": not "day" after "that"
        body = None
    if body is None and reading.intent == "send":  # "email priya and tom: …": the words after the colon
        body = addressed_text(worded)
    if body is None and reading.intent == "send":  # "email tom re the launch draft - looks great": after the topic
        body = text_after_topic(worded)
    if body is None and reading.intent == "send":  # "… my answer on the pricing q: premium …, sarah will …": as given
        body = colon_body(worded)
    if body is None and reading.intent == "send":
        told = phrases.told_text(text, people)  # "let Sarah know she's invited": said to her, "You're invited"
        told = told or _told_by_spans(text) or told_clause(text)  # "tell priya the q3 deck looks good to me"
        body = reported.addressed(told, several=len(people) > 1) if told else None
    if body is None and reading.intent == "send":  # "email tom the launch dates work for me": a clause, as said
        body = given_clause(worded, people)
    if body is None and reading.intent == "send":  # "… thread: net 30 works for us": the tagger's words to send
        body = quoted_words(worded) or dash_body(worded) or tagged_body(worded) or colon_body(worded)
    asked = purpose_asked(worded) if body is None and reading.intent == "send" else None
    if asked is not None:  # "email him to bring the deck": what the mail asks of him
        body = asked.body
    if body is None and reading.intent == "send":  # "a quick note confirming we'll be there": from the -ing verb
        said_to = participle_body(worded)  # said to the recipient: "reminding her …" → "Reminding you …"
        body = reported.addressed(said_to, several=len(people) > 1) if said_to else None
    body = acting_on.without_file_request(body)
    if body is not None and said is None and reading.intent == "send":  # "say X and ask if Y": X, then Y asked
        body = reported.with_asked(body, several=len(people) > 1)
    subject = _without_words_sent_at_end(phrases.subject_text(text), body)
    topic = phrases.about_text(text)
    said_from = said.start if said else phrases.message_start(text)
    said_from = asked.start if said_from is None and asked is not None else said_from  # no topic from what is asked
    if topic is not None and said_from is not None and (phrases.about_span(text) or (0, 0))[0] > said_from:
        topic = None  # "saying I'll be about 20 minutes late": the message's words, not its topic
    elif topic is not None and said_from is not None and _within(said_from, phrases.about_span(text)):
        lead = phrases.said_lead(text)  # "about the budget - say we'll send it monday": the topic ends there
        cut = lead[0] if lead is not None and lead[0] < said_from else said_from
        topic = text[(phrases.about_span(text) or (0, 0))[0] : cut].rstrip(" -–—,.;:!?") or None
    copy_at = mail_cc.lead_start(text)  # "about the offsite and cc Tom": the topic ends before the copy
    about_at = phrases.about_span(text)
    if topic is not None and copy_at is not None and about_at is not None and about_at[0] < copy_at:
        topic = text[about_at[0] : min(about_at[1], copy_at)].rstrip(" ,.;:!?") or None
    if topic is None and reading.intent == "send":
        topic = _object_after_recipient(text, people)
    if reading.intent == "send":  # never words of the message: "reply to her saying I'll send my receipts"
        topic = mail_topic.with_content(
            mail_topic.topic_before(text, topic, mail_topic.body_start(text, body, said_from))
        )
    if topic is None and reading.intent in ("find", "summarize"):
        topic = _searched_words(text) or mail_names.named_topic(text)
    if reading.intent == "send" and cues("forward_starts").starts(text):
        out["forward"] = True
        topic = _forwarded_topic(text) or topic
    out["body"] = body
    out["topic"] = topic
    kind = mail_kinds.subject_of_kind(text) if reading.intent == "send" else None
    named_by_kind = kind is not None and topic is not None and mail_kinds.subject_of_kind(topic) is not None
    out["subject"] = (
        subject
        or (kind if named_by_kind else None)  # "a congrats note on the promotion": "Congratulations"
        or (phrases.capitalise(topic) if topic else None)
        or (subjects.from_body(body, said.topic if said else asked.topic if asked else None) if body else None)
        or kind
    )
    return out


def _without_words_sent_at_end(subject: str | None, body: str | None) -> str | None:
    """A subject typed up to the end ("re: pricing prep, can u send me the numbers") without the words to send it
    ends with: "Pricing prep"."""
    if subject is None or body is None or not subject.casefold().endswith(body.casefold()):
        return subject
    return subject[: len(subject) - len(body)].rstrip(" ,;:-–—") or subject


def _within(at: int, span: tuple[int, int] | None) -> bool:
    return span is not None and span[0] < at < span[1]


def _without_words_sent(text: str, body: str | None) -> str:
    """The request without the words it asks to send ("… a note that the press release draft looks good"): a
    "draft" said in them is what the mail is about, not a wish to keep the mail as a draft."""
    where = text.lower().find(body.lower()) if body else -1
    return text if body is None or where < 0 else text[:where] + text[where + len(body) :]


def _said_from(text: str) -> int | None:
    """Where the cue of the words to send ("saying", "that says", "let … know") begins, if the request has one."""
    starts = [span[0] for span in (phrases.body_span(text),) if span is not None]
    message = phrases.message_start(text)
    return min([*starts, *([message] if message is not None else [])], default=None)


def _said_to_recipient(text: str, people: list[str]) -> reported.Message | None:
    """The body of reported speech ("asking if he can …"), unless other words to send come first ("saying …")."""
    said = reported.message(text, several=len(people) > 1, people=tuple(people))
    other = phrases.body_span(text)
    if said is None or (other is not None and other[0] < said.start):
        return None
    return said


def _reported_in_given(text: str, said: reported.Message | None) -> bool:
    """Whether the reported speech ``said`` lies inside the words after a colon that ends the request's own words,
    and does not open them: "reply to her mail: agreed, i'll ask john to …" is the text to send as it is, while
    "email tom: ask him to send the slides" still asks the bot to ask."""
    start = colon_body_start(text)
    if said is None or start is None or said.start < start:
        return False
    given = Words.of(text[start:])
    opens = given.char_start(past_polite(given)) if given.words else 0
    return start + opens != said.start


def _forwarded_topic(text: str) -> str | None:
    """What a mail forwarded is about, said between "forward"/"fwd" and "to" or the end ("fwd the budget email to kim":
    "budget"): the words past data/cues/forwarded_topic_skips.txt, without a last word of forwarded_topic_tails.txt;
    None when a mark comes before "to" or the end ("forward the deck, thanks")."""
    words = Words.of(text)
    start = cues("forward_starts").at(words)
    if start is None or words.toks[0].start != 0:
        return None
    index, skips = start.end, cues("forwarded_topic_skips")
    while index < len(words) and skips.at(words, index) is not None:
        index += 1
    end = next((i for i in range(index, len(words)) if cues("forwarded_topic_ends").at(words, i)), len(words))
    topic = words.words[index:end]
    if any(not _topic_word(word) for word in topic):
        return None
    tail = cues("forwarded_topic_tails").ending(topic)
    if tail is not None:
        end, topic = end - (tail.end - tail.start), topic[: tail.start]
    return words.text_of(index, end).strip() if topic else None


def _topic_word(word: str) -> bool:
    """A word a forwarded mail's topic may hold: letters, digits, an apostrophe or a hyphen inside."""
    return all(char.isalnum() or char in "'-_" for char in word)


def _object_after_recipient(text: str, people: list[str]) -> str | None:
    """ "Email John the sales report" → "the sales report"; "mail the report to X" → "the report"."""
    words = Words.of(text)
    verb = cues("giving_verbs").find(words)
    if verb is None:
        return None
    rest = text[words.char_end(verb.end - 1) :].lstrip()
    address = names.EMAIL_ADDRESS.match(rest)
    if address:
        rest = rest[address.end() :]
    for person in people:
        named = _named_first(rest, person)
        if named is not None:
            rest = rest[named:]
            break
    rest = cues("given_pronouns").past_leading(rest)
    phrase = _given_object(rest)
    if phrase is None:
        return None
    if cues("message_itself").ending(Words.of(phrase).words) is not None:
        return None
    return phrase


def _given_object(text: str) -> str | None:
    """The thing ``text`` starts with (after spaces): a word of data/cues/given_object_determiners.txt, spaces, then
    letters, digits, spaces, hyphens and apostrophes up to a word of given_object_ends.txt after spaces, a mark
    (, . ! ? : ;) or the end; None when another character comes first."""
    atoms = Atoms.of(text)
    start = len(text) - len(text.lstrip())
    if not atoms.toks or atoms.toks[0].start != start:
        return None
    article = atoms.phrase_end(cues("given_object_determiners", "atoms"), 0, "spaces")
    words = None if article is None else _after_spaces(text, atoms.toks[article - 1].end)
    if words is None or words >= len(text) or not _in_a_thing(text[words]):
        return None
    for char in range(words + 1, len(text) + 1):
        if char == len(text) or text[char] in ",.!?:;" or (text[char].isspace() and _thing_ends_at(atoms, char)):
            return text[start:char].strip()
        if not _in_a_thing(text[char]):
            return None
    return None


def _in_a_thing(char: str) -> bool:
    return char.isalnum() or char in "_' -"


def _thing_ends_at(atoms: Atoms, char: int) -> bool:
    """Whether a word of data/cues/given_object_ends.txt follows the spaces at character ``char``."""
    after = atoms.atom_at(_after_spaces(atoms.text, char) or char)
    if after is None or atoms.phrase_end(cues("given_object_ends", "atoms"), after, "one space") is None:
        return False
    linked = atoms.phrase_end(cues("given_object_time_ends", "atoms"), after, "one space")
    return linked is None or _time_word_at(atoms, linked)


def _time_word_at(atoms: Atoms, index: int) -> bool:
    """Whether atom ``index`` (after spaces) says a time: a time word ("friday", "tomorrow") or a number."""
    at = atoms.after_spaces(index)
    word = atoms.toks[at].word if at is not None else ""
    return word in TIME_WORDS or word[:1].isdigit()


def _named_first(text: str, person: str) -> int | None:
    """Where ``person`` ends when ``text`` starts with them, a word of data/cues/named_person_determiners.txt and
    spaces allowed before ("my Sam the deck" → after "Sam"); any case."""
    atoms = Atoms.of(text)
    at_start = bool(atoms.toks) and atoms.toks[0].start == 0
    first = atoms.phrase_end(cues("named_person_determiners", "atoms"), 0, "spaces") if at_start else None
    starts = [] if first is None else [_after_spaces(text, atoms.toks[first - 1].end)]
    for start in [*(at for at in starts if at is not None), 0]:
        end = start + len(person)
        if text[start:end].casefold() == person.casefold() and _word_boundary(text, end):
            return end
    return None


def _after_spaces(text: str, char: int) -> int | None:
    """The character after the spaces at ``char``, None when no space is there."""
    rest = text[char:].lstrip()
    return len(text) - len(rest) if len(rest) < len(text) - char else None


def _word_boundary(text: str, char: int) -> bool:
    """Whether a word starts or ends at ``char`` (a word character on one side only)."""
    before = char > 0 and (text[char - 1].isalnum() or text[char - 1] == "_")
    after = char < len(text) and (text[char].isalnum() or text[char] == "_")
    return before != after


def _new_title(text: str) -> str | None:
    """An event's new title: after the first "to" (data/cues/rename_links.txt) after a verb of rename_verbs.txt, or
    after a phrase of rename_leads.txt, spaces after; up to a comma, a full stop or the end of the line."""
    atoms = Atoms.of(text)
    for at in range(len(atoms.toks)):
        if not atoms.is_word(at):
            continue
        if atoms.phrase_end(cues("rename_verbs", "atoms"), at, "one space") is not None:
            links = (
                link
                for link in range(at + 1, len(atoms.toks))
                if atoms.is_word(link) and atoms.phrase_end(cues("rename_links", "atoms"), link, "one space")
            )
            for link in links:
                said = _up_to_mark(text, _after_spaces(text, atoms.toks[link].end), ",.")
                if said is not None:
                    return said
        lead = atoms.phrase_end(cues("rename_leads", "atoms"), at, "one space")
        said = None if lead is None else _up_to_mark(text, _after_spaces(text, atoms.toks[lead - 1].end), ",.")
        if said is not None:
            return said
    return None


def _up_to_mark(text: str, start: int | None, marks: str, allowed: str | None = None) -> str | None:
    """The text from ``start`` (one character at least) to the first of ``marks`` or the end of its line, None when
    there is none or (with ``allowed``) a character is neither a letter, a digit nor one of ``allowed``."""
    if start is None or start >= len(text) or text[start] == "\n":
        return None
    for char in range(start + 1, len(text) + 1):
        if char == len(text) or text[char] in marks or (char == len(text) - 1 and text[char] == "\n"):
            return text[start:char]
        if text[char] == "\n":
            return None
        if allowed is not None and not (text[char].isalnum() or text[char] in allowed):
            return None
    return None


def _searched_words(text: str) -> str | None:
    """What mail is searched for: the words after a phrase of data/cues/mail_search_leads.txt and spaces, up to a
    mark (, . ? !) or the end, when they are only letters, digits, spaces, hyphens and apostrophes and do not start
    with a word of mail_search_not_first.txt or a digit."""
    atoms = Atoms.of(text)
    for at in range(len(atoms.toks)):
        lead = atoms.phrase_end(cues("mail_search_leads", "atoms"), at, "one space") if atoms.is_word(at) else None
        start = None if lead is None else _after_spaces(text, atoms.toks[lead - 1].end)
        if start is None or start >= len(text) or text[start].isdigit():
            continue
        first = atoms.atom_at(start)
        if first is not None and atoms.phrase_end(cues("mail_search_not_first", "atoms"), first, "one space"):
            continue
        if not (text[start].isalnum() or text[start] in "_' -"):
            continue
        said = _up_to_mark(text, start, ",.?!", allowed="_' -")
        if said is not None:
            return said
    return None


def _event_slots(
    text: str, reading: Reading, people: list[str], said: str, times: list[tuple[int, int]]
) -> dict[str, Any]:
    """``text``: the clause without its times; ``said``: the clause as written (the tagger's spans are of it, and
    ``times``, the spans of its times)."""
    found = tagged(said)
    place = event_place.location(said, found, times=times, people=people, said_freely=reading.intent == "create")
    out: dict[str, Any] = {"title": event_title.title(text, people, found), "location": place and place.text}
    renamed = _new_title(text)
    if renamed is not None:
        out["field_changes"] = (("title", phrases.capitalise(renamed)),)
    query = _event_query(text)
    if query is not None and reading.intent in ("find", "update", "delete"):
        noun = phrases.squash(_without_length(query))
        first, _, rest = noun.partition(" ")
        if rest and first.lower() in _NOT_A_QUALIFIER:  # "What meetings", "all events": no search words
            noun = rest
        generic = {"meeting", "meetings", "event", "events", "appointment", "appointments", "call", "calls"}
        if noun.lower() not in generic and not cues("event_order_words").starts(noun):
            out["topic"] = _without_first_skip(noun)
    return out


def _field_changes(text: str) -> Iterator[tuple[str, str]]:
    """Each field a change names, as said and lower case, with its new value ("set the close date of the Initech
    deal out to March 31" → ("close date", "March 31")): a field of data/cues/record_field_changes.txt, the record it
    is of (record_field_owner_*.txt), a particle (record_field_particles.txt), a link (record_field_links.txt), then
    the value up to a word of record_field_value_ends.txt, a comma, a semicolon or the end of the line."""
    atoms = Atoms.of(text)
    index = 0
    while index < len(atoms.toks):
        found = _field_change_at(atoms, index) if atoms.is_word(index) else None
        if found is None:
            index += 1
            continue
        field_end, start, end = found
        yield text[atoms.toks[index].start : field_end].lower(), text[start:end].strip()
        index = next((at for at, tok in enumerate(atoms.toks) if tok.start >= max(end, start + 1)), len(atoms.toks))


def _field_change_at(atoms: Atoms, index: int) -> tuple[int, int, int] | None:
    """Where the field at atom ``index`` ends, and where its value starts and ends."""
    for named in atoms.phrase_ends(cues("record_field_changes", "atoms"), index, "spaces"):
        for owner in [*_record_owner_ends(atoms, named), named]:
            particle = _spaced_after(atoms, cues("record_field_particles", "atoms"), owner)
            for before_link in ([] if particle is None else [particle]) + [owner]:
                link = _spaced_after(atoms, cues("record_field_links", "atoms"), before_link)
                value = None if link is None else _after_spaces(atoms.text, atoms.toks[link - 1].end)
                end = None if value is None else _field_value_end(atoms, value)
                if end is not None and value is not None:
                    return atoms.toks[named - 1].end, value, end
    return None


def _spaced_after(atoms: Atoms, listed: Cues, end: int) -> int | None:
    """The atom after a phrase of ``listed`` that follows atom ``end - 1`` after spaces."""
    at = atoms.after_spaces(end)
    return None if at is None or not atoms.is_word(at) else atoms.phrase_end(listed, at, "spaces")


def _record_owner_ends(atoms: Atoms, end: int) -> list[int]:
    """Where "of the Initech deal" (record_field_owner_links.txt, an article, up to three words, a noun of
    record_field_owner_nouns.txt) after atom ``end - 1`` ends, in the order tried."""
    link = _spaced_after(atoms, cues("record_field_owner_links", "atoms"), end)
    if link is None:
        return []
    article = _spaced_after(atoms, cues("record_field_owner_articles", "atoms"), link)
    out = []
    for first in ([] if article is None else [article]) + [link]:
        at = first
        for _ in range(4):
            noun = _spaced_after(atoms, cues("record_field_owner_nouns", "atoms"), at)
            if noun is not None:
                out.append(noun)
            at_next = _record_word_end(atoms, at)
            if at_next is None:
                break
            at = at_next
    return out


def _record_word_end(atoms: Atoms, end: int) -> int | None:
    """The atom after the word of a record's name after atom ``end - 1`` and spaces (letters, digits, ``&'.-``)."""
    at = atoms.after_spaces(end)
    if at is None:
        return None
    stop = at
    while stop < len(atoms.toks) and (stop == at or atoms.toks[stop].start == atoms.toks[stop - 1].end):
        if not (atoms.is_word(stop) or atoms.toks[stop].word in ("&", "'", ".", "-")):
            return None
        stop += 1
    return stop if atoms.after_spaces(stop) is not None else None


def _field_value_end(atoms: Atoms, start: int) -> int | None:
    """Where a value from character ``start`` ends (one character at least, on one line)."""
    text = atoms.text
    if start >= len(text) or text[start] == "\n":
        return None
    for char in range(start + 1, len(text) + 1):
        if char == len(text) or text[char] in ",;" or (char == len(text) - 1 and text[char] == "\n"):
            return char
        if text[char].isspace():
            after = atoms.atom_at(_after_spaces(text, char) or char)
            ends = (
                None
                if after is None
                else atoms.phrase_end(cues("record_field_value_ends", "atoms"), after, "one space")
            )
            if ends is not None and atoms.after_spaces(ends) is not None:
                return char
        if text[char] == "\n":
            return None
    return None


def _event_query(text: str) -> str | None:
    """The words an event is searched by: the first kind of event (data/cues/event_query_kinds.txt) with what may
    come before it, each followed by spaces: a length ("30-minute", event_query_lengths.txt), a word of
    event_query_adjectives.txt, one more word; an article before them (event_query_articles.txt) left out. The
    earliest start wins, and at a start the most words."""
    atoms = Atoms.of(text)
    for index in range(len(atoms.toks)):
        if not atoms.is_word(index):
            continue
        article = atoms.phrase_end(cues("event_query_articles", "atoms"), index, "one space")
        after = None if article is None else _next_after_spaces(atoms, article)
        for start in [*([] if after is None else [after]), index]:
            end = _event_query_end(atoms, start)
            if end is not None:
                return text[atoms.toks[start].start : atoms.toks[end - 1].end]
    return None


def _next_after_spaces(atoms: Atoms, index: int) -> int | None:
    """Atom ``index`` when spaces come right before it."""
    return atoms.after_spaces(index)


def _event_query_end(atoms: Atoms, start: int) -> int | None:
    """The atom after the kind of event of the words from atom ``start`` (a length, an adjective and a word may come
    first, each tried present before absent)."""
    for length in (_length_end(atoms, start), start):
        for adjective in (_spaced_phrase_end(atoms, cues("event_query_adjectives", "atoms"), length), length):
            for word in (_word_run_end(atoms, adjective), adjective):
                if word is None or length is None or adjective is None:
                    continue
                kind = atoms.phrase_end(cues("event_query_kinds", "atoms"), word, "one space")
                if kind is not None:
                    return kind
    return None


def _spaced_phrase_end(atoms: Atoms, listed: Cues, index: int | None) -> int | None:
    """The atom after a phrase of ``listed`` at atom ``index`` and the spaces after it."""
    end = None if index is None or index >= len(atoms.toks) else atoms.phrase_end(listed, index, "one space")
    return None if end is None else atoms.after_spaces(end)


def _length_end(atoms: Atoms, index: int) -> int | None:
    """The atom after a length ("30-minute ", "1 hour ") at atom ``index``: digits, a hyphen or one space, a unit of
    data/cues/event_query_lengths.txt, spaces."""
    toks, text = atoms.toks, atoms.text
    if index + 1 >= len(toks) or not toks[index].word.isdigit() or not toks[index].word.isascii():
        return None
    joint = text[toks[index].end : toks[index].end + 1]
    unit = index + 2 if joint == "-" and toks[index + 1].word == "-" else index + 1
    if joint not in ("-", " ") or unit >= len(toks) or toks[unit].start != toks[index].end + 1:
        return None
    return _spaced_phrase_end(atoms, cues("event_query_lengths", "atoms"), unit)


def _word_run_end(atoms: Atoms, index: int | None) -> int | None:
    """The atom after a run of word characters and hyphens at atom ``index`` and the spaces after it."""
    if index is None or index >= len(atoms.toks) or not atoms.is_word(index):
        return None
    end = index + 1
    while end < len(atoms.toks) and atoms.toks[end].start == atoms.toks[end - 1].end:
        if not (atoms.is_word(end) or atoms.toks[end].word == "-"):
            return None
        end += 1
    return atoms.after_spaces(end)


def _without_length(words: str) -> str:
    """ "30-minute team sync" → "team sync": a leading number, a hyphen or a space, a word and spaces left out."""
    atoms = Atoms.of(words)
    if len(atoms.toks) < 2 or atoms.toks[0].start != 0 or not atoms.toks[0].word.isdigit():
        return words
    joint = words[atoms.toks[0].end : atoms.toks[0].end + 1]
    word = 2 if joint == "-" and atoms.toks[1].word == "-" else 1
    if joint not in ("-", " ") or word >= len(atoms.toks) or atoms.toks[word].start != atoms.toks[0].end + 1:
        return words
    if not atoms.is_word(word):
        return words
    rest = atoms.after_spaces(word + 1)
    return words if rest is None else words[atoms.toks[rest].start :]


def _without_first_skip(noun: str) -> str:
    """``noun`` without a first word of data/cues/event_query_skips.txt or a number ("3rd") and the spaces after."""
    atoms = Atoms.of(noun)
    if not atoms.toks or atoms.toks[0].start != 0:
        return noun
    skip = atoms.phrase_end(cues("event_query_skips", "atoms"), 0, "one space")
    if skip is None and atoms.toks[0].word[:1].isdigit() and atoms.toks[0].word[:1].isascii():
        skip = 1
    rest = None if skip is None else atoms.after_spaces(skip)
    return noun if rest is None else noun[atoms.toks[rest].start :]


def _inside(token: Token, spans: list[tuple[int, int]]) -> bool:
    return any(start <= token.start and token.end <= end for start, end in spans)


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the time expressions removed, so titles and queries carry no dates."""
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " " * (end - start) + text[end:]
    return phrases.squash(text)


_NOT_A_QUALIFIER = VERBS | TIME_WORDS | frozenset("what which any all some every these those many".split())


def _attendees_asked(text: str) -> bool:
    """Whether ``text`` asks who comes (a phrase of data/cues/attendees_asked.txt: "who's coming", "guest list")."""
    return _asked(text, cues("attendees_asked", "atoms"))


def _asked(text: str, asked: Cues) -> bool:
    """Whether ``text`` holds a phrase of ``asked`` (a cue list read where a word boundary puts words)."""
    atoms = Atoms.of(text)
    return any(atoms.phrase_end(asked, at, "spaces") for at in range(len(atoms.toks)) if atoms.is_word(at))


def _contact_fields_asked(text: str) -> list[str]:
    """The fields of data/cues/contact_fields_asked.txt said ("phone number" → "phone"), in the order said, each
    once, that are no verb of the words after them (contact_fields_asked_not_before.txt, one space after: "email
    the deck")."""
    atoms = Atoms.of(text)
    fields, verbs = cues("contact_fields_asked", "atoms"), cues("contact_fields_asked_not_before", "atoms")
    found: list[str] = []
    at = 0
    while at < len(atoms.toks):
        ends = list(atoms.phrase_ends(fields, at, "spaces")) if atoms.is_word(at) else []
        for end in ends:
            after = atoms.toks[end].start if end < len(atoms.toks) else None
            spaced = after == atoms.toks[end - 1].end + 1 and atoms.text[atoms.toks[end - 1].end] == " "
            if not (spaced and atoms.phrase_end(verbs, end, "one space") is not None):
                field = fields.value(tuple(t.word for t in atoms.toks[at:end]))
                found += [field] if field and field not in found else []
                at = end - 1
                break
        at += 1
    return found


def _industry_said(text: str) -> str | None:
    """ "deals in the fintech space" → "fintech": the words (letters, digits, spaces, hyphens) between a lead of
    data/cues/industry_said_leads.txt and the first word of industry_said_kinds.txt, one space either side."""
    atoms = Atoms.of(text)
    kinds = cues("industry_said_kinds", "atoms")
    for at in range(len(atoms.toks)):
        lead = atoms.phrase_end(cues("industry_said_leads", "atoms"), at, "one space") if atoms.is_word(at) else None
        if lead is None or atoms.text[atoms.toks[lead - 1].end : atoms.toks[lead - 1].end + 1] != " ":
            continue
        start = atoms.toks[lead - 1].end + 1
        for char in range(start + 1, len(text)):
            if not (text[char - 1].isalnum() or text[char - 1] in "_ -"):
                break
            kind = atoms.atom_at(char + 1) if text[char] == " " else None
            if kind is not None and atoms.phrase_end(kinds, kind, "one space") is not None:
                return text[start:char]
    return None


def _bounds_an_amount(text: str, leads: Cues) -> bool:
    """Whether one of ``leads`` ("over", "at most") comes just before an amount ("$50k", "2000")."""
    words = Words.of(text)
    for found in leads.find_all(words):
        after = text[words.char_end(found.end - 1) :].lstrip().removeprefix("$")
        if after[:1].isdigit():
            return True
    return False


def _crm_scope(text: str) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    if cues("closing_words").in_text(text):
        scope["by_close_date"] = True
    if values.wants_open(text):
        scope["open"] = True
    if _bounds_an_amount(text, cues("amount_more_than")):
        scope["amount_bound"] = "gt"
    elif _bounds_an_amount(text, cues("amount_less_than")):
        scope["amount_bound"] = "lt"
    return scope


def _crm_slots(text: str, reading: Reading) -> dict[str, Any]:
    out: dict[str, Any] = {
        "amount": values.amount(text),
        "stage": values.stage(text) if reading.entity == "deal" else None,
        "status": values.status(text) if reading.entity == "lead" else None,
        "phone": values.phone(text),
    }
    industry = _industry_said(text)
    if industry:
        out["industry"] = industry
    changes = []
    changes = list(_field_changes(text))
    if changes:
        out["field_changes"] = tuple(changes)
    return out
