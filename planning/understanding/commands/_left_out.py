"""Going on without the person a lookup found nobody for: "skip bob, just leave him off", "leave her out", "drop
bob from it". Every clause of the reply says it — a skip, or a skip or a removal (data/skip.txt, people_verbs.txt)
whose object is that person (by the name looked up) or points at them (data/person_pointers.txt) — words that lead or
soften a clause aside, and clauses the reply-act model reads as comments ("he's not in the crm yet"). The name is never
searched for, and nothing else is dropped."""

from planning.understanding.commands import _decisions
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.segment_acts import COMMENT, clause_acts


def person_left_out(reply: Reply, context: Context) -> Decide | None:
    """A skip of the question, when a clause of ``reply`` leaves out the person ``context.sought`` (the name the
    lookup found nobody for) and every other clause does too, or only leads, or is a comment."""
    said = False
    for act in clause_acts(reply, context):
        clause = act.clause
        start = clause.after("leads", "polite", "answer_leads")
        if start >= len(clause.words):
            continue  # "ok", "sure": a word that leads, alone
        body = Reply.of(clause.rest(start))
        if _decisions.skip(body) is not None or _leaves_out(body, context.sought):
            said = True
        elif not (act.act == "none" and act.probability >= COMMENT):
            return None
    return Decide("skip") if said else None


def _leaves_out(clause: Reply, sought: str | None) -> bool:
    """ "skip bob", "leave him off", "drop bob from the invite": a skip or removal verb, then the person, then only
    words that fill a change of people ("off", "from the invite")."""
    words = clause.words
    verb = phrases("skip").at(words)
    people = phrases("people_verbs").at(words)
    if people is not None and people[1] == "remove" and (verb is None or people[0] > verb[0]):
        verb = people
    if verb is None:
        return False
    end = clause.end_before(verb[0], "people_fillers", "polite")
    said = words[verb[0] : end]
    named = sought is not None and said == Reply.of(sought).words
    return bool(said) and (named or phrases("person_pointers").value(said) is not None)
