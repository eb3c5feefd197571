"""Enumeration properties (company ``industry``...): a label the user gives → the option HubSpot stores, and back.

HubSpot stores an option's internal value (``LOGISTICS_AND_SUPPLY_CHAIN``) and shows its label ("Logistics and
Supply Chain"); anything else is refused with a 400. ``choose`` accepts the value or the label in any case, with
"&" read as "and" and punctuation as spaces, then the one option whose words include every word given
("Logistics" → Logistics and Supply Chain). Several such options, or none, is an error naming the candidates or the
nearest options, so the user can pick one; nothing is sent to HubSpot.
"""

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from integrations.base.errors import PermanentError

SERVICE = "hubspot"
NEAREST = 3


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Enumeration:
    """One enumeration property: its label ("Industry") and options."""

    label: str
    options: tuple[Option, ...]

    def label_of(self, value: str) -> str:
        return next((o.label for o in self.options if o.value == value), value)

    def values_labelled(self, text: str) -> list[str]:
        """The values whose label (or value) contains ``text``, any case: the contract's containment filter."""
        wanted = text.casefold()
        return [o.value for o in self.options if wanted in o.label.casefold() or wanted in o.value.casefold()]

    def choose(self, text: str) -> str:
        """The value of the option ``text`` names; raises ``PermanentError`` naming the candidates."""
        wanted = _words(text)
        exact = [o for o in self.options if wanted in (_words(o.label), _words(o.value))]
        if exact:
            return exact[0].value
        covering = [o for o in self.options if wanted and set(wanted) <= set(_words(o.label)) | set(_words(o.value))]
        if len(covering) == 1:
            return covering[0].value
        if covering:
            raise PermanentError(
                f"{text!r} fits several HubSpot {self.label} options: {_listed(covering)}; say which",
                service=SERVICE,
            )
        raise PermanentError(
            f"HubSpot has no {self.label} {text!r}; the nearest options are {_listed(self.nearest(text))}",
            service=SERVICE,
        )

    def nearest(self, text: str) -> list[Option]:
        """The options most like ``text``: shared words first, then spelling."""
        wanted = _words(text)

        def likeness(option: Option) -> tuple[int, float]:
            words = _words(option.label)
            shared = sum(any(_alike(w, have) for have in words) for w in wanted)
            return shared, difflib.SequenceMatcher(None, " ".join(wanted), " ".join(words)).ratio()

        return sorted(self.options, key=likeness, reverse=True)[:NEAREST]


def _words(text: str) -> tuple[str, ...]:
    return tuple(re.sub(r"[^0-9a-z]+", " ", text.casefold().replace("&", " and ")).split())


def _alike(word: str, other: str) -> bool:
    return word == other or (min(len(word), len(other)) >= 4 and (word.startswith(other) or other.startswith(word)))


def _listed(options: Sequence[Option]) -> str:
    return ", ".join(f"'{o.label}'" for o in options)
