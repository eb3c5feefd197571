"""The names of the demo workspace (events, contacts, leads, accounts, deals) as a local name index, for
``planbot plan --ground-demo``: the same records `planbot chat` seeds, read from the seed data, no file."""

from datetime import date

from integrations.local import demo_crm
from integrations.local.seed import EVENTS
from planning.understanding.grounding import NameIndex


def demo_names(today: date) -> NameIndex:
    names = [(event.title, "event") for event in EVENTS]
    names += [(contact["name"], "contact") for contact in demo_crm.CONTACTS]
    names += [(lead["name"], "lead") for lead in demo_crm.LEADS]
    names += [(account["name"], "account") for account in demo_crm.ACCOUNTS]
    names += [(deal["name"], "deal") for deal in demo_crm.deals(today)]
    return NameIndex(names)
