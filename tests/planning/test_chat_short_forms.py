"""Words typed without their apostrophe ("whats", "dont", "im") and weekdays typed short ("thu", "tues", "weds";
"mon", "sat", "sun" where they are the day) are read as their full forms by every reader of a first message."""

from planning.understanding.normalize import clean
from tests.planning.conftest import args, goals, run


def test_words_without_their_apostrophe_read_as_typed_with_it():
    assert clean("whos free weds afternoon") == "who's free wednesday afternoon"
    assert clean("Im out thurs, dont book me") == "I'm out thursday, don't book me"
    assert clean("Whens the offsite") == "When's the offsite"


def test_a_weekday_that_is_also_a_word_is_the_day_only_where_it_reads_as_one():
    assert clean("lunch sat at 1 or sun morning") == "lunch saturday at 1 or sunday morning"
    assert clean("anything on mon the 9th") == "anything on monday the 9th"
    assert clean("we sat in the sun") == "we sat in the sun"
    assert clean("Mon-thurs") == "Monday-thursday"


def test_a_question_about_a_day_typed_short_lists_that_day():
    for text, day in [
        ("whats happening thur", "2026-03-05"),
        ("what's on fri", "2026-03-06"),
        ("whats on sat", "2026-03-07"),
        ("whats on tue mar 10", "2026-03-10"),
    ]:
        line = run(text)
        assert goals(line) == [("find", "event")], text
        assert args(line, "fetch_calendar_events")["start"].startswith(day), text
