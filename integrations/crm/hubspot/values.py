"""How contract values become HubSpot property values and back (every property value travels as text).

An enumeration (kind ``enum``) is written as the option its label names and read as that option's label; its
options come from the properties API (``Lookups``), keyed here by property name. Dates are days at UTC: a close
date is written at midnight, a task's due date at noon (``DUE_TIME``), a note's creation is read as an ISO instant.
"""

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from integrations.base.errors import PermanentError
from integrations.base.records import TaskStatus
from integrations.crm.hubspot.mapping import FieldKind, Prop
from integrations.crm.hubspot.note_body import to_html, to_text
from integrations.crm.hubspot.options import Enumeration
from integrations.crm.hubspot.settings import HubSpotSettings

SERVICE = "hubspot"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
DUE_TIME = "T12:00:00Z"
TASK_STATUSES: dict[TaskStatus, list[str]] = {
    "open": ["NOT_STARTED", "IN_PROGRESS", "WAITING", "DEFERRED"],
    "done": ["COMPLETED"],
}
"""Contract task status → HubSpot ``hs_task_status`` values; the first is written."""


@dataclass(frozen=True, slots=True)
class Owner:
    """A HubSpot user who can own records (``/crm/v3/owners``)."""

    id: str
    name: str
    email: str


class Values:
    """Encodes and decodes one field; ``owners`` is needed only for fields of kind ``owner``, ``enumerations``
    (property name → its options) for fields of kind ``enum``."""

    def __init__(
        self,
        settings: HubSpotSettings,
        owners: Sequence[Owner] = (),
        enumerations: Mapping[str, Enumeration] | None = None,
    ) -> None:
        self._stages: dict[str, Mapping[Any, list[str]]] = {
            "deal_stage": settings.deal_stages,
            "lead_status": settings.lead_stages,
            "task_status": TASK_STATUSES,
        }
        self._owners = owners
        self._enumerations = enumerations or {}

    def encode(self, spec: Prop, value: Any) -> dict[str, str]:
        if spec.kind == "call_kind":  # (v3) the object (calls) says the kind: only a call is written there
            if value not in (None, "call"):
                raise PermanentError(
                    f"HubSpot: logging {'an' if str(value)[0] in 'aeiou' else 'a'} {value} is not supported yet"
                    " (only calls): nothing was written",
                    service=SERVICE,
                )
            return {}
        if spec.kind == "duration_ms" and value is not None:
            return {spec.names[0]: str(int(value) * 60_000)}
        if spec.kind == "datetime" and value is not None and not isinstance(value, str):
            return {spec.names[0]: value.isoformat()}
        if spec.kind == "person_name":
            first, last = split_name(value)
            return {spec.names[0]: first, spec.names[1]: last}
        if spec.kind == "enum" and value is not None:
            return {spec.names[0]: self._enumerations[spec.names[0]].choose(str(value))}
        return {spec.names[0]: self._encode_one(spec.kind, value)}

    def decode(self, spec: Prop, properties: Mapping[str, Any]) -> Any:
        if spec.kind == "call_kind":
            return "call"
        raw = [properties.get(name) for name in spec.names]
        if spec.kind == "person_name":
            return " ".join(str(part).strip() for part in raw if part and str(part).strip()) or None
        value = raw[0]
        if value is None or value == "":
            return None
        if spec.kind == "enum":
            found = self._enumerations.get(spec.names[0])
            return found.label_of(str(value)) if found is not None else str(value)
        return self._decode_one(spec.kind, str(value))

    def choices(self, kind: FieldKind) -> list[str]:
        """The contract's values of a stage or status field."""
        return list(self._stages[kind])

    def enum_values(self, spec: Prop, text: str, *, exact: bool) -> list[str]:
        """The options of ``spec``'s enumeration labelled ``text`` (``exact``) or with ``text`` in their label."""
        found = self._enumerations[spec.names[0]]
        if not exact:
            return found.values_labelled(text)
        wanted = text.strip().casefold()
        return [o.value for o in found.options if wanted in (o.label.casefold(), o.value.casefold())]

    def stage_ids(self, kind: FieldKind, values: Iterable[str]) -> list[str]:
        return [stage_id for value in values for stage_id in self._stages[kind].get(value, [])]

    def owner_ids(self, text: str, *, exact: bool) -> list[str]:
        wanted = text.strip().casefold()
        if exact:
            return [o.id for o in self._owners if wanted in (o.name.casefold(), o.email.casefold())]
        return [o.id for o in self._owners if wanted in o.name.casefold() or wanted in o.email.casefold()]

    def _encode_one(self, kind: FieldKind, value: Any) -> str:
        if value is None:
            return ""
        if kind == "number":
            return number_text(value)
        if kind in ("date", "due_date"):
            text = str(value).strip()
            return f"{text}{'T00:00:00Z' if kind == 'date' else DUE_TIME}" if _DATE.fullmatch(text) else text
        if kind == "html":
            return to_html(str(value))
        if kind in self._stages:
            ids = self._stages[kind].get(str(value).casefold())
            if not ids:
                raise PermanentError(f"{value!r} is not a contract stage or status", service=SERVICE)
            return ids[0]
        if kind == "owner":
            found = self.owner_ids(str(value), exact=True)
            if len(found) != 1:
                problem = "no HubSpot user" if not found else "several HubSpot users"
                raise PermanentError(f"{problem} named {value!r} can own the record", service=SERVICE)
            return found[0]
        return str(value)

    def _decode_one(self, kind: FieldKind, value: str) -> Any:
        if kind == "number":
            try:
                return float(value)
            except ValueError:
                return None
        if kind == "duration_ms":
            try:
                return max(1, round(float(value) / 60_000))
            except ValueError:
                return None
        if kind in ("date", "due_date", "datetime"):
            moment = _instant(value)
            if moment is None:
                return value
            return moment.isoformat(timespec="seconds") if kind == "datetime" else moment.date().isoformat()
        if kind == "html":
            return to_text(value)
        if kind in self._stages:
            return next((v for v, ids in self._stages[kind].items() if value in ids), None)
        if kind == "owner":
            return next((o.name for o in self._owners if o.id == value), None)
        return value


def _instant(value: str) -> datetime | None:
    """An ISO date-time (or milliseconds since the epoch, as older portals answer) at UTC."""
    try:
        if value.isdigit():
            return datetime.fromtimestamp(int(value) / 1000, UTC)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def split_name(value: Any) -> tuple[str, str]:
    """``"Mary Ann Smith"`` → (``"Mary Ann"``, ``"Smith"``); one word is a first name; ``None`` clears both."""
    words = str(value).split() if value is not None else []
    if len(words) < 2:
        return (words[0] if words else ""), ""
    return " ".join(words[:-1]), words[-1]


def number_text(value: Any) -> str:
    number = float(value)
    if not math.isfinite(number):
        raise PermanentError(f"{value!r} is not a finite number", service=SERVICE)
    return str(int(number)) if number.is_integer() and abs(number) < 1e15 else repr(number)
