"""People, companies and email addresses named in a request, in typed or lower-case spoken text."""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from planning.understanding.words import MONTHS, NOT_A_NAME, PRONOUNS, ROLE_WORDS, WEEKDAYS

COMPANY_STOP = PRONOUNS | WEEKDAYS | MONTHS | frozenset("the a an my our your at on in to for with from".split())

EMAIL_ADDRESS = re.compile(r"[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
SLACK_USER = re.compile(r"@(U[A-Z0-9]{6,})\b")
_WORD = r"[A-Za-z][A-Za-z'.-]*"
_PERSON_TRIGGER = re.compile(
    r"\b(?:to|with|from|cc|e-?mail|mail|message|ping|tell|invite|meet|meeting|text|reply to|respond to|"
    r"named|called|for|let|drop|shoot|contact|and|by|sync|1:1|call)\s+(?:(?:mr|mrs|ms|dr)\.?\s+)?"
    rf"(?=({_WORD}(?:\s+{_WORD}){{0,2}}))",  # a lookahead: "email maria and sarah" also finds "and sarah"
    re.I,
)
_POSSESSIVE = re.compile(rf"\b({_WORD}(?:\s+[A-Z][a-z]+)?)'s\b")
_MY_ROLE = re.compile(
    r"\b(?:my|our|the)\s+(" + "|".join(sorted(ROLE_WORDS, key=len, reverse=True)) + r")\b"
    r"(?=\s*(?:$|[,.?!;]|(?:about|that|saying|to|with|and|on|at|for|the|a|an|re|know|a line)\b))",
    re.I,
)
_COMPANY_BEFORE_RECORD = re.compile(
    rf"\b({_WORD}(?:\s+{_WORD})?)\s+(?:deal|lead|account|opportunity|oppty|team|expansion|contract|contact)s?\b",
    re.I,
)
_COMPANY_AFTER = re.compile(rf"\b(at|for|with|from|of)\s+({_WORD}(?:\s+[A-Z]{_WORD})?)", re.I)
PEOPLE_RECORDS_PREPOSITIONS = ("at", "from", "of")  # "a contact for Li Wei at Initech": for names the person
_DOMAIN = re.compile(r"\b([a-z0-9-]+\.(?:com|org|net|io|co|ai|dev))\b", re.I)


@dataclass(frozen=True, slots=True)
class Name:
    text: str
    start: int
    end: int


def display_name(who: str) -> str:
    """An address reads as a name: "priya.shah@example.com" → "Priya Shah"; anything else stays as it is."""
    if not EMAIL_ADDRESS.fullmatch(who.strip()):
        return who
    local = who.strip().split("@", 1)[0]
    return " ".join(part.capitalize() for part in re.split(r"[._+-]+", local) if part)


def email_addresses(text: str) -> list[str]:
    return _unique(m.group(0).rstrip(".") for m in EMAIL_ADDRESS.finditer(text))


def _is_name_word(word: str, typed: bool) -> bool:
    bare = word.strip(".,").removesuffix("'s").strip("'").lower()
    if not bare or bare in NOT_A_NAME or any(ch.isdigit() for ch in bare):
        return False
    return not (typed and not word[0].isupper())


def _name_prefix(words: list[str], typed: bool) -> list[str]:
    taken: list[str] = []
    for word in words:
        if not _is_name_word(word, typed):
            break
        taken.append(word.rstrip(".,").removesuffix("'s"))
    return taken


def _company_prefix(words: list[str]) -> list[str]:
    """Capitalised words in typed text name a company even when they are common words ("Daily Bugle")."""
    taken: list[str] = []
    for word in words:
        bare = word.strip(".,").lower()
        if not word[:1].isupper() or bare in COMPANY_STOP or any(ch.isdigit() for ch in bare):
            break
        taken.append(word.rstrip(".,"))
    return taken


_PARTICLES = frozenset({"up", "back", "out", "off"})


def _phrasal_verb(words: list[str]) -> bool:
    """In lower-case text, a particle ("back") or a word before "up" ("follow up", "set up") is part of a verb."""
    first = words[0].strip(".,").lower() if words else ""
    return first in _PARTICLES or (len(words) > 1 and words[1].strip(".,").lower() == "up")


def _typed(text: str) -> bool:
    """Typed text capitalises names; spoken-style text is all lower case."""
    return any(ch.isupper() for ch in text[1:])


def _mask_addresses(text: str) -> str:
    """Email addresses blanked out (same length) so their parts are never read as names."""
    return EMAIL_ADDRESS.sub(lambda m: " " * len(m.group(0)), text)


def people(text: str) -> list[Name]:
    """Names of people, longest form first seen; role words ("my boss") count as a name."""
    text = _mask_addresses(text)
    typed = _typed(text)
    found: list[Name] = []
    for match in _PERSON_TRIGGER.finditer(text):
        if not typed and _phrasal_verb(match.group(1).split()):
            continue  # "a task to follow up", "call back the printer": a verb, not a person
        words = _name_prefix(match.group(1).split(), typed)
        if words:
            name = " ".join(words[:2] if not typed else words)
            found.append(Name(name, match.start(1), match.start(1) + len(name)))
            found += _listed_after(text, found[-1].end, typed)
    for match in _POSSESSIVE.finditer(text):
        words = _name_prefix(match.group(1).split(), typed)
        if words and len(words) == len(match.group(1).split()):
            found.append(Name(" ".join(words), match.start(1), match.end(1)))
    for match in _MY_ROLE.finditer(text):
        found.append(Name(match.group(1).lower(), match.start(1), match.end(1)))
    if typed:
        found += _capitalised_runs(text)
    return _dedupe_names(found)


_LIST_NEXT = re.compile(rf",\s*(?:and\s+|&\s+)?(?=({_WORD}(?:\s+{_WORD})?))", re.I)


def _listed_after(text: str, end: int, typed: bool) -> list[Name]:
    """The names that follow a name in a comma list: "let maria, tom and sarah know" → tom (sarah has "and")."""
    found: list[Name] = []
    while (match := _LIST_NEXT.match(text, end)) is not None:
        words = _name_prefix(match.group(1).split(), typed)
        if not words:
            break
        name = " ".join(words)
        found.append(Name(name, match.start(1), match.start(1) + len(name)))
        end = match.start(1) + len(name)
    return found


def listed(words: str) -> list[str]:
    """The names in a span that holds only people ("maria and tom", "Priya, John"), in any case."""
    parts = re.split(r"\s*(?:,|\band\b|&)\s*", _mask_addresses(words))
    found = [" ".join(_name_prefix(part.split(), False)) for part in parts]
    return [name for name in found if name]


_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b")


def _capitalised_runs(text: str) -> list[Name]:
    found = []
    for match in _CAPITALISED.finditer(text):
        words = [w for w in match.group(1).split() if w.lower() not in NOT_A_NAME]
        if words and len(words) == len(match.group(1).split()):
            found.append(Name(match.group(1), match.start(1), match.end(1)))
    return found


def _dedupe_names(names: list[Name]) -> list[Name]:
    names.sort(key=lambda n: (n.start, -(n.end - n.start)))
    kept: list[Name] = []
    for name in names:
        if any(k.start <= name.start and name.end <= k.end for k in kept):
            continue
        kept = [k for k in kept if not (name.start <= k.start and k.end <= name.end)]
        kept.append(name)
    return kept


def companies(text: str, *, after_prepositions: bool, prepositions: tuple[str, ...] | None = None) -> list[Name]:
    """Company names: before a record word ("the Acme deal"), or after at/for/with/from when asked."""
    typed = _typed(text)
    found: list[Name] = []
    for match in _COMPANY_BEFORE_RECORD.finditer(text):
        words = match.group(1).split()
        while words and not _is_name_word(words[0], typed):
            words = words[1:]
        if words and all(_is_name_word(w, typed) for w in words):
            start = match.end(1) - len(" ".join(words))
            name = re.sub(r"['’]s$", "", " ".join(words))  # "Initech's lead": the company is Initech
            found.append(Name(name, start, start + len(name)))
    if after_prepositions:
        for match in _COMPANY_AFTER.finditer(text):
            if prepositions is not None and match.group(1).lower() not in prepositions:
                continue
            phrase = match.group(2).split()
            words = _company_prefix(phrase) if typed else _name_prefix(phrase, typed)
            if words:
                name = " ".join(words)
                found.append(Name(name, match.start(2), match.start(2) + len(name)))
    for match in _DOMAIN.finditer(text):
        if not EMAIL_ADDRESS.search(text[max(0, match.start() - 40) : match.end()]):
            found.append(Name(match.group(1), match.start(1), match.end(1)))
    return _dedupe_names(found)


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
