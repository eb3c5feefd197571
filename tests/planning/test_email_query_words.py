"""The words a mail search looks for are the topic's, not what it says of the mail ("email about")."""

import pytest

from planning.planner.recipes_email import query_words


@pytest.mark.parametrize(
    ("topic", "words"),
    [
        ("email about the Globex payment terms", "Globex payment terms"),
        ("her message regarding the Q3 budget", "Q3 budget"),
        ("the partner summit", "partner summit"),
        ("Globex payment terms", "Globex payment terms"),
        ("email", "email"),
        (None, None),
    ],
)
def test_query_words(topic: str | None, words: str | None):
    assert query_words(topic) == words
