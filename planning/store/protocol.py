"""The plan store's contract: the record types, the error tree and the ``PlanStore`` protocol.

A session is an opaque, versioned JSON document owned by the conversation engine. Who sets which field:

- the engine: ``state``, ``open``, ``data``, ``expires_at`` (written by ``create`` and every ``save``);
- fixed at ``create``: ``id``, ``thread_key``, ``requester`` (``save`` keeps the stored values);
- the store: ``version``, ``created_at``, ``updated_at`` (whatever a record passed in carries is replaced).

The store never expires anything on its own: the engine closes an expired session with ``save(open=False)``.

A step claim is keyed by ``(session_id, step_id)``; ``step_id`` is an opaque key of the engine's making, so one step
may hold several claims (a re-run ``"send#1"``, an item of a repeated step ``"send[3]"``). A running claim carries a
lease: its ``owner`` renews ``heartbeat_at`` while the step runs, and a claim idle for longer than the lease is ended
as ``"unknown"`` by whoever finds it (``expire_claim``): the step may or may not have happened.
Audit entries are data, appended and never changed; who may read whose is the caller's rule, redaction is done
before an entry reaches the store.
"""

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, Protocol, runtime_checkable

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, model_validator

Clock = Callable[[], datetime]
StepOutcome = Literal["running", "done", "failed", "unknown"]
FinishedOutcome = Literal["done", "failed", "unknown"]
FINISHED_OUTCOMES: frozenset[str] = frozenset({"done", "failed", "unknown"})
AuditAction = Literal[
    "asked", "planned", "answered", "approved", "skipped", "edited", "ran", "failed", "cancelled", "expired", "refused"
]


def utc_now() -> datetime:
    """The default clock: now, aware, in UTC."""
    return datetime.now(UTC)


def encode_json(value: Any) -> str:
    """``value`` as JSON text (tuples become lists); ``ValueError`` for NaN, infinities and non-JSON objects."""
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not a JSON value: {exc}") from exc


def encode_document(value: Any) -> str:
    """Like ``encode_json``, but ``ValueError`` unless ``value`` comes back from JSON exactly as it went in.

    Documents are stored exactly: no tuples, no non-string keys, so every backend returns what it was given.
    """
    text = encode_json(value)
    if json.loads(text) != value:
        raise ValueError("not a JSON document: it would not survive a JSON round trip (tuples? non-string keys?)")
    return text


def _checked(encode: Callable[[Any], str]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        encode(value)
        return value

    return check


UtcDatetime = Annotated[AwareDatetime, AfterValidator(lambda value: value.astimezone(UTC))]
JsonValue = Annotated[Any, AfterValidator(_checked(encode_json))]
JsonDocument = Annotated[dict[str, Any], AfterValidator(_checked(encode_document))]


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SessionRecord(_Record):
    """One plan session: the engine's document for one conversation thread."""

    id: str = Field(min_length=1)
    thread_key: str = Field(min_length=1)
    requester: str
    state: str
    open: bool = True
    version: int = Field(default=1, ge=1)
    data: JsonDocument = Field(default_factory=dict)
    created_at: UtcDatetime = Field(default_factory=utc_now)
    updated_at: UtcDatetime = Field(default_factory=utc_now)
    expires_at: UtcDatetime | None = None

    def team_of_thread(self) -> str:
        """The Slack workspace of the thread (``slack:<team>:…``), "" for other threads: only for plans stored
        before their document kept the team they were asked in."""
        source, _, rest = self.thread_key.partition(":")
        return rest.partition(":")[0] if source == "slack" else ""


class StepClaim(_Record):
    """The record that a step was started and, once it ends, how it ended.

    ``outcome == "running"`` with a recent ``heartbeat_at``: ``owner`` is running it now; with an old one, the owner
    died and the step may or may not have taken effect. ``"unknown"``: it ended that way (no answer from the service,
    or its owner's lease ran out). ``heartbeat_at`` defaults to ``claimed_at``.
    """

    session_id: str
    step_id: str
    args_hash: str
    claimed_at: UtcDatetime
    outcome: StepOutcome = "running"
    result: JsonValue | None = None
    error: str | None = None
    finished_at: UtcDatetime | None = None
    owner: str = ""
    heartbeat_at: UtcDatetime

    @model_validator(mode="before")
    @classmethod
    def _heartbeat_from_claim(cls, values: Any) -> Any:
        if isinstance(values, dict) and values.get("heartbeat_at") is None:
            return {**values, "heartbeat_at": values.get("claimed_at")}
        return values


class AuditEntry(_Record):
    """One line of the audit trail: who did what to which plan (and step), when, with which details.

    ``actor`` is who acted (the requester, an approver, or the requester's id for the engine's own actions);
    ``detail`` is a JSON document: resolved arguments or their hash, the result or error, the request text.
    """

    at: UtcDatetime
    session_id: str
    thread_key: str
    actor: str
    requester: str
    action: AuditAction
    step_id: str | None = None
    tool: str | None = None
    detail: JsonDocument = Field(default_factory=dict)


class StoreError(Exception):
    """Base of every error a plan store raises (backend failures included)."""


class SessionExists(StoreError):  # noqa: N818 -- the names the engine uses
    """The id is taken, or the thread already has an open session (close that one first)."""

    @classmethod
    def duplicate_id(cls, session_id: str) -> "SessionExists":
        return cls(f"a session with id {session_id!r} already exists")

    @classmethod
    def thread_taken(cls, thread_key: str) -> "SessionExists":
        return cls(f"thread {thread_key!r} already has an open session; close it first")


class SessionNotFound(StoreError):  # noqa: N818 -- the names the engine uses
    def __init__(self, session_id: str) -> None:
        super().__init__(f"no session with id {session_id!r}")
        self.session_id = session_id


class VersionConflict(StoreError):  # noqa: N818 -- the names the engine uses
    """Someone else saved the session first: reload it and decide again."""

    def __init__(self, session_id: str, *, expected: int, actual: int) -> None:
        super().__init__(f"session {session_id!r} is at version {actual}, not {expected}: someone else saved first")
        self.session_id = session_id
        self.expected = expected
        self.actual = actual


class StepNotRunning(StoreError):  # noqa: N818 -- the names the engine uses
    """``finish_step`` on a step that was never claimed or has already finished."""

    def __init__(self, session_id: str, step_id: str) -> None:
        super().__init__(f"step {step_id!r} of session {session_id!r} has no running claim to finish")
        self.session_id = session_id
        self.step_id = step_id


class UnsupportedSchemaVersion(StoreError):  # noqa: N818 -- the names the engine uses
    """The stored schema is newer than this code understands: upgrade planbot, do not downgrade the data."""

    def __init__(self, location: str, *, found: int, supported: int, what: str = "plan store") -> None:
        super().__init__(
            f"{what} {location} has schema version {found}, but this planbot supports up to {supported}; "
            "upgrade planbot to open it"
        )
        self.found = found
        self.supported = supported


def check_finished_outcome(outcome: str) -> None:
    """``ValueError`` unless ``outcome`` can end a step (a runtime guard behind the ``Literal``)."""
    if outcome not in FINISHED_OUTCOMES:
        raise ValueError(f"a step finishes as 'done', 'failed' or 'unknown', not {outcome!r}")


def check_idle_seconds(idle_seconds: float) -> None:
    if not idle_seconds >= 0:
        raise ValueError(f"a lease is at least 0 seconds, not {idle_seconds!r}")


def check_audit_limit(limit: int) -> None:
    if limit < 1:
        raise ValueError(f"an audit query returns at least one entry, not limit={limit}")


def check_aware(value: datetime) -> None:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"the plan store compares aware datetimes only, not {value.isoformat()}")


@runtime_checkable
class PlanStore(Protocol):
    """Durable state for plan sessions; every backend passes ``tests/planning/store/conformance.py``."""

    async def create(self, record: SessionRecord) -> SessionRecord:
        """Store a new session at version 1; ``SessionExists`` for a taken id or a thread with an open session."""
        ...

    async def get(self, session_id: str) -> SessionRecord | None: ...

    async def open_for_thread(self, thread_key: str) -> SessionRecord | None:
        """The thread's open session, if any (there is at most one)."""
        ...

    async def save(self, record: SessionRecord, *, expected_version: int) -> SessionRecord:
        """Write the engine's fields if the stored version is ``expected_version``; return version + 1.

        ``VersionConflict`` if someone saved first, ``SessionNotFound`` for an unknown id, ``SessionExists`` when
        reopening a session on a thread that has another open one.
        """
        ...

    async def latest_for_thread(self, thread_key: str, *, requester: str) -> SessionRecord | None:
        """The session of ``requester`` on the thread updated last, open or closed (a follow-up refers to it)."""
        ...

    async def list_open(self, *, requester: str | None = None) -> list[SessionRecord]:
        """Open sessions, oldest first (by ``created_at``, then ``id``), optionally only one requester's."""
        ...

    async def claim_step(self, session_id: str, step_id: str, *, args_hash: str, owner: str = "") -> bool:
        """Record that ``owner`` is about to run the step: True for the first claim only, whatever the hash.

        ``SessionNotFound`` for an unknown session.
        """
        ...

    async def claim_and_save(
        self, record: SessionRecord, *, expected_version: int, step_id: str, args_hash: str, owner: str = ""
    ) -> SessionRecord | None:
        """``claim_step`` and ``save`` in one transaction: both happen, or neither.

        The saved record (version + 1) when the claim is new; None, with nothing written, when the step was already
        claimed. ``VersionConflict``, ``SessionNotFound`` and ``SessionExists`` as ``save`` (no claim is made then).
        """
        ...

    async def renew_claim(self, session_id: str, step_id: str, *, owner: str) -> bool:
        """Stamp ``heartbeat_at`` of ``owner``'s running claim; False when it is not (or no longer) theirs."""
        ...

    async def expire_claim(self, session_id: str, step_id: str, *, idle_seconds: float) -> StepClaim | None:
        """End the running claim as ``"unknown"`` if its heartbeat is at least ``idle_seconds`` old (store clock).

        Returns the ended claim, or None when there is no running claim that idle (its owner is alive, or someone
        else ended it first: of concurrent callers, one gets the claim). ``ValueError`` for a negative lease.
        """
        ...

    async def stale_claims(self, *, idle_seconds: float, limit: int = 100) -> list[StepClaim]:
        """Running claims whose heartbeat is at least ``idle_seconds`` old, oldest heartbeat first."""
        ...

    async def finish_step(
        self,
        session_id: str,
        step_id: str,
        *,
        outcome: FinishedOutcome,
        result: Any = None,
        error: str | None = None,
    ) -> None:
        """Record how a claimed step ended; ``StepNotRunning`` if it is not claimed or already finished (or expired).

        ``result`` must be JSON-encodable (``ValueError`` otherwise, checked before anything is written); it is
        stored and returned in its JSON form (tuples come back as lists).
        """
        ...

    async def get_claim(self, session_id: str, step_id: str) -> StepClaim | None: ...

    async def append_audit(self, entry: AuditEntry) -> None:
        """Add one entry to the audit trail (kept as given: its ``at`` is not replaced by the store's clock)."""
        ...

    async def audit(
        self,
        *,
        thread_key: str | None = None,
        user: str | None = None,
        limit: int = 200,
        thread_prefix: str | None = None,
    ) -> list[AuditEntry]:
        """The latest ``limit`` entries, oldest first (by ``at``, then the order they were appended).

        ``thread_key`` keeps one thread's entries; ``user`` keeps those where the user is the actor or the
        requester; ``thread_prefix`` those of threads whose key starts with it (one Slack workspace's); together
        they keep entries matching all. ``ValueError`` for ``limit < 1``.
        """
        ...

    async def prune_audit(self, before: datetime) -> int:
        """Delete audit entries older than ``before`` (the retention setting); returns how many went."""
        ...

    async def prune_sessions(self, before: datetime) -> int:
        """Delete closed sessions last saved before ``before``, with their step claims (the retention setting);
        returns how many sessions went. Open sessions stay, however old."""
        ...

    async def count_created_since(self, requester: str, since: datetime, *, thread_prefix: str | None = None) -> int:
        """How many sessions ``requester`` created at or after ``since`` (by ``created_at``), open or not; with
        ``thread_prefix``, only on threads whose key starts with it (one Slack workspace's).

        ``ValueError`` for a naive ``since``. Counting then creating is two steps: for a limit that holds exactly
        under concurrent requests, do both inside ``thread_lock(f"user:{requester}")``.
        """
        ...

    def thread_lock(self, thread_key: str) -> AbstractAsyncContextManager[None]:
        """Hold this while working on one thread: holders of the same key never overlap; other keys never wait.

        How far it reaches is the backend's: PostgreSQL serialises every process sharing the database (an
        advisory lock held on its own connection, released on exit, error or cancellation, and by the server if
        the process dies); memory and SQLite serialise the tasks of this process only. Not re-entrant: a holder
        that asks for its own key again waits forever.
        """
        ...

    async def close(self) -> None:
        """Release resources; later calls raise ``StoreError``. Closing twice is harmless."""
        ...
