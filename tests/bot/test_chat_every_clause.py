"""Every clause of a reply accounted for, through the real engine on the demo workspace (`planbot chat --script`):
an approval said with a change does both; "undo that and <a request>" after a plan ended undoes it, then plans the
request; a part of a reply nothing reads is named, and nothing of the reply is done."""

import sqlite3
from pathlib import Path

from tests.bot.test_chat import chat


def _deal(tmp_path: Path, name: str) -> tuple[object, ...]:
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as db:
        [row] = db.execute("SELECT stage, amount FROM deals WHERE name = ?", (name,)).fetchall()
    return tuple(row)


def test_an_approval_said_with_a_change_makes_the_change_and_approves(tmp_path: Path):
    chat(tmp_path, "move the acme deal to negotiation", "approved, and make the amount 52k")
    assert _deal(tmp_path, "Acme deal") == ("negotiation", 52000)


def test_undo_and_a_new_request_after_a_plan_ended_undoes_then_plans_the_request(tmp_path: Path):
    output = chat(
        tmp_path,
        "move the acme deal to negotiation",
        "yes",
        "oops, undo that and set the initech deal to proposal",
        "yes",  # the undo
        "yes",  # the request, planned once the undo is done
    )
    assert "Once that is done: “set the initech deal to proposal”" in " ".join(output.split())
    assert _deal(tmp_path, "Acme deal")[0] == "proposal"  # put back
    assert _deal(tmp_path, "Initech deal")[0] == "proposal"


def test_a_part_nothing_reads_is_named_and_nothing_is_done(tmp_path: Path):
    output = chat(
        tmp_path, "move the initech deal to proposal", "amount should be 20k, and put the stage at negotiation"
    )
    assert "I did not understand “put the stage at negotiation”" in " ".join(output.split())
    assert _deal(tmp_path, "Initech deal") == ("qualification", 18500)


def test_undo_said_with_a_change_of_the_same_record_is_one_plan_approved_once(tmp_path: Path):
    chat(
        tmp_path,
        "mark the acme proposal task as done",
        "yes",
        "hmm undo that, sarah still has edits. move the due date to next tuesday instead",
        "go",
    )
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as db:
        rows = db.execute("SELECT status, due_date FROM tasks WHERE subject LIKE '%proposal to Acme%'").fetchall()
    assert rows == [("open", "2026-03-10")]
