"""A deal said by its own name ("the acme renewal deal" for the deal named "Acme renewal") is found by that name
when no deal's company is those words: one broader search by the deal's name, said on the way. Before: "I could not
find a deal with company 'acme renewal'" (user test C14)."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_deal_named_by_its_name_is_changed(tmp_path: Path) -> None:
    output = chat(tmp_path, "set the acme renewal deal amount to 32k", "a")
    assert "broader search (by the deal's name) found 1" in output
    (deal,) = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"name": "acme renewal"}))
    assert deal["amount"] == 32000
