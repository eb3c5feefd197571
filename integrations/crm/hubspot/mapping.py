"""Where each contract field (contract §3) lives in HubSpot: the one place that maps fields to properties.

Contact → contacts, Account → companies, Deal → deals, Lead → leads, Note → notes, Task → tasks. Two entities
borrow fields from a linked record: a deal's ``company`` is the name of its associated company (association type
5, deal → company), and a lead's ``email``/``phone``/``company`` are those of its primary contact (type 578, lead →
contact), which HubSpot requires every lead to have. A note's or task's ``about`` is the record it is associated
with (``about``). A note's ``createdAt`` is HubSpot's ``hs_createdate``; a task's ``dueDate`` is its
``hs_timestamp`` (HubSpot's due date), written at noon UTC so that the day is the same in every time zone of the
Americas and Europe.

(v3) An Activity is a call (``calls``:
``hs_call_title``, ``hs_call_body``, ``hs_timestamp``, ``hs_call_duration`` in milliseconds) about a record, as a
note is; a logged email or meeting (``emails``, ``meetings``) is not mapped yet. A deal's ``contacts`` are its
contact associations (``deal_contacts``).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from integrations.base.records import EntityType

FieldKind = Literal[
    "text", "person_name", "number", "date", "deal_stage", "lead_status", "enum", "owner", "html", "datetime",
    "due_date", "task_status", "call_kind", "duration_ms",
]  # fmt: skip
DATE_KINDS: frozenset[FieldKind] = frozenset({"date", "datetime", "due_date"})  # filtered by day, at UTC


@dataclass(frozen=True, slots=True)
class Prop:
    """The HubSpot properties holding one contract field, and how its value is converted (see ``values``)."""

    names: tuple[str, ...]
    kind: FieldKind = "text"


def prop(*names: str, kind: FieldKind = "text") -> Prop:
    return Prop(names, kind)


@dataclass(frozen=True, slots=True)
class Link:
    """A record an entity borrows fields from, through an association."""

    object_type: str
    pseudo_property: str  # the search pseudo-property of the association, e.g. ``associations.company``
    association_type_id: int  # HUBSPOT_DEFINED, from the entity to the linked object
    fields: Mapping[str, Prop]  # contract field → property of the linked record (read and written there)
    copied_on_create: Mapping[str, Prop] = field(default_factory=dict)  # entity fields also given to a new link
    reuse_by: str | None = None  # contract field naming an existing linked record to reuse (equal, any case)
    always: bool = False  # every record has one (created with the record when nothing is reused)
    identifies: bool = False  # changing the field links another record (True) or edits the linked one (False)


@dataclass(frozen=True, slots=True)
class EntityMap:
    entity_type: EntityType
    object_type: str
    fields: Mapping[str, Prop]
    link: Link | None = None
    has_about: bool = False  # a note or task: ``about`` is the record it is associated with

    def properties(self) -> list[str]:
        return [name for spec in self.fields.values() for name in spec.names]

    def link_properties(self) -> list[str]:
        return [name for spec in (self.link.fields.values() if self.link else ()) for name in spec.names]


CONTACT = EntityMap(
    "Contact",
    "contacts",
    {
        "name": prop("firstname", "lastname", kind="person_name"),
        "email": prop("email"),
        "phone": prop("phone"),
        "company": prop("company"),
        "title": prop("jobtitle"),
    },
)
ACCOUNT = EntityMap(
    "Account",
    "companies",
    {
        "name": prop("name"),
        "domain": prop("domain"),
        "industry": prop("industry", kind="enum"),
        "owner": prop("hubspot_owner_id", kind="owner"),
    },
)
DEAL = EntityMap(
    "Deal",
    "deals",
    {
        "name": prop("dealname"),
        "amount": prop("amount", kind="number"),
        "stage": prop("dealstage", kind="deal_stage"),
        "closeDate": prop("closedate", kind="date"),
    },
    Link("companies", "associations.company", 5, {"company": prop("name")}, reuse_by="company", identifies=True),
)
LEAD = EntityMap(
    "Lead",
    "leads",
    {"name": prop("hs_lead_name"), "status": prop("hs_pipeline_stage", kind="lead_status")},
    Link(
        "contacts",
        "associations.contact",
        578,
        {"email": prop("email"), "phone": prop("phone"), "company": prop("company")},
        copied_on_create={"name": prop("firstname", "lastname", kind="person_name")},
        reuse_by="email",
        always=True,
    ),
)
NOTE = EntityMap(
    "Note",
    "notes",
    {"body": prop("hs_note_body", kind="html"), "createdAt": prop("hs_createdate", kind="datetime")},
    has_about=True,
)
TASK = EntityMap(
    "Task",
    "tasks",
    {
        "subject": prop("hs_task_subject"),
        "dueDate": prop("hs_timestamp", kind="due_date"),
        "status": prop("hs_task_status", kind="task_status"),
        "owner": prop("hubspot_owner_id", kind="owner"),
    },
    has_about=True,
)
ACTIVITY = EntityMap(
    "Activity",
    "calls",
    {
        "kind": prop(kind="call_kind"),
        "subject": prop("hs_call_title"),
        "body": prop("hs_call_body", kind="html"),
        "occurredAt": prop("hs_timestamp", kind="datetime"),
        "durationMinutes": prop("hs_call_duration", kind="duration_ms"),
        "owner": prop("hubspot_owner_id", kind="owner"),
    },
    has_about=True,
)
ENTITIES: dict[str, EntityMap] = {
    entity.entity_type: entity for entity in (CONTACT, ACCOUNT, DEAL, LEAD, NOTE, TASK, ACTIVITY)
}
NUMERIC_FIELDS = frozenset({"amount"})
