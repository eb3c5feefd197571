"""At the card of a change to a CRM record, a value the record has now said as what describes it ("the 125k one",
"yeah the one in negotiation") tells which record, never a change: the card is as it was, and a value the request
set is kept (issue 24: a value equal to the picked item's current value describes which one)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_the_amount_a_deal_has_said_at_its_card_changes_nothing(tmp_path: Path) -> None:
    output = chat(tmp_path, "push the globex deal's close date to april 3", "yes the 125k one, not initech", "approve")
    assert "Changed the amount" not in output
    [deal] = records(tmp_path, "Deal", name="Globex deal")
    assert (deal["amount"], deal["closeDate"]) == (125000, "2026-04-03")


def test_an_amount_the_request_set_is_kept_when_the_deals_own_is_said(tmp_path: Path) -> None:
    output = chat(tmp_path, "set the amount of the initech deal to 21k", "the 18.5k one, not the pilot", "go ahead")
    assert "Changed the amount" not in output
    [deal] = records(tmp_path, "Deal", name="Initech deal")
    assert deal["amount"] == 21000
