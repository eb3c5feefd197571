"""The one question to ask when the understanding is unsure (contract §2.1: ``parse.clarify``)."""

from planning.types import Goal

_ACTIONS = {
    ("send", "email"): "send an email",
    ("find", "email"): "look through your email",
    ("summarize", "email"): "summarize your email",
    ("find", "event"): "look at your calendar",
    ("create", "event"): "put something on your calendar",
    ("update", "event"): "change a calendar event",
    ("delete", "event"): "cancel a calendar event",
    ("find", "availability"): "find free time on your calendar",
}
_EXAMPLES = {
    ("delete", "event"): "“cancel my 3pm meeting”",
    ("create", "event"): "“lunch with Maria on Friday at noon”",
    ("update", "event"): "“move my 1:1 with Priya to Friday at 10am”",
    ("find", "event"): "“what's on my calendar tomorrow”",
    ("send", "email"): "“email John the sales report”",
}


def describe(intent: str, entity: str) -> str:
    known = _ACTIONS.get((intent, entity))
    if known:
        return known
    verb = {"find": "look up", "create": "create", "update": "update", "delete": "delete"}.get(intent, intent)
    return f"{verb} a {entity}"


# Goals whose plan asks for the start time (with the reason) when the request's date does not exist.
_ASKS_FOR_START = frozenset({("create", "event"), ("update", "event")})


def no_such_date(goals: tuple[Goal, ...] | list[Goal]) -> str | None:
    """ "There is no 30 February. Which day did you mean?" for a date that does not exist, unless the plan
    leaves that date as a placeholder that will be asked for (a new or moved event's start)."""
    for goal in goals:
        missing = goal.scope.get("impossible_date")
        asked = (goal.intent, goal.entity) in _ASKS_FOR_START and not goal.scope.get("free_slot")
        if missing and not asked:
            return f"There is no {missing}. Which day did you mean?"
    return None


def clarifying_question(goals: tuple[Goal, ...] | list[Goal], ambiguities: list[str]) -> str:
    goal = goals[0]
    action = describe(goal.intent, goal.entity)
    alternative = next((a for a in ambiguities if a.startswith("could also be ")), None)
    if alternative:
        intent, _, entity = alternative.removeprefix("could also be ").split(" ")[0].partition("/")
        return f"Do you want me to {action}, or to {describe(intent, entity)}?"
    example = _EXAMPLES.get((goal.intent, goal.entity))
    hint = f" For example: {example}." if example else ""
    return f"Do you want me to {action}? Tell me a little more.{hint}"
