"""Follow-ups after a plan ended: undo it, change what it made (its start, its length, who is invited), forward the
email it sent, thanks."""

from typing import cast

from planning.understanding import names
from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._days import names_a_day
from planning.understanding.commands._field_kinds import fits_field
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.event_change import EventChange, EventField
from planning.understanding.commands.event_edits import event_edit
from planning.understanding.commands.mail_follow_up import MailFollowUp
from planning.understanding.commands.record_change import RECORD_FIELDS, RecordChange, RecordField
from planning.understanding.commands.thanks import Thanks
from planning.understanding.commands.undo import Undo
from planning.understanding.commands.values import bare_clock, value_type
from planning.understanding.quoted_words import quoted_spans
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration


def undo(reply: Reply) -> Undo | None:
    """ "undo that", "please revert it", "go back to how it was", "put it back the way it was"; also after a few
    words of hesitation and before a reason ("wait no, undo that, it was the old quote"), or as the last clause after
    the reason ("friday is bad for them after all, move it back")."""
    found = _undo(reply)
    marks = [i for i, word in enumerate(reply.words) if word in _CLAUSE_MARKS]
    if found is None and marks and marks[-1] + 1 < len(reply.words):
        found = _undo(Reply(reply.text, reply.toks[marks[-1] + 1 :]))
    return found


def _undo(reply: Reply) -> Undo | None:
    words = reply.words
    start = _past_hesitation(reply)
    rest = words[start : _clause_end(words, start)]
    polite = phrases("polite").ending(rest)
    rest = rest[: len(rest) - polite[0]] if polite is not None and polite[0] < len(rest) else rest
    if phrases("undo").value(rest) is not None:
        return Undo()
    head = phrases("undo").at(rest)
    if head is not None and phrases("objects").value(rest[head[0] :]) is not None:
        return Undo()
    return _undo_part(rest[head[0] :]) if head is not None else None


def _undo_part(words: tuple[str, ...]) -> Undo | None:
    """ "the email part", "her status change", "the close date": the field of the record whose change is put back."""
    owner = phrases("record_owners").at(words)
    start = owner[0] if owner is not None else 0
    field = phrases("record_fields").at(words, start)
    if field is None or field[1] not in RECORD_FIELDS:
        return None
    rest = words[start + field[0] :]
    if rest and phrases("undo_part_fillers").value(rest) is None:
        return None
    return Undo(fields=(field[1],))


_CLAUSE_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—"})


def _past_hesitation(reply: Reply) -> int:
    """Where the words start after those of hesitation ("oops. hold on, no - …") and the marks between them."""
    words = reply.words
    start, moved = 0, True
    while moved:
        after = reply.after("leads", "polite", start=start)
        while after < len(words) and words[after] in _CLAUSE_MARKS:
            after += 1
        start, moved = after, after > start
    return start


def _clause_end(words: tuple[str, ...], start: int) -> int:
    """Where the clause starting at ``start`` ends: at the next mark between clauses, else at the end."""
    return next((i for i in range(start, len(words)) if words[i] in _CLAUSE_MARKS), len(words))


def thanks(reply: Reply) -> Thanks | None:
    words = tuple(w for w in reply.words if w not in (",", "!"))
    return Thanks() if words and phrases("thanks").value(words) is not None else None


def length(reply: Reply) -> EventChange | None:
    """ "make it an hour", "make it 45 minutes long", "extend it to 90 minutes": the length of what was booked."""
    words = reply.words
    verb = phrases("length_verbs").at(words, _lead(words))
    if verb is None:
        return None
    start = _lead(words) + verb[0]
    value = reply.rest(start, reply.end_before(start, "instead"))
    if find_duration(value.lower()) is None:
        return None
    return EventChange("durationMinutes", value)


def delete_event(reply: Reply) -> EventChange | None:
    """ "cancel it", "actually, delete that - she can't make it", "call it off please": the event taken off the
    calendar (data/delete_event.txt), after words of hesitation, before a reason."""
    words = reply.words
    start = _past_hesitation(reply)
    found = phrases("delete_event").at(words, start)
    if found is None:
        return None
    end = start + found[0]
    polite = phrases("polite").at(words, end)
    end += polite[0] if polite is not None else 0
    if end < len(words) and phrases("reason_marks").at(words, end) is None:
        return None  # "cancel it and book friday instead": more than the cancellation
    return EventChange("delete", "")


def event_changes(reply: Reply) -> EventChange | None:
    """Several changes of the event in one reply, joined ("also invite Sam, and push it to friday same time", "make
    it an hour and move it to 3"): the first, the others as ``also``; None unless every part reads as a change of
    its own, each of another field."""
    words = reply.words
    for cut in range(1, len(words) - 1):
        if words[cut] not in _JOINERS:
            continue
        head = Reply(reply.text[: reply.toks[cut - 1].end], reply.toks[:cut])
        rest = cut + 1
        while rest < len(words) and words[rest] in _JOINERS:
            rest += 1
        if rest >= len(words):
            return None
        tail = Reply(reply.text, reply.toks[rest:])
        first = event_change(head)
        if first is None:
            continue
        others = event_changes(tail) or event_change(tail)
        if others is None:
            continue
        said = [(first.field, first.value), (others.field, others.value), *others.also]
        fields = [field for field, _ in said]
        if len(set(fields)) == len(fields):
            return EventChange(first.field, first.value, also=tuple(said[1:]))
    return None


def change_instead(reply: Reply) -> EventChange | None:
    """A change of the event said where another action was shown for it ("wait, don't cancel it - move it to the
    11th instead, same time"): the changes read from the first clause they start at, after any words before it
    (hesitation, what not to do); None when no clause starts one."""
    words = reply.words
    starts = [0, *(i + 1 for i, word in enumerate(words) if word in _CLAUSE_MARKS and i + 1 < len(words))]
    for start in starts:
        rest = Reply(reply.text, reply.toks[start:])
        begin = _past_hesitation(rest)
        if begin >= len(rest.words):
            continue
        tail = Reply(reply.text, rest.toks[begin:])
        change = event_changes(tail) or event_change(tail)
        if change is not None and change.field in ("startTime", "durationMinutes", "location"):
            return change
    return None


def event_change(reply: Reply) -> EventChange | None:
    """One change of the event: its length, its start (to a time or by an amount), its place, who is invited."""
    for read in (event_edit, length, retime, attendees):
        change = read(reply)
        if change is not None:
            return change
    return None


def retime(reply: Reply) -> EventChange | None:
    """ "make it 4pm instead", "move it to Friday", "actually change it to 3": the start of what was booked."""
    words = reply.words
    start = _past_hesitation(reply)  # "actually push it to 11:30", "hmm, make it 4"
    verb = phrases("retime_verbs").at(words, start)
    if verb is None or start + verb[0] >= len(words):
        return None
    begin = start + verb[0]
    value = reply.rest(begin, reply.end_before(begin, "instead"))
    cut = _clause_end(words, begin)
    if cut < len(words) and not _a_time(value):  # "make it 10 actually, 15 won't cut it": the time, then why
        clause = Reply(reply.text, reply.toks[:cut])
        first = clause.rest(begin, clause.end_before(begin, "instead"))
        value = first if _a_time(first) else value
    return EventChange("startTime", value) if value else None


def _a_time(value: str) -> bool:
    """Whether ``value`` reads as a time or a day ("10", "4:30pm", "friday")."""
    return bool(value) and (bare_clock(value) is not None or bool(find_times(value.lower(), ANY_DAY)))


def attendees(reply: Reply) -> EventChange | None:
    """People added to or taken off the event the last plan made or changed, or both in one reply ("add Maria to it
    but take John off", "remove Tom from it and invite Sam"): the first change, the other as ``also``."""
    words = reply.words
    for cut in range(1, len(words) - 1):
        if words[cut] not in _JOINERS:
            continue
        left = Reply(reply.text[: reply.toks[cut - 1].end], reply.toks[:cut])
        right = Reply(reply.text, reply.toks[cut + 1 :]) if words[cut + 1] not in _JOINERS else None
        if right is None and cut + 2 < len(words):
            right = Reply(reply.text, reply.toks[cut + 2 :])
        if right is None:
            continue
        first, second = _change_people(left), _change_people(right)
        pointed = _change_people(left, pointed=False) or _change_people(right, pointed=False)  # "… from it"
        if first is not None and second is not None and first.field != second.field and pointed is not None:
            return EventChange(first.field, first.value, also=((second.field, second.value),))
    return invite(reply) or uninvite(reply) or pointed_off(reply)


def pointed_off(reply: Reply) -> EventChange | None:
    """ "actually remove her, wrong meeting", "drop him", "take them off it please": after words of hesitation, a
    verb of data/uninvite_verbs.txt and a word of uninvite_pronouns.txt (the people of the last change), maybe a
    tail ("off it") and polite words, up to the end or a reason ("…, wrong meeting"): they are taken off the event.
    The value is the pronoun as said; the engine says who it points at."""
    words = reply.words
    start = _past_hesitation(reply)
    verb = phrases("uninvite_verbs").at(words, start)
    if verb is None:
        return None
    at = start + verb[0]
    pronoun = phrases("uninvite_pronouns").at(words, at) if at < len(words) else None
    if pronoun is None:
        return None
    end = _clause_end(words, at)
    marks = phrases("reason_marks")
    end = next((i for i in range(at + 1, end) if marks.at(words, i) is not None), end)
    rest = words[at + pronoun[0] : end]
    polite = phrases("polite").ending(rest)
    rest = rest[: len(rest) - polite[0]] if polite is not None else rest
    if rest and phrases("uninvite_tails").value(rest) is None:
        return None  # "remove her number from the note": more than the people of the event
    return EventChange("removeAttendees", reply.rest(at, at + pronoun[0]))


_JOINERS = frozenset({"and", "but", ",", ";", "then"})


def _change_people(reply: Reply, *, pointed: bool = True) -> EventChange | None:
    """People added or taken off; ``pointed``: the words that say it is the event ("to it", "off it") may be in the
    other half of the reply ("invite Dana and drop Lee from it")."""
    return invite(reply, pointed=pointed) or uninvite(reply, pointed=pointed)


def uninvite(reply: Reply, *, pointed: bool = False) -> EventChange | None:
    """ "take Priya off it", "remove Tom from the meeting", "uninvite Sam": people taken off the event."""
    return _attendees(reply, "uninvite", "removeAttendees", pointed=pointed)


def invite(reply: Reply, *, pointed: bool = False) -> EventChange | None:
    """ "also invite Priya", "add Tom to it", "invite Sarah as well"; with a reason after it ("add Tom to it, he
    runs the budget", "also invite Sarah since she asked"): the people before the reason — where the words before
    it end as an invite does ("… to it", "… as well"), else where the reason starts with a word ("since"), never at
    a comma between names."""
    words, marks = reply.words, phrases("reason_marks")
    cuts = [i for i in range(2, len(words)) if marks.at(words, i) is not None]
    ended = [i for i in cuts if phrases("invite_tails").ending(words[:i]) is not None]
    worded = [i for i in cuts if words[i].isalpha()]
    for cut in [*ended[:1], *worded[:1]]:
        found = _invite(Reply(reply.text[: reply.toks[cut - 1].end], reply.toks[:cut]), pointed)
        if found is not None:
            return found
    return _invite(reply, pointed)


def _invite(reply: Reply, pointed: bool = False) -> EventChange | None:
    return _attendees(reply, "invite", "addAttendees", pointed=pointed)


def _attendees(reply: Reply, kind: str, field: EventField, *, pointed: bool) -> EventChange | None:
    """The people after a verb of ``{kind}_verbs`` up to a tail of ``{kind}_tails`` ("… to it", "… off it"). A verb
    marked ``= itself`` says the change alone ("uninvite Sam", "also invite Sam"); another ("add Tom", "take Sam")
    needs the tail, or a reply that points at the event (``pointed``)."""
    words = reply.words
    verb = phrases(f"{kind}_verbs").at(words)
    if verb is None or verb[0] >= len(words):
        return None
    body = words[verb[0] :]
    tail = phrases(f"{kind}_tails").ending(body)
    if tail is None and verb[1] != "itself" and not pointed:
        return None
    end = len(words) - (tail[0] if tail is not None and tail[0] < len(body) else 0)
    who = reply.rest(verb[0], end)
    return EventChange(field, who) if who else None


def forward(reply: Reply) -> MailFollowUp | None:
    """ "forward that to Maria as well", "and send it to Tom too"."""
    words = reply.words
    verb = phrases("forward_verbs").at(words)
    if verb is None or verb[0] >= len(words):
        return None
    body = words[verb[0] :]
    tail = phrases("invite_tails").ending(body)
    end = len(words) - (tail[0] if tail is not None and tail[0] < len(body) else 0)
    who = reply.rest(verb[0], end)
    return MailFollowUp("forward", who) if who else None


def copied_in(reply: Reply) -> MailFollowUp | None:
    """ "oh wait can you cc priya on that", "loop tom in on it too": after an email went out, the people copied in
    after a verb of data/copy_verbs.txt, up to the words that point at the email (copy_tails.txt): it is forwarded to
    them (a mail sent cannot gain a cc)."""
    words = reply.words
    for index in range(len(words)):
        verb = phrases("copy_verbs").at(words, index)
        if verb is None or index + verb[0] >= len(words):
            continue
        start = index + verb[0]
        end = len(words)
        while end > start and (tail := phrases("copy_tails").ending(words[start:end])) is not None and tail[0] > 0:
            end -= tail[0]
        who = reply.rest(start, end)
        return MailFollowUp("forward", who) if _named(who) else None
    return None


def _named(who: str) -> bool:
    """Whether ``who`` is names only ("priya", "tom and dana")."""
    return bool(who) and bool(names.listed(who)) and len(Reply.of(who).words) <= _MOST_COPIED


_MOST_COPIED = 5  # words: "tom, dana and priya"


def record_field(reply: Reply) -> RecordChange | None:
    """ "actually make it due fri", "push the close date to apr 15", "oh and her cell is 617 555 0199": a field of the
    record the last plan made or changed, and its new value as typed (the engine reads it by the field's type). A
    date alone ("make it friday") is for the record's date, whichever it has. None when the words name another record
    ("the close date of the initech deal") or no field; a field said without a verb or an owner ("close date is now
    may 8", "amount 52k") only before a value of its kind."""
    words = reply.words
    index = reply.after("leads", "record_leads", "polite")
    verb = phrases("record_verbs").at(words, index)
    if verb is not None:
        index += verb[0]
    owner = phrases("record_owners").at(words, index)
    if owner is not None:
        index += owner[0]
    field = phrases("record_fields").at(words, index)
    if field is None:
        link = phrases("field_links").at(words, index) if index < len(words) else None
        if verb is None or not (verb[1].endswith(" it") or link is not None) or index >= len(words):
            return None  # "push it to fri", "push to fri": the record's date; "push priya to fri": no change of it
        if link is not None and index + link[0] < len(words):
            index += link[0]
        first = reply.rest(index, next((i for i in range(index, len(words)) if words[i] in _CLAUSE_ENDS), None))
        clause = Reply.of(first)  # "make it wed, dana asked for more time": the day, the reason after it left out
        value = clause.rest(0, clause.end_before(0, "instead"))
        return RecordChange("date", value) if value and names_a_day(first) else None  # "mark it done, sent fri": no
    bare = verb is None and owner is None  # the field said first: a change only before a value of its kind
    if bare and phrases("request_starts").at(words, index) is not None:
        return None  # "email her at …": a request of its own
    index += field[0]
    if index >= len(words) or phrases("record_stops").at(words, index) is not None:
        return None
    link = phrases("field_links").at(words, index)
    if link is not None and index + link[0] < len(words):
        index += link[0]
    quoted = quoted_first(reply.text, reply.toks[index].start) if index < len(words) else None
    value = quoted or reply.rest(index, reply.end_before(index, "instead", "polite")).strip("\"“”'")  # "… pls"
    cut = next((i for i in range(index, len(words)) if words[i] in _CLAUSE_ENDS), None)
    if not quoted and cut is not None and value_type(field[1]) != "text":  # "the 16th, john wants …": a reason after
        value = reply.rest(index, cut)
    if not value or field[1] not in RECORD_FIELDS:
        return None
    if bare and not fits_field(field[1], value):
        return None  # "status update for the team"
    return RecordChange(cast(RecordField, field[1]), value)


_CLAUSE_ENDS = frozenset({",", ";", "."})


def quoted_first(text: str, start: int) -> str | None:
    """The words quoted right at ``start`` ("her title is 'Director of IT' exactly, can you fix that": "Director of
    IT"): the value is what the quotes bound; None when no quoted passage starts there."""
    spans = [span for span in quoted_spans(text) if span[0] - 1 == start]
    return text[spans[0][0] : spans[0][1]].strip() or None if spans else None


def _lead(words: tuple[str, ...]) -> int:
    found = phrases("leads").at(words)
    index = found[0] if found is not None and found[0] < len(words) else 0
    while index < len(words) and words[index] == ",":
        index += 1
    return index
