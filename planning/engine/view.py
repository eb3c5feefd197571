"""The plan as intentions (the user's goals) with their steps and states, for front ends to draw."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

StepShown = Literal["pending", "waiting for you", "running", "done", "skipped", "failed", "unknown"]


class StepLine(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    intent: str
    tool: str
    kind: Literal["read", "write"]
    state: StepShown
    note: str | None = None
    detail: str | None = None  # what it acts on, in words, from the requester's own data: for their eyes only


class Intention(BaseModel):
    model_config = ConfigDict(frozen=True)
    title: str
    active: bool
    complete: bool  # nothing of it is left to run
    steps: list[StepLine]
    achieved: bool = False  # every step of it done (a cancelled or skipped goal is complete, not achieved)


class PlanView(BaseModel):
    model_config = ConfigDict(frozen=True)
    session_id: str
    request: str
    understood: str
    explanation: str
    confidence: float
    state: str
    intentions: list[Intention]
