"""Every clause of a reply accounted for (planning/understanding/commands/accounted.py): a reply that says two things
is read as both, in order; a part nothing reads is named back, and nothing of the reply is done."""

from planning.understanding.commands import (
    CannotHandle,
    Context,
    Correct,
    Decide,
    EventChange,
    NewRequest,
    Undo,
    read_reply,
)

DEAL_CARD = Context(
    question="approval",
    open_plan=True,
    doing="update_entity",
    record_fields=("stage", "amount", "closeDate"),
    correctable=("number", "choice", "datetime"),
)
TWO_MAILS = Context(
    question="approval",
    open_plan=True,
    doing="send_email",
    options=("Email to marta@fjord.no: Offsite agenda", "Email to kwame@delta.gh: Offsite agenda"),
    correctable=("text",),
)
AFTER_RECORD = Context(left=frozenset({"record", "changes"}))
AFTER_EVENT = Context(left=frozenset({"event", "changes"}))


def test_an_approval_said_with_a_change_is_both_the_change_first():
    assert read_reply("approved, and make the amount 52k", DEAL_CARD) == (
        Correct("52000", field="amount"),
        Decide("approve"),
    )


def test_items_of_a_card_decided_clause_by_clause_by_their_description():
    assert read_reply("send the marta one, cancel kwame's", TWO_MAILS) == (
        Decide("remove", numbers=(2,)),
        Decide("approve", numbers=(1,)),
    )
    assert read_reply("go with the kwame one but leave marta out", TWO_MAILS) == (
        Decide("remove", numbers=(1,)),
        Decide("approve", numbers=(2,)),
    )


def test_undo_and_a_request_after_a_plan_ended_is_the_undo_then_the_request():
    assert read_reply("argh, undo that, then set the acme deal to proposal", AFTER_RECORD) == (
        Undo(),
        NewRequest("set the acme deal to proposal"),
    )
    assert read_reply("undo it and email kwame that the offsite is off", AFTER_EVENT) == (
        Undo(),
        NewRequest("email kwame that the offsite is off"),
    )


def test_changes_of_the_event_in_several_clauses_are_one_change_with_all_of_them():
    [change] = read_reply("shift it back 15 min and add marta, and drop kwame", AFTER_EVENT)
    assert isinstance(change, EventChange) and change.field == "startTime" and change.shift_minutes == 15
    assert change.also == (("addAttendees", "marta"), ("removeAttendees", "kwame"))


def test_a_part_nothing_reads_is_named_and_nothing_is_done():
    [refused] = read_reply("amount should be 61k, and put the stage at proposal", DEAL_CARD)
    assert isinstance(refused, CannotHandle) and refused.unread == ("put the stage at proposal",)


def test_comments_and_reasons_beside_a_command_are_left_out():
    assert read_reply("ship it, kwame already knows", TWO_MAILS) == (Decide("approve"),)
    assert read_reply("wait, undo that, marta can't make it", AFTER_EVENT) == (Undo(),)
    two = read_reply("book lunch with marta friday and email kwame the agenda", AFTER_EVENT)
    assert two == (NewRequest("book lunch with marta friday and email kwame the agenda"),)  # one request, two goals
