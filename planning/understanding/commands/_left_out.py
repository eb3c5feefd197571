"""Going on without the person a lookup found nobody for: "skip bob, just leave him off", "leave her out", "drop
bob from it", "never mind bob". Every clause of the reply (cut at joining words too) says it — a skip, or a skip,
cancel or removal (data/skip.txt, cancel.txt, people_verbs.txt) whose object is that person (by the name looked up)
or points at them (data/person_pointers.txt) — or only leads, goes on ("go ahead"), or is read by the reply-act model
as a comment ("he's not in the crm yet"). The name is never searched for, and nothing else is dropped."""

from planning.understanding.commands import _decisions
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.segment_acts import COMMENT, clause_acts


def person_left_out(reply: Reply, context: Context) -> Decide | None:
    """A skip of the question, when a clause of ``reply`` leaves out the person ``context.sought`` (the name the
    lookup found nobody for) and every other clause does too, or only leads, or is a comment."""
    said = False
    for act in clause_acts(reply, context, words=True):
        clause = act.clause
        start = clause.after("leads", "polite", "answer_leads")
        if start >= len(clause.words):
            continue  # "ok", "sure": a word that leads, alone
        body = Reply.of(clause.rest(start))
        if _decisions.skip(body) is not None or any(_leaves_out(said, context.sought) for said in (clause, body)):
            said = True
        elif _decisions.approve(body) is None and not (act.act == "none" and act.probability >= COMMENT):
            return None  # "…, go ahead" goes on as the skip does
    return Decide("skip") if said else None


def _leaves_out(clause: Reply, sought: str | None) -> bool:
    """ "skip bob", "leave him off", "drop bob from the invite", "never mind bob": a skip, cancel or removal verb (the
    longest that starts the clause), then the person, then only words that fill a change of people ("off", "from
    the invite")."""
    words = clause.words
    people = phrases("people_verbs").at(words)
    verbs = [
        phrases("skip").at(words),
        phrases("cancel").at(words),
        people if people and people[1] == "remove" else None,
    ]
    verb = max((found for found in verbs if found is not None), default=None)
    if verb is None:
        return False
    end = clause.end_before(verb[0], "people_fillers", "polite")
    said = words[verb[0] : end]
    named = sought is not None and said == Reply.of(sought).words
    return bool(said) and (named or phrases("person_pointers").value(said) is not None)
