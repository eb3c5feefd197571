"""Of several things found where one is meant, the one that holds clearly the most of the words the request looked
for it by ("the signed acme msa from john": "Contract: Acme master services agreement (signed)" holds "signed",
"acme" and "msa", the other mails from John none). A word is held when a word of the thing's text starts with it, or
when it is the initials of words that follow one another there ("msa": "master services agreement"). Grounding of the
request's words in what was found, no list of names or acronyms."""

from collections.abc import Sequence

from planning.understanding.held_words import holds
from planning.understanding.record_words import search_words


def best_holding(said: str, texts: Sequence[str]) -> int | None:
    """The index of the one text of ``texts`` that holds more of the words of ``said`` than every other, and at least
    two of them and half; None when no text stands out so."""
    words = search_words(said)
    if not words or len(texts) < 2:
        return None
    counts = [sum(1 for word in words if holds(text, word)) for text in texts]
    best = max(counts)
    if best < min(2, len(words)) or 2 * best < len(words) or counts.count(best) != 1:
        return None
    return counts.index(best)
