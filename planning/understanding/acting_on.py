"""The scope of a clause that acts on existing things (contract §2.6, §2.7): what ``read_slots`` adds for events,
emails, notes and tasks from the readers of ``existing``. ``slot_values`` is the clause's slots being built; the
functions here may adjust it (an attachment's sender is not a recipient) and return the scope to add.
"""

from datetime import datetime, timedelta
from typing import Any

from planning.types import TimeRange
from planning.understanding import existing, mail_roles, names, phrases
from planning.understanding.conditions import names_a_day
from planning.understanding.cues import Words, cues
from planning.understanding.interpret import Reading
from planning.understanding.listed_people import first_names_said
from planning.understanding.records_text import note_body, task_subject
from planning.understanding.said_body import words_said
from planning.understanding.task_owner import task_owner
from planning.understanding.timeexpr import find_times

_FILE_WORDS = 40  # characters of a file's name in "with the … attached"


def _asks_for_file(words: Words) -> int | None:
    """Where a request to attach a file not at hand begins ("attach the deck", "with the deck attached"), if any
    (contract §2.7)."""
    starts = [
        verb.start
        for verb in cues("attach_verbs").find_all(words)
        if verb.end < len(words) and words.words[verb.end] in cues("attach_objects")
    ]
    for lead in cues("with_attached").find_all(words):
        for end in range(lead.end + 1, len(words)):
            if words.char_start(end) - words.char_start(lead.end) > _FILE_WORDS + 1 or not words.is_word(end - 1):
                break
            if words.words[end] == "attached":
                starts.append(lead.start)
                break
    return min(starts, default=None)


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
    named = (*slot_values["people"], *first_names_said(text))  # "the deck priya sent": a sender too
    attached = existing.attachment_source(text, named, reply=cues("reply_words").in_text(text))
    if attached is not None:
        scope["attachment_from"] = {"sender": attached.sender, "query": attached.query, "when": slot_values["when"]}
        if _opens_within(text, slot_values.get("body"), attached.span):  # "the deck priya sent, he needs it": the
            slot_values["body"] = None  # file named and a reason, no words to send
        slot_values["when"] = None
        slot_values["people"] = tuple(p for p in slot_values["people"] if p != attached.sender)
        if attached.query:
            slot_values["topic"] = attached.query
            slot_values["subject"] = phrases.capitalise(attached.query)
    elif _asks_for_file(Words.of(text)) is not None:
        scope["attachment_wanted"] = True
    return scope


def without_file_request(body: str | None) -> str | None:
    """ "saying here it is, attach the deck": the request to attach a file is no part of the mail's text."""
    words = Words.of(body) if body else None
    asked = _asks_for_file(words) if words is not None else None
    if body is None or words is None or asked is None:
        return body
    end = asked
    while end > 0 and words.words[end - 1] in cues("body_trailing_joins"):
        end -= 1
    return words.text_of(0, end) or None


def _opens_within(text: str, body: object, span: tuple[int, int] | None) -> bool:
    """Whether the first word of ``body`` is said inside ``span`` of ``text`` (its first time from there on)."""
    first = body.split()[0].casefold() if isinstance(body, str) and body.split() else None
    if first is None or span is None:
        return False
    at = text.casefold().find(first, span[0])
    return span[0] <= at < span[1]


def _forwarding(text: str, slot_values: dict[str, Any]) -> dict[str, Any]:
    """ "forward the contract email from Maria to Tom": the message by its sender and words, to the people after
    "to"; the sender is not a recipient."""
    words = Words.of(text)
    said = mail_roles.sender(text)  # "from stripe to nadia": stripe, a person or not; "hamid's email": hamid
    sender: str | None = said.name if said is not None else None
    sender_at = next((i for i, word in enumerate(words.words[:-1]) if word == "from"), None)
    sent = phrases.body_span(text)  # "…, ask her to set up a debrief": a "to" of the words to send names no one
    segment = _forwarded_to(words, sender_at + 2 if sender_at is not None else 0, sent[0] if sent else len(text))
    addresses = names.email_addresses(segment)
    recipients = [p.text for p in names.people(names.EMAIL_ADDRESS.sub(" ", segment))]
    if not recipients and not addresses:  # "to oskar": whom it goes to, though no name the tagger knows
        recipients = list(mail_roles.recipients_after_to(segment))
    given = _given_to(text, words)  # "fwd maria the feb sales report from john": maria, then what she gets
    if not recipients and not addresses and given is not None:
        recipients = [given[0]]
    slot_values["people"] = tuple(recipients)
    slot_values["emails"] = tuple(addresses)
    query = _forwarded_query(words, given[1] if given is not None else None)
    if cues("not_a_mail_query").value(Words.of(query).words) is not None:
        query = ""
    owner = _possessive_owner(query)
    if said is None and owner is not None and names.people(query):  # "Laura's contract redlines"
        sender, query = owner
    elif said is not None and said.owner:  # "hamid's email about the audit": what it is about, if said
        query = mail_roles.owned_topic(text, said) or ""
    query = _before_said(text, query, sent[0] if sent else None)
    slot_values["companies"] = tuple(c for c in slot_values.get("companies", ()) if c != sender)
    slot_values["topic"] = query or None
    if phrases.body_span(text) is not None:  # "with a note saying please pay this week": no time of the mail
        slot_values["when"] = None
    return {"forward": True, "forward_from": sender}


def _forwarded_to(words: Words, start: int, said_at: int) -> str:
    """The words after the first "to" from token ``start`` up to a note or a mark ("to Tom with a note …"); a "to"
    at or after character ``said_at``, where the words to send begin, is theirs."""
    tos = (i for i in range(start, len(words) - 1) if words.words[i] == "to" and words.char_start(i) < said_at)
    at = next(tos, None)
    if at is None:
        return ""
    end = next((i for i in range(at + 2, len(words)) if cues("forward_to_ends").at(words, i)), len(words))
    return words.text[words.char_start(at) : words.char_end(end - 1)]


def _before_said(text: str, query: str, said_at: int | None) -> str:
    """What a forward is about, up to where the words to send begin ("tom's launch email and ask if acme …":
    "launch"), without the joins and the mail's noun left at its end."""
    at = text.casefold().find(query.casefold()) if query else -1
    if said_at is None or at < 0 or not at < said_at < at + len(query):
        return query
    words = Words.of(text[at:said_at])
    end = len(words)
    while end > 0 and words.words[end - 1] in cues("body_trailing_joins"):
        end -= 1
    noun = cues("mail_query_ends").ending(words.words[:end])
    return words.text_of(0, end - (noun.end - noun.start) if noun else end).strip()


def _forward_verb_end(words: Words) -> int | None:
    """The token after "forward"/"fwd" (data/cues/forward_leads.txt) at the start, past "please"."""
    verb = cues("forward_leads").at(words, 1 if words.words[:1] == ("please",) else 0)
    return verb.end if verb is not None else None


def _given_to(text: str, words: Words) -> tuple[str, int] | None:
    """The person a forward names right after its verb, before what they are given ("fwd maria the sales report",
    "forward sarah john's msa email": a determiner or someone's "'s" follows the name), and the token after them."""
    at = _forward_verb_end(words)
    if at is None or at >= len(words):
        return None
    person = next((p for p in names.people(text) if p.start == words.char_start(at)), None)
    after = next((i for i in range(at, len(words)) if words.char_start(i) >= person.end), None) if person else None
    if person is None or after is None or "'" in person.text:
        return None
    given = words.words[after]
    if given in cues("given_object_determiners") or (given.endswith("'s") and len(given) > 2):
        return person.text, after
    return None


def _forwarded_query(words: Words, start: int | None = None) -> str:
    """What a forward is about: the words after "forward (me|her) (the) (latest)" (or from token ``start``, past the
    person given it) up to "from", "to", a mark or the end, without a last word naming the mail ("forward the
    contract email from Maria" → "contract")."""
    index = start if start is not None else _forward_verb_end(words)
    if index is None:
        return ""
    for table in (cues("me_words"), cues("recipient_pronouns"), cues("mail_determiners"), cues("mail_latest")):
        found = table.at(words, index) if index < len(words) else None  # "fwd her peter's email": her, the recipient
        index = found.end if found is not None else index
    ends = (i for i in range(index, len(words)) if words.words[i] in ("from", "to") or not words.is_word(i))
    end = next(ends, len(words))  # "…, ask her to …": the words to send begin after the mark
    if any(not words.is_word(i) for i in range(index, end)):
        return ""
    noun = cues("mail_query_ends").ending(words.words[index:end])
    return words.text_of(index, end - noun.end + noun.start if noun else end).strip()


def _possessive_owner(query: str) -> tuple[str, str] | None:
    """ "Laura's contract redlines" → ("Laura", "contract redlines"): a name (one or two words, capitalised or a
    person's name in any case: "john's feb report") with "'s", and what is theirs."""
    words = Words.of(query)
    for length in (2, 1):
        if len(words) <= length:
            continue
        parts = [query[t.start : t.end] for t in words.toks[:length]]
        named = all(p[:1].isupper() for p in parts) or _person_at_start(query, words.char_end(length - 1) - 2)
        if named and words.words[length - 1].endswith("'s"):
            owner = words.text_of(0, length)[:-2]
            return owner, words.text_of(length)
    return None


def _person_at_start(query: str, end: int) -> bool:
    """Whether the words of ``query`` up to ``end`` are a person's name as typed, in any case ("john's report")."""
    return any(person.start == 0 and person.end == end for person in names.people(query))


def mail_source_of_values(text: str, reading: Reading) -> existing.MailSource | None:
    """Where an event's details are to be read from ("the partner summit from the emails"), for a new event."""
    if reading.intent != "create" or reading.entity != "event":
        return None
    return existing.value_source(text, None)


def event_scope(
    text: str,
    reading: Reading,
    slot_values: dict[str, Any],
    source: existing.MailSource | None,
    now: datetime | None = None,
) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    when: TimeRange | None = slot_values["when"]
    has_range = when is not None and when.end is not None
    series = reading.intent in ("update", "delete") and existing.for_the_series(text)
    if series:  # "cancel the team sync series", "… going forward": each occurrence from now on, never the next alone
        scope["each"] = scope["series"] = True
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
        if scope.get("each") and isinstance(slot_values.get("topic"), str):  # "all future team syncs": "team sync"
            slot_values["topic"] = existing.one_event_noun(slot_values["topic"])
    if reading.intent == "update":
        scope.update(_event_changes(text, slot_values, now))
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


def _named_before(text: str, source: existing.MailSource) -> str | None:
    """ "put the partner summit from the emails on my calendar": the thing named before where it comes from."""
    if source.span is None:
        return None
    words = Words.of(text[: source.span[0]].strip())
    index = 1 if words.words[:1] == ("please",) else 0
    verb = cues("event_put_verbs").at(words, index)
    if verb is not None:
        index = verb.end
        for _ in range(2):  # "an event for", then "the"
            filler = cues("event_put_fillers").at(words, index) if index < len(words) else None
            index = filler.end if filler is not None else index
    else:
        index = 0
    named = words.text_of(index).split()
    return " ".join(named) if 0 < len(named) <= 5 else None


def _target_names_day(text: str, now: datetime | None) -> bool:
    """Whether the time an event is moved to says its day: the time expression after the last "to" ("to friday at
    4", "to 3/12 10am"), never the words said after it ("to 11, just this one", "to 11 but only this week's")."""
    target = text.rsplit(" to ", 1)[-1].lstrip()
    if now is None:
        return names_a_day(target)
    found = find_times(target.lower(), now)
    first_word = len(target.split(" ", 1)[0])
    if not found or found[0].spans[0][0] > first_word:  # "to 11 but only this week's": the time said is bare
        return False
    return names_a_day(" ".join(target[start:end] for start, end in found[0].spans))


def _days_long(when: TimeRange) -> bool:
    """Whether a time said of the event is a stretch of days with no clock time ("this week's"): it names no day."""
    return not when.has_clock_time and when.end is not None and when.end - when.start > timedelta(days=1)


def _event_changes(text: str, slot_values: dict[str, Any], now: datetime | None) -> dict[str, Any]:
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
        comment = words_said(text)  # "decline it, comment: out sick": the words sent with the answer
        if comment is not None:
            scope["response_comment"] = comment
    when, new_when = slot_values["when"], slot_values["new_when"]
    if when is not None and when.has_clock_time and new_when is None and (hour := _bare_target_hour(text)):
        # "move my 2pm tomorrow to 4": a bare hour after "to", read in working hours on the same day
        slot_values["new_when"] = new_when = TimeRange(
            start=when.start.replace(hour=hour, minute=0), has_clock_time=True
        )
    elif new_when is None and now is not None and (hour := _bare_target_hour(text)):
        # "move my 1:1 with Priya to 3", "push Thursday's review to 4": that hour, on the event's day (the day named,
        # else the day of the event found, below)
        day = when.start if when is not None else now
        slot_values["new_when"] = new_when = TimeRange(start=day.replace(hour=hour, minute=0), has_clock_time=True)
    if (
        when is not None
        and new_when is not None
        and new_when.has_clock_time
        and new_when.start.date() != when.start.date()
        and not _target_names_day(text, now)
    ):  # "move my 2pm tomorrow to 4pm": the new time is on the event's day
        moved = datetime.combine(when.start.date(), new_when.start.timetz())
        slot_values["new_when"] = new_when = TimeRange(start=moved, has_clock_time=True)
    if (
        (when is None or _days_long(when))
        and new_when is not None
        and new_when.has_clock_time
        and not (change or response)
        and not _target_names_day(text, now)
    ):  # "move the team sync to 5pm" (", only this week's"): 5pm on the event's own day, which only its read knows
        scope["time_of_day"] = True
    if (change or response) and when is None and new_when is not None:  # "decline all invitations for Monday"
        slot_values["when"], slot_values["new_when"] = when, new_when = new_when, None
    if when is not None and when.has_clock_time and when.end is not None and new_when is None and _from_to(text):
        # "move my 3pm to 4pm": a move from one time to the other, not an event lasting from 3 to 4
        end = when.end
        slot_values["when"] = when = TimeRange(start=when.start, has_clock_time=True)
        slot_values["new_when"] = new_when = TimeRange(start=end, has_clock_time=True)
    weeks = _same_time_weeks(text, when, new_when, now) if not (change or response) else None
    if weeks is not None and slot_values.get("shift_minutes") is None:  # "to the same time next week": a week on
        slot_values["shift_minutes"] = weeks * 7 * 24 * 60
        slot_values["new_when"] = new_when = None
        if when is not None and (when.end is None or (when.end - when.start).days <= 1):
            pass  # the event's own day ("thursday's review"): it is found there
        else:
            slot_values["when"] = when = None
    if (
        slot_values.get("shift_minutes") is None
        and when is not None
        and new_when is not None
        and not when.has_clock_time
        and not new_when.has_clock_time
        and (when.end is None or when.end - when.start <= timedelta(days=1))
    ):  # "move my Tuesday meetings to Wednesday": each keeps its time of day, a day later (from several days, each
        # keeps it on the day named: no one shift moves them all there)
        days = (new_when.start.date() - when.start.date()).days
        if -7 < days < 0 and not _says_the_day(text):  # "Monday's meetings to Thursday": that week's
            days += 7
        if days:
            slot_values["shift_minutes"] = days * 24 * 60
            slot_values["new_when"] = None
    return scope


_WORKING_HOURS = (7, 12)  # a bare hour in the morning; 1-6 read as p.m.


def _bare_target_hour(text: str) -> int | None:
    """The hour of "... to 4" at the end of a move, in working hours (7-11 a.m., 12 noon, 1-6 p.m.)."""
    said = Words.of(text).words
    said = said[:-1] if said[-1:] == ("?",) else said
    if len(said) < 2 or said[-2] != "to" or not said[-1].isdigit() or len(said[-1]) > 2:
        return None
    hour = int(said[-1])
    if 1 <= hour <= 6:
        return hour + 12
    return hour if _WORKING_HOURS[0] <= hour <= _WORKING_HOURS[1] else None


def _from_to(text: str) -> bool:
    """ "move my 3pm to 4pm": a move verb, then a time, "to" and a number."""
    words = Words.of(text)
    verb = cues("move_verbs").find(words)
    if verb is None:
        return False
    said = words.words
    for index in range(verb.end, len(said) - 2):
        after = index + 1 if said[index + 1] in cues("clock_halves") else index
        target = said[after + 2] if after + 2 < len(said) else ""
        if _is_clock(said[index]) and said[after + 1] == "to" and target[:1].isdigit():
            return True
    return False


def _is_clock(word: str) -> bool:
    """ "3", "3pm", "10:30", "10:30am": an hour, its minutes and a half of the day."""
    digits = word.rstrip("apm")
    if word[len(digits) :] and word[len(digits) :] not in cues("clock_halves"):
        return False
    hour, _, minutes = digits.partition(":")
    return hour.isdigit() and len(hour) <= 2 and (not minutes or (minutes.isdigit() and len(minutes) == 2))


def _same_time_weeks(text: str, when: TimeRange | None, new_when: TimeRange | None, now: datetime | None) -> int | None:
    """ "move our 1:1 to the same time next week" (from this week), "push thursday's review to the same time next
    week" (from the week of the day said): the whole weeks to the week said, with no clock time anywhere, when the
    request says the time stays; None otherwise."""
    if now is None or cues("same_time").find(Words.of(text)) is None:
        return None
    said = [t for t in (when, new_when) if t is not None]
    if not said or any(t.has_clock_time for t in said):
        return None
    week = said[-1]
    if week.end is None or (week.end - week.start).days != 7:
        return None
    start = said[0].start if len(said) == 2 else now
    if len(said) == 2 and said[0].end is not None and (said[0].end - said[0].start).days > 1:
        return None  # a range from, as well: not one event's day
    this_week = start.date().toordinal() - start.weekday()
    weeks = (week.start.date().toordinal() - this_week) // 7
    return weeks if weeks > 0 else None


def _says_the_day(text: str) -> bool:
    words = Words.of(text).words
    return any(w.removesuffix("'s") in cues("explicit_day_words") or w[:1].isdigit() for w in words)


def record_scope(text: str) -> dict[str, Any]:
    """The kind of record a note or task is about ("on the Globex deal" → Deal); accounts by default."""
    found = cues("record_types").find(Words.of(text))
    return {"about_type": found.value} if found else {}


def _task_named(text: str) -> str | None:
    """The words naming an existing task ("the follow up with Acme task" → "follow up with Acme", "john's 250-seat
    quote task" → "250-seat quote"); a field asked of it is no part of its name ("the deadline on the globex quote
    task" → "globex quote")."""
    words = Words.of(text)
    people = {person.start for person in names.people(text)}
    for start in range(len(words) - 2):
        said = words.words[start]
        owned = said.endswith("'s") and words.char_start(start) in people  # "john's 250-seat quote task": whose
        if (said not in cues("event_determiners") and not owned) or said == "our":
            continue
        if cues("task_fields_asked").at(words, start + 1) is not None:
            continue
        for end in range(start + 2, len(words)):
            if cues("task_nouns").at(words, end) is not None:
                return words.text_of(start + 1, end)
    return None


def record_text_slots(text: str, reading: Reading) -> dict[str, Any]:
    """A note's body, a task's subject (new) or the words naming it (existing), and a task status."""
    out: dict[str, Any] = {}
    if reading.entity == "note" and reading.intent == "create":
        out["body"] = note_body(text)
    if reading.entity == "task":
        owner = task_owner(text) if reading.intent == "create" else None
        if owner is not None:  # "a task for sarah to send the deck": its subject is what she is to do
            out["subject"] = task_subject(f"{text[: owner.start].rstrip()} to {text[owner.todo :]}")
        elif reading.intent == "create":
            out["subject"] = task_subject(text)
        else:
            named = _task_named(text)
            if named and named.casefold() not in cues("task_not_a_name"):
                out["topic"] = named
        if cues("task_done").in_text(text):
            out["status"] = "done"
        elif cues("task_open").in_text(text) and reading.intent == "find":
            out["status"] = "open"
    return out
