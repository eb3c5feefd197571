"""The people of an event, as whom a message goes to: "cancel this morning's standup … and send the standup folks a
quick email" (the standup's attendees), "cancel the review and email the attendees", "… let everyone on it know".
The group is a noun of data/event_group_nouns.txt after "the" and a few words naming the event, or alone (with a
pointer of event_group_pointers.txt, or "the" before it); the event is the one a goal before acted on."""

from dataclasses import dataclass

from planning.understanding.cues import Words
from planning.understanding.word_lists import listed, words

_NAME_WORDS = 3  # words naming the event before the group noun ("the weekly standup folks")


@dataclass(frozen=True, slots=True)
class Group:
    """``named``: the words naming the event ("standup"; empty when the group points back), ``span``: its
    characters in the text."""

    named: tuple[str, ...]
    span: tuple[int, int]


def event_group(text: str) -> Group | None:
    """The people of an event that ``text`` writes to; None when it names no such group."""
    said = Words.of(text)
    seq = said.words
    nouns = words("event_group_nouns")
    for index, word in enumerate(seq):
        if word not in nouns:
            continue
        start = index
        while start > 0 and index - start < _NAME_WORDS and said.is_word(start - 1) and seq[start - 1] != "the":
            start -= 1
        led = start > 0 and seq[start - 1] == "the"
        pointer = listed("event_group_pointers").at(seq, index + 1)
        end = index + 1 + (pointer[0] if pointer is not None else 0)
        if led:
            return Group(seq[start:index], (said.char_start(start - 1), said.char_end(end - 1)))
        if pointer is not None:
            return Group((), (said.char_start(index), said.char_end(end - 1)))
    return None
