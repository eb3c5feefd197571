"""What the last plan summarized, sent on ("ok send that summary to sarah w/ a heads up that it's due the 13th"): a
new request that points back ("that", "it") and writes an email takes the summary the last plan showed as the
email's text, after the words the request gave (they lead it, as a note); unless a subject is said ("subject: …"),
the subject names what was summarized (the one email's subject, else "Summary"). Shown on the card, correctable
there."""

from typing import Any

from planning.engine.session import Session
from planning.types import Plan
from planning.understanding.commands import points_back
from planning.understanding.phrases import subject_span

_PLACEHOLDER = "PLACEHOLDER_"
_SUMMARY = "Summary"


def with_summary(earlier: Session, text: str, plan: Plan) -> Plan:
    """``plan`` with the summary ``earlier`` showed in the text of each email it writes, when ``text`` points back;
    ``plan`` as it is otherwise."""
    summary = _summary(earlier)
    if summary is None or not points_back(text):
        return plan
    steps = []
    for step in plan.steps:
        inputs = step.inputs
        if step.tool == "send_email":
            body, subject = inputs.get("body"), inputs.get("subject")
            lead = body if isinstance(body, str) and _PLACEHOLDER not in body and body.strip() else None
            made: dict[str, Any] = {"body": f"{lead}\n\n{summary}" if lead else summary}
            if not isinstance(subject, str) or _PLACEHOLDER in subject or subject_span(text) is None:
                made["subject"] = _about(earlier)  # a subject said ("subject: …") is kept
            step = step.model_copy(update={"arguments": {**step.arguments, "input": {**inputs, **made}}})
        steps.append(step)
    return plan.model_copy(update={"steps": tuple(steps)})


def _summary(earlier: Session) -> str | None:
    """The summary the earlier plan's last summarize step showed, if it ran."""
    for run in reversed(earlier.steps):
        if run.step.tool == "summarize" and run.state == "done" and isinstance(run.result, dict):
            said = run.result.get("summary")
            return said.strip() if isinstance(said, str) and said.strip() else None
    return None


def _about(earlier: Session) -> str:
    """ "Summary: <subject>" of the one email the earlier plan summarized; "Summary" otherwise."""
    for run in reversed(earlier.steps):
        if run.step.tool == "fetch_emails" and run.state == "done" and isinstance(run.result, list):
            subjects = [m.get("subject") for m in run.result if isinstance(m, dict) and m.get("subject")]
            return f"{_SUMMARY}: {subjects[0]}" if len(subjects) == 1 else _SUMMARY
    return _SUMMARY
