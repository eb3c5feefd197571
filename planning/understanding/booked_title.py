"""What a booking verb said first books, when it is not a known kind of event: "put a focus block on Thursday" →
"focus block", "hold 2 hrs of deep work fri" → "deep work". Up to three words after the verb (past an article and a
length), ended by a word of ``data/title_stops.txt`` (whom with, when, where), a mark or the end; none of them a
word of ``data/not_titles.txt`` ("block some time", "put it on my cal") unless another word names it ("put focus time
on my cal"). The words are data (``booking_verbs``, ``booked_skips``, ``length_units``, ``title_stops``, ``not_titles``,
``booked_fillers``)."""

from collections.abc import Sequence

from planning.understanding.commands._words import Token, tokens
from planning.understanding.word_lists import listed, words
from planning.understanding.words import FUNCTION_WORDS, PRONOUNS

_MOST_WORDS = 3


def booked(text: str) -> tuple[str, int] | None:
    """The thing booked as typed, and where it ends in ``text``; None when the request books no named thing."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    at = 1 if said[:1] == ("please",) else 0
    verb = listed("booking_verbs").at(said, at)
    if verb is None:
        return None
    at += verb[0]
    at = _past_length(said, _past_skips(said, at))
    if at >= len(toks) or listed("title_stops").at(said, at) is not None:
        return None
    for last in range(at, min(at + _MOST_WORDS, len(toks))):
        if not _a_word(toks[last]):
            return None
        if last + 1 == len(toks) or not _a_word(toks[last + 1]) or listed("title_stops").at(said, last + 1):
            if _names_nothing(said[at : last + 1]):
                return None
            return text[toks[at].start : toks[last].end], toks[last].end
    return None


def _names_nothing(said: Sequence[str]) -> bool:
    """Whether the words booked are only small words and words of ``not_titles`` and ``booked_fillers`` ("some free
    time", "it", "off my whole afternoon"); "focus time" names the time it is."""
    small = FUNCTION_WORDS | PRONOUNS | words("not_titles") | words("booked_fillers")
    return all(w in small for w in said)


def _past_skips(said: Sequence[str], at: int) -> int:
    while at < len(said) and said[at] in words("booked_skips"):
        at += 1
    return at


def _past_length(said: Sequence[str], at: int) -> int:
    """Past a length and its "of" ("30 min of", "1.5h", "2-hour", "an hour of"), if one is said at ``at``."""
    if at >= len(said):
        return at
    word = said[at]
    if word in words("length_units"):  # "an hour of …": the article was skipped
        return _past_skips(said, at + 1)
    number = word.rstrip("abcdefghijklmnopqrstuvwxyz-")
    if not number or not number.replace(".", "", 1).isdigit():
        return at
    unit = word[len(number) :].lstrip("-")
    if unit:
        at += 1 if unit in words("length_units") else 0
    elif at + 1 < len(said) and said[at + 1] in words("length_units"):
        at += 2
    else:
        return at
    return _past_skips(said, at)


def _a_word(token: Token) -> bool:
    """A word that may name a thing: it starts with a letter ("deep", "q3-prep"), not a mark or a number."""
    return token.word[:1].isalpha()
