"""What planbot cannot do is said, not done as something else (trial 4 item 10: "call Maria and tell her I'm running
late" became an email card; "book me a table for lunch at Café Roma" looked up a contact named Roma)."""

from tests.planning.conftest import goals, run


def test_a_phone_call_or_a_restaurant_table_is_refused():
    for text in (
        "ring Priya and let her know I'm stuck in traffic",
        "phone Tom and tell him the meeting moved",
        "give John a call about the Initech renewal",
        "book us a table at Luigi's on Friday at 7",
    ):
        assert goals(run(text)) == [("unsupported", "none")], text


def test_a_call_as_a_meeting_or_a_phone_number_stays_planbot_work():
    assert goals(run("schedule a call with John on Friday at 11")) == [("create", "event")]
    assert goals(run("what's Tom's phone number")) == [("find", "contact")]
    assert goals(run("call off the 3pm meeting")) == [("delete", "event")]
