"""Finding notes or tasks that name no record finds them all; only a new note or task asks which record."""

from tests.planning.conftest import args, run, steps


def test_open_tasks_that_name_no_record_are_every_open_task():
    line = run("show my open tasks")
    assert [s["tool"] for s in steps(line)] == ["fetch_entity"]
    assert args(line, "fetch_entity")["filters"] == {"status": "open"}


def test_a_new_task_that_names_no_record_asks_which():
    line = run("add a task to follow up on pricing")
    lookups = steps(line, "fetch_entity")
    assert len(lookups) == 1 and "PLACEHOLDER" in str(lookups[0]["arguments"])


def test_a_new_note_that_names_no_record_asks_which():
    lookups = steps(run("add a note that the pricing call went well"), "fetch_entity")
    assert len(lookups) == 1 and "PLACEHOLDER" in str(lookups[0]["arguments"])


def test_a_phrasal_verb_in_lower_case_is_never_a_person_to_look_up():
    for text in ("add a task to follow up on pricing", "create a task to call back the printer company"):
        lookups = steps(run(text), "fetch_entity")
        assert all("Contact" not in str(s["arguments"]) for s in lookups), text
