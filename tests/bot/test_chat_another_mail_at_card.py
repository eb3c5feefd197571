"""At the approval of a forward or a reply, a reply that describes another email ("no wait, not the draft - the
launch plan tom sent saturday", "sorry, the expense policy one from maria") searches for that email by what it says
(sender, words, day) and shows the card again with it; the email first shown is never the one sent. A mail named by
the initials of its subject ("the signed msa") is that mail."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import Context, Correct, read_reply
from planning.understanding.commands.mail_picks import mail_described
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"


def sent_to(tmp_path: Path, address: str) -> list[str]:
    found = read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since=SINCE, includeBody=True))
    return [mail["subject"] for mail in found]


def test_a_forward_takes_the_mail_described_instead_of_the_one_shown(tmp_path: Path):
    output = chat(
        tmp_path,
        "forward the launch press release draft to sarah",
        "no wait, not the draft - the launch plan tom sent saturday",
        "a",
    )
    assert "Using “Launch plan for the April release”" in output
    assert sent_to(tmp_path, "sarah.lee@example.com") == ["Fwd: Launch plan for the April release"]


def test_a_reply_answers_the_mail_described_instead(tmp_path: Path):
    chat(
        tmp_path,
        "reply to maria's invoice email saying thanks, i'll raise it with john",
        "sorry, the expense policy one from maria",
        "a",
    )
    assert sent_to(tmp_path, "maria.garcia@example.com") == ["Re: Updated expense policy"]


def test_the_reply_reads_as_a_correction_of_the_email():
    card = Context(question="approval", open_plan=True, doing="forward_email")
    said = read_reply("ugh, wrong thread. i meant the one priya sent about the board deck", card)
    assert said == (Correct("the one priya sent about the board deck", field="email"),)
    assert read_reply("not that one, the vendor quote from omar", card) == (
        Correct("the vendor quote from omar", field="email", replaces="that one"),
    )


def test_people_named_at_a_forward_card_are_still_recipients():
    card = Context(question="approval", open_plan=True, doing="forward_email")
    assert read_reply("send it to omar instead", card)[0] == Correct("omar", people=True)


def test_a_day_said_with_a_reason_at_a_reply_card_describes_no_email():
    card = Context(question="approval", open_plan=True, doing="reply_email", correctable=("text",))
    said = read_reply("make that tuesday, monday's too soon for their team", card)
    assert all(not (isinstance(c, Correct) and c.field == "email") for c in said)
    assert read_reply("tom's pricing email", card) == (Correct("tom's pricing email", field="email"),)


def test_initials_said_name_the_mail_whose_subject_they_begin():
    mails = [
        {"subject": "Quarterly business review notes", "from": "Ana Ruiz <ana@x.io>"},
        {"subject": "Statement of work (signed)", "from": "Ana Ruiz <ana@x.io>"},
    ]
    assert mail_described("the signed sow from ana", mails, None) == 1
    assert mail_described("ana's qbr", mails, None) == 0


def test_a_description_that_fits_the_mail_shown_keeps_it(tmp_path: Path):
    output = chat(
        tmp_path,
        "fwd maria's globex contract mail to tom, he should check the late payment clause",
        "the payment terms one from sunday",
        "a",
    )
    assert "That is the email shown: “Globex contract: payment terms”" in output
    assert sent_to(tmp_path, "tom.reyes@example.com") == ["Fwd: Globex contract: payment terms"]
