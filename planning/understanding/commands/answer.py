"""``Answer``: the reply is the value the open question asks for."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class Answer:
    """The value asked for, as typed (read in the value's type by :func:`~.values.parse_answer`). ``search``: the
    reply leaves the value to the bot ("whenever you find a gap" to a start time): find it, do not ask again.
    ``also``: other values of the same step said with it, (name, as typed) — the length said with a start time
    ("10:30, and make it an hour")."""

    kind: ClassVar[Literal["answer"]] = "answer"
    text: str
    search: bool = False
    also: tuple[tuple[str, str], ...] = ()
