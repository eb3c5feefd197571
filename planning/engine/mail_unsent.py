"""An email the last plan wrote and did not send (the plan cancelled at its card, or the email skipped): its subject
and text are known, so "send that same note to priya" after "hold off, don't send" sends them to someone else."""

from planning.engine.followups import ran_with
from planning.engine.session import Session, StepRun


def unsent(session: Session, run: StepRun) -> bool:
    """Whether ``run`` is a send that did not run, with its subject and text known."""
    if run.step.tool != "send_email" or run.state != "skipped":
        return False
    said = ran_with(session, run)
    return all(isinstance(said.get(key), str) and "{{" not in said[key] for key in ("subject", "body"))


def last_unsent(session: Session) -> StepRun | None:
    """The last email the plan wrote and did not send, if any."""
    return next((run for run in reversed(session.steps) if unsent(session, run)), None)
