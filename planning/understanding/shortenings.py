"""How people shorten an event's title: the words that end it ("standup" for "Daily standup", "pipeline review" for
"Weekly pipeline review"), a subset of its words that keeps the last ("daily review" for "Daily pipeline review"),
initials of a run of its words ("the AR sync" for "Accounts receivable sync", "the QBR" for "Quarterly business
review", also for "Acme quarterly business review", as is "the acme QBR"), and (``Abbreviations``, matched as a
request is read) words cut short ("eng sync", "sprint retro").

English noun compounds end in their head ("accounts receivable *sync*"), so a shortening keeps the last word, whole
or as an initial of a run that ends the title. Only the words before a joint ("Sync *with* Dana") are shortened.
A shortening made only of words for a kind of event ("the sync", "weekly call") names no event, and one made of
initials alone ("QBR") is taken only when written in capitals, or in lower case after "the" when no word of English
(``grounding``: "the qbr"; "ask" is not "All staff kickoff").
Words live in ``data/title_joints.txt``; words for a kind of event in ``data/generic_events.txt``,
``data/meeting_kinds.txt`` and ``data/shortening_fillers.txt``.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

MOST_WORDS = 6  # a longer title is shortened only from its last words
_RUN = 3  # initials of as many words ending the title name it alone ("QBR" for "Acme quarterly business review")
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
    kinds = _kinds()
    for start in range(len(words) - 1):  # initials of a run of two words or more, then the words after it
        for end in range(start + 2, len(words) + 1):
            initials = "".join(word[0] for word in words[start:end])
            rest = words[end:]
            if rest or set(words[:start]) <= kinds or end - start >= _RUN:  # initials alone: of the title but for
                found.add(Shortening(" ".join((initials, *rest)), not rest))  # words such as "weekly", or of 3 words
            if start and not rest:  # the words before, then the initials of the rest ("acme qbr")
                found.add(Shortening(" ".join((*words[:start], initials)), False))
    return frozenset(s for s in found if len(s.key) >= 2 and not set(s.key.split()) <= kinds)


class Abbreviations:
    """Titles found by words that begin theirs, in order, ending with the title's last ("eng sync" for "Engineering
    sync", "sprint retro" for "Sprint retrospective"): two words at least, one of them cut short (3 letters or
    more), not only words for a kind of event, and one title alone abbreviated so."""

    def __init__(self, titles: Iterable[str]) -> None:
        self._by_start: dict[str, list[tuple[tuple[str, ...], str]]] = {}  # the last word's first 3 letters → titles
        for title in titles:
            words = tuple(_main_words(title)[-MOST_WORDS:])
            if len(words) >= 2:
                self._by_start.setdefault(words[-1][:3], []).append((words, title))

    def found(self, words: Sequence[str], end: int, first: int) -> tuple[int, str] | None:
        """The title that ``words[start : end + 1]`` (case-folded) abbreviate, with ``start`` (not before ``first``);
        None when no title, or several, are abbreviated by as many words."""
        typed = words[end]
        best: dict[str, int] = {}
        for title_words, title in self._by_start.get(typed[:3], []) if len(typed) >= 3 else []:
            if not title_words[-1].startswith(typed):
                continue
            start, left = end, len(title_words) - 2
            while start > first and left >= 0:
                at = next((j for j in range(left, -1, -1) if _begins(words[start - 1], title_words[j])), None)
                if at is None:
                    break
                start, left = start - 1, at - 1
            said = tuple(words[start : end + 1])
            short = any(word not in title_words for word in said)
            if len(said) >= 2 and short and not set(said) <= _kinds():
                best[title] = start
        if not best:
            return None
        earliest = min(best.values())
        titles = [title for title, start in best.items() if start == earliest]
        return (earliest, titles[0]) if len(titles) == 1 else None


def _begins(typed: str, word: str) -> bool:
    return typed == word or (len(typed) >= 3 and typed.isalpha() and word.startswith(typed))


def _kinds() -> frozenset[str]:
    return _words("generic_events") | _words("meeting_kinds") | _words("shortening_fillers")


def _main_words(title: str) -> list[str]:
    """The title's words before its first joint, case-folded."""
    joints = _words("title_joints")
    out: list[str] = []
    for word in title.casefold().split():
        if word in joints or not word.isalnum():
            break
        out.append(word)
    return out
