"""A topic said after "re"/"about" and closed by a dash or a colon is the subject, and what follows is the text to
send, whatever its words ("email nadia re the budget draft - numbers look fine"); a word such as "draft" inside
the topic names what the mail is about, not a wish to keep it as a draft."""

from tests.planning.conftest import args, run, steps


def test_the_words_after_the_dash_that_closes_the_topic_are_the_text():
    mail = args(run("email nadia re the hiring plan - looks solid, two small comments on the timeline"), "send_email")
    assert mail["subject"] == "Hiring plan"
    assert mail["body"].startswith("Looks solid,") and mail["body"].endswith("comments on the timeline")


def test_a_colon_closes_the_topic_too():
    mail = args(run("message omar regarding the venue contract: signed copy is in the shared folder"), "send_email")
    assert mail["subject"] == "Venue contract"
    assert mail["body"] == "Signed copy is in the shared folder"


def test_a_draft_named_in_the_topic_is_what_the_mail_is_about():
    line = run("email kofi re the grant proposal draft - reads well, nice work on the budget section")
    assert steps(line, "create_draft") == []
    assert args(line, "send_email")["subject"] == "Grant proposal draft"


def test_a_draft_asked_for_outside_the_topic_is_still_a_draft():
    line = run("draft an email to kofi about the grant proposal")
    assert len(steps(line, "create_draft")) == 1
