"""At the card of an email, a clause led by a saying verb ("wait, write …", "tell her …", "make it say …", "body: …")
gives the mail's new text: every word after the lead, later clauses included, and the card is shown again with it.
Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import Decide, read_reply
from planning.understanding.commands.context import Context
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

CARD = Context(question="approval", open_plan=True, doing="send_email")


def test_the_words_after_the_lead_replace_the_text_to_the_end() -> None:
    [edit] = read_reply("wait - write the venue is booked, invoices follow on thursday", CARD)
    assert edit == Decide("edit", field="body", value="The venue is booked, invoices follow on thursday")
    [edit] = read_reply("tell her that the lab results look fine; call me after lunch", CARD)
    assert isinstance(edit, Decide) and edit.field == "body"
    assert edit.value == "The lab results look fine; call me after lunch"
    [edit] = read_reply("body: see you at the depot, bring the keys", CARD)
    assert isinstance(edit, Decide) and edit.value == "See you at the depot, bring the keys"


def test_no_lead_or_no_mail_card_leaves_the_reading_as_it_was() -> None:
    [other] = read_reply("brag less, it's too long", CARD)
    assert other.kind == "cannot_handle"
    event = Context(question="approval", open_plan=True, doing="create_calendar_event")
    [not_text] = read_reply("write the venue is booked, invoices follow", event)
    assert not (isinstance(not_text, Decide) and not_text.field == "body")


def test_the_revised_text_is_the_one_sent(tmp_path: Path) -> None:
    asked = "email ingrid@lumen.io saying the slides were great"
    chat(tmp_path, asked, "hmm, make it say the slides were great, and the budget part needs work", "a")
    [sent] = list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to="ingrid@lumen.io", includeBody=True)))
    assert "budget part needs work" in sent["body"]
