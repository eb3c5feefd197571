"""Where each contract field (contract §3) lives in Salesforce: the one place that maps fields to sObject fields.

Contact → Contact, Lead → Lead, Deal → Opportunity, Account → Account, Note → Note (the classic note: ``Body``,
``Title``, ``ParentId``), Task → Task. A contact's or deal's ``company`` is the name of its Account (``AccountId``;
found by name, or created); an account's or task's ``owner`` is the name of its owning User (``OwnerId``); ``name``
of a contact or lead is the compound ``Name``, written as ``FirstName``/``LastName``. A note's or task's ``about``
is the record its ``about`` fields point to (see ``activities``); a task's ``status`` is read from ``IsClosed``.

(v3) An Activity is a completed Task whose ``TaskSubtype`` says the kind (``Call``, ``Email``; a logged meeting,
an Event in Salesforce, is not mapped yet), its ``body`` the ``Description``, ``occurredAt`` written as
``ActivityDate`` (Salesforce keeps the day) and read as ``CompletedDateTime``, a call's ``durationMinutes`` as
``CallDurationInSeconds``. A contact's ``accountId`` is its ``AccountId``; contacts, leads and deals have an
``owner`` (``OwnerId``); a deal's ``contacts`` are its ``OpportunityContactRole`` rows (``contact_roles``).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from integrations.base.records import EntityType

ColumnKind = Literal[
    "text", "person_name", "number", "date", "deal_stage", "lead_status", "website", "account", "owner", "lead_company",
    "note_body", "datetime", "task_status", "record_id", "activity_kind", "occurred", "call_seconds",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Column:
    """``read``: the SOQL field selected and filtered on; ``write``: the field(s) set (see ``values``)."""

    read: str
    kind: ColumnKind = "text"
    write: tuple[str, ...] = ()

    @property
    def writes(self) -> tuple[str, ...]:
        return self.write or (self.read,)


def column(read: str, kind: ColumnKind = "text", *write: str) -> Column:
    return Column(read, kind, write)


@dataclass(frozen=True, slots=True)
class SObjectMap:
    entity_type: EntityType
    sobject: str
    fields: Mapping[str, Column]
    about: tuple[str, ...] = ()  # the id fields naming the record a note or task is about

    def selected(self) -> list[str]:
        return ["Id", *(spec.read for spec in self.fields.values()), *self.about]


CONTACT = SObjectMap(
    "Contact",
    "Contact",
    {
        "name": column("Name", "person_name", "FirstName", "LastName"),
        "email": column("Email"),
        "phone": column("Phone"),
        "company": column("Account.Name", "account", "AccountId"),
        "title": column("Title"),
        "accountId": column("AccountId", "record_id"),
        "owner": column("Owner.Name", "owner", "OwnerId"),
    },
)
LEAD = SObjectMap(
    "Lead",
    "Lead",
    {
        "name": column("Name", "person_name", "FirstName", "LastName"),
        "email": column("Email"),
        "phone": column("Phone"),
        "company": column("Company", "lead_company"),
        "status": column("Status", "lead_status"),
        "owner": column("Owner.Name", "owner", "OwnerId"),
    },
)
DEAL = SObjectMap(
    "Deal",
    "Opportunity",
    {
        "name": column("Name"),
        "company": column("Account.Name", "account", "AccountId"),
        "amount": column("Amount", "number"),
        "stage": column("StageName", "deal_stage"),
        "closeDate": column("CloseDate", "date"),
        "owner": column("Owner.Name", "owner", "OwnerId"),
    },
)
ACCOUNT = SObjectMap(
    "Account",
    "Account",
    {
        "name": column("Name"),
        "domain": column("Website", "website"),
        "industry": column("Industry"),
        "owner": column("Owner.Name", "owner", "OwnerId"),
    },
)
NOTE = SObjectMap(
    "Note",
    "Note",
    {"body": column("Body", "note_body", "Body", "Title"), "createdAt": column("CreatedDate", "datetime")},
    about=("ParentId",),
)
TASK = SObjectMap(
    "Task",
    "Task",
    {
        "subject": column("Subject"),
        "dueDate": column("ActivityDate", "date"),
        "status": column("IsClosed", "task_status", "Status"),
        "owner": column("Owner.Name", "owner", "OwnerId"),
    },
    about=("WhatId", "WhoId"),
)
ACTIVITY = SObjectMap(
    "Activity",
    "Task",
    {
        "kind": column("TaskSubtype", "activity_kind"),
        "subject": column("Subject"),
        "body": column("Description"),
        "occurredAt": column("CompletedDateTime", "occurred", "ActivityDate"),
        "durationMinutes": column("CallDurationInSeconds", "call_seconds"),
        "owner": column("Owner.Name", "owner", "OwnerId"),
    },
    about=("WhatId", "WhoId"),
)
ACTIVITY_SUBTYPES = {"call": "Call", "email": "Email"}
"""``TaskSubtype`` of each kind; a logged meeting would be an Event (a calendar entry): not mapped yet."""
SOBJECTS: dict[str, SObjectMap] = {
    entity.entity_type: entity for entity in (CONTACT, LEAD, DEAL, ACCOUNT, NOTE, TASK, ACTIVITY)
}
COMPANY_NOT_PROVIDED = "[not provided]"  # a Lead needs a Company; a lead without one gets this, read back as None
