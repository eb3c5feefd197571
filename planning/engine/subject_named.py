"""A task or note about the one record the last plan changed or found says who it is about by name: "give me a
task to follow up w/ him on the 11th" after Hank Scorpio's lead was updated is "Follow up w/ Hank Scorpio", not
"Follow up w/ him" (the name is the record's, as found; the words are the understanding's pronouns)."""

from typing import Any

from planning.references import references_in
from planning.types import Step
from planning.understanding.commands.pointing import named_instead

_SAID = {"Task": "subject", "Note": "body"}


def with_name(step: Step, read_id: str, record: dict[str, Any]) -> Step:
    """``step`` with the person its text points at named, when it makes a task or note about ``read_id``'s one
    ``record`` and the record has a name; unchanged otherwise."""
    fields = step.inputs.get("fields")
    name = record.get("name")
    key = _SAID.get(str(step.inputs.get("entityType")))
    if step.tool != "create_entity" or key is None or not isinstance(fields, dict) or not isinstance(name, str):
        return step
    about = fields.get("about")
    said = fields.get(key)
    if not isinstance(said, str) or not any(ref.step_id == read_id for ref in references_in(about)):
        return step
    named = named_instead(said, name)
    if named == said:
        return step
    intent = step.intent.replace(said, named)
    return step.model_copy(
        update={"intent": intent, "arguments": {"input": {**step.inputs, "fields": {**fields, key: named}}}}
    )
