"""A value said at a CRM record's card with "make it" goes on the record's field of that kind ("make it 51k": the
amount), never searched for in a text the plan does not have (it was refused as not understood after e902919)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_an_amount_said_at_a_deal_update_card_is_its_amount(tmp_path: Path) -> None:
    chat(tmp_path, "move the acme deal to negotiation", "oh and make it 51k, they expanded the scope", "yes")
    [deal] = records(tmp_path, "Deal", name="Acme deal")
    assert (deal["stage"], deal["amount"]) == ("negotiation", 51000)
