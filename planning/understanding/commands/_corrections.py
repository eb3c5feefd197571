"""Corrections of the open plan: a field named and its new value, a bare value ("actually make it 4pm"), or people
who replace the recipients or attendees ("send it to Priya instead")."""

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct
from planning.understanding.topic_said_text import opens_clause


def people(reply: Reply) -> Correct | None:
    """ "actually send it to Priya instead", "change the recipients to Tom", "invite Sarah instead" (an "invite"
    alone adds someone: a follow-up, not a correction); a clause of its own after a comma is the reason ("send it to
    priya as well, she's running the webinar")."""
    reply = _before_dash(_before_clause(reply))
    words = reply.words
    index = _skip(reply, 0, "leads")
    led = index > 0
    index = _skip(reply, index, "polite")
    verb = phrases("recipient_verbs").at(words, index)
    if verb is None or index + verb[0] >= len(words):
        return None
    start, end = index + verb[0], len(words)
    end = reply.end_before(start, "instead")
    adding = phrases("adding_tails").ending(words[start:end])  # "… as well", "… too": they join the ones there
    end = reply.end_before(start, "instead", "adding_tails")
    tail = adding is not None or end < len(words)
    if verb[1] == "invite" and not (led or tail):
        return None
    replaces = None
    for index in range(start + 1, end):  # "send it to hank not john": hank in john's place
        found = phrases("replaces").at(words, index)
        if found is not None:
            replaces, end = reply.rest(index + found[0], end) or None, index
            break
    names = reply.rest(start, end).strip("\"“”'")
    field = None if verb[1] == "any" else "attendees" if verb[1] == "invite" else verb[1]
    if not names:
        return None
    return Correct(names, field=field, people=True, adding=adding is not None, replaces=replaces)


def named_field(reply: Reply, *, led: bool = False) -> Correct | None:
    """ "actually make the subject “Q3 numbers”", "change the time to 4pm", "sorry, title: Kickoff"; with ``led``
    (the reply is known to be a correction: the learned reading says so), also a field named alone ("status
    contacted")."""
    words = reply.words
    index = _skip(reply, 0, "leads")
    led_in = reply.after("field_leads", start=index)  # "ok put initech as the company"
    verb = phrases("field_verbs").at(words, led_in)
    if verb is not None:
        index = led_in + verb[0]
    elif index == 0 and not led and not _field_said_first(words):
        return None  # a field named with no lead and no verb ("subject Q3") is no correction
    value_start = index
    if index < len(words) and words[index] == "the":
        index += 1
    field = phrases("fields").at(words, index)
    if field is None:
        return _field_after(reply, value_start) if verb is not None else None
    index += field[0]
    link = phrases("field_links").at(words, index)
    if link is not None and index + link[0] < len(words):
        index = _commas(words, index + link[0])
    named_as_verb = verb is None and link is None and index == field[0]  # "title it pilot restart": the field a verb
    thing = phrases("objects").at(words, index) if named_as_verb else None
    if thing is not None and index + thing[0] < len(words):
        index += thing[0]
    filler = phrases("field_value_leads").at(words, index)  # "to just 'acme msa'": the value after "just"
    index += filler[0] if filler is not None and index + filler[0] < len(words) else 0
    end = reply.end_before(index, "polite") if named_as_verb else None  # "… pls"
    value = quoted(reply.rest(index, end)) or reply.rest(index, end).strip("\"“”'")
    return Correct(value, field=field[1]) if value else None


def _field_said_first(words: tuple[str, ...]) -> bool:
    """ "subject should be …", "the title needs to be …": a field named first, then words that say its new value
    follows (data/field_said_links.txt)."""
    index = 1 if words[:1] == ("the",) else 0
    field = phrases("fields").at(words, index)
    return field is not None and phrases("field_said_links").at(words, index + field[0]) is not None


def quoted(value: str) -> str | None:
    """The words inside the quotes a value opens with ("'forecast -> next mon' so he sees it": "forecast -> next
    mon"), the words after them a reason; None when it opens with none or they do not close."""
    if not value or value[0] not in _OPENING:
        return None
    for at in range(1, len(value)):
        if value[at] in _CLOSING and (at + 1 == len(value) or not value[at + 1].isalnum()):
            inside = value[1:at].strip()
            return inside or None
    return None


_OPENING = frozenset("\"'“‘")
_CLOSING = frozenset("\"'”’")


def named_anew(reply: Reply) -> Correct | None:
    """ "call it initech renewal", "ok name it 'q2 pilot' pls": the name the thing shown is given (its title; a
    record's own field for it is the reader's), up to a mark that ends a clause (a reason after it)."""
    words = reply.words
    index = reply.after("leads", "polite", "answer_leads")  # "ok, call it …"
    lead = phrases("name_leads").at(words, index)
    if lead is None:
        return None
    start = _commas(words, index + lead[0])
    end = next((i for i in range(start, len(words)) if words[i] in _NAME_ENDS), len(words))
    end = Reply(reply.text, reply.toks[:end]).end_before(start, "polite", "instead")
    said = reply.rest(start, end) if end > start else ""
    value = quoted(reply.rest(start)) or said.strip("\"“”'")
    return Correct(value, field="title") if value else None


_NAME_ENDS = frozenset({",", ";", ".", "!", "?"})


def _field_after(reply: Reply, start: int) -> Correct | None:
    """ "put zoom as the location", "use 'Q3 plan' for the title": the value from ``start``, then the field it is
    for, named last (data/field_after_links.txt, then a field of data/fields.txt ending the words)."""
    words = reply.words
    for index in range(start + 1, len(words)):
        link = phrases("field_after_links").at(words, index)
        if link is None:
            continue
        at = index + link[0]
        field = phrases("fields").at(words, at) or phrases("record_fields").at(words, at)  # "… as the company"
        if field is not None and at + field[0] == len(words):
            value = reply.rest(start, index).strip("\"“”'")
            return Correct(value, field=field[1]) if value else None
    return None


def bare(reply: Reply, *, led: bool = False) -> Correct | None:
    """ "actually make it 4pm", "make it 45 minutes", "sorry, change it to Friday": a value for whatever it fits; with
    ``led`` (the reply is known to be a correction: the learned reading says so), also a value said alone ("thurs
    3:30 instead")."""
    words = reply.words
    index = _skip(reply, 0, "leads")
    replaced = _replaced_at(words, index)  # "142.5k not 140": the value, then the one it replaces
    verb = phrases("change_verbs").at(words, index)
    if verb is not None and index + verb[0] < len(words):
        index += verb[0]
        index = _commas(words, index)
        again = phrases("change_verbs").at(words, index)  # "actually, make it …"
        if again is not None and index + again[0] < len(words):
            index += again[0]
    elif index == 0 and not led and (replaced is None or replaced > _SHORT):
        return None  # with no lead and no verb, only a short value then the one it replaces ("142.5k not 140")
    elif phrases("request_starts").at(words, index) is not None:
        return None  # a lead then a request of its own ("and send her an email that …") changes no value
    if index < len(words) and words[index] == "the" and index + 2 < len(words) and words[index + 2] == "is":
        index += 3  # "the time is 4pm"
    end = replaced if replaced is not None and replaced > index else None
    while end is not None and end > index and words[end - 1] == ",":
        end -= 1
    value = reply.rest(index, end) if end is not None else reply.rest(index, reply.end_before(index, "instead"))
    return Correct(value, replaces=_replaced_words(reply, end)) if value else None


def _replaced_words(reply: Reply, value_end: int | None) -> str | None:
    """The words said as replaced after the value ending at token ``value_end`` ("friday not thursday":
    "thursday"), up to a reason or words that only trail."""
    if value_end is None:
        return None
    words = reply.words
    index = value_end
    while index < len(words) and words[index] == ",":
        index += 1
    found = phrases("replaces").at(words, index)
    if found is None:
        return None
    start = index + found[0]
    cut = next((i for i in range(start + 1, len(words)) if phrases("reason_marks").at(words, i) is not None), None)
    end = reply.end_before(start, "instead")
    return reply.rest(start, end if cut is None else min(end, cut)) or None


_SHORT = 4  # tokens of a value said alone before "not …" (with a comma): "142.5k,", "next friday at 3"


def _replaced_at(words: tuple[str, ...], start: int) -> int | None:
    """Where the words saying which value is replaced begin ("… not 140", "… instead of Thursday"), when something
    follows them; None when there are none."""
    for index in range(start + 1, len(words)):
        found = phrases("replaces").at(words, index)
        if found is not None and index + found[0] < len(words):
            return index
    return None


def past_leads(reply: Reply) -> int:
    """The token index after the words a correction may start with ("ugh,", "oh and", "hmm wait")."""
    return _skip(reply, 0, "leads")


def _skip(reply: Reply, index: int, name: str) -> int:
    """The token index after the phrases of ``data/{name}.txt`` (and commas or colons) starting at ``index``."""
    words = reply.words
    found = phrases(name).at(words, index)
    while found is not None and index + found[0] < len(words):
        index = _commas(words, index + found[0])
        found = phrases(name).at(words, index)
    return index


def _commas(words: tuple[str, ...], index: int) -> int:
    while index < len(words) and words[index] in (",", ":", "-", "–", "—"):
        index += 1
    return index


_CLAUSE_MARKS = frozenset({",", ";", "-", "–", "—"})
_DASHES = frozenset({"-", "–", "—"})


def _before_dash(reply: Reply) -> Reply:
    """The reply up to a dash said between words ("send it to john smith instead - better if it comes from him"):
    who it goes to is said before it, why after it."""
    cut = next((i for i, tok in enumerate(reply.toks) if i > 0 and tok.word in _DASHES), None)
    return reply if cut is None else Reply(reply.text[: reply.toks[cut - 1].end], reply.toks[:cut])


def _before_clause(reply: Reply) -> Reply:
    """The reply up to a comma or a dash that a clause of its own follows (``topic_said_text.opens_clause``: "send it
    to john smith instead - he owns globex"), else all of it."""
    words = reply.words
    cut = next((i for i in range(1, len(words)) if words[i] in _CLAUSE_MARKS and opens_clause(reply.rest(i + 1))), None)
    return reply if cut is None else Reply(reply.text[: reply.toks[cut - 1].end], reply.toks[:cut])
