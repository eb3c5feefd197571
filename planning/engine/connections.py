"""A step that needs an account its requester has not connected, or must connect again, waits for it (contract §5.1).

The registry never runs a personal kind's step on anyone else's account; here the plan stops at that step with a
question of kind ``connect`` (``name``: the kind of account) and an ``AskConnect`` reply, which front ends show with
a Connect (or Reconnect) button. ``Conversation.account_connected`` takes the plan on from there once the person has
connected; any reply in the thread meanwhile checks again.
"""

from dataclasses import dataclass
from datetime import datetime

from integrations.base import AuthError
from integrations.base.errors import AccountNotConnectedError, PermissionDeniedError
from planning.engine.replies import AskConnect, Reply, Say
from planning.engine.session import Question, Session, StepRun


@dataclass(frozen=True, slots=True)
class AccountNeed:
    """What a step needs of its requester: their ``kind`` account connected, or connected again."""

    kind: str
    reconnect: bool


def need_of(error: BaseException, kind: str | None) -> AccountNeed | None:
    """The account ``error`` asks for, from a tool of the personal ``kind`` (None: a tool shared by everyone)."""
    if isinstance(error, AccountNotConnectedError):
        return AccountNeed(error.kind, reconnect=False)
    if kind is not None and isinstance(error, AuthError):
        return AccountNeed(kind, reconnect=True)
    return None


def refuse(run: StepRun, error: PermissionDeniedError, replies: list[Reply]) -> None:
    """A change the requester's account may not make (a workspace's CRM shared read-only): the step fails before
    any approval is asked, and the thread hears why and what to do instead."""
    run.state, run.error = "failed", str(error)
    replies.append(Say(text=f"I can't do “{run.step.intent}”: {error}.", tone="problem"))


def prompt(need: AccountNeed, intent: str) -> str:
    if need.reconnect:
        return (
            f"Your {need.kind} account needs to be connected again before I can “{intent}”. "
            "Reconnect it, and the plan goes on from here."
        )
    return (
        f"“{intent}” needs your own {need.kind} account, which is not connected yet (I never use anyone else's). "
        "Connect it, and the plan goes on from here; or reply “cancel”."
    )


def wait(session: Session, run: StepRun, need: AccountNeed, now: datetime) -> AskConnect:
    """Stop the plan at ``run`` until the account is connected."""
    text = prompt(need, run.step.intent)
    run.state = "waiting"
    session.question = Question(
        kind="connect",
        step_id=run.id,
        name=need.kind,
        prompt=text,
        asked_at=now,
        options=[{"reconnect": need.reconnect}],
    )
    session.state = "collecting"
    return ask(session)  # type: ignore[return-value]


def ask(session: Session) -> AskConnect | None:
    """The open connect question of ``session`` as a reply (to show it again), if that is what it waits for."""
    question = session.question
    if question is None or question.kind != "connect" or question.step_id is None:
        return None
    reconnect = bool(question.options and question.options[0].get("reconnect"))
    return AskConnect(
        text=question.prompt,
        session_id=session.id,
        step_id=question.step_id,
        intent=session.step(question.step_id).step.intent,
        account=question.name or "",
        reconnect=reconnect,
    )


def waiting_for(session: Session, kind: str) -> bool:
    question = session.question
    return session.open and question is not None and question.kind == "connect" and question.name == kind


def stop_waiting(session: Session) -> None:
    """Clear the connect question: the step is tried again (and asks again if the account is still missing)."""
    question = session.question
    if question is None or question.kind != "connect":
        return
    if question.step_id is not None:
        run = session.step(question.step_id)
        if run.state == "waiting":
            run.state = "pending"
    session.question = None
