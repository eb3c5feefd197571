"""Replies at a card or a question that say two things: a value and the reason for it, several values, several
decisions over the steps of one plan, a decision and a new request."""

from dataclasses import replace

from planning.understanding.commands import Answer, Context, Correct, Decide, EventChange, NewRequest, Pick, read_reply
from planning.understanding.commands._run_on import marked
from planning.understanding.commands._steps_named import decided
from planning.understanding.commands._words import Reply

_MOVE_BY_A_DAY = Context(
    question="approval",
    open_plan=True,
    doing="update_calendar_event",
    correctable=("duration", "text"),
    shown=(("shiftMinutes", "1440"),),
)


def test_a_day_and_a_time_with_a_reason_at_a_move_by_an_amount_is_the_start_it_says() -> None:
    assert read_reply("actually 2pm on fri, i have the vendor demo till then", _MOVE_BY_A_DAY) == (
        EventChange("startTime", "2pm on fri"),
    )


def test_a_bare_hour_and_a_day_with_a_reason_at_a_move_by_an_amount_is_the_start_it_says() -> None:
    assert read_reply("make it 10 on fri instead, laura's out wed", _MOVE_BY_A_DAY) == (
        EventChange("startTime", "10 on fri"),
    )


_BOOKING = Context(
    question="approval",
    open_plan=True,
    doing="create_calendar_event",
    correctable=("duration", "datetime", "text"),
    shown=(("title", "Call with Omar"), ("startTime", "2026-03-06T11:00:00-05:00")),
)


def test_a_time_with_a_reason_at_a_booking_stays_a_correction_of_its_start() -> None:
    [command] = read_reply("2pm friday, omar lands at noon", _BOOKING)
    assert isinstance(command, Correct) and command.value == "2pm friday"


_START_ASKED = Context(
    question="value",
    name="startTime",
    value_kind="datetime",
    open_plan=True,
    doing="create_calendar_event",
    correctable=("duration", "datetime", "text"),
)


def test_a_start_and_a_length_with_a_reason_run_on_are_the_start_and_the_length() -> None:
    assert read_reply("fri 10, make it 30 he has a flight at 11", _START_ASKED) == (
        Answer("fri 10", also=(("durationMinutes", "30 minutes"),)),
    )


def test_a_reason_run_on_after_a_length_at_a_booking_is_no_part_of_the_value() -> None:
    [command] = read_reply("make it 45 she has a hard stop at 12", _BOOKING)
    assert isinstance(command, Correct) and command.value == "45"


def test_a_clause_run_on_after_a_value_is_marked_off_but_not_after_a_thing_named_by_its_time() -> None:
    assert marked("make it 30 he has a flight at 11") == "make it 30, he has a flight at 11"
    assert marked("move the 10am i have with dana to 11") is None


_DEAL_CARD = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("name", "company", "amount", "stage", "closeDate", "owner"),
    record_kind="Deal",
    shown=(("name", "Acme deal"), ("amount", "30000")),
)
_TASK_CARD = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("subject", "dueDate", "status", "owner"),
    record_kind="Task",
    shown=(("subject", "Chase Globex"),),
)


def test_a_name_given_at_a_deals_card_is_its_name() -> None:
    assert read_reply("call it acme expansion, that's what sarah calls it", _DEAL_CARD) == (
        Correct("acme expansion", field="name"),
    )


def test_a_title_given_at_a_tasks_card_is_its_subject() -> None:
    assert read_reply("ok title it 'send the signed msa' pls", _TASK_CARD) == (
        Correct("send the signed msa", field="subject"),
    )


def test_a_stage_and_a_name_at_a_deals_card_are_both_its_fields() -> None:
    assert read_reply("move it to negotiation and rename it to acme expansion", _DEAL_CARD) == (
        Correct("negotiation", field="stage"),
        Correct("acme expansion", field="name"),
    )


_MAIL_THEN_TASK = Context(
    question="approval",
    open_plan=True,
    doing="send_email",
    correctable=("text",),
    steps=(
        ("mail", "send_email", "Email Dana Whitfield: the renewal terms Send the email"),
        ("task", "create_entity", "Create the task 'Call Omar about the invoice' Create the task"),
        ("lunch", "create_calendar_event", "Create the event 'Lunch with Kim' Create the event"),
    ),
)


def test_the_step_shown_approved_and_a_later_one_named_by_its_person_skipped() -> None:
    assert read_reply("send it yes, hold off on the omar task for now, he's out", _MAIL_THEN_TASK) == (
        Decide("skip", step="task"),
        Decide("approve"),
    )


def test_the_step_shown_named_to_be_done_and_a_later_one_named_by_its_thing_skipped() -> None:
    assert read_reply("go ahead with the email but skip the lunch, kim cancelled", _MAIL_THEN_TASK) == (
        Decide("skip", step="lunch"),
        Decide("approve"),
    )


def test_a_later_step_named_alone_is_skipped_and_the_card_stays() -> None:
    assert read_reply("skip the kim lunch for now", _MAIL_THEN_TASK) == (Decide("skip", step="lunch"),)


def test_words_that_name_no_one_step_skip_none_of_the_later_ones() -> None:
    commands = read_reply("skip the thing for now", _MAIL_THEN_TASK)
    assert not any(isinstance(c, Decide) and c.step is not None for c in commands)


def test_a_request_after_a_yes_is_said_beside_the_plan_with_the_kind_shown() -> None:
    assert read_reply("looks good. and create one more for omar to call kim back, due fri", _TASK_CARD) == (
        Decide("approve"),
        NewRequest("create a task for omar to call kim back, due fri", added=True),
    )


_TWO_MARIAS = Context(
    question="pick",
    open_plan=True,
    options=("Controller · Maria Garcia · maria.garcia@example.com", "Buyer · Maria Lopez · maria.lopez@initech.com"),
    candidates=(
        {"name": "Maria Garcia", "email": "maria.garcia@example.com", "company": "Example Co", "title": "Controller"},
        {"name": "Maria Lopez", "email": "maria.lopez@initech.com", "company": "Initech", "title": "Buyer"},
    ),
)


def test_a_pick_said_first_with_a_reason_naming_the_other_is_the_pick() -> None:
    assert read_reply("garcia for sure. lopez would forward it to her boss", _TWO_MARIAS) == (Pick(index=1),)
    assert read_reply("garcia!! lopez works for the customer so def not her", _TWO_MARIAS) == (Pick(index=1),)


def test_a_pick_turned_down_first_is_not_taken_as_the_one_named_first() -> None:
    assert read_reply("not garcia, lopez - she runs procurement", _TWO_MARIAS) != (Pick(index=1),)


def test_a_number_with_a_story_at_a_deals_card_is_its_amount_as_said() -> None:
    deal = replace(_DEAL_CARD, shown=(("name", "Acme deal"), ("amount", "38000.0")))
    assert read_reply("ugh legal says 40 is our floor, make it 41000", deal) == (Correct("41000", field="amount"),)


def test_a_pick_said_first_then_changed_is_not_the_first() -> None:
    assert read_reply("garcia. no wait, lopez would forward it", _TWO_MARIAS) != (Pick(index=1),)


_BODY_THEN_DECLINE = Context(
    question="value",
    name="body",
    value_kind="text",
    open_plan=True,
    doing="send_email",
    steps=(
        ("mail", "send_email", "Email Priya Send the email"),
        ("answer", "declined", "Decline “Budget review” (Thu 5 Mar 15:00) Decline the event"),
        ("lunch", "create_calendar_event", "Create the event 'Lunch with Kim' Create the event"),
    ),
)


def test_the_step_asked_left_out_and_the_next_named_and_approved() -> None:
    said = "skip the email, i'll ping her on slack. the decline looks fine"
    [skipped, approved] = read_reply(said, _BODY_THEN_DECLINE)
    assert isinstance(skipped, Decide) and skipped.action == "skip"
    assert approved == Decide("approve")


def test_a_step_approved_by_name_that_is_not_the_next_is_not_approved() -> None:
    commands = read_reply("skip the email, i'll ping her on slack. lunch looks fine", _BODY_THEN_DECLINE)
    assert Decide("approve") not in commands


_MAIL_CARD = Context(
    question="approval",
    open_plan=True,
    doing="send_email",
    correctable=("text",),
    shown=(("subject", "Renewal"), ("body", "Hi Dana, the renewal is ready.")),
)


def test_a_quoted_subject_with_a_reason_after_it_is_the_words_in_quotes() -> None:
    assert read_reply("subject should be 'PO 7731 renewal' pls, their AP files by PO", _MAIL_CARD) == (
        Correct("PO 7731 renewal", field="subject"),
    )
    assert read_reply("change the subject to “renewal - signed” so legal spots it", _MAIL_CARD) == (
        Correct("renewal - signed", field="subject"),
    )


_LEAD_CARD = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("name", "email", "phone", "company", "status", "owner"),
    record_kind="Lead",
    shown=(("name", "Raj Patel"), ("company", "Globex")),
)


def test_a_record_field_named_after_its_value_with_a_story_before_it() -> None:
    said = "wait, dana says he's joining hooli in april, so put hooli as the company. email's raj@hooli.com"
    assert read_reply(said, _LEAD_CARD) == (
        Correct("hooli", field="company"),
        Correct("raj@hooli.com", field="email"),
    )


def test_a_title_restated_in_the_place_of_one_word_of_it_is_the_title_restated() -> None:
    contact = Context(
        question="approval",
        open_plan=True,
        doing="create_entity",
        correctable=("text",),
        record_fields=("name", "email", "phone", "company", "title", "owner"),
        record_kind="Contact",
        shown=(("name", "Ana Ruiz"), ("title", "head of sales"), ("company", "Hooli")),
    )
    [command] = read_reply("whoops she's head of marketing not sales", contact)
    assert isinstance(command, Correct) and (command.field, command.value) == ("title", "head of marketing")


def test_a_person_dropped_at_the_card_that_writes_to_them_is_no_skip_of_the_step() -> None:
    to_two = replace(_MAIL_THEN_TASK, people=("tom", "tom.reyes@example.com", "dana", "dana.whitfield@acme.com"))
    to_two = replace(to_two, steps=(("mail", "send_email", "Email Tom and Dana Send the email"), *to_two.steps[1:]))
    assert decided(Reply.of("drop tom"), to_two) is None  # the people readers' to read
    assert read_reply("send it, and drop tom", to_two) == (
        Correct("tom", people=True, removing=True),
        Decide("approve"),
    )
