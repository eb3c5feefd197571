"""First messages about mail and CRM records read as what they ask: a question whether someone sent something
over is a search of their mail (by the words after the verb), even when the sender is a known contact."""

from planning.understanding.commands.values import parse_answer
from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM, args, run, steps

NAMES = NameIndex([("Rosa Okafor", "contact"), ("Tom Reyes", "contact"), ("Northwind", "account")])


def _labels(text: str) -> list[tuple[str, str]]:
    parse = GoalUnderstandingService(rules_only=True, grounding=NAMES).parse(text, MONDAY_9AM)
    return [(g.intent, g.entity) for g in parse.goals]


def test_whether_a_known_contact_sent_something_over_is_a_mail_search():
    assert _labels("did rosa ever send over the northwind floor plans?") == [("find", "email")]
    assert _labels("has tom sent through the webinar slides") == [("find", "email")]


def test_what_was_sent_over_is_searched_for():
    found = args(run("did rosa ever send over the floor plans?"), "fetch_emails")
    assert found["sender"] == "rosa" and found["query"] == "floor plans"
    found = args(run("has tom sent along the webinar slides"), "fetch_emails")
    assert found["sender"] == "tom" and "webinar slides" in found["query"]


def test_a_reply_searches_the_topic_after_on_or_about_not_how_to_reply():
    said = "reply to omar on the northwind renewal quote, only him, no need to loop in dana. say fine"
    found = args(run(said), "fetch_emails")
    assert found["sender"] == "omar" and found["query"] == "northwind renewal quote"
    found = args(run("respond to kim's budget email with a few notes: the travel line is too high"), "fetch_emails")
    assert found["sender"] == "kim" and found["query"] == "budget"
    reply = args(run("reply to omar on the northwind renewal quote, just him. say fine"), "reply_email")
    assert not reply.get("replyAll")


def test_someone_said_not_to_be_copied_is_not_copied():
    line = run("email omar about the renewal, only him, don't cc dana. say we're on track")
    assert "cc" not in args(line, "send_email")
    looked_up = [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")]
    assert looked_up == ["omar"]
    assert args(run("email omar about the renewal and cc dana"), "send_email")["cc"]


def test_a_new_deal_takes_the_name_said_after_its_company():
    fields = args(
        run("open a new deal for northwind, warehouse rollout. dana's been asking for months"), "create_entity"
    )
    assert fields["fields"]["name"].lower() == "northwind warehouse rollout"
    fields = args(run("new deal for hooli: support upgrade, 40k"), "create_entity")["fields"]
    assert fields["company"].lower() == "hooli" and fields["name"].lower() == "hooli support upgrade"
    assert fields["amount"] == 40000


def test_values_after_the_company_are_no_name():
    fields = args(run("add a deal for hooli, 15k, stage qualification"), "create_entity")["fields"]
    assert fields["name"].lower() == "hooli deal" and fields["stage"] == "qualification"
    assert args(run("new deal for hooli, closing friday"), "create_entity")["fields"]["name"].lower() == "hooli deal"


def test_an_amount_said_roughly_is_the_amount():
    assert parse_answer("amount", "~18k", MONDAY_9AM).value == 18000
    assert parse_answer("amount", "≈ $7,500", MONDAY_9AM).value == 7500


def test_a_note_or_task_on_a_record_made_just_before_is_about_that_new_record():
    line = run("new lead: omar haddad at northwind, omar@northwind.io. and stick a note on him that he wants a demo")
    note = steps(line, "create_entity")[1]["arguments"]["input"]
    assert note["entityType"] == "Note" and note["fields"]["about"] == {
        "entityType": "Lead",
        "id": "{{create_lead.result.data.id}}",
    }
    assert not steps(line, "fetch_entity")  # no lookup of an existing lead at northwind
    line = run("add kim ito from hooli as a contact, kim@hooli.com, and add a task to call her friday")
    task = steps(line, "create_entity")[1]["arguments"]["input"]
    assert task["fields"]["about"] == {"entityType": "Contact", "id": "{{create_contact.result.data.id}}"}


def test_closing_out_someones_task_finds_it_by_its_words_and_marks_it_done():
    line = run("close out dana's security review task, we don't need it")
    assert (line["parse"]["goals"][0]["intent"], line["parse"]["goals"][0]["entity"]) == ("update", "task")
    assert args(line, "fetch_entity")["filters"] == {"subject": "security review"}
    assert args(line, "update_entity")["fields"] == {"status": "done"}
