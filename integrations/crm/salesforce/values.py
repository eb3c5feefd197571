"""How contract values become Salesforce field values and back (lookups of Accounts and Users excepted).

Stage and lead status picklists map contract values to configured values (``settings``); lead statuses are also
checked against the org's own (``statuses``): a status the org does not have is skipped, and a converted one is
never written.
"""

import math
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from integrations.base.errors import PermanentError
from integrations.crm.salesforce.mapping import ACTIVITY_SUBTYPES, COMPANY_NOT_PROVIDED, Column, ColumnKind
from integrations.crm.salesforce.settings import SalesforceSettings
from integrations.crm.salesforce.statuses import OrgStatus

SERVICE = "salesforce"
NOTE_BODY_LIMIT, NOTE_TITLE_LIMIT = 32_000, 80  # Note.Body and Note.Title lengths


class Picklists:
    """Stage and lead status picklists, mapped to the contract's values; ``lead_statuses`` and ``task_statuses``
    are the org's."""

    def __init__(
        self,
        settings: SalesforceSettings,
        lead_statuses: Sequence[OrgStatus] = (),
        task_statuses: Sequence[OrgStatus] = (),
    ) -> None:
        self._lists: dict[str, Mapping[Any, list[str]]] = {
            "deal_stage": settings.stage_names,
            "lead_status": settings.lead_statuses,
        }
        self._org = {status.name.casefold(): status for status in lead_statuses}
        self._tasks = task_statuses

    def task_status(self, value: Any) -> str:
        """The org's Status for an open (its default) or done (its first closed status) task."""
        done = str(value).casefold() == "done"
        if str(value).casefold() not in ("open", "done"):
            raise PermanentError("a Task's status is open or done", service=SERVICE)
        found = [s for s in self._tasks if s.converted == done]
        chosen = next((s for s in found if s.default), found[0] if found else None)
        if chosen is None:
            raise PermanentError(f"this Salesforce org has no {value} task status", service=SERVICE)
        return chosen.name

    def choices(self, kind: ColumnKind) -> list[str]:
        return list(self._lists[kind])

    def labels(self, kind: ColumnKind, contract_values: list[str]) -> list[str]:
        labels = [label for value in contract_values for label in self._lists[kind].get(value, [])]
        if kind == "lead_status" and "qualified" in contract_values:
            labels += [s.name for s in self._org.values() if s.converted and s.name not in labels]
        return labels

    def write(self, kind: ColumnKind, value: Any) -> str:
        labels = self._lists[kind].get(str(value).casefold())
        if not labels:
            raise PermanentError(f"{value!r} is not a contract stage or status", service=SERVICE)
        if kind != "lead_status" or not self._org:
            return labels[0]
        usable = [self._org[x.casefold()].name for x in labels if x.casefold() in self._org]
        open_ = [name for name in usable if not self._org[name.casefold()].converted]
        if open_:
            return open_[0]
        has = ", ".join(f"'{s.label}'" + (" (conversion)" if s.converted else "") for s in self._org.values())
        if usable:
            raise PermanentError(
                f"in this Salesforce org a lead becomes {value} only by converting it ('{usable[0]}' is set by lead "
                "conversion, which makes a contact, an account and perhaps an opportunity): convert it in "
                f"Salesforce, or map {value} to a lead status that is not a conversion status in "
                f"PLANBOT_SALESFORCE_LEAD_STATUSES; the org's lead statuses are {has}",
                service=SERVICE,
            )
        raise PermanentError(
            f"this Salesforce org has no lead status for {value} (configured: {', '.join(labels)}); its lead "
            f"statuses are {has}: map {value} to one in PLANBOT_SALESFORCE_LEAD_STATUSES",
            service=SERVICE,
        )

    def read(self, kind: ColumnKind, label: str) -> str | None:
        wanted = label.casefold()
        found = next((v for v, labels in self._lists[kind].items() if wanted in (x.casefold() for x in labels)), None)
        status = self._org.get(wanted) if kind == "lead_status" else None
        return "qualified" if found is None and status is not None and status.converted else found


def decode(spec: Column, record: Mapping[str, Any], picklists: Picklists) -> Any:
    value: Any = record
    for part in spec.read.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    if value is None or value == "":
        return None
    if spec.kind == "number":
        return float(value)
    if spec.kind == "call_seconds":
        return max(1, round(float(value) / 60))
    if spec.kind == "activity_kind":
        return next((k for k, subtype in ACTIVITY_SUBTYPES.items() if subtype == value), None)
    if spec.kind == "occurred":
        moment = datetime.fromisoformat(str(value))
        return moment.astimezone(UTC).isoformat(timespec="seconds")
    if spec.kind == "task_status":
        return "done" if value is True else "open"
    if spec.kind == "datetime":
        moment = datetime.fromisoformat(str(value))
        return moment.astimezone(UTC).isoformat(timespec="seconds")
    if spec.kind in ("deal_stage", "lead_status"):
        return picklists.read(spec.kind, str(value))
    if spec.kind == "website":
        return re.sub(r"^[a-z]+://", "", str(value), flags=re.IGNORECASE).rstrip("/")
    if spec.kind == "lead_company" and value == COMPANY_NOT_PROVIDED:
        return None
    return str(value)


def encode(spec: Column, value: Any, picklists: Picklists) -> dict[str, Any]:
    """The fields to send for ``value``; ``None`` clears. Not for ``account``/``owner`` (they need a lookup)."""
    if spec.kind == "person_name":
        words = str(value).split() if value is not None else []
        first = " ".join(words[:-1]) or None
        return {spec.writes[0]: first, spec.writes[1]: words[-1] if words else None}
    if value is None:
        return {spec.writes[0]: COMPANY_NOT_PROVIDED if spec.kind == "lead_company" else None}
    if spec.kind == "number":
        number = float(value)
        if not math.isfinite(number):
            raise PermanentError(f"{value!r} is not a finite number", service=SERVICE)
        return {spec.writes[0]: number}
    if spec.kind in ("deal_stage", "lead_status"):
        return {spec.writes[0]: picklists.write(spec.kind, value)}
    if spec.kind == "task_status":
        return {spec.writes[0]: picklists.task_status(value)}
    if spec.kind == "activity_kind":
        subtype = ACTIVITY_SUBTYPES.get(str(value))
        if subtype is None:
            raise PermanentError(
                f"Salesforce logs a {value} as an Event, which planbot does not write yet: nothing was written",
                service=SERVICE,
            )
        return {spec.writes[0]: subtype}
    if spec.kind == "occurred":  # Salesforce keeps the activity's day
        moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
        return {spec.writes[0]: moment.date().isoformat()}
    if spec.kind == "call_seconds":
        return {spec.writes[0]: int(value) * 60}
    if spec.kind == "note_body":
        text = str(value)
        if len(text) > NOTE_BODY_LIMIT:
            raise PermanentError(f"a Salesforce note holds {NOTE_BODY_LIMIT:,} characters at most", service=SERVICE)
        title = next((line.strip() for line in text.splitlines() if line.strip()), "Note")
        return {spec.writes[0]: text, spec.writes[1]: title[:NOTE_TITLE_LIMIT]}
    return {spec.writes[0]: str(value)}
