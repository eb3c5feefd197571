"""At the approval of a new email, a reply asking to send it as an answer to another email is a correction of which
email ("email"), its value the words that describe the email answered; a reason beside it is no part of them."""

from planning.understanding.commands import Correct, read_reply
from planning.understanding.commands.context import Context

NEW_MAIL = Context(question="approval", open_plan=True, doing="send_email")


def test_a_new_email_sent_as_a_reply_to_an_email_described():
    said = read_reply("hmm make it a reply to laura's redlines email, she'll want it in that thread", NEW_MAIL)
    assert said == (Correct("laura's redlines email", field="email"),)
    said = read_reply("can u send this in reply to the pricing thread from john instead pls", NEW_MAIL)
    assert said == (Correct("the pricing thread from john", field="email"),)


def test_no_mail_described_or_no_new_email_at_the_card_is_no_such_correction():
    assert not any(isinstance(c, Correct) and c.field == "email" for c in read_reply("reply to him asap", NEW_MAIL))
    at_event = Context(question="approval", open_plan=True, doing="create_calendar_event")
    said = read_reply("send it as a reply to the launch plan email", at_event)
    assert not any(isinstance(c, Correct) and c.field == "email" for c in said)
