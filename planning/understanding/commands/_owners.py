"""The person a record is given to, said at its card or right after it was made ("put it on john smith not me",
"assign it to sarah", "john should own it", "make priya the owner"): a correction of the record's ``owner``. The
words before the person are ``data/owner_leads.txt``, those after ``data/owner_tails.txt`` (with a word of
``data/owner_name_leads.txt`` before, "make priya the owner"); the person is a name the names reader reads, or the
requester ("me", ``data/owner_requester.txt``: the record is theirs). What follows a comma or a dash is the reason
("…, it's his account")."""

from planning.understanding import names
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import OWNER, REQUESTER, Correct


def owner_change(reply: Reply) -> Correct | None:
    """The owner said, and the one it replaces ("… not me"); None when the reply gives no one the record."""
    start = reply.after("leads", "polite")
    said = _before_reason(reply, start)
    words = said.words
    lead = phrases("owner_leads").at(words, start)
    if lead is not None:
        begin, end = start + lead[0], said.end_before(start + lead[0], "instead", "polite")
    else:  # "tom should own it": a name the words after it say is one, lowercase and unknown too
        end = said.end_before(start, "polite")
        tail = phrases("owner_tails").ending(words[start:end])
        if tail is None:
            return None
        begin, end = start, end - tail[0]
        verb = phrases("owner_name_leads").at(words, begin)
        begin += verb[0] if verb is not None else 0
    replaces: str | None = None
    for index in range(begin + 1, end):  # "john smith not me": john smith in the place of the requester
        found = phrases("replaces").at(words, index)
        if found is not None:
            replaces, end = _person(said, index + found[0], end, listed=lead is None), index
            break
    person = _person(said, begin, end, listed=lead is None)
    return Correct(person, field=OWNER, replaces=replaces) if person is not None else None


def _person(said: Reply, begin: int, end: int, *, listed: bool) -> str | None:
    """Tokens ``begin`` to ``end`` as a person: the requester, or one name the names reader finds there (read in the
    whole reply, which tells a lowercase name by the words around it) and nothing else; with ``listed`` (the words
    around say a person is named), also words that are a name as a list of people would hold one."""
    if begin >= end:
        return None
    if phrases("owner_requester").value(said.words[begin:end]) is not None:
        return REQUESTER
    first, last = said.toks[begin].start, said.toks[end - 1].end
    if said.words[end - 1].endswith("'s"):  # "sarah's taking it": the name without its "'s"
        last -= len("'s")
    found = [name for name in names.people(said.text) if name.start == first and name.end == last]
    if len(found) == 1:
        return found[0].text
    value = said.text[first:last]
    return value if listed and names.listed(value) == [value] and end - begin <= _NAME_WORDS else None


_NAME_WORDS = 3


def _before_reason(reply: Reply, start: int) -> Reply:
    """The reply up to a comma, a dash or a full stop after token ``start``: the reason follows ("…, it's his
    account")."""
    cut = next((i for i, tok in enumerate(reply.toks) if i > start and tok.word in _MARKS), None)
    return reply if cut is None else Reply(reply.text[: reply.toks[cut - 1].end], reply.toks[:cut])


_MARKS = frozenset({",", ";", "-", "–", "—", ".", "!"})
