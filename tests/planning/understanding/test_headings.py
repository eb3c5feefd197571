"""A label before a dash or a colon and several requests ("notes from the globex call - email john park the quote;
book a follow-up …") is no request: each request after it is read, none takes the label as its text; a label that
says a time, one before a single request, and a request before a colon are read as before
(planning.understanding.headings). A kind of event the tagger took for a name ("book follow-up …") is nobody. A text
pasted onto a record ("pin this to the acme account: …") is a note on it (planning.understanding.pasted_on)."""

import pytest

from planning.understanding.grounding import NameIndex
from planning.understanding.headings import past_heading
from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def kinds(text: str) -> list[tuple[str, str]]:
    return [(goal.intent, goal.entity) for goal in GoalUnderstandingService().parse(text, MONDAY_9AM).goals]


def test_requests_under_a_label_are_each_read() -> None:
    text = "notes from the globex call - email john park the quote; book a follow-up thu at 2 w john park"
    assert kinds(text) == [("send", "email"), ("create", "event")]


def test_a_request_before_a_colon_keeps_its_text() -> None:
    parse = GoalUnderstandingService().parse("email tom: the launch moved, book the room again", MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("send", "email")]


def test_a_kind_of_event_is_no_one_to_invite() -> None:
    [goal] = GoalUnderstandingService().parse("book follow-up fri 11am w tom", MONDAY_9AM).goals
    assert goal.slots.people == ("tom",)


def test_a_text_pasted_onto_a_record_is_a_note_on_it() -> None:
    text = "pin this to the acme account: laura confirmed the budget"
    [goal] = GoalUnderstandingService().parse(text, MONDAY_9AM).goals
    assert (goal.intent, goal.entity, goal.slots.companies) == ("create", "note", ("acme",))
    assert goal.slots.body is not None and "confirmed the budget" in goal.slots.body


def test_a_heading_that_asks_for_a_record_is_the_request() -> None:
    """ "reminder for me: chase dana about the renewal by thurs. put it on the acme account": the heading is what is
    asked (a task), not a label to leave out before the email it would otherwise become."""
    parse = GoalUnderstandingService().parse(
        "task for me: chase dana on the renewal quote by thurs. put it on the acme account", MONDAY_9AM
    )
    assert (parse.goals[0].intent, parse.goals[0].entity) == ("create", "task")


def test_a_label_the_requests_point_back_to_is_kept() -> None:
    text = "the acme renewal is back on - bump it to 35k and move it to negotiation"
    assert past_heading(text, MONDAY_9AM) == text  # "it" is the label's deal: the label is read with the requests


def test_a_label_that_names_a_person_of_the_users_is_who_the_requests_pronoun_is():
    """User test s13 c24: "hank scorpio — mark him contacted and add a task …" asked which lead: the label was cut
    and "him" pointed at no one."""
    names = NameIndex([("Ola Brandt", "lead")])
    service = GoalUnderstandingService(rules_only=True, grounding=names)
    parse = service.parse("ola brandt — mark her contacted and add a task to call her fri", MONDAY_9AM)
    assert parse.goals[0].slots.people == ("Ola Brandt",)
