"""``Undo``: after a plan ended, its changes reversed ("undo that", "go back to how it was")."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class Undo:
    kind: ClassVar[Literal["undo"]] = "undo"
