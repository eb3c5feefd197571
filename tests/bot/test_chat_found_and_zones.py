"""Trial 2 in `planbot chat --script` on the local workspace: "it" after a question is the thing the question found
(or asked which, of several), "who's coming" names the attendees, "this week and next week" covers both weeks, and
times in answers and lists are the requester's, written out with the zone's name."""

from pathlib import Path

from click.testing import CliRunner

from bot.cli import main
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def chat_in_london(tmp_path: Path, *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    arguments = ["chat", "--script", str(script), "--data-dir", str(tmp_path / "data")]
    result = CliRunner().invoke(main, [*arguments, "--now", "2026-03-02T09:00:00", "--tz", "Europe/London"])
    assert result.exit_code == 0, result.output
    return result.output


def flat(output: str) -> str:
    return " ".join(output.split())


def test_it_after_a_question_about_one_meeting_moves_that_meeting(tmp_path: Path):
    asked = "who's coming to the Globex pricing review on Wednesday?"
    output = flat(chat(tmp_path, asked, "push it back an hour", "a"))
    assert "“Globex pricing review” from your last plan" in output
    assert "Weekly standup" not in output
    [review] = events(tmp_path, query="Globex pricing review", **day("2026-03-04"))
    assert review["startTime"] == "2026-03-04T16:00:00-05:00"
    [standup] = events(tmp_path, query="Weekly standup", **day("2026-03-02"))
    assert standup["startTime"] == "2026-03-02T09:30:00-05:00"


def test_that_meeting_after_a_question_that_found_several_asks_which(tmp_path: Path):
    output = flat(chat(tmp_path, "what meetings do I have on Thursday?", "move that meeting to 5pm"))
    assert "Your last plan found 2. Which one do you mean?" in output
    assert "1. 1:1 with Priya · Thu 5 Mar, 14:00 EST" in output
    assert "2. Acme quarterly business review · Thu 5 Mar, 16:00 EST" in output
    assert "Approve" not in output  # nothing is picked for the user
    picked = flat(chat(tmp_path, "1"))
    assert "1:1 with Priya" in picked and "Weekly standup" not in picked


def test_who_is_coming_answers_with_the_attendees_and_the_answers_known(tmp_path: Path):
    output = flat(chat(tmp_path, "Who's coming to the launch review?"))
    assert (
        "Launch review (Fri 6 Mar, 10:00 EST): 3 people invited: tom.reyes@example.com (organiser), "
        "priya.shah@example.com, me@example.com. You have not answered." in output
    )


def test_this_week_and_next_week_covers_both_weeks_and_says_so(tmp_path: Path):
    output = flat(chat(tmp_path, "What meetings do I have this week and next week?"))
    assert "10 events from Mon 2 Mar to Sun 15 Mar." in output


def test_times_in_answers_and_lists_are_the_requesters_written_out(tmp_path: Path):
    output = flat(chat_in_london(tmp_path, "am I free on Friday at 10am?", "clear my calendar on Friday", "c"))
    assert "No, you have Launch review (Fri 6 Mar, 10:00–11:00 GMT) at Fri 6 Mar, 10:00 GMT." in output
    assert "1. Launch review · Fri 6 Mar, 10:00 GMT" in output
    assert "2026-03-06T" not in output and "(UTC" not in output
