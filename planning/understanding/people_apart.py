"""Two people named one after the other without a comma ("fwd it to priya tom and sarah"): a person read as one
name whose words are each the name of a different person of the user's records, and which no record carries whole,
is those people, each on their own."""

from collections.abc import Iterable

from planning.types import Goal, ParseResult
from planning.understanding.grounding import PEOPLE, Mention


def people_apart(parse: ParseResult, mentions: Iterable[Mention]) -> ParseResult:
    """``parse`` with each such person split into the people it names."""
    people = [m for m in mentions if m.entities & PEOPLE]
    if len(people) < 2:
        return parse
    whole = {m.written.casefold() for m in people}
    single = {m.written.casefold(): m.name for m in people if len(m.written.split()) == 1}
    return parse.with_goals(lambda goal: _goal(goal, whole, single))


def _goal(goal: Goal, whole: set[str], single: dict[str, str]) -> Goal:
    people = tuple(part for person in goal.slots.people for part in _apart(person, whole, single))
    if people == goal.slots.people:
        return goal
    return goal.model_copy(update={"slots": goal.slots.model_copy(update={"people": people})})


def _apart(person: str, whole: set[str], single: dict[str, str]) -> tuple[str, ...]:
    words = person.split()
    if len(words) < 2 or person.casefold() in whole:
        return (person,)
    names = [single.get(word.casefold()) for word in words]
    if any(name is None for name in names) or len(set(names)) < len(names):
        return (person,)
    return tuple(words)
