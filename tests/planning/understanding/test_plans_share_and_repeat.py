"""Plan details that hold whatever the words (issue 23): a repeat "every other <day>" keeps its interval; the same
read needed by two goals is one step; a reply after a goal that read a mail answers that mail."""

from planning.understanding.existing import recurrence
from tests.planning.conftest import args, run, steps


def test_every_other_or_third_weekday_keeps_its_interval():
    assert recurrence("every other tuesday at 9, planning w nadia") == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"
    assert recurrence("sync with the auditors every third thursday") == "FREQ=WEEKLY;INTERVAL=3;BYDAY=TH"
    assert recurrence("every monday and wednesday") == "FREQ=WEEKLY;BYDAY=MO,WE"
    event = args(run("book a review with ilse every other wed at 11"), "create_calendar_event")
    assert "INTERVAL=2" in event["recurrence"] and "BYDAY=WE" in event["recurrence"]


def test_the_same_lookup_for_two_goals_is_one_step():
    line = run("what's bruno's email address? and set up a call with him friday at 10")
    lookups = steps(line, "fetch_entity")
    assert len(lookups) == 1
    event = args(line, "create_calendar_event")
    assert event["attendees"] == [f"{{{{{lookups[0]['id']}.result.data[0].email}}}}"]


def test_a_reply_after_reading_a_mail_answers_that_mail():
    line = run("add the design offsite from yara's email to my calendar and reply to her that we'll be there")
    [fetch] = steps(line, "fetch_emails")
    reply = args(line, "reply_email")
    assert reply["messageId"] == f"{{{{{fetch['id']}.result.data[0].id}}}}"
