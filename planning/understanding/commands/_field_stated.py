"""A field of the record a card shows stated with its value ("company is northwind traders", "her title's VP of
product", "status: contacted"): the record's field (data/record_fields.txt, whose record has it), a word that links
it to its value (data/field_links.txt), the value up to the end. Said with no verb, so the link is required: "company
northwind" alone is no statement, and the value of a field with no form of its own is known only by its link."""

from planning.understanding.commands._followups import quoted_first
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct

_LONGEST = 6  # words of a value stated; a longer rest is a sentence of its own


def stated_field(reply: Reply, fields: tuple[str, ...]) -> Correct | None:
    """The field stated and its value, when the record has that field; None otherwise."""
    words = reply.words
    index = reply.after("leads", "polite")
    owner = phrases("record_owners").at(words, index)
    index += owner[0] if owner is not None else 0
    field = phrases("record_fields").at(words, index)
    if field is None and index < len(words) and words[index].endswith("'s"):  # "title's VP of product"
        field = phrases("record_fields").at((words[index].removesuffix("'s"),), 0)
        link: tuple[int, str] | None = (0, "is") if field is not None else None
    else:
        link = phrases("field_links").at(words, index + field[0]) if field is not None else None
    if field is None or link is None or field[1] not in fields:
        return None
    start = index + field[0] + link[0]
    if start >= len(words) or phrases("record_stops").at(words, start) is not None:
        return None
    value = quoted_first(reply.text, reply.toks[start].start) or reply.rest(
        start, reply.end_before(start, "stated_tails", "polite")
    )
    if not value or len(Reply.of(value).words) > _LONGEST or phrases("request_starts").at(words, start) is not None:
        return None
    return Correct(value, field=field[1])
