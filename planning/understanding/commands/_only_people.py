"""At a card or a question, some of the people it writes to or invites kept alone ("actually just laura, dana doesn't
need it", "only priya and tom"): those people replace the others. Grounded in the plan's own people
(``Context.people``): names of anyone else are not read here ("just sam" of a mail to laura is a change of who, read
by the corrections)."""

from planning.understanding import names
from planning.understanding.commands._corrections import past_leads
from planning.understanding.commands._people_swaps import among
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct

_ENDS = frozenset({",", ";", ".", "-", "–", "—", "!"})


def only_people(reply: Reply, context: Context) -> Correct | None:
    """The people the reply keeps alone, as the people the plan writes to or invites; None when the reply starts with
    no word that keeps some alone (data/only_words.txt), or names anyone not among the plan's people."""
    if context.question not in ("approval", "value") or not context.people:  # at the card, or while a value is asked
        return None
    words = reply.words
    start = past_leads(reply)
    just = phrases("only_words").at(words, start)
    if just is None:
        return None
    begin = start + just[0]
    end = next((i for i in range(begin, len(words)) if words[i] in _ENDS), len(words))
    said = reply.rest(begin, reply.end_before(begin, "polite") if end == len(words) else end)
    if not said or not names.listed(said) or not among(said, context.people):
        return None
    if context.question == "value" and not _names_only(said):  # "just laura and dana should know …": a text
        return None
    return Correct(said, people=True)


def _names_only(said: str) -> bool:
    """Whether ``said`` holds names and the words that join them, nothing else."""
    named = [word for name in names.listed(said) for word in Reply.of(name).words]
    return len(named) == sum(1 for word in Reply.of(said).words if phrases("name_joins").value((word,)) is None)
