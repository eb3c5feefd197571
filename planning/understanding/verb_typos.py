"""Action words typed with a slip ("emial jon smith re the forecast", "sned laura the deck", "cancle my 3pm"): read as
the word meant.

A word is respelled when it is no ordinary English word nor a name (as for day words, ``day_typos``) and is one
slip (a letter left out, added inside or changed to a key next to it, or two letters swapped; the first letter as
typed) from exactly one word of ``data/cues/verb_words.txt``. Without it the request's verb is not read, and "emial
jon …" was read as a calendar search.
"""

from functools import cache

from planning.understanding.cues import cues
from planning.understanding.day_typos import is_ordinary, respelled

SHORTEST = 4  # shorter words are too easily one slip from another


def respelled_verbs(text: str) -> str:
    """``text`` with each mistyped action word as the word meant; everything else as typed."""
    return respelled(text, verb_meant)


def verb_meant(typed: str) -> str | None:
    """The action word a lower-case ``typed`` word is one slip of, or None."""
    if len(typed) < SHORTEST or typed in _verbs() or is_ordinary(typed):
        return None
    close = [verb for verb in _verbs() if _one_slip(typed, verb)]
    return close[0] if len(close) == 1 else None


def _one_slip(typed: str, word: str) -> bool:
    """Whether ``typed`` is ``word`` with one letter left out, added inside or changed, or two neighbours swapped; the
    first letter as typed ("gmail" is no "email") and no letter added at the end ("invitee", "rescheduled" are words
    of their own)."""
    if typed == word or typed[:1] != word[:1] or abs(len(typed) - len(word)) > 1:
        return False
    if len(typed) == len(word):
        diff = [i for i in range(len(word)) if typed[i] != word[i]]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and typed[diff[0]] == word[diff[1]]
        if len(diff) == 1:  # a key next to the one meant ("senf"), never any letter ("rewind" is no "remind")
            return typed[diff[0]] in _NEAR.get(word[diff[0]], "")
        return swapped and typed[diff[1]] == word[diff[0]]
    if len(typed) < len(word):
        return any(word[:i] + word[i + 1 :] == typed for i in range(len(word)))
    return any(typed[:i] + typed[i + 1 :] == word for i in range(len(typed) - 2))  # not next to the end


def _near_keys() -> dict[str, str]:
    """Each letter's neighbours on a QWERTY keyboard (same row, and the rows above and below)."""
    rows = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
    near: dict[str, str] = {}
    for r, row in enumerate(rows):
        for c, key in enumerate(row):
            around = [row[i] for i in (c - 1, c + 1) if 0 <= i < len(row)]
            for other in (rows[r - 1] if r > 0 else "", rows[r + 1] if r + 1 < len(rows) else ""):
                around += [other[i] for i in (c - 1, c, c + 1) if 0 <= i < len(other)]
            near[key] = "".join(around)
    return near


_NEAR = _near_keys()


@cache
def _verbs() -> frozenset[str]:
    return frozenset(phrase[0] for phrase in cues("verb_words").lines if len(phrase) == 1)
