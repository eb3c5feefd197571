"""Grounding: names of the user's events and records fix the entity and raise the confidence."""

import json

from click.testing import CliRunner

from bot.cli import main
from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

NAMES = NameIndex(
    [
        ("Initech pilot debrief", "event"),
        ("Hank Scorpio", "lead"),
        ("Laura Chen", "contact"),
        ("Acme", "account"),
        ("Acme", "deal"),
    ]
)


def parse(text: str, grounding: NameIndex | None = NAMES):
    return GoalUnderstandingService(rules_only=True, grounding=grounding).parse(text, MONDAY_9AM)


def labels(text: str, grounding: NameIndex | None = NAMES) -> list[tuple[str, str]]:
    return [(g.intent, g.entity) for g in parse(text, grounding).goals]


def test_names_match_whole_words_case_insensitively_with_every_kind_they_have():
    found = NAMES.mentions("when is the INITECH pilot  debrief with acme, not acmeco")
    assert [(m.written, m.name, sorted(m.entities)) for m in found] == [
        ("INITECH pilot  debrief", "Initech pilot debrief", ["event"]),
        ("acme", "Acme", ["account", "deal"]),
    ]


def test_an_event_title_makes_a_question_about_that_event():
    assert labels("when is the initech pilot debrief", grounding=None) == [("unsupported", "none")]
    result = parse("when is the initech pilot debrief")
    [goal] = result.goals
    assert (goal.intent, goal.entity, goal.slots.topic) == ("find", "event", "Initech pilot debrief")
    assert result.confidence >= 0.85
    assert "'Initech pilot debrief' is one of your events" in result.explanation


def test_a_person_who_is_a_lead_is_looked_up_as_a_lead():
    [goal] = parse("find hank scorpio").goals
    assert (goal.intent, goal.entity, goal.slots.people) == ("find", "lead", ("Hank Scorpio",))
    [contact] = parse("find Laura Chen").goals
    assert (contact.intent, contact.entity) == ("find", "contact")


def test_an_off_topic_cue_is_never_overridden_by_a_name():
    assert labels("set an alarm for the Initech pilot debrief") == [("unsupported", "none")]


def test_a_name_of_several_kinds_does_not_choose_among_them():
    assert labels("what's new with acme") == labels("what's new with acme", grounding=None)


def test_the_batch_command_is_data_free_unless_asked_to_ground():
    text = "when is the Initech pilot debrief"
    args = ["plan", text, "--json", "--now", "2026-03-02T09:00:00", "--tz", "America/New_York"]
    plain = json.loads(CliRunner().invoke(main, args).output)
    grounded = json.loads(CliRunner().invoke(main, [*args, "--ground-demo"]).output)
    assert [g["intent"] for g in plain["parse"]["goals"]] == ["unsupported"]
    assert [(g["intent"], g["entity"]) for g in grounded["parse"]["goals"]] == [("find", "event")]
    [step] = grounded["plan"]["steps"]
    assert step["tool"] == "fetch_calendar_events"
    assert step["arguments"]["input"]["query"] == "Initech pilot debrief"


def test_a_word_of_a_person_s_name_is_that_person_and_a_shared_one_stands_for_itself():
    index = NameIndex(
        [("Dana Whitfield", "contact"), ("John Smith", "contact"), ("John Park", "lead"), ("Acme", "account")]
    )
    found = index.mentions("ask whitfield and john about acme")
    assert [(m.written, m.name, sorted(m.entities)) for m in found] == [
        ("whitfield", "Dana Whitfield", ["contact"]),
        ("john", "John", ["contact", "lead"]),
        ("acme", "Acme", ["account"]),
    ]


def test_a_mail_sender_is_known_by_full_name_and_a_company_s_mailing_is_no_person():
    index = NameIndex([("Nina Patel", "sender"), ("Acme Newsletter", "sender"), ("Acme", "account")])
    assert [m.name for m in index.mentions("reply to nina patel")] == ["Nina Patel"]
    assert index.mentions("reply to nina") == ()
    assert [sorted(m.entities) for m in index.mentions("archive the acme newsletter")] == [["account"]]


def test_a_change_to_mail_from_a_known_company_stays_a_change_to_mail():
    assert labels("archive the newsletter from acme") == [("update", "email")]


def test_a_bare_name_asks_nothing():
    assert labels("Acme.", grounding=NameIndex([("Acme", "account")])) == [("unsupported", "none")]


def test_a_company_named_for_a_new_contact_or_deal_does_not_make_it_an_account():
    globex = NameIndex([("Globex", "account")])
    assert labels("add a new contact: Rob Kim, rob.kim@globex.com at Globex", globex)[0][1] == "contact"
    assert labels("create a deal for Globex", globex)[0][1] == "deal"
