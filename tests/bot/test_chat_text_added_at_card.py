"""At the card of an email, words the user adds to its text ("add that …", "also mention …", "add a line on top:
…") go after the text shown, or above it, said to the recipient; they never replace it, and a forward carries them
as its note. Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import Decide, read_reply
from planning.understanding.commands.context import Context
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

CARD = Context(question="approval", open_plan=True, doing="send_email")
FORWARD = Context(question="approval", open_plan=True, doing="forward_email")


def test_words_added_are_an_edit_that_adds_them_said_to_the_recipient() -> None:
    [added] = read_reply("add that i can take her through the numbers on monday", CARD)
    assert added == Decide("edit", field="body", value="I can take you through the numbers on monday", adding=True)
    [added] = read_reply("also mention he can ring me after four", CARD)
    assert isinstance(added, Decide) and added.adding and added.value == "You can ring me after four"


def test_a_line_on_top_goes_above_and_a_question_ends_as_one() -> None:
    [added] = read_reply("add a line at the top: could you file this under vendor onboarding", FORWARD)
    assert isinstance(added, Decide) and added.adding and added.before
    assert added.value == "Could you file this under vendor onboarding?"


def test_an_approval_with_words_added_adds_them_then_approves() -> None:
    added, approved = read_reply("sure, but tack on at the end - thanks for the patience", CARD)
    assert isinstance(added, Decide) and added.adding and added.value == "Thanks for the patience"
    assert approved == Decide("approve")


def test_people_added_are_not_words_added() -> None:
    [people] = read_reply("add dana", CARD)
    assert not isinstance(people, Decide)
    [event] = read_reply("add that i can take her through it", Context(question="approval", open_plan=True))
    assert not (isinstance(event, Decide) and event.adding)


def test_the_mail_sent_has_the_words_added_after_its_text(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "email peter saying the deposit cleared this morning",
        "add that i can walk him thru the invoice monday",
        "a",
    )
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="peter.gibbons@initech.com", includeBody=True))
    assert sent["body"].startswith("The deposit cleared this morning")
    assert sent["body"].rstrip().endswith("I can walk you thru the invoice monday")


def test_a_forward_carries_a_line_added_on_top_as_its_note(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "forward the security questionnaire email to sarah",
        "ok but add a line on top: could you start on the encryption part",
    )
    found = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="sarah.lee@example.com", includeBody=True))
    [sent] = [mail for mail in found if "Security questionnaire" in mail["subject"]]
    assert sent["body"].startswith("Could you start on the encryption part?")
