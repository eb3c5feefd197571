"""What the learned reply-act classifier adds to the phrase readers (:mod:`.segment_acts`), for a reply they could
not place: its corrections said without a lead, the reply read again without its comments, or the one decision it
says.

Mechanisms, not phrases: the classifier learned from labelled replies what a reason, a hedge, an approval or a
cancel is; the values (times, lengths, people, places) still come only from the phrase and value readers.
"""

from collections.abc import Callable

from planning.understanding.commands import _clauses, _corrections
from planning.understanding.commands._people_swaps import named_among
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.kinds import Command, FollowUpChange
from planning.understanding.commands.pick import Pick
from planning.understanding.commands.segment_acts import ClauseAct, clause_acts, comments_left_out, decision, kept
from planning.understanding.commands.thanks import Thanks
from planning.understanding.commands.undo import Undo
from planning.understanding.lexicon import evidence_in

Read = Callable[[str, Context], tuple[Command, ...]]
Fits = Callable[[str, Context, str | None], bool]
"""Whether a bare value may be one the open plan has (the reader's test), given the words it replaces."""

_PLACED = (Undo, Correct, Decide, FollowUpChange, Pick)  # what a reply read again must be to be taken
CORRECTION = 0.6  # a clause is read as a correction said without a lead when "correct" is at least this likely


def read_again(text: str, context: Context, read: Read, fits: Fits) -> tuple[Command, ...] | None:
    """A reply the phrase readers could not place, read with the learned reading of its clauses: as corrections said
    without a lead; read again without its comments ("hmm wait, friday's a write-off. thurs 3:30 instead?" → "thurs
    3:30 instead?"), when what is left reads as a command; as the one decision it says. None when none of these
    places it."""
    reply = Reply.of(text)
    acts = clause_acts(reply, context)
    corrected = led_corrections(acts, context, fits)
    if corrected is not None:
        return corrected
    for keep in comments_left_out(acts):
        again = read(kept(reply, keep), context)
        if isinstance(again[0], _PLACED):
            return again
        corrected = led_corrections(tuple(a for a, kept in zip(acts, keep, strict=True) if kept), context, fits)
        if corrected is not None:
            return corrected
    decided_here = decided(clause_acts(reply, context, words=True), context)
    return (decided_here,) if decided_here is not None else None


def decided(acts: tuple[ClauseAct, ...], context: Context) -> Command | None:
    """The decision the classifier reads in the whole reply (``acts``: its clauses cut at joining words too, so "skip
    the email and book lunch" says more than a skip), when it is one the open question takes: approve at a card or a
    clarification, cancel of an open plan, skip of what is asked or shown; after a plan ended, thanks, or undo of
    what it changed. Never from words that turn an action down ("don't undo that", "don't forget the deck"), from
    words of hesitation or politeness alone ("please"), nor from clauses without a word ("1", "b": an option's
    number or letter, which the phrase readers read, or refuse)."""
    act = decision(acts)
    said = [a.clause for a in acts if a.act == act]
    if any(_negated(clause) for clause in said) or all(_clauses.only_leads(clause) for clause in said):
        return None
    if not any(len(word) > 1 and word.isalpha() for clause in said for word in clause.words):
        return None
    question = context.question
    if act == "approve" and context.open_plan and question in ("approval", "clarify"):
        return Decide("approve")
    if act == "cancel" and context.open_plan:
        return Decide("cancel")
    if act == "skip" and question == "approval" and context.people:
        people = named_among(tuple(word for clause in said for word in clause.words), context.people)
        if people:  # "dana doesn't need it": she is left out, not the whole step
            return Correct(" and ".join(people), people=True, removing=True)
    if act == "skip" and context.open_plan and question in ("approval", "value", "pick", "recover"):
        return Decide("skip")
    if act == "thanks" and not context.open_plan and not _asks_an_action(acts):
        return Thanks()
    if act == "undo" and not context.open_plan and context.left:
        return Undo()
    return None


def _asks_an_action(acts: tuple[ClauseAct, ...]) -> bool:
    """Whether the reply holds a word of an action the assistant takes ("reply and tell her …", "forward it"), as the
    understanding's goal cues read them: never thanks, however likely thanks is after a plan ended."""
    return any(found.kind == "intent" for said in acts for found in evidence_in(said.clause.text))


def _negated(clause: Reply) -> bool:
    """Whether a clause holds words that turn an action down (data/negations.txt)."""
    words, negations = clause.words, phrases("negations")
    return any(negations.at(words, index) is not None for index in range(len(words)))


def led_corrections(acts: tuple[ClauseAct, ...], context: Context, fits: Fits) -> tuple[Correct, ...] | None:
    """At an approval card, the clauses the classifier reads confidently as corrections, comments aside, read as
    corrections even without the words that usually lead one ("thurs 3:30 instead?", "status contacted"): a field
    named and its value, or a value of one clause that fits the open plan. None unless every clause but comments is
    such a correction."""
    if context.question != "approval":
        return None
    out = []
    for said in acts:
        if said.act == "none":
            continue
        if said.act != "correct" or said.probability < CORRECTION:
            return None
        named = _corrections.named_field(said.clause, led=True)
        if named is not None:
            out.append(named)
            continue
        found = _corrections.bare(said.clause, led=True)
        if found is None or not _one_clause(found.value) or not fits(found.value, context, found.replaces):
            return None  # "make it 10:15 and ask the whole floor": what the second clause asks would be lost
        out.append(found)
    return tuple(out) or None


def _one_clause(value: str) -> bool:
    return not any(phrases("clause_joins").value((word,)) is not None for word in Reply.of(value).words)
