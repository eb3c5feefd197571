"""At the card of an action on an event a search found (its delete, its move, an answer to its invitation), the day
of another occurrence said in the place of the one found ("not today's, next monday's (the 9th)", "the one on the
9th", "next week's one instead"): the request again on that day (:class:`.request_again.RequestAgain`, the day in
words as its text), never a change of the event found. At a move a day alone is where it moves, so there only a
day said as the occurrence's is: "monday's", "the one on monday"."""

from datetime import timedelta

from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._quiet import asks_nothing
from planning.understanding.commands._words import Reply, Token, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.request_again import RequestAgain
from planning.understanding.timeexpr import TimeMatch, find_times

_FOUND_EVENT = ("delete_calendar_event", "accepted", "declined", "tentative")  # a day said can only be which one
_MOVED_EVENT = ("update_calendar_event",)  # a day said may be where it moves
_POSSESSIVE = ("'s",)  # tokens have straight apostrophes


def other_occurrence(reply: Reply, context: Context) -> RequestAgain | None:
    """The day of the occurrence the reply names in the place of the card's, or None when the reply says more than
    which day (a time of day, a request, a value), names no day, or names two."""
    if context.question != "approval" or context.doing not in (*_FOUND_EVENT, *_MOVED_EVENT):
        return None
    text = reply.text.lower()
    found = find_times(text, context.now or ANY_DAY)
    if not found or any(match.has_clock_time for match in found):
        return None
    meant = [match for match in found if not _replaced(reply, match)]  # "not today's": the one found
    if len({match.start.date() for match in meant}) != 1:  # "next monday's (the 9th)": one day, said twice
        return None
    named = _occurrence_named(reply, found)
    if named is None or (context.doing in _MOVED_EVENT and not named):
        return None
    return RequestAgain(_in_words(text, meant[0]))


def _occurrence_named(reply: Reply, days: list[TimeMatch]) -> bool | None:
    """Whether the words outside the days name an occurrence (a possessive day, "one"), False when they only ask for
    nothing; None when a word asks for something else."""
    spans = [span for match in days for span in match.spans]
    outside: list[Token] = []
    named = False
    for token in reply.toks:
        inside = next(((s, e) for s, e in spans if s <= token.start < e), None)
        if inside is None:
            outside.append(token)
        elif token.end > inside[1]:  # "monday's": the day said as the occurrence's
            if token.word[inside[1] - token.start :] not in _POSSESSIVE:
                return None
            named = True
    words = tuple(token.word for token in outside if phrases("occurrence_words").value((token.word,)) is None)
    named = named or len(words) < len(outside)
    return named if asks_nothing(words) else None


def _replaced(reply: Reply, match: TimeMatch) -> bool:
    """Whether a word of data/replaces.txt ("not") comes right before the day: the one found, not the one meant."""
    first = min(start for start, _ in match.spans)
    before = tuple(token.word for token in reply.toks if token.end <= first)
    return any(phrases("replaces").ending(before[: len(before) - skip]) for skip in (0, 1) if len(before) > skip)


def _in_words(text: str, match: TimeMatch) -> str:
    """One day in words that name it whenever read ("Monday 9 March"); a longer time ("next week") as said."""
    if match.end is not None and match.end - match.start > timedelta(days=1):
        start, end = min(s for s, _ in match.spans), max(e for _, e in match.spans)
        return text[start:end]
    return f"{match.start:%A} {match.start.day} {match.start:%B}"
