"""Asking whether someone answered, or what their news is, is a search of mail from them."""

from tests.planning.conftest import args, goals, run


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
