"""Where the words to send begin, when a colon or a dash spaced on both sides ends the request's own words ("reply to
the globex email from maria: we'll pay by friday", "email tom re the offsite - looks good, call me"): structure only
(the marks; a field's name before them, commands/data/colon_fields.txt; a range of days or hours around a dash), so
that the clause splitter, the people read and the words to send agree on it."""

from planning.understanding.commands._words import Token, tokens
from planning.understanding.commands._words import phrases as word_list
from planning.understanding.cues import Words, cues
from planning.understanding.timewords import WEEKDAYS

_DASHES = frozenset("-\u2013\u2014")  # a dash with spaces on both sides ends the request's own words


def colon_body_start(text: str) -> int | None:
    """Where the words after the colon that ends the request's own words begin (``colon_body``), or None."""
    toks = tokens(text)
    for index, tok in enumerate(toks):
        if tok.word != ":" or index == 0 or index + 1 >= len(toks):
            continue
        if _names_field(toks, index - 1):
            return None
        return toks[index + 1].start
    return None


def dash_body_start(text: str) -> int | None:
    """Where the words after the dash that ends the request's own words begin (``dash_body``), or None."""
    toks = tokens(text)
    for index, tok in enumerate(toks):
        if tok.word not in _DASHES or index == 0 or index + 1 >= len(toks):
            continue
        before, after = text[tok.start - 1 : tok.start], text[tok.end : tok.end + 1]
        if not (before.isspace() and after.isspace()):
            continue
        if all(_bound(t.word) for t in (toks[index - 1], toks[index + 1])):
            return None  # a range has a bound on both sides ("mon - wed"); "the invoice 1 - paid it": no range
        if _names_field(toks, index - 1):
            return None
        return toks[index + 1].start
    return None


def _names_field(toks: tuple[Token, ...], index: int) -> bool:
    """Whether the word at ``index``, just before a colon or a dash, names a field (commands/data/colon_fields.txt:
    "subject: …", "note - …"); a mail's noun inside the words that ask for it ("drop her a quick note - sorry to
    miss it", "send a note: running late") is the mail itself, and what follows its mark is the text."""
    word = toks[index].word
    if word_list("colon_fields").value((word,)) is None:
        return False
    inside = index > 0 and toks[index - 1].word[:1].isalnum()  # a word before it, not the start or a mark
    return not (inside and word.lower() in cues("participle_mail_nouns"))


def _bound(word: str) -> bool:
    """A word that can end or begin a range: a weekday or a number."""
    return word.lower() in WEEKDAYS or word[:1].isdigit()


def sent_text_start(text: str) -> int | None:
    """Where the words to send begin in a request that starts with a verb of sending ("email", "send", "ping"; data/
    cues/addressed_verbs.txt), after its colon or spaced dash; None for another request, or without such a mark."""
    words = Words.of(text)
    if not words.words or cues("addressed_verbs").at(words, 0) is None:
        return None
    found = [at for at in (colon_body_start(text), dash_body_start(text)) if at is not None]
    return min(found) if found else None
