"""Where a value is asked (an email's text, a time), a reply whose first clause takes back what is under way ("oh crap
wait undo that, haven't looked at slide 12 yet", "ugh wait, scrap that - wrong person") is that command, never the
value: the clauses after it are its reason. The clause is a cancel or undo phrase (data/cancel.txt, data/undo.txt,
data/not_a_value.txt), after nothing but words of hesitation (data/leads.txt, data/interjections.txt)."""

from planning.understanding.commands import _clauses
from planning.understanding.commands._words import Reply
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.decide import Decide

_HESITATION = ("leads", "interjections", "polite")


def taken_back(reply: Reply) -> Decide | CannotHandle | None:
    """A cancel (``Decide("cancel")``) or an undo (which a value's question cannot run: ``CannotHandle``) said as the
    reply's first clause of substance; None when that clause is anything else."""
    for clause in _clauses.parts(reply) or [reply]:
        said = Reply(clause.text, clause.toks[clause.after(*_HESITATION) :])
        if not said.words or any(said.is_one_of(name) is not None for name in _HESITATION):
            continue  # "ugh wait": hesitation alone, the next clause says what
        if said.is_one_of("cancel", objects=True) is not None:
            return Decide("cancel")
        if said.is_one_of("undo", objects=True) is not None or said.is_one_of("not_a_value") is not None:
            return CannotHandle("a command, not a value")
        return None
    return None
