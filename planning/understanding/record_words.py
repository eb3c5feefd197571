"""A record named loosely is found by the words of its name ("the globex quote task" → the task "Prepare the 250-seat
quote for Globex"): each word said that carries meaning (not one of ``data/search_skip_words.txt``) is in the
record's name, in any order and among other words. Grounding of a name in what the user's records hold."""

from functools import cache
from typing import Any

import snowballstemmer

from planning.understanding.held_words import holds
from planning.understanding.word_lists import words as word_list

_PUNCTUATION = "\"'“”‘’,;:.!?()"


def search_words(said: str) -> list[str]:
    """The words of ``said`` to look for, folded, each once: "the Globex quote" → ["globex", "quote"]."""
    folded = (part.strip(_PUNCTUATION).casefold() for part in said.split())
    kept = [word for word in folded if word and word not in word_list("search_skip_words")]
    return list(dict.fromkeys(kept))


def holds_words(name: str, words: list[str]) -> bool:
    """Whether each of ``words`` is in ``name`` (folded; "quote" is in "quotes", "globex" in "Globex's"), or is the
    initials of words that follow one another there ("msa": "master services agreement")."""
    folded = name.casefold()
    return bool(words) and all(word in folded or holds(name, word) for word in words)


@cache
def _stemmer() -> Any:
    return snowballstemmer.stemmer("english")


def stem(word: str) -> str:
    """``word``'s stem by the Snowball (Porter 2) English stemmer: what "rehearsing", "rehearse" and "rehearsals"
    share ("rehears"), so that a search finds each form of it."""
    return str(_stemmer().stemWord(word))
