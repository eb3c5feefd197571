"""An off-topic word in what a booking or change is about (its purpose, its topic) does not make the request
off-topic: "book 30 min w dana fri at 2 to go over the q3 forecast" books a meeting."""

from planning.understanding.interpret import read_clause
from tests.planning.conftest import goals, run


def test_a_weather_word_in_a_meetings_purpose_is_its_topic():
    for text in (
        "book 45 min w dana friday at 2 to go over the q3 forecast",
        "schedule half an hour w tom next tue at 10 to walk through the revenue forecast",
    ):
        reading = read_clause(text, has_time=True, names_someone=True)
        assert (reading.intent, reading.entity) == ("create", "event"), (text, reading.explanation)
        assert goals(run(text)) == [("create", "event")], text


def test_the_same_word_asked_about_for_itself_stays_off_topic():
    for text in ("what's the forecast for tomorrow", "is it going to rain on thursday"):
        assert read_clause(text, has_time=True).intent == "unsupported", text
