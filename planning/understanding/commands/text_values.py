"""A value inside a message's text changed by a correction ("… the 250 seat quote" + "make it 300" → "… the 300 seat
quote"; "say friday not thursday"; "make it priya"): the words said as replaced, where the text has them; else the
one value of the kind the correction says (a day or a time, a number or an amount, a person's name). Read by the
understanding's time reader, its name spans and the number's format; nothing is guessed: a text with none of that
kind, or several, is left as it is and the reason says which.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from planning.understanding import names
from planning.understanding.commands._words import Token, tokens
from planning.understanding.commands.text_times import says_a_time, with_time_replaced
from planning.understanding.timeexpr import find_times

Sort = Literal["time", "number", "name"]
_NUMBER_MARKS = frozenset({",", ".", "%", "$", "€", "£", "¥"})


@dataclass(frozen=True, slots=True)
class TextEdit:
    """``text``: the text with the value replaced (None when nothing was). ``sort``: the kind of value the correction
    says (None: none of the three). ``problem``: "none" — the text has no value of that kind (nor the words said as
    replaced); "several" — it has more than one and which is not known; "no_sort" — the correction is no value of a
    kind a text holds."""

    text: str | None
    sort: Sort | None
    problem: Literal["none", "several", "no_sort"] | None = None


def sort_of(value: str) -> Sort | None:
    """The kind of value ``value`` is, said alone: a day or a time, a number or an amount, a person's name."""
    sorts = _sorts(value)
    return sorts[0] if sorts else None


def _sorts(value: str) -> list[Sort]:
    """The kinds ``value`` may be, most likely first ("5": a time, else a number)."""
    sorts: list[Sort] = ["time"] if says_a_time(value) else []
    numbers = _numbers(value)
    if len(numbers) == 1 and _covers(value, numbers[0]):
        sorts.append("number")
    people = names.people(value) if not sorts else []
    if len(people) == 1 and _covers(value, (people[0].start, people[0].end)):
        sorts.append("name")
    return sorts


def edit(text: str, value: str, now: datetime, *, replaces: str | None = None) -> TextEdit:
    """``text`` with ``value`` in the place of ``replaces`` (the words said as replaced, every time the text has them
    as whole words), else of the one value of ``value``'s kind."""
    sorts = _sorts(value)
    if replaces:
        found = _whole_words(text, replaces)
        if found:
            return TextEdit(_put(text, found, value), sorts[0] if sorts else None)
    if not sorts:
        return TextEdit(None, None, "no_sort")
    edits = [_edit_one(text, value, sort, now) for sort in sorts]
    return next((e for e in edits if e.text is not None), edits[0])


def _edit_one(text: str, value: str, sort: Sort, now: datetime) -> TextEdit:
    if sort == "time":
        changed = with_time_replaced(text, value, now)
        if changed is not None:
            return TextEdit(changed, sort)
        return TextEdit(None, sort, "several" if len(find_times(text, now)) > 1 else "none")
    spans = _numbers(text, _time_spans(text, now)) if sort == "number" else _names(text)
    if len(spans) != 1:
        return TextEdit(None, sort, "several" if spans else "none")
    said = _with_currency(text[spans[0][0] : spans[0][1]], value) if sort == "number" else value
    return TextEdit(_put(text, spans, said), sort)


def _put(text: str, spans: list[tuple[int, int]], value: str) -> str:
    """``text`` with each span replaced by ``value`` (capitalised where the words replaced begin a capital)."""
    out, last = [], 0
    for start, end in sorted(spans):
        said = value.strip()
        if text[start : start + 1].isupper() and said[:1].islower():
            said = said[0].upper() + said[1:]
        out += [text[last:start], said]
        last = end
    return "".join([*out, text[last:]])


def _whole_words(text: str, words: str) -> list[tuple[int, int]]:
    """Where ``words`` are in ``text`` as whole tokens (case aside)."""
    wanted = tuple(t.word for t in tokens(words))
    toks = tokens(text)
    if not wanted:
        return []
    found: list[tuple[int, int]] = []
    index = 0
    while index + len(wanted) <= len(toks):
        if tuple(t.word for t in toks[index : index + len(wanted)]) == wanted:
            found.append((toks[index].start, toks[index + len(wanted) - 1].end))
            index += len(wanted)
        else:
            index += 1
    return found


def _numbers(text: str, skip: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """The numbers of ``text`` as written ("250", "$4,500", "48k", "10%"): runs of tokens with nothing between them,
    made of digits and the marks numbers are written with, outside the spans ``skip`` (times and days)."""
    runs: list[list[Token]] = []
    for token in tokens(text):
        joined = bool(runs and runs[-1] and runs[-1][-1].end == token.start)
        part = token.word[:1].isdigit() or token.word in _NUMBER_MARKS
        if part and joined:
            runs[-1].append(token)
        elif part:
            runs.append([token])
        else:
            runs.append([])
    spans = []
    for run in runs:
        while run and run[-1].word in (",", "."):  # "… 250." the full stop ends the sentence
            run = run[:-1]
        if any(t.word[:1].isdigit() for t in run):
            spans.append((run[0].start, run[-1].end))
    return [s for s in spans if not any(a <= s[0] < b or a < s[1] <= b for a, b in skip or [])]


def _time_spans(text: str, now: datetime) -> list[tuple[int, int]]:
    return [span for match in find_times(text, now) for span in match.spans]


def _names(text: str) -> list[tuple[int, int]]:
    return [(person.start, person.end) for person in names.people(text)]


def _covers(value: str, span: tuple[int, int]) -> bool:
    return value[: span[0]].strip() == "" and value[span[1] :].strip(" .!") == ""


def _with_currency(old: str, new: str) -> str:
    """The new amount with the currency sign the old one was written with ("$48k" → "52k" → "$52k")."""
    sign = old[:1]
    return f"{sign}{new.strip()}" if sign in "$€£¥" and new.strip()[:1] not in "$€£¥" else new
