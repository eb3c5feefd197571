"""A pick said with people added beside it ("park, the globex one. and loop in john smith too, he's running the
quote", "2 - also add tom"): the one picked, then the people said as joining (a verb of data/people_verbs.txt or
words that add, data/adding_tails.txt) added to the plan. People said as joining are never the pick."""

from collections.abc import Callable

from planning.understanding.commands._people_changes import people_change, people_joining
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.pick import Pick

_CLAUSE_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—"})


def said_as_added(reply: Reply) -> bool:
    """Whether people are said as joining others ("… too", "… as well", "also add …")."""
    words = reply.words
    polite = phrases("polite").ending(words)
    tail = phrases("adding_tails").ending(words[: len(words) - polite[0]] if polite else words)
    return tail is not None or reply.after("also_leads") > 0


def _joining(clause: Reply) -> Correct | None:
    """The people ``clause`` says join, read from the whole clause, else from its words before the reason said with
    it ("loop in john smith too since he owns the deal")."""
    change = people_change(clause) or people_joining(clause)
    cut = clause.before_reason() if change is None else None
    return people_change(cut) or people_joining(cut) if cut is not None else change


def pick_and_people(reply: Reply, pick: Callable[[Reply], Command]) -> tuple[Command, ...] | None:
    """The pick the clauses before the first that adds people say (read by ``pick``), then the people each such
    clause adds; the clauses after one that adds are its reason. None when no clause adds people said as joining, or
    the words before it pick nothing."""
    words = reply.words
    cuts = [i for i, word in enumerate(words) if word in _CLAUSE_MARKS]
    bounds = [(b, e) for b, e in zip([0, *(c + 1 for c in cuts)], [*cuts, len(words)], strict=True) if b < e]
    added: list[Correct] = []
    first: int | None = None
    for begin, end in bounds:
        clause = Reply(reply.text, reply.toks[begin:end])
        change = _joining(clause)
        if change is None or not change.adding or change.removing:
            continue
        if not said_as_added(clause) and first is None and begin == 0:
            continue  # "add john smith" alone first: that may be the pick said with a verb
        added.append(Correct(change.value, field=change.field, people=True, adding=True))
        first = begin if first is None else first
    if first is None or first == 0:
        return None
    before = Reply(reply.text, reply.toks[: first - 1])
    picked = pick(before)
    if not isinstance(picked, Pick) or picked.index is None:
        return None
    return (picked, *added)
