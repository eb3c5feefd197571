"""QueryClassifier: cheap, rule-based routing of a request to one goal or several.

It errs toward ``single``: a request splits only where a new clause starts with its own action verb, and
a clause that only feeds the next one (a lookup, a summary that is then sent, a slot that is then booked)
keeps the request single.
"""

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from planning.understanding.cues import Words, cues


def _data_verbs() -> str:
    """The verbs of ``everyday_data/clause_verbs.txt`` as alternatives of ``_ACTION`` (longest first)."""
    lines = (Path(__file__).parent / "everyday_data" / "clause_verbs.txt").read_text(encoding="utf-8").splitlines()
    verbs = sorted({line.strip() for line in lines if line.strip() and not line.startswith("#")}, key=len)
    return "|".join(re.escape(verb).replace(r"\ ", r"\s+") for verb in reversed(verbs))


_ACTION = (
    r"(?:send|e-?mail|reply|respond|write|forward|tell|let|drop|shoot|ping|notify|show|list|find|search|look|"
    r"get|check|pull|add|create|schedule|book|set|put|arrange|log|make|block|invite|save|update|change|move|"
    r"reschedule|rename|push|mark|assign|delete|remove|cancel|clear|call off|summari[sz]e|remind|open|give|"
    r"what|when|who|how|do|does|am|is|are|any|plan|organi[sz]e|draft|compose|also|play|order|turn|buy|"
    r"text|call|tweet|post|start|stop|watch|listen|" + _data_verbs() + "|"
    r"(?:grab|take)(?=\s+(?:an?\s+|half\s+an\s+|some\s+)?(?:quick\s+|short\s+)?(?:\d+\s*)?"
    r"(?:min|hour|hr|call|meeting|sync|chat|catch|1:1)))"
)
_SPLIT = re.compile(
    rf"(?:\s*[;.]\s+|,?\s+and then\s+|,?\s+then\s+|,\s+and\s+(?:also\s+)?|\s+and\s+(?:also\s+)?|,\s+(?:also\s+)?"
    rf"|,?\s+(?:so\s+)?i (?:need|want|have|would like|'d like) to\s+)"
    rf"(?!(?:tell|ask|let)\s+(?:him|her|them)\b)"  # "email my boss and tell him I'm sick": the same email
    rf"(?=(?:please\s+|also\s+|can you\s+|could you\s+)?{_ACTION}\b)",
    re.I,
)


def next_clause(text: str, start: int) -> int:
    """Where the next clause with an action of its own begins after ``start`` (the end of ``text`` if none)."""
    match = _SPLIT.search(text, start)
    return match.start() if match else len(text)


_STARTS_WITH_ACTION = re.compile(rf"{_ACTION}\b", re.I)
# A clause that only produces something the next clause uses.
_FEEDER = re.compile(
    r"^(?:find|get|look up|lookup|look for|fetch|grab|pull up|check)\s+(?:out\s+)?"
    r"(?:[\w' ]+?'s\s+)?(?:e-?mail address|e-?mail|address|number|phone(?: number)?|contact(?: details| info)?)"
    r"|^(?:find|get|look for|search for|check)\b.*\b(?:slot|time|availability|free)\b"
    r"|^summari[sz]e\b",
    re.I,
)
_USES_PREVIOUS = re.compile(
    r"\b(?:it|that|them|her|him|this|the summary|the slot|those|these|the results?|the first one)\b", re.I
)
Route = Literal["single", "multi"]


def uses_previous(text: str) -> bool:
    """Whether a clause acts on what the one before it produced ("book it", "send them the summary")."""
    return _USES_PREVIOUS.search(text) is not None


@dataclass(frozen=True, slots=True)
class Clause:
    text: str
    start: int
    feeds_next: bool = False


class QueryClassifier:
    """``classify`` says single or multi; ``clauses`` gives the pieces the goal parser reads."""

    def classify(self, text: str) -> Route:
        goals = [c for c in self.clauses(text) if not c.feeds_next]
        return "multi" if len(goals) > 1 else "single"

    def clauses(self, text: str) -> list[Clause]:
        pieces: list[Clause] = []
        last = 0
        for match in _SPLIT.finditer(text):
            piece = text[last : match.start()].strip(" ,;.")
            if piece:
                pieces.append(Clause(piece, last))
            last = match.end()
        tail = text[last:].strip(" ,;.")
        if tail:
            pieces.append(Clause(tail, last))
        if not pieces:
            return [Clause(text.strip(), 0)]
        return _mark_feeders(_join_asked_of_it(_join_verbless(_split_gapped(_split_telling(pieces)))))


_TELLING = re.compile(r"\s+and\s+(?=(?:tell|ask|let)\s+(?:him|her|them)\b)", re.I)
_MESSAGE_WORDS = re.compile(
    r"\b(?:e-?mail|send|sent|message|write|reply|respond|mail|ping|drop|tweet|text|post|dm|call|phone|ring|contact)\b",
    re.I,
)


def _split_telling(pieces: list[Clause]) -> list[Clause]:
    """ "email my boss and tell him I'm sick" is one email; "move the 1:1 and tell her" is a change and an email."""
    out: list[Clause] = []
    for piece in pieces:
        match = _TELLING.search(piece.text)
        if match is None or _MESSAGE_WORDS.search(piece.text[: match.start()]):
            out.append(piece)
            continue
        out.append(Clause(piece.text[: match.start()], piece.start))
        out.append(Clause(piece.text[match.end() :], piece.start + match.end()))
    return out


_BOOKING = re.compile(
    r"^(?:please\s+)?(?P<verb>book|schedule|set up|arrange|organi[sz]e|put|block(?: out)?|plan)\s", re.I
)
_NEXT_THING = re.compile(r",?\s+(?:and(?:\s+then)?|then)\s+(?:also\s+)?(?=(?:a|an|another)\s)", re.I)
_OWN_DETAILS = re.compile(
    r"\bwith\s+\w|\b(?:today|tomorrow|tonight|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b|"
    r"\bnext\s+\w|\bat\s+\d|\d\s*(?:am|pm)\b|\bnoon\b",
    re.I,
)


def _split_gapped(pieces: list[Clause]) -> list[Clause]:
    """One booking verb for two things: "book a sync with Priya at 2 and then a follow-up with them on Friday" is
    two bookings, the second read with the verb of the first ("book a follow-up with them on Friday")."""
    out: list[Clause] = []
    for piece in pieces:
        booking = _BOOKING.match(piece.text)
        verb = booking.group("verb") if booking else _making_verb(piece.text)
        split = _NEXT_THING.search(piece.text) if verb else None
        second = piece.text[split.end() :] if split else ""
        own = _OWN_DETAILS.search(second) if booking else _second_thing(second)
        if verb is None or split is None or not own:
            out.append(piece)
            continue
        out.append(Clause(piece.text[: split.start()], piece.start))
        out.append(Clause(f"{verb} {second}", piece.start + split.end()))
    return out


def _making_verb(text: str) -> str | None:
    """The verb that makes a CRM thing at the start of ``text`` ("add a note …"), from ``cues/record_verbs.txt``."""
    words = Words.of(text)
    start = 1 if words.words[:1] == ("please",) else 0
    found = cues("record_verbs").at(words, start)
    return words.text_of(found.start, found.end) if found else None


def _second_thing(text: str) -> bool:
    """Whether ``text`` ("a task to send the quote") names a second thing to make with its details after it."""
    words = Words.of(text)
    thing = cues("second_things").at(words, 1)
    return thing is not None and (
        thing.end == len(words) or cues("second_thing_links").at(words, thing.end) is not None
    )


def _join_verbless(pieces: list[Clause]) -> list[Clause]:
    """A piece too short to be a request of its own ("and Tom") stays with the one before."""
    joined: list[Clause] = []
    for piece in pieces:
        if joined and len(piece.text.split()) < 2 and not _STARTS_WITH_ACTION.match(piece.text):
            prev = joined.pop()
            joined.append(Clause(f"{prev.text} and {piece.text}", prev.start))
        else:
            joined.append(piece)
    return joined


_ASKS = re.compile(r"^(?:what(?:'s)?|which|when|how|who(?:'s)?|where|is|are|does|do|did|will|has|can)\b", re.I)
_OF_IT = re.compile(r"\b(?:it|its|it's|they|their|them|that one|this one)\b", re.I)
_OWN_THING = re.compile(
    r"\b(?:e-?mails?|messages?|meetings?|events?|calendar|contacts?|leads?|deals?|accounts?|tasks?|notes?)\b", re.I
)


def _join_asked_of_it(pieces: list[Clause]) -> list[Clause]:
    """A second question about the same thing ("when does the Acme deal close and how big is it?") asks more of
    what the first one reads: one request, not a question left unread."""
    joined: list[Clause] = []
    for piece in pieces:
        prev = joined[-1] if joined else None
        same = _ASKS.match(piece.text) and _OF_IT.search(piece.text) and not _OWN_THING.search(piece.text)
        if prev is not None and same and (_ASKS.match(prev.text) or _QUESTION.match(prev.text)):
            joined[-1] = Clause(f"{prev.text} and {piece.text}", prev.start)
        else:
            joined.append(piece)
    return joined


_QUESTION = re.compile(r"^(?:what|which|when|show|list|find|check|open|read|pull up|get)\b", re.I)
_BARE_ACTION = re.compile(r"^\w+(?: (?:it|them|those|that|these|all))?$", re.I)


def _mark_feeders(pieces: list[Clause]) -> list[Clause]:
    marked = []
    for index, piece in enumerate(pieces):
        nxt = pieces[index + 1] if index + 1 < len(pieces) else None
        feeds = bool(nxt and _FEEDER.search(piece.text) and _USES_PREVIOUS.search(nxt.text))
        # "what do I have tomorrow, I need to cancel": the question only says what the action is on
        feeds = feeds or bool(nxt and _QUESTION.search(piece.text) and _BARE_ACTION.match(nxt.text))
        marked.append(Clause(piece.text, piece.start, feeds))
    return marked
