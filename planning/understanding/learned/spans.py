"""Annotated requests: ``"add [person : jim] to [event_name : standup]"`` → the text and its typed spans.

The annotation scheme is HWU64's and SLURP's (``../shared/eval/hwu_train.jsonl``) and the project's own
(``data/own_slots_*.jsonl``, ``/work/notes/annotation-format.md``). The public data's types map onto the
types planbot reads (:data:`TYPES`); the others (songs, devices, food…) are no slot of ours and read as no
span. A line without ``annotation`` teaches that its words are no slot.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from planning.understanding.json_lines import json_lines
from planning.understanding.numbers import spoken_numbers_to_digits

# the slot types planbot reads (annotation-format.md), and the public types folded into them
TYPES = (
    "person",
    "relation",
    "date",
    "time",
    "timeofday",
    "duration",
    "time_zone",
    "event_name",
    "place_name",
    "business_name",
    "email_address",
    "amount",
    "topic",
    "body",
    "stage",
    "general_frequency",
)
_FOLDED = {"currency_name": "amount", "change_amount": "amount"}
_BRACKET = re.compile(r"\[\s*(\w+)\s*:\s*(.*?)\s*\]")


@dataclass(frozen=True, slots=True)
class Span:
    kind: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Annotated:
    text: str
    spans: tuple[Span, ...]
    source: str  # the file's stem


def slot_type(kind: str) -> str | None:
    """Our type for an annotation type, ``None`` for one planbot does not read."""
    kind = _FOLDED.get(kind, kind)
    return kind if kind in TYPES else None


def parse(annotation: str) -> tuple[str, tuple[Span, ...]]:
    """The plain text of ``annotation`` and its spans of our types. Numbers said in words become digits, as
    understanding reads them (``normalize.clean``), inside and outside the brackets alike."""
    text: list[str] = []
    spans: list[Span] = []
    at = 0
    length = 0
    for match in _BRACKET.finditer(annotation):
        before = spoken_numbers_to_digits(annotation[at : match.start()])
        words = spoken_numbers_to_digits(match.group(2))
        text.append(before)
        length += len(before)
        kind = slot_type(match.group(1))
        if kind is not None and words.strip():
            spans.append(Span(kind, length, length + len(words)))
        text.append(words)
        length += len(words)
        at = match.end()
    text.append(spoken_numbers_to_digits(annotation[at:]))
    return "".join(text), tuple(spans)


def read(paths: Iterable[Path]) -> list[Annotated]:
    """Every usable line of ``paths``, in order; ``ValueError`` naming the line for a line that is not JSON."""
    out: list[Annotated] = []
    for path in paths:
        for item in json_lines(path):
            annotated = _annotated(item, path.stem)
            if annotated is not None:
                out.append(annotated)
    return out


def _annotated(item: object, source: str) -> Annotated | None:
    if not isinstance(item, dict):
        return None
    annotation = item.get("annotation")
    if not isinstance(annotation, str):
        annotation = item.get("text")
        if not isinstance(annotation, str):
            return None
        annotation = annotation.replace("[", "(").replace("]", ")")
    text, spans = parse(annotation)
    return Annotated(text, spans, source) if text.strip() else None
