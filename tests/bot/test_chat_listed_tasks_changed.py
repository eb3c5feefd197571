"""After a plan listed tasks, a reply that names a task by words of its own and says its new state or date changes
that task ("the security one is finished"), also when the one task listed is named so; a reply that names two of those
listed, each with its change, changes each; words that fit several of those listed ask which of them (issue 24:
references to things just listed; CRM follow-ups)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_the_one_task_listed_named_by_its_words_is_marked_done(tmp_path: Path) -> None:
    output = chat(tmp_path, "any open tasks for acme?", "the security one is finished", "a")
    assert output.count("Finished") == 2
    [task] = records(tmp_path, "Task", subject="security questionnaire")
    assert task["status"] == "done"


def test_two_tasks_listed_each_named_get_each_their_own_change(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "show my open tasks",
        "set the globex one to complete and the security one - due the 20th now, legal is slow",
        "a",
        "a",
    )
    assert output.count("Finished") == 2
    [quote] = records(tmp_path, "Task", subject="250-seat quote")
    [questionnaire] = records(tmp_path, "Task", subject="security questionnaire")
    [proposal] = records(tmp_path, "Task", subject="revised proposal")
    assert (quote["status"], quote["dueDate"]) == ("done", "2026-03-04")
    assert (questionnaire["status"], questionnaire["dueDate"]) == ("open", "2026-03-20")
    assert (proposal["status"], proposal["dueDate"]) == ("open", "2026-03-06")


def test_a_task_listed_named_with_s_is_the_one_marked_done(tmp_path: Path) -> None:
    output = chat(tmp_path, "show my open tasks", "the quote one's finished", "a")
    assert output.count("Finished") == 2
    [quote] = records(tmp_path, "Task", subject="250-seat quote")
    [proposal] = records(tmp_path, "Task", subject="revised proposal")
    assert (quote["status"], proposal["status"]) == ("done", "open")


def test_words_that_fit_two_tasks_listed_ask_which_of_those_and_change_the_one_picked(tmp_path: Path) -> None:
    output = chat(tmp_path, "what tasks do i have", "the acme one's finished, legal signed off tuesday", "2", "a")
    words = " ".join(output.split())
    assert "Which one do you mean?" in words
    assert "1. Send the revised proposal to Acme" in words and "2. Complete the Acme security questionnaire" in words
    assert "update/email" not in words and "update/account" not in words  # the tasks listed, no other kind
    [questionnaire] = records(tmp_path, "Task", subject="security questionnaire")
    [proposal] = records(tmp_path, "Task", subject="revised proposal")
    assert (questionnaire["status"], proposal["status"]) == ("done", "open")
