"""Spoken numbers to digits: only runs of number words change, everything else is kept exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import planning.understanding
from planning.understanding.numbers import spoken_numbers_to_digits as digits

_CUES = Path(planning.understanding.__file__).parent / "data" / "cues"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("twenty five people", "25 people"),
        ("Twenty-Five people", "25 people"),
        ("two thousand and seventeen", "2017"),
        ("one hundred and thirty", "130"),
        ("one hundred twenty", "120"),
        ("fifty thousand dollars", "50000 dollars"),
        ("three million two hundred thousand", "3200000"),
        ("send one email", "send 1 email"),
        ("two and five", "2 and 5"),
    ],
)
def test_cardinals(text: str, expected: str) -> None:
    assert digits(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("five thirty pm", "5:30 pm"),
        ("at five thirty", "at 5:30"),
        ("ten fifteen am", "10:15 am"),
        ("nine fifty five p.m.", "9:55 p.m."),
        ("five oh five", "5:05"),
        ("at one-thirty", "at 1:30"),
        ("between five thirty and six thirty", "between 5:30 and 6:30"),
        ("FIVE Thirty PM", "5:30 PM"),
        ("five thirty", "5 30"),  # no time context: two numbers
    ],
)
def test_time_pairs(text: str, expected: str) -> None:
    assert digits(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("march twenty second", "march 22nd"),
        ("March the twenty first", "March the 21st"),
        ("the first of january", "the 1st of january"),
        ("twelveth july", "12th july"),
        ("twelfth July", "12th July"),
        ("on the fourteenth", "on the 14th"),
        ("cancel my meeting on the fourteenth", "cancel my meeting on the 14th"),
        ("on the third at noon", "on the 3rd at noon"),
        ("june fourteenth twenty seventeen", "june 14th 2017"),
        ("june fourteenth, twenty seventeen", "june 14th, 2017"),
        ("in twenty twenty six", "in 2026"),
    ],
)
def test_ordinals_and_years_in_a_date_context(text: str, expected: str) -> None:
    assert digits(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "my first appointment",
        "the first meeting",
        "the second one",
        "wait a second",
        "the second of the emails",
        "someone",
        "anyone here?",
        "no one came",
        "one on one with Bob",
        "one-on-one",
        "once a week",
        "a week",
        "an hour",
        "half an hour",
        "a hundred",
        "a hundred and thirty",
        "the one I sent",
        "a one-off",
        "hundred",
        "Q3 numbers",
        "",
    ],
)
def test_left_alone(text: str) -> None:
    assert digits(text) == text


def test_everything_else_kept_exactly() -> None:
    text = "Hey Ana, can we do THREE o'clock?\tNé: twenty-one items — ok!"
    assert digits(text) == "Hey Ana, can we do 3 o'clock?\tNé: 21 items — ok!"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=2000))
def test_any_text_never_raises(text: str) -> None:
    assert isinstance(digits(text), str)


_WORDS = [
    "one",
    "two",
    "twenty",
    "five",
    "hundred",
    "and",
    "thousand",
    "first",
    "second",
    "the",
    "on",
    "march",
    "thirty",
    "oh",
    "pm",
    "at",
    "no",
    "-",
    "a",
    "million",
    "zero",
    "twelveth",
    "of",
    "meeting",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=30).map(" ".join))
def test_number_word_soup(text: str) -> None:
    out = digits(text)
    assert isinstance(out, str)
    assert digits(out) == out  # converting again changes nothing


@given(st.text(alphabet=st.characters(blacklist_categories=["L", "N"]), max_size=200))
def test_text_without_words_is_unchanged(text: str) -> None:
    assert digits(text) == text


# The words are data (issue 23): every line of the number files is read, so a word added there works with no code.
def _listed(name: str) -> list[tuple[str, str]]:
    lines = (_CUES / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    entries = [line.split(" #", 1)[0].strip() for line in lines if line.strip() and not line.startswith("#")]
    return [(phrase.strip(), value.strip()) for phrase, _, value in (e.partition(" = ") for e in entries)]


@pytest.mark.parametrize(("word", "value"), [e for e in _listed("number_cardinals") if int(e[1]) < 100])
def test_every_number_word_in_the_file_is_a_number(word: str, value: str) -> None:
    assert digits(f"invite {word} guests") == f"invite {value} guests"


@pytest.mark.parametrize("lead", [word for word, _ in _listed("number_clock_leads")])
def test_every_clock_lead_in_the_file_makes_two_numbers_a_time(lead: str) -> None:
    assert digits(f"Lunch {lead} six forty") == f"Lunch {lead} 6:40"


@pytest.mark.parametrize("tail", [w for w, _ in _listed("number_clock_tails") + _listed("number_day_halves")])
def test_every_clock_tail_in_the_file_makes_two_numbers_a_time(tail: str) -> None:
    assert digits(f"lunch six forty {tail}") == f"lunch 6:40 {tail}"


@pytest.mark.parametrize("lead", [word for word, _ in _listed("number_year_leads")])
def test_every_year_lead_in_the_file_makes_two_numbers_a_year(lead: str) -> None:
    assert digits(f"notes {lead} nineteen ninety") == f"notes {lead} 1990"


@pytest.mark.parametrize("tail", [word for word, _ in _listed("number_day_tails") if "{" not in word])
def test_every_day_tail_in_the_file_makes_the_ordinal_a_day(tail: str) -> None:
    assert digits(f"dentist the ninth {tail} x") == f"dentist the 9th {tail} x"


@pytest.mark.parametrize("lead", [word for word, _ in _listed("number_one_leads")])
def test_every_lead_of_one_in_the_file_keeps_it_a_thing(lead: str) -> None:
    assert digits(f"pick {lead} one") == f"pick {lead} one"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dues on fifth of next june", "dues on 5th of next june"),  # a link of number_month_links.txt
        ("the twentieth one", "the twentieth one"),  # any ordinal of the file leads a thing
        ("they met one - another", "they met one - another"),
        ("one TO one", "one TO one"),
        ("no-one", "no-one"),
        ("one hundred AND five", "105"),
        ("six OH five pm", "6:05 pm"),
    ],
)
def test_data_words_read_in_any_case_and_with_their_links(text: str, expected: str) -> None:
    assert digits(text) == expected
