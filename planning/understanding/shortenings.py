"""How people shorten an event's title: the words that end it ("standup" for "Daily standup", "pipeline review" for
"Weekly pipeline review"), a subset of its words that keeps the last ("daily review" for "Daily pipeline review"),
and initials of a run of its words ("the AR sync" for "Accounts receivable sync", "the QBR" for "Quarterly business
review").

English noun compounds end in their head ("accounts receivable *sync*"), so a shortening keeps the last word, whole
or as an initial of a run that ends the title. Only the words before a joint ("Sync *with* Dana") are shortened.
A shortening made only of words for a kind of event ("the sync", "weekly call") names no event, and one made of
initials alone ("QBR") is taken only when written in capitals ("ask" is not "All staff kickoff").
Words live in ``data/title_joints.txt``; words for a kind of event in ``data/generic_events.txt``,
``data/meeting_kinds.txt`` and ``data/shortening_fillers.txt``.
"""

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

MOST_WORDS = 6  # a longer title is shortened only from its last words
_DATA = Path(__file__).parent / "data"


@dataclass(frozen=True, slots=True)
class Shortening:
    key: str  # case-folded, single spaces
    capitals_only: bool  # initials alone: written in capitals


@cache
def _words(name: str) -> frozenset[str]:
    lines = (_DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().casefold() for line in lines if line.strip() and not line.startswith("#"))


def shortenings(title: str) -> frozenset[Shortening]:
    """The shortenings of ``title`` other than the title itself."""
    words = _main_words(title)[-MOST_WORDS:]
    if len(words) < 2:
        return frozenset()
    found: set[Shortening] = set()
    *before, head = words
    for size in range(len(before)):  # a subset of the words before the head, in order, and the head
        for kept in combinations(before, size):
            found.add(Shortening(" ".join((*kept, head)), False))
    kinds = _words("generic_events") | _words("meeting_kinds") | _words("shortening_fillers")
    for start in range(len(words) - 1):  # initials of a run of two words or more, then the words after it
        for end in range(start + 2, len(words) + 1):
            initials = "".join(word[0] for word in words[start:end])
            rest = words[end:]
            if rest or set(words[:start]) <= kinds:  # initials alone: of the title but for words such as "weekly"
                found.add(Shortening(" ".join((initials, *rest)), not rest))
    return frozenset(s for s in found if len(s.key) >= 2 and not set(s.key.split()) <= kinds)


def _main_words(title: str) -> list[str]:
    """The title's words before its first joint, case-folded."""
    joints = _words("title_joints")
    out: list[str] = []
    for word in title.casefold().split():
        if word in joints or not word.isalnum():
            break
        out.append(word)
    return out
