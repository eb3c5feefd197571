"""The news a request to tell someone carries when it says nothing to tell ("let john smith know, he'll want to
celebrate", after the deal was closed won): what the last plan in the thread did, as its done lines said it ("Updated
deal “Globex deal”: Stage Negotiation → Closed won; Amount $125,000 → $118,000"), is the email's text; its subject is
made from it. Shown on the card, correctable there. The same within one plan ("move monday's standup to 10 and email
the team so nobody shows up at 9:30"): the email's text is what the changes before it did, listed with its text on
the card that approves them, filled once they ran, never asked for."""

from collections.abc import Callable

from planning.engine.followups import ran_with
from planning.engine.session import Session, StepRun
from planning.engine.targets import target_of
from planning.types import Plan
from planning.understanding.phrases import tells_someone
from planning.understanding.subjects import from_body


def with_news(earlier: Session, text: str, plan: Plan) -> Plan:
    """``plan`` with the text of its email, when the request tells someone and gave no text, from what ``earlier``
    changed; ``plan`` as it is otherwise."""
    if not tells_someone(text):
        return plan
    news = _done_lines(earlier)
    if not news:
        return plan
    steps = []
    for step in plan.steps:
        inputs = step.inputs
        if step.tool == "send_email" and "PLACEHOLDER_body" in str(inputs.get("body")):
            subject = inputs.get("subject")
            made = {"body": news}
            if "PLACEHOLDER_subject" in str(subject):
                made["subject"] = from_body(news) or news
            step = step.model_copy(update={"arguments": {**step.arguments, "input": {**inputs, **made}}})
        steps.append(step)
    return plan.model_copy(update={"steps": tuple(steps)})


_TEXT = ("body", "subject")  # an email's values the news gives
_ENDED = frozenset({"done", "skipped", "failed"})
MADE = "I wrote this text from what this plan did: check it before it goes"


def waits_for_news(session: Session, run: StepRun, missing: list[str]) -> bool:
    """Whether the email ``run`` sends lacks only its text and follows a change of the same plan not yet made ("move
    monday's standup to 10 and email the team so nobody shows up at 9:30"): its text is that change's news, filled
    once the change ran (``news_of``), never asked for."""
    return _news_for(run, missing) and any(other.state not in _ENDED for other in _writes_before(session, run))


def news_of(session: Session, run: StepRun, missing: list[str]) -> dict[str, str]:
    """The text (and subject) of the email ``run`` sends, from the changes of the same plan made before it, for the
    values it lacks; empty when those changes made nothing (skipped, failed) or are still to come. A text other than
    the one the card before showed (``then_lines``) is said on its card, which then waits for its own approval."""
    if not _news_for(run, missing) or any(o.state not in _ENDED for o in _writes_before(session, run)):
        return {}
    news = _done_lines(session, _writes_before(session, run))
    if not news:
        return {}
    if news != run.news_shown and MADE not in run.without:
        run.without.append(MADE)
    made = {"body": news, "subject": from_body(news) or news}
    return {name: made[name] for name in missing}


def then_lines(session: Session, later: list[StepRun], unfilled: Callable[[StepRun], list[str]]) -> list[str]:
    """The plan's later changes as a card lists them; an email whose text will be the news of the changes before it
    with that text, as planned now ("Email priya, tom, saying “Moved “Weekly standup” to Mon 9 Mar, 10:00–10:15 EDT.”"),
    so that approving the card sees it."""
    lines = []
    for run in later:
        missing = unfilled(run)
        planned = _done_lines(session, _writes_before(session, run), planned=True) if _news_for(run, missing) else ""
        if planned:
            run.news_shown = planned
        lines.append(f"{run.step.intent}, saying “{planned}”" if planned else run.step.intent)
    return lines


def _news_for(run: StepRun, missing: list[str]) -> bool:
    return run.step.tool == "send_email" and "body" in missing and set(missing) <= set(_TEXT)


def _writes_before(session: Session, run: StepRun) -> list[StepRun]:
    """The changes of other requests of the plan listed before ``run``; another email is no news to tell ("email tom
    and email sarah": each asks its own text)."""
    before = session.steps[: session.steps.index(run)]
    return [
        other
        for other in before
        if other.kind == "write" and other.step.goal != run.step.goal and other.step.tool not in _MAIL_SENT
    ]


_MAIL_SENT = frozenset({"send_email", "reply_email", "forward_email", "create_draft"})


def _done_lines(earlier: Session, runs: list[StepRun] | None = None, *, planned: bool = False) -> str:
    """What the earlier plan's writes (or ``runs`` of it) did, one sentence each; ``planned``: what those still to
    run will do, as their cards would say it once done."""
    lines: list[str] = []
    for run in earlier.steps if runs is None else runs:
        ran = run.state == "done" or (planned and run.state not in _ENDED)
        if not ran or run.kind != "write" or run.step.for_each is not None:
            continue
        target = target_of(earlier, run, ran_with(earlier, run))
        if target is not None and target.done:
            lines.append(target.done.rstrip(".") + ".")
    return " ".join(lines)
