"""Replies people give in their own words, read by mechanism rather than by phrase: a number alone for a time, a
skip said with its reason, people who join the ones there ("… as well", "… too") instead of replacing them."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.commands import Context, Correct, Decide, read_reply
from planning.understanding.commands.values import parse_answer
from tests.planning.engine.conftest import approval, question, said

NY = ZoneInfo("America/New_York")
MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=NY)
APPROVAL = Context(question="approval", open_plan=True)


def test_a_number_alone_answering_for_a_time_is_a_time_of_day():
    for typed, wanted in (("10", "10:00"), ("4.45", "16:45"), ("7:15", "07:15"), ("16", "16:00")):
        parsed = parse_answer("startTime", typed, MONDAY)
        assert parsed.ok and datetime.fromisoformat(str(parsed.value)).strftime("%H:%M") == wanted, typed
    for typed in ("0", "31", "123", "10 people"):
        assert not parse_answer("startTime", typed, MONDAY).ok, typed


async def test_a_number_alone_answers_the_start_time_on_the_day_asked(harness):
    asked = await harness.say("set up a catch-up with Priya on Thursday")
    assert "start time" in question(asked).text
    card = approval(await harness.say("10"))
    assert card.arguments["startTime"] == "2026-03-05T10:00:00-05:00"


def test_a_skip_or_a_cancel_said_with_a_reason_is_that_decision():
    for typed in (
        "skip the email, she heard it at standup",
        "skip this one because we agreed by phone",
        "skip that - not needed",
        "skip the invite as we meet anyway",
    ):
        [decided] = read_reply(typed, APPROVAL)
        assert isinstance(decided, Decide) and decided.action == "skip", typed  # "the email": which one it names
    assert read_reply("cancel it, the client called it off", APPROVAL) == (Decide("cancel"),)
    assert read_reply("skip the email and book lunch", APPROVAL) != (Decide("skip"),)  # more than a reason


async def test_a_skip_with_a_reason_leaves_the_step_out_and_goes_on(harness):
    asked = await harness.say("email Priya saying the numbers are in and book 30 minutes with her friday at 11am")
    assert approval(asked).tool == "send_email"
    replies = await harness.say("skip the email, she heard it at standup")
    assert "Skipped" in said(replies)
    assert approval(replies).tool == "create_calendar_event"


def test_people_said_to_join_are_added_not_replacing():
    assert read_reply("send it to sam@example.com as well", APPROVAL) == (
        Correct("sam@example.com", people=True, adding=True),
    )
    assert read_reply("invite Lee too", APPROVAL) == (Correct("Lee", field="attendees", people=True, adding=True),)
    [instead] = read_reply("send it to Lee instead", APPROVAL)
    assert isinstance(instead, Correct) and not instead.adding


async def test_a_recipient_added_as_well_joins_the_one_there(harness):
    approval(await harness.say("email Priya saying the venue changed"))
    card = approval(await harness.say("send it to sam@example.com as well"))
    assert card.arguments["to"] == ["priya.shah@example.com", "sam@example.com"]


async def test_an_attendee_added_too_joins_the_ones_there(harness):
    approval(await harness.say("book 30 minutes with Priya friday at 11am"))
    card = approval(await harness.say("invite lee@example.com too"))
    assert card.arguments["attendees"] == ["priya.shah@example.com", "lee@example.com"]


def test_words_that_only_soften_a_change_are_no_part_of_its_value():
    after = Context(left=frozenset({"event", "changes"}))
    for typed, value in (
        ("make it 4pm instead please", "4pm"),
        ("push it to 3 then please", "3"),
        ("move it to friday instead then", "friday"),
        ("make it an hour instead", "an hour"),
    ):
        [change] = read_reply(typed, after)
        assert change.value == value, typed  # type: ignore[union-attr]
    asked = Context(question="approval", open_plan=True, correctable=("datetime",))
    [correct] = read_reply("actually make it 4pm instead please", asked)
    assert correct == Correct("4pm")


async def test_a_follow_up_cards_title_keeps_no_filler_words(harness):
    def made(args):
        return {"id": "ev1", "title": args["title"], "startTime": args["startTime"], "endTime": args["startTime"]}

    harness.connector.responses["create_calendar_event"] = made
    await harness.approve(await harness.say("book 30 minutes with Priya friday at 11am"))
    card = approval(await harness.say("make it an hour instead please"))
    assert card.intent.endswith("an hour") and "instead" not in card.intent and "please" not in card.intent
