"""Contract §2.3: derived values and placeholders."""

from tests.planning.conftest import args, run, steps


def test_subject_comes_from_the_topic_without_article():
    assert args(run("email Tom about the launch"), "send_email")["subject"] == "Launch"
    assert args(run("Email John the sales report"), "send_email")["subject"] == "Sales report"


def test_subject_from_a_saying_clause():
    sent = args(run("email Maria saying the shipment left"), "send_email")
    assert sent["subject"] == "Shipment left"
    assert sent["body"] == "The shipment left"


def test_body_is_a_placeholder_unless_given():
    assert args(run("send Sarah a thank-you note"), "send_email")["body"] == "{{PLACEHOLDER_body}}"
    assert args(run("tell Priya that I'm running late"), "send_email")["body"] == "I'm running late"


def test_subject_is_a_placeholder_only_without_any_topic():
    assert args(run("email Tom"), "send_email")["subject"] == "{{PLACEHOLDER_subject}}"


def test_addresses_are_used_as_they_are():
    line = run("send an email to dev@example.org with subject Release notes saying version 2 is out")
    assert steps(line, "fetch_entity") == []
    sent = args(line, "send_email")
    assert sent["to"] == ["dev@example.org"]
    assert sent["subject"] == "Release notes"
    assert sent["body"] == "Version 2 is out"


def test_event_defaults_title_meeting_and_thirty_minutes_and_asks_for_start():
    event = args(run("Schedule a meeting"), "create_calendar_event")
    assert event == {"title": "Meeting", "startTime": "{{PLACEHOLDER_startTime}}", "durationMinutes": 30}


def test_event_title_from_the_request():
    event = args(run("put a sync with Priya on my calendar for Monday at 10am"), "create_calendar_event")
    assert event["title"] == "Sync with Priya"
    assert event["startTime"] == "2026-03-09T10:00:00-04:00"


def test_deal_name_derives_from_company_and_amount_is_parsed():
    fields = args(run("create a deal with Acme worth 50k"), "create_entity")["fields"]
    assert fields == {"company": "Acme", "amount": 50000.0, "name": "Acme deal"}


def test_missing_required_crm_field_is_a_placeholder():
    fields = args(run("create a new contact"), "create_entity")["fields"]
    assert fields == {"name": "{{PLACEHOLDER_name}}"}


def test_free_slot_window_defaults_to_five_working_days():
    slots = args(run("find a 1 hour slot to meet John"), "find_free_slots")
    assert slots["durationMinutes"] == 60
    assert slots["windowStart"] == "2026-03-02T09:00:00-05:00"
    assert slots["windowEnd"] == "2026-03-07T00:00:00-05:00"


def test_am_i_free_at_checks_thirty_minutes():
    line = run("am I free tomorrow at 3pm")
    slots = args(line, "find_free_slots")
    assert slots["windowStart"] == "2026-03-03T15:00:00-05:00"
    assert slots["windowEnd"] == "2026-03-03T15:30:00-05:00"


def test_find_slot_then_book_it_uses_the_slot():
    line = run("find a 45 minute slot with Maria next week and book it")
    slot_step = steps(line, "find_free_slots")[0]
    assert slot_step["arguments"]["input"]["durationMinutes"] == 45
    assert slot_step["arguments"]["input"]["windowStart"] == "2026-03-09T00:00:00-04:00"
    event = args(line, "create_calendar_event")
    assert event["startTime"] == "{{" + slot_step["id"] + ".result.data[0].start}}"
    assert event["durationMinutes"] == 45


def test_summary_that_is_sent_feeds_the_body():
    line = run("summarize today's emails and send the summary to lead@example.com")
    assert [s["tool"] for s in steps(line)] == ["fetch_emails", "summarize", "send_email"]
    summary = steps(line, "summarize")[0]
    assert args(line, "send_email")["body"] == "{{" + summary["id"] + ".result.data.summary}}"
    assert args(line, "fetch_emails")["since"] == "2026-03-02T00:00:00-05:00"
