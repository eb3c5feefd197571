"""Notes pasted onto a record: "pls log this on the globex deal: call w john park today - want 250 seats …" puts the
text after the colon on the Globex deal as a note. The request is a verb that puts a thing on a record
(data/cues/placed_on_verbs.txt), a word pointing at what follows ("this", "these": commands/data/pointing.txt), a link
(placed_on_links.txt), a record named before its noun (record_fields.named_record) and a colon with the text. It is
read as the note it is ("add a note to the globex deal: …"), never as a new record named by the words before the
colon."""

from planning.understanding.cues import Words, cues
from planning.understanding.record_fields import named_record
from planning.understanding.record_placing import record_after_link


def pasted_on(text: str) -> str:
    """``text`` as a note on the record it names, when it pastes a text onto one; ``text`` itself otherwise."""
    colon = text.find(":")
    if colon < 0 or not text[colon + 1 :].strip():
        return text
    head = text[:colon]
    words = Words.of(head)
    start = record_after_link(words)
    if start is None or start >= len(words):
        return text
    record = words.text_of(start)
    named = named_record(record)
    if named is None or cues("record_types").value((named[1],)) is None:
        return text
    return f"add a note to {record}:{text[colon + 1 :]}"
