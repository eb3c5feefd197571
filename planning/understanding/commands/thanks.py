"""``Thanks``: the reply only thanks; nothing to do."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class Thanks:
    kind: ClassVar[Literal["thanks"]] = "thanks"
