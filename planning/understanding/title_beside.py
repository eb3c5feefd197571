"""A contact's new job title said in a clause beside the one asking the update ("sarah got promoted to vp of sales,
update her title"): the update's value, when the update itself says none."""

from planning.types import Goal, ParseResult
from planning.understanding.record_updates import new_title


def with_title_beside(parse: ParseResult, text: str) -> ParseResult:
    """``parse`` with each update of a contact that changes no field given the title ``text`` says the person now
    has (:func:`.record_updates.new_title`), when it says one."""
    title = new_title(text)
    if title is None:
        return parse
    return parse.with_goals(lambda goal: _titled(goal, title))


def _titled(goal: Goal, title: str) -> Goal:
    if (goal.intent, goal.entity) != ("update", "contact") or goal.slots.field_changes:
        return goal
    slots = goal.slots.model_copy(update={"field_changes": (("job title", title),)})
    return goal.model_copy(update={"slots": slots})
