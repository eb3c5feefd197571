"""Where each contract field (contract §3) lives in HubSpot: the one place that maps fields to properties.

Contact → contacts, Account → companies, Deal → deals, Lead → leads. Two entities borrow fields from a linked
record: a deal's ``company`` is the name of its associated company (association type 5, deal → company), and a
lead's ``email``/``phone``/``company`` are those of its primary contact (type 578, lead → contact), which
HubSpot requires every lead to have.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from integrations.base.records import EntityType

FieldKind = Literal["text", "person_name", "number", "date", "deal_stage", "lead_status", "enum", "owner"]


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
ENTITIES: dict[str, EntityMap] = {entity.entity_type: entity for entity in (CONTACT, ACCOUNT, DEAL, LEAD)}
NUMERIC_FIELDS = frozenset({"amount"})
