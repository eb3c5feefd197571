"""The values of single CRM requests typed as in Slack, read by their kind: a lead's status from the contract's
statuses, an industry said loosely, fillers ("too", "as well") that are never part of a name, a short thanks after a
comma that is nobody to look up."""

from tests.planning.conftest import args, goals, run, steps


def test_a_person_marked_with_a_lead_status_is_a_lead_update():
    line = run("could u flag dev okoro as qualified in the crm pls")
    assert goals(line) == [("update", "lead")]
    assert args(line, "fetch_entity")["filters"]["name"] == "dev okoro"
    change = args(line, "update_entity")
    assert (change["entityType"], change["fields"]["status"]) == ("Lead", "qualified")
    assert args(run("set lina moss to contacted"), "update_entity")["fields"]["status"] == "contacted"


def test_an_industry_said_loosely_fills_the_account_industry():
    fields = args(run("new acct for bluefin shipping pls, bluefin.io, they do healthcare"), "create_entity")["fields"]
    assert (fields["name"], fields["domain"], fields["industry"]) == ("bluefin shipping", "bluefin.io", "healthcare")
    fields = args(run("create an account: kestrel labs, kestrel.ai, we're in the fintech space"), "create_entity")
    assert fields["fields"]["industry"] == "fintech"
    assert "industry" not in args(run("create an account called harbor logistics"), "create_entity")["fields"]


def test_a_filler_after_the_record_noun_is_never_the_name():
    fields = args(run("also add tara wells as a contact as well, tara@quill.io"), "create_entity")["fields"]
    assert (fields["name"], fields["email"]) == ("Tara Wells", "tara@quill.io")
    fields = args(run("pls put lee chan in as a contact too, lee@brightco.io, she's at brightco"), "create_entity")
    assert (fields["fields"]["name"], fields["fields"]["company"]) == ("Lee Chan", "brightco")


def test_a_short_thanks_after_a_comma_is_nobody_to_invite():
    line = run("can u set up a call w nadia ruiz abt the renewal terms, thx")
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")] == ["nadia ruiz"]
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(run("grab coffee with ty at 3"), "fetch_entity")]


def test_two_changes_of_one_record_in_one_message_are_one_update():
    line = run("raise the acme deal to 90k and move the close date out to 5/30")
    assert goals(line) == [("update", "deal")]
    [change] = steps(line, "update_entity")
    assert change["arguments"]["input"]["fields"] == {"amount": 90000, "closeDate": "2026-05-30"}
    assert len(steps(line, "fetch_entity")) == 1


def test_setting_a_field_of_a_named_record_is_an_update_of_that_field():
    line = run("pls set the bluefin deal close date to june 2")
    assert goals(line) == [("update", "deal")]
    assert args(line, "update_entity")["fields"] == {"closeDate": "2026-06-02"}
    assert goals(run("set a reminder to call the bank at 5")) == [("create", "event")]


def test_a_task_for_someone_is_owned_by_them_and_what_it_says_to_do_is_its_subject():
    line = run("move the hooli deal to closed won and add a task for maria to send them the onboarding deck by thurs")
    assert goals(line) == [("update", "deal"), ("create", "task")]
    task = args(line, "create_entity")["fields"]
    assert (task["subject"], task["dueDate"]) == ("Send them the onboarding deck", "2026-03-05")
    assert task["owner"] == "{{find_maria.result.data[0].name}}"  # the person as the CRM knows them
    assert {"name": "maria"} in [s["arguments"]["input"]["filters"] for s in steps(line, "fetch_entity")]
    assert task["about"]["entityType"] == "Deal"
    assert steps(line, "create_calendar_event") == []


def test_a_task_put_on_a_record_in_a_second_clause_is_about_that_record():
    line = run("task for me: email dana the renewal quote by thurs. link it to the globex deal")
    assert goals(line) == [("create", "task")]
    task = args(line, "create_entity")["fields"]
    assert (task["subject"], task["about"]["entityType"]) == ("Email dana the renewal quote", "Deal")
    assert [s["arguments"]["input"]["filters"] for s in steps(line, "fetch_entity")] == [{"company": "globex"}]


def test_a_deal_stage_given_to_a_name_alone_is_an_update_of_that_deal():
    line = run("mark hooli as closed won")
    assert goals(line) == [("update", "deal")]
    assert args(line, "fetch_entity")["filters"] == {"company": "hooli"}
    assert args(line, "update_entity")["fields"] == {"stage": "closed_won"}
    line = run("pls push bluefin into proposal")
    assert (args(line, "fetch_entity")["filters"], args(line, "update_entity")["fields"]) == (
        {"company": "bluefin"},
        {"stage": "proposal"},
    )


def test_a_record_named_before_as_a_noun_keeps_its_name_and_its_details():
    fields = args(run("add wren co as an account too, wren.co, theyre a fintech shop"), "create_entity")["fields"]
    assert fields == {"name": "wren co", "domain": "wren.co", "industry": "fintech"}
    fields = args(run("add priya nair as a lead as well, from globex"), "create_entity")["fields"]
    assert (fields["name"], fields["company"]) == ("Priya Nair", "globex")


def test_a_task_on_a_record_for_someone_is_theirs_and_on_that_record():
    task = args(run("put a task on the acme account for sarah to chase the invoice by monday"), "create_entity")
    assert (task["fields"]["subject"], task["fields"]["owner"]) == (
        "Chase the invoice",
        "{{find_sarah.result.data[0].name}}",
    )
    assert task["fields"]["about"]["entityType"] == "Account"


def test_a_record_given_to_someone_changes_its_owner():
    line = run("pls reassign the globex deal to tom reyes")
    assert args(line, "update_entity")["fields"] == {"owner": "tom reyes"}
    assert [s["arguments"]["input"]["entityType"] for s in steps(line, "fetch_entity")] == ["Deal"]


def test_an_address_said_before_as_a_contact_is_its_email_never_its_name():
    fields = args(run("add kim@lumen.io as a new contact for kim ito"), "create_entity")["fields"]
    assert (fields["name"], fields["email"]) == ("Kim Ito", "kim@lumen.io")


def test_a_new_value_stated_without_a_verb_of_change_is_an_update():
    line = run("hooli deal is now 80k fyi")
    assert goals(line) == [("update", "deal")]
    assert args(line, "update_entity")["fields"] == {"amount": 80000}
    assert goals(run("is now a good time to call")) == [("unsupported", "none")]


def test_a_persons_new_company_is_the_value_changed_not_a_filter_to_find_them():
    line = run("jo lee is now at hooli, pls update her contact")
    assert args(line, "fetch_entity")["filters"] == {"name": "jo lee"}
    assert args(line, "update_entity")["fields"] == {"company": "hooli"}


def test_a_clause_that_only_changes_more_fields_adds_them_to_the_record_update():
    line = run("push the umbrella deal to proposal and make the amount 64k")
    assert goals(line) == [("update", "deal")]
    fields = args(line, "update_entity")["fields"]
    assert (fields["stage"], fields["amount"]) == ("proposal", 64000)
    line = run("move the vandelay deal into negotiation, and set its close date to june 9")
    fields = args(line, "update_entity")["fields"]
    assert (fields["stage"], fields["closeDate"]) == ("negotiation", "2026-06-09")


def test_a_person_at_a_company_after_for_is_the_new_records_name_and_company():
    fields = args(run("add a lead for nora vance at quillco"), "create_entity")["fields"]
    assert (fields["name"], fields["company"]) == ("Nora Vance", "quillco")
    fields = args(run("create a contact for ivo petrov from brightline, ivo@brightline.io"), "create_entity")["fields"]
    assert (fields["name"], fields["company"], fields["email"]) == ("Ivo Petrov", "brightline", "ivo@brightline.io")
    fields = args(run("add a lead for bank of america"), "create_entity")["fields"]
    assert fields["company"] == "bank of america"
