"""A clause at a card that names someone the card is not about and asks a change there ("yes. oh and john park has
a new direct line, 415 555 0199, update him too" at the card creating Kevin's contact; "ok, and move my 1:1 with
priya to 3" at a lunch with tom), or asks a change of a field the card's record does not have ("yes add the note,
and push the close date to the 23rd" at a note's card): never a change of the card — it asks for a change of
another record or event, a request of its own said beside the plan (``NewRequest.added``: started once the plan
ends, where a follow-up finds the record the plan used). What comes before it is read as it is (the approval, a
change of the card).

A person said as the value of the card's change ("yes, and add sarah", "invite tom too") is the card's: the reading
of the rest is then a change of the card's people, never split here. The person is the slot tagger's (names.people);
the card's are its people, the values it shows and the headings of its steps (all of a name's words among theirs:
"john" is John Smith's card, "john park" is not)."""

from collections.abc import Callable
from itertools import pairwise

from planning.understanding import stated_change  # a module: it imports word lists that import this package
from planning.understanding.commands._words import Reply, phrases, tokens
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.record_change import RecordChange
from planning.understanding.commands.segment_acts import clause_spans, starts_request
from planning.understanding.names import people

Read = Callable[[str, Context], tuple[Command, ...]]


def apart(text: str, context: Context, read: Read) -> tuple[Command, ...] | None:
    """At an approval card, ``text`` read as what comes before the first clause naming someone the card is not about
    (from the second clause on), then the rest as a request said beside the plan — when the rest, read at the card,
    would change it, and a clause of it asks for something or it states a field of the record; None otherwise."""
    if context.question != "approval" or not context.open_plan:
        return None
    reply = Reply.of(text)
    spans = clause_spans(reply, words=True)
    own = _card_words(context)
    for (_, before_end), (start, end) in pairwise(spans):
        clause = Reply.of(text[start:end])
        if _on_the_card(clause):  # "move it to 3 since dana has the room": the card's, whoever the reason names
            continue
        if not _names_another(_before_reason(clause), own) and not _field_elsewhere(clause, context):
            continue
        head, rest = text[:before_end].strip(), text[start:].strip()  # the words joining them left out
        read_rest = read(rest, context)
        if not _elsewhere(read_rest) or not (_asks(Reply.of(rest)) or _record_value(read_rest, context)):
            return None
        before = read(head, context) if head else ()
        if not before or any(isinstance(c, CannotHandle | NewRequest) or _turns_down(c) for c in before):
            return None
        return (*before, NewRequest(rest, added=True))
    return None


def _on_the_card(clause: Reply) -> bool:
    """Whether a clause asks its change of the card itself: a verb and "it" / "that" ("push it to 3 bc …")."""
    words = clause.words
    start = max(clause.after("also_leads"), clause.after("leads", "polite"))
    for verbs in (phrases("record_verbs"), phrases("request_starts")):
        verb = verbs.at(words, start)
        if verb is None:
            continue
        said = words[start : start + verb[0]]
        if phrases("objects").value(said[-1:]) is not None or phrases("objects").at(words, start + verb[0]):
            return True
    return False


def _before_reason(clause: Reply) -> str:
    """The words of a clause before the reason said in it ("… since dana has the room": data/reason_marks.txt)."""
    words = clause.words
    cut = next((i for i in range(1, len(words)) if phrases("reason_marks").at(words, i) is not None), len(words))
    return clause.rest(0, cut)


def _names_another(clause: str, own: frozenset[str]) -> bool:
    for name in people(clause):
        words = {t.word.lower() for t in tokens(name.text) if t.word.isalpha()}
        if words and not words <= own:
            return True
    return False


def _field_elsewhere(clause: Reply, context: Context) -> bool:
    """At the card of a CRM record's write, a clause that asks a change of a field that record does not have ("and
    push the close date to the 23rd" at a note's card: the deal's, data/record_fields.txt)."""
    if not context.record_fields or not _asks_change(clause):
        return False
    fields = phrases("record_fields")
    words = clause.words
    named = {found[1] for i in range(len(words)) if (found := fields.at(words, i)) is not None}
    return bool(named) and not named & set(context.record_fields)


def _asks_change(clause: Reply) -> bool:
    """Whether a clause starts as a request, or with a verb that changes a record's value ("push the close date …",
    data/record_verbs.txt), after words that join it or hesitate."""
    start = max(clause.after("also_leads"), clause.after("leads", "polite"))
    return starts_request(clause) or phrases("record_verbs").at(clause.words, start) is not None


def _card_words(context: Context) -> frozenset[str]:
    """The words of the names the card holds: its people, the values it shows, its steps' headings (addresses
    split at their dots: "kevin.obrien@acme.com" holds "kevin")."""
    said = [*context.people, *(value for _, value in context.shown), *(heading for _, _, heading in context.steps)]
    out: set[str] = set()
    for value in said:
        spaced = "".join(ch if ch.isalnum() or ch == "'" else " " for ch in value.lower())
        out.update(spaced.split())
    return frozenset(out)


def _elsewhere(commands: tuple[Command, ...]) -> bool:
    """Whether the rest's reading at the card may be about something else: a change of a value of the card (its
    phone, its start) or nothing read — never the card's people (a person named as the value added or taken off is
    the card's), the words of its text ("add that i'll call john"), a decision on it, or a request already read as
    one (the reader places it: "scratch that, email omar instead" cancels first)."""
    for command in commands:
        if isinstance(command, Correct) and (command.people or command.field in _TEXT_FIELDS):
            return False
        if isinstance(command, EventChange) and command.field in _PEOPLE_FIELDS:
            return False
        if isinstance(command, Decide):
            return False
        if not isinstance(command, Correct | EventChange | RecordChange | CannotHandle):
            return False
    return bool(commands)


_PEOPLE_FIELDS = ("attendees", "addAttendees", "removeAttendees", "to", "cc")
_TEXT_FIELDS = ("body", "subject")


def _record_value(commands: tuple[Command, ...], context: Context) -> bool:
    """Whether the rest states a value of a field of the card's record ("tom's new cell is 917 …" at a contact's
    card): said of someone else, it is theirs, asked or not (a reason beside a change of an event names no field)."""
    return any(isinstance(c, Correct) and c.field is not None and c.field in context.record_fields for c in commands)


def _turns_down(command: Command) -> bool:
    return isinstance(command, Decide) and command.action in ("cancel", "skip")


def _asks(rest: Reply) -> bool:
    """Whether a clause of ``rest`` starts as a request or an instruction, or only asks to change what was stated
    ("fix his record"): a reason that names someone ("tom's out till 2") asks nothing."""
    clauses = [Reply.of(rest.text[start:end]) for start, end in clause_spans(rest, words=True)]
    return any(_asks_change(clause) or stated_change.pointed_kind(clause.text) is not None for clause in clauses)
