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
    output = chat(tmp_path, "change the Initech deal's close date to April 30", "1", "a")
    assert "Close date: Tue 5 May 2026 → Thu 30 Apr 2026" in output
    assert workspace(tmp_path, "SELECT close_date FROM deals WHERE name = 'Initech deal'") == [("2026-04-30",)]


def test_a_close_date_that_cannot_be_read_is_asked_and_the_answer_read_as_a_date(tmp_path: Path):
    output = chat(tmp_path, "change the Initech deal's close date to when legal signs", "1", "April 30", "a")
    assert "(e.g. “April 30” or “2026-04-30”)" in output
    assert workspace(tmp_path, "SELECT close_date FROM deals WHERE name = 'Initech deal'") == [("2026-04-30",)]
