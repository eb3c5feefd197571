"""Durable state for plan sessions: one versioned JSON document per conversation thread, plus step claims.

Backends: ``InMemoryPlanStore`` (tests, terminal) and ``SqlitePlanStore`` (one file, several processes). Every
backend passes the shared suite in ``tests/planning/store/conformance.py``.

Errors::

    StoreError                  any store failure, backend errors included
    ├── SessionExists           duplicate id, or the thread already has an open session
    ├── SessionNotFound         unknown session id (save, claim_step)
    ├── VersionConflict         someone else saved first (expected / actual version)
    ├── StepNotRunning          finish_step on a step never claimed or already finished
    └── UnsupportedSchemaVersion  the stored schema is newer than this code
"""

from planning.store.memory import InMemoryPlanStore
from planning.store.protocol import (
    Clock,
    FinishedOutcome,
    PlanStore,
    SessionExists,
    SessionNotFound,
    SessionRecord,
    StepClaim,
    StepNotRunning,
    StepOutcome,
    StoreError,
    UnsupportedSchemaVersion,
    VersionConflict,
)
from planning.store.sqlite import SqlitePlanStore

__all__ = [
    "Clock",
    "FinishedOutcome",
    "InMemoryPlanStore",
    "PlanStore",
    "SessionExists",
    "SessionNotFound",
    "SessionRecord",
    "SqlitePlanStore",
    "StepClaim",
    "StepNotRunning",
    "StepOutcome",
    "StoreError",
    "UnsupportedSchemaVersion",
    "VersionConflict",
]
