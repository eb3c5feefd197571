"""A label before several requests ("notes from acme call - send laura the pricing sheet; book a follow-up …; move
the acme deal to negotiation"): words that do not start with an action, before a dash or a colon, followed by two
requests or more that start with one, name where the requests come from. They are no request, and no text of the
first one: the requests are read without them. Structure only (the marks, the actions the clause splitter knows);
a label that says a time is kept (it may be when the requests are), and so is one the requests point back to
("the initech deal is moving - bump it to 22k and move it to proposal": "it" is the label's deal)."""

from datetime import datetime

from planning.understanding import names
from planning.understanding.classifier import QueryClassifier, starts_with_action
from planning.understanding.commands._words import tokens
from planning.understanding.commands.pointing import points_back
from planning.understanding.cues import cues
from planning.understanding.timeexpr import read_times
from planning.understanding.word_lists import listed

_MARKS = (" - ", " – ", " — ", ": ")
_MOST_WORDS = 8  # a label is short; a longer run before a dash is a sentence of its own


def past_heading(text: str, now: datetime) -> str:
    """``text`` without a label before several requests (``text`` itself when it has none)."""
    found = [(text.find(mark), mark) for mark in _MARKS if text.find(mark) > 0]
    if not found:
        return text
    at, mark = min(found)
    heading, rest = text[:at].strip(), text[at + len(mark) :].strip()
    if not heading or len(heading.split()) > _MOST_WORDS or starts_with_action(heading) or _asks(heading):
        return text
    if read_times(heading, now).times or not starts_with_action(rest):
        return text
    requests = [clause for clause in QueryClassifier().clauses(rest, questions=True) if not clause.feeds_next]
    if any(points_back(clause.text) for clause in requests):
        return text  # "initech deal (not the pilot) is moving - bump it to 22k and …": the label is what "it" is
    named = _person_pointed_at(heading, rest)
    if named is not None:
        return named  # "hank scorpio — mark him contacted and …": "him" is the person the label names
    return rest if len(requests) >= 2 else text


def _person_pointed_at(heading: str, rest: str) -> str | None:
    """``rest`` with its first word for a person (data/cues/person_pronouns.txt) said as the person ``heading`` is
    the name of, alone; None when the label is no one's name or the requests point at no one."""
    people = names.people(heading)
    if len(people) != 1 or people[0].text.casefold() != heading.casefold():
        return None
    pronoun = next((t for t in tokens(rest) if cues("person_pronouns").value((t.word,)) is not None), None)
    if pronoun is None:
        return None
    return f"{rest[: pronoun.start]}{heading}{rest[pronoun.end :]}"


def _asks(heading: str) -> bool:
    """Whether the heading itself asks for something made ("task for me: …"; data/asking_headings.txt)."""
    return listed("asking_headings").at(tuple(t.word for t in tokens(heading.lower()))) is not None
