"""A follow-up that changes the record the last plan made, changed or found, when its words name no field the reader
knows: the field is told by the value's form (issue 24, CRM over several turns)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.commands import Context, Correct, NewRequest, RecordChange, Undo, read_reply
from planning.understanding.commands.values import parse_answer

AFTER_RECORD = Context(left=frozenset({"record"}))


def test_a_phone_number_in_its_owners_format_changes_the_phone():
    said = "he switched carriers, new one is (646) 555-0177 - pls update"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("phone", "(646) 555-0177"),)
    assert read_reply("tom's mobile: 646 555 0177", AFTER_RECORD) == (RecordChange("phone", "646 555 0177"),)


def test_an_email_address_said_as_the_new_one_changes_the_email_and_nothing_around_it():
    said = "oh and her address is actually p.shah@newco.io"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("email", "p.shah@newco.io"),)
    assert read_reply("his email's now tr@corp.example", AFTER_RECORD) == (RecordChange("email", "tr@corp.example"),)


def test_an_amount_after_a_verb_of_change_changes_the_amount():
    assert read_reply("raise it to 63.5k", AFTER_RECORD) == (RecordChange("amount", "63500"),)
    assert read_reply("actually it's $71,250", AFTER_RECORD) == (RecordChange("amount", "71250"),)


def test_a_status_or_stage_said_as_the_new_state_changes_it():
    assert read_reply("mark them contacted", AFTER_RECORD) == (RecordChange("status", "contacted"),)
    assert read_reply("ok set her as unqualified", AFTER_RECORD) == (RecordChange("status", "unqualified"),)
    assert read_reply("move it to negotiation", AFTER_RECORD) == (RecordChange("stage", "negotiation"),)


def test_a_value_in_a_request_of_its_own_or_without_a_change_is_no_follow_up():
    for said in (
        "email her at p.shah@newco.io about the renewal",
        "book a call with him for 3pm",
        "we got a new one from the partner team",  # "new" is no status here
        "what's her email?",
    ):
        assert read_reply(said, AFTER_RECORD) == (NewRequest(said),), said


LEAD_CARD = Context(
    question="approval", open_plan=True, record_fields=("name", "email", "phone", "company", "status", "owner")
)


def test_values_of_the_record_on_the_card_told_by_their_form_are_corrections_of_its_fields():
    said = "her email's gina@vandelay.example and put her as contacted, met her at the expo"
    assert read_reply(said, LEAD_CARD) == (
        Correct("gina@vandelay.example", field="email"),
        Correct("contacted", field="status"),
    )
    assert read_reply("oh, his cell is 917 555 0144", LEAD_CARD) == (Correct("917 555 0144", field="phone"),)


def test_a_value_the_record_on_the_card_has_no_field_for_is_no_correction():
    said = "and bump it to 20k"  # a lead has no amount
    assert not any(isinstance(command, Correct) for command in read_reply(said, LEAD_CARD))


def test_a_date_moved_by_an_amount_is_a_shift_from_the_date_it_has():
    said = "and slip the due date back 3 days"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("dueDate", "back 3 days", shift_days=3),)
    assert read_reply("bring it forward a week", AFTER_RECORD) == (
        RecordChange("date", "forward a week", shift_days=-7),
    )
    assert read_reply("move the close date to may 4", AFTER_RECORD) == (RecordChange("closeDate", "may 4"),)


def test_a_value_then_the_one_it_replaces_changes_the_record_just_found():
    assert read_reply("oops, 57.5k not 55", AFTER_RECORD) == (RecordChange("amount", "57500"),)


def test_several_changes_in_one_follow_up_are_one_change_with_the_others_also():
    said = "move her to qualified, and her email is dl@umbrella.example now"
    assert read_reply(said, AFTER_RECORD) == (
        RecordChange("status", "qualified", also=(("email", "dl@umbrella.example"),)),
    )
    said = "set the amount to 71k and the close date to june 2"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("amount", "71k", also=(("closeDate", "june 2"),)),)


def test_a_field_said_without_a_verb_changes_it_only_before_a_value_of_its_kind():
    assert read_reply("ah and due date is now the 19th", AFTER_RECORD) == (RecordChange("dueDate", "the 19th"),)
    assert read_reply("close date june 12", AFTER_RECORD) == (RecordChange("closeDate", "june 12"),)
    for said in ("amount looks off to me", "stage review with the team friday"):
        assert read_reply(said, AFTER_RECORD) == (NewRequest(said),), said


def test_a_verb_before_a_field_of_the_record_adds_its_value():
    assert read_reply("add her mobile as well: 303 555 0117", AFTER_RECORD) == (RecordChange("phone", "303 555 0117"),)
    assert read_reply("and lower it to 9.5k", AFTER_RECORD) == (RecordChange("amount", "9500"),)


def test_a_clause_that_says_why_is_passed_over():
    said = "the deal is stalling, push its close date to june 30"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("closeDate", "june 30"),)


LISTED = Context(
    left=frozenset({"records"}),
    candidates=(
        {"id": "d1", "name": "Umbrella deal", "company": "Umbrella", "stage": "proposal"},
        {"id": "d2", "name": "Vandelay deal", "company": "Vandelay", "stage": "negotiation"},
    ),
)


def test_a_change_of_one_of_the_records_listed_names_it_by_its_words():
    said = "vandelay is stuck, push its close date to june 5"
    assert read_reply(said, LISTED) == (RecordChange("closeDate", "june 5", record=2),)
    said = "raise the umbrella one to 80k, and it's in negotiation now"  # "negotiation" is no name: Vandelay's stage
    assert read_reply(said, LISTED) == (RecordChange("amount", "80000", also=(("stage", "negotiation"),), record=1),)


def test_a_change_that_names_none_or_all_of_the_records_listed_is_no_follow_up():
    for said in ("push its close date to june 5", "set the deal amount to 80k"):
        assert read_reply(said, LISTED) == (NewRequest(said),), said


def test_a_date_said_as_the_end_of_a_period_is_its_last_day():
    now = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))
    for said, day in (
        ("end of month", "2026-03-31"),
        ("the end of next month", "2026-04-30"),
        ("eom", "2026-03-31"),
        ("by the end of june", "2026-06-30"),
        ("june 12", "2026-06-12"),
    ):
        assert parse_answer("dueDate", said, now).value == day, said


def test_an_undo_that_names_a_field_puts_back_only_that_field():
    after = Context(left=frozenset({"record", "changes"}))
    said = "hmm no, revert the phone change - the old number still works. leave the title"
    assert read_reply(said, after) == (Undo(fields=("phone",)),)
    assert read_reply("undo her status part", after) == (Undo(fields=("status",)),)
    assert read_reply("undo that", after) == (Undo(),)


def test_a_company_and_a_status_said_as_details_on_the_card_correct_those_fields():
    said = "he's with bluefin. we called him last week so put contacted"
    assert read_reply(said, LEAD_CARD) == (Correct("bluefin", field="company"), Correct("contacted", field="status"))
    assert not any(isinstance(c, Correct) for c in read_reply("she's at the expo all week", LEAD_CARD))
    assert read_reply("she is at lunch", AFTER_RECORD) == (NewRequest("she is at lunch"),)


def test_a_status_said_as_a_fact_about_the_record_changes_it():
    assert read_reply("she's already qualified", AFTER_RECORD) == (RecordChange("status", "qualified"),)
    assert read_reply("fyi he's been contacted", AFTER_RECORD) == (RecordChange("status", "contacted"),)
    said = "she's already contacted and her mobile is 212 555 0143"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("status", "contacted", also=(("phone", "212 555 0143"),)),)


def test_a_task_said_done_after_a_link_word_is_its_status_not_a_date_said_in_the_reason() -> None:
    said = "mark it complete, the client signed off on friday"
    assert read_reply(said, AFTER_RECORD)[0] == RecordChange("status", "done")


def test_a_kind_of_record_said_as_someones_is_the_record_found_and_a_named_one_is_another() -> None:
    assert read_reply("ok and move her lead to qualified", AFTER_RECORD) == (RecordChange("status", "qualified"),)
    assert not isinstance(read_reply("move the initech lead to qualified", AFTER_RECORD)[0], RecordChange)


SEVERAL = Context(
    left=frozenset({"records"}),
    candidates=(
        {"id": "t1", "subject": "Call Hooli about the renewal", "status": "open"},
        {"id": "t2", "subject": "Send Hooli the signed order form", "status": "open"},
        {"id": "t3", "subject": "Book the Pied Piper demo", "status": "open"},
    ),
)


def test_words_that_fit_several_of_the_records_listed_are_a_change_of_one_of_those() -> None:
    said = "set the hooli one to complete, they called back yesterday"
    assert read_reply(said, SEVERAL) == (RecordChange("status", "done", among=(1, 2)),)
    said = "the hooli task is done"
    assert read_reply(said, SEVERAL) == (RecordChange("status", "done", among=(1, 2)),)


def test_words_that_fit_one_or_every_record_listed_are_no_change_among_several() -> None:
    assert read_reply("mark the pied piper one done", SEVERAL) == (RecordChange("status", "done", record=3),)
    said = "mark the open one done"  # every one is open: no one is singled out
    assert read_reply(said, SEVERAL) == (NewRequest(said),)
