"""A new email at its approval turned into a reply ("actually can you send it as a reply to his launch plan email
instead? keeps it all in one thread"): the understanding read the description of the email to answer into
``Correct(field="email")``; here it is searched for as :mod:`.mail_named` searches another email (the request
planner's reading of "find emails: …"), and of several the one the description fits is taken. The new email becomes
a reply to it with the same text, after a read that stands done with that email (the card describes it, and it is
read again before the reply goes); the reply is shown again for approval. None or several that fit: said, and the
card stays as it was."""

from datetime import datetime
from email.utils import parseaddr

from planning.engine.followups import ran_with
from planning.engine.mail_named import search_for, withdraw
from planning.engine.replies import Reply, Say
from planning.engine.runner import ToolRunner
from planning.engine.session import Session, StepRun
from planning.pipeline import RequestPlanner
from planning.references import reference
from planning.types import Step
from planning.understanding.commands import Correct
from planning.understanding.commands.mail_picks import mail_described

_NEW_MAIL = "send_email"


async def sent_as_reply(
    session: Session, command: Correct, *, planner: RequestPlanner, runner: ToolRunner, now: datetime
) -> list[Reply] | None:
    """The new email waiting for approval made a reply to the email ``command`` describes; None when no new email
    waits for approval or the description gives nothing to search by."""
    question = session.question
    if question is None or question.kind != "approval" or question.step_id is None:
        return None
    write = session.step(question.step_id)
    if write.step.tool != _NEW_MAIL:
        return None
    inputs = await search_for(planner, command.value, now, session)
    if inputs is None:
        return None
    found = await runner.run("fetch_emails", inputs, zone=session.tz, principal=session.principal)
    mails = [m for m in found if isinstance(m, dict) and m.get("id")]
    if len(mails) > 1:
        picked = mail_described(command.value, mails, now)
        mails = [mails[picked]] if picked is not None else mails
    if len(mails) != 1:
        how = "no email" if not mails else f"{len(mails)} emails"
        return [Say(text=f"I found {how} for “{command.value}”, the email stays a new one, as shown.")]
    mail = mails[0]
    search = StepRun(
        step=Step(
            id=f"{write.id}_answered",
            intent=f"Find {command.value}",
            tool="fetch_emails",
            arguments={"input": inputs},
            goal=write.step.goal,
        ),
        kind="read",
        state="done",
        result=[mail],
    )
    body = ran_with(session, write).get("body")
    sender = parseaddr(str(mail.get("from") or ""))[0] or str(mail.get("from") or "its sender")
    answer = Step(
        id=write.step.id,
        intent=f"Reply to {sender}: {mail.get('subject') or 'the email'}",
        tool="reply_email",
        arguments={"input": {"messageId": reference(search.id, "data[0].id"), "body": body}},
        depends_on=(search.id,),
        goal=write.step.goal,
    )
    session.steps.insert(session.steps.index(write), search)
    write.step, write.answers, write.edited, write.overrides = answer, {}, None, {}
    withdraw(session, write)
    return [Say(text=f"Sending it as a reply to “{mail.get('subject') or 'the email'}” from {sender}, same text.")]
