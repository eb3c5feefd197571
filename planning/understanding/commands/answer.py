"""``Answer``: the reply is the value the open question asks for."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class Answer:
    """The value asked for, as typed (read in the value's type by :func:`~.values.parse_answer`). ``search``: the
    reply leaves the value to the bot ("whenever you find a gap" to a start time): find it, do not ask again."""

    kind: ClassVar[Literal["answer"]] = "answer"
    text: str
    search: bool = False
