"""Time booked to do a piece of work is titled by that work ("an hour to finish the pricing memo" → "Pricing memo"),
said with any verb of doing work (data/cues/purpose_verbs.txt), and a rehearsal says what is rehearsed; the purpose
ends before an aside set off by a dash. People asked to be free together ("are tom and i both free") is a search for
free time, whatever the request says after it."""

from tests.planning.conftest import args, goals, run


def test_time_kept_to_do_a_piece_of_work_is_titled_by_the_work():
    line = run("book 90 minutes on Thursday at 1 to fill out the vendor onboarding form")
    assert args(line, "create_calendar_event")["title"] == "Vendor onboarding form"
    line = run("block 2 hours friday at 9 to finish the board memo")
    assert args(line, "create_calendar_event")["title"] == "Board memo"


def test_a_rehearsal_is_titled_by_what_is_rehearsed_up_to_a_dash():
    line = run("put 30 min on wednesday at 4 to rehearse the keynote demo - priya asked for it")
    assert args(line, "create_calendar_event")["title"] == "Keynote demo rehearsal"


def test_people_asked_to_be_free_together_is_a_search_for_free_time_whatever_the_words_after():
    line = run("when are maria and i both free friday morning? want an hour to go over the pricing plan")
    assert goals(line) == [("find", "availability")]
    assert goals(run("are tom and sarah all available on thursday afternoon")) == [("find", "availability")]


def test_an_unmarked_range_after_a_verb_that_keeps_time_is_hours_but_a_one_to_one_is_not():
    held = args(run("hold 2 to 4 for the pricing memo"), "create_calendar_event")
    assert (held["startTime"], held["durationMinutes"]) == ("2026-03-02T14:00:00-05:00", 120)
    booked = args(run("schedule 1 to 1 with priya tomorrow at 3"), "create_calendar_event")
    assert booked["startTime"] == "2026-03-03T15:00:00-05:00"
