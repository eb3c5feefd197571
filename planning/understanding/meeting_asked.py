"""A meeting a request asked about in passing: "… also ask if she has 30 min thurs to go over the sso bits w me" in a
request to reply to a mail. The sentence that says a length and what the time is for gives the title ("Sso bits") and
the length (30) a later "put it on the cal and invite her" books, read as a booking would read them (extract)."""

from dataclasses import dataclass
from datetime import datetime

from planning.understanding.cues import Words
from planning.understanding.extract import read_slots
from planning.understanding.interpret import Reading
from planning.understanding.normalize import clean
from planning.understanding.timeexpr import find_duration

_ENDS = frozenset({".", "?", "!", ";"})
_BOOKING = Reading("create", "event", 1.0, None, "a meeting asked about in an earlier request")


@dataclass(frozen=True, slots=True)
class MeetingAsked:
    title: str
    minutes: int


def meeting_asked(text: str, now: datetime) -> MeetingAsked | None:
    """The last sentence of ``text`` that says a length of time and what it is for; None when none does."""
    for sentence in reversed(_sentences(clean(text))):
        length = find_duration(sentence)
        if length is None:
            continue
        title = read_slots(sentence, _BOOKING, now).slots.title
        if title:
            return MeetingAsked(title, length.minutes)
    return None


def _sentences(text: str) -> list[str]:
    words = Words.of(text)
    out, start = [], 0
    for tok in words.toks:
        if tok.word in _ENDS:
            out.append(text[start : tok.start])
            start = tok.end
    out.append(text[start:])
    return [s.strip() for s in out if s.strip()]
