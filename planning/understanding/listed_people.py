"""People listed together: a first name the slot tagger did not span, joined to a name it did ("find an hour for me
peter and sarah", "time for dana, peter and me"), is a person of the same list. Only a known first name (the
tagger's gazetteer) that is no time word nor verb, and is not followed by a verb ("sarah and will send it"), is
taken."""

from planning.understanding import names
from planning.understanding.cues import Words
from planning.understanding.learned.tagger_lazy import first_names
from planning.understanding.words import TIME_WORDS, VERBS

JOINS = frozenset({"and", ",", "&"})
_PRONOUNS = frozenset({"me", "my", "i", "us", "we", "you", "him", "her", "them", "it"})


def listed_people(text: str) -> list[names.Name]:
    """The tagger's people of ``text`` and the first names listed with them, in the order of the text."""
    found = names.people(text)
    if not found:
        return found
    words = Words.of(text)
    seq = words.words
    spanned = names.words_named(words, found)
    known = first_names()
    added: list[names.Name] = []
    for index, word in enumerate(seq):
        if index in spanned or word not in known or word in _PRONOUNS | TIME_WORDS | VERBS:
            continue  # "in may and sarah", "sarah and will send it": no names
        tok = words.toks[index]
        before = seq[index - 1] if index else ""
        after = seq[index + 1] if index + 1 < len(seq) else ""
        joined_before = before in JOINS and index - 2 in spanned  # "sarah and peter"
        joined_after = after in JOINS and index + 2 in spanned  # "peter and sarah"
        if (joined_before or joined_after) and after not in VERBS:
            added.append(names.Name(text[tok.start : tok.end], tok.start, tok.end))
    return sorted([*found, *added], key=lambda n: n.start)


def first_names_said(text: str) -> tuple[str, ...]:
    """The words of ``text`` that are known first names (the tagger's gazetteer) and no pronoun, time word or verb,
    in any place: who may have sent a file named ("the deck priya sent"), though the tagger read no person there."""
    known = first_names()
    return tuple(w for w in Words.of(text).words if w in known and w not in _PRONOUNS | TIME_WORDS | VERBS)
