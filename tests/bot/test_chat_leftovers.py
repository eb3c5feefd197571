"""Leftovers of the cards in words, in `planbot chat --script`: result tables, pick questions, lookups that found
nothing, the plan panel, undo cards and follow-ups say times in the requester's zone by its name and things by
what they are, never raw ISO, "(UTC+00:00)" nor an id."""

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from bot.cli import main


def chat_in(tmp_path: Path, zone: str, *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    arguments = ["chat", "--script", str(script), "--data-dir", str(tmp_path / "data"), "--now", "2026-03-02T09:00:00"]
    result = CliRunner().invoke(main, [*arguments, "--tz", zone], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_result_tables_show_times_in_the_requesters_zone_by_its_name(tmp_path: Path):
    output = chat_in(tmp_path, "America/Chicago", "what meetings do I have on Thursday?")
    assert "Thu 5 Mar, 14:00–14:30 CST" in output and "Thu 5 Mar, 16:00–17:00 CST" in output  # each one's span
    assert "(UTC" not in output and "2026, 14:00" not in output


def test_result_tables_in_utc_say_utc(tmp_path: Path):
    output = chat_in(tmp_path, "UTC", "show my emails from Priya")
    assert "Sun 1 Mar, 12:15 UTC" in output
    assert "(UTC+00:00)" not in output


def test_a_pick_is_confirmed_in_words_not_as_iso(tmp_path: Path):
    output = chat_in(
        tmp_path, "America/New_York", "what meetings do I have on Thursday?", "move that meeting to 5pm", "1"
    )
    assert "Using 1:1 with Priya · Thu 5 Mar, 14:00 EST." in output
    assert "2026-03-05T" not in output


def test_a_write_on_a_known_thing_is_named_by_it_in_the_plan_but_not_in_what_a_thread_shows(tmp_path: Path):
    lines = ("show my latest email from Priya", "reply to it", "Sounds good, thanks", "a")
    output = " ".join(chat_in(tmp_path, "America/New_York", *lines).split())
    assert "? Reply to Priya Shah: Re: Partner summit [reply_email" in output  # the plan panel: the requester's
    # the question and who decided are said in a thread, which a whole channel sees: the request's own words
    assert "should I use for “Reply to it”?" in output
    assert "Approved “Reply to it” (you)." in output


def test_undo_of_a_note_says_which_note_on_what_and_deletes_it(tmp_path: Path):
    lines = ("add a note to Acme: they want a discount on the renewal", "a", "undo that", "a")
    output = " ".join(chat_in(tmp_path, "America/New_York", *lines).split())
    assert "Approve: Delete note on Acme (account): “They want a discount on the renewal”" in output
    assert "Deleted note on Acme (account): “They want a discount on the renewal”" in output
    assert "note-" not in output
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM notes WHERE body LIKE '%discount on the renewal%'").fetchone() == (0,)
