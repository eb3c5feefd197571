"""The record a new note or task is on when its request points back at one ("add a note on it: … signed by John
Park", "a task for that deal to call Maria"): the record the last plan acted on, never a person or company named
only in the note's text or the task's subject.
"""

from planning.types import Slots
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.pointing import names_nothing


def about_pointed(text: str, said: str | None, slots: Slots) -> Slots:
    """``slots`` without the people and companies a note's text or a task's subject (``said``) names, when the words
    before it put the note on a record by pointing back (commands/data/about_pointers.txt) and name none of them
    ("that" read as a name names nothing): the record is then asked for, and a follow-up takes the one the last plan
    acted on (``planning.engine.followups.with_earlier_record``)."""
    if not (slots.people or slots.companies):
        return slots
    lead = Reply.of(_before(text, said)).words
    if not any(phrases("about_pointers").at(lead, index) is not None for index in range(len(lead))):
        return slots
    words = set(lead)
    named = [name for name in (*slots.people, *slots.companies) if not names_nothing(name)]
    if any(set(Reply.of(name).words) <= words for name in named):
        return slots  # "a note on that for Globex: …": the request names it too
    return slots.model_copy(update={"people": (), "companies": ()})


def _before(text: str, said: str | None) -> str:
    """The words of ``text`` before ``said`` (found whatever its case); "" when it is not there."""
    if not said:
        return ""
    at = text.casefold().find(said.strip(" .").casefold())
    return text[:at] if at > 0 else ""
