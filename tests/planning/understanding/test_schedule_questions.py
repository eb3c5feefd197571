"""Questions about one's own schedule, in any shape, are a listing of that day's events (issue 23): the goal
classifier learns the shapes from the project's labelled examples (learned/data/own_train.jsonl), so questions worded
unlike any example ("how's tuesday looking", "what've we got thursday morning") are read too, with no question asked
back."""

from tests.planning.conftest import args, goals, run


def test_a_schedule_question_in_an_unseen_shape_lists_that_days_events():
    days = {
        "anything wednesday afternoon?": "2026-03-04",
        "whats on monday": "2026-03-09",
        "what've we got thursday morning": "2026-03-05",
        "how's tuesday looking": "2026-03-03",
        "what have i got this afternoon": "2026-03-02",
    }
    for said, day in days.items():
        line = run(said)
        assert goals(line) == [("find", "event")], said
        assert not line["parse"].get("clarify"), said
        assert args(line, "fetch_calendar_events")["start"].startswith(day), said


def test_questions_about_other_things_on_a_day_stay_out_of_scope():
    for said in ("what's the weather on tuesday", "what's on tv tonight", "whats on my shopping list"):
        assert goals(run(said)) == [("unsupported", "none")], said
