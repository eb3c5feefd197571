"""Leave-one-out scoring of the example bank: each evaluated item is hidden from the bank while it is
understood, so the bank cannot simply remember the answer (its own example, by id or by identical text)."""

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from planning.index.example_bank import ExampleBank, LeaveOut
from planning.output import output_line
from planning.pipeline import RequestPlanner
from planning.understanding.examples import Vote
from planning.understanding.parser import GoalUnderstandingService


class LeaveOneOutVoter:
    """An ``ExampleVoter`` over ``bank`` that hides the item being scored."""

    def __init__(self, bank: ExampleBank) -> None:
        self._bank = bank
        self._leave_out: LeaveOut | None = None

    @contextmanager
    def leaving_out(self, source: str, item_id: str, text: str) -> Iterator[None]:
        self._leave_out = LeaveOut(source, item_id, text)
        try:
            yield
        finally:
            self._leave_out = None

    def vote(self, text: str) -> Vote | None:
        return self._bank.vote(text, leave_out=self._leave_out)


def predictions_leaving_one_out(
    gold: Sequence[Mapping[str, Any]], path: Path, bank: ExampleBank, now: datetime
) -> list[dict[str, Any]]:
    """``planbot plan --jsonl`` lines for ``gold`` (the items of the file ``path``), rules + example bank
    (without the trained classifier)."""
    voter = LeaveOneOutVoter(bank)
    planner = RequestPlanner(GoalUnderstandingService(voter=voter, rules_only=True))
    lines = []
    for item in gold:
        text = str(item.get("text", ""))
        with voter.leaving_out(path.stem, str(item.get("id")), text):
            lines.append(output_line(item.get("id"), planner.understand(text, now)))
    return lines
