"""A new contact or lead made right after a plan that wrote to one person by address ("email nina@brightpath.co …",
then "add her as a lead, nina patel, brightpath"): the record gets that address when the request points at the
person ("her", "him", "them") or names them as the address spells ("nina patel" for nina@…), and the company the
address's domain names when the request says none. The address is the one the last plan wrote to, not a guess."""

from typing import Any

from planning.engine.followups import people_of
from planning.engine.session import Session
from planning.types import Plan, Step
from planning.understanding.address_person import company_of, spelled_by
from planning.understanding.commands.pointing import names_them

_PEOPLE_RECORDS = ("Contact", "Lead")


def with_earlier_address(earlier: Session, text: str, plan: Plan) -> Plan:
    """``plan`` with each new person record that has no address given the one person the earlier plan wrote to,
    when ``text`` points at them or the name said is theirs; unchanged otherwise."""
    people = people_of(earlier)
    if len(people) != 1 or "@" not in people[0]:
        return plan
    address = people[0]
    steps = tuple(_given(step, address, pointed=names_them(text)) for step in plan.steps)
    return plan if steps == plan.steps else plan.model_copy(update={"steps": steps})


def _given(step: Step, address: str, *, pointed: bool) -> Step:
    fields = step.inputs.get("fields")
    if step.tool != "create_entity" or step.inputs.get("entityType") not in _PEOPLE_RECORDS:
        return step
    if not isinstance(fields, dict) or fields.get("email") not in (None, address):
        return step
    name = fields.get("name")
    named = isinstance(name, str) and "PLACEHOLDER_" not in name
    if fields.get("email") is None and not (named and (pointed or spelled_by(address, str(name)))):
        return step
    added: dict[str, Any] = {"email": address}
    company = company_of(address)
    if company is not None and not fields.get("company"):
        added["company"] = company
    return step.model_copy(
        update={"arguments": {**step.arguments, "input": {**step.inputs, "fields": {**fields, **added}}}}
    )
