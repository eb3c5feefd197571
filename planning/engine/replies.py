"""What the engine says back: values that every front end (terminal, Slack) renders its own way."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from planning.engine.checks import CardChecks
from planning.engine.file_facts import AttachedFile
from planning.engine.targets import Target
from planning.engine.view import PlanView


class Reply(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: str


class Say(Reply):
    """A plain message: an answer, a notice. ``private`` ones go to the requester only (tone "refusal" is
    :class:`Refused`'s); ``kept`` ones show workspace content (whose time is busy, what a record holds), so they go
    where Slack keeps them for the requester alone (their DM), even as a problem that might otherwise be a hint."""

    kind: Literal["say"] = "say"
    text: str
    tone: Literal["info", "refusal", "problem", "done"] = "info"
    private: bool = False
    kept: bool = False


RefusalReason = Literal[
    "not_allowed",  # PLANBOT_ALLOWED_USERS does not name them
    "not_yours",  # only the requester (or a configured approver) decides
    "no_such_plan",  # the plan is gone
    "moved_on",  # the plan no longer waits for what was clicked
    "over",  # the plan has ended (done, cancelled, expired)
    "changed",  # the step, or what it acts on, changed since it was shown: shown again, nothing done
    "gone",  # what the step acts on no longer exists: skipped
    "running",  # the step is running already (in this process or another)
    "expired",  # the approval waited too long: shown again
    "invalid",  # an edit that is not valid: nothing changed
    "not_repeated",  # items removed from a step that is not repeated
    "rate_limited",  # too many plans in the last hour
    "out_of_scope",  # about something outside email, CRM and calendar
    "not_understood",  # sounds like ours, but what to do was not understood
]


class Refused(Say):
    """What was asked, clicked or typed did not go through, and why (``reason``, a closed set the front ends act
    on: a refused click leaves its card as it was); ``text`` says it in words. Private unless said otherwise."""

    reason: RefusalReason
    tone: Literal["info", "refusal", "problem", "done"] = "refusal"
    private: bool = True


class ShowPlan(Reply):
    """The plan as the user's intentions with their steps; front ends update it in place."""

    kind: Literal["plan"] = "plan"
    view: PlanView


class AskValue(Reply):
    """A question in the thread: a missing value, a choice among candidates, a confirmation."""

    kind: Literal["ask"] = "ask"
    text: str
    example: str = ""
    problem: str | None = None
    options: list[str] = []
    can_skip: bool = False
    field: str | None = None  # the value asked for ("body", "startTime"), when a step's value is asked


class AskConnect(AskValue):
    """A step that waits for its requester to connect (``reconnect``: connect again) their own ``account`` (email,
    calendar, crm): front ends offer a Connect button; where they cannot, it is a question like any other."""

    session_id: str
    step_id: str
    intent: str
    account: str
    reconnect: bool = False


class ApprovalItem(BaseModel):
    """One item of a step repeated for each thing found: its number (to remove it), what it is, its arguments."""

    model_config = ConfigDict(frozen=True)
    index: int
    label: str
    arguments: dict[str, Any]
    words: dict[str, str] = {}  # what the step does to it, label → text (a move as its new time); ids left out


class AskApproval(Reply):
    """A step that changes something, with its arguments resolved, waiting for Approve/Skip/Edit/Cancel. A step
    repeated for each item found lists every item (``items``); the user approves them all or removes some first."""

    kind: Literal["approval"] = "approval"
    session_id: str
    step_id: str
    tool: str
    intent: str
    arguments: dict[str, Any]
    args_hash: str
    items: list[ApprovalItem] = []
    target: Target | None = None  # what it acts on, in words, and each change before → after
    checks: CardChecks | None = None  # busy times, an existing record, and what to choose instead of approving
    files: list[AttachedFile] = []  # the files its ``attachments`` name, as known: shown in place of the references
    left_out: list[str] = []  # items of a repeated step that will not run, each with why (kept, not theirs to change)
    then: list[str] = []  # the plan's later changes this approval approves too (each still shown, as approved)


class ApprovedCard(Reply):
    """A card shown already approved: an earlier reply approved every card of the plan ("yes both", ``said``), so
    this one runs without a second question; the requester still sees what it changes (``card``)."""

    kind: Literal["approved_card"] = "approved_card"
    card: AskApproval
    said: str


class StepOutcome(Reply):
    """What a step did: its result (shown to the requester only when it reveals mailbox or CRM contents)."""

    kind: Literal["outcome"] = "outcome"
    step_id: str
    tool: str
    intent: str
    ok: bool
    data: Any = None
    error: str | None = None
    private: bool = False
    answer: str | None = None  # for a read the user asked to see: the answer in words (contract §2.8)
    zone: str | None = None  # the requester's time zone: the times in ``data`` are shown in it
    done: str | None = None  # for a write: what it did, in words ("Moved “Pipeline review” to Thu 5 Mar, …")
