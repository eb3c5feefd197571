"""A task asked for right after a record was made, about "him" or "her", is on that record (issue 24): the person is
the one the last plan made, never a name asked again."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_task_to_follow_up_with_her_after_a_lead_was_added_is_about_that_lead(tmp_path: Path):
    output = chat(
        tmp_path,
        "new lead: gina tork at vandelay industries",
        "a",
        "and give me a task to call her back next wednesday",
        "a",
    )
    assert "What record should I use" not in output
    [lead] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Lead", filters={"name": "gina tork"}))
    tasks = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Task", filters={"dueDate": "2026-03-11"}))
    [task] = [t for t in tasks if "call" in t["subject"].lower()]
    assert task["about"] == {"entityType": "Lead", "id": lead["id"]}
