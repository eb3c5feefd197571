"""The words to send after a topic closed by a dash or a colon ("email tom re the launch draft - looks great, one
typo in para 2", "write to ana about the offsite budget: numbers look fine"): a verb of sending
(``data/cues/addressed_verbs.txt``), only the people it goes to, a topic lead (``data/cues/topic_leads.txt``), a few
words of topic, then the mark; what follows is the text, whatever its verbs. A comma closes the topic the same way
when a clause of its own follows ("email john re: pricing prep, can u send me the numbers": a word of
``data/cues/topic_clause_openers.txt``, an auxiliary or a form of "have" first), not more topic ("about the offsite, the
budget and the venue")."""

from planning.understanding.addressed_text import only_people, past_polite
from planning.understanding.cues import Words, cues
from planning.understanding.verbforms import AUXILIARIES, HAVE

_MOST_WORDS = 12  # words of people, or of topic: a longer stretch is more than that
_TOPIC_ENDS = (" - ", " – ", " — ", ": ")
_COMMA = ", "


def text_after_topic(text: str) -> str | None:
    """The words to send, capitalised, without the marks that end the message; None when the request is not so."""
    words = Words.of(text)
    verb = cues("addressed_verbs").at(words, past_polite(words))
    if verb is None:
        return None
    for index in range(verb.end + 1, min(len(words), verb.end + _MOST_WORDS)):
        lead = cues("topic_leads").at(words, index)
        if lead is None or lead.end >= len(words):
            continue
        if not only_people(text[words.char_start(verb.end) : words.char_start(index)]):
            return None
        after_lead = words.char_start(lead.end + 1 if words.words[lead.end] == ":" else lead.end)  # "re: …"
        marks = [at for at in (text.find(mark, after_lead) for mark in _TOPIC_ENDS) if at > after_lead]
        comma = text.find(_COMMA, after_lead)
        if comma > after_lead and opens_clause(text[comma + len(_COMMA) :]):
            marks.append(comma)
        end = min(marks, default=-1)
        topic = text[after_lead:end] if end > 0 else ""
        said = text[end + 1 :].lstrip(" -–—:").strip().rstrip(" ,;") if end > 0 else ""
        if not topic.strip() or len(topic.split()) > _MOST_WORDS or not said:
            return None
        return said[0].upper() + said[1:]
    return None


def clause_after_comma(text: str) -> str | None:
    """The words after the first comma that a clause of its own follows, capitalised ("log a call w laura today, 20
    min, she confirmed legal is done" → "She confirmed legal is done"); None when no comma does."""
    at = text.find(_COMMA)
    while at >= 0:
        rest = text[at + len(_COMMA) :].strip().rstrip(" ,;")
        if opens_clause(rest):
            return rest[0].upper() + rest[1:]
        at = text.find(_COMMA, at + 1)
    return None


def opens_clause(rest: str) -> bool:
    """Whether ``rest`` begins a clause of its own: two words or more, the first an auxiliary, a form of "have" or a
    word of data/cues/topic_clause_openers.txt."""
    words = Words.of(rest)
    if len(words) < 2:
        return False
    first = words.words[0]
    return first in AUXILIARIES or first in HAVE or cues("topic_clause_openers").at(words, 0) is not None
