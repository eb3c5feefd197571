"""A title that names its person only as "her" / "him", right after the bot found that person: the person's name is
written in the title, so the calendar or the task list says who, read later out of the thread."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def test_a_reminder_to_call_her_names_the_person_found_before(tmp_path: Path) -> None:
    chat(tmp_path, "what's laura chen's number", "set a reminder to call her thursday at 11 re the renewal", "a")
    titles = [e["title"] for e in events(tmp_path, **day("2026-03-05"))]
    assert any("Laura Chen" in title and "her" not in title.split() for title in titles), titles


def test_a_task_to_ping_him_names_the_person_found_before(tmp_path: Path) -> None:
    chat(tmp_path, "whats tom reyes's email", "add a task to ping him about the launch deck friday", "a")
    tasks = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Task", filters={"subject": "launch deck"}))
    assert [t["subject"] for t in tasks] == ["Ping Tom Reyes about the launch deck"]
