"""Demo CRM data: the people of contract §5 (exact addresses), a second John, and Acme, Globex and Initech
as an account, deals and a lead each; notes and tasks on them (contract v2)."""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from integrations.base.records import EntityType, RecordType, TaskStatus

CONTACTS: list[dict[str, str]] = [
    {
        "name": "Priya Shah",
        "email": "priya.shah@example.com",
        "phone": "+1 212 555 0101",
        "company": "Example Co",
        "title": "Head of Product",
    },
    {
        "name": "John Smith",
        "email": "john.smith@example.com",
        "phone": "+1 212 555 0102",
        "company": "Example Co",
        "title": "Sales Director",
    },
    {
        "name": "Sarah Lee",
        "email": "sarah.lee@example.com",
        "phone": "+1 212 555 0103",
        "company": "Example Co",
        "title": "Account Executive",
    },
    {
        "name": "Tom Reyes",
        "email": "tom.reyes@example.com",
        "phone": "+1 212 555 0104",
        "company": "Example Co",
        "title": "Marketing Lead",
    },
    {
        "name": "Maria Garcia",
        "email": "maria.garcia@example.com",
        "phone": "+1 212 555 0105",
        "company": "Example Co",
        "title": "Finance Manager",
    },
    {
        "name": "John Park",
        "email": "john.park@globex.com",
        "phone": "+1 415 555 0142",
        "company": "Globex",
        "title": "Procurement Lead",
    },
    {
        "name": "Laura Chen",
        "email": "laura.chen@acme.com",
        "phone": "+1 312 555 0117",
        "company": "Acme",
        "title": "Head of Operations",
    },
    {
        "name": "Dana Whitfield",
        "email": "dana.whitfield@acme.com",
        "phone": "+1 312 555 0123",
        "company": "Acme",
        "title": "CTO",
    },
    {
        "name": "Peter Gibbons",
        "email": "peter.gibbons@initech.com",
        "phone": "+1 512 555 0188",
        "company": "Initech",
        "title": "Project Manager",
    },
]

ACCOUNTS: list[dict[str, str]] = [
    {"name": "Acme", "domain": "acme.com", "industry": "Manufacturing", "owner": "Sarah Lee"},
    {"name": "Globex", "domain": "globex.com", "industry": "Energy", "owner": "John Smith"},
    {"name": "Initech", "domain": "initech.com", "industry": "Software", "owner": "Sarah Lee"},
]

LEADS: list[dict[str, str]] = [
    {"name": "Marcus Bell", "email": "marcus.bell@acme.com", "company": "Acme", "status": "contacted"},
    {"name": "Hank Scorpio", "email": "hank.scorpio@globex.com", "company": "Globex", "status": "new"},
    {"name": "Samir Nagheenanajar", "email": "samir.n@initech.com", "company": "Initech", "status": "qualified"},
]

# (name, company, amount, stage, close date in days from the seeding day)
_DEALS: list[tuple[str, str, float, str, int]] = [
    ("Acme deal", "Acme", 48_000, "proposal", 28),
    ("Globex deal", "Globex", 125_000, "negotiation", 14),
    ("Initech deal", "Initech", 18_500, "qualification", 56),
    ("Acme renewal", "Acme", 30_000, "closed_won", -21),
    ("Initech pilot", "Initech", 9_000, "closed_lost", -35),
]


def deals(today: date) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "company": company,
            "amount": amount,
            "stage": stage,
            "closeDate": (today + timedelta(days=days)).isoformat(),
        }
        for name, company, amount, stage, days in _DEALS
    ]


def records(today: date) -> list[tuple[EntityType, dict[str, Any]]]:
    """Every demo record in insertion order (so ids are the same on every machine)."""
    return [
        *(("Contact", fields) for fields in CONTACTS),
        *(("Account", fields) for fields in ACCOUNTS),
        *(("Deal", fields) for fields in deals(today)),
        *(("Lead", fields) for fields in LEADS),
    ]


@dataclass(frozen=True)
class DemoNote:
    about: tuple[RecordType, str]  # the record's type and name
    body: str
    days_ago: int
    at: str  # local wall-clock time, HH:MM


@dataclass(frozen=True)
class DemoTask:
    subject: str
    due: tuple[int, int]  # (week, weekday): 0 = the seeding day's week (weeks start on Monday)
    status: TaskStatus
    about: tuple[RecordType, str]
    owner: str | None  # None: the user


NOTES: list[DemoNote] = [
    DemoNote(
        ("Account", "Acme"),
        "Laura confirmed budget approval for the expansion. Their main concern is the onboarding timeline.",
        5,
        "16:10",
    ),
    DemoNote(
        ("Deal", "Globex deal"),
        "Procurement is comparing us with two other vendors and wants a quote for 250 seats with premium support.",
        3,
        "10:00",
    ),
    DemoNote(
        ("Account", "Initech"),
        "Usage dropped after the reorganisation. Offer a smaller plan at renewal rather than risk losing them.",
        12,
        "16:45",
    ),
    DemoNote(
        ("Lead", "Marcus Bell"),
        "Met at the manufacturing expo; interested in the analytics add-on for their plants.",
        8,
        "09:20",
    ),
]

TASKS: list[DemoTask] = [
    DemoTask("Send the revised proposal to Acme", (0, 4), "open", ("Deal", "Acme deal"), "Sarah Lee"),
    DemoTask("Prepare the 250-seat quote for Globex", (0, 2), "open", ("Deal", "Globex deal"), "John Smith"),
    DemoTask("Complete the Acme security questionnaire", (1, 4), "open", ("Account", "Acme"), None),
    DemoTask("Ask Initech about extending the pilot", (-1, 3), "done", ("Account", "Initech"), "Sarah Lee"),
]
