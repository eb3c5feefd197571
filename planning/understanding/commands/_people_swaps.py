"""Changes of who an open plan writes to or invites, read with the people it has (``Context.people``): "take tom off"
while a subject is asked (Tom is one of them), "not tom, sarah" and "sarah not tom" (one of them replaced by
another); any other words are left to the other readings."""

from planning.understanding import names
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct


def among(value: str, people: tuple[str, ...]) -> bool:
    """Whether every name in ``value`` ("tom", "tom and priya") is one of ``people`` (names looked up, addresses)."""
    named = names.listed(value)
    return bool(named) and all(any(_same(name, person) for person in people) for name in named)


def swap(reply: Reply, people: tuple[str, ...]) -> Correct | None:
    """ "not tom, sarah", "no, not tom but sarah": the one named after the negation, one of ``people``, replaced by
    the ones named after the mark that follows."""
    words = reply.words
    index = reply.after("leads", "polite")
    if phrases("replaces").at(words, index) is None:
        return None
    start = index + (phrases("replaces").at(words, index) or (1, ""))[0]
    cut = next((i for i in range(start + 1, len(words)) if phrases("swap_marks").at(words, i) is not None), None)
    if cut is None:
        return None
    gone = reply.rest(start, cut)
    after = cut
    while after < len(words) and (mark := phrases("swap_marks").at(words, after)) is not None:
        after += mark[0]  # "- use rita", ", it's rita"
    end = reply.end_before(after, "instead", "adding_tails")
    coming = reply.rest(after, end)
    if not coming or not names.listed(coming) or not among(gone, people):
        return None
    return Correct(coming, people=True, replaces=gone)


def as_people(correct: Correct, people: tuple[str, ...]) -> Correct | None:
    """ "sarah not tom" read as a value then the one it replaces: a change of who when the one replaced is one of
    ``people`` and the value is names only."""
    if correct.replaces is None or correct.people or not among(correct.replaces, people):
        return None
    if not names.listed(correct.value):
        return None
    return Correct(correct.value, people=True, replaces=correct.replaces)


def _same(name: str, person: str) -> bool:
    """Whether ``name`` names ``person``: its first word is a word of the person's name or of an address's local
    part ("tom" → "tom.reyes@example.com", "john smith" → "john")."""
    said = name.lower().split()
    if not said:
        return False
    local = person.lower().split("@", 1)[0] if "@" in person else person.lower()
    parts = local.replace(".", " ").replace("_", " ").replace("-", " ").split()
    return said[0] in parts
