"""Records pointed at in a first message (issue 24): a note put "on his lead" after a plan that found or changed a
lead is on that lead; a note put "on her" right after a new lead in the same message is on the new lead."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_note_on_his_lead_after_the_lead_was_found_is_on_that_lead(tmp_path: Path):
    chat(tmp_path, "show me the lead at initech", "jot a note on his lead: asked about sso pricing", "a")
    [lead] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Lead", filters={"company": "Initech"}))
    [note] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Note", filters={"body": "sso"}))
    assert note["about"] == {"entityType": "Lead", "id": lead["id"]}


def test_a_note_on_her_beside_a_new_lead_is_on_the_new_lead(tmp_path: Path):
    chat(
        tmp_path,
        "new lead from the webinar: nadia okafor at stark industries, nadia@stark.io. and put a note on her that "
        "she runs three warehouses",
        "a",
    )
    [lead] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Lead", filters={"name": "Nadia Okafor"}))
    [note] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Note", filters={"body": "warehouses"}))
    assert note["about"] == {"entityType": "Lead", "id": lead["id"]}
