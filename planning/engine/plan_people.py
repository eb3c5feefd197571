"""Who the open plan writes to or invites, as the understanding reads a change of them with: the names looked up for
its recipients and attendees, and the addresses given ("take tom off" while a subject is asked is a change of who
when Tom is one of them; "drop the intro paragraph" is not)."""

from typing import Any

from planning.engine.session import Session, StepRun
from planning.references import parse_reference, template_bodies

_PEOPLE = ("to", "cc", "attendees")


def plan_people(session: Session) -> tuple[str, ...]:
    """The names and addresses of the people the steps not run yet write to or invite."""
    found: list[str] = []
    for run in session.steps:
        if run.state not in ("pending", "waiting"):
            continue
        for key in _PEOPLE:
            value = _value(run, key)
            for item in value if isinstance(value, list) else [value] if isinstance(value, str) else []:
                found += _named(session, item) if isinstance(item, str) else []
    return tuple(dict.fromkeys(found))


def _value(run: StepRun, key: str) -> Any:
    if run.edited is not None and key in run.edited:
        return run.edited[key]
    return run.overrides.get(key, run.answers.get(key, run.step.inputs.get(key)))


def _named(session: Session, item: str) -> list[str]:
    """An address as it is; a lookup's result by the name looked up (and the address found, once found)."""
    if "@" in item and "{{" not in item:
        return [item]
    named: list[str] = []
    for body in template_bodies(item):
        reference = parse_reference(body)
        run = next((r for r in session.steps if reference is not None and r.id == reference.step_id), None)
        filters = run.step.inputs.get("filters") if run is not None else None
        if isinstance(filters, dict) and isinstance(filters.get("name"), str):
            named.append(filters["name"])
    return named


def without_names(heading: str, gone: tuple[str, ...]) -> str:
    """A heading that listed the people ("Email laura, peter: …") without those taken off."""
    for name in gone:
        for listed in (f", {name}", f"{name}, ", f" and {name}"):
            if listed in heading:
                heading = heading.replace(listed, "", 1)
                break
    return heading


def swapped(there: list[str], coming: list[str], gone: str) -> list[str]:
    """The addresses ``there`` without those the names ``gone`` name ("tom", "tom and sam"), with ``coming`` added."""
    named = [part.strip().lower() for part in gone.replace(" and ", ",").split(",") if part.strip()]
    kept = [a for a in there if not any(is_them(a, name) for name in named)]
    return [*kept, *(a for a in coming if a not in kept)]


def is_them(address: str, name: str) -> bool:
    """Whether ``address`` is the person ``name`` names: the address itself, or a name its local part starts with
    ("tom" → tom.reyes@example.com; "tom reyes" → tom.reyes@…)."""
    local = address.lower().split("@", 1)[0]
    parts = [p for p in name.replace(".", " ").split() if p]
    joined, local = ".".join(parts), local.replace("_", ".")
    return address.lower() == name or (bool(parts) and (local == joined or local.startswith(joined + ".")))
