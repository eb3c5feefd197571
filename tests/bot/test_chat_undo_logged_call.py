"""A logged call (an Activity record) can be undone like any record the bot made: "undo that" offers to delete it,
and the chat goes on. Before, the undo's goal was given the entity "activity", which no goal has, and the chat
stopped with a traceback on every "undo that" in that thread."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def calls(tmp_path: Path) -> list[dict[str, object]]:
    return list(read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Activity", filters={})))


def test_undo_of_a_logged_call_deletes_it(tmp_path: Path) -> None:
    output = chat(tmp_path, "log a call with laura on the acme deal: she wants a two year term", "a", "undo that", "a")
    assert "Logged a call" in output
    assert "Delete activity" in output
    assert not [call for call in calls(tmp_path) if "two year" in str(call).lower()]
