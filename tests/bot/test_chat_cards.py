"""Approval cards and results in `planbot chat --script` say what changes in words (issue 15), on the local
workspace: a note shows its text and what it is about, a contact and a task their fields on labelled lines, an
update and its undo each field before → after, a reply, a move and a delete name their target; never JSON, an
argument name or "(UTC-05:00)"; what ran is said in words, not as an id."""

import re
from pathlib import Path
from zoneinfo import ZoneInfo

from click.testing import CliRunner
from rich.console import Console

from bot.cli import main
from bot.terminal_render import approval_panel
from integrations.base.arguments import FetchEntityArgs
from planning.engine.replies import AskApproval
from planning.engine.target_text import describe
from tests.bot.test_chat import chat
from tests.bot.test_chat_checks import deals
from tests.bot.test_chat_v2 import day, events, read

INTERNALS = ("startTime", "durationMinutes", "messageId", "eventId", "entityType", '{"', "UTC-0", "(id ")


def plain(output: str) -> str:
    """The transcript without panel borders, each card line as typed; checked for internals shown to people."""
    lines = [line.strip("│╭╮╰╯─ ").rstrip() for line in output.splitlines()]
    text = "\n".join(lines)
    assert not any(name in text for name in INTERNALS), text
    return text


def test_a_note_card_shows_the_text_and_what_it_is_about(tmp_path: Path):
    output = plain(chat(tmp_path, "log a note on the Initech account: they asked for SSO support", "a"))
    assert "Approve: Add a note on Initech (account)" in output
    assert "Note on Initech (account): “They asked for SSO support”" in output
    assert "✓ Added the note on Initech (account)" in output
    [account] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Account", filters={"name": "Initech"}))
    about = {"entityType": "Account", "id": account["id"]}
    notes = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Note", filters={"about": about}))
    assert any(note["body"] == "They asked for SSO support" for note in notes)


def test_a_contact_and_a_task_card_show_labelled_fields(tmp_path: Path):
    output = plain(chat(tmp_path, "add a new contact: Rob Kim, rob.kim@globex.com at Globex", "a"))
    assert "New contact: Rob Kim\nName: Rob Kim\nEmail: rob.kim@globex.com\nCompany: Globex" in output
    assert "✓ Created the contact Rob Kim" in output
    task = plain(chat(tmp_path, "add a task to call John Smith about the renewal by Thursday", "a"))
    assert "Due: Thu 5 Mar 2026" in task and "About: John Smith (contact)" in task
    assert "Subject: Call John Smith about the renewal" in task


def test_a_deal_update_and_its_undo_show_each_field_before_and_after(tmp_path: Path):
    output = plain(chat(tmp_path, "move the Globex deal to proposal and bump it to 150k", "a"))
    assert "Approve: Update deal “Globex deal”" in output
    assert "Stage: Negotiation → Proposal" in output and "Amount: $125,000 → $150,000" in output
    assert "✓ Updated deal “Globex deal”: Stage Negotiation → Proposal; Amount $125,000 → $150,000" in output
    undo = plain(chat(tmp_path, "undo that"))
    assert "Approve: Put back deal “Globex deal” as it was" in undo
    assert "Stage: Proposal → Negotiation" in undo and "Amount: $150,000 → $125,000" in undo
    chat(tmp_path, "a")
    [deal] = deals(tmp_path, "Globex")
    assert (deal["stage"], deal["amount"]) == ("negotiation", 125000)


def test_a_reply_a_move_and_a_delete_name_their_target_in_the_users_zone(tmp_path: Path):
    reply = plain(chat(tmp_path, "reply to John Park's pricing email saying yes, premium support is included", "a"))
    assert "Approve: Reply to John Park: Pricing question on the enterprise tier" in reply
    assert "from John Park <john.park@globex.com>" in reply and "Message: Yes, premium support is included" in reply
    move = plain(chat(tmp_path, "move the Globex pricing review to Thursday at 3pm", "a"))
    assert "Approve: Move “Globex pricing review” (Wed 4 Mar 15:00)" in move
    assert "When: Wed 4 Mar, 15:00–16:00 EST → Thu 5 Mar, 15:00–16:00 EST" in move
    assert "✓ Moved “Globex pricing review” to Thu 5 Mar, 15:00–16:00 EST" in move
    [moved] = events(tmp_path, query="Globex pricing review", **day("2026-03-05"))
    assert moved["startTime"] == "2026-03-05T15:00:00-05:00"
    delete = plain(chat(tmp_path, "cancel my lunch with Maria", "a"))
    assert "Approve: Delete “Lunch with Maria”" in delete and "✓ Deleted “Lunch with Maria”" in delete


TRIAL_CLOCK = ("--now", "2026-03-10T08:45:00", "--tz", "America/New_York")


def chat_at(tmp_path: Path, *lines: str) -> str:
    """The chat at the user trial's clock (Tue 10 Mar), where the demo week has its invitations and series."""
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    arguments = ["chat", "--script", str(script), "--data-dir", str(tmp_path / "data"), *TRIAL_CLOCK]
    result = CliRunner().invoke(main, arguments, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return plain(result.output)


def test_a_calendar_list_is_headed_in_words(tmp_path: Path):
    output = chat_at(tmp_path, "what's on my calendar this week?")
    assert re.search(r"Title\s*┃\s*When\s*┃\s*With", output), output
    assert re.search(r"Acme call\s*│ Tue 10 Mar, 11:00–11:45 EDT", output), output


def test_a_decline_says_the_answer_in_words(tmp_path: Path):
    output = chat_at(tmp_path, "decline the launch review", "a")
    assert "Your answer: not answered → declined" in output and "needsAction" not in output
    assert "✓ Declined “Launch review” (Fri 13 Mar 10:00)" in output


def test_a_forward_names_its_recipient(tmp_path: Path):
    output = chat_at(tmp_path, "forward Laura's contract redlines to Maria, say can you check the renewal clause")
    assert "To: Maria Garcia <maria.garcia@example.com>" in output
    assert "Approve: your approval" not in output


def test_an_undone_delete_names_the_event_made_again(tmp_path: Path):
    output = chat_at(tmp_path, "cancel my lunch with Maria", "a", "undo that", "a")
    assert "Approve: Create “Lunch with Maria” (Tue 17 Mar 12:30) again" in output
    assert "✓ Created “Lunch with Maria” (Tue 17 Mar 12:30) again" in output
    assert "Create again what" not in output.split("undo that")[1].split("Approved")[0]


def test_deleting_one_occurrence_says_the_others_stay(tmp_path: Path):
    output = chat_at(tmp_path, "cancel the team sync on Wednesday", "a")
    assert "one occurrence of a weekly meeting; the others stay" in " ".join(output.split())


def test_a_step_skipped_for_a_missing_value_says_which_in_words(tmp_path: Path):
    output = chat_at(tmp_path, "schedule a meeting with Dana next week", "skip")
    assert "skipped: no start time was given" in " ".join(output.split())
    assert "skipped by you: no" not in output


def test_a_long_heading_goes_in_the_card_and_the_title_still_names_the_action():
    subject = "Contract redlines from Acme legal about the renewal clause and the payment terms"
    target = describe(
        "forward_email",
        {"id": "m1", "from": "Laura Chen <laura.chen@acme.com>", "subject": subject},
        {"messageId": "m1", "to": ["maria.garcia@example.com"]},
        ZoneInfo("America/New_York"),
        names={"maria.garcia@example.com": "Maria Garcia"},
    )
    ask = AskApproval(
        session_id="s",
        step_id="t",
        tool="forward_email",
        intent="Forward it",
        arguments={},
        args_hash="h",
        target=target,
    )
    console = Console(width=200, record=True)
    console.print(approval_panel(ask))
    drawn = console.export_text()
    assert "Approve: Forward email " in drawn and f"Forward “{subject}” to Maria Garcia" in drawn


def test_a_shorthand_amount_said_before_the_one_it_replaces_is_read_at_the_cards_scale(tmp_path: Path):
    output = plain(chat(tmp_path, "bump the Globex deal to 150k", "oops - 152 not 150", "a"))
    assert "Amount: $125,000 → $152,000" in output
    [deal] = deals(tmp_path, "Globex")
    assert (deal["stage"], deal["amount"]) == ("negotiation", 152000)
