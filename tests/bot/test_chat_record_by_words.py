"""A CRM record named loosely is found by the words of its name, in any order and among other words ("the
questionnaire for acme" → "Complete the Acme security questionnaire"); when nothing is found, the next reply is
read as a command or a request first, never looked for as words."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _task(tmp_path: Path, words: str) -> dict:
    [task] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Task", filters={"subject": words}))
    return task


def test_a_task_named_by_its_words_in_another_order_is_found(tmp_path: Path):
    output = chat(tmp_path, "please mark the acme questionnaire task as done", "a")
    assert "I could not find" not in output
    assert _task(tmp_path, "security questionnaire")["status"] == "done"


def test_a_yes_where_nothing_was_found_is_not_searched_for(tmp_path: Path):
    output = chat(tmp_path, "mark the umbrella onboarding task as done", "sure, go ahead")
    words = " ".join(output.split())
    assert "with subject “sure, go ahead”" not in words
    assert "is not something to look for" in words


def test_a_request_where_nothing_was_found_is_offered_as_one(tmp_path: Path):
    output = chat(
        tmp_path,
        "mark the umbrella onboarding task as done",
        "oh wait, move the due date of the acme questionnaire task to friday instead",
    )
    assert "sounds like a new request" in " ".join(output.split())


def test_the_words_of_a_name_are_found_in_any_order_among_others():
    from planning.understanding.record_words import holds_words, search_words

    words = search_words("the Initech pilot for extending")
    assert words == ["initech", "pilot", "extending"]
    assert holds_words("Ask Initech about extending the pilot", words)
    assert not holds_words("Ask Initech about the renewal", words)
