"""People named in a description of someone ("he's dana's security lead", "reports to laura", "works with tom on
the deal"): when a person's record is made, they are who the new person is described by, never the person made."""

from planning.understanding.cues import Words, cues
from planning.understanding.listed_people import listed_people

_POSSESSIVE = ("'", "s")


def describing(text: str) -> frozenset[str]:
    """The people of ``text`` (case-folded) written as a possessive ("dana's") or right after a phrase of
    data/cues/described_by_links.txt ("reports to", "works with")."""
    words = Words.of(text)
    seq = tuple(w.replace("’", "'") for w in words.words)
    links = cues("described_by_links")
    out: set[str] = set()
    for name in listed_people(text):
        first = next((i for i, t in enumerate(words.toks) if t.start >= name.start), len(seq))
        last = next((i for i, t in enumerate(words.toks) if t.start >= name.end), len(seq))
        possessive = seq[last : last + 2] == _POSSESSIVE or (last > first and seq[last - 1].endswith("'s"))
        if possessive or links.ending(seq[:first]) is not None:
            out.add(name.text.casefold())
    return frozenset(out)
