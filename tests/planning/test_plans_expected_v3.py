"""Contract §2.9 (v3): plans people expected, in our own words (issue 24)."""

from tests.planning.conftest import args, goals, run, steps


def test_a_reply_to_someones_email_about_a_topic_searches_by_sender_and_topic():
    line = run("reply to John's email about the budget saying sounds good")
    found = args(line, "fetch_emails")
    assert found["sender"] == "John"
    assert found["query"] == "budget"
    assert "limit" not in found  # "the X email" without "last": several matches are picked from (§2.6)


def test_a_reply_to_someones_last_email_without_a_topic_takes_the_newest():
    found = args(run("reply to Maria's last email saying I'll be there"), "fetch_emails")
    assert found["sender"].lower() == "maria" and found["limit"] == 1 and "query" not in found


def test_booking_when_both_are_free_searches_free_time_then_books_the_first_slot():
    line = run("book 45 minutes with sarah when we're both free on wednesday afternoon")
    assert goals(line) == [("create", "event")]
    lookup, slots = steps(line, "fetch_entity")[0], steps(line, "find_free_slots")[0]
    assert slots["arguments"]["input"] == {
        "attendees": ["{{" + lookup["id"] + ".result.data[0].email}}"],
        "durationMinutes": 45,
        "windowStart": "2026-03-04T12:00:00-05:00",
        "windowEnd": "2026-03-04T17:00:00-05:00",
    }
    create = args(line, "create_calendar_event")
    assert create["startTime"] == "{{" + slots["id"] + ".result.data[0].start}}"
    assert create["durationMinutes"] == 45 and "free" not in create["title"].lower()


def test_the_free_time_words_are_not_the_title_nor_a_name():
    create = args(run("set up a call with Tom next week whenever we are both free"), "create_calendar_event")
    assert create["title"] == "Call with Tom"
    found = args(run("set up an hour with maria whenever we're both free next week"), "fetch_entity")
    assert found["filters"] == {"name": "maria"}


def test_all_but_the_named_event_is_a_for_each_with_exclude():
    line = run("cancel all my friday meetings except the 1:1")
    [delete] = steps(line, "delete_calendar_event")
    assert delete["for_each"].endswith(".result.data}}") and delete["exclude"] == {"query": "1:1"}
    assert args(line, "fetch_calendar_events") == {
        "start": "2026-03-06T00:00:00-05:00",
        "end": "2026-03-07T00:00:00-05:00",
    }


def test_a_step_without_exclude_has_no_exclude_field():
    [delete] = steps(run("cancel all my friday meetings"), "delete_calendar_event")
    assert "exclude" not in delete


def test_two_requests_in_one_message_are_two_goals_with_their_own_steps():
    for text, expected in [
        ("email Tom about the launch and add a lead for Globex", {("send", "email"), ("create", "lead")}),
        ("delete the 1:1 with priya and remind me to call the bank at 4pm", {("delete", "event"), ("create", "event")}),
        (
            "find 30 minutes with tom tomorrow and email john the sales report",
            {("find", "availability"), ("send", "email")},
        ),
        (
            "move the Acme call to 3pm and log a note on Globex that pricing is agreed",
            {("update", "event"), ("create", "note")},
        ),
    ]:
        line = run(text)
        assert set(goals(line)) == expected, text
        served = {step["goal"] for step in steps(line)}
        assert served == set(range(len(expected))), text  # each goal has steps of its own


def test_exclude_without_for_each_is_rejected_and_the_llm_draft_carries_it():
    from integrations.base import tool_catalog
    from planning.planner.llm_schema import PlanDraft, plan_from_draft
    from planning.types import Plan, Step
    from planning.validation import validate_plan

    find = {"id": "find", "intent": "Find", "tool": "fetch_calendar_events", "arguments": {"input": {}}}
    delete = {"id": "delete", "intent": "Delete", "tool": "delete_calendar_event", "depends_on": ["find"]}
    each = {**delete, "arguments": {"input": {"eventId": "{{item.id}}"}}, "for_each": "{{find.result.data}}"}
    plan, problems = plan_from_draft(PlanDraft.model_validate({"steps": [find, {**each, "exclude": {"query": "1:1"}}]}))
    assert problems == [] and plan.steps[1].exclude is not None and plan.steps[1].exclude.query == "1:1"
    assert validate_plan(plan, tool_catalog()) == []
    lone = Step.model_validate(
        {**delete, "arguments": {"input": {"eventId": "{{find.result.data[0].id}}"}}, "exclude": {"query": "1:1"}}
    )
    found = validate_plan(Plan(steps=(Step.model_validate(find), lone)), tool_catalog())
    assert any("no for_each" in problem.message for problem in found)
