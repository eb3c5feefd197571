"""A reason said between a change and the email that tells someone about it ("delete the acme call tomorrow,
quarter-end close is killing me. and let laura know we'll reschedule", zb18): the reason is left out, so a word of it
("quarter-end") is neither who the event is found by nor a recipient; what follows the ask for the email stays its
text. Then a reminder "to reschedule it" is titled with the event just deleted."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events
from tests.bot.test_chat_v2 import read

CANCELLED = (
    "delete the acme call tomorrow, quarter-end close is killing me. and let laura know we'll reschedule",
    "yes",
)


def test_a_reason_before_the_email_asked_is_no_recipient_and_no_filter(tmp_path: Path) -> None:
    chat(tmp_path, *CANCELLED)
    assert _events(tmp_path, "2026-03-03", query="acme call") == []
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="laura.chen@acme.com", includeBody=True))
    assert "reschedule" in sent["body"].lower()


def test_a_reminder_to_do_it_after_a_cancel_is_titled_with_the_event_cancelled(tmp_path: Path) -> None:
    chat(tmp_path, *CANCELLED, "oh and put a reminder on my calendar for thursday at 9 to reschedule it", "ok")
    [reminder] = _events(tmp_path, "2026-03-05", query="reschedule")
    assert reminder["title"].lower() == "reschedule acme call"
    assert reminder["startTime"] == "2026-03-05T09:00:00-05:00"
