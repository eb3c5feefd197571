"""Who a mail is from, by grammar around the mail's words (contract §2.2, §2.7): "the latest invoice email from
stripe to nadia" (stripe sends, nadia is the recipient), "hamid's email about the audit" (hamid sends).

The sender is the words after "from" up to a word of ``data/mail_role_ends.txt``, a time word or a mark, at most
four words (or the person the slot tagger reads there), whatever their case and whether or not they are a person (a
company sends invoices); or the owner of a
mail noun of ``data/mail_nouns.txt`` ("X's email", "X's latest message"). "from" followed by a time ("from last
week"), a number or a pronoun, or ending on a kind of event ("notes from the vendor call"), names no sender; an owner
said before "from" is the sender.
"""

from dataclasses import dataclass

from planning.understanding.commands._words import Token, tokens
from planning.understanding.learned.features import word_classes
from planning.understanding.learned.tagger_lazy import tagged
from planning.understanding.word_lists import listed, words
from planning.understanding.words import PRONOUNS, TIME_WORDS

_MAX_WORDS = 4
_DETERMINERS = frozenset({"the"})
_MARKS = frozenset(',.;:!?()"')


@dataclass(frozen=True, slots=True)
class Sender:
    name: str
    start: int  # where the name is in the text
    end: int
    owner: bool  # said as the owner of the mail ("hamid's email"), not after "from"


def sender(text: str) -> Sender | None:
    """The sender a request names for a mail, if any: after "from" first, else as the owner of a mail noun."""
    toks = tokens(text)
    after_from, owner = _after_from(text, toks), _owner(text, toks)
    if owner is not None and (after_from is None or owner.start < after_from.start):
        return owner  # "sarah's email with her notes from the board call": sarah's, whatever comes later
    return after_from or subject_of_sending(text, toks)


def subject_of_sending(text: str, toks: tuple[Token, ...]) -> Sender | None:
    """ "what did the landlord send me", "has acme replied": the words between the helping verb and the sending one."""
    helpers, verbs = words("mail_helping_verbs"), listed("mail_sent_verbs")
    said = tuple(t.word for t in toks)
    for index, word in enumerate(said):
        if word not in helpers:
            continue
        first = index + 1
        while first < len(said) and said[first] in _DETERMINERS:
            first += 1
        for last in range(first + 1, min(first + _MAX_WORDS, len(said)) + 1):
            if verbs.at(said, last) is not None:
                while last > first + 1 and said[last - 1] in words("mail_sender_adverbs"):
                    last -= 1  # "did john park ever get back to me"
                if any(_no_name(w) or w in _MARKS or w in words("mail_role_ends") for w in said[first:last]):
                    break  # "did i email", "did ben and jen get back together"
                return Sender(
                    text[toks[first].start : toks[last - 1].end], toks[first].start, toks[last - 1].end, False
                )
    return None


def addressee(text: str, people: tuple[str, ...]) -> str | None:
    """The person a mail searched for was sent to: one read right after "to" ("emails to raj last week"), or right
    after a verb of sending said by the requester ("did i email tom yesterday")."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    verbs = words("mail_sent_verbs")
    for person in people:
        first = person.lower().split()[0] if person.split() else ""
        for index, word in enumerate(said[1:], start=1):
            if word != first:
                continue
            by_me = index > 1 and said[index - 1] in verbs and said[index - 2] in ("i", "we")  # "did i email tom"
            if said[index - 1] == "to" or by_me:
                return person
    return None


def _after_from(text: str, toks: tuple[Token, ...]) -> Sender | None:
    ends = words("mail_role_ends")
    for index, tok in enumerate(toks):
        if tok.word != "from":
            continue
        first = index + 1
        while first < len(toks) and toks[first].word in _DETERMINERS:
            first += 1
        last = first
        while last < len(toks) and last - first < _MAX_WORDS and not _ends_name(toks[last].word, ends):
            last += 1
        if last == first or _no_name(toks[first].word) or _an_event(toks[last - 1].word):
            continue  # "from 2 to 3", "from me", "from last week", "from today's inbox", "from the vendor call"
        person = next((s for s in tagged(text) if s.kind == "person" and s.start == toks[first].start), None)
        end = min(person.end, toks[last - 1].end) if person is not None else toks[last - 1].end
        return Sender(text[toks[first].start : end], toks[first].start, end, False)
    return None


def _no_name(word: str) -> bool:
    """A word that starts no sender's name: a pronoun, a time word ("today's"), a number."""
    bare = word.removesuffix("'s")
    return bare in PRONOUNS or bare in TIME_WORDS or not any(ch.isalpha() for ch in bare)


def _an_event(word: str) -> bool:
    """A kind of event ("call", "standup", "offsite"): notes from it, not mail from someone."""
    return word_classes().get(word) == "event" or word_classes().get(word.removesuffix("s")) == "event"


def _ends_name(word: str, ends: frozenset[str]) -> bool:
    return word in ends or word in TIME_WORDS or word in _MARKS or word[0].isdigit()


def _owner(text: str, toks: tuple[Token, ...]) -> Sender | None:
    nouns, skips = words("mail_nouns"), listed("mail_owner_skips")
    said = tuple(t.word for t in toks)
    for index, tok in enumerate(toks):
        if not tok.word.endswith("'s") or len(tok.word) < 3 or _no_name(tok.word):
            continue  # "today's emails"
        after = index + 1
        while (skip := skips.at(said, after)) is not None:
            after += skip[0]
        if after < len(said) and said[after] in nouns:
            return Sender(text[tok.start : tok.end - 2], tok.start, tok.end - 2, True)
    return None


def owned_topic(text: str, owner: Sender) -> str | None:
    """What the owned mail is about ("hamid's email about the audit to yuki" → "the audit"), if said right after it."""
    toks = tuple(t for t in tokens(text) if t.start >= owner.end)
    said = tuple(t.word for t in toks)
    at = 0
    while (skip := listed("mail_owner_skips").at(said, at)) is not None:
        at += skip[0]
    at += 1  # the mail noun
    if at >= len(said) or said[at] not in _ABOUT:
        return None
    ends = words("mail_role_ends")
    last = at + 1
    while last < len(said) and said[last] not in ends and said[last] not in _MARKS:
        last += 1
    return text[toks[at + 1].start : toks[last - 1].end] if last > at + 1 else None


_ABOUT = frozenset({"about", "regarding", "re", "on"})


def sender_first(text: str, people: tuple[str, ...]) -> tuple[str, ...]:
    """``people`` with the sender ``text`` names for the mail searched first (a search filters by its first)."""
    said = sender(text)
    if said is None:
        return people
    inside = [p for p in people if p.lower() in said.name.lower() or said.name.lower() in p.lower()]
    name = inside[0] if inside and len(inside[0]) >= len(said.name) else said.name
    return (_of_group(name), *(p for p in people if p not in inside))


def _of_group(name: str) -> str:
    """ "acme folks", "the globex team" → "acme", "globex": a company's people send as the company (its domain),
    not as someone named "acme folks" (data/mail_sender_group_nouns.txt); a group noun alone is kept."""
    said = name.split()
    if len(said) > 1 and said[-1].lower() in words("mail_sender_group_nouns"):
        return " ".join(said[:-1])
    return name


def recipients_after_to(segment: str) -> tuple[str, ...]:
    """The names after "to" in ``segment`` ("to oskar and li"), whatever their case; none for "to me", "to my …"."""
    toks = tokens(segment)
    start = next((i + 1 for i, tok in enumerate(toks) if tok.word == "to"), None)
    if start is None:
        return ()
    ends = words("mail_role_ends") - {"and"}
    names: list[str] = []
    current: list[Token] = []
    for tok in (*toks[start:], None):
        if tok is None or tok.word in ("and", ",", "&") or _ends_name(tok.word, ends):
            if current and not _no_name(current[0].word) and current[0].word not in _DETERMINERS:
                names.append(segment[current[0].start : current[-1].end])
            current = []
            if tok is None or tok.word not in ("and", ",", "&"):
                break
        else:
            current.append(tok)
    return tuple(names)
