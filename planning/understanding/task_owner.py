"""The person a new CRM task is for (contract §3, Task ``owner``): "add a task for sarah to send them the deck"
is a task owned by Sarah whose subject is "send them the deck"; Sarah is not the record the task is about, and
what the task says to do ("the kickoff deck") is no event or record acted on.

Read by form: a task noun (``task_nouns.txt``), a link (``task_owner_links.txt``: "for", "assigned to"), a person
read by ``names.people`` right after it, then an end word (``task_owner_ends.txt``: "to", a colon). "For me" is
the requester (no owner to set): ``task_for_whom.txt`` already reads it.
"""

from dataclasses import dataclass

from planning.understanding import names
from planning.understanding.cues import Words, cues

_RECORD_REACH = 7  # tokens after the task noun in which a record it is on may be named


@dataclass(frozen=True, slots=True)
class TaskOwner:
    name: str
    start: int  # where the link before the name starts ("for")
    todo: int  # where what the task says to do starts


def task_owner(text: str) -> TaskOwner | None:
    """The owner said after a task noun, or None when the request names none."""
    words = Words.of(text)
    for noun in cues("task_nouns").find_all(words):
        records = cues("task_record_nouns").find_all(words, noun.end, min(len(words), noun.end + _RECORD_REACH))
        for at in (noun.end, *(record.end for record in records)):  # "a task on the acme account for sarah to …"
            owner = _owner_at(text, words, at)
            if owner is not None:
                return owner
    return None


def todo_start(text: str) -> int | None:
    """Where what a task says to do starts: after "a task for me to" (``task_for_whom.txt``) or after its owner ("a
    task for sarah to …"); None when the request says no task that way."""
    words = Words.of(text)
    for noun in cues("task_nouns").find_all(words):
        to = cues("task_for_whom").at(words, noun.end)
        if to is not None and to.end < len(words):
            return words.char_start(to.end)
    owner = task_owner(text) if cues("task_nouns").find(words) is not None else None
    return None if owner is None else owner.todo


def _owner_at(text: str, words: Words, at: int) -> TaskOwner | None:
    """The owner said from token ``at`` on: a link, a person, an end word."""
    link = cues("task_owner_links").at(words, at)
    if link is None or link.end >= len(words):
        return None
    person = next((n for n in names.people(text) if n.start == words.char_start(link.end)), None)
    if person is None:
        return None
    after = next((i for i in range(link.end, len(words)) if words.char_start(i) >= person.end), None)
    end = cues("task_owner_ends").at(words, after) if after is not None else None
    if end is None or end.end >= len(words):
        return None
    return TaskOwner(person.text, words.char_start(link.start), words.char_start(end.end))
