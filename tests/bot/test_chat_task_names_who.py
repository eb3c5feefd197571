"""A task about the one record the last plan changed says who it is about by the record's name, not by the pronoun
the request used: "add a task to send her the onboarding checklist" after Dana Whitfield's contact was changed is
"Send Dana Whitfield the onboarding checklist"."""

from pathlib import Path

from planning.understanding.commands.pointing import named_instead
from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_a_task_about_the_contact_just_changed_names_her(tmp_path: Path):
    output = chat(
        tmp_path,
        "change dana whitfield's title to head of security",
        "a",
        "add a task to send her the onboarding checklist by friday",
        "a",
    )
    assert output.count("Finished") == 2
    made = [t["subject"] for t in records(tmp_path, "Task", dueDate="2026-03-06") if "onboarding" in t["subject"]]
    assert made == ["Send Dana Whitfield the onboarding checklist"]


def test_only_the_words_that_point_at_a_person_are_replaced():
    assert named_instead("Call them about their renewal", "Ines Duarte") == "Call Ines Duarte about their renewal"
    assert named_instead("Chase the signed order form", "Ines Duarte") == "Chase the signed order form"
