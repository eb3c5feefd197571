"""Spoken numbers to digits: only runs of number words change, everything else is kept exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planning.understanding.numbers import spoken_numbers_to_digits as digits


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
