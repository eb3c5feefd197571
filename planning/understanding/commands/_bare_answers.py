"""An answer to a value asked (a time, a length, a number) said with words that only accept it, and, where a start
time is asked, the other values of the event said with it: the value alone, and each other value as the step names
it."""

from planning.understanding.commands._words import Reply
from planning.understanding.commands.answer import Answer
from planning.understanding.commands.event_edits import event_edit
from planning.understanding.existing import recurrence
from planning.understanding.timewords import find_duration


def bare_answer(reply: Reply, *, asks_start: bool, repeats: bool = False) -> Answer:
    """A value said with words that only accept it ("11 works", "let's do 3pm", "45 minutes is fine"): the value
    alone. A start time said with a length ("10:30, and make it an hour", "3pm for 45 minutes"): the time is the
    answer, the length another value of the step; a repeat said with it ("tuesdays at 4") the recurrence of an event
    made (``repeats``)."""
    text, also = reply.text, tuple[tuple[str, str], ...]()
    if asks_start:
        text, also = _values_said_after(reply)
    if asks_start and not also:
        length = find_duration(text.lower())
        if length is not None:
            start, end = length.span
            also = (("durationMinutes", text[start:end]),)
            text = f"{text[:start]} {text[end:]}"
    rule = recurrence(text) if asks_start and repeats else None
    if rule is not None:  # "tuesdays at 4": the first Tuesday at 4, and every Tuesday after it
        also = (*also, ("recurrence", rule))
    said = Reply.of(text)
    start = said.after("answer_leads")
    value = said.rest(start, said.end_before(start, "answer_tails")) or reply.text
    return Answer(value, also=also)


def _values_said_after(reply: Reply) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A start time with other values of the event said in later clauses ("tues 10am, give it an hour", "3pm - put
    it in room 4"): the words of the time, and each value (its length, its place) as the step names it."""
    words, also = reply.words, list[tuple[str, str]]()
    cuts = [i for i, word in enumerate(words) if word in _CLAUSE_CUTS and 0 < i < len(words) - 1]
    end = len(words)
    for cut in reversed(cuts):
        change = event_edit(Reply(reply.text, reply.toks[cut + 1 : end]))
        if change is None or change.field == "startTime" or change.shift_minutes is not None:
            break
        also.insert(0, (change.field, change.value))
        end = cut
    if not also:
        return reply.text, ()
    return reply.rest(0, end), tuple(also)


_CLAUSE_CUTS = frozenset({",", ";", "-", "–", "—", "and", "."})
