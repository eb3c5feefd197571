"""The words to send after a topic closed by a dash or a colon ("email tom re the launch draft - looks great, one
typo in para 2", "write to ana about the offsite budget: numbers look fine"): a verb of sending
(``data/cues/addressed_verbs.txt``), only the people it goes to, a topic lead (``data/cues/topic_leads.txt``), a few
words of topic, then the mark; what follows is the text, whatever its verbs."""

from planning.understanding.addressed_text import only_people, past_polite
from planning.understanding.cues import Words, cues

_MOST_WORDS = 12  # words of people, or of topic: a longer stretch is more than that
_TOPIC_ENDS = (" - ", " – ", " — ", ": ")


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
        after_lead = words.char_start(lead.end)
        marks = [at for at in (text.find(mark, after_lead) for mark in _TOPIC_ENDS) if at > after_lead]
        end = min(marks, default=-1)
        topic = text[after_lead:end] if end > 0 else ""
        said = text[end + 1 :].lstrip(" -–—:").strip().rstrip(" ,;") if end > 0 else ""
        if not topic.strip() or len(topic.split()) > _MOST_WORDS or not said:
            return None
        return said[0].upper() + said[1:]
    return None
