"""Grounding: names from the user's accounts (event titles, people, companies) raise the confidence of a
reading and fix its entity. A local index of names, built by the front end; nothing remote on the request path.

Only a single clause is grounded. A name whose records are of one kind fixes the entity and becomes the thing
looked for: "find Hank Scorpio" is the lead Hank Scorpio, "when is the Initech pilot debrief" the event of
that title. A request the rules found nothing in is read again with the name replaced by the word for its
kind ("when is the meeting"), so the rules still choose the action. An explicit off-topic cue ("alarm") and
small talk are never overridden.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from planning.types import Slots
from planning.understanding.combinations import supported
from planning.understanding.interpret import Reading, read_clause

RECORDS = frozenset({"contact", "lead", "account", "deal"})
GROUNDED_CONFIDENCE = 0.85  # a reading whose thing is a named record or event of the user's
_WORD_FOR = {"event": "meeting", "contact": "contact", "lead": "lead", "account": "account", "deal": "deal"}


@dataclass(frozen=True, slots=True)
class Mention:
    written: str  # as the request writes it
    name: str  # as the records write it
    entities: frozenset[str]  # the kinds of records with that name


@dataclass(frozen=True, slots=True)
class Grounded:
    reading: Reading
    mention: Mention


class Grounding(Protocol):
    def mentions(self, text: str) -> tuple[Mention, ...]:
        """The known names ``text`` mentions, in order."""
        ...


class NameIndex:
    """Names → the kinds of records that carry them; matched whole-word, case-insensitively, longest first."""

    def __init__(self, names: Iterable[tuple[str, str]]) -> None:
        kinds: dict[str, set[str]] = {}
        self._names: dict[str, str] = {}
        for name, entity in names:
            key = _key(name)
            if len(key) >= 3:
                kinds.setdefault(key, set()).add(entity)
                self._names.setdefault(key, " ".join(name.split()))
        self._kinds = {key: frozenset(found) for key, found in kinds.items()}
        ordered = sorted(self._kinds, key=len, reverse=True)
        alternatives = "|".join(re.escape(key).replace(r"\ ", r"\s+") for key in ordered)
        self._pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.I) if ordered else None

    def __len__(self) -> int:
        return len(self._kinds)

    def mentions(self, text: str) -> tuple[Mention, ...]:
        if self._pattern is None:
            return ()
        found = ((m.group(0), _key(m.group(0))) for m in self._pattern.finditer(text))
        return tuple(Mention(written, self._names[key], self._kinds[key]) for written, key in found)


def ground(text: str, reading: Reading, found: tuple[Mention, ...]) -> Grounded | None:
    """``reading`` with its entity fixed and its confidence raised by the names ``text`` mentions (``found``);
    ``None`` when they change nothing."""
    single = [m for m in found if len(m.entities) == 1]
    if not found or reading.intent == "chat" or reading.offtopic is not None:
        return None
    if reading.intent == "unsupported":
        if not single:
            return None
        mention = single[0]
        (entity,) = mention.entities
        again = read_clause(text.replace(mention.written, _WORD_FOR.get(entity, mention.written)))
        if again.intent in ("chat", "unsupported"):
            return None
        return _grounded(again, again.entity, mention)
    matching = [m for m in found if reading.entity in m.entities]
    if matching:
        return _grounded(reading, reading.entity, matching[0])
    if reading.entity in RECORDS:
        for mention in single:
            (entity,) = mention.entities
            if entity in RECORDS and supported(reading.intent, entity):
                return _grounded(reading, entity, mention)
    return None


def named(slots: Slots, grounded: Grounded) -> Slots:
    """``slots`` looking for the named thing: an event's title, a person, a company."""
    name, entity = grounded.mention.name, grounded.reading.entity
    if entity == "event" and grounded.mention.entities == {"event"}:
        return slots.model_copy(update={"topic": name, "title": slots.title or name})
    if entity in ("contact", "lead") and "contact" not in grounded.mention.entities - {entity}:
        people = (name, *(p for p in slots.people if _key(p) != _key(name)))  # as the record writes it
        return slots.model_copy(update={"people": people})
    if entity == "account" and not slots.companies:
        return slots.model_copy(update={"companies": (name,)})
    return slots


def known_names(found: tuple[Mention, ...]) -> dict[str, str]:
    """The mentioned names as the slot tagger takes them: lower-case name → person (a contact or lead), company
    (an account or deal) or event."""
    out: dict[str, str] = {}
    for mention in found:
        kinds = mention.entities
        kind = "person" if kinds & {"contact", "lead"} else "company" if kinds & {"account", "deal"} else "event"
        out.setdefault(mention.written.lower(), kind)
    return out


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def _grounded(reading: Reading, entity: str, mention: Mention) -> Grounded:
    why = f"{reading.explanation}; '{mention.name}' is one of your {entity}s -> {reading.intent}/{entity}"
    confidence = max(reading.confidence, GROUNDED_CONFIDENCE)
    return Grounded(Reading(reading.intent, entity, confidence, reading.runner_up, why, reading.offtopic), mention)  # type: ignore[arg-type]
