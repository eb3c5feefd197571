"""A thread is mail: "the board offsite thread" names mail about the offsite, not the offsite event."""

from tests.planning.conftest import args, goals, run


def test_summarising_a_thread_named_after_an_event_summarises_mail():
    line = run("pls summarize the q2 kickoff thread before standup")
    assert goals(line) == [("summarize", "email")]
    assert args(line, "fetch_emails")["query"] == "q2 kickoff"


def test_finding_an_email_chain_named_after_a_deal_finds_mail():
    line = run("find the acme renewal deal email chain")
    assert goals(line) == [("find", "email")]
    assert args(line, "fetch_emails")["query"] == "acme renewal deal"


def test_which_mail_is_not_its_topic():
    line = run("summarize my unread emails")
    assert goals(line) == [("summarize", "email")]
    assert "query" not in args(line, "fetch_emails")


def test_an_event_still_summarises_as_an_event():
    assert goals(run("summarize the q2 kickoff meeting")) == [("summarize", "event")]


def test_how_many_mails_is_not_their_topic():
    for text in ("show my 5 latest emails", "pull up my ten most recent messages"):
        line = run(text)
        assert goals(line) == [("find", "email")], text
        assert "query" not in args(line, "fetch_emails"), text
