"""The org's own lead statuses (``LeadStatus``: API name, label, ``IsConverted``, ``IsDefault``), read by SOQL and
kept for ``ttl_seconds``.

A converted status ("Closed - Converted") is set by Salesforce when a lead is converted into a contact, an account
and perhaps an opportunity; the API refuses it on a create or an update. So the contract's ``qualified`` is written
as the first configured status the org has that is not a converted one ("Qualified" in many orgs); when the org has
only a converted status for it, the connector says the lead must be converted in Salesforce. A converted lead
reads as ``qualified``.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass

from integrations.crm.salesforce import soql
from integrations.crm.salesforce.api import SalesforceApi


@dataclass(frozen=True, slots=True)
class OrgStatus:
    name: str  # the API name: what a lead's Status holds
    label: str
    converted: bool
    default: bool


class OrgStatuses:
    def __init__(self, api: SalesforceApi, *, ttl_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._api = api
        self._ttl = ttl_seconds
        self._clock = clock
        self._lead: tuple[float, list[OrgStatus]] | None = None

    async def lead(self) -> list[OrgStatus]:
        if self._lead is None or self._clock() - self._lead[0] > self._ttl:
            fields = ["ApiName", "MasterLabel", "IsConverted", "IsDefault"]
            query = soql.select("LeadStatus", fields, [], limit=200, order_by="SortOrder")
            rows = await self._api.query(query, limit=200)
            statuses = [
                OrgStatus(str(r["ApiName"]), str(r["MasterLabel"]), bool(r["IsConverted"]), bool(r["IsDefault"]))
                for r in rows
            ]
            self._lead = (self._clock(), statuses)
        return self._lead[1]
