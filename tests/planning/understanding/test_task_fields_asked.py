"""The fields a task question asks for are read from a word list (data/cues/task_fields_asked.txt), each line
giving its field; the words asking are no part of the task's name."""

import pytest

from planning.understanding.acting_on import _task_named
from planning.understanding.asked_fields import task_fields
from planning.understanding.cues import cues


@pytest.mark.parametrize(("phrase", "field"), [(" ".join(p), v) for p, v in cues("task_fields_asked").entries])
def test_every_phrase_of_the_list_asks_its_field(phrase: str, field: str) -> None:
    assert field in task_fields(f"for the vendor audit task, {phrase}?")


def test_fields_come_in_the_lists_order_and_a_plain_list_asks_none() -> None:
    assert task_fields("who owns the audit task and when is it due") == ("dueDate", "owner")
    assert task_fields("show me the open tasks") == ()


def test_the_field_asked_is_no_part_of_the_tasks_name() -> None:
    assert _task_named("what's the due date of the vendor audit task") == "vendor audit"
    assert _task_named("when is the follow up with hooli task due") == "follow up with hooli"
