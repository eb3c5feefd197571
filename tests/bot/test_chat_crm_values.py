"""CRM values in `planbot chat --script`: a field is written in its type (a date as a date), wherever it is set,
and a note asked for after a plan that acted on a record is about that record."""

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from bot.cli import main


def chat(tmp_path: Path, *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    arguments = ["chat", "--script", str(script), "--data-dir", str(tmp_path / "data"), "--now", "2026-03-10T08:45:00"]
    result = CliRunner().invoke(main, [*arguments, "--tz", "America/New_York"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def workspace(tmp_path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as db:
        return db.execute(sql).fetchall()


def test_a_close_date_said_in_words_is_written_as_a_date(tmp_path: Path):
    output = chat(tmp_path, "change the Initech deal's close date to April 30", "a")
    assert "Close date: Tue 5 May 2026 → Thu 30 Apr 2026" in output
    assert workspace(tmp_path, "SELECT close_date FROM deals WHERE name = 'Initech deal'") == [("2026-04-30",)]


def test_a_close_date_that_cannot_be_read_is_asked_and_the_answer_read_as_a_date(tmp_path: Path):
    output = chat(tmp_path, "change the Initech deal's close date to when legal signs", "1", "April 30", "a")
    assert "(e.g. “April 30” or “2026-04-30”)" in output
    assert workspace(tmp_path, "SELECT close_date FROM deals WHERE name = 'Initech deal'") == [("2026-04-30",)]


def test_a_note_on_it_after_a_deal_update_is_about_that_deal(tmp_path: Path):
    lines = ("change the Initech deal's close date to April 30", "a")
    output = chat(tmp_path, *lines, "put a note on it saying Peter wants to wait for the next budget cycle", "a")
    assert "Note on Initech deal (deal): “Peter wants to wait for the next budget cycle”" in output
    rows = workspace(tmp_path, "SELECT about FROM notes WHERE body LIKE 'Peter wants to wait%'")
    (deal_id,) = workspace(tmp_path, "SELECT id FROM deals WHERE name = 'Initech deal'")[0]
    assert rows == [(f"Deal:deal-{deal_id}",)]


def test_a_note_that_names_no_record_asks_which_and_is_written_about_the_answer(tmp_path: Path):
    output = chat(tmp_path, "add a note saying Peter wants to wait for the next budget cycle", "Initech", "a")
    assert "What record should I use" in output
    assert workspace(tmp_path, "SELECT about FROM notes WHERE body LIKE 'Peter wants to wait%'") == [
        ("Account:account-3",)
    ]


def test_a_note_said_to_be_about_nothing_is_written_on_its_own(tmp_path: Path):
    output = chat(tmp_path, "add a note saying Peter prefers email over calls, not about any record", "a")
    assert "What record should I use" not in output
    rows = workspace(tmp_path, "SELECT body, about FROM notes WHERE body LIKE '%prefers email over calls%'")
    assert rows == [("Peter prefers email over calls", None)]


def test_the_deal_named_exactly_is_taken_without_asking_and_said(tmp_path: Path):
    output = chat(tmp_path, "change the Acme deal's amount to 60k", "a")
    assert "Which one?" not in output
    assert "Using Acme deal · Acme (named exactly)." in output
    assert workspace(tmp_path, "SELECT amount FROM deals WHERE name = 'Acme deal'") == [(60000.0,)]


def test_a_number_after_the_new_request_offer_still_picks_among_the_matches(tmp_path: Path):
    output = chat(tmp_path, "email John saying the quote is ready", "what's on my calendar tomorrow?", "1")
    assert "an answer to the question" not in output  # the offer is in words where a number picks
    assert "Using Sales Director · John Smith · john.smith@example.com." in output
    assert "Dropped the plan" not in output


def test_a_forwarded_email_is_searched_by_its_words_not_by_email_about(tmp_path: Path):
    output = chat(tmp_path, "forward Maria's email about the Globex payment terms to John Smith", "a")
    assert "Nothing matched" not in output and "Which one?" not in output
    assert "Forwarded “Globex contract: payment terms” to John Smith" in output or (
        "Forward “Globex contract: payment terms” to John Smith" in output
    )
