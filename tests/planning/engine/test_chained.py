"""The later changes an approval card approves too, in words: an email says to whom and what, and one whose recipients
or text are not known yet is left to a card of its own (user test s12, c21)."""

from typing import Any, cast

from planning.engine.chained import said_later
from planning.engine.resolve import ResolutionError
from planning.engine.session import Session, StepRun
from planning.types import Step

NO_SESSION = cast(Session, None)  # ``said_later`` only hands it to the arguments


def _run(step_id: str, tool: str, intent: str) -> StepRun:
    return StepRun(step=Step(id=step_id, intent=intent, tool=tool, arguments={"input": {}}), kind="write")


def test_an_email_is_said_with_its_recipients_and_text() -> None:
    mail = _run("mail", "send_email", "Email omar")
    [(run, line)] = said_later(NO_SESSION, [mail], lambda _s, _r: {"to": ["omar@x.com"], "body": "Running late"})
    assert run is mail
    assert line == "Email omar, saying “Running late” — to omar@x.com"


def test_an_email_not_known_yet_waits_for_its_own_card_and_other_changes_are_listed() -> None:
    def arguments(_session: Session, run: StepRun) -> dict[str, Any]:
        if run.id == "mail":
            raise ResolutionError("the address comes from a step not run yet")
        return {}

    later = [_run("mail", "send_email", "Email omar"), _run("book", "create_calendar_event", "Book the review")]
    assert [line for _, line in said_later(NO_SESSION, later, arguments)] == ["Book the review"]
    unfilled = said_later(NO_SESSION, later[:1], lambda _s, _r: {"to": ["{{find.result.email}}"], "body": "Hi"})
    assert unfilled == []
