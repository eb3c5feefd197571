"""The org's own lead and task statuses (``LeadStatus``: API name, label, ``IsConverted``, ``IsDefault``;
``TaskStatus``: API name, label, ``IsClosed``, ``IsDefault``), read by SOQL and kept for ``ttl_seconds``.

A converted status ("Closed - Converted") is set by Salesforce when a lead is converted into a contact, an account
and perhaps an opportunity; the API refuses it on a create or an update. So the contract's ``qualified`` is written
as the first configured status the org has that is not a converted one ("Qualified" in many orgs); when the org has
only a converted status for it, the connector says the lead must be converted in Salesforce. A converted lead
reads as ``qualified``. A task is ``open`` or ``done`` as its status is closed or not: an open task is written with
the org's default status, a done one with its first closed status ("Completed").
"""

import time
from collections.abc import Callable
from dataclasses import dataclass

from integrations.crm.salesforce import soql
from integrations.crm.salesforce.api import SalesforceApi


@dataclass(frozen=True, slots=True)
class OrgStatus:
    name: str  # the API name: what a lead's or task's Status holds
    label: str
    converted: bool  # a lead status set by conversion; for a task status, IsClosed
    default: bool


class OrgStatuses:
    def __init__(self, api: SalesforceApi, *, ttl_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._api = api
        self._ttl = ttl_seconds
        self._clock = clock
        self._kept: dict[str, tuple[float, list[OrgStatus]]] = {}

    async def lead(self) -> list[OrgStatus]:
        return await self._statuses("LeadStatus", "IsConverted")

    async def task(self) -> list[OrgStatus]:
        """Task statuses; ``converted`` holds ``IsClosed``."""
        return await self._statuses("TaskStatus", "IsClosed")

    async def _statuses(self, sobject: str, flag: str) -> list[OrgStatus]:
        kept = self._kept.get(sobject)
        if kept is None or self._clock() - kept[0] > self._ttl:
            query = soql.select(
                sobject, ["ApiName", "MasterLabel", flag, "IsDefault"], [], limit=200, order_by="SortOrder"
            )
            rows = await self._api.query(query, limit=200)
            statuses = [
                OrgStatus(str(r["ApiName"]), str(r["MasterLabel"]), bool(r[flag]), bool(r["IsDefault"])) for r in rows
            ]
            kept = self._kept[sobject] = (self._clock(), statuses)
        return kept[1]
