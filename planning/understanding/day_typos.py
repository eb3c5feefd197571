"""Day words typed with a slip ("tmorow", "thrusday", "wedensday", "afternon", "febuary"): read as the word meant.

A word is respelled when it is no ordinary English word (the embedding tokenizer's vocabulary) nor a name (the
census lists of first and last names) and is close to one word of ``data/cues/day_words.txt`` (difflib's ratio at
least ``CLOSE``), clearly closer than to any other; a plural ("thrusdays") keeps its "s". A day read from a slip
is better than the wrong day read from nothing: without it, "book it for tmorow at 3" is booked today.
"""

from collections.abc import Callable
from difflib import SequenceMatcher
from functools import cache

from planning.understanding.cues import cues
from planning.understanding.learned.gazetteer import first_names, last_names, ordinary_words

CLOSE = 0.8
MARGIN = 0.05  # the best reading must be this much closer than the next
SHORTEST = 5  # shorter words are too easily close to another ("mon", "tue" are read as written)


def respelled_days(text: str) -> str:
    """``text`` with each mistyped day word as the word meant; everything else as typed."""
    return respelled(text, day_meant)


def respelled(text: str, *readers: Callable[[str], str | None]) -> str:
    """``text`` with each word (a run of letters) that one of ``readers`` reads as a slip (given it in lower case)
    written as the word meant, the first capital kept; everything else as typed. One pass for every reader."""
    out: list[str] = []
    index = 0
    while index < len(text):
        if not text[index].isalpha():
            out.append(text[index])
            index += 1
            continue
        end = index
        while end < len(text) and text[end].isalpha():
            end += 1
        typed = text[index:end]
        meant = next((word for reader in readers if (word := reader(typed.lower())) is not None), None)
        out.append(typed if meant is None else (meant.capitalize() if typed[0].isupper() else meant))
        index = end
    return "".join(out)


def day_meant(typed: str) -> str | None:
    """The day word a lower-case ``typed`` word is a slip of, or None."""
    if len(typed) < SHORTEST or typed in _days() or typed in _ordinary():
        return None
    if typed.endswith("s"):  # "thursdays" as typed; "thrusdays": "thursdays"
        single = typed[:-1]
        if single in _days() or single in _ordinary():  # "monas wedding": Mona's
            return None
        plural = _closest(single)
        if plural is not None:
            return plural + "s"
    return _closest(typed)


def _closest(typed: str) -> str | None:
    ranked = sorted(((SequenceMatcher(None, typed, day).ratio(), day) for day in _days()), reverse=True)
    (best, day), (second, _) = ranked[0], ranked[1]
    return day if best >= CLOSE and best - second >= MARGIN else None


@cache
def _days() -> frozenset[str]:
    return frozenset(phrase[0] for phrase in cues("day_words").lines if len(phrase) == 1)


def is_ordinary(word: str) -> bool:
    """Whether ``word`` (lower case) is an ordinary English word or a person's name, never a slip."""
    return word in _ordinary()


@cache
def _ordinary() -> frozenset[str]:
    """Words that are words or people's names ("frieda", "mondy"), never a slip."""
    return frozenset(ordinary_words()) | frozenset(first_names()) | frozenset(last_names())
