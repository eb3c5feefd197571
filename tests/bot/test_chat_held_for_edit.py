"""At an email's card, a reply that holds the send back and then edits the text ("wait, don't send it yet — add that
…") keeps the plan and edits it; the holding back is no cancel. A reply that turns the step down for a request of
its own still cancels. Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import Decide, NewRequest, read_reply
from planning.understanding.commands.context import Context
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

REPLY_CARD = Context(question="approval", open_plan=True, doing="reply_email")


def test_holding_back_then_adding_words_is_the_edit_alone() -> None:
    [edit] = read_reply("one sec, don't send it yet — add that maria has the signed copy", REPLY_CARD)
    assert edit == Decide("edit", field="body", value="Maria has the signed copy", adding=True)


def test_turning_down_for_another_request_still_cancels() -> None:
    cancel, request = read_reply("forget it, book a call with maria instead", REPLY_CARD)
    assert cancel == Decide("cancel") and isinstance(request, NewRequest)


def test_the_reply_sent_has_the_words_added_while_held(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "reply to tom's partner summit email, say count me in",
        "whoa, not yet - add that priya will want a booth too",
        "ok send it now",
    )
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", includeBody=True))
    [mine] = [mail for mail in sent if "Partner summit" in mail["subject"]]
    assert "Priya will want a booth too" in mine["body"]
