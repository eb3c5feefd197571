"""Where one value of a plan is asked, a reply that gives other values of the same plan besides it or instead of it
("make it 45, lots to cover. and put zoom as the location" while a start time is asked; "thursday 10am - and loop in
dana"): each clause that changes the plan (a length, a place, a field named, people added or taken off) is a change,
a clause that holds the value asked is the answer, and a clause with no command in it (a reason: "lots to cover") is
left out. Without the value asked, the changes are made and the question stays open."""

from collections.abc import Callable

from planning.understanding import names
from planning.understanding.commands._corrections import named_field
from planning.understanding.commands._people_changes import people_change
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.answer import Answer
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.event_edits import event_edit
from planning.understanding.commands.kinds import Command
from planning.understanding.timewords import find_duration

_CLAUSE_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—"})
_JOINS = frozenset({"and", "also", "plus", "then"})

Holds = Callable[[str], bool]
"""Whether words hold the value asked (a time, a length)."""


def values_besides(reply: Reply, holds_value: Holds, *, on_event: bool) -> tuple[Command, ...] | None:
    """The changes the reply makes, then the answer when one clause holds the value asked ("45 min, and tuesday at
    10": a change, then the answer); None unless some clause changes the plan and every other clause is the answer
    or a reason. ``on_event``: the step asking is an event's, whose length and place a clause may change."""
    changes: list[Correct] = []
    answer: list[str] = []
    clauses = _clauses(reply)
    if not clauses or holds_value(clauses[0].rest(0)):
        return None  # the value first ("thursday 10am, make it 45 min"): the answer with the values said after it
    for clause in clauses:
        change = _change(clause, on_event=on_event)
        if change is not None:
            changes.append(change)
        elif holds_value(clause.rest(0)):
            answer.append(clause.rest(0))
        elif not _no_command(clause):
            return None
    if not changes:
        return None
    said = (Answer(", ".join(answer)),) if answer else ()
    return (*changes, *said)


def _clauses(reply: Reply) -> list[Reply]:
    """The reply cut at marks between clauses and at joining words ("and put zoom …"), each without its join."""
    words, toks = reply.words, reply.toks
    cuts: list[int] = []
    for index, word in enumerate(words):
        if word in _CLAUSE_MARKS or (word in _JOINS and index > 0 and not _inside_length(reply, cuts, index)):
            cuts.append(index)
    bounds = zip([-1, *cuts], [*cuts, len(words)], strict=True)
    parts = [toks[begin + 1 : end] for begin, end in bounds]
    return [Reply(reply.text, part) for part in parts if part]


def _inside_length(reply: Reply, cuts: list[int], index: int) -> bool:
    """Whether the joining word at ``index`` is inside a length ("an hour and a half"), not between clauses."""
    start = cuts[-1] + 1 if cuts else 0
    text = reply.rest(start, min(index + 4, len(reply.words))).lower()
    found = find_duration(text)
    join_at = reply.toks[index].start - reply.toks[start].start
    return found is not None and found.span[0] < join_at < found.span[1]


def _change(clause: Reply, *, on_event: bool) -> Correct | None:
    people = people_change(clause)
    if people is not None:
        return people
    named = named_field(clause)
    if named is not None:
        return named
    if not on_event:
        return None
    edit = event_edit(clause)
    if edit is not None and edit.shift_minutes is None and edit.field in ("durationMinutes", "location"):
        return Correct(edit.value, field=edit.field)
    length = _length_alone(clause)
    return Correct(length, field="durationMinutes") if length is not None else None


def _length_alone(clause: Reply) -> str | None:
    """ "an hour", "45 min please": a length and words that only accept it, said where something else is asked."""
    start = clause.after("leads", "polite", "answer_leads")
    said = clause.rest(start)
    found = find_duration(said.lower())
    if found is None:
        return None
    rest = Reply.of(said[: found.span[0]] + said[found.span[1] :])
    if any(phrases("polite").value((w,)) is None and phrases("glue").value((w,)) is None for w in rest.words):
        return None
    return said[found.span[0] : found.span[1]]


def _no_command(clause: Reply) -> bool:
    """A clause that asks for nothing ("lots to cover", "she's remote"): no start of a request, no length, no
    person named, and no word that accepts or refuses."""
    words = clause.words
    start = clause.after("leads", "polite", "also_leads")
    if start < len(words) and phrases("request_starts").at(words, start) is not None:
        return False
    if any(phrases(name).at(words, start) is not None for name in ("approve", "cancel", "skip")):
        return False
    said = clause.rest(0)
    return find_duration(said.lower()) is None and not names.people(said)
