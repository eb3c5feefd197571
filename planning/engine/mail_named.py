"""Another email named at the approval of a step that acts on one a search found ("not the nda - the signed msa
john sent fri"): the understanding read the reply into ``Correct(field="email")`` with the description; here the
description is read as a search of the mailbox (the request planner's reading of "find emails: …": its sender, words
and days), the email shown is left out of what it finds, and of several the one the description fits is taken. The
search step then holds that email, the write is shown again for approval. Several that fit, or none: the search is
run again as the description says, and the usual question follows (which one / what to look for)."""

from datetime import datetime
from typing import Any

from planning.engine.replies import Reply, Say
from planning.engine.runner import ToolRunner
from planning.engine.session import Session, StepRun
from planning.pipeline import RequestPlanner
from planning.references import references_in
from planning.understanding.commands import Correct
from planning.understanding.commands.mail_picks import mail_described

_DESCRIBING = ("sender", "from", "query", "subject", "since", "until")  # a search's inputs that say which email
_TARGET = "messageId"


async def another_mail(
    session: Session, command: Correct, *, planner: RequestPlanner, runner: ToolRunner, now: datetime
) -> list[Reply] | None:
    """The open approval's email replaced by the one ``command`` describes; None when nothing waiting for approval
    acts on an email a search found, or the description says nothing to search by."""
    question = session.question
    if question is None or question.kind != "approval" or question.step_id is None:
        return None
    write = session.step(question.step_id)
    search = _search_of(session, write)
    if search is None:
        return None
    acted_on = [m for m in (search.result or [])[:1] if isinstance(m, dict)]
    if command.replaces is None and acted_on and mail_described(command.value, acted_on, now) == 0:
        withdraw(session, write)  # "the redlines one from yesterday" of the one shown: it stays, shown again
        return [Say(text=f"That is the email shown: “{acted_on[0].get('subject') or 'the email'}”.")]
    inputs = await search_for(planner, command.value, now, session)
    if inputs is None:
        return None
    found = await runner.run("fetch_emails", inputs, zone=session.tz, principal=session.principal)
    shown = {str(m.get("id")) for m in search.result or [] if isinstance(m, dict)}
    mails = [m for m in found if isinstance(m, dict) and m.get("id") and str(m["id"]) not in shown]
    if len(mails) > 1:
        picked = mail_described(command.value, mails, now)
        mails = [mails[picked]] if picked is not None else mails
    step = search.step.model_copy(update={"arguments": {**search.step.arguments, "input": inputs}})
    search.step = step
    withdraw(session, write)
    if len(mails) == 1:
        search.result, search.state = mails, "done"
        mail = mails[0]
        return [Say(text=f"Using “{mail.get('subject') or 'the email'}” from {mail.get('from') or 'its sender'}.")]
    search.result, search.state = None, "pending"  # several or none: searched again, then asked as usual
    return []


def _search_of(session: Session, write: StepRun) -> StepRun | None:
    """The finished email search whose first email the write acts on."""
    ids = {ref.step_id for ref in references_in(write.step.inputs.get(_TARGET)) if ref.path[:2] == ("data", 0)}
    return next(
        (run for run in session.steps if run.id in ids and run.step.tool == "fetch_emails" and run.state == "done"),
        None,
    )


async def search_for(
    planner: RequestPlanner, description: str, now: datetime, session: Session
) -> dict[str, Any] | None:
    """The inputs of the search the description reads as (a request to find the emails it describes); None when it
    gives nothing to search by."""
    understood = await planner.understand_async(f"find emails: {description}", now, who=session.principal)
    for step in understood.plan.steps:
        if step.tool == "fetch_emails" and any(step.inputs.get(key) for key in _DESCRIBING):
            return {key: value for key, value in step.inputs.items() if value is not None}
    return None


def withdraw(session: Session, write: StepRun) -> None:
    """The write waits to be shown for approval again, with the email now found."""
    write.approved_hash = None
    session.question = None
    write.state = "pending"
