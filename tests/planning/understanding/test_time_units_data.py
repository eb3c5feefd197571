"""The unit words of lengths of time and the words around a shortened weekday that is also a word are data (issue 23
leftover: data/cues/time_units.txt, risky_weekday_before.txt, risky_weekday_after.txt): every line is read as what
it says, so a newcomer adds a unit or a word to a file, not to a regular expression."""

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import planning.understanding
from planning.understanding.timeexpr import find_duration, read_times
from planning.understanding.timewords import add_months

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))  # a Monday
_CUES = Path(planning.understanding.__file__).parent / "data" / "cues"
_MINUTES = {"m": 1, "h": 60, "d": 1440}


def _listed(name: str) -> list[tuple[str, str]]:
    lines = (_CUES / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return [line.partition(" = ")[::2] for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize(("word", "letter"), _listed("time_units"))
def test_every_unit_in_the_file_is_read_as_its_length(word: str, letter: str) -> None:
    if letter in _MINUTES:
        said = f"3{word}" if len(word) == 1 else f"3 {word}"  # a one-letter unit is written on the number ("3h")
        found = find_duration(f"block {said} for the review")
        assert found is not None and found.minutes == 3 * _MINUTES[letter], word
    else:
        [time] = read_times(f"remind me in 3 {word}", NOW).times
        weeks = NOW.date() + timedelta(weeks=3)
        assert time.start.date() == (weeks if letter == "w" else add_months(NOW.date(), 3)), word


@pytest.mark.parametrize("word", [w for w, _ in _listed("risky_weekday_before")])
def test_every_word_before_a_shortened_weekday_makes_it_the_day(word: str) -> None:
    [time] = read_times(f"the dentist {word} sat", NOW).times
    assert time.start.weekday() == 5, word


@pytest.mark.parametrize("word", [w for w, _ in _listed("risky_weekday_after")])
def test_every_word_after_a_shortened_weekday_makes_it_the_day(word: str) -> None:
    times = read_times(f"the dentist sat {word} 10", NOW).times
    assert times and times[0].start.weekday() == 5, word


def test_a_shortened_weekday_alone_is_the_word() -> None:
    assert read_times("we sat down with the team", NOW).times == []
