"""A clause that adds or takes off a person named only by "her" / "him" ("john asked if maria can sit in for the
forecast bit, add her" after the 1:1 was booked; "yes - sarah wants in, loop her in" at its card): the person is
the one named last before it in the message (the slot tagger's person, names.people), never someone on the
record the plan made. Read as that clause with the name in the pronoun's place ("add maria"): a change of the
event's people, the rest of the message its reason.

Only where the event is there to change: after a plan that made or changed one, or at the card of a step on one."""

from collections.abc import Callable

from planning.understanding.commands._words import Reply
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.pointing import named_instead, points_at_one
from planning.understanding.commands.segment_acts import clause_spans
from planning.understanding.names import people

Read = Callable[[str, Context], tuple[Command, ...]]

_ON_AN_EVENT = ("create_calendar_event", "update_calendar_event")
_PEOPLE_FIELDS = ("addAttendees", "removeAttendees")


def named_before(text: str, context: Context, read: Read) -> tuple[Command, ...] | None:
    """The reading of ``text`` as a change of the event's people whose person is named before the pronoun; None
    when ``text`` is not that."""
    at_card = context.question == "approval" and context.doing in _ON_AN_EVENT
    if not at_card and (context.open_plan or "event" not in context.left):
        return None
    reply = Reply.of(text)
    spans = clause_spans(reply, words=True)
    for start, end in reversed(spans[1:]):
        clause = text[start:end]
        if not points_at_one(clause) or people(clause):
            continue
        before = _last_named(Reply.of(text[:start]))
        if before is None:
            return None
        commands = read(named_instead(clause, before), context)
        if not commands or not all(_people_change(c) for c in commands):
            return None
        head = read(text[:start], context) if at_card else ()
        decided = tuple(c for c in head if isinstance(c, Decide) and c.action == "approve")
        return (*commands, *decided)  # the change first, then what approves the card changed
    return None


def _last_named(said: Reply) -> str | None:
    """The person named last in ``said``, each clause read as typed with its first letter capitalised (lower-case
    typing drops the capital a sentence starts with: "maria wants in" is read as "Maria wants in")."""
    named = [
        name.text
        for start, end in clause_spans(said, words=True)
        for name in people(said.text[start:end][:1].upper() + said.text[start + 1 : end])
    ]
    return named[-1] if named else None


def _people_change(command: Command) -> bool:
    if isinstance(command, EventChange):
        return command.field in _PEOPLE_FIELDS
    return isinstance(command, Correct) and command.people
