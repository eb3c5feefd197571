"""The workspace's names for grounding: people, companies, deals, event titles and mail senders with their kinds,
a new record listed at once, a removed event no longer."""

from integrations.local import LocalWorkspace
from tests.integrations.contract_suite import run


async def test_names_of_every_kind_are_listed(workspace: LocalWorkspace) -> None:
    names = await workspace.names()
    assert ("Dana Whitfield", "contact") in names and ("Hank Scorpio", "lead") in names
    assert ("Acme", "account") in names and ("Acme deal", "deal") in names
    assert ("Acme call", "event") in names and ("Laura Chen", "sender") in names
    assert {kind for _, kind in names} == {"contact", "lead", "account", "deal", "event", "sender"}


async def test_a_new_contact_is_listed_and_a_deleted_event_is_not(workspace: LocalWorkspace) -> None:
    await run(workspace, "create_entity", entityType="Contact", fields={"name": "Ana Ruiz"})
    [acme_call] = await run(workspace, "fetch_calendar_events", query="acme call", start="2026-03-02T00:00:00-05:00")
    await run(workspace, "delete_calendar_event", eventId=acme_call["id"])
    names = await workspace.names()
    assert ("Ana Ruiz", "contact") in names
    assert ("Acme call", "event") not in names
