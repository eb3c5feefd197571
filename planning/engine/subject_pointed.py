"""A mail after a plan that changed one event, whose subject (made from its text) opens with "it": "shoot john park a
note that it's moved to the 11th", right after the pricing review was moved, is "Globex pricing review moved to the
11th", not "It's moved to the 11th" (read later in an inbox, "it" says nothing). Only the subject; the text is as
said, on the card, correctable there."""

from planning.engine.followups import left_by
from planning.engine.session import Session
from planning.types import Plan
from planning.understanding.subject_beside import named_for_pronoun

_EVENT_WRITES = ("create_calendar_event", "update_calendar_event", "respond_to_event")


def with_event_in_subject(earlier: Session, plan: Plan) -> Plan:
    """``plan`` with each mail's subject that opens with "it" naming the one event ``earlier`` changed instead."""
    title = _changed_title(earlier)
    if title is None:
        return plan
    steps = []
    for step in plan.steps:
        subject = step.inputs.get("subject") if step.tool == "send_email" else None
        named = named_for_pronoun(subject, title) if isinstance(subject, str) else None
        if named is not None:
            inputs = {**step.inputs, "subject": named}
            intent = step.intent.replace(str(subject), named)
            step = step.model_copy(update={"arguments": {**step.arguments, "input": inputs}, "intent": intent})
        steps.append(step)
    return plan.model_copy(update={"steps": tuple(steps)})


def _changed_title(earlier: Session) -> str | None:
    """The title of the one event the earlier plan's writes left; None for none or several."""
    titles = set()
    for run in earlier.steps:
        if run.state == "done" and run.kind == "write" and run.step.tool in _EVENT_WRITES:
            left = left_by(earlier, run)
            if left is not None and isinstance(left.get("title"), str):
                titles.add(left["title"])
    return titles.pop() if len(titles) == 1 else None
