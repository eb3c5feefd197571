"""A request that names one of the things the last plan listed by words of their own ("cancel the priya one" after a
day's meetings, "the q3 deck one - reply that …" after a list of emails): that thing is what the request acts on, as
the last plan found it, never one a new search by the request's other words would find ("i'll catch her at the launch
review" is a reason, not the meeting meant). Which thing the words name is the understanding's reading
(:func:`planning.understanding.commands.listed_named.listed_named`), grounded in what was listed. A request whose
words for the thing ("mark me tentative on that one") gave the understanding nothing to act on is understood again
with the thing said by its own name (``said_by_name``)."""

from typing import Any

from planning.engine.carried import carried_read, from_last_plan
from planning.engine.followups import FollowUp, acting_on, people_steps, ran_with, read_again, used_as_target
from planning.engine.session import Session
from planning.engine.staleness import READS, Kind
from planning.references import placeholder
from planning.types import Goal, Plan, Step
from planning.understanding.commands.listed_named import (
    Named,
    listed_named,
    passed_to,
    placed_alone,
    placed_at,
    pointed_at,
    said_as,
)


def named_listed(earlier: Session, text: str, plan: Plan, goal: Goal) -> FollowUp | None:
    """``plan`` with its read of the one thing it acts on carried from ``earlier``'s list, the thing ``text`` names
    (of one listed, "that one" names it); None when ``text`` names none of those listed, or the plan reads no thing
    of their kind to act on."""
    listed = _listed(earlier, alone=True)
    if listed is None:
        return None
    kind, entity, items = listed
    named = listed_named(text, items) or (pointed_at(text) if len(items) == 1 else None)
    if named is None:  # "accept that one, i'll be back from the dentist by then": the one shown, not the dentist
        return None
    item = items[named.index - 1]
    steps, known = list(plan.steps), {}
    for index, step in enumerate(plan.steps):
        if step.tool != READS[kind] or used_as_target(plan, step.id, kind) is None:
            continue
        if kind == "record" and step.inputs.get("entityType") != entity:
            continue
        steps[index] = carried_read(step, kind, item, entity)
        known[step.id] = [item]
    if not known:
        return None
    return FollowUp(Plan(steps=tuple(steps)), goal, "follow-up: the one listed that the request names", known=known)


def forwarded_listed(earlier: Session, text: str, plan: Plan) -> FollowUp | None:
    """The email ``earlier`` listed that ``text`` names and passes on ("the invoice one - send it on to john smith and
    ask him to chase globex on it") forwarded to the people it names, with the text of the plan's new email as the
    note, in the place of a plan that writes a new email; None when ``text`` names no listed email, passes it on to
    no one, or the plan does more than write one email."""
    listed = _listed(earlier, alone=True)
    if listed is None or listed[0] != "email":
        return None
    items = listed[2]
    named = listed_named(text, items) or (pointed_at(text) if len(items) == 1 else None)
    who = passed_to(text, named) if named is not None else ()
    sends = [step for step in plan.steps if step.tool == "send_email"]
    if named is None or not who or len(sends) != 1 or any(step.tool not in _WRITING_ONE for step in plan.steps):
        return None
    mail = items[named.index - 1]
    lookups, people = people_steps(", ".join(who))
    inputs: dict[str, Any] = {"messageId": str(mail["id"]), "to": people or [placeholder("to")]}
    if isinstance(sends[0].inputs.get("body"), str):
        inputs["body"] = sends[0].inputs["body"]
    subject = mail.get("subject") or "the email"
    forward = Step(
        id="forward",
        intent=f"Forward “{subject}” to {', '.join(who)}",
        tool="forward_email",
        arguments={"input": inputs},
        depends_on=tuple(step.id for step in lookups),
    )
    known: dict[str, Any] = {}
    carried = [
        step.model_copy(update={"intent": from_last_plan("email", mail)}) if step.id in known else step
        for step in acting_on(forward, mail, "listed_email", known)
    ]
    goal = Goal(intent="send", entity="email")
    return FollowUp(Plan(steps=(*lookups, *carried)), goal, "follow-up: the email listed, forwarded", known=known)


_WRITING_ONE = frozenset({"fetch_entity", "send_email"})  # a plan that writes one new email (to people looked up)


def said_by_name(earlier: Session, text: str, plan: Plan) -> str | None:
    """``text`` with its phrase that points at one of the things ``earlier`` listed ("the priya one", "the second
    one"; "that one" of one shown) said by that thing's own name ("mark me tentative on that one" → "… on the Launch
    review"), to be understood again, when ``plan`` reads no thing of their kind to act on; None otherwise."""
    listed = _listed(earlier, alone=True)
    if listed is None or acts_on_listed(earlier, plan):
        return None
    kind, _, items = listed
    named = listed_named(text, items) or placed_at(text, len(items))
    if named is None and len(items) == 1:
        named = pointed_at(text)
    if named is None:
        return None
    name = (
        items[named.index - 1].get("title")
        or items[named.index - 1].get("subject")
        or items[named.index - 1].get("name")
    )
    if not isinstance(name, str) or not name.strip():
        return None
    return said_as(text, named, f"the “{name}” email" if kind == "email" else f"the {name}")


def shown_listed(earlier: Session, text: str, plan: Plan) -> FollowUp | None:
    """ "open the 2nd", "show me the second one", "the globex one?" after a list of several, when the request reads as
    nothing else (``plan`` has no steps), or is that phrase alone and ``plan`` only reads ("the acme one" after the
    deals read as the Acme account): the thing of the list it names, read again to be shown; None otherwise."""
    listed = _listed(earlier)
    if listed is None or any(step.tool not in READS.values() for step in plan.steps):
        return None
    kind, entity, items = listed
    named = listed_named(text, items) or placed_at(text, len(items)) or placed_alone(text, len(items))
    if plan.steps and (named is None or _said_around(text, named)):  # "the acme one" of deals: not the account
        return None
    item = items[named.index - 1] if named is not None else None
    inputs = read_again(kind, item, entity, None) if item is not None else None
    if item is None or inputs is None:
        return None
    read = Step(id="show_listed", intent=from_last_plan(kind, item), tool=READS[kind], arguments={"input": inputs})
    goal = Goal(intent="find", entity=(entity or "").lower() if kind == "record" else kind)
    return FollowUp(Plan(steps=(read,)), goal, "follow-up: the one listed, shown again")


def _said_around(text: str, named: Named) -> bool:
    """Whether ``text`` says more than the phrase ``named`` (marks aside)."""
    return bool(text[: named.start].strip(" ,.!?-") or text[named.end :].strip(" ,.!?-"))


def acts_on_listed(earlier: Session, plan: Plan) -> bool:
    """Whether ``plan`` reads a thing of the kind ``earlier`` listed, to act on it."""
    listed = _listed(earlier, alone=True)
    if listed is None:
        return False
    kind = listed[0]
    return any(step.tool == READS[kind] and used_as_target(plan, step.id, kind) is not None for step in plan.steps)


def _listed(earlier: Session, *, alone: bool = False) -> tuple[Kind, str | None, list[dict[str, Any]]] | None:
    """What the earlier plan's last read listed (more than one thing; ``alone``: or only one): its kind, the record
    type, the things."""
    for run in reversed(earlier.steps):
        kind = next((k for k, tool in READS.items() if tool == run.step.tool), None)
        if kind is None or run.state != "done" or not isinstance(run.result, list):
            continue
        items = [item for item in run.result if isinstance(item, dict) and item.get("id")]
        if len(items) < (1 if alone else 2):
            return None
        entity = ran_with(earlier, run).get("entityType") if kind == "record" else None
        return kind, entity if isinstance(entity, str) else None, items
    return None
