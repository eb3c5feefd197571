"""People the request names reach the goal that takes them (issue 23, contract §2.9): the person a reminder is
about is in its slots but never invited; a person named in a calendar request's "that …" clause is no message
body to leave out."""

from tests.planning.conftest import args, goals, run, steps


def test_the_person_a_reminder_is_about_is_read_but_not_invited():
    line = run("remind me to call Dayo tomorrow at 5pm")
    assert goals(line) == [("create", "event")]
    assert line["parse"]["goals"][0]["slots"]["people"] == ["Dayo"]
    event = args(line, "create_calendar_event")
    assert event["title"] == "Call Dayo"
    assert not event.get("attendees")
    assert not steps(line, "fetch_entity")  # nobody to look up: the reminder is for me
    assert line["parse"]["ambiguities"] == []  # no "may match several contacts": none is looked up


def test_a_reminder_to_meet_someone_keeps_them_in_its_people():
    line = run("remind me to meet Ines at noon")
    assert line["parse"]["goals"][0]["slots"]["people"] == ["Ines"]
    assert not steps(line, "fetch_entity")


def test_a_calendar_question_after_that_keeps_the_person_it_names():
    line = run("is it right that Nadia's party is on Friday?")
    assert goals(line) == [("find", "event")]
    assert args(line, "fetch_calendar_events")["attendee"] == "Nadia"


def test_an_emails_body_after_that_still_names_no_recipient():
    line = run("email Priya that Tom signed the budget")
    assert args(line, "send_email")["to"] == ["{{find_priya.result.data[0].email}}"]


def test_a_reminder_set_as_a_thing_is_for_oneself_and_invites_nobody():
    line = run("set a reminder to ring Kofi at noon")
    assert goals(line) == [("create", "event")]
    assert line["parse"]["goals"][0]["slots"]["people"] == ["Kofi"]
    assert not args(line, "create_calendar_event").get("attendees")
    assert not steps(line, "fetch_entity")


def test_a_reminder_for_someone_named_right_after_it_still_reaches_them():
    line = run("set a reminder for Tom to send the deck friday at 9")
    assert steps(line, "fetch_entity")


def test_an_occasion_named_with_a_possessive_is_no_person():
    for text in ("add mother's day brunch with Ife on sunday", "put st patrick's day drinks with Ife in my calendar"):
        line = run(text)
        assert line["parse"]["goals"][0]["slots"]["people"] == ["Ife"], text


def test_a_pronoun_read_as_a_person_names_nobody():
    line = run("reply to all")
    assert not line["parse"]["goals"][0]["slots"].get("people")
    assert not steps(line, "fetch_entity")
