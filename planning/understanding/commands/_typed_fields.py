"""A change of a record's field told by the value's own form, when the words name no field the follow-up reader knows
where to find: an email address is the email, a phone number the phone, a money amount the amount, a lead status or
a deal stage said as the record's new state ("she gave me a new one, (415) 555-0142, update it", "his address is
actually x@y.com", "bump it to 31.5k", "mark them contacted"). The reply must say that something changes (a word of
``data/record_change_cues.txt`` or a field's name) and must not start as a request of its own ("email her at …")."""

from typing import cast

from planning.understanding import values
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.record_change import RecordChange, RecordField
from planning.understanding.cues import Words, cues
from planning.understanding.names import EMAIL_ADDRESS
from planning.understanding.normalize import clean


def typed_change(reply: Reply) -> RecordChange | None:
    """The field the value's form names, and the value; None when the reply says no change or holds no such value."""
    state = _state_verb(reply)
    if state is not None:  # "reopen it": the state the verb says
        return state
    if not (_says_a_change(reply) or _state(reply.text) is not None):  # "he's contacted": a state said is a change
        return None
    if starts_a_request(reply) or _another_record(reply):
        return None
    text = reply.text
    address = EMAIL_ADDRESS.search(text)
    if address is not None:
        return RecordChange("email", address.group(0))
    phone = values.phone(text)
    if phone is not None:
        opened = text.find(phone)  # "(646) 555-0177": the number as typed, with its area code's bracket
        return RecordChange("phone", f"({phone}" if opened > 0 and text[opened - 1] == "(" else phone)
    shift = _shift_in(reply)
    if shift is not None:
        return shift
    amount = values.amount(text)
    if amount is not None:
        return RecordChange("amount", str(int(amount)) if float(amount).is_integer() else str(amount))
    return _state(text)


def _company(reply: Reply) -> RecordChange | None:
    """ "she's at hooli", "he works for initech now": the company after the words of ``company_links``, up to a
    word of change ("now") at the end."""
    start = reply.after("leads", "polite")
    link = phrases("company_links").at(reply.words, start)
    if link is None:
        return None
    words = reply.words[start + link[0] :]
    end = len(words)
    while end and (phrases("record_change_cues").value((words[end - 1],)) is not None or not words[end - 1].isalnum()):
        end -= 1
    if not end or end > _COMPANY_WORDS or phrases("determiners").value(words[:1]) is not None:
        return None  # "she's at the expo all week": a place, not a company
    return RecordChange("company", reply.rest(start + link[0], start + link[0] + end))


_COMPANY_WORDS = 4


def date_shift(text: str) -> int | None:
    """A move of a date by an amount, in days, later positive ("out two weeks" → 14, "back by 3 days" → 3, "forward a
    week" → -7, "a week later" → 7); None when ``text`` says no such move."""
    words = Reply.of(clean(text)).words
    direction = phrases("shift_directions").at(words, 0)
    if direction is not None:
        start = direction[0] + (1 if words[direction[0] : direction[0] + 1] == ("by",) else 0)
        days = _days(words[start:])
        return None if days is None or days[1] != len(words) - start else _signed(days[0], direction[1])
    days = _days(words)
    after = phrases("shift_directions").at(words, days[1]) if days is not None else None
    if days is None or after is None or days[1] + after[0] != len(words):
        return None
    return _signed(days[0], after[1])


def _days(words: tuple[str, ...]) -> tuple[int, int] | None:
    """ "2 weeks", "a day", "10 days" at the start of ``words``: (the days, the tokens read)."""
    if len(words) < 2:
        return None
    count = int(words[0]) if words[0].isdigit() else 1 if words[0] in ("a", "an") else None
    unit = phrases("shift_units").at(words, 1)
    if count is None or unit is None:
        return None
    return count * int(unit[1]), 1 + unit[0]


def _signed(days: int, direction: str) -> int:
    return -days if direction == "earlier" else days


def typed_changes(reply: Reply) -> tuple[RecordChange, ...]:
    """Each clause's typed change, one per field, in order ("his email's a@b.com and put him as contacted": the email,
    then the status); a clause is cut at "and", a comma or a semicolon."""
    found: list[RecordChange] = []
    cut = clauses(reply)
    index = 0
    while index < len(cut):
        clause = cut[index]
        change = typed_change(clause) or _company(clause)  # on the card, "she's at hooli" is a detail said
        if change is None and index + 1 < len(cut) and typed_change(cut[index + 1]) is None:
            # "add her email too, a@b.com": a change said, then its value alone after the comma, is one clause
            change = typed_change(Reply.of(f"{clause.text} {cut[index + 1].text}"))
            index += change is not None
        if change is not None and all(change.field != earlier.field for earlier in found):
            found.append(change)
        index += 1
    return tuple(found)


def clauses(reply: Reply) -> list[Reply]:
    """The reply cut at "and", a comma or a semicolon."""
    clauses: list[Reply] = []
    start = 0
    for index, word in enumerate([*reply.words, ","]):
        if word in _CUTS:
            if index > start:
                clauses.append(Reply.of(reply.rest(start, index)))
            start = index + 1
    return clauses


_CUTS = frozenset({"and", ",", ";", ".", "so"})


def _shift_in(reply: Reply) -> RecordChange | None:
    """ "push it out two weeks", "move the due date back 3 days": the record's date moved by the amount said last."""
    for index in range(1, len(reply.words)):
        rest = reply.rest(index)
        days = date_shift(rest)
        if days is not None:
            field = phrases("record_fields").ending(reply.words[:index])
            named = field[1] if field is not None and field[1] in ("dueDate", "closeDate") else "date"
            return RecordChange(cast(RecordField, named), rest, shift_days=days)
    return None


def _says_a_change(reply: Reply) -> bool:
    """A word that says a value changes ("update", "new", "actually", "mark", "is"), a field's name ("cell"), or the
    value it replaces after the new one ("… not 140", data/replaces.txt)."""
    change, fields = phrases("record_change_cues"), phrases("record_fields")
    for index, word in enumerate(reply.words):
        bare = word.removesuffix("'s")
        if change.value((word,)) is not None or fields.value((bare,)) is not None:
            return True
        if index > 0 and phrases("replaces").at(reply.words, index) is not None:  # "142.5k not 140": the value first
            return True
    return False


def _another_record(reply: Reply) -> bool:
    """Whether the reply names a record of its own ("the hooli deal", "the amount of …"): a kind of record after a
    word that names it, or a field followed by the words that say whose it is."""
    words = reply.words
    for index in range(1, len(words)):
        kind = phrases("record_kinds").at(words, index)
        before = words[index - 1]
        owned = phrases("record_owners").value((before,)) is not None  # "bump his lead to contacted": the one found
        if kind is not None and phrases("determiners").value((before,)) is None and not owned and before.isalpha():
            return True
        field = phrases("record_fields").at(words, index)
        after = index + field[0] if field is not None else len(words)
        if after < len(words) and phrases("record_stops").value((words[after],)) is not None:
            return True
    return False


def starts_a_request(reply: Reply) -> bool:
    """Whether the reply starts as a request of its own ("email her at …", "book a call with …"), not as a change of
    the record ("update her phone …", "mark them qualified", "add his cell too: …" — a verb before a field of the
    record said as its own)."""
    words, start = reply.words, reply.after("also_leads")
    verb = phrases("request_starts").at(words, start)
    if verb is None or phrases("record_change_cues").value(words[start : start + verb[0]]) is not None:
        return False
    owner = phrases("record_owners").at(words, start + verb[0])
    field = phrases("record_fields").at(words, start + verb[0] + owner[0]) if owner is not None else None
    return field is None


def _state_verb(reply: Reply) -> RecordChange | None:
    """ "reopen it", "close it out", "qualify her": a verb of ``data/state_verbs.txt`` and an object word (of
    ``objects.txt`` or ``person_objects.txt``), nothing else."""
    words = reply.words
    start = reply.after("leads", "polite")
    for length in range(1, len(words) - start + 1):  # "close it out": the verb's words around the object
        thing = phrases("objects").at(words, start + length) or phrases("person_objects").at(words, start + length)
        rest = start + length + (thing[0] if thing is not None else 0)
        said = (*words[start : start + length], *words[rest : reply.end_before(start, "polite")])
        state = phrases("state_verbs").value(said)
        if thing is not None and state is not None:
            return RecordChange("status", state)
    return None


def _state(text: str) -> RecordChange | None:
    """A lead status, a deal stage or a task's state said as the new state: after a word that links it to the record
    ("as qualified", "to proposal", "them contacted", "it's won", "mark it done") or right after the field's name
    ("status contacted"), so "a new one" is no status; words such as "already" may stand between ("he's already
    contacted")."""
    words = Words.of(text)
    links, adverbs = phrases("state_links"), phrases("state_adverbs")
    states = ((cues("lead_statuses"), "status"), (cues("deal_stages"), "stage"), (cues("task_states"), "status"))
    for table, field in states:
        for found in table.find_all(words):
            at = found.start
            while at > 1 and adverbs.value((words.words[at - 1],)) is not None:
                at -= 1
            before = words.words[at - 1] if at > 0 else ""
            if links.value((before,)) is not None or phrases("record_fields").value((before,)) == field:
                return RecordChange("status" if field == "status" else "stage", found.value)
    return None
