"""Everyday CRM requests (contract v3) through `planbot chat --script` configured for Salesforce, on the stand-in:
a contact linked to a deal (an OpportunityContactRole) and a call logged on an account (a Call task)."""

import asyncio
from pathlib import Path

from tests.integrations.crm.conftest import salesforce as salesforce
from tests.integrations.crm.salesforce_fake import FakeSalesforce
from tests.integrations.email.test_chat_over_imap import planbot_chat


async def test_a_deal_contact_and_a_logged_call_on_salesforce(
    salesforce: tuple[FakeSalesforce, str], tmp_path: Path
) -> None:
    fake, base_url = salesforce
    acme = fake.add("Account", {"Name": "Acme"})
    dana = fake.add("Contact", {"FirstName": "Dana", "LastName": "Whitfield", "AccountId": acme})
    deal = fake.add("Opportunity", {"Name": "Acme deal", "AccountId": acme, "StageName": "Prospecting",
                                    "CloseDate": "2026-04-30"})  # fmt: skip
    environment = {
        "PLANBOT_CRM": "salesforce",
        "PLANBOT_SALESFORCE_INSTANCE_URL": base_url,
        "PLANBOT_SALESFORCE_LOGIN_URL": base_url,
        "PLANBOT_SALESFORCE_CLIENT_ID": "sf-client",
        "PLANBOT_SALESFORCE_CLIENT_SECRET": "sf-secret",
        "PLANBOT_SALESFORCE_REFRESH_TOKEN": "sf-refresh",
    }
    lines = [
        "link dana to the acme deal",
        "a",
        "log a call with dana on the acme account: they want a discount",
        "a",
    ]
    output = await asyncio.to_thread(planbot_chat, tmp_path, environment, *lines)
    said = " ".join(output.split())
    assert "✓ Linked Dana Whitfield to the Acme deal" in said, output
    assert "✓ Logged a call on Acme (account)" in said, output
    roles = [r for r in fake.records["OpportunityContactRole"].values() if r["Id"] not in fake.deleted]
    assert [(r["OpportunityId"], r["ContactId"]) for r in roles] == [(deal, dana)]
    (call,) = [t for t in fake.records["Task"].values() if t.get("TaskSubtype") == "Call"]
    assert (call["WhatId"], call["Description"], call["Status"]) == (acme, "They want a discount", "Completed")
