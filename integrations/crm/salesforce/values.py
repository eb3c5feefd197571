"""How contract values become Salesforce field values and back (lookups of Accounts and Users excepted)."""

import math
import re
from collections.abc import Mapping
from typing import Any

from integrations.base.errors import PermanentError
from integrations.crm.salesforce.mapping import COMPANY_NOT_PROVIDED, Column, ColumnKind
from integrations.crm.salesforce.settings import SalesforceSettings

SERVICE = "salesforce"


class Picklists:
    """Stage and lead status picklists, mapped to the contract's values."""

    def __init__(self, settings: SalesforceSettings) -> None:
        self._lists: dict[str, Mapping[Any, list[str]]] = {
            "deal_stage": settings.stage_names,
            "lead_status": settings.lead_statuses,
        }

    def choices(self, kind: ColumnKind) -> list[str]:
        return list(self._lists[kind])

    def labels(self, kind: ColumnKind, contract_values: list[str]) -> list[str]:
        return [label for value in contract_values for label in self._lists[kind].get(value, [])]

    def write(self, kind: ColumnKind, value: Any) -> str:
        labels = self._lists[kind].get(str(value).casefold())
        if not labels:
            raise PermanentError(f"{value!r} is not a contract stage or status", service=SERVICE)
        return labels[0]

    def read(self, kind: ColumnKind, label: str) -> str | None:
        wanted = label.casefold()
        return next((v for v, labels in self._lists[kind].items() if wanted in (x.casefold() for x in labels)), None)


def decode(spec: Column, record: Mapping[str, Any], picklists: Picklists) -> Any:
    value: Any = record
    for part in spec.read.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    if value is None or value == "":
        return None
    if spec.kind == "number":
        return float(value)
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
    return {spec.writes[0]: str(value)}
