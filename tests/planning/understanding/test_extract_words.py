"""Words extract.py reads are cue lists (issue 23): an amount's bound, a deal's closing, a forward and the thing
given to someone are read from data/cues files, on whole words."""

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


def _scope(text: str) -> dict[str, object]:
    return dict(GoalUnderstandingService().parse(text, MONDAY_9AM).goals[0].scope)


def test_a_bound_before_an_amount_is_read_with_or_without_a_space() -> None:
    assert _scope("show me deals over $50k")["amount_bound"] == "gt"
    assert _scope("show me deals > 50000")["amount_bound"] == "gt"  # a space before '>' (none read before)
    assert _scope("list deals at most 2000")["amount_bound"] == "lt"
    assert "amount_bound" not in _scope("show me deals over the summer")


def test_deals_closing_are_searched_by_close_date() -> None:
    assert _scope("which deals are closing this month")["by_close_date"] is True
    assert "by_close_date" not in _scope("which deals did we win this month")
