"""A title or subject typed at a card or where one is asked ("title: catch up w/ tom and dana") is shown and written
as a title: its first letter capitalised, the names of the people and records the plan found written as their records
write them ("Catch up w/ Tom and Dana"). Other values are kept as typed."""

from typing import Any

from planning.engine.session import Session
from planning.engine.targets import names_of
from planning.understanding.record_spelling import in_record_spelling, spelling_of

_TITLES = ("title", "subject")


def as_title(name: str, value: Any, session: Session) -> Any:
    """``value`` of the field ``name`` as the card shows it."""
    if name not in _TITLES or not isinstance(value, str) or not value.strip():
        return value
    spelled = in_record_spelling(value, spelling_of(names_of(session).values()))
    return spelled[:1].upper() + spelled[1:]
