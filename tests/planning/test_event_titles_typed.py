"""A new event's title as people type it: not the words that lead a repeat's first period ("starting", "beginning"),
a span of time booked under a name ("writing time"), the kind of work a purpose verb names ("to prep X" → "X prep")."""

from tests.planning.conftest import args, run


def _title(text: str) -> str:
    return str(args(run(text), "create_calendar_event")["title"])


def test_the_words_leading_a_repeats_first_period_are_no_part_of_the_title():
    assert _title("set up a weekly sync with omar thursdays 3pm beginning next month") == "Sync with omar"
    assert _title("book a call with lena every friday at 10 starting next week") == "Call with lena"


def test_a_span_of_time_booked_under_a_name_is_titled_by_it():
    assert _title("block 2h of writing time tmrw 1-3") == "Writing time"
    assert _title("put an hour of admin time on my calendar thursday at 4") == "Admin time"
    assert _title("put some time on my cal fri at 2") == "Meeting"  # a span of time alone names nothing
    assert _title("block my whole afternoon thursday") == "Meeting"


def test_a_purpose_verb_that_is_a_kind_of_work_names_the_event_after_its_object():
    assert _title("book 45 min with lena fri 10am to prep the acme renewal") == "Acme renewal prep"
    assert _title("hold 30 min tomorrow at 4 to prepare the board deck") == "Board deck prep"
    assert _title("book 30 min with dana friday at 2 to discuss the pricing terms") == "Pricing terms"
