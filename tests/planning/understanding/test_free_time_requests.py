"""First messages about free time, by mechanism: "check if … is free" asks (it is no condition); a question about the
calendar followed by "if so" is the condition of what follows it; a booking "when the 3 of us are free" or that asks
to "find 45 min" searches the free time first (contract §2.9)."""

from planning.understanding.conditions import split_segments
from planning.understanding.existing import free_time_phrase
from tests.planning.conftest import goals, run


def test_a_check_whether_someone_is_free_asks_it_is_no_condition():
    for typed in ("could you see if dana is free wed afternoon", "pls check if tom and sarah are available thurs"):
        [segment] = split_segments(typed)
        assert segment.condition is None, typed
        assert goals(run(typed)) == [("find", "availability")], typed
    [guarded] = split_segments("book a call w dana at 2 if she's free")  # a condition stays one
    assert guarded.condition is not None


def test_a_question_about_the_calendar_then_if_so_is_the_condition_of_what_follows():
    [guarded] = split_segments("is friday at 4 open? if so, book 20 min with maria")
    assert guarded.action == "book 20 min with maria"
    assert guarded.condition is not None and guarded.condition.wants_free
    [led] = split_segments("if i'm free fri at 2 can you book 15 min w sarah? if not no worries")  # its own "if"
    assert led.condition is not None and led.condition.wants_free and "book 15 min w sarah" in led.action
    # no state of the calendar asked: no condition; the question and the action, each on its own (session 13)
    asked, then = split_segments("what's on thursday? if so book lunch")
    assert (asked.condition, then.condition, then.action) == (None, None, "book lunch")


def test_a_booking_when_a_count_of_us_is_free_or_that_asks_to_find_a_length_searches_first():
    assert free_time_phrase("grab 30 min w tom and dana monday when the three of us are free") is not None
    assert free_time_phrase("set up an hour with sam whenever all 4 of us are available") is not None
    assert free_time_phrase("find us an hour next week w priya - q2 launch plan") == "find us an hour"
    assert free_time_phrase("find the budget email") is None  # no length to find
    assert free_time_phrase("book 30 min with tom at 3") is None
