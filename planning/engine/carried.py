"""A read of the new plan replaced by the thing the last plan already found: the request acts on that thing as it was
found, never on what a fresh search by the request's words would find. Shared by the follow-ups that name a thing
listed (:mod:`.named_listed`) and those that describe an email found (:mod:`.shown_mails`)."""

from typing import Any

from planning.engine.followups import read_again
from planning.engine.staleness import Kind
from planning.types import Step


def carried_read(step: Step, kind: Kind, item: dict[str, Any], entity: str | None = None) -> Step:
    """``step`` reading ``item`` again (by its own values), said to the user as the thing from the last plan."""
    again = read_again(kind, item, entity, None) or dict(step.inputs)
    return step.model_copy(update={"intent": from_last_plan(kind, item), "arguments": {"input": again}})


def from_last_plan(kind: Kind, item: dict[str, Any]) -> str:
    """How a step that carries ``item`` is said: “its title” from your last plan."""
    own = ("name", "title") if kind == "record" else ("title", "subject", "name")  # a contact's title is their job
    name = next((item[field] for field in own if isinstance(item.get(field), str) and item[field].strip()), None)
    if not isinstance(name, str) or not name.strip():
        name = "the email" if kind == "email" else "it"
    return f"“{name}” from your last plan"
