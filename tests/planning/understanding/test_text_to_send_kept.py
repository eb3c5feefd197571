"""The text to send is kept as typed, and ends where a clause with an action of its own begins; "one" closing a
noun phrase ("the expense policy one") stands for a thing, not the number 1."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planning.understanding.normalize import clean
from planning.understanding.numbers import spoken_numbers_to_digits
from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))


def test_spoken_numbers_in_the_text_to_send_stay_words_and_elsewhere_become_digits():
    cleaned = clean("email priya saying we need one more day, and book thirty minutes with her tomorrow at two")
    assert "saying we need one more day" in cleaned and "book 30 minutes" in cleaned and "at 2" in cleaned


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("archive the expense policy one", "the expense policy one"),
        ("forward the acme one from maria", "the acme one from maria"),
        ("the top one, please", "the top one"),
    ],
)
def test_one_closing_a_noun_phrase_is_not_a_number(text: str, kept: str):
    assert kept in spoken_numbers_to_digits(text)


@pytest.mark.parametrize("text", ["move the sync to one", "the meeting at one", "book the room for one hour"])
def test_one_after_a_preposition_is_still_a_number(text: str):
    assert "1" in spoken_numbers_to_digits(text)


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("email sarah saying thanks for today, and archive the newsletter from acme", ("update", "email")),
        ("reply to john saying sounds good, and fwd it to sarah", ("send", "email")),
        ("email tom saying the deck is ready, and link dana to the acme deal", ("update", "deal")),
    ],
)
def test_a_new_action_after_the_text_to_send_ends_the_text_and_is_a_goal(text: str, second: tuple[str, str]):
    goals = GoalUnderstandingService().parse(text, NOW).meta.goals
    assert len(goals) == 2 and (goals[1].intent, goals[1].entity) == second
    assert goals[0].slots.body is not None and "," not in goals[0].slots.body


def test_the_mail_to_archive_is_named_without_the_pronoun_one():
    goals = GoalUnderstandingService().parse("archive the expense policy one", NOW).meta.goals
    assert goals[0].slots.topic == "expense policy"


@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "email kim and raj: offsite is friday at 9, pls bring your laptops",
            "Offsite is friday at 9, pls bring your laptops",
        ),
        (
            "message omar: the pilot starts monday, send me the login list",
            "The pilot starts monday, send me the login list",
        ),
        ("please ping lena, sam and dev: standup moves to 9:30 tomorrow", "Standup moves to 9:30 tomorrow"),
    ],
)
def test_the_words_after_a_colon_that_follows_the_people_are_the_text_and_one_goal(text: str, body: str):
    goals = GoalUnderstandingService().parse(text, NOW).meta.goals
    assert [(g.intent, g.entity) for g in goals] == [("send", "email")]
    assert goals[0].slots.body == body
    assert goals[0].slots.subject  # derived from the text, never asked again


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # user test s14 c34/c43: "one comment on slide four" was sent as "1 comment on slide 4", "tues" as "tuesday"
        ("email maria re the budget: two fixes on page three, I'll send them weds", "two fixes on page three"),
        ("reply: sure, we can do four seats, talk thurs", "we can do four seats, talk thurs"),
        ("emial dana re the pilot - two more weeks is fine", "two more weeks is fine"),  # after a dash, a slip
    ],
)
def test_the_text_after_a_mail_verbs_colon_is_kept_as_typed(text: str, kept: str):
    assert kept in clean(text)
