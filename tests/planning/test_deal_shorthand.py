"""A deal changed in shorthand: its value moved to an amount ("bump … to 52k"), its close date moved (a deal's
field, never a calendar date), and a second change in the same message that names no record is of the deal the
first named (issue 24)."""

from tests.planning.conftest import args, goals, run, steps


def test_a_deal_moved_to_an_amount_is_an_update_of_its_amount():
    for said in ("bump the initech deal to 20k", "lower the hooli deal to $9,500", "raise the acme deal to 61k"):
        line = run(said)
        assert goals(line) == [("update", "deal")], said
        assert set(args(line, "update_entity")["fields"]) == {"amount"}, said


def test_a_close_date_moved_is_the_deal_s_and_never_a_calendar_event():
    line = run("push the close date of the initech deal out to may 29")
    assert goals(line) == [("update", "deal")]
    assert steps(line, "fetch_calendar_events") == []
    assert args(line, "update_entity")["fields"] == {"closeDate": "2026-05-29"}


def test_a_second_change_naming_no_record_is_of_the_deal_named_first_in_the_same_update():
    line = run("raise the acme deal to 61k and move the closing date to may 29")
    updates = steps(line, "update_entity")
    assert [u["arguments"]["input"]["fields"] for u in updates] == [{"amount": 61000.0, "closeDate": "2026-05-29"}]
    [lookup] = steps(line, "fetch_entity")
    assert lookup["arguments"]["input"]["filters"] == {"company": "acme"}
