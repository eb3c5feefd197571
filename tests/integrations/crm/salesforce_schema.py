"""The fake Salesforce org's objects and what the org refuses, as Salesforce does.

Objects: Account, Contact, Lead, Opportunity, User, the org's statuses (``LeadStatus``, ``TaskStatus``), classic
``Note`` (``ParentId``, ``Title``, ``Body``: a long text area, which SOQL cannot filter; ``ParentId`` cannot change)
and ``Task`` (``WhatId``: an Account or Opportunity; ``WhoId``: a Contact or Lead, and then no ``WhatId``;
``Status`` one of the org's task statuses, ``IsClosed`` following it). ``refusal`` returns the error code,
message and fields of the 400 a create or update gets, or None.

(v3, from the Salesforce Object Reference) ``Task.TaskSubtype`` is a restricted picklist set on create only (Task,
Email, ListEmail, Cadence, Call, LinkedIn); ``CallDurationInSeconds`` is an integer; ``CompletedDateTime`` is read
only, set when the task is closed. ``OpportunityContactRole`` links a Contact to an Opportunity (``OpportunityId``
create only, both required). Contacts, leads and opportunities have an ``OwnerId`` (the creating user by default).
"""

from collections.abc import Mapping
from typing import Any

PREFIX = {"Account": "001", "Contact": "003", "Opportunity": "006", "Lead": "00Q", "User": "005", "LeadStatus": "01J",
          "TaskStatus": "01K", "Note": "002", "Task": "00T", "OpportunityContactRole": "00K"}  # fmt: skip
WRITABLE = {
    "Account": {"Name", "Website", "Industry", "OwnerId"},
    "Contact": {"FirstName", "LastName", "Email", "Phone", "Title", "AccountId", "OwnerId"},
    "Lead": {"FirstName", "LastName", "Company", "Email", "Phone", "Status", "OwnerId"},
    "Opportunity": {"Name", "AccountId", "Amount", "StageName", "CloseDate", "OwnerId"},
    "Note": {"Title", "Body", "ParentId", "IsPrivate", "OwnerId"},
    "Task": {"Subject", "ActivityDate", "Status", "Priority", "OwnerId", "WhatId", "WhoId", "Description",
             "TaskSubtype", "CallDurationInSeconds"},
    "OpportunityContactRole": {"OpportunityId", "ContactId", "Role", "IsPrimary"},
}  # fmt: skip
CREATE_ONLY = {"Note": {"ParentId"}, "Task": {"TaskSubtype"}, "OpportunityContactRole": {"OpportunityId"}}
REQUIRED = {
    "Account": ["Name"],
    "Contact": ["LastName"],
    "Lead": ["LastName", "Company"],
    "Opportunity": ["Name", "StageName", "CloseDate"],
    "Note": ["Title", "ParentId"],
    "Task": [],
    "OpportunityContactRole": ["OpportunityId", "ContactId"],
}
PICKLISTS = {
    ("Opportunity", "StageName"): {"Prospecting", "Qualification", "Needs Analysis", "Value Proposition",
                                   "Id. Decision Makers", "Perception Analysis", "Proposal/Price Quote",
                                   "Negotiation/Review", "Closed Won", "Closed Lost"},
    ("Task", "Priority"): {"High", "Normal", "Low"},
    ("Task", "TaskSubtype"): {"Task", "Email", "ListEmail", "Cadence", "Call", "LinkedIn"},
}  # fmt: skip
READABLE = {"Id", "Name", "IsActive", "Email", "Username", "Account.Name", "Owner.Name", "CreatedDate"}
READ_ONLY = {"Task": {"IsClosed", "CompletedDateTime"}}
UNFILTERABLE = {("Note", "Body")}
STATUS_FIELDS = {
    "LeadStatus": {"MasterLabel", "ApiName", "IsConverted", "IsDefault", "SortOrder"},
    "TaskStatus": {"MasterLabel", "ApiName", "IsClosed", "IsDefault", "SortOrder"},
}
REFERENCES = {
    "AccountId": {"Account"},
    "OwnerId": {"User"},
    "ParentId": {"Account", "Contact", "Lead", "Opportunity"},
    "WhatId": {"Account", "Opportunity"},
    "WhoId": {"Contact", "Lead"},
    "OpportunityId": {"Opportunity"},
    "ContactId": {"Contact"},
}
RELATIONS = {"Account": ("AccountId", "Account"), "Owner": ("OwnerId", "User")}

StatusRow = tuple[str, bool, bool]  # API name, converted (lead) or closed (task), default
CLASSIC_LEAD_STATUSES: list[StatusRow] = [
    ("Open - Not Contacted", False, True),
    ("Working - Contacted", False, False),
    ("Closed - Converted", True, False),
    ("Closed - Not Converted", False, False),
]
"""A new org's lead statuses: "qualified" has no status of its own but conversion's."""
LEAD_STATUSES: list[StatusRow] = [*CLASSIC_LEAD_STATUSES[:2], ("Qualified", False, False), *CLASSIC_LEAD_STATUSES[2:]]
"""The fake's default: an org whose admin added a Qualified status, as sales teams that qualify before converting do."""
TASK_STATUSES: list[StatusRow] = [
    ("Not Started", False, True),
    ("In Progress", False, False),
    ("Completed", True, False),
    ("Waiting on someone else", False, False),
    ("Deferred", False, False),
]

Refusal = tuple[str, str, list[str]]  # error code, message, fields
_BAD_PICKLIST = "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST"
Records = Mapping[str, Mapping[str, Mapping[str, Any]]]


def refusal(
    records: Records, deleted: set[str], sobject: str, body: Mapping[str, Any], *, creating: bool
) -> Refusal | None:
    unknown = sorted(set(body) - WRITABLE[sobject])
    if unknown:
        return "INVALID_FIELD", f"No such column '{unknown[0]}' on sobject of type {sobject}", unknown
    fixed = sorted(set(body) & CREATE_ONLY.get(sobject, set())) if not creating else []
    if fixed:
        return "INVALID_FIELD_FOR_INSERT_UPDATE", f"Unable to create/update fields: {fixed[0]}", fixed
    for (owner, field), allowed in PICKLISTS.items():
        if owner == sobject and field in body and body[field] not in allowed:
            return _BAD_PICKLIST, f"bad value for restricted picklist field: {body[field]}", [field]
    status_object = {"Lead": "LeadStatus", "Task": "TaskStatus"}.get(sobject)
    if status_object and "Status" in body:
        status = next((r for r in records[status_object].values() if r["ApiName"] == body["Status"]), None)
        if status is None:
            return _BAD_PICKLIST, f"Status: bad value for restricted picklist field: {body['Status']}", ["Status"]
        if sobject == "Lead" and status["IsConverted"]:
            message = f"Status: '{body['Status']}' is a converted status, set only by converting the lead"
            return "FIELD_INTEGRITY_EXCEPTION", message, ["Status"]
    for field, targets in REFERENCES.items():
        value = body.get(field)
        if value and (value in deleted or not any(value in records[t] for t in targets)):
            return "INVALID_CROSS_REFERENCE_KEY", f"invalid cross reference id: {field}", [field]
    if sobject == "Task" and str(body.get("WhoId") or "").startswith(PREFIX["Lead"]) and body.get("WhatId"):
        message = "Only a contact, not a lead, can be related to an account or opportunity"
        return "FIELD_INTEGRITY_EXCEPTION", message, ["WhatId"]
    return None
