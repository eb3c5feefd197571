"""A lookup that finds nothing looks in the other kinds of record that would serve before asking (user trial 1,
item 11): a person not a contact may be a lead; what a task or note is about, not an account, may be a deal."""

from typing import Any

from planning.engine import recovery
from planning.types import Step
from tests.planning.engine.conftest import approval, question, said

HANK = {"id": "l7", "name": "Hank Scorpio", "email": "hank.scorpio@globex.com", "company": "Globex"}
INITECH_DEAL = {"id": "d9", "name": "Initech pilot", "company": "Initech", "amount": 9000}


def _only(kind: str, found: dict[str, Any]):
    async def lookup(args: dict[str, Any]) -> list[dict[str, Any]]:
        return [found] if args["entityType"] == kind else []

    return lookup


async def test_a_recipient_who_is_no_contact_is_found_among_leads(harness):
    harness.connector.responses["fetch_entity"] = _only("Lead", HANK)
    replies = await harness.say("email Hank Scorpio saying the demo is on Friday")
    looked = [(c["entityType"], c["filters"]) for c in harness.connector.called("fetch_entity")]
    assert looked == [("Contact", {"name": "Hank Scorpio"}), ("Lead", {"name": "Hank Scorpio"})]
    assert "as a lead" in said(replies)
    assert approval(replies).arguments["to"] == ["hank.scorpio@globex.com"]


async def test_what_a_task_is_about_is_found_among_deals_and_the_task_is_about_the_deal(harness):
    harness.connector.responses["fetch_entity"] = _only("Deal", INITECH_DEAL)
    replies = await harness.say("add a task to chase Initech about the pilot by Friday")
    called = harness.connector.called("fetch_entity")
    looked = [(c["entityType"], c["filters"]) for c in called if c["entityType"] != "Task"]  # not the same-task check
    assert looked[-1] == ("Deal", {"company": "Initech"})  # after the record first looked for (a name: a contact)
    assert approval(replies).arguments["fields"]["about"] == {"entityType": "Deal", "id": "d9"}


async def test_nobody_anywhere_is_asked_for_after_one_recovery(harness):
    harness.connector.responses["fetch_entity"] = []
    replies = await harness.say("email Zed Quux saying hello")
    looked = [(c["entityType"], c["filters"]) for c in harness.connector.called("fetch_entity")]
    assert looked == [("Contact", {"name": "Zed Quux"}), ("Lead", {"name": "Zed Quux"}), ("Contact", {"name": "Zed"})]
    assert "could not find" in question(replies).text


def test_a_record_that_is_changed_is_not_looked_for_as_another_kind():
    lookup = Step(id="find_acme", intent="Find Acme", tool="fetch_entity", arguments={"input": {}})
    update = Step(
        id="update_acme",
        intent="Update Acme",
        tool="update_entity",
        arguments={"input": {"entityType": "Account", "id": "{{find_acme.result.data[0].id}}", "fields": {}}},
    )
    args = {"entityType": "Account", "filters": {"name": "Acme"}}
    assert [s for s, _ in recovery.searches(lookup, args, [lookup, update])] == ["the start of the name"]
