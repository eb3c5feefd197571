"""Everyday CRM requests (contract v3) through `planbot chat --script` configured for HubSpot, on the stand-in: a
contact linked to a deal (a deal-contact association) and a call logged on an account (a calls record associated
with the company)."""

import asyncio
from pathlib import Path

from tests.integrations.crm.conftest import hubspot as hubspot
from tests.integrations.crm.hubspot_fake import FakeHubSpot
from tests.integrations.email.test_chat_over_imap import planbot_chat


async def test_a_deal_contact_and_a_logged_call_on_hubspot(hubspot: tuple[FakeHubSpot, str], tmp_path: Path) -> None:
    fake, base_url = hubspot
    acme = fake.store.add("companies", {"name": "Acme", "domain": "acme.com"}).id
    dana = fake.store.add("contacts", {"firstname": "Dana", "lastname": "Whitfield", "email": "dana@acme.com"}).id
    deal = fake.store.add(
        "deals", {"dealname": "Acme deal", "dealstage": "appointmentscheduled", "pipeline": "default"}
    ).id
    fake.store.associate("deals", deal, "companies", acme, 5)
    environment = {
        "PLANBOT_CRM": "hubspot",
        "PLANBOT_HUBSPOT_ACCESS_TOKEN": "pat-test",
        "PLANBOT_HUBSPOT_BASE_URL": base_url,
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
    assert fake.store.associated("deals", deal, "contacts") == {dana: [3]}
    (call,) = [o for o in fake.store.objects.values() if o.type == "calls"]
    assert fake.store.associated("calls", call.id, "companies") == {acme: [182]}
    assert "They want a discount" in str(call.properties["hs_call_body"])
