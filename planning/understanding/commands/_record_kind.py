"""At the card of a new contact or lead, a reply asking for the other kind of person's record ("actually no, scratch
that. make her a contact instead. title is vp finance", "hmm add him as a lead"): the card's record is made as that
kind (a ``Correct`` of ``KIND``), then each other clause that sets a field of such a record ("title is vp finance": a
contact's title, which a lead does not have) changes it; the turning down ("scratch that") and the reasons ("she's
already talking to john") are left out, never a cancel of the card."""

from collections.abc import Callable
from dataclasses import replace

from integrations.base.records import written_fields
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import KIND, Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.segment_acts import clause_spans

Read = Callable[[str, Context], tuple[Command, ...]]

_PEOPLE_RECORDS = frozenset({"Contact", "Lead"})  # the kinds of record a person is kept as
_ARTICLES = frozenset({"a", "an", "as", "to", "into"})  # "a contact", "as a contact", "change it to contact"


def retyped(text: str, context: Context, read: Read) -> tuple[Command, ...] | None:
    """The kind asked for, then the fields the other clauses set at the card of that kind, and an approval said;
    None when ``text`` asks for no other kind, or the card makes no person's record."""
    if context.question != "approval" or context.doing != "create_entity" or context.record_kind not in _PEOPLE_RECORDS:
        return None
    reply = Reply.of(text)
    spans = clause_spans(reply, words=True)
    asked = [(span, kind) for span in spans if (kind := _kind_asked(Reply.of(text[span[0] : span[1]]), context))]
    if len(asked) != 1:
        return None
    span, kind = asked[0]
    fields = tuple(name for name in written_fields(kind) if name not in ("about", "contacts"))
    retyped_context = replace(context, record_kind=kind, record_fields=fields)
    rest: list[Command] = []
    for other in spans:
        if other == span:
            continue
        for command in read(text[other[0] : other[1]], retyped_context):
            if isinstance(command, Correct) and command.field in fields and not command.people:
                rest.append(command)  # "title is vp finance": the new record's title
            elif isinstance(command, Decide) and command.action == "approve":
                rest.append(command)  # "…, and save it"
    return (Correct(value=kind, field=KIND), *rest)


def _kind_asked(clause: Reply, context: Context) -> str | None:
    """The other kind of person's record a clause asks the card's to be ("make her a contact instead"): its noun
    (data/record_kinds.txt) after an article or "as", with no word of data/record_kind_not.txt before."""
    words = clause.words
    for index in range(1, len(words)):
        found = phrases("record_kinds").at(words, index)
        kind = found[1] if found is not None else None
        if kind is None or kind == context.record_kind or kind not in _PEOPLE_RECORDS:
            continue
        if words[index - 1] not in _ARTICLES:
            continue
        before = words[max(0, index - 3) : index]
        if any(phrases("record_kind_not").value((word,)) is not None for word in before):
            continue
        return kind
    return None
