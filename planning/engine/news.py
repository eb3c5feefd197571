"""The news a request to tell someone carries when it says nothing to tell ("let john smith know, he'll want to
celebrate", after the deal was closed won): what the last plan in the thread did, as its done lines said it ("Updated
deal “Globex deal”: Stage Negotiation → Closed won; Amount $125,000 → $118,000"), is the email's text; its subject is
made from it. Shown on the card, correctable there."""

from planning.engine.followups import ran_with
from planning.engine.session import Session
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


def _done_lines(earlier: Session) -> str:
    """What the earlier plan's writes did, one sentence each."""
    lines: list[str] = []
    for run in earlier.steps:
        if run.state != "done" or run.kind != "write" or run.step.for_each is not None:
            continue
        target = target_of(earlier, run, ran_with(earlier, run))
        if target is not None and target.done:
            lines.append(target.done.rstrip(".") + ".")
    return " ".join(lines)
