"""A correction that says only a clock time keeps the day of the value it corrects, whatever words are around it
("ugh maybe 4:45 then, traffic" on a move to Thursday stays on Thursday)."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_a_hedged_clock_time_correcting_a_move_keeps_the_day_moved_to(tmp_path: Path) -> None:
    output = chat(tmp_path, "shift my 1:1 with priya to 4", "ugh maybe 4:45 then, traffic is bad")
    after = output.split("> ugh maybe 4:45")[1]
    assert "Thu 5 Mar, 16:45" in after
    assert "Mon 2 Mar" not in after
