"""A text said as another's within one message: "email her that we'll have it back by the 13th, and drop a note on
the account saying the same" — the note's body is the email's. A goal whose body is wholly a phrase of
data/cues/same_text.txt takes the body of the nearest goal before it that has one of its own."""

from planning.types import Goal, ParseResult
from planning.understanding.cues import Words, cues


def said_again(parse: ParseResult) -> ParseResult:
    """``parse`` with each body said as "the same" replaced by the body of the goal before it."""
    if len(parse.goals) < 2:
        return parse
    before: str | None = None
    goals: list[Goal] = []
    for goal in parse.goals:
        body = goal.slots.body
        if body is not None and before is not None and _same(body):
            goal = goal.model_copy(update={"slots": goal.slots.model_copy(update={"body": before})})
        elif body is not None:
            before = body
        goals.append(goal)
    changed = iter(goals)
    return parse.with_goals(lambda _: next(changed))


def _same(body: str) -> bool:
    words = tuple(word for word in Words.of(body.casefold()).words if word.isalnum())
    return bool(words) and cues("same_text").value(words) is not None
