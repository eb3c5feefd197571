"""The offline ``extract`` tool: a connector the registry runs like any other (contract §2.7, §3).

It gives only what the text says, never a guess; a field the text does not give is null (the plan then asks
for it, like a placeholder). Values:

    datetime  ISO 8601 with the offset in force that day ("2026-03-12T10:00:00-04:00"): a day AND a clock time
              said together ("Thursday 12 March at 10:00"); a clock time alone, "in 2 hours" → null
    date      "2026-03-12": one day ("on Thursday", "12 March", also the day of a datetime); "next week" → null
    time      "10:00": a clock time
    duration  minutes: "3 hours" → 180, "90 min", "it will last 2 hours", a range "10:00-11:30" → 90
    email     an address as written;  phone  a number as written (7–15 digits);  number  int or float ("$50k")
    text      a labelled value ("Venue: ..."), a place after "at"/"in" for a place field, else the first
              sentence naming the field (see ``values``)

Dates are read with the request's clock in the requester's zone (the engine's ``in_zone``, else the zone this
connector was built with); in an email that has a ``date``, relative to that date: "on Thursday" in an email
sent last Monday is that week's Thursday. A date that does not exist ("31 February") is no value.

Several candidates: each is scored by the words around it (``ranking``: the field's name and synonyms, the
instructions); the best wins, ties go to the earliest item of a list, and two different values tied in one
item are ambiguous: null, never one of them picked at random.
"""

import asyncio
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Final

from pydantic import BaseModel

from integrations.base import PermanentError
from integrations.base.arguments import ExtractArgs
from integrations.base.context import zone_info
from planning.tools.extract import values, when
from planning.tools.extract.items import items_of
from planning.tools.extract.ranking import Found, choose, hints_for, score
from planning.understanding.numbers import spoken_numbers_to_digits

Finder = Callable[[str, datetime, str], list[Found]]
_FINDERS: Final[dict[str, Finder]] = {
    "datetime": lambda text, now, _: when.datetimes(text, now),
    "date": lambda text, now, _: when.dates(text, now),
    "time": lambda text, now, _: when.times(text, now),
    "duration": lambda text, now, _: when.durations(text, now),
    "email": values.emails,
    "phone": values.phones,
    "number": values.numbers,
    "text": values.texts,
}
_SPOKEN: Final = frozenset({"datetime", "date", "time", "duration"})  # read "ten thirty" as "10:30"
SERVICE = "extract"


def extract(value: Any, fields: Mapping[str, str], instructions: str | None, now: datetime) -> dict[str, Any]:
    """``{name: value or None}`` for ``fields`` (name → type) read out of ``value`` against the aware ``now``."""
    items = items_of(value, now)
    spoken = [spoken_numbers_to_digits(item.text) for item in items] if _SPOKEN & set(fields.values()) else []
    out: dict[str, Any] = {}
    for name, kind in fields.items():
        hints = hints_for(name, instructions)
        scored = []
        for index, item in enumerate(items):
            text = spoken[index] if kind in _SPOKEN else item.text
            scored += [(index, score(text, f, hints), f) for f in _FINDERS[kind](text, item.now, name)]
        out[name] = choose(scored)
    return out


class OfflineExtractor:
    """The ``extract`` tool from the project's own grammar: ``clock`` gives the time, ``zone`` the default zone."""

    name = SERVICE
    tools: frozenset[str] = frozenset({"extract"})

    def __init__(self, *, clock: Callable[[], datetime], zone: str) -> None:
        self._clock = clock
        self._zone = zone

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if tool != "extract" or not isinstance(arguments, ExtractArgs):
            raise PermanentError(f"the extractor runs only extract, not {tool!r}", service=SERVICE)
        now = self._clock().astimezone(zone_info(self._zone))
        return await asyncio.to_thread(extract, arguments.text, arguments.fields, arguments.instructions, now)
