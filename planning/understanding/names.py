"""People, companies and email addresses named in a request, in typed or lower-case spoken text.

People and companies are the slot tagger's spans (:mod:`planning.understanding.learned.tagger`); addresses and
web domains are formats.
"""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from planning.understanding.cues import Words, cues
from planning.understanding.learned import gazetteer
from planning.understanding.learned.tagger import SlotSpan
from planning.understanding.learned.tagger_lazy import first_names, tagged
from planning.understanding.words import NOT_A_NAME, PRONOUNS

EMAIL_ADDRESS = re.compile(r"[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
SLACK_USER = re.compile(r"@(U[A-Z0-9]{6,})\b")
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


def named_by_address(text: str, address: str) -> str | None:
    """The words of ``text`` that name the person whose ``address`` it gives, when the tagger found no one: the
    address's local part spelt out ("ravi menon … ravi.menon@hooli.com" → "ravi menon"), or its one part followed
    by a surname-like word ("ravi menon from umbrella (ravi@umbrella.com)" → "ravi menon"); None otherwise."""
    local = address.split("@", 1)[0]
    parts = [part.lower() for part in "".join(c if c.isalpha() else " " for c in local).split()]
    if not parts or len(parts[0]) < 2:
        return None
    said = Words.of(text)
    kept = [i for i, t in enumerate(said.toks) if "@" not in t.word and t.word[:1].isalpha()]
    lowered = [said.toks[i].word for i in kept]
    typed = [said.text_of(i, i + 1) for i in kept]
    for start in range(len(kept) - len(parts) + 1):
        if lowered[start : start + len(parts)] != parts:
            continue
        end = start + len(parts)
        if len(parts) == 1 and end < len(kept) and _is_name_word(typed[end], typed=False):
            end += 1  # "ravi menon" for "ravi@": the next word, when it may be a name
        return " ".join(typed[start:end])
    return None


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


def people(text: str) -> list[Name]:
    """People named in ``text``: the slot tagger's person spans (names in the requester's own data, when the
    parse knows them, are evidence), and a relation ("my boss") as its role word ("boss")."""
    found: list[Name] = []
    typed = any(ch.isupper() for ch in text[1:])
    days = _occasions(text)
    for span in tagged(_mask_addresses(text)):
        if span.kind == "person" and any(start < span.end and span.start < end for start, end in days):
            continue  # "valentine's day", "st patrick's day": a day's possessive is no person
        if span.kind == "person" and all(w in PRONOUNS for w in span.text.lower().split()):
            continue  # "reply to all", "tell everyone": a pronoun names nobody to look up
        if span.kind == "person" and _purpose_after_to(text, span.start, span.text):
            continue  # "an hour w her wed to rehearse": what the time is for, not who
        if span.kind == "person" and typed:
            found.append(_capitalised_part(Name(span.text, span.start, span.end)))
        elif span.kind == "person":
            found.extend(_first_names_listed(Name(*_at(span)), first_names()))
        elif span.kind == "relation":
            words = span.text.split()
            while len(words) > 1 and words[0].lower() in PRONOUNS | _DETERMINERS:
                words = words[1:]
            role = " ".join(words).lower()
            found.append(Name(role, span.end - len(role), span.end))
    return _dedupe_names(found)


def words_named(words: Words, found: Iterable[Name]) -> set[int]:
    """The indexes of the words of ``words`` inside one of the names ``found``."""
    return {i for i, tok in enumerate(words.toks) for name in found if name.start <= tok.start < name.end}


def _purpose_after_to(text: str, start: int, said: str) -> bool:
    """Whether a span the tagger read as a person is a verb of data/cues/purpose_verbs.txt right after "to" ("… to
    rehearse", "… to prep"): the purpose of a meeting, never a name."""
    before = Words.of(text[:start]).words
    return bool(before) and before[-1] == "to" and cues("purpose_verbs").at(Words.of(said.lower()).words, 0) is not None


_DETERMINERS = frozenset({"the", "a", "an"})


def _occasions(text: str) -> list[tuple[int, int]]:
    """Where the text names a day or an occasion of ``data/cues/occasions.txt`` ("mother's day")."""
    words = Words.of(text)
    return [(words.char_start(f.start), words.char_end(f.end - 1)) for f in cues("occasions").find_all(words)]


def _first_names_listed(name: Name, known: Mapping[str, str]) -> list[Name]:
    """Lower-case first names the tagger read as one person are several when each is a first name and the last
    is no common last name ("mike jim" → mike, jim; "eddie richards" stays one person)."""
    words = name.text.split(" ")
    if len(words) < 2 or not all(w in known for w in words) or words[-1] in gazetteer.surnames():
        return [name]
    out: list[Name] = []
    at = name.start
    for word in words:
        out.append(Name(word, at, at + len(word)))
        at += len(word) + 1
    return out


def _at(span: SlotSpan) -> tuple[str, int, int]:
    return span.text, span.start, span.end


def _capitalised_part(name: Name) -> Name:
    """In typed text names are capitalised: lower-case words before a capitalised one are no part of the name
    ("add a task to chase Initech": Initech)."""
    words = name.text.split(" ")
    lead = 0
    while lead < len(words) - 1 and words[lead][:1].islower() and any(w[:1].isupper() for w in words[lead + 1 :]):
        lead += 1
    if lead == 0:
        return name
    kept = " ".join(words[lead:])
    return Name(kept, name.end - len(kept), name.end)


def _mask_addresses(text: str) -> str:
    """Email addresses blanked out (same length) so their parts are never read as names."""
    return EMAIL_ADDRESS.sub(lambda m: " " * len(m.group(0)), text)


def listed(words: str) -> list[str]:
    """The names in a span that holds only people ("maria and tom", "Priya, John"), in any case."""
    said = Words.of(_mask_addresses(words))
    cuts = [index for index, word in enumerate(said.words) if word in cues("name_list_joins")]
    bounds = zip([-1, *cuts], [*cuts, len(said)], strict=True)
    parts = [said.text_of(start + 1, end) for start, end in bounds]
    found = [" ".join(_name_prefix(part.split(), False)) for part in parts]
    return [name for name in found if name]


def _dedupe_names(names: list[Name]) -> list[Name]:
    names.sort(key=lambda n: (n.start, -(n.end - n.start)))
    kept: list[Name] = []
    for name in names:
        if any(k.start <= name.start and name.end <= k.end for k in kept):
            continue
        kept = [k for k in kept if not (name.start <= k.start and k.end <= name.end)]
        kept.append(name)
    return kept


def companies(text: str) -> list[Name]:
    """Company or CRM record names: the slot tagger's business spans ("the Acme deal", "a lead at Globex Corp"),
    and web domains ("acme.io") that are no part of an address."""
    spans = (s for s in tagged(_mask_addresses(text)) if s.kind == "business_name")
    found = [_without_account_word(Name(s.text, s.start, s.end)) for s in spans]
    for match in _DOMAIN.finditer(text):
        if not EMAIL_ADDRESS.search(text[max(0, match.start() - 40) : match.end()]):
            found.append(Name(match.group(1), match.start(1), match.end(1)))
    return _dedupe_names(found)


def _without_account_word(name: Name) -> Name:
    """ "initech acct" → "initech": a word of an account (``cues/entity_account.txt``) ending a company's span names
    the record, not the company."""
    head, _, last = name.text.rpartition(" ")
    if head.strip() and last.lower() in cues("entity_account"):
        return Name(head.rstrip(), name.start, name.start + len(head.rstrip()))
    return name


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
