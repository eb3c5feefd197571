"""A title that names the event only as "it" ("put a reminder on my cal for friday at 4 to rebook it", right after
the lunch with Maria was cancelled): the event the last plan deleted, made or changed is written in it ("Rebook lunch
with Maria"), so the calendar says what, read later out of the thread."""

from typing import Any

from planning.engine.session import Session
from planning.engine.targets import record_of
from planning.types import Plan, Step
from planning.understanding.commands import thing_said_in

_EVENT_WRITES = ("create_calendar_event", "update_calendar_event", "delete_calendar_event")


def with_event_in_title(earlier: Session, plan: Plan) -> Plan:
    """``plan`` with the title of each event it makes written with the event ``earlier`` acted on last in place of a
    word that points back at it; ``plan`` as it is when ``earlier`` acted on no event or no title points back."""
    name = _last_event_title(earlier)
    if name is None:
        return plan
    steps = tuple(_titled(step, name) for step in plan.steps)
    return plan if steps == plan.steps else plan.model_copy(update={"steps": steps})


def _titled(step: Step, name: str) -> Step:
    title = step.inputs.get("title") if step.tool == "create_calendar_event" else None
    if not isinstance(title, str) or "{{" in title:
        return step
    said = thing_said_in(title, name)
    if said == title:
        return step
    said = said[:1].upper() + said[1:]
    inputs: dict[str, Any] = {**step.inputs, "title": said}
    intent = step.intent.replace(title, said)  # "Create the event 'Rebook it'": as the title now says
    return step.model_copy(update={"arguments": {**step.arguments, "input": inputs}, "intent": intent})


def _last_event_title(earlier: Session) -> str | None:
    """The title of the event the earlier plan wrote last (as it came back, or as its read found the one deleted),
    its first letter in lower case unless the word is written in capitals ("lunch with Maria", "QBR prep")."""
    for run in reversed(earlier.steps):
        if run.state != "done" or run.step.tool not in _EVENT_WRITES:
            continue
        made = run.result if isinstance(run.result, dict) and run.step.tool != "delete_calendar_event" else None
        event = made or record_of(earlier, run) or {}
        title = event.get("title")
        if not isinstance(title, str) or not title.strip():
            return None
        first = title.split(" ", 1)[0]
        return title if first[1:2].isupper() else title[:1].lower() + title[1:]
    return None
