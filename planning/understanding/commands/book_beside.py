"""``BookBeside``: after a plan ended, a booking placed next to what it showed ("right after it then? 30 min with
omar", "an hour with dana just before that", "ok, 20 min with kim then")."""

from dataclasses import dataclass
from typing import ClassVar, Literal

Side = Literal["after", "before", "at"]


@dataclass(frozen=True, slots=True)
class BookBeside:
    """``side``: the booking starts when what was shown ends ("after"), ends when it starts ("before"), or starts at
    the time asked about ("at"); what is booked is the reply read as a request."""

    kind: ClassVar[Literal["book_beside"]] = "book_beside"
    side: Side
