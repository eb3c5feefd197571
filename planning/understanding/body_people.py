"""People named only inside the words an email says ("reply all - got it, i'll push john park on the clause"): the
text speaks of them, it is not sent to them nor an answer to their mail. A person of an email's goal whose name
stands in its text and nowhere else in the request is no recipient and no sender."""

from planning.types import Goal, ParseResult


def people_outside_text(parse: ParseResult, text: str) -> ParseResult:
    """``parse`` with each email's people named only inside that email's text left out."""
    said = text.casefold()
    return parse.with_goals(lambda goal: _goal(goal, said))


def _goal(goal: Goal, said: str) -> Goal:
    body = (goal.slots.body or "").casefold()
    if (goal.intent, goal.entity) != ("send", "email") or not body or not goal.slots.people:
        return goal
    at = said.find(body)
    if at < 0:  # the text as said is not in the request (rewritten): nothing known of where names stand
        return goal
    rest = f"{said[:at]} {said[at + len(body) :]}"
    people = tuple(p for p in goal.slots.people if not (_named(p, body) and not _named(p, rest)))
    if people == goal.slots.people:
        return goal
    return goal.model_copy(update={"slots": goal.slots.model_copy(update={"people": people})})


def _named(person: str, text: str) -> bool:
    """Whether ``text`` names ``person`` as a whole word (or words)."""
    words = _words(text)
    name = _words(person.casefold())
    return bool(name) and any(words[i : i + len(name)] == name for i in range(len(words) - len(name) + 1))


def _words(text: str) -> list[str]:
    return "".join(c if c.isalnum() or c in "'@.-" else " " for c in text).split()
