""" "the close" said with a deal is the deal's close date (contract §3, update_entity fields.closeDate), never a
calendar event; without a deal it stays an event's word."""

from tests.planning.conftest import goals, run, steps


def test_pushing_the_close_of_a_deal_updates_its_close_date() -> None:
    plan = run("raise the hooli deal to 75k and push the close to the 12th")
    assert set(goals(plan)) == {("update", "deal")}
    assert not steps(plan, "update_calendar_event")
    changed: dict[str, object] = {}
    for step in steps(plan, "update_entity"):
        changed.update(step["arguments"]["input"]["fields"])
    assert changed == {"amount": 75000.0, "closeDate": "2026-03-12"}


def test_the_close_on_a_deal_said_first_is_its_close_date() -> None:
    plan = run("push the close on the hooli deal out to the 12th")
    assert goals(plan) == [("update", "deal")]
    [update] = steps(plan, "update_entity")
    assert update["arguments"]["input"]["fields"] == {"closeDate": "2026-03-12"}
