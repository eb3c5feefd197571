"""A change of "the deal" that names none lists the open deals to pick from (user test s13 c35: it asked "What name
should I use for “Find the deal deal”?" and then found no deal named "the acme one")."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_deal_named_by_its_kind_alone_is_picked_from_the_open_deals(tmp_path: Path):
    output = chat(tmp_path, "push the deal's close date to april 20, legal is slow", "the globex one", "a")
    assert "Which one?" in output and "Initech deal" in output
    [deal] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"company": "globex"}))
    assert deal["closeDate"] == "2026-04-20"
