"""A message asking what planbot can do, typed loosely ("yo planbot what kind of stuff can u help me w?"), is a
request for help (chat/none), also when a sentence elaborating it follows; a word more that asks for something
("what can you do about my 3pm") makes it a request (issue 23)."""

import pytest

from planning.understanding.cues import Words
from planning.understanding.help_asked import help_asked
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


def kinds(text: str) -> list[tuple[str, str]]:
    return [(g.intent, g.entity) for g in GoalUnderstandingService().parse(text, MONDAY_9AM).goals]


@pytest.mark.parametrize(
    "text",
    [
        "what sorts of things can you help with",
        "hey what can u do",
        "yo planbot what kind of stuff can u help me w? like can u move meetings",
        "how do i use you",
    ],
)
def test_asking_what_planbot_can_do_is_chat(text: str):
    assert kinds(text) == [("chat", "none")]


def test_a_word_more_makes_it_a_request():
    assert help_asked(Words.of("what can you do about my 3pm")) is None
    assert help_asked(Words.of("what can you do? email bob the deck")) is None
    assert help_asked(Words.of("hey planbot")) is None  # a greeting, read elsewhere
