"""A subject made from the request is made from words that say what the message is about, never a lone
conjunction or pronoun ("email tom that the roof repair is done" → "Roof repair is done", not "That")."""

from pathlib import Path

from planning.understanding.mail_topic import with_content
from tests.bot.test_chat import chat


def test_a_topic_of_function_words_alone_is_no_topic() -> None:
    assert with_content("that") is None
    assert with_content("her") is None
    assert with_content("the invoice") == "the invoice"


def test_a_message_told_with_that_gets_its_subject_from_the_words_sent(tmp_path: Path) -> None:
    output = chat(tmp_path, "email tom that the roof repair is done")
    assert "Subject: Roof repair is done" in output
    assert "Subject: That" not in output
