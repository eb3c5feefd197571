"""A title that names its person only as "her" / "him" ("remind me to call her tmrw at 1 about the questionnaire",
right after a question about Dana Whitfield): the person the pronoun stands for is written in it ("Call Dana
Whitfield about the questionnaire"), so the calendar or task list says who, read later out of the thread."""

from typing import Any

from planning.types import Step
from planning.understanding.commands import pointed_people

_TITLED = {"create_calendar_event": ("title",), "create_entity": ("subject", "title")}


def with_person_in_title(step: Step, name: str) -> Step:
    """``step`` with each word of its title that points at one person replaced by ``name``; as it is otherwise."""
    keys = _TITLED.get(step.tool, ())
    inputs = step.inputs
    fields = inputs.get("fields") if step.tool == "create_entity" else inputs
    if not isinstance(fields, dict) or not name.strip():
        return step
    changed = {key: _named(fields[key], name) for key in keys if isinstance(fields.get(key), str)}
    changed = {key: value for key, value in changed.items() if value != fields[key]}
    if not changed:
        return step
    updated: dict[str, Any] = {**inputs, "fields": {**fields, **changed}} if fields is not inputs else inputs | changed
    intent = _named(step.intent, name)  # "Create the event 'Call her about …'": as the title now says
    return step.model_copy(update={"arguments": {**step.arguments, "input": updated}, "intent": intent})


def _named(title: str, name: str) -> str:
    return " ".join(_person(word, name) for word in title.split(" "))


def _person(word: str, name: str) -> str:
    """``name`` for a word that points at one person, its punctuation after it kept ("her," → "Dana Whitfield,")."""
    bare = word.rstrip(_MARKS)
    return name + word[len(bare) :] if bare and pointed_people(bare) == "one" else word


_MARKS = ".,;:!?"
