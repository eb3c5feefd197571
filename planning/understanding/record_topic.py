"""A record said first as the topic of a request, then what to do with it: "globex deal: bump it to 140k and push
close to the 20th" is "bump globex deal to 140k and push close to the 20th". The topic is a few words ending with a
noun of a record (data/cues/topic_record_nouns.txt) at the start of the request, before a mark
(data/cues/record_topic_marks.txt); what follows names it as "it" right after its first word (the verb). Anything
else is left as typed ("add a contact: jen ortiz, …" says no "it" after a verb)."""

from planning.understanding.cues import Words, cues

_MOST_TOPIC_WORDS = 5  # "the big globex renewal deal"


def topic_said(text: str) -> str:
    """``text`` with a topic before a mark said in the place of the "it" that names it after the verb; else itself."""
    words = Words.of(text)
    mark = next(
        (i for i, word in enumerate(words.words[: _MOST_TOPIC_WORDS + 1]) if word in cues("record_topic_marks")), None
    )
    if mark is None or mark == 0 or words.words[mark - 1] not in cues("topic_record_nouns"):
        return text
    rest = words.words[mark + 1 :]
    if len(rest) < 2 or rest[1] != "it":
        return text
    topic = text[words.char_start(0) : words.char_end(mark - 1)]
    it = mark + 2
    return text[words.char_start(mark + 1) : words.char_start(it)] + topic + text[words.char_end(it) :]
