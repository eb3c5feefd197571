"""The plan session document: one per conversation thread, saved before every transition is acted on."""

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from integrations.base.principal import Principal
from planning.engine.checks import CardChecks
from planning.engine.file_facts import AttachedFile
from planning.types import ParseResult, Step

SessionState = Literal[
    "understood", "clarifying", "collecting", "awaiting_approval", "running", "done", "failed", "cancelled", "expired"
]
StepState = Literal["pending", "waiting", "running", "done", "skipped", "failed", "unknown"]
QuestionKind = Literal["clarify", "value", "pick", "recover", "unknown_outcome", "past_start", "approval", "connect"]
TERMINAL: frozenset[str] = frozenset({"done", "failed", "cancelled", "expired"})


class Mutable(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class StepRun(Mutable):
    """A step of the plan and what has happened to it."""

    step: Step
    kind: Literal["read", "write"]
    state: StepState = "pending"
    answers: dict[str, Any] = Field(default_factory=dict)  # placeholder name → value given by the user
    edited: dict[str, Any] | None = None  # arguments set by an edit; replace the planned ones
    result: Any = None
    error: str | None = None
    approved_hash: str | None = None
    decided_by: str | None = None
    note: str | None = None
    attempt: int = 0  # a write re-run after an unknown outcome claims again under a new key
    past_ok: str | None = None  # a start time already past that the user chose to keep
    overrides: dict[str, Any] = Field(default_factory=dict)  # fields a correction named ("make the subject ...")
    # a read carried from the last plan, said by what it found ("“Weekly standup” from your last plan") to the
    # requester alone; its step's intent says only the kind of thing ("The event from your last plan") where others see
    said_privately: str | None = None
    used_existing: bool = False  # a create that used the record or event already there: nothing was created
    without: list[str] = Field(default_factory=list)  # people not found and left out, said on the card (``left_out``)
    news_shown: str | None = None  # an email's text made from the plan's changes, as a card listed it (``news``)
    picked_from: list[Any] | None = None  # a lookup answered by a pick: the options it was picked from
    # a for_each step (contract §2.6): the items as resolved when it was shown, those the user removed, what each
    # run returned, and items settled otherwise (failed, skipped, marked done by the user)
    items: list[Any] | None = None
    removed: list[int] = Field(default_factory=list)
    approved_items: list[int] = Field(default_factory=list)
    item_results: dict[int, Any] = Field(default_factory=dict)
    item_notes: dict[int, str] = Field(default_factory=dict)

    def open_items(self) -> list[int]:
        """Items still to run: neither removed, nor run, nor settled."""
        return [
            index
            for index in range(len(self.items or []))
            if index not in self.removed and index not in self.item_results and index not in self.item_notes
        ]

    @property
    def id(self) -> str:
        return self.step.id


class Question(Mutable):
    """What the bot is waiting for in the thread."""

    kind: QuestionKind
    step_id: str | None = None
    name: str | None = None  # placeholder name for a value
    prompt: str
    tries: int = 0
    options: list[dict[str, Any]] = Field(default_factory=list)
    args_hash: str | None = None  # for approvals: the exact arguments shown
    checks: CardChecks | None = None  # for approvals: what the card also said (conflicts, duplicates, the target)
    partial: str | None = None  # a day or week given without a time ("next week"): the next answer is read in it
    offered: str | None = None  # a reply read as a new request: offered to start it instead of the open plan
    then: list[str] = Field(default_factory=list)  # for approvals: the later writes its approval covers (step ids)
    then_said: list[str] = Field(default_factory=list)  # … and each in words, as the card said it
    # for approvals: the last reply at this card, not understood ("put it on john not me"): the next approval typed
    # is asked once more, as the person may think the change was made
    unread: str | None = None
    asked_at: datetime


class Recovery(Mutable):
    step_id: str
    strategy: str
    outcome: str
    at: datetime


class Standing(Mutable):
    """An approval said for every card of the plan ("yes both"): who said it and the words, so that each later
    card is shown as approved by them (:mod:`planning.engine.standing`)."""

    by: str
    said: str
    steps: list[str] = Field(default_factory=list)  # the later writes it stands for (none listed: every one)


class Session(Mutable):
    id: str
    thread_key: str
    requester: str
    text: str
    tz: str
    team: str = ""  # the Slack workspace it was asked in ("" elsewhere), from the principal that asked
    requester_address: str | None = None  # the requester's own email address, when the front end knew it
    created_at: datetime
    state: SessionState = "understood"
    parse: ParseResult
    steps: list[StepRun] = Field(default_factory=list)
    question: Question | None = None
    recoveries: list[Recovery] = Field(default_factory=list)
    history: list[str] = Field(default_factory=list)
    files: list[AttachedFile] = Field(default_factory=list)  # shared with the request and in its thread (§2.7)
    receipts: list[str] = Field(default_factory=list)  # the requests it took last (``planning.engine.receipts``)
    then: str = ""  # said with the reply that started it, to run once it is done ("undo that and <then>")
    queued: list[str] = Field(default_factory=list)  # requests said beside it ("also book …"), started once it ends
    standing: Standing | None = None  # an approval said for every card of the plan, still to come ("yes both")

    @property
    def open(self) -> bool:
        return self.state not in TERMINAL

    @property
    def principal(self) -> Principal:
        """Who the plan acts for: the requester, in the workspace it was asked in, in their time zone."""
        return Principal(team=self.team, user=self.requester, zone=self.tz, address=self.requester_address)

    def step(self, step_id: str) -> StepRun:
        for run in self.steps:
            if run.id == step_id:
                return run
        raise KeyError(step_id)

    def results(self) -> dict[str, Any]:
        """What each finished step returned, as the tool returns it: ``{"data": ...}``."""
        return {run.id: {"data": run.result} for run in self.steps if run.state == "done"}
