"""Of several records a lookup found where one is meant, the one clearly meant, taken without asking: the only one
named just as it was looked for ("the Acme deal": "Acme deal", not "Acme renewal"), else the only one still open
(a deal not closed won or lost, a task not done); of mails, the one that holds clearly the most of the words it was
looked for by ("the signed acme msa": the "Acme master services agreement (signed)"). Otherwise the user picks."""

from dataclasses import dataclass
from typing import Any

from planning.types import Step
from planning.understanding.words_held import best_holding

_CLOSED = {"Deal": ("stage", ("closed_won", "closed_lost")), "Task": ("status", ("done",))}


@dataclass(frozen=True, slots=True)
class ClearPick:
    item: dict[str, Any]
    why: str  # said with the choice: "named exactly", "the only open one of 2"


def clear_choice(step: Step, data: list[Any]) -> ClearPick | None:
    """The item of ``data`` (found by the lookup ``step``) that is clearly the one meant, or None."""
    if step.tool == "fetch_emails" and len(data) > 1 and all(isinstance(item, dict) for item in data):
        return _mail_most_held(step, data)
    if step.tool != "fetch_entity" or len(data) < 2 or not all(isinstance(item, dict) for item in data):
        return None
    entity = step.inputs.get("entityType")
    given = step.inputs.get("filters")
    filters: dict[str, Any] = given if isinstance(given, dict) else {}
    named = _named_as(step, entity, filters)
    exact = [item for item in data if _words(item.get("name") or item.get("subject")) in named]
    if len(exact) == 1:
        return ClearPick(exact[0], "named exactly")
    field, closed = _CLOSED.get(str(entity), ("", ()))
    if field and field not in filters:
        open_ = [item for item in data if item.get(field) not in closed]
        if len(open_) == 1:
            return ClearPick(open_[0], f"the only open one of {len(data)}")
    return None


def _mail_most_held(step: Step, data: list[Any]) -> ClearPick | None:
    """Of several mails found, the one whose subject and sender hold clearly the most of the words the request looked
    for it by (:func:`planning.understanding.words_held.best_holding`); a broader search than asked for finds them."""
    said = " ".join(str(step.inputs[key]) for key in _MAIL_WORDS if isinstance(step.inputs.get(key), str))
    if not said.strip() or "{{" in said:
        return None
    texts = [f"{item.get('subject') or ''} {_sender(item.get('from'))}" for item in data]
    best = best_holding(said, texts)
    return ClearPick(data[best], "it holds the most of the words asked") if best is not None else None


_MAIL_WORDS = ("query", "subject")


def _sender(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(str(v) for v in value.values() if isinstance(v, str))
    return str(value or "")


def _named_as(step: Step, entity: Any, filters: dict[str, Any]) -> set[str]:
    """The names the request used: a name or company looked for, alone or with its kind ("Initech deal"), and
    what the step's intent says it finds ("Find the Initech deal")."""
    kind = str(entity).lower() if isinstance(entity, str) else ""
    names: set[str] = set()
    for key in ("name", "company", "subject"):
        value = filters.get(key)
        if isinstance(value, str) and value.strip() and "{{" not in value:
            names |= {_words(value), _words(f"{value} {kind}")}
    said = _words(step.intent).split()  # our own heading: "Find the Initech deal"
    if said[:1] == ["find"]:
        found = " ".join(said[2:] if said[1:2] == ["the"] else said[1:])
        if found and "{{" not in step.intent:
            names.add(found)
    names.discard("")
    return names


def _words(text: Any) -> str:
    return " ".join("".join(c if c.isalnum() or c == "_" else " " for c in str(text or "").casefold()).split())
