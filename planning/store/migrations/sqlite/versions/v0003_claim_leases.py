"""Claim leases: who runs a claimed step (``owner``) and its last sign of life (``heartbeat_at``), and the
``unknown`` outcome of a step whose owner stopped answering.

SQLite cannot change a CHECK constraint in place: the table is copied into a new one. ``heartbeat_at`` stays
nullable (a planbot from before leases still writes claims while replicas are upgraded); readers take
``claimed_at`` for it.
"""

from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE step_claims_v3 (
        session_id TEXT NOT NULL REFERENCES sessions (id),
        step_id TEXT NOT NULL,
        args_hash TEXT NOT NULL,
        claimed_at TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('running', 'done', 'failed', 'unknown')),
        result TEXT CHECK (result IS NULL OR json_valid(result)),
        error TEXT,
        finished_at TEXT,
        owner TEXT NOT NULL DEFAULT '',
        heartbeat_at TEXT,
        PRIMARY KEY (session_id, step_id)
    ) WITHOUT ROWID""",
    """INSERT INTO step_claims_v3 (
        session_id, step_id, args_hash, claimed_at, outcome, result, error, finished_at, owner, heartbeat_at
    ) SELECT session_id, step_id, args_hash, claimed_at, outcome, result, error, finished_at, '', claimed_at
    FROM step_claims""",
    "DROP TABLE step_claims",
    "ALTER TABLE step_claims_v3 RENAME TO step_claims",
    "CREATE INDEX step_claims_running_by_heartbeat ON step_claims (heartbeat_at) WHERE outcome = 'running'",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
