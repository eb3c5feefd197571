"""A statement told to someone ("tell omar i can't make it that week") is the email's text, whole, even when a word
of it ("that") could start the words to send; a subject and verb typed as one word without the apostrophe ("im",
"theyre") make a statement too. "tell dana that …" still sends what follows "that". Before: the text and subject were
"Week" / "Day", the fragment after "that" (user test C2)."""

from tests.planning.conftest import args, run


def _body(line: str) -> str:
    return str(args(line, "send_email")["body"])


def test_a_statement_told_is_the_text_whole() -> None:
    assert _body(run("tell omar i can't make it that week")) == "I can't make it that week"
    assert _body(run("cancel the 1:1 with lena and tell her im off that afternoon")) == "I'm off that afternoon"
    assert _body(run("let peter know theyre waiting on legal")) == "They're waiting on legal"


def test_that_after_the_person_told_still_introduces_the_words() -> None:
    assert _body(run("tell dana that the contract is signed")) == "The contract is signed"
