"""A time of day said in a clause of its own, or roughly, beside the day ("thurs morning, 10ish", "friday - around
2:30", "tomorrow afternoon, 3 or so"): the clause is read as the time of that day ("at 10"). The words that only
make a time rough live in data/rough_marks.txt, the endings glued to it ("10ish") in data/rough_suffixes.txt."""

from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.timeexpr import read_times

_CLAUSE_MARKS = frozenset({",", ";", "-", "–", "—", "/"})


def with_clock_clause(text: str) -> str | None:
    """``text`` with the clause that holds only a time of day (rough or not) said as "at <time>", the clauses joined
    as one phrase ("thurs morning, 10ish" → "thurs morning at 10"; a time with a rough ending is a clause of its own:
    "thursday 10ish" → "thursday at 10"); None when no clause is such a time, or the only clause is a plain one."""
    parts: list[list[str]] = [[]]
    rough = False
    for token in Reply.of(text).toks:
        bare = _unglued(token.word)
        if token.word in _CLAUSE_MARKS:
            parts.append([])
        elif bare != token.word:  # "10ish": the time alone, a clause of its own
            parts += [[bare], []]
            rough = True
        else:
            parts[-1].append(text[token.start : token.end])
    said = [" ".join(part) for part in parts if part]
    for index, part in enumerate(said):
        clock = _clock_alone(part)
        if clock is not None and (len(said) > 1 or rough or clock != f"at {part}"):
            return " ".join([*said[:index], clock, *said[index + 1 :]])
    return None


def _clock_alone(part: str) -> str | None:
    """ "10ish", "around 2:30", "3 or so" → "at 10", "at 2:30", "at 3"; None unless the words are a clock and rough
    words only."""
    words = [_unglued(word) for word in Reply.of(part).words]
    kept = [word for word in words if word]
    marks = phrases("rough_marks")
    index, clock = 0, list[str]()
    while index < len(kept):
        mark = marks.at(tuple(kept), index)
        if mark is not None:
            index += mark[0]
            continue
        clock.append(kept[index])
        index += 1
    return _at(clock[0]) if len(clock) == 1 else None


def _at(word: str) -> str | None:
    """ "at 10", "at 2:30pm", "at noon": the word as a time of day, when all of "at <word>" reads as one."""
    said = f"at {word}"
    found = read_times(said, ANY_DAY).times
    whole = len(found) == 1 and found[0].has_clock_time and found[0].spans[-1][1] == len(said)
    return said if whole and found[0].spans[0][0] <= 3 else None


def _unglued(word: str) -> str:
    """A word without a rough suffix glued to it ("10ish" → "10", "noonish" → "noon"), when what is left is a time."""
    for suffix in _suffixes():
        if word.endswith(suffix) and len(word) > len(suffix) and _at(word[: -len(suffix)]) is not None:
            return word[: -len(suffix)]
    return word


def _suffixes() -> tuple[str, ...]:
    return tuple(sorted((value for _, value in phrases("rough_suffixes").entries), key=len, reverse=True))
