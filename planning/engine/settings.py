"""Engine policies: typed values passed in by the composition root."""

from dataclasses import dataclass, field

from planning.engine.retry import RetryPolicy


@dataclass(frozen=True, slots=True)
class EngineSettings:
    approval_ttl_seconds: float = 60 * 60  # an approval request older than this cannot be used
    session_ttl_seconds: float = 24 * 60 * 60  # an untouched open plan expires
    approve_reads: bool = False  # configuration may add approval to read steps, never remove it from writes
    max_answer_tries: int = 3  # invalid answers before the user is offered to cancel
    max_recoveries: int = 3  # recovery attempts per plan
    approvers: frozenset[str] = frozenset()  # users who may decide on anyone's steps
    allowed_users: frozenset[str] = frozenset()  # who may use the bot at all (empty: everyone)
    max_plans_per_hour: int = 30  # new plans per user per hour, across every replica (0: no limit)
    max_concurrent_turns: int = 8  # turns handled at once per process; the rest wait (never fail) for a slot
    audit_redact: bool = False  # keep only hashes of arguments, answers and results in the audit trail
    claim_lease_seconds: float = 60.0  # a running write whose process is silent this long is asked about
    new_request_confidence: float = 0.6  # a reply that answers nothing, understood this well, is offered as new
    retry: RetryPolicy = field(default_factory=RetryPolicy)
