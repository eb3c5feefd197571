"""A record made in the thread and then asked to be made again by its name is updated with what is new, never made a
second time (issue 24: the second mention of an existing record is no duplicate)."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_contact_made_again_by_name_right_after_is_updated_not_duplicated(tmp_path: Path):
    output = chat(
        tmp_path,
        "add nora quist as a contact, nora@quist.example",
        "a",
        "create a contact for nora quist, title vp finance",
        "a",
    )
    assert "already exists" not in output
    contacts = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Contact", filters={"name": "nora quist"}))
    assert [(c["email"], c["title"]) for c in contacts] == [("nora@quist.example", "vp finance")]
