"""Asking whether someone answered, or what their news is, is a search of mail from them."""

from tests.planning.conftest import args, goals, run, steps


def test_did_someone_ever_answer_is_mail_from_them_without_the_adverb():
    line = run("did dana white ever get back to me about the venue?")
    assert goals(line) == [("find", "email")]
    assert args(line, "fetch_emails")["sender"] == "dana white"


def test_the_latest_from_someone_is_their_mail():
    line = run("what's the latest from raj patel")
    assert goals(line) == [("find", "email")]
    assert args(line, "fetch_emails")["sender"] == "raj patel"


def test_a_question_after_also_is_kept_as_its_own_mail_search():
    line = run("add a lead for Hooli\nalso did kim ever write back to me?")
    assert goals(line) == [("create", "lead"), ("find", "email")]
    assert args(line, "fetch_emails")["sender"] == "kim"


def test_a_draft_named_in_the_words_to_send_does_not_make_the_mail_a_draft():
    line = run("send kim a quick note that the budget draft is approved\nalso did raj ever write back to me?")
    assert goals(line) == [("send", "email"), ("find", "email")]
    assert [s["tool"] for s in steps(line)] == ["fetch_entity", "send_email", "fetch_emails"]


def test_asking_not_to_send_in_the_same_words_still_keeps_a_draft():
    assert [s["tool"] for s in steps(run("email kim saying hi but don't send it"))][-1] == "create_draft"


def test_abt_is_about_in_a_mail_search():
    line = run("did kim ever get back to me abt the venue contract?")
    assert args(line, "fetch_emails")["sender"] == "kim"
    assert args(line, "fetch_emails")["query"] == "venue contract"
