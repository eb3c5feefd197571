"""The words to send are never the topic of the mail a reply searches for (issue 24): "reply to her saying I'll send
my receipts" answers her last mail, not one about receipts; a topic ends where the words to send begin, whether a cue
("saying", "let her know") or a colon leads them."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))


def _reply(text: str) -> tuple[tuple[str, ...], str | None, str | None]:
    goal = GoalUnderstandingService().parse(text, NOW).meta.goals[0]
    return tuple(goal.slots.people), goal.slots.topic, goal.slots.body


@pytest.mark.parametrize(
    ("text", "who", "body"),
    [
        ("reply to omar saying i'll mail him the signed forms tonight", "omar", "signed forms"),
        ("answer priya's last mail, let her know the invoices went out", "priya", "invoices"),
        ("write back to dana saying the questionnaire is half done", "dana", "questionnaire"),
    ],
)
def test_a_reply_that_names_no_topic_searches_none_from_the_words_it_sends(text: str, who: str, body: str):
    people, topic, said = _reply(text)
    assert people == (who,)
    assert topic is None
    assert said is not None and body in said.lower()


@pytest.mark.parametrize(
    ("text", "who", "topic", "body"),
    [
        ("reply to the renewal email from greta: we're in for another year", "greta", "renewal", "another year"),
        ("respond to hugo's mail about the venue: the second option works", "hugo", "venue", "second option"),
    ],
)
def test_a_colon_ends_the_mail_replied_to_and_begins_the_words_sent(text: str, who: str, topic: str, body: str):
    people, found, said = _reply(text)
    assert people == (who,)
    assert found is not None and topic in found and ":" not in found
    assert said is not None and body in said.lower()
