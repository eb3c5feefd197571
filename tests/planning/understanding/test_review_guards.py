"""Readings that must not do what the user did not ask (found by a review of this session's changes): a correction
of a sent email only for a day, time or number said right and wrong; "instead" replaces recipients; a question never
approves; keeping with an exception is asked about, not guessed."""

from planning.understanding.commands._decisions import approve
from planning.understanding.commands._list_keeps import kept_out
from planning.understanding.commands._resends import also_to
from planning.understanding.commands._words import Reply
from planning.understanding.commands.sent_fix import corrected

LISTED = ("Design sync · Mon", "Vendor call · Tue", "1:1 with Ines · Thu")


def test_a_sent_email_is_corrected_only_for_a_day_time_or_number() -> None:
    fix = corrected(Reply.of("argh, i meant wednesday not tuesday"))
    assert fix is not None and (fix.value, fix.replaces) == ("wednesday", "tuesday")
    assert corrected(Reply.of("ugh that should have gone to omar not bea")) is None
    assert corrected(Reply.of("book the boardroom for monday not friday")) is None


def test_instead_replaces_the_recipients_and_too_adds_to_them() -> None:
    instead, too = also_to(Reply.of("to omar instead")), also_to(Reply.of("and to omar as well"))
    assert instead is not None and not instead.adding
    assert too is not None and too.adding


def test_a_question_is_never_an_approval() -> None:
    assert approve(Reply.of("the rest ok?")) is None
    assert approve(Reply.of("ok")) is not None


def test_keeping_with_an_exception_is_not_guessed() -> None:
    assert kept_out(Reply.of("keep all of them except the 1:1"), LISTED) is None
    assert kept_out(Reply.of("keep only the vendor call"), LISTED) is None
    kept = kept_out(Reply.of("leave the vendor call alone"), LISTED)
    assert kept is not None and [d.numbers for d in kept] == [(2,)]


def test_a_sender_said_must_be_the_mails_sender_not_a_word_of_its_text() -> None:
    from planning.understanding.commands.mail_picks import sent_by

    mail = {"from": "Ines Duarte <ines.duarte@lumen.io>", "subject": "Q3 numbers", "snippet": "Omar said it is late"}
    assert sent_by(mail, "ines")
    assert sent_by(mail, "ines.duarte@lumen.io")
    assert not sent_by(mail, "omar")
