"""``Undo``: after a plan ended, its changes reversed ("undo that", "go back to how it was"), or only some fields of
the record it changed ("undo the email part, keep the status")."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class Undo:
    """``fields``: the fields of the changed record put back, the others kept as changed; empty: every change."""

    kind: ClassVar[Literal["undo"]] = "undo"
    fields: tuple[str, ...] = ()
