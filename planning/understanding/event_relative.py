"""A new event placed against another one: "block 15 min right before our 1:1 thursday" (it ends when the 1:1
starts), "need 45 min with sarah and laura before thursday's qbr" (the QBR is a deadline, neither the new event's
title nor its day). The lead (data/relative_event_leads.txt), a determiner or a day's possessive, the event's name
(up to an event noun, or a few words up to a mark or a word of relative_event_ends.txt), and a day said after it
("our 1:1 thursday")."""

from dataclasses import dataclass
from datetime import datetime

from planning.types import TimeRange
from planning.understanding.cues import Words, cues
from planning.understanding.timeexpr import read_times
from planning.understanding.word_lists import listed, words
from planning.understanding.words import TIME_WORDS, WEEKDAYS

_NAME_WORDS = 4  # words of an event's name before its noun ("the globex pricing review")
_BARE_NAME_WORDS = 2  # words of a name without an event noun ("thursday's qbr", "our acme sync")


@dataclass(frozen=True, slots=True)
class RelativeTo:
    """The other event: the words it is found by, its day when said, which side the new one is on, and whether
    it is right next to it; ``span``: the characters of the whole phrase in the text."""

    query: str
    day: TimeRange | None
    side: str  # "before" | "after"
    adjacent: bool
    span: tuple[int, int]


def relative_to(text: str, now: datetime) -> RelativeTo | None:
    """The event ``text`` places a new one against; None when it names none."""
    said = Words.of(text)
    seq = said.words
    for index in range(len(seq)):
        lead = listed("relative_event_leads").at(seq, index)
        if lead is None:
            continue
        found = _named_after(said, index + lead[0])
        if found is None:
            continue
        name_start, name_end, end = found
        query = " ".join(w for w in seq[name_start:name_end] if not _day_word(w))
        if not query:
            continue
        phrase = text[said.char_start(index) : said.char_end(end - 1)]
        times = read_times(phrase, now).times
        day = TimeRange(start=times[0].start, end=times[0].end, has_clock_time=False) if times else None
        return RelativeTo(
            query=query,
            day=day,
            side=lead[1].removeprefix("right "),
            adjacent=lead[1].startswith("right "),
            span=(said.char_start(index), said.char_end(end - 1)),
        )
    return None


def _named_after(said: Words, at: int) -> tuple[int, int, int] | None:
    """(name start, name end, phrase end) of an event named from token ``at``: after a determiner or a day's
    possessive; to an event noun, else a short name with no time word in it."""
    seq = said.words
    if at >= len(seq):
        return None
    possessive = seq[at] in cues("day_possessives")
    if seq[at] in cues("event_determiners") or possessive:
        start = at + 1
    else:
        return None
    for end in range(start, min(start + _NAME_WORDS, len(seq))):
        if not said.is_word(end) or seq[end] in words("relative_event_ends"):
            break
        noun = cues("event_nouns").at(said, end)
        if noun is not None:
            return start, noun.end, _day_after(said, noun.end)
    bare = start
    while bare < len(seq) and said.is_word(bare) and seq[bare] not in words("relative_event_ends"):
        if seq[bare] in TIME_WORDS or _day_word(seq[bare]):
            break
        bare += 1
    if bare == start or bare - start > _BARE_NAME_WORDS or not (possessive or seq[at] in ("our", "my")):
        return None
    return start, bare, _day_after(said, bare)


def _day_after(said: Words, at: int) -> int:
    """Past a day said right after the event's name ("our 1:1 thursday", "the sync on friday")."""
    seq = said.words
    if at < len(seq) and seq[at] == "on" and at + 1 < len(seq) and _day_word(seq[at + 1]):
        return at + 2
    return at + 1 if at < len(seq) and _day_word(seq[at]) else at


def _day_word(word: str) -> bool:
    """A day's name ("thursday", "tomorrow", "thursday's")."""
    bare = word.removesuffix("'s")
    return bare in WEEKDAYS or f"{bare}'s" in cues("day_possessives")
