"""A value said in the place of another is read against the values the card shows (``Context.shown``): the field
whose value the replaced one is gets the new value ("3:15 not 3" → the start, "50, not 60" → the length, "64 instead
of 62" → the amount shown as $62,000); a value said alone goes to the one field of its kind; at a pick, the one named
in the place of another is picked. Sentences, names and values here are our own."""

from planning.understanding.commands import Correct, Pick, read_reply
from planning.understanding.commands.context import Context

EVENT = Context(
    question="approval",
    open_plan=True,
    doing="create_calendar_event",
    correctable=("duration", "datetime", "text"),
    shown=(
        ("title", "Budget walkthrough"),
        ("startTime", "2026-04-14T15:00:00-04:00"),  # a Tuesday
        ("durationMinutes", "60"),
        ("attendees", "marcus.bell@acme.com"),
    ),
    people=("marcus.bell@acme.com",),
)
DEAL = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("name", "company", "amount", "stage", "closeDate"),
    shown=(
        ("entityType", "Deal"),
        ("name", "Hooli fleet renewal"),
        ("company", "Hooli"),
        ("amount", "62000.0"),
        ("stage", "prospecting"),
        ("closeDate", "2026-05-29"),
    ),
)


def _one(text: str, context: Context) -> Correct:
    [command] = read_reply(text, context)
    assert isinstance(command, Correct), (text, command)
    return command


def test_a_time_said_as_replaced_is_the_start_shown() -> None:
    assert _one("3:15 not 3", EVENT) == Correct("3:15", field="startTime", replaces="3")
    assert _one("ugh, 4pm rather than 3pm", EVENT) == Correct("4pm", field="startTime", replaces="3pm")
    assert _one("3pm → 3:45", EVENT) == Correct("3:45", field="startTime", replaces="3pm")
    assert _one("not tuesday - wednesday", EVENT) == Correct("wednesday", field="startTime", replaces="tuesday")


def test_a_number_said_as_replaced_is_the_field_it_is_shown_in() -> None:
    assert _one("50, not 60", EVENT) == Correct("50", field="durationMinutes", replaces="60")
    assert _one("64 instead of 62", DEAL) == Correct("64", field="amount", replaces="62")  # shown as $62,000
    assert _one("64k not 62k, my mistake", DEAL) == Correct("64k", field="amount")  # said at its own scale
    assert _one("63.5k not 62", DEAL) == Correct("63.5k", field="amount")


def test_a_choice_and_a_company_said_as_replaced_change_those_fields() -> None:
    assert _one("qualification, not prospecting", DEAL) == Correct(
        "qualification", field="stage", replaces="prospecting"
    )
    assert _one("umbrella instead of hooli", DEAL) == Correct("umbrella", field="company", replaces="hooli")
    assert _one("may 31 not may 29", DEAL) == Correct("may 31", field="closeDate", replaces="may 29")


def test_a_person_said_as_replaced_is_one_of_the_attendees() -> None:
    assert _one("dana not marcus", EVENT) == Correct("dana", field="attendees", people=True, replaces="marcus")


def test_a_value_alone_goes_to_the_one_field_of_its_kind() -> None:
    assert _one("50 minutes", EVENT) == Correct("50 minutes", field="durationMinutes")
    assert _one("3:45", EVENT) == Correct("3:45", field="startTime")
    assert _one("71.5k", DEAL) == Correct("71.5k", field="amount")
    assert _one("negotiation", DEAL) == Correct("negotiation", field="stage")


def test_a_value_alone_that_fits_no_field_or_two_is_not_read_as_one() -> None:
    two_times = Context(
        question="approval",
        open_plan=True,
        shown=(("windowStart", "2026-04-14T09:00:00-04:00"), ("windowEnd", "2026-04-14T17:00:00-04:00")),
    )
    assert not any(isinstance(c, Correct) for c in read_reply("3:45", two_times))
    assert not any(isinstance(c, Correct) and c.field == "amount" for c in read_reply("12", DEAL))  # an hour? a count?


def test_a_replaced_value_the_card_does_not_show_is_not_grounded() -> None:
    said = read_reply("64 not 63", DEAL)  # the amount shown is 62,000: not the one said as replaced
    assert not any(isinstance(c, Correct) and c.field == "amount" for c in said)


def test_a_decision_said_before_not_is_no_value() -> None:
    card = Context(
        question="approval", open_plan=True, doing="send_email", shown=(("body", "Can we talk now or later?"),)
    )
    said = read_reply("cancel, not now", card)
    assert not any(isinstance(c, Correct) for c in said)


def test_at_a_pick_the_one_named_in_the_place_of_another_is_picked() -> None:
    candidates = (
        {"name": "Dana Kim", "company": "Umbrella", "email": "dana.kim@umbrella.io"},
        {"name": "Dana Ortiz", "company": "Hooli", "email": "dana.ortiz@hooli.com"},
    )
    pick = Context(
        question="pick", open_plan=True, candidates=candidates, options=("Dana Kim · Umbrella", "Dana Ortiz · Hooli")
    )
    assert read_reply("ortiz, the hooli one. not kim", pick) == (Pick(index=2),)
    assert read_reply("kim please, not the hooli one", pick) == (Pick(index=1),)
    assert read_reply("not the umbrella one - the other", pick) == (Pick(index=2),)


def test_the_old_value_first_and_a_value_said_as_meant() -> None:
    assert _one("60 should be 75", EVENT) == Correct("75", field="durationMinutes", replaces="60")
    assert _one("it's 3:20 actually", EVENT) == Correct("3:20", field="startTime")


def test_where_a_text_is_asked_a_not_is_part_of_the_text() -> None:
    asked = Context(
        question="value", name="body", value_kind="text", open_plan=True, shown=(("subject", "Net 60 terms"),)
    )
    said = read_reply("we can do net 45 but not net 60", asked)
    assert not any(isinstance(c, Correct) for c in said)
    asked = Context(question="value", name="subject", value_kind="text", open_plan=True, people=("dana",))
    assert read_reply("laura not dana", asked) == (Correct("laura", people=True, replaces="dana"),)
