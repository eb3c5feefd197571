"""One more of the records the last plan listed, said without their kind ("any notes on initech?" then "add one:
peter wants 2 more weeks of pilot"): the request said again with the kind, and the record the list was about, in the
place of the words for it ("add a note on Initech: peter wants …"), to be understood anew. A request the kind does
not fit (its new reading makes no record of that kind) keeps its own reading (the caller checks)."""

from typing import Any

from planning.engine.followups import ran_with
from planning.engine.session import Session
from planning.understanding.commands.kind_again import kind_again


def one_more_listed(earlier: Session, text: str) -> tuple[str, str] | None:
    """``text`` with its words for one more thing said as the kind of record ``earlier`` last read (and what that
    read was about), and that record type; None when ``text`` says no such thing or ``earlier`` read no records."""
    found = kind_again(text)
    if found is None:
        return None
    run = earlier.steps[-1] if earlier.steps else None  # the list was what the plan answered, nothing written
    if run is None or run.step.tool != "fetch_entity" or run.state != "done" or not isinstance(run.result, list):
        return None
    if any(r.kind == "write" for r in earlier.steps):  # "book lunch w maria" then "add another for friday"
        return None
    inputs = ran_with(earlier, run)
    entity = inputs.get("entityType")
    if not isinstance(entity, str) or not entity:
        return None
    filters = inputs.get("filters")
    about = filters.get("about") if isinstance(filters, dict) else None
    name = _name_of(earlier, about.get("id")) if isinstance(about, dict) else None
    said = f"a {entity.lower()} on {name}" if name else f"a {entity.lower()}"
    return f"{text[: found[0]]}{said}{text[found[1] :]}", entity


def _name_of(earlier: Session, record_id: Any) -> str | None:
    """The name of the record ``record_id`` that ``earlier`` found."""
    for run in earlier.steps:
        for item in run.result if isinstance(run.result, list) else ():
            if isinstance(item, dict) and record_id is not None and item.get("id") == record_id:
                name = item.get("name")
                return name if isinstance(name, str) and name else None
    return None
