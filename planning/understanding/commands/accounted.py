"""Every clause of a reply accounted for: a reply that says two things gets both, or is told which part was not
understood, never half served in silence.

The reply is cut into clauses (:func:`._clauses.parts`, also at the words that join clauses); the learned reply-act
classifier (:mod:`.segment_acts`) says which clauses command something (comments, hedges and thanks do not), and
each commanding clause is read alone with the reader and the open context. When the reading of the whole reply
leaves out a clause that, read alone, gives a command, the reply's reading becomes the clauses' readings in order
(an approval last: what it approves is the plan as changed). The rule knows no phrase: it compares what the whole
reading holds with what each clause says.

A clause that starts a request of its own takes the rest of the reply with it ("undo that and book lunch with sam
and kim": the undo, then one request "book lunch with sam and kim" — the planner reads several goals in one
request). A cancel said with more is a change of mind, read by the reader as it is, never split here.
"""

from collections.abc import Callable
from dataclasses import dataclass

from planning.understanding.commands import _clauses, _decisions
from planning.understanding.commands._item_decisions import item_decision
from planning.understanding.commands._sequence import in_order
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.answer import Answer
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.mail_follow_up import MailFollowUp
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.pick import Pick
from planning.understanding.commands.record_change import RecordChange
from planning.understanding.commands.request_again import RequestAgain
from planning.understanding.commands.segment_acts import COMMAND, ClauseAct, clause_acts, clause_spans, starts_request
from planning.understanding.commands.thanks import Thanks
from planning.understanding.commands.undo import Undo

Read = Callable[[str, Context], tuple[Command, ...]]

_LONGEST = 40  # tokens: a longer reply is a text (an email's body), not a list of commands
_NOT_COMMANDS = ("none", "thanks", "")  # acts that command nothing: a comment, a hedge, thanks (or no model)
_CHANGES = (Correct, EventChange, RecordChange)  # a value of the plan or of what it made, changed


@dataclass(frozen=True, slots=True)
class Clause:
    """A clause the classifier reads as a command, and what it says read alone (() when nothing reads it)."""

    said: ClauseAct
    commands: tuple[Command, ...]
    start: int  # where it starts in the reply's text


def every_clause(text: str, context: Context, whole: tuple[Command, ...], read: Read) -> tuple[Command, ...]:
    """``whole``, the reading of ``text`` as one, with every clause accounted for: the clauses' commands in order when
    it leaves one out; a refusal naming the words no reader reads, when the rest would be done without them."""
    reply = Reply.of(text)
    if not _in_scope(reply, context):
        return whole
    clauses = commanding(reply, context, read, whole)
    sequence = accounted(reply, context, whole, clauses)
    if sequence is not None:
        return _picked_once(_meant_only(sequence), context)
    missing = unread(context, whole, clauses)
    if missing and not isinstance(whole[0], CannotHandle):
        return (CannotHandle(f"not understood: “{'”, “'.join(missing)}”", unread=missing),)
    return whole


def _meant_only(sequence: tuple[Command, ...]) -> tuple[Command, ...]:
    """Beside a request said again on another time ("no, not that one - tuesday the 10th's"), the clauses that only
    say which one is not meant are that request's, never a skip or a change of their own."""
    if not any(isinstance(command, RequestAgain) for command in sequence):
        return sequence
    return tuple(command for command in sequence if not _not_meant(command))


def _picked_once(sequence: tuple[Command, ...], context: Context) -> tuple[Command, ...]:
    """At a pick, the words of a clause read as an answer beside a clause that picked ("park - and make it 45 min, he
    has a lot of questions"): the pick answered the question, and such words answer nothing (a reason, a comment);
    they are dropped, never taken to the card that comes next as words it cannot read."""
    if context.question != "pick" or not any(isinstance(command, Pick) for command in sequence):
        return sequence
    return tuple(command for command in sequence if not isinstance(command, Answer))


def accounted(
    reply: Reply, context: Context, whole: tuple[Command, ...], clauses: tuple[Clause, ...]
) -> tuple[Command, ...] | None:
    """The reading of ``reply`` with every commanding clause in it, when ``whole`` (the reading of the reply as one)
    leaves one out; None when ``whole`` accounts for every clause or the reply is not a list of clauses."""
    if len(clauses) < 2 or not all(c.commands for c in clauses):
        return None
    changed = [c.field for said in clauses for c in said.commands if isinstance(c, EventChange)]
    if len(changed) != len(set(changed)):
        return None  # "thursday at 2, friday at 3": two starts say no one change
    left = [
        c
        for c in clauses
        if _left_out(c.commands, whole)
        and not _held(whole, c.said.clause.text, reply.text)
        and not _asks_the_change(c, whole)
    ]
    if not left or (_picks_alone(whole) and all(_no_request(c) for c in left)):
        return None  # "after my lunch works, first slot after it. call it …": the pick said again, named
    sequence = in_order(reply.text, [(c.start, c.commands) for c in clauses], ended=not context.open_plan)
    placed = [c for c in whole if not isinstance(c, CannotHandle)]
    if sequence is None or sequence == whole or len(sequence) < len(placed):
        return None
    return sequence


def _asks_the_change(said: Clause, whole: tuple[Command, ...]) -> bool:
    """Whether a clause only asks for the change the whole reading makes ("…, can you fix that", "… update it pls"):
    a verb of ``change_asked`` and a word of ``objects``, nothing else but polite words, read alone as a request or
    an undo (never a decision: "…, and do it" approves)."""
    if not any(isinstance(command, _CHANGES) for command in whole):
        return False
    if not all(isinstance(command, NewRequest | Undo) for command in said.commands):
        return False
    clause = said.said.clause
    words = clause.words
    start = clause.after("leads", "polite")
    verb = phrases("change_asked").at(words, start)
    thing = phrases("objects").at(words, start + verb[0]) if verb is not None else None
    if verb is None or thing is None:
        return False
    return clause.end_before(start, "polite") == start + verb[0] + thing[0]


def _picks_alone(whole: tuple[Command, ...]) -> bool:
    return len(whole) == 1 and isinstance(whole[0], Pick) and whole[0].key is None


def _no_request(clause: Clause) -> bool:
    """Whether a clause read alone only as a request does not start as one ("first slot after it" beside a pick: the
    pick said again, not a request of its own)."""
    return all(isinstance(c, NewRequest) for c in clause.commands) and not starts_request(clause.said.clause)


def commanding(reply: Reply, context: Context, read: Read, whole: tuple[Command, ...]) -> tuple[Clause, ...]:
    """The clauses of ``reply`` that command something, each with its reading alone (at a card listing items, a
    decision on the items it describes, :mod:`._item_decisions`): those the classifier reads as a command, those
    that start a request of their own, and those whose reading alone the whole reading holds (the classifier took
    them for a comment, the reader did not). A clause the classifier reads as a request below ``COMMAND`` that starts
    none and reads as nothing ("forgot i promised tom i'd go through it friday") is a reason, not one."""
    out = []
    spans = clause_spans(reply, words=True)
    for said, (start, _) in zip(clause_acts(reply, context, words=True), spans, strict=True):
        if _clauses.only_leads(said.clause):
            continue
        request = starts_request(said.clause) or (said.act == "new_request" and said.probability >= COMMAND)
        on_items = item_decision(said.clause, said.act, context.options) if context.question == "approval" else None
        alone = (on_items,) if on_items is not None else _taken(read(said.clause.text, context), request)
        said_so = _decisions.approve(said.clause, thanks=True) or _decisions.doing_named(said.clause, context.doing)
        if on_items is None and _approves(alone) and said_so is None:
            alone = ()  # an approval is said in words that approve ("send the email" at its card), never other words
        unsure = said.act == "new_request" and not request and not alone  # a reason the classifier half took for one
        if not unsure and (said.act not in _NOT_COMMANDS or request or (alone and not _left_out(alone, whole))):
            out.append(Clause(said, alone, start))
    return _joined_to_before(reply, context, read, out)


def _joined_to_before(reply: Reply, context: Context, read: Read, clauses: list[Clause]) -> tuple[Clause, ...]:
    """A clause nothing reads alone that, read with the clause before it, says one thing with it and more than that
    clause alone ("make that monday noon, | not friday"): the two as one clause, read together."""
    out: list[Clause] = []
    for clause in clauses:
        before = out[-1] if out else None
        if clause.commands or before is None or not before.commands:
            out.append(clause)
            continue
        text = reply.text[before.start : clause.start + len(clause.said.clause.text)]
        together = _taken(read(text, context), request=False)
        same = together == before.commands  # the clause adds nothing read: it stays one nothing reads
        if (
            same
            or len(together) != 1
            or isinstance(together[0], Answer)
            or not _covers(together[0], before.commands[0])
        ):
            out.append(clause)
            continue
        said = ClauseAct(Reply.of(text), before.said.act, before.said.probability, before.said.prior, before.said.idle)
        out[-1] = Clause(said, together, before.start)
    return tuple(out)


def unread(context: Context, whole: tuple[Command, ...], clauses: tuple[Clause, ...]) -> tuple[str, ...]:
    """The clauses of a reply to an open plan that command something nothing reads alone, the others read, and that
    ``whole`` does nothing of (:func:`_not_done`; "put me down as maybe, i may dial in" is one correction and a
    reason): the words the user is told were not understood, so that "yes, and <words nothing reads>" approves
    nothing. Empty after a plan ended (any words there may be a request of their own)."""
    if not context.open_plan:
        return ()
    missing = tuple(c.said for c in clauses if not c.commands and _not_done(c.said, whole))
    return tuple(said.clause.text for said in missing) if missing and any(c.commands for c in clauses) else ()


def _not_done(said: ClauseAct, whole: tuple[Command, ...]) -> bool:
    """Whether the whole reading does nothing of what a clause nothing reads alone says: a correction, or any clause
    said as an instruction, that names a field of the plan the whole reading does not change ("…, and put the stage
    at proposal"); another command read
    surely and said as an instruction, whose act the whole reading does not do and whose words it does not carry."""
    named = _fields_named(said.clause)
    if said.act in ("correct", "change") or (named and starts_request(said.clause)):  # whatever act, "put the stage …"
        return bool(named) and not any(named & _fields(command) for command in whole)
    return (
        said.probability >= COMMAND
        and starts_request(said.clause)  # said as an instruction: "tom is out" is a reason, whatever its act
        and not _held(whole, said.clause.text)
        and not any(_does(said.act, command) for command in whole)
    )


def _fields_named(clause: Reply) -> frozenset[str]:
    """The fields of a plan or a record a clause names by a word people use for it (data/fields.txt,
    data/record_fields.txt)."""
    words, out = clause.words, set[str]()
    for index in range(len(words)):
        for names in (phrases("fields"), phrases("record_fields")):
            found = names.at(words, index)
            if found is not None:
                out.add(found[1])
    return frozenset(out)


def _held(whole: tuple[Command, ...], words: str, reply: str = "") -> bool:
    """Whether the whole reading carries ``words`` in one of its values (the clause was read with its neighbours:
    "first one works. call it roadmap sync" picks the first, titled so)."""
    said = words.strip().lower()
    read = [command for command in whole if not isinstance(command, NewRequest)]  # a request's words are not read
    unread = reply.strip().lower()  # the reply's words as they came ("park, the globex guy. not smith"): not read
    values = [value for command in read for value in _values(command) if value != unread]
    return any(said in value or value in said if len(value) >= _SHORTEST else value in said.split() for value in values)


_SHORTEST = 3  # characters of a value found inside a clause's words; a shorter one ("2") only as a word of it


def _does(act: str, command: Command) -> bool:
    """Whether ``command`` is what a clause of act ``act`` (the classifier's) says: the same decision, a change for a
    correction or a change, the same kind of command for the others."""
    if isinstance(command, Decide) and command.action != "edit":
        return command.action == act
    if act in ("correct", "change"):
        return isinstance(command, (*_CHANGES, Decide, MailFollowUp))
    return act == command.kind  # "answer", "pick", "undo", "new_request"


def _in_scope(reply: Reply, context: Context) -> bool:
    """Where a reply may be a list of commands: not a text asked for, not an answer to "is this a new request?", not
    a reply as long as a message's text."""
    if context.question == "value" and context.value_kind == "text":
        return False
    return not context.offered and len(reply.words) <= _LONGEST


def _approves(alone: tuple[Command, ...]) -> bool:
    return any(isinstance(c, Decide) and c.action == "approve" for c in alone)


def _taken(alone: tuple[Command, ...], request: bool) -> tuple[Command, ...]:
    """What a clause read alone commands: () when it reads as nothing asked for — a refusal, or a new request from
    words that start neither a request nor an instruction, unless the classifier reads them as a request (after a
    plan ended every reply not a follow-up reads as a new request: a reason, "john says he can't", is none)."""
    if not alone or isinstance(alone[0], CannotHandle):
        return ()
    if any(isinstance(c, NewRequest) for c in alone) and not request:
        return ()
    if any(isinstance(c, Thanks) for c in alone):
        return ()
    return alone


def _left_out(said: tuple[Command, ...], whole: tuple[Command, ...]) -> bool:
    """Whether the whole reading holds nothing of what a clause says. An answer is never left out: where a value is
    asked any words read as the answer, and the whole reading decided what the answer is."""
    if all(isinstance(one, Answer) for one in said):
        return False
    return not any(_covers(held, one) for one in said for held in whole)


def _not_meant(said: Command) -> bool:
    """Whether a clause says only which thing is not meant ("not today's", "not that one"): a time replaced, or the
    card's item turned down, which a request said again on another time ("…, next monday's") holds."""
    if isinstance(said, Correct):
        return said.field in (None, "startTime") and not said.people
    return isinstance(said, Decide) and said.action == "skip"


def _covers(held: Command, said: Command) -> bool:
    """Whether a command of the whole reading holds what a clause's command says: the same kind of command (a change
    of a value as one kind, whether of the plan or of what it made) about the same field or the same words."""
    if isinstance(held, NewRequest) and isinstance(said, NewRequest):
        return said.text.strip().lower() in held.text.lower()
    if isinstance(held, RequestAgain) and _not_meant(said):  # "not today's - next monday's": the one not meant
        return True
    if isinstance(said, _CHANGES) or (isinstance(said, Decide) and said.action == "edit"):
        if isinstance(held, Answer):  # "3pm, and make it 90 minutes": the length the answer carries with it
            return _shares_words(tuple(value.lower() for _, value in held.also), _values(said))
        if not (isinstance(held, _CHANGES) or (isinstance(held, Decide) and held.action == "edit")):
            return False
        held_fields, said_fields = _fields(held), _fields(said)
        if held_fields and said_fields:  # both say what they change: the same field, whatever the words
            return bool(held_fields & said_fields)
        return _shares_words(_values(held), _values(said))
    if type(held) is not type(said):
        return False
    if isinstance(said, Decide) and isinstance(held, Decide):
        kept = said.action == "approve" and bool(said.numbers) and held.action == "remove"
        return said.action == held.action or (kept and not set(said.numbers) & set(held.numbers))
    if isinstance(said, Pick) and isinstance(held, Pick):
        return (said.index, said.key) == (held.index, held.key)
    values = _values(said)
    return not values or _shares_words(_values(held), values)


def _fields(command: Command) -> frozenset[str]:
    """The fields a change names (with those of the other changes said with it)."""
    if isinstance(command, EventChange | RecordChange):
        return frozenset({command.field, *(field for field, _ in command.also)})
    if isinstance(command, Correct | Decide) and command.field is not None:
        return frozenset({command.field})
    return frozenset()


def _values(command: Command) -> tuple[str, ...]:
    """The words a command carries, lower case."""
    if isinstance(command, Correct):
        found = [command.value, command.replaces or ""]
    elif isinstance(command, EventChange | RecordChange):
        found = [command.value, *(value for _, value in command.also)]
    elif isinstance(command, Decide):
        found = [command.value or "", *(str(number) for number in command.numbers)]
    elif isinstance(command, Answer):
        found = [command.text, *(value for _, value in command.also)]
    elif isinstance(command, MailFollowUp):
        found = [command.value]
    elif isinstance(command, NewRequest):
        found = [command.text]
    elif isinstance(command, Pick):
        found = [command.title or "", command.at or ""]
    else:
        found = []
    return tuple(value.strip().lower() for value in found if value.strip())


def _shares_words(held: tuple[str, ...], said: tuple[str, ...]) -> bool:
    return any(one in other or other in one for one in said for other in held)
