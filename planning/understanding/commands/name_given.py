"""Where the name of the person a new record is about is asked ("What name should I use for “Create the contact”?"),
an answer that says the name and more ("wen li. title cfo, no phone yet. she's the one signing off on the 250
seats"): the name is the person the slot tagger finds in it, else its first part when every word there reads as a
name; the fields said beside it by their form (a labelled part "title cfo", an address, a phone number, a job title)
go with it (``Answer.also``), and remarks ("no phone yet", "she's the one …") are left out. A name typed all in
lower case is written with capitals, as a new record's person is."""

from planning.understanding.commands._words import Reply, Token, phrases
from planning.understanding.commands.answer import Answer
from planning.understanding.commands.context import Context
from planning.understanding.learned import gazetteer
from planning.understanding.learned.tagger_lazy import tagged
from planning.understanding.names import EMAIL_ADDRESS
from planning.understanding.phones import dialable
from planning.understanding.record_fields import title_in
from planning.understanding.record_spelling import capitalised
from planning.understanding.word_lists import listed
from planning.understanding.words import NOT_A_NAME

_CUTS = frozenset({".", "!", "?", ",", ";", "-", "–", "—", "(", ")"})
_LONGEST_NAME = 4  # words
_PERSON_RECORD = ("name", "email")  # the fields only a person's record (a contact, a lead) has both of
_WRITES = ("create_entity", "update_entity")


def name_given(reply: Reply, context: Context) -> Answer | None:
    """The name and the fields said beside it, or None when the name is not what is asked or the first part of the
    reply does not read as a name."""
    asked = context.question == "value" and context.name == "name" and context.doing in _WRITES
    if not asked or not all(field in context.record_fields for field in _PERSON_RECORD):
        return None
    parts = _parts(reply)
    if not parts:
        return None
    name = _person(reply, parts[0]) or _name_like(reply, parts[0])
    if name is None:
        return None
    also: list[tuple[str, str]] = []
    for part in parts[1:]:
        said = _field(reply.text[part[0].start : part[-1].end], context.record_fields)
        if said is not None and said[0] not in (field for field, _ in also):
            also.append(said)
    return Answer(capitalised(name), also=tuple(also))


def _parts(reply: Reply) -> list[tuple[Token, ...]]:
    """The reply cut at the marks that end a sentence or a clause (an address keeps its dots: it is one token)."""
    parts: list[list[Token]] = [[]]
    for token in reply.toks:
        if token.word in _CUTS:
            parts.append([])
        else:
            parts[-1].append(token)
    return [tuple(part) for part in parts if part]


def _person(reply: Reply, first: tuple[Token, ...]) -> str | None:
    """The tagger's person in the first part, when it finds one there."""
    start, end = first[0].start, first[-1].end
    spans = [span for span in tagged(reply.text[start:end]) if span.kind == "person"]
    return spans[0].text if len(spans) == 1 else None


def _name_like(reply: Reply, first: tuple[Token, ...]) -> str | None:
    """The first part when its words read as a name: a few words, each a first name or surname, or no common word
    (gazetteer.ordinary_words: "no", "phone", "yet" are; "wen" and "okafor" are not common words)."""
    if len(first) > _LONGEST_NAME:
        return None
    common, given, family = gazetteer.ordinary_words(), gazetteer.first_names(), gazetteer.surnames()
    for token in first:
        word = token.word
        if not word.replace("'", "").replace("-", "").isalpha() or word in NOT_A_NAME:
            return None
        if word not in given and word not in family and common.get(word) == "top":
            return None
    return reply.text[first[0].start : first[-1].end]


def _field(said: str, fields: tuple[str, ...]) -> tuple[str, str] | None:
    """A field of the record a part says by its form: a labelled value ("title cfo", ``record_labels.txt``), an
    address, a phone number (after a word of ``phone_labels.txt`` or alone), a job title; None for a remark."""
    address = EMAIL_ADDRESS.search(said)
    if address is not None and "email" in fields:
        return ("email", address.group(0).rstrip("."))
    words = Reply.of(said).words
    label = listed("record_labels").at(words)
    if label is not None and label[1] in fields and label[1] != "name" and len(words) > label[0]:
        return (label[1], Reply.of(said).rest(label[0]))
    phone = phrases("phone_labels").at(words)
    number = Reply.of(said).rest(phone[0]) if phone is not None and len(words) > phone[0] else said
    if "phone" in fields and any(ch.isdigit() for ch in number) and dialable(number):
        return ("phone", number)
    title = title_in(said)
    return ("title", title) if title is not None and "title" in fields else None
