"""A change of a record's field told by the value's own form, when the words name no field the follow-up reader knows
where to find: an email address is the email, a phone number the phone, a money amount the amount, a lead status or
a deal stage said as the record's new state ("she gave me a new one, (415) 555-0142, update it", "his address is
actually x@y.com", "bump it to 31.5k", "mark them contacted"). The reply must say that something changes (a word of
``data/record_change_cues.txt`` or a field's name) and must not start as a request of its own ("email her at …")."""

from planning.understanding import values
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.change import Change
from planning.understanding.cues import Words, cues
from planning.understanding.names import EMAIL_ADDRESS


def typed_change(reply: Reply) -> Change | None:
    """The field the value's form names, and the value; None when the reply says no change or holds no such value."""
    if not _says_a_change(reply) or _another_request(reply) or _another_record(reply):
        return None
    text = reply.text
    address = EMAIL_ADDRESS.search(text)
    if address is not None:
        return Change("email", address.group(0))
    phone = values.phone(text)
    if phone is not None:
        opened = text.find(phone)  # "(646) 555-0177": the number as typed, with its area code's bracket
        return Change("phone", f"({phone}" if opened > 0 and text[opened - 1] == "(" else phone)
    amount = values.amount(text)
    if amount is not None:
        return Change("amount", str(int(amount)) if float(amount).is_integer() else str(amount))
    return _state(text)


def typed_changes(reply: Reply) -> tuple[Change, ...]:
    """Each clause's typed change, one per field, in order ("his email's a@b.com and put him as contacted": the email,
    then the status); a clause is cut at "and", a comma or a semicolon."""
    found: list[Change] = []
    for clause in _clauses(reply):
        change = typed_change(clause)
        if change is not None and all(change.field != earlier.field for earlier in found):
            found.append(change)
    return tuple(found)


def _clauses(reply: Reply) -> list[Reply]:
    clauses: list[Reply] = []
    start = 0
    for index, word in enumerate([*reply.words, ","]):
        if word in _CUTS:
            if index > start:
                clauses.append(Reply.of(reply.rest(start, index)))
            start = index + 1
    return clauses


_CUTS = frozenset({"and", ",", ";"})


def _says_a_change(reply: Reply) -> bool:
    """A word that says a value changes ("update", "new", "actually", "mark", "is"), or a field's name ("cell")."""
    change, fields = phrases("record_change_cues"), phrases("record_fields")
    for word in reply.words:
        bare = word.removesuffix("'s")
        if change.value((word,)) is not None or fields.value((bare,)) is not None:
            return True
    return False


def _another_record(reply: Reply) -> bool:
    """Whether the reply names a record of its own ("the hooli deal", "the amount of …"): a kind of record after a
    word that names it, or a field followed by the words that say whose it is."""
    words = reply.words
    for index in range(1, len(words)):
        kind = phrases("record_kinds").at(words, index)
        before = words[index - 1]
        if kind is not None and phrases("determiners").value((before,)) is None and before.isalpha():
            return True
        field = phrases("record_fields").at(words, index)
        after = index + field[0] if field is not None else len(words)
        if after < len(words) and phrases("record_stops").value((words[after],)) is not None:
            return True
    return False


def _another_request(reply: Reply) -> bool:
    """Whether the reply starts as a request of its own ("email her at …", "book a call with …"), not as a change of
    the record ("update her phone …", "mark them qualified")."""
    start = reply.after("also_leads")
    verb = phrases("request_starts").at(reply.words, start)
    return verb is not None and phrases("record_change_cues").value(reply.words[start : start + verb[0]]) is None


def _state(text: str) -> Change | None:
    """A lead status or a deal stage said as the new state: after a word that links it to the record ("as
    qualified", "to proposal", "them contacted", "it's won"), so "a new one" is no status."""
    words = Words.of(text)
    links = phrases("state_links")
    for table, field in (("lead_statuses", "status"), ("deal_stages", "stage")):
        for found in cues(table).find_all(words):
            before = words.words[found.start - 1] if found.start > 0 else ""
            if links.value((before,)) is not None:
                return Change("status" if field == "status" else "stage", found.value)
    return None
