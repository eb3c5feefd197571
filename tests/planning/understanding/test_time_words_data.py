"""Month and weekday names and their shortenings are data (issue 23: data/cues/months.txt, weekdays.txt,
risky_weekdays.txt): every line is read as the month or the day it names, so a newcomer adds a shortening to a file."""

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import planning.understanding
from planning.understanding.timeexpr import read_times
from planning.understanding.timewords import DAY_NAMES, MONTH_NAMES, WEEKDAYS

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))  # a Monday
_CUES = Path(planning.understanding.__file__).parent / "data" / "cues"


def _listed(name: str) -> list[tuple[str, str]]:
    lines = (_CUES / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return [line.partition(" = ")[::2] for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize(("word", "number"), _listed("months"))
def test_every_month_in_the_file_is_read_as_that_month(word: str, number: str) -> None:
    found = read_times(f"dentist on {word} 12 at 3pm", NOW).times
    assert found and (found[0].start.month, found[0].start.day) == (int(number), 12), word


@pytest.mark.parametrize(("word", "number"), _listed("weekdays"))
def test_every_weekday_in_the_file_is_read_as_that_day(word: str, number: str) -> None:
    found = read_times(f"dentist {word} at 3pm", NOW).times
    assert found and found[0].start.weekday() == int(number), word


def test_the_whole_names_come_first_in_the_files_and_name_the_days_written_back() -> None:
    assert DAY_NAMES == ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    assert MONTH_NAMES[2] == "March" and len(MONTH_NAMES) == 12
    assert WEEKDAYS["thursdays"] == 3  # a whole name said in the plural repeats that day


@pytest.mark.parametrize("word", [word for word, _ in _listed("risky_weekdays")])
def test_a_shortening_that_is_also_a_word_is_a_day_only_beside_a_time(word: str) -> None:
    assert word in WEEKDAYS
    assert not read_times(f"the {word} is out", NOW).times
