"""The chat's one person is grounded in their own CRM: `planbot chat --script` configured for HubSpot (the stand-in)
lists the CRM's names before the first request, so a lower-case surname only the CRM knows is that contact."""

import asyncio
from pathlib import Path

from tests.integrations.crm.conftest import hubspot as hubspot
from tests.integrations.crm.hubspot_fake import FakeHubSpot
from tests.integrations.email.test_chat_over_imap import planbot_chat


async def test_a_surname_only_the_crm_knows_is_that_contact(hubspot: tuple[FakeHubSpot, str], tmp_path: Path) -> None:
    fake, base_url = hubspot
    fake.store.add("contacts", {"firstname": "Bob", "lastname": "Slydell", "email": "bob@consultants.example"})
    environment = {
        "PLANBOT_CRM": "hubspot",
        "PLANBOT_HUBSPOT_ACCESS_TOKEN": "pat-test",
        "PLANBOT_HUBSPOT_BASE_URL": base_url,
    }
    output = await asyncio.to_thread(planbot_chat, tmp_path, environment, "find slydell")
    assert "bob@consultants.example" in output, output
