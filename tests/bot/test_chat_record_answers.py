"""The record a note or task is about, given in words when asked ("the globex deal": a deal, by its name), and words
searched again after a lookup of a record found nothing: never a filter the record does not have, never the
validator's own words said to the user (issue 24)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_an_answer_naming_the_kind_of_record_finds_a_record_of_that_kind(tmp_path: Path):
    output = chat(tmp_path, "add a note: they asked for a security review", "the initech pilot deal", "a")
    assert "Finished" in output
    [pilot] = records(tmp_path, "Deal", name="Initech pilot")
    [note] = records(tmp_path, "Note", body="security review")
    assert note["about"] == {"entityType": "Deal", "id": pilot["id"]}


def test_words_searched_again_for_a_record_never_end_in_a_validation_error(tmp_path: Path):
    output = chat(tmp_path, "add a note: they asked for a security review", "the northwind deal", "globex deal", "a")
    assert "Extra inputs" not in output and "not permitted" not in output and "arguments are not valid" not in output
    [globex] = records(tmp_path, "Deal", name="Globex deal")
    [note] = records(tmp_path, "Note", body="security review")
    assert note["about"] == {"entityType": "Deal", "id": globex["id"]}
