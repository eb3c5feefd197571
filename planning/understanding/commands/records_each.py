"""Several of the records the last plan listed, each named by its own words and changed in a part of the reply of its
own ("mark the renewal one done, it went out yesterday, and the pricing one - move it to next thu"): the reply is cut
at the last word that joins clauses (data/clause_joins.txt) between one record named and the next; each part, its
record said as "it", is read as a change of that record. Grounded in what was listed: the parts are told apart by the
records they name (:func:`.listed_named.every_named`), never by a list of names."""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from planning.understanding.commands._record_followups import record_change
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.listed_named import Named, every_named
from planning.understanding.commands.record_change import RecordChange


def changed_each(reply: Reply, items: Sequence[Mapping[str, Any]]) -> tuple[RecordChange, ...]:
    """One change for each record of ``items`` the reply names, in the order said, each with ``record`` set; () when
    fewer than two records are named, one is named twice, or a part reads as no change of its record."""
    named = every_named(reply.text, items)
    if len(named) < 2 or len({one.index for one in named}) != len(named):
        return ()
    starts = [0]
    for before, after in pairwise(named):
        cut = _cut(reply, before.end, after.start)
        if cut is None:
            return ()
        starts.append(cut)
    ends = [*starts[1:], len(reply.text)]
    changes: list[RecordChange] = []
    for one, start, end in zip(named, starts, ends, strict=True):
        change = record_change(Reply.of(_said_of(reply, one, start, end)))
        if change is None:
            return ()
        changes.append(replace(change, record=one.index))
    return tuple(changes)


def _said_of(reply: Reply, one: Named, start: int, end: int) -> str:
    """The part from ``start`` to ``end`` with the record ``one`` named in it said as "it"; when a mark follows the
    record's name (data/topic_marks.txt: "the pricing one - move to thu"), what follows the mark alone."""
    after = next((tok for tok in reply.toks if tok.start >= one.end), None)
    if after is not None and after.end <= end and phrases("topic_marks").value((after.word,)) is not None:
        return reply.text[after.end : end]
    return Named(one.index, one.start - start, one.end - start).as_it(reply.text[start:end])


def _cut(reply: Reply, begin: int, end: int) -> int | None:
    """Where the part of the next record starts: right after the last joining word between characters ``begin`` and
    ``end``; None when none stands there."""
    joins = [tok for tok in reply.toks if begin <= tok.start and tok.end <= end]
    last = next((tok for tok in reversed(joins) if phrases("clause_joins").value((tok.word.lower(),))), None)
    return last.end if last is not None else None
