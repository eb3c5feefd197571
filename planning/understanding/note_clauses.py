"""A CRM note's pasted text kept in one clause (:mod:`.note_text`): "add a note to X: talked to dana, they want a
demo, send pricing" is one request, not a note and a request to send pricing."""

from planning.understanding.classifier import Clause
from planning.understanding.event_description import description_text_start
from planning.understanding.note_text import note_text_start


def note_kept_whole(text: str, clauses: list[Clause]) -> list[Clause]:
    """``clauses`` of ``text`` with the note's text kept in the clause it starts in: the clauses cut from it after
    its start are joined back. So are the words added to an event's description ("add to that call's description:
    liability + renewal clauses, get laura's ok on the wed deadline")."""
    start = note_text_start(text)
    start = description_text_start(text) if start is None else start
    if start is None or len(clauses) < 2:
        return clauses
    at = next((i for i, clause in enumerate(clauses) if clause.start + len(clause.text) > start), None)
    if at is None or at == len(clauses) - 1:
        return clauses
    whole = clauses[at]
    return [*clauses[:at], Clause(text[whole.start :].strip(" ,;."), whole.start)]
