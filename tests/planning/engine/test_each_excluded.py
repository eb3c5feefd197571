""" "All … except X" (contract §2.9): X names the item kept by the words of its title as people shorten them (the
initials of words that follow one another), and a card where X named none of the items found says so plainly."""

from typing import Any

from planning.engine import each
from planning.engine.session import StepRun
from planning.types import Exclusion, Step


def _run(query: str, titles: list[str]) -> StepRun:
    step = Step(
        id="delete",
        intent="Delete each event",
        tool="delete_calendar_event",
        arguments={"input": {"eventId": "{{item.id}}"}},
        for_each="{{find.result.data}}",
        exclude=Exclusion(query=query),
    )
    items: list[Any] = [{"id": f"e{n}", "title": title} for n, title in enumerate(titles)]
    run = StepRun(step=step, kind="write", items=items)
    each.settle(run)
    return run


def test_initials_of_words_of_the_title_name_the_item_kept():
    run = _run("ar sync", ["Accounts receivable sync", "Design crit"])
    assert run.open_items() == [1]
    run = _run("vendor sla", ["Vendor service level agreement check-in", "Hiring loop"])
    assert run.open_items() == [1]


def test_words_of_the_title_still_name_it_and_other_initials_do_not():
    assert _run("design", ["Accounts receivable sync", "Design crit"]).open_items() == [0]
    assert _run("xyz sync", ["Accounts receivable sync", "Design crit"]).open_items() == [0, 1]


def test_a_card_whose_exception_named_nothing_found_warns_that_nothing_is_kept():
    run = _run("board dinner", ["Accounts receivable sync", "Design crit"])
    notice = each.unmatched_exclusion(run)
    assert notice is not None and "board dinner" in notice.title and "nothing is kept" in notice.title
    assert "all 2" in notice.lines[0]
    assert each.unmatched_exclusion(_run("design", ["Accounts receivable sync", "Design crit"])) is None


def test_an_exception_said_with_more_words_than_the_title_keeps_the_item_it_holds():
    """User test s13 c10 (harmful): "… except the launch review i guess" named nothing (the words "i guess" are in no
    title) and approving declined the one meeting the person said to keep."""
    assert _run("design crit probably", ["Accounts receivable sync", "Design crit"]).open_items() == [0]
    assert _run("the hiring loop if thats ok", ["Hiring loop", "Design crit"]).open_items() == [1]
    # a title named by the query's own words wins: the looser reading is only for when none is
    assert _run("design crit notes", ["Design crit notes", "Design crit"]).open_items() == [1]
