"""A request that names the deal first, then what to do with "it" ("acme deal: raise it to 95k and slide close to apr
2") updates that deal's amount and close date in one update, no event touched (issue 24: a topic before a colon
names the record; "close" alone is a deal's close date)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_a_deal_said_as_the_topic_gets_both_changes(tmp_path: Path) -> None:
    output = chat(tmp_path, "acme deal: raise it to 95k and slide close to apr 2", "a")
    assert output.count("Finished") == 1
    [deal] = records(tmp_path, "Deal", name="Acme deal")
    assert (deal["amount"], deal["closeDate"]) == (95000, "2026-04-02")
