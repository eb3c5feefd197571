"""The kind of event a correction says the event becomes ("do coffee wed at 9 instead" at the card of “Lunch with
Tom”; "make it a call" at “Meeting with Ana”): a kind of data/event_kinds.txt said first in it, after words of
data/kind_leads.txt, in the place of the one kind the title has ("Coffee with Tom")."""

from planning.understanding.commands._words import tokens
from planning.understanding.word_lists import listed


def kind_in_its_place(title: str, said: str) -> str | None:
    """``title`` with its kind of event replaced by the one ``said`` opens with; None when ``said`` names no kind
    first, the title has no one kind, or they are the same."""
    words = tuple(t.word.lower() for t in tokens(said))
    lead = listed("kind_leads").at(words, 0)
    start = lead[0] if lead is not None else 0
    new = listed("event_kinds").at(words, start)
    if new is None:
        return None
    new_kind = " ".join(words[start : start + new[0]])
    toks = tokens(title)
    title_words = tuple(t.word.lower() for t in toks)
    found = [(i, hit[0]) for i in range(len(title_words)) if (hit := listed("event_kinds").at(title_words, i))]
    if len(found) != 1 or " ".join(title_words[found[0][0] : found[0][0] + found[0][1]]) == new_kind:
        return None
    at, length = found[0]
    begin, end = toks[at].start, toks[at + length - 1].end
    kind = new_kind.capitalize() if begin == 0 else new_kind
    return title[:begin] + kind + title[end:]
