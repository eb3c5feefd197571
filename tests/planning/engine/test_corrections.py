"""A correction names its field and changes that field, whatever is being asked (issue: "actually make the subject
…" typed while the body was asked became the body)."""

from tests.planning.engine.conftest import approval, question, said


async def test_a_named_field_is_changed_while_another_value_is_asked(harness):
    replies = await harness.say("email Priya about the launch")
    assert "text of the email" in question(replies).text
    replies = await harness.say('actually make the subject "Launch date moved"')
    assert "Changed the subject" in said(replies)
    assert "text of the email" in question(replies).text  # the body is still asked
    ask = approval(await harness.say("We launch on the 12th now."))
    assert ask.arguments["subject"] == "Launch date moved"
    assert ask.arguments["body"] == "We launch on the 12th now."


async def test_naming_the_field_being_asked_is_the_answer(harness):
    await harness.say("email Priya about the launch")
    ask = approval(await harness.say("actually make the body: see you at the launch"))
    assert ask.arguments["body"] == "see you at the launch"


async def test_a_correction_at_an_approval_needs_a_new_approval(harness):
    shown = approval(await harness.say("schedule a sync with Priya tomorrow at 3pm"))
    replies = await harness.say("actually make the time 4pm")
    again = approval(replies)
    assert again.arguments["startTime"] == "2026-03-03T16:00:00-05:00" and again.args_hash != shown.args_hash
    assert harness.connector.called("create_calendar_event") == []


async def test_a_pick_question_offers_a_way_out_after_three_failed_answers_and_skip_works(harness):
    from tests.planning.engine.conftest import JOHNS

    harness.connector.responses["fetch_entity"] = JOHNS
    await harness.say("email John saying hi")
    for _ in range(2):
        replies = await harness.say("the tall one")
        assert "cancel" not in question(replies).text
    replies = await harness.say("the tall one")
    assert "“skip”" in question(replies).text and "“cancel”" in question(replies).text
    replies = await harness.say("skip")
    assert harness.connector.called("send_email") == []
    assert "Finished" in said(replies)


async def test_a_day_or_week_without_a_time_is_kept_for_the_next_answer(harness):
    await harness.say("schedule a sync with Priya")
    replies = await harness.say("next week")  # no mistake: the time is asked again within the week said
    assert "between Mon 9 Mar and Sun 15 Mar" in question(replies).text and question(replies).problem is None
    replies = await harness.say("Tuesday at 10am")
    assert approval(replies).arguments["startTime"] == "2026-03-10T10:00:00-04:00"
