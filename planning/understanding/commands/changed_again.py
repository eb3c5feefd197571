"""The change the last plan made to a record, made to another of the records its lookup was picked among ("update
park" after John Smith's phone was changed, Smith picked of the two Johns): a word that says something changes
(data/record_change_cues.txt) with, in the same clause after it, a word only that other one holds
(:func:`._picks.singled_out`, grounded in those shown at the pick); the fields and values are the ones the last plan
wrote (``Context.shown``). When a clause of the reply is, by the learned reply-act classifier, an undo ("can you put
smith's old one back and update park"), the last plan's change is put back first."""

from typing import cast

from planning.understanding.commands._clauses import parts
from planning.understanding.commands._picks import singled_out
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.record_change import RECORD_FIELDS, RecordChange, RecordField
from planning.understanding.commands.segment_acts import COMMAND, clause_acts
from planning.understanding.commands.undo import Undo


def changed_again(reply: Reply, context: Context) -> tuple[Command, ...]:
    """The fields the last plan wrote, as a change of the option the reply singles out, after an undo when a clause
    says one; () when no clause names another of those picked among after a word of change, or the plan wrote no
    field a follow-up may change."""
    written = [(field, value) for field, value in context.shown if field in RECORD_FIELDS]
    if not written:
        return ()
    for clause in parts(reply, words=True):
        option = _named_after_change(clause, context)
        if option is None:
            continue
        (field, value), *rest = written
        others = tuple((cast(RecordField, name), said) for name, said in rest)
        change = RecordChange(cast(RecordField, field), value, also=others, option=option)
        acts = clause_acts(reply, context, words=True)
        undone = any(said.act == "undo" and said.probability >= COMMAND for said in acts)
        return (Undo(), change) if undone else (change,)
    return ()


def _named_after_change(clause: Reply, context: Context) -> int | None:
    """The option (from 0) of a pick the clause names after a word of change, when it is not the one picked."""
    words = clause.words
    for index, word in enumerate(words):
        if phrases("record_change_cues").value((word,)) is None or index + 1 >= len(words):
            continue
        after = Reply(clause.text, clause.toks[index + 1 :])
        for made in context.picked:
            other = singled_out(after, made.options, ())
            if other is not None and other.index is not None and other.index - 1 != made.chosen:
                return other.index - 1
    return None
