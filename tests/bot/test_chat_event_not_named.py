"""A change or delete of one event whose words match none of the requester's events is never done to the next
upcoming event in its place: the coming events are offered as choices, saying nothing matched (issue 23)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_words_that_match_no_event_offer_the_coming_events_and_delete_only_the_one_picked(tmp_path: Path) -> None:
    output = chat(tmp_path, "please delete the vendor offsite", "2", "a")
    assert "I found no event matching" in output and "Which one do you mean?" in output
    assert events(tmp_path, **day("2026-03-02")) != []  # the next event (Monday's standup) is left alone
    assert events(tmp_path, **day("2026-03-03")) == []  # the second offered (Tuesday's call) is deleted


def test_a_request_that_names_no_event_asks_which_one_even_before_anything_is_found(tmp_path: Path) -> None:
    output = chat(tmp_path, "cancel the zq thingy", "cancel")
    assert "Nothing you named matched one of your events. Which one do you mean?" in output
    assert "Approve" not in output
    assert len(events(tmp_path, **day("2026-03-02"))) == 1


def test_an_item_of_a_list_card_kept_by_its_description_is_not_deleted(tmp_path: Path) -> None:
    output = chat(tmp_path, "clear my thursday afternoon", "leave the acme one alone, only the 1:1", "a")
    assert "Removed item 2" in output
    assert [e["title"] for e in events(tmp_path, **day("2026-03-05"))] == ["Acme quarterly business review"]
