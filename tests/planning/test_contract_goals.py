"""Contract §2.1–2.2: goals, meta types, out of scope, lookups."""

from tests.planning.conftest import args, goals, run, steps


def test_email_with_a_lookup_is_one_goal():
    line = run("Email John the sales report")
    assert goals(line) == [("send", "email")]
    assert [s["tool"] for s in steps(line)] == ["fetch_entity", "send_email"]
    assert line["parse"]["meta_type"] == "single"


def test_finding_an_address_then_sending_is_one_send_goal():
    line = run("Find Sarah's email and send her the proposal")
    assert goals(line) == [("send", "email")]
    assert args(line, "fetch_entity")["filters"] == {"name": "Sarah"}
    assert args(line, "send_email")["to"] == ["{{find_sarah.result.data[0].email}}"]


def test_question_then_reply_is_two_dependent_goals():
    line = run("What did Laura say in her last email, and reply that I agree")
    assert goals(line) == [("find", "email"), ("send", "email")]
    assert line["parse"]["meta_type"] == "dependent_multi"
    assert line["parse"]["dependencies"] == {"1": [0]}
    fetch = steps(line, "fetch_emails")[0]
    reply = args(line, "reply_email")
    assert reply["messageId"] == "{{" + fetch["id"] + ".result.data[0].id}}"
    assert reply["body"] == "I agree"


def test_two_unrelated_requests_are_independent_goals():
    line = run("email Tom about the launch and add a lead for Globex")
    assert goals(line) == [("send", "email"), ("create", "lead")]
    assert line["parse"]["meta_type"] == "independent_multi"
    assert args(line, "create_entity") == {"entityType": "Lead", "fields": {"company": "Globex"}}


def test_remind_me_is_a_calendar_entry():
    line = run("Remind me to call the bank at 4pm")
    assert goals(line) == [("create", "event")]
    event = args(line, "create_calendar_event")
    assert event["title"] == "Call the bank"
    assert event["startTime"] == "2026-03-02T16:00:00-05:00"


def test_out_of_scope_gets_no_steps():
    for text in ("what's the weather in Paris", "play some jazz", "order me a pizza", "set an alarm for 6am"):
        line = run(text)
        assert goals(line) == [("unsupported", "none")], text
        assert steps(line) == []


def test_small_talk_and_help_are_chat():
    for text in ("hello", "thanks!", "what can you do", "help"):
        assert goals(run(text)) == [("chat", "none")], text


def test_thanks_and_praise_in_chat_shorthand_are_chat():
    for text in ("thx so much!!", "haha ty 🙏", "u rock, thank u", "perfect, you're the best", "tysm, legend"):
        assert goals(run(text)) == [("chat", "none")], text


def test_thanks_with_a_request_after_it_is_the_request():
    assert goals(run("ty! now email Tom the deck")) == [("send", "email")]


def test_mixed_request_plans_the_in_scope_part_and_flags_the_rest():
    line = run("email Tom about the launch and play some jazz")
    assert ("send", "email") in goals(line)
    assert ("unsupported", "none") in goals(line)
    assert {s["tool"] for s in steps(line)} == {"fetch_entity", "send_email"}


def test_filters_take_names_as_text_without_a_lookup():
    line = run("show me emails from John")
    assert [s["tool"] for s in steps(line)] == ["fetch_emails"]
    assert args(line, "fetch_emails")["sender"] == "John"


def test_open_deals_filter_on_open_stages():
    line = run("show open deals for Initech")
    assert args(line, "fetch_entity") == {
        "entityType": "Deal",
        "filters": {
            "company": "Initech",
            "stage": {"in": ["prospecting", "qualification", "proposal", "negotiation"]},
        },
    }


def test_the_last_email_is_a_fetch_with_limit_one():
    line = run("reply to Kate's last email saying sounds good")
    fetch = args(line, "fetch_emails")
    assert fetch["sender"] == "Kate" and fetch["limit"] == 1
    assert args(line, "reply_email")["body"] == "Sounds good"


def test_my_next_meeting_starts_now_with_limit_one():
    fetch = args(run("when is my next meeting with Sarah"), "fetch_calendar_events")
    assert fetch["start"] == "2026-03-02T09:00:00-05:00"
    assert fetch["limit"] == 1
    assert fetch["attendee"] == "Sarah"


def test_a_record_needed_by_two_goals_is_looked_up_once():
    line = run("Send John the quarterly report and schedule a follow-up")
    lookups = steps(line, "fetch_entity")
    assert len(lookups) == 1
    ref = "{{" + lookups[0]["id"] + ".result.data[0].email}}"
    assert args(line, "send_email")["to"] == [ref]
    assert args(line, "create_calendar_event")["attendees"] == [ref]
    assert line["parse"]["meta_type"] == "independent_multi"


def test_each_step_names_its_goal():
    line = run("mark the Hooli lead as qualified and schedule a call with them on Thursday at 2pm")
    by_tool = {s["tool"]: s for s in steps(line)}
    assert by_tool["fetch_entity"]["goal"] == 0
    assert by_tool["update_entity"]["goal"] == 0
    assert by_tool["create_calendar_event"]["goal"] == 1
    assert by_tool["create_calendar_event"]["arguments"]["input"]["attendees"] == [
        "{{" + by_tool["fetch_entity"]["id"] + ".result.data[0].email}}"
    ]


def test_unsure_reading_still_plans_and_asks_one_question():
    line = run("cancel")
    assert goals(line) == [("delete", "event")]
    assert line["parse"]["confidence"] < 0.55
    assert line["parse"]["clarify"] == (
        "Do you want me to cancel a calendar event? Tell me a little more. For example: “cancel my 3pm meeting”."
    )
    assert steps(line), "the best plan is still given"


def test_confident_reading_asks_nothing():
    line = run("Email John the sales report")
    assert line["parse"]["confidence"] >= 0.55
    assert line["parse"]["clarify"] is None
    assert line["parse"]["explanation"]


def test_steps_come_after_the_steps_they_depend_on():
    line = run("Send John the quarterly report and schedule a follow-up with Maria on Friday at 3pm")
    seen: set[str] = set()
    for step in steps(line):
        assert set(step["depends_on"]) <= seen, step["id"]
        seen.add(step["id"])


def test_whole_value_reference_keeps_a_list_a_list():
    email = args(run("email everyone in the launch review that the room changed"), "send_email")
    assert isinstance(email["to"], str) and email["to"].endswith(".result.data[0].attendees}}")


def test_adding_someone_to_an_existing_event_keeps_the_others():
    update = args(run("add Maria to the Friday planning meeting"), "update_calendar_event")
    assert "attendees" not in update
    assert update["addAttendees"] == ["{{find_maria.result.data[0].email}}"]
