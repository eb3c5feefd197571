"""Notes pasted onto a record: "pls log this on the globex deal: call w john park today - want 250 seats …" puts the
text after the colon on the Globex deal as a note. The request is a verb that puts a thing on a record
(data/cues/placed_on_verbs.txt), a word pointing at what follows ("this", "these": commands/data/pointing.txt), a link
(placed_on_links.txt), a record named before its noun (record_fields.named_record) and a colon with the text. It is
read as the note it is ("add a note to the globex deal: …"), never as a new record named by the words before the
colon."""

from planning.understanding.commands.pointing import points_back
from planning.understanding.cues import Words, cues
from planning.understanding.record_fields import named_record

_FILLERS = frozenset({"pls", "please", "plz", "can", "you", "u", "could", "just", "quickly"})


def pasted_on(text: str) -> str:
    """``text`` as a note on the record it names, when it pastes a text onto one; ``text`` itself otherwise."""
    colon = text.find(":")
    if colon < 0 or not text[colon + 1 :].strip():
        return text
    head = text[:colon]
    words = Words.of(head)
    at = 0
    while at < len(words) and words.words[at] in _FILLERS:
        at += 1
    verb = cues("placed_on_verbs").at(words, at)
    if verb is None or verb.end + 1 >= len(words) or not points_back(words.words[verb.end]):
        return text
    link = cues("placed_on_links").at(words, verb.end + 1)
    if link is None or link.end >= len(words):
        return text
    record = words.text_of(link.end)
    named = named_record(record)
    if named is None or cues("record_types").value((named[1],)) is None:
        return text
    return f"add a note to {record}:{text[colon + 1 :]}"
