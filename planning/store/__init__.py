"""Durable state for plan sessions: one versioned JSON document per conversation thread, plus step claims, the
audit trail, and a lock per thread.

Backends: ``InMemoryPlanStore`` (tests, terminal), ``SqlitePlanStore`` (one file, several processes on one host)
and ``PostgresPlanStore`` (several replicas; imported on first use, psycopg loads only then). Every backend passes
the shared suite in ``tests/planning/store/conformance.py``. ``open_store(location)`` and ``migrate(location)``
take a ``postgresql://`` URL or a SQLite path; schemas are migrated by alembic on open (``schema``, ``migrations``).

Errors::

    StoreError                  any store failure, backend errors included
    ├── SessionExists           duplicate id, or the thread already has an open session
    ├── SessionNotFound         unknown session id (save, claim_step)
    ├── VersionConflict         someone else saved first (expected / actual version)
    ├── StepNotRunning          finish_step on a step never claimed or already finished
    └── UnsupportedSchemaVersion  the stored schema is newer than this code
"""

from typing import TYPE_CHECKING, Any

from planning.store.memory import InMemoryPlanStore
from planning.store.opening import is_postgres_url, migrate, open_store
from planning.store.protocol import (
    AuditAction,
    AuditEntry,
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

if TYPE_CHECKING:
    from planning.store.postgres import PostgresPlanStore


def __getattr__(name: str) -> Any:
    if name == "PostgresPlanStore":  # psycopg costs ~90 ms to import: only for those who use it
        from planning.store.postgres import PostgresPlanStore

        return PostgresPlanStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AuditAction",
    "AuditEntry",
    "Clock",
    "FinishedOutcome",
    "InMemoryPlanStore",
    "PlanStore",
    "PostgresPlanStore",
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
    "is_postgres_url",
    "migrate",
    "open_store",
]
