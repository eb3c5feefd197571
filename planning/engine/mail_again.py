"""The change the last plan made to mail (marked read or unread, archived) made to more mail, described in a
follow-up ("the overdue invoice one from maria too"): a read of the mail described, then the same change, approved
as usual; of several found where one is described, the user picks (as for any read feeding one change)."""

from typing import Any

from planning.engine.followups import FollowUp, ran_with
from planning.engine.session import Session
from planning.planner.recipes_email import query_words
from planning.references import reference
from planning.types import Goal, Plan, Step
from planning.understanding.commands import MailFollowUp
from planning.understanding.everyday import marked_mails

_CHANGES = ("unread", "archived")


def mail_again(earlier: Session, change: MailFollowUp) -> FollowUp | None:
    """The plan that makes the last mail change of ``earlier`` to the mail ``change`` describes; None when
    ``earlier`` changed no mail or the words describe none."""
    made = next(
        (run for run in reversed(earlier.steps) if run.state == "done" and run.step.tool == "update_email"), None
    )
    if made is None:
        return None
    args = ran_with(earlier, made)
    changes = {key: args[key] for key in _CHANGES if isinstance(args.get(key), bool)}
    sender, words, each = marked_mails(change.value, ())
    if not changes or not (sender or words):
        return None
    each = each or (made.step.for_each is not None and not words)  # "same for john's" after each of tom's: each
    inputs: dict[str, Any] = {"sender": sender, "query": query_words(words)}
    if each and changes == {"unread": False}:
        inputs["unreadOnly"] = True  # each one still unread
    read = Step(
        id="find_emails",
        intent=f"Find {change.value}",
        tool="fetch_emails",
        arguments={"input": {key: value for key, value in inputs.items() if value is not None}},
    )
    target = "{{item.id}}" if each else reference(read.id, "data[0].id")
    write = Step(
        id="mark",
        intent=_said(made.step.intent, each),
        tool="update_email",
        arguments={"input": {"messageId": target, **changes}},
        depends_on=(read.id,),
        for_each=reference(read.id, "data") if each else None,
    )
    return FollowUp(Plan(steps=(read, write)), Goal(intent="update", entity="email"), "follow-up: the same change")


def _said(intent: str, each: bool) -> str:
    """The earlier change's words for this one: "Mark each as read" → "Mark it as read too" (one mail)."""
    said = intent.removesuffix(" too")
    said = said.replace(" it ", " each ") if each else said.replace(" each ", " it ")
    return f"{said} too"
