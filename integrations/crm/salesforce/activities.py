"""A Salesforce note's or task's ``about`` (contract §3 v2): the record its id fields point to.

A note's is ``ParentId`` (set when the note is made: Salesforce cannot move a note). A task's is ``WhatId`` for an
Account or an Opportunity, ``WhoId`` for a Contact or a Lead (and then no ``WhatId``: Salesforce refuses both with
a lead); one is set and the other cleared. Ids name their object by their first three characters (the key prefix
of standard objects). A task that has both reads as about its opportunity, else its lead or contact, else its
account, as HubSpot does.
"""

from collections.abc import Mapping
from typing import Any

from integrations.base.errors import PermanentError
from integrations.crm.salesforce import soql
from integrations.crm.salesforce.api import SERVICE, checked_id
from integrations.crm.salesforce.mapping import SObjectMap

KIND_OF_PREFIX = {"001": "Account", "003": "Contact", "006": "Deal", "00Q": "Lead"}
SOBJECT_OF = {"Account": "Account", "Contact": "Contact", "Deal": "Opportunity", "Lead": "Lead"}
READ_ORDER = ("Deal", "Lead", "Contact", "Account")
WHO = frozenset({"Contact", "Lead"})


def about_of(entity: SObjectMap, row: Mapping[str, Any]) -> dict[str, str] | None:
    found = {KIND_OF_PREFIX.get(str(row[f])[:3]): str(row[f]) for f in entity.about if row.get(f)}
    kind = next((k for k in READ_ORDER if k in found), None)
    return {"entityType": kind, "id": found[kind]} if kind else None


def about_fields(entity: SObjectMap, about: Mapping[str, Any] | None) -> dict[str, str | None]:
    """The id fields to write for ``about`` (``None``: about nothing)."""
    if entity.sobject == "Note":
        if about is None:
            raise PermanentError("a Salesforce note is always about a record", service=SERVICE)
        return {"ParentId": str(about["id"])}
    if about is None:
        return {"WhatId": None, "WhoId": None}
    record_id = str(about["id"])
    if about["entityType"] in WHO:
        return {"WhoId": record_id, "WhatId": None}
    return {"WhatId": record_id, "WhoId": None}


def about_conditions(entity: SObjectMap, about: Any) -> list[str] | None:
    """SOQL conditions for the records about ``about``; ``None`` when no record can be (an id of no record)."""
    if not isinstance(about, Mapping):
        raise PermanentError("filter notes and tasks by the record they are about: {entityType, id}", service=SERVICE)
    record_id = str(about.get("id", ""))
    if len(record_id) not in (15, 18) or not record_id.isalnum():
        return None
    who = "WhoId" if about.get("entityType") in WHO else "WhatId"
    field = "ParentId" if entity.sobject == "Note" else who
    return [f"{field} = {soql.quoted(checked_id(record_id))}"]
