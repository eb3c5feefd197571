"""A pronoun listed with a named person ("a check-in w him and sarah"): someone named earlier, one of the people
the request is with, beside those it names."""

from planning.understanding import names
from planning.understanding.cues import Words
from planning.understanding.listed_people import JOINS
from planning.understanding.word_lists import words as listed_words


def pronoun_listed(text: str) -> str | None:
    """A pronoun for someone named earlier, listed with a person named here ("a check-in w him and sarah", "sarah
    and her for 30 min"): the pronoun as written; None when no pronoun stands joined to a name ("sarah and her
    lead" is someone else)."""
    found = names.people(text)
    if not found:
        return None
    words = Words.of(text)
    seq = words.words
    spanned = names.words_named(words, found)
    for index, word in enumerate(seq):
        if index in spanned or word not in listed_words("listed_pronouns"):
            continue
        after = seq[index + 1] if index + 1 < len(seq) else ""
        if after.isalpha() and after not in JOINS and after not in listed_words("pronoun_followers"):
            continue  # "sarah and her lead"
        joined_before = index >= 2 and seq[index - 1] in JOINS and index - 2 in spanned  # "sarah and him"
        joined_after = index + 2 < len(seq) and after in JOINS and index + 2 in spanned  # "him and sarah"
        if joined_before or joined_after:
            return text[words.toks[index].start : words.toks[index].end]
    return None
