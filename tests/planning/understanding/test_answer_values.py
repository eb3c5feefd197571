"""An answer to a question about a number, a length or people is read by its format; the words around it (units,
scales, currencies, the words between names) are data files, so every word in them is read."""

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import planning.understanding
from planning.understanding.commands.values import bare_clock, minutes_of, parse_answer

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))
_DATA = Path(planning.understanding.__file__).parent


def _lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split(" #", 1)[0].strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("unit", _lines(_DATA / "commands" / "data" / "minute_units.txt"))
def test_every_minute_unit_in_the_file_reads_a_length_and_a_shift(unit: str) -> None:
    assert parse_answer("durationMinutes", f"25 {unit}", NOW).value == 25
    assert minutes_of(f"-10{unit}").value == -10
    assert minutes_of(f"+ 10 {unit}").problem is not None  # a sign stands right before its number


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("75k", 75_000.0),
        ("$ 1,250", 1250.0),
        ("300 bucks", 300.0),  # any currency word of data/cues/currency_words.txt
        ("USD 40", 40.0),  # before the number too
        ("3 million", 3_000_000.0),  # any scale of data/cues/amount_scales.txt, glued or not
        ("1.5 grand", 1500.0),
        ("2.5M usd", 2_500_000.0),
    ],
)
def test_an_amount_reads_its_scale_and_currency_from_data(typed: str, value: float) -> None:
    assert parse_answer("amount", typed, NOW).value == value


@pytest.mark.parametrize("typed", ["1.2.3", "-50", "about 40", "40 people", "$", "10.0.0.1", "5 k k"])
def test_what_is_not_one_amount_gets_a_clear_answer(typed: str) -> None:
    assert parse_answer("amount", typed, NOW).problem == f"“{typed}” is not a number"


def test_a_limit_is_a_whole_number() -> None:
    assert parse_answer("limit", "2k", NOW).value == 2000


def test_names_are_cut_at_the_joins_in_the_file_whatever_their_case() -> None:
    parsed = parse_answer("to", "Wren AND Ilse; odo@example.org, Bram", NOW)
    assert parsed.names == ("Wren", "Ilse", "Bram")
    assert parsed.value == ["odo@example.org"]
    assert parse_answer("to", "Andrea and Sandy", NOW).names == ("Andrea", "Sandy")  # a whole word only


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("11", "at 11"),
        ("2:30", "at 2:30"),
        ("11.30", "at 11:30"),
        ("2:3", None),
        ("123", None),
        ("0", None),
        ("1:30pm", None),
    ],
)
def test_a_number_alone_answering_for_a_time_is_a_clock_time(typed: str, said: str | None) -> None:
    assert bare_clock(typed) == said


@pytest.mark.parametrize(
    ("typed", "start"),
    [
        ("friday, say 10? he has a flight that evening so earlier helps", "2026-03-06T10:00:00-05:00"),
        ("wed, maybe 2ish. she is tied up in the morning", "2026-03-04T14:00:00-05:00"),
        ("tuesday around 3 since the board call ends at noon", "2026-03-03T15:00:00-05:00"),
    ],
)
def test_a_time_answer_with_a_reason_beside_it_is_the_time_asked(typed: str, start: str) -> None:
    assert parse_answer("startTime", typed, NOW).value == start


@pytest.mark.parametrize("hedge", _lines(_DATA / "commands" / "data" / "rough_marks.txt"))
def test_every_rough_mark_before_an_hour_beside_a_day_period_reads_that_hour(hedge: str) -> None:
    assert parse_answer("startTime", f"friday afternoon, {hedge} 3", NOW).value == "2026-03-06T15:00:00-05:00"
