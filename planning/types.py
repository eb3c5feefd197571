"""Core value types: goals, parse results, meta-goals, plans. All frozen."""

from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Intent = Literal["send", "find", "create", "update", "delete", "summarize", "chat", "unsupported"]
Entity = Literal["email", "contact", "lead", "deal", "account", "event", "availability", "note", "task", "none"]
MetaType = Literal["single", "independent_multi", "dependent_multi"]
NO_PLAN_INTENTS: frozenset[str] = frozenset({"chat", "unsupported"})


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TimeRange(Frozen):
    """A resolved time expression: ``start`` inclusive, ``end`` exclusive; ``end is None`` for an instant."""

    start: datetime
    end: datetime | None = None
    has_clock_time: bool = False

    @model_validator(mode="after")
    def _ordered(self) -> "TimeRange":
        if self.end is not None and self.end <= self.start:
            raise ValueError("a time range must end after it starts")
        return self


class Slots(Frozen):
    """What the request says, extracted. Absent values are ``None`` or empty."""

    people: tuple[str, ...] = ()
    emails: tuple[str, ...] = ()
    companies: tuple[str, ...] = ()
    topic: str | None = None
    subject: str | None = None
    body: str | None = None
    title: str | None = None
    when: TimeRange | None = None
    new_when: TimeRange | None = None
    duration_minutes: int | None = None
    shift_minutes: int | None = None
    amount: float | None = None
    stage: str | None = None
    status: str | None = None
    location: str | None = None
    industry: str | None = None
    field_changes: tuple[tuple[str, str], ...] = ()
    phone: str | None = None
    limit: int | None = None
    unread: bool = False

    def public(self) -> dict[str, Any]:
        """The slots as contract JSON: only what was found, datetimes as ISO text."""
        out: dict[str, Any] = {}
        for key, value in self.model_dump(mode="json", exclude_defaults=True).items():
            out[key] = value
        if len(self.people) == 1:
            out["person"] = self.people[0]
        return out


class OutOfScope(Frozen):
    """Why the understanding read a request as none of ours: it is about something else (``topic``: "the
    weather"), or it asks an action planbot does not take (``action``, as ``said``) on things it works with
    (``things``: "emails"). Set by the understanding on an ``unsupported`` goal, so nobody reads its explanation."""

    said: str = ""
    topic: str = ""
    action: str = ""
    things: str = ""


class Goal(Frozen):
    """Something the user asked to be done or shown."""

    intent: Intent
    entity: Entity
    artifact: str = "none"
    scope: dict[str, Any] = Field(default_factory=dict)
    slots: Slots = Field(default_factory=Slots)
    text: str = ""
    outside: OutOfScope | None = None  # an ``unsupported`` goal about something outside email, CRM and calendar

    @property
    def plans_nothing(self) -> bool:
        return self.intent in NO_PLAN_INTENTS


class MetaGoal(Frozen):
    """Goals and their dependencies: goal index → indexes it needs (a DAG)."""

    meta_type: MetaType
    goals: tuple[Goal, ...] = Field(min_length=1)
    dependencies: dict[int, tuple[int, ...]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _is_dag(self) -> "MetaGoal":
        n = len(self.goals)
        for goal, needs in self.dependencies.items():
            if not 0 <= goal < n or any(not 0 <= need < n for need in needs):
                raise ValueError("a dependency names a goal that does not exist")
            if goal in needs:
                raise ValueError(f"goal {goal} depends on itself")
        _check_acyclic({k: list(v) for k, v in self.dependencies.items()})
        expected = "single" if n == 1 else ("dependent_multi" if self.has_dependencies else "independent_multi")
        if self.meta_type != expected:
            raise ValueError(f"meta_type {self.meta_type!r} does not fit {n} goal(s); expected {expected!r}")
        return self

    @property
    def has_dependencies(self) -> bool:
        return any(self.dependencies.values())


def _check_acyclic(edges: dict[int, list[int]]) -> None:
    state: dict[int, int] = {}

    def visit(node: int) -> None:
        state[node] = 1
        for nxt in edges.get(node, []):
            if state.get(nxt) == 1:
                raise ValueError("goal dependencies form a cycle")
            if nxt not in state:
                visit(nxt)
        state[node] = 2

    for node in list(edges):
        if node not in state:
            visit(node)


class Choice(Frozen):
    """One reading offered when the understanding is unsure."""

    intent: Intent
    entity: Entity
    confidence: float = Field(ge=0.0, le=1.0)


class ParseResult(Frozen):
    """The understanding of one request."""

    meta: MetaGoal
    confidence: float = Field(ge=0.0, le=1.0)
    ambiguities: tuple[str, ...] = ()
    explanation: str = ""
    clarify: str | None = None
    choices: tuple[Choice, ...] = ()  # with ``clarify``: the likeliest readings, best first (contract §2, v2)

    @property
    def goals(self) -> tuple[Goal, ...]:
        return self.meta.goals

    def with_goals(self, change: Callable[[Goal], Goal]) -> "ParseResult":
        """This understanding with each goal changed by ``change``; itself when none changed."""
        goals = tuple(change(goal) for goal in self.goals)
        if goals == self.goals:
            return self
        return self.model_copy(update={"meta": self.meta.model_copy(update={"goals": goals})})


class Condition(Frozen):
    """One ``run_if`` condition (contract §2.6): exactly one of ``empty`` / ``not_empty``, a list reference."""

    empty: str | None = None
    not_empty: str | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> "Condition":
        if (self.empty is None) == (self.not_empty is None):
            raise ValueError('a condition is {"empty": REF} or {"not_empty": REF}')
        return self

    @property
    def reference(self) -> str:
        return self.empty if self.empty is not None else str(self.not_empty)

    @property
    def wants_empty(self) -> bool:
        return self.empty is not None


class Exclusion(Frozen):
    """(v3) Items of a ``for_each`` left out: those whose title (or subject, name) has every word of ``query``."""

    query: str = Field(min_length=1)


class Step(Frozen):
    """One tool call of a plan. ``arguments`` is ``{"input": {...}}`` as in the contract.

    (v2) ``for_each``: a reference to a list; the step runs once per item, ``{{item.<path>}}`` being the item.
    ``run_if``: conditions that must all hold, else the step is skipped.
    (v3) ``exclude``: with ``for_each``, the items it names are left out ("all … except the 1:1", contract §2.9).
    ``pick`` (not in the contract's JSON): "always" when the person picks one of the items a read finds even when it
    finds one (a change to an event the request did not name: never the next event taken in its place); else they are
    asked only when several are found where one is used.
    """

    id: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    intent: str
    tool: str
    arguments: dict[str, Any]
    depends_on: tuple[str, ...] = ()
    goal: int = 0
    for_each: str | None = None
    run_if: tuple[Condition, ...] = ()
    exclude: Exclusion | None = None
    pick: Literal["when_several", "always"] = "when_several"

    @field_validator("run_if", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        if value is None:
            return ()
        return [value] if isinstance(value, dict | Condition) else value

    @property
    def inputs(self) -> dict[str, Any]:
        value = self.arguments.get("input", {})
        return value if isinstance(value, dict) else {}

    def contract_json(self) -> dict[str, Any]:
        """The step as contract JSON: ``for_each``/``run_if``/``exclude`` only when set, one condition as an object."""
        out = self.model_dump(mode="json", exclude={"for_each", "run_if", "exclude", "pick"})
        if self.for_each is not None:
            out["for_each"] = self.for_each
        if self.exclude is not None:
            out["exclude"] = self.exclude.model_dump(mode="json")
        if self.run_if:
            conditions = [c.model_dump(mode="json", exclude_none=True) for c in self.run_if]
            out["run_if"] = conditions[0] if len(conditions) == 1 else conditions
        return out


class Plan(Frozen):
    steps: tuple[Step, ...] = ()
