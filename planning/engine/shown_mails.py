"""A reply or forward whose email is described by what the last plan found ("forward the older one to maria", "fwd
her original email to john", "reply to the one from tom saying …"): of the emails that plan read or listed, the one
the description fits is the one meant, not the next one a fresh search of the mailbox would find. Which one a
description fits is the understanding's reading (:func:`planning.understanding.commands.mail_picks.mail_described`)
of the words the request gave its search (sender, subject, words); a description that fits none or several of them
is searched for as asked."""

from datetime import datetime
from typing import Any

from planning.engine.carried import carried_read
from planning.engine.conflicts import moment
from planning.engine.followups import FollowUp, used_as_target
from planning.engine.session import Session
from planning.types import Goal, Plan
from planning.understanding.commands.mail_picks import mail_described, sent_by

_DESCRIBING = ("sender", "from", "subject", "query")  # a search's inputs that say which email


def among_shown_mails(earlier: Session, plan: Plan, goal: Goal, now: datetime) -> FollowUp | None:
    """``plan`` with its search for the one email it answers or passes on carried from what ``earlier`` found, when
    the words of that search describe exactly one of those; None otherwise."""
    shown = _mails_found(earlier)
    if not shown:
        return None
    steps, known = list(plan.steps), {}
    for index, step in enumerate(plan.steps):
        if step.tool != "fetch_emails" or used_as_target(plan, step.id, "email") != "one":
            continue
        inputs = step.inputs
        description = " ".join(str(inputs[key]) for key in _DESCRIBING if isinstance(inputs.get(key), str))
        within = [mail for mail in shown if _within(mail, inputs.get("since"), inputs.get("until"))]
        picked = mail_described(description, within, now) if description.strip() and within else None
        sender = next((inputs[key] for key in ("sender", "from") if isinstance(inputs.get(key), str)), None)
        if picked is None or (sender and not sent_by(within[picked], sender)):  # a sender said is the sender
            continue
        mail = within[picked]
        steps[index] = carried_read(step, "email", mail)
        known[step.id] = [mail]
    if not known:
        return None
    return FollowUp(Plan(steps=tuple(steps)), goal, "follow-up: one of the emails found", known=known)


def _mails_found(earlier: Session) -> list[dict[str, Any]]:
    """The emails the earlier plan's last search found (listed, read, or answered)."""
    for run in reversed(earlier.steps):
        if run.step.tool == "fetch_emails" and run.state == "done" and isinstance(run.result, list):
            return [item for item in run.result if isinstance(item, dict) and item.get("id") and item.get("subject")]
    return []


def _within(mail: dict[str, Any], since: Any, until: Any) -> bool:
    """Whether the mail came inside the days the request gave its search (any, when it gave none)."""
    when = moment(mail.get("date"))
    start, end = moment(since), moment(until)
    if when is None:
        return start is None and end is None
    return (start is None or when >= start) and (end is None or when < end)
