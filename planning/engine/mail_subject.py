"""A subject made from the text a person gave: asked what an email should say, and asked nothing about its subject,
the step takes a short subject made from that text (shown on the approval card, correctable there) instead of
asking a second question."""

from planning.engine.resolve import unfilled_placeholders
from planning.engine.session import StepRun
from planning.understanding.subjects import from_body


def subject_from_text(run: StepRun) -> None:
    """Fill the step's subject from its answered text, when the subject is still to be asked."""
    text = run.answers.get("body")
    if not isinstance(text, str) or "subject" not in unfilled_placeholders(run.step.arguments, run.answers):
        return
    made = from_body(text)
    if made:
        run.answers["subject"] = made
