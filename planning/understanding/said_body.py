"""The words to send or say as the slot tagger reads them (a ``body`` span), for the requests no cue word
introduces them in: "email lena the plan for monday: intros, demo, q&a", "reply on the move thread: friday works",
"decline it, comment: out sick". A colon just before the span begins the words (the tagger may leave a first word
out: "friday works for us"), and a few words the span leaves at the end of the request are part of them."""

from planning.understanding import phrases
from planning.understanding.commands._words import tokens
from planning.understanding.cues import Words, cues
from planning.understanding.given_text import colon_body_start, dash_body_start
from planning.understanding.learned.tagger_lazy import tagged
from planning.understanding.verbforms import past_base, present_base

BODY_SURE = 0.5  # the tagger's least marginal probability for a span taken as the words to send
TOLD_SURE = 0.2  # … after "tell <people>", for a span that runs to the end and holds a verb
_GAP = 3  # at most this many words between a colon and the span for the colon to begin the words
_TRAILING = " ,;:-"


def tagged_body(text: str) -> str | None:
    """The words to send in ``text`` (capitalised), or None when the tagger reads none sure enough."""
    spans = [s for s in tagged(text) if s.kind == "body" and s.probability >= BODY_SURE]
    if not spans:
        return None
    span = max(spans, key=lambda s: s.end - s.start)
    colon = colon_body_start(text)
    given = colon is not None and span.start >= colon  # after a colon that ends the request: all of it, as given
    start = colon if given and colon is not None else _after_colon(text, span.start)
    end = len(text) if given or len(tokens(text[span.end :])) <= _GAP else span.end  # "… to 3?": the mark left
    said = text[start:end].strip().rstrip(_TRAILING)
    return said[0].upper() + said[1:] if said else None


def words_said(text: str) -> str | None:
    """The words to send after a lead that opens a clause ("…, comment: out sick", "- say we're in"), else the
    tagger's (``tagged_body``)."""
    lead = phrases.said_lead(text)
    said = text[lead[1] :].strip().rstrip(_TRAILING) if lead is not None else ""
    return said[0].upper() + said[1:] if said else tagged_body(text)


def _after_colon(text: str, start: int) -> int:
    """Where the words begin: right after a colon a few words before ``start``, else ``start``."""
    before = tokens(text[:start])
    colons = [i for i, t in enumerate(before) if t.word == ":"]
    if not colons or len(before) - colons[-1] - 1 > _GAP:
        return start
    return before[colons[-1]].end


def colon_body(text: str) -> str | None:
    """The words after a colon that ends the request's own words ("reply to the globex email from maria: we'll pay
    by friday"), when no other reading found words to send; not after a field's name or a subject's mark ("subject:
    …", "re: …", commands/data/colon_fields.txt)."""
    start = colon_body_start(text)
    said = text[start:].strip().rstrip(_TRAILING) if start is not None else ""
    return said[0].upper() + said[1:] if said else None


def dash_body(text: str) -> str | None:
    """The words after a dash, spaced on both sides, that ends the request's own words ("reply to omar's invoice
    mail - we'll pay it on the 15th", "draft an answer to lena but don't send - two roles open in april"); not a
    range of days or hours ("mon - wed", "2 - 4pm": a bound on both sides), nor after a field's name
    (commands/data/colon_fields.txt)."""
    start = dash_body_start(text)
    said = text[start:].strip().rstrip(_TRAILING) if start is not None else ""
    return said[0].upper() + said[1:] if said else None


_ING = "ing"
_SHORTEST_ING = 6  # "confirming", "asking": shorter words ending so ("thing", "king") are no verb's -ing form


def participle_body(text: str) -> str | None:
    """The words to send that a mail's noun leads into with a verb's -ing form ("send laura a quick note confirming
    we'll be there thurs" → "Confirming we'll be there thurs"): from that word to the end (data/cues/
    participle_mail_nouns.txt; not a word that names what the mail is about, participle_not_said.txt)."""
    words = Words.of(text)
    for index in range(len(words) - 2):
        if words.words[index] not in cues("participle_mail_nouns"):
            continue
        verb = words.words[index + 1]
        gap = text[words.char_end(index) : words.char_start(index + 1)]
        if not gap.isspace() or not verb.isalpha() or len(verb) < _SHORTEST_ING or not verb.endswith(_ING):
            continue
        if verb in cues("participle_not_said"):
            return None
        said = text[words.char_start(index + 1) :].strip().rstrip(_TRAILING + ".!")
        return said[0].upper() + said[1:] if said else None
    return None


def told_clause(text: str) -> str | None:
    """After "tell <people>", the words the tagger reads as the words to send, less sure than elsewhere, when they
    run to the end of the request and hold a verb's finite form after their first word ("tell priya the q3 deck
    looks good to me" → "The q3 deck looks good to me"): a clause of its own, told."""
    start = phrases.told_people_start(text)
    if start is None:
        return None
    spans = [s for s in tagged(text) if s.kind == "body" and s.probability >= TOLD_SURE and s.start > start]
    span = next((s for s in spans if len(tokens(text[s.end :])) <= _GAP), None)
    if span is None:
        return None
    said = text[span.start :].strip().rstrip(_TRAILING + ".!")
    if not any(present_base(tok.word) or past_base(tok.word) for tok in tokens(said)[1:]):
        return None
    return said[0].upper() + said[1:] if said else None
