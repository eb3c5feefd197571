"""People named as possessives without an apostrophe ("reply to marias invoice email"): the slot tagger takes the
word as written ("marias"), which no record holds; where the requester's records ground it as a person's name less
its "s" (:meth:`.grounding.NameIndex.mentions`), the person is that name ("maria"), as "maria's" would give."""

from collections.abc import Iterable

from planning.types import Goal, ParseResult
from planning.understanding.grounding import PEOPLE, Mention


def unpossessed(parse: ParseResult, mentions: Iterable[Mention]) -> ParseResult:
    """``parse`` with each person written as a grounded possessive named without the possessive's "s"."""
    named = _names(mentions)
    if not named:
        return parse
    return parse.with_goals(lambda goal: _goal(goal, named))


def _names(mentions: Iterable[Mention]) -> dict[str, str]:
    """Each possessive as written (case-folded) → the name it is of, as written less its "s"."""
    out: dict[str, str] = {}
    for mention in mentions:
        written = mention.written.casefold()
        recorded = {word.casefold() for word in mention.name.split()}
        if mention.entities & PEOPLE and written.split()[-1] not in recorded and written.endswith("s"):
            out[written] = mention.written[:-1]
    return out


def _goal(goal: Goal, named: dict[str, str]) -> Goal:
    people = tuple(named.get(person.casefold(), person) for person in goal.slots.people)
    if people == goal.slots.people:
        return goal
    return goal.model_copy(update={"slots": goal.slots.model_copy(update={"people": people})})
