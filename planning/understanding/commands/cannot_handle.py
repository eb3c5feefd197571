"""``CannotHandle``: the reply cannot be taken as what is asked; ``reason`` says why, in words for the user."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class CannotHandle:
    """``command``: the reply is a command word ("approve", "undo") where a value is asked. ``unread``: the clauses of
    the reply that no reader reads, where the others read (:mod:`.accounted`): said back to the user, nothing done."""

    kind: ClassVar[Literal["cannot_handle"]] = "cannot_handle"
    reason: str
    command: str | None = None
    unread: tuple[str, ...] = ()
