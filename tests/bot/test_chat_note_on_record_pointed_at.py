"""A note or task added "on it" / "for that deal" after a CRM record was changed is on that record (issue 24), not on
a person or company its text happens to name."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_note_on_it_after_a_deal_changed_is_on_that_deal_though_its_text_names_a_person(tmp_path: Path):
    chat(
        tmp_path,
        "move the initech deal to proposal",
        "a",
        "add a note on it: peter gibbons wants the pilot extended by two months",
        "a",
    )
    [deal] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"name": "Initech deal"}))
    [note] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Note", filters={"body": "extended"}))
    assert note["about"] == {"entityType": "Deal", "id": deal["id"]}


def test_a_task_for_that_deal_names_a_person_in_its_subject_and_is_on_the_deal(tmp_path: Path):
    chat(
        tmp_path,
        "set the acme deal amount to 51k",
        "a",
        "add a task for that deal: send maria garcia the revised quote by friday",
        "a",
    )
    [deal] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"name": "Acme deal"}))
    tasks = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Task", filters={"subject": "revised quote"}))
    [task] = [t for t in tasks if "maria" in t["subject"].lower()]
    assert task["about"] == {"entityType": "Deal", "id": deal["id"]}
