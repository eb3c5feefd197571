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
from dataclasses import dataclass, replace
from functools import cache
from typing import Protocol

from integrations.base.principal import Principal
from planning.types import Slots
from planning.understanding import values
from planning.understanding.combinations import supported
from planning.understanding.cues import cues
from planning.understanding.interpret import Reading, read_clause
from planning.understanding.learned.gazetteer import ordinary_words
from planning.understanding.shortenings import Abbreviations, shortenings
from planning.understanding.word_lists import words as words_of

RECORDS = frozenset({"contact", "lead", "account", "deal"})
PEOPLE = frozenset({"contact", "lead", "sender"})  # kinds whose names are people's (a sender: of received mail)
GROUNDED_CONFIDENCE = 0.85  # a reading whose thing is a named record or event of the user's
_PERSONS = frozenset({"contact", "lead"})
_EVENT = frozenset({"event"})
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


class Groundings(Protocol):
    """Each requester's own grounding: the names of the accounts *they* act with (a Slack user's own connected
    accounts), never another person's."""

    def for_requester(self, who: Principal | None) -> Grounding | None:
        """The names grounding a request of ``who`` (None: a request of nobody in particular), read from what is in
        hand: no listing on the request path. None: read without grounding."""
        ...


class SameForEveryone:
    """``Groundings`` that give every requester the same names (the batch CLI, one-person installs)."""

    def __init__(self, grounding: Grounding) -> None:
        self._grounding = grounding

    def for_requester(self, who: Principal | None) -> Grounding | None:
        return self._grounding


class NameIndex:
    """Names → the kinds of records that carry them; matched whole-word, case-insensitively, longest first.

    A person of the CRM (a contact or lead) is also known by each word of their name ("dana" → Dana Whitfield);
    a word several people share stands for itself ("john"). An event is also known by a shortening of its title that
    no other title shares ("the AR sync" → Accounts receivable sync, ``planning.understanding.shortenings``). A full
    name of any record wins over such a word or shortening. A mail sender whose name has a word of a company's
    ("Acme Newsletter") is not taken for a person."""

    def __init__(self, names: Iterable[tuple[str, str]]) -> None:
        kinds: dict[str, set[str]] = {}
        self._names: dict[str, str] = {}
        parts: dict[str, tuple[set[str], set[str]]] = {}  # a word of a person's name → (full names, kinds)
        short: dict[str, set[str]] = {}  # a shortening of an event's title → the titles it shortens
        self._capitals: set[str] = set()  # shortenings known only when written in capitals (initials alone)
        event_titles: set[str] = set()
        for name, entity in names:
            key = _key(name)
            if len(key) >= 3:
                kinds.setdefault(key, set()).add(entity)
                self._names.setdefault(key, " ".join(name.split()))
            if entity == "event":
                event_titles.add(self._names.get(key, name))
                for shortening in shortenings(name):
                    short.setdefault(shortening.key, set()).add(self._names.get(key, name))
                    if shortening.capitals_only:
                        self._capitals.add(shortening.key)
            if entity in ("contact", "lead"):
                for word in key.split():
                    fulls, carried = parts.setdefault(word, (set(), set()))
                    fulls.add(self._names.get(key, name))
                    carried.add(entity)
        companies = {word for key, found in kinds.items() if found & {"account", "deal"} for word in key.split()}
        for key in [key for key, found in kinds.items() if found == {"sender"} and companies & set(key.split())]:
            del kinds[key]  # "Acme Newsletter" sends mail but is no person
        for word, (fulls, carried) in parts.items():
            if len(word) >= 3 and word not in kinds and " " not in word:
                kinds[word] = carried
                self._names[word] = next(iter(fulls)) if len(fulls) == 1 else word.title()
        for key, titles in short.items():
            if len(titles) == 1 and key not in kinds:  # shared by two titles: neither is meant
                kinds[key] = {"event"}
                self._names[key] = next(iter(titles))
        self._capitals &= {key for key, titles in short.items() if len(titles) == 1}
        # kept by their words (``_WORD``): a request is looked up a few words at a time, no pattern of every name
        interned: dict[frozenset[str], frozenset[str]] = {}
        self._found: dict[str, tuple[str, frozenset[str]]] = {}
        for key, entities in kinds.items():
            one = interned.setdefault(frozenset(entities), frozenset(entities))
            self._found.setdefault(_words_key(key), (self._names[key], one))
        self._capitals = {_words_key(key) for key in self._capitals}
        self._longest = max((key.count(" ") + 1 for key in self._found), default=0)
        self._abbreviations = Abbreviations(sorted(event_titles))
        del self._names

    def __len__(self) -> int:
        return len(self._found)

    def mentions(self, text: str) -> tuple[Mention, ...]:
        """The known names ``text`` mentions, left to right; at each word the longest name that starts there; then,
        in the words left, titles abbreviated (``Abbreviations``)."""
        if not self._found:
            return ()
        words = list(_WORD.finditer(text))
        folded = [word.group(0).casefold() for word in words]
        found: list[tuple[int, Mention]] = []
        taken = [False] * len(words)
        at = 0
        while at < len(words):
            for size in range(min(self._longest, len(words) - at), 0, -1):
                key = " ".join(folded[at : at + size])
                after = folded[at + size : at + size + 1]
                known = self._found.get(key) or self._possessive(folded[at : at + size], after)
                written = text[words[at].start() : words[at + size - 1].end()]
                before = _word_before(folded, at)
                if known is not None and (key not in self._capitals or _initials(written, before)):
                    found.append((at, Mention(written, *known)))
                    taken[at : at + size] = [True] * size
                    at += size
                    break
            else:
                at += 1
        first = 0
        for end in range(len(words)):
            if taken[end]:
                first = end + 1
                continue
            hit = self._abbreviations.found(folded, end, first)
            if hit is not None:
                start, title = hit
                found.append((start, Mention(text[words[start].start() : words[end].end()], title, _EVENT)))
                first = end + 1
        return tuple(mention for _, mention in sorted(found, key=lambda item: item[0]))

    def _possessive(self, words: list[str], after: list[str]) -> tuple[str, frozenset[str]] | None:
        """A person's name written as a possessive without its apostrophe ("marias phone", "johns title"): the last
        word less a trailing "s", when the records hold that name for a person. A written word that is also an
        ordinary English word ("bills", "marks") is read so only where a possessive stands: before a word of what is
        owned, not at the end or before a function word ("pay the bills", "send the bills to her")."""
        last = words[-1]
        if len(last) <= _POSSESSIVE_SHORTEST or not last.endswith("s") or last.endswith("ss"):
            return None
        if last in _english() and (not after or after[0] in words_of("possessive_not_before")):
            return None
        known = self._found.get(" ".join((*words[:-1], last[:-1])))
        if known is None or not known[1] & PEOPLE:
            return None
        return known


def ground(text: str, reading: Reading, found: tuple[Mention, ...]) -> Grounded | None:
    """``reading`` with its entity fixed and its confidence raised by the names ``text`` mentions (``found``);
    ``None`` when they change nothing."""
    if reading.intent == "create" and reading.entity in RECORDS:  # "add sam lee as a contact": a new person, not
        found = tuple(m for m in found if not m.entities & PEOPLE)  # Sarah Lee, nor the lead the new one works with
    single = [m for m in found if len(m.entities) == 1]
    if not found or reading.intent == "chat" or reading.offtopic is not None:
        return None
    if reading.intent == "unsupported":
        if not single:
            return None
        mention = single[0]
        if _key(text.strip(" .!?")) == _key(mention.written):
            return None  # a bare name asks nothing: the answer to a question ("Initech" for "which record?")
        (entity,) = mention.entities
        if entity == "account" and _says_a_deal_value(text):  # "bump globex to 130k": the company's deal
            again = read_clause(text.replace(mention.written, f"{mention.written} deal"))
            if again.intent not in ("chat", "unsupported") and again.entity == "deal":
                return _grounded(again, "deal", mention)
        again = read_clause(text.replace(mention.written, _WORD_FOR.get(entity, mention.written)))
        if again.intent in ("chat", "unsupported"):
            return None
        return _grounded(again, again.entity, mention)
    matching = [m for m in found if reading.entity in m.entities]
    if matching and _joined_to_existing(text, reading, matching[0]):  # "add tom to thursdays qbr": it exists
        return _grounded(replace(reading, intent="update"), reading.entity, matching[0])
    if matching:
        return _grounded(reading, reading.entity, matching[0])
    if reading.entity in _PERSONS:  # a person is a contact or a lead; a company named is no deal or account asked
        for mention in single:
            (entity,) = mention.entities
            if entity in _PERSONS and supported(reading.intent, entity):
                return _grounded(reading, entity, mention)
    return None


def _joined_to_existing(text: str, reading: Reading, mention: Mention) -> bool:
    """Whether a new event read from ``text`` is someone joined to an event that exists: the event mentioned comes
    right after a word of data/cues/joined_to_links.txt, a day between them or not ("add tom to thursdays qbr")."""
    if (reading.intent, reading.entity) != ("create", "event") or mention.entities != {"event"}:
        return False
    at = text.find(mention.written)
    words = [word.casefold() for word in _WORD.findall(text[:at])] if at > 0 else []
    while words and (_a_day(words[-1]) or words[-1] in ("'", "’", "s") or words[-1] in cues("event_determiners")):
        words.pop()
    return bool(words) and words[-1] in cues("joined_to_links")


def _says_a_deal_value(text: str) -> bool:
    """Whether ``text`` gives a value only a deal has: a money amount or a deal stage."""
    return values.amount(text) is not None or values.stage(text) is not None


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
    """The mentioned names as the slot tagger takes them: lower-case name → person (a contact, lead or sender), company
    (an account) or event; a deal's name is left to the rules."""
    out: dict[str, str] = {}
    for mention in found:
        kinds = mention.entities
        if kinds == {"deal"}:
            continue  # "the Initech deal": the company is Initech, the rules read the deal
        kind = "person" if kinds & PEOPLE else "company" if "account" in kinds else "event"
        out.setdefault(mention.written.lower(), kind)
    return out


_POSSESSIVE_SHORTEST = 3  # "als" is no possessive of a name long enough to know ("tom" + "s" is)
_LOWER_INITIALS = 3  # initials written in lower case name an event from three letters on ("the qbr", not "the lr")


def _initials(written: str, before: str) -> bool:
    """Initials alone are taken for a title when written in capitals ("the QBR"), or in lower case right after a word
    such as "the" or "my" when they are no word of English ("the qbr"; "ask" is not "All staff kickoff")."""
    if written.isupper():
        return True
    lower, english = written.casefold(), _english()  # without the word list, only capitals
    plain = bool(english) and len(lower) >= _LOWER_INITIALS and lower.isalpha() and lower not in english
    return plain and (before in cues("event_determiners") or _a_day(before))


def _word_before(folded: list[str], at: int) -> str:
    """The word before ``at``, a possessive's own word ("thursday's qbr": "thursday")."""
    if at >= 3 and folded[at - 1] == "s" and folded[at - 2] in ("'", "’"):
        return folded[at - 3]
    return folded[at - 1] if at else ""


def _a_day(word: str) -> bool:
    """A word of a day (data/cues/day_words.txt), or its possessive without the apostrophe ("thursdays qbr")."""
    days = cues("day_words")
    return word in days or (word.endswith("s") and word[:-1] in days)


@cache
def _english() -> frozenset[str]:
    """Ordinary English words (the embedding tokenizer's whole words, ``learned.gazetteer``), read once."""
    return frozenset(ordinary_words())


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


_WORD = re.compile(r"\w+|[^\w\s]")  # a word, or a mark between words ("1:1", "O'Brien")


def _words_key(name: str) -> str:
    return " ".join(word.group(0).casefold() for word in _WORD.finditer(name))


def _grounded(reading: Reading, entity: str, mention: Mention) -> Grounded:
    why = f"{reading.explanation}; '{mention.name}' is one of your {entity}s -> {reading.intent}/{entity}"
    confidence = max(reading.confidence, GROUNDED_CONFIDENCE)
    return Grounded(Reading(reading.intent, entity, confidence, reading.runner_up, why, reading.offtopic), mention)  # type: ignore[arg-type]
