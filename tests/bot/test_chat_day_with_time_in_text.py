"""At an email's card, a day said with a time of day ("thurs noon", "mon 3pm") in the place of the one day
the text says ("… by friday") replaces that day with the words said; the reason said with it changes nothing.
Sentences here are our own."""

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands.text_values import edit
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

NOW = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))


def test_a_day_with_its_time_replaces_the_day_the_text_says() -> None:
    assert edit("the draft will be with you by fri", "mon 3pm", NOW).text == "the draft will be with you by mon 3pm"


def test_a_day_alone_still_leaves_a_day_with_a_time_alone() -> None:
    assert edit("call you fri at 10", "mon", NOW).text is None  # which part is meant is not known: asked


def test_the_reply_sent_says_the_new_day(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "reply to maria's payment terms email, tell her i'll confirm with legal by friday",
        "hmm make that thurs noon, friday i'm off",
        "send",
    )
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="maria.garcia@example.com", includeBody=True))
    [mine] = [mail for mail in sent if "payment terms" in mail["subject"]]
    assert "thurs noon" in mine["body"] and "friday" not in mine["body"].lower()
