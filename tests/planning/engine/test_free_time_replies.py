"""Replies to free times shown (contract §2.9), by mechanism: a number alone picks by place unless the list was shown
by its times and one starts at that hour; a name said after the pick (after a mark, "for", "as") is what it books,
not a request of its own; a time said with "book … for <name>"; a clause that repeats the pick is no request."""

from planning.understanding.commands import Context, NewRequest, Pick, RequestAgain, read_reply

SLOTS = (  # Wed 4 Mar, shown after a search: 10:00, 11:00, 15:00 (none at 1 or 2 o'clock)
    {"start": "2026-03-04T10:00:00-05:00", "end": "2026-03-04T10:30:00-05:00"},
    {"start": "2026-03-04T11:00:00-05:00", "end": "2026-03-04T11:30:00-05:00"},
    {"start": "2026-03-04T15:00:00-05:00", "end": "2026-03-04T15:30:00-05:00"},
)
ENDED = Context(left=frozenset({"free_time"}), candidates=SLOTS)  # a list shown by its times, the plan over
ASKED = Context(  # the same free times, asked about numbered ("Which one should I book?")
    question="pick",
    open_plan=True,
    options=("Wed 4 Mar, 10:00–10:30 EST", "Wed 4 Mar, 11:00–11:30 EST", "Wed 4 Mar, 15:00–15:30 EST"),
    candidates=SLOTS,
)


def test_a_number_alone_after_free_times_picks_by_place_unless_a_time_shown_starts_at_that_hour():
    assert read_reply("2", ENDED) == (Pick(index=2),)  # nothing shown at 2 o'clock: the second one, not 2pm
    assert read_reply("3", ENDED) == (Pick(index=3),)  # 3pm is shown, and it is the third: either way
    assert read_reply("11", ENDED) == (Pick(index=2),)  # past the list, one shown at 11: that one
    [asked] = read_reply("2?", ENDED)  # asked, not said: that hour looked at again
    assert isinstance(asked, RequestAgain)
    [asked] = read_reply("7", ENDED)  # neither a place in the list nor a time shown: the hour asked about
    assert isinstance(asked, RequestAgain)


def test_a_number_that_is_both_a_place_and_a_time_shown_follows_how_the_list_was_shown():
    two_pm = {"start": "2026-03-04T14:00:00-05:00", "end": "2026-03-04T14:30:00-05:00"}
    slots = (SLOTS[0], SLOTS[1], two_pm)  # the second is at 11, the third at 2pm
    by_times = Context(left=frozenset({"free_time"}), candidates=slots)
    numbered = Context(question="pick", open_plan=True, options=ASKED.options, candidates=slots)
    assert read_reply("2 works", by_times) == (Pick(index=3),)  # the times were what was shown: 2pm
    assert read_reply("2 works", numbered) == (Pick(index=2),)  # the list was numbered: the second
    assert read_reply("2pm works", numbered) == (Pick(index=3),)  # a clock time is a time whatever the list


def test_a_name_after_the_pick_is_what_it_books_not_a_request():
    assert read_reply("take the third one, pipeline cleanup", ENDED) == (Pick(index=3, title="pipeline cleanup"),)
    assert read_reply("the 11 o'clock one as vendor sync", ENDED) == (Pick(index=2, title="vendor sync"),)
    assert read_reply("second one's good - hiring debrief", ASKED) == (Pick(index=2, title="hiring debrief"),)
    assert read_reply("book 10:15 for the roadmap walkthrough", ENDED) == (
        Pick(at="2026-03-04T10:15:00-05:00", title="roadmap walkthrough"),
    )
    [picked, request] = read_reply("the first one, and email dana the agenda", ENDED)  # a request of its own
    assert picked == Pick(index=1) and request == NewRequest("email dana the agenda")
    assert read_reply("book 3pm for an hour", ENDED) != (Pick(index=3, title="an hour"),)  # a length, no name


def test_the_free_time_pointed_at_and_named_is_the_first_one_shown():
    assert read_reply("sure, put it on my calendar as quarterly planning", ENDED) == (
        Pick(index=1, title="quarterly planning"),
    )
    assert read_reply("ok book it for the vendor call", ENDED) == (Pick(index=1, title="vendor call"),)


def test_a_pick_said_again_in_a_clause_of_its_own_is_no_request():
    assert read_reply("after my standup is good, first one after it. name it ops review", ENDED) == (
        Pick(beside=("after", "standup"), title="ops review"),
    )
    assert read_reply("first one's fine, call it design crit", ASKED) == (Pick(index=1, title="design crit"),)


def test_a_free_time_said_by_the_meeting_beside_it_with_a_name_books_that_name():
    assert read_reply("take the one just before my standup for hiring sync", ENDED) == (
        Pick(beside=("before", "standup"), title="hiring sync"),
    )
    assert read_reply("book the slot right after the design review as budget prep", ENDED) == (
        Pick(beside=("after", "design review"), title="budget prep"),
    )
    assert read_reply("the one after my lunch works", ENDED) == (Pick(beside=("after", "lunch")),)
