"""A value said in one clause and the verb that asks for it in another: "laura pinged, can we do 1 instead of 11?
move it", "thursday works better, book it", "2pm - change it pls". The clause that only asks, by a verb of a change
and a word pointing back at the thing (data/step_verbs.txt: "move it", "book it", "change it"), says nothing the
value's clause does not say: the value is the change it asks for, and the message is read without it.

Read for replies (:mod:`.reader`) and for first messages (:mod:`planning.understanding.parser`) alike."""

from planning.understanding.commands import _clauses
from planning.understanding.commands._words import Reply, phrases

# the changes a value said apart may be the value of (data/step_verbs.txt values): an event booked or changed
_TAKES_A_VALUE = frozenset({"create_calendar_event", "update_calendar_event"})


def bare_ask(clause: Reply) -> str | None:
    """The change a clause only asks for, by its verb and a word pointing back ("move it", "ok book it then", "pls
    change it"): the tool of data/step_verbs.txt, after leads and polite words, followed by nothing but a word that
    trails a decision ("then", "pls"); None for a clause that says anything more."""
    words = clause.words
    start = clause.after("leads", "polite")
    end = clause.end_before(start, "decision_tails")
    if start >= end:
        return None
    tool = phrases("step_verbs").value(words[start:end])
    pointed = any(phrases("pointing").value((word,)) is not None for word in words[start:end])
    return tool if tool in _TAKES_A_VALUE and pointed else None


def without_bare_asks(text: str) -> tuple[str, str] | None:
    """``text`` without its clauses that only ask (:func:`bare_ask`), and the tool they ask for, when something else is
    said beside them; None when there is no such clause, when it is all there is, or when they ask for different
    changes."""
    reply = Reply.of(text)
    parts = _clauses.parts(reply)
    asked = [bare_ask(part) for part in parts]
    tools = {tool for tool in asked if tool is not None}
    if len(parts) < 2 or len(tools) != 1 or all(tool is not None for tool in asked):
        return None
    kept = _consequence(Reply.of(_clauses.kept(reply, tuple(tool is None for tool in asked))))
    return (kept, tools.pop()) if kept else None


def _consequence(said: Reply) -> str:
    """The words after the last word that says what follows from a reason before it (data/consequence_joins.txt:
    "she's out wed so thursday works better" → "thursday works better"); all the words when there is none."""
    words = said.words
    for index in range(len(words) - 1, 0, -1):
        found = phrases("consequence_joins").at(words, index)
        if found is not None and index + found[0] < len(words):
            return said.rest(index + found[0])
    return said.text.strip()
