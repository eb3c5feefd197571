"""A reason that runs on after a value with no mark between ("thurs 11, make it 45 she has a hard stop at 12",
"make it 14500 we can't go lower"): the reply read with a comma where the value ends and a clause of its own
begins (a word of data/run_on_subjects.txt right after a value), so that the reason is read as the clause it is
(an aside, :mod:`.asides`) and never as a value. Not after a value that a determiner names as a thing ("move the
10am i have with dana to 11": what follows says which one)."""

from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration


def marked(text: str) -> str | None:
    """``text`` with a comma after each value a clause of its own runs on from; None when there is none."""
    reply = Reply.of(text)
    ends, words = _value_ends(text), reply.words
    cuts = [
        reply.toks[index - 1].end
        for index in range(1, len(words))
        if reply.toks[index - 1].end in ends
        and phrases("run_on_subjects").at(words, index) is not None
        and not _named_thing(words, index - 1)
    ]
    out = text
    for at in reversed(cuts):
        out = f"{out[:at]},{out[at:]}"
    return out if cuts else None


def _named_thing(words: tuple[str, ...], index: int) -> bool:
    """Whether the value word at ``index`` follows a determiner ("the 10am", "my 3pm"): a thing named, not a value."""
    return index > 0 and phrases("determiners").value((words[index - 1],)) is not None


def _value_ends(text: str) -> frozenset[int]:
    """Where a value said in ``text`` ends: a time, a day or a length (their readers'), or a word with a digit."""
    lower = text.lower()
    ends = {end for match in find_times(lower, ANY_DAY) for _, end in match.spans}
    length = find_duration(lower)
    if length is not None:
        ends.add(length.span[1])
    ends |= {tok.end for tok in Reply.of(text).toks if any(ch.isdigit() for ch in tok.word)}
    return frozenset(ends)
