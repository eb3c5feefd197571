"""A follow-up that sends the email just sent (or written and called off) again, to someone else ("send the same
thing to Kim too", "and to Omar as well", "do the same for Rita"): a new plan with one email of the same subject and
text to the people named, looked up as in any plan (contract §2.2) and approved as usual. An email the earlier plan
sent as a reply or a forward is forwarded instead: its text is part of a thread the new people do not have."""

from planning.engine.followups import FollowUp, forwarded, last_sent, people_steps, ran_with
from planning.engine.mail_unsent import last_unsent
from planning.engine.session import Session
from planning.references import placeholder
from planning.types import Goal, Plan, Step
from planning.understanding.commands import MailFollowUp


def resend(earlier: Session, command: MailFollowUp) -> FollowUp | None:
    """The plan that sends the earlier plan's last email to the people ``command`` names; None when it sent none."""
    sent = last_sent(earlier) or last_unsent(earlier)  # "send that same note to priya" after it was called off
    if sent is None:
        return None
    if sent.step.tool != "send_email":
        return forwarded(earlier, command.value)
    said = ran_with(earlier, sent)
    subject, body = said.get("subject"), said.get("body")
    if not isinstance(subject, str) or not isinstance(body, str):
        return None
    lookups, people = people_steps(command.value)
    inputs = {"to": people or [placeholder("to")], "subject": subject, "body": body}
    attachments = said.get("attachments")
    if isinstance(attachments, list) and attachments:
        inputs["attachments"] = attachments
    step = Step(
        id="send_again",
        intent=f"Email {command.value}: {subject}",
        tool="send_email",
        arguments={"input": inputs},
        depends_on=tuple(s.id for s in lookups),
    )
    plan = Plan(steps=(*lookups, step))
    return FollowUp(plan, Goal(intent="send", entity="email"), "follow-up: the same email to someone else")
