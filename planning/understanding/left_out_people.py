"""People a request keeps out of what it asks: "set up the sync w priya, dont invite john", "an hour with sarah but
not tom", "lunch with the team without peter or dana".

A person is kept out when the words right before the name end with a word that leaves out (data/left_out_leads.txt,
data/cues/except.txt) or with a verb that adds people (data/cues/people_change_verbs.txt, value ``add``, with its
particle: "loop in") after a negation (data/left_out_negations.txt); the names listed right after one kept out ("dont
invite john or peter") are kept out with it; so is one after a negated word of copying (data/cues/cc_leads.txt:
"don't cc priya"). Structure, not the sentence: any name, any of those verbs.
"""

from planning.understanding import names
from planning.understanding.cues import Words, cues
from planning.understanding.learned.tagger_lazy import first_names
from planning.understanding.word_lists import listed

_LIST_JOINS = frozenset({"and", "or", "nor", ",", "&", "/"})
_PARTICLES = frozenset({"in", "on"})


def left_out(text: str) -> tuple[str, ...]:
    """The names (as the tagger spans them) that ``text`` keeps out, in order."""
    words = Words.of(text)
    seq = words.words
    spans = {_token_at(words, n.start): n for n in names.people(text)}
    known = first_names()
    out: list[str] = []
    listing, index = False, 0  # listing: right after the lead of a list of people kept out, or one of them
    joined = False  # a join is part of the list only after one of its people ("no, john is out" keeps john)
    while index < len(seq):
        listing = listing or _leaves_out(seq[:index])
        name = spans.get(index)
        if listing and name is not None:
            out.append(name.text)
            index, joined = _token_after(words, name.end), True
        elif listing and seq[index] in known:
            index, joined = index + 1, True  # "not peter or tom": a first name the tagger did not span lists on
        elif listing and joined and seq[index] in _LIST_JOINS:
            index, joined = index + 1, False
        else:
            listing, joined, index = False, False, index + 1
    return tuple(out)


def without_left_out(people: tuple[str, ...] | list[str], text: str) -> tuple[str, ...]:
    """``people`` without those ``text`` keeps out."""
    kept_out = {name.casefold() for name in left_out(text)}
    return tuple(p for p in people if p.casefold() not in kept_out)


def _leaves_out(before: tuple[str, ...]) -> bool:
    if listed("left_out_leads").ending(before) is not None or cues("except").ending(before) is not None:
        return True
    copied = cues("cc_leads").ending(before)  # "don't cc priya", "no need to copy tom": not copied in
    if copied is not None and listed("left_out_negations").ending(before[: copied.start]) is not None:
        return True
    verb_end = len(before) - 1 if before and before[-1] in _PARTICLES else len(before)
    for start in range(max(0, verb_end - 2), verb_end):
        verb = cues("people_change_verbs").at(before[:verb_end], start)
        if verb is not None and verb.end == verb_end and verb.value == "add":
            return listed("left_out_negations").ending(before[:start]) is not None
    return False


def _token_at(words: Words, char: int) -> int | None:
    return next((i for i, tok in enumerate(words.toks) if tok.start == char), None)


def _token_after(words: Words, char: int) -> int:
    return next((i for i, tok in enumerate(words.toks) if tok.start >= char), len(words))
