"""CRM record shapes of contract §3: entity types, their fields, and the closed value sets."""

import re
from collections.abc import Callable
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

EntityType = Literal["Contact", "Lead", "Deal", "Account", "Note", "Task", "Activity"]
RecordType = Literal["Contact", "Lead", "Deal", "Account"]  # what a note or task may be about
LeadStatus = Literal["new", "contacted", "qualified", "unqualified"]
TaskStatus = Literal["open", "done"]
ActivityKind = Literal["call", "email", "meeting"]
DealStage = Literal["prospecting", "qualification", "proposal", "negotiation", "closed_won", "closed_lost"]
OPEN_DEAL_STAGES: tuple[DealStage, ...] = ("prospecting", "qualification", "proposal", "negotiation")

_EMAIL = re.compile(r"^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$")


def _check_email(value: str) -> str:
    value = value.strip()
    if not _EMAIL.match(value):
        raise ValueError(f"{value!r} is not an email address")
    return value


EmailAddress = Annotated[str, AfterValidator(_check_email)]


def _check_date(value: Any) -> Any:
    """A record's date is a date or an ISO date text, as the CRMs take it; "April 30" is refused."""
    if isinstance(value, str) and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
        raise ValueError(f"{value!r} is not a date as YYYY-MM-DD")
    return value.strip() if isinstance(value, str) else value


IsoDate = Annotated[date, BeforeValidator(_check_date)]


class _Fields(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


RecordIds = Annotated[list[Annotated[str, Field(min_length=1)]], Field(max_length=100)]


class ContactFields(_Fields):
    name: str | None = None
    email: EmailAddress | None = None
    phone: str | None = None
    company: str | None = None
    title: str | None = None
    accountId: str | None = None  # noqa: N815 - contract field name (v3): the Account the contact works at
    owner: str | None = None


class LeadFields(_Fields):
    name: str | None = None
    email: EmailAddress | None = None
    phone: str | None = None
    company: str | None = None
    status: LeadStatus | None = None
    owner: str | None = None


class DealFields(_Fields):
    name: str | None = None
    company: str | None = None
    amount: float | None = Field(default=None, ge=0)
    stage: DealStage | None = None
    closeDate: IsoDate | None = None  # noqa: N815 - contract field name
    owner: str | None = None
    contacts: RecordIds | None = None  # (v3) Contact ids; setting it replaces the list
    addContacts: RecordIds | None = None  # noqa: N815 - (v3) write only: Contact ids linked, the others stay
    removeContacts: RecordIds | None = None  # noqa: N815 - (v3) write only: Contact ids unlinked


class AccountFields(_Fields):
    name: str | None = None
    domain: str | None = None
    industry: str | None = None
    owner: str | None = None


class About(_Fields):
    """The record a note or task is attached to."""

    entityType: RecordType  # noqa: N815 - contract field name
    id: str = Field(min_length=1)


class NoteFields(_Fields):
    body: str | None = Field(default=None, min_length=1)
    about: About | None = None
    createdAt: str | None = None  # noqa: N815 - contract field name; read only
    owner: str | None = None


class TaskFields(_Fields):
    subject: str | None = Field(default=None, min_length=1)
    dueDate: IsoDate | None = None  # noqa: N815 - contract field name
    status: TaskStatus | None = None
    about: About | None = None
    owner: str | None = None


class ActivityFields(_Fields):
    """(v3) A call, email or meeting logged on a record; ``occurredAt`` defaults to when it is logged."""

    kind: ActivityKind | None = None
    subject: str | None = Field(default=None, min_length=1)
    body: str | None = Field(default=None, min_length=1)
    about: About | None = None
    occurredAt: AwareDatetime | None = None  # noqa: N815 - contract field name
    durationMinutes: int | None = Field(default=None, ge=1, le=24 * 60)  # noqa: N815 - contract field name
    owner: str | None = None


FIELDS_BY_ENTITY: dict[str, type[_Fields]] = {
    "Contact": ContactFields,
    "Lead": LeadFields,
    "Deal": DealFields,
    "Account": AccountFields,
    "Note": NoteFields,
    "Task": TaskFields,
    "Activity": ActivityFields,
}
READ_ONLY_FIELDS: dict[str, frozenset[str]] = {"Note": frozenset({"createdAt"})}
WRITE_ONLY_FIELDS: dict[str, frozenset[str]] = {"Deal": frozenset({"addContacts", "removeContacts"})}
"""(v3) Changes to a list that a record shows as a whole (``contacts``): given on a write, never read or filtered."""
DATE_FIELDS: frozenset[str] = frozenset({"closeDate", "dueDate", "createdAt", "occurredAt"})


def written_fields(entity: str) -> tuple[str, ...]:
    """The fields a write of an ``entity`` record may set and a read shows, in the record's order (none for a kind
    the contract does not have)."""
    model = FIELDS_BY_ENTITY.get(entity)
    hidden = READ_ONLY_FIELDS.get(entity, frozenset()) | WRITE_ONLY_FIELDS.get(entity, frozenset())
    return () if model is None else tuple(name for name in model.model_fields if name not in hidden)


# The fields a new record must have (contract §2.3); a tuple of alternatives means "one of them".
REQUIRED_ON_CREATE: dict[str, tuple[str, ...]] = {
    "Contact": ("name",),
    "Lead": ("name", "company"),
    "Deal": ("company",),
    "Account": ("name",),
    "Note": ("body",),
    "Task": ("subject",),
    "Activity": ("kind",),
}


Deferred = Callable[[Any], bool]
"""Validation context key ``deferred``: a predicate for values that are filled in later (plan templates)."""


def deferred_check(context: Any) -> Deferred:
    found = context.get("deferred") if isinstance(context, dict) else None
    return found if callable(found) else (lambda _value: False)


def check_fields(
    entity_type: str, fields: dict[str, Any], *, creating: bool, deferred: Deferred | None = None
) -> dict[str, Any]:
    """Validate ``fields`` for ``entity_type``; raises ``ValueError`` with a readable message.

    Values for which ``deferred`` is true count as present but are not checked.
    """
    pending = deferred or (lambda _value: False)
    model = FIELDS_BY_ENTITY[entity_type]
    read_only = READ_ONLY_FIELDS.get(entity_type, frozenset()) & set(fields)
    if read_only:
        raise ValueError(f"{', '.join(sorted(read_only))} of a {entity_type} cannot be set")
    model.model_validate({k: v for k, v in fields.items() if not _has_template(v, pending)})
    if {"contacts", "addContacts"} <= set(fields) or {"contacts", "removeContacts"} <= set(fields):
        raise ValueError("give contacts (the whole list) or addContacts/removeContacts, not both")
    if creating and WRITE_ONLY_FIELDS.get(entity_type, frozenset()) & set(fields):
        raise ValueError(f"a new {entity_type} takes contacts (the list), not addContacts or removeContacts")
    if creating:
        needed = REQUIRED_ON_CREATE[entity_type]
        if not any(fields.get(name) not in (None, "") for name in needed):
            raise ValueError(f"a new {entity_type} needs {' or '.join(needed)}")
    return fields


def _has_template(value: Any, pending: Deferred) -> bool:
    """A value that is, or holds, a deferred value (``about: {"id": "{{find.result.data[0].id}}"}``)."""
    if pending(value):
        return True
    if isinstance(value, dict):
        return any(_has_template(item, pending) for item in value.values())
    if isinstance(value, list):
        return any(_has_template(item, pending) for item in value)
    return False


class DateRangeFilter(BaseModel):
    """A date filter (v2): ``{"gte": d}``, ``{"lt": d}``, ``gt``, ``lte``, ISO dates, at least one bound."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    gt: date | None = None
    gte: date | None = None
    lt: date | None = None
    lte: date | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> "DateRangeFilter":
        if self.gt is None and self.gte is None and self.lt is None and self.lte is None:
            raise ValueError("a date filter needs gt, gte, lt or lte")
        return self


class RangeFilter(BaseModel):
    """A number filter: ``{"gt": n}``, ``{"lt": n}`` or both."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    gt: float | None = None
    lt: float | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> "RangeFilter":
        if self.gt is None and self.lt is None:
            raise ValueError("a range filter needs gt or lt")
        return self


class InFilter(BaseModel):
    """A closed-set filter: ``{"in": [...]}``."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    in_: list[str] = Field(alias="in", min_length=1)
