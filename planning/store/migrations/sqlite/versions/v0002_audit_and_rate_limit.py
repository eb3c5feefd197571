"""The audit trail, and an index for counting a requester's recent sessions (the per-user rate limit)."""

from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        session_id TEXT NOT NULL,
        thread_key TEXT NOT NULL,
        actor TEXT NOT NULL,
        requester TEXT NOT NULL,
        action TEXT NOT NULL,
        step_id TEXT,
        tool TEXT,
        detail TEXT NOT NULL CHECK (json_valid(detail))
    )""",
    "CREATE INDEX audit_log_by_time ON audit_log (at, id)",
    "CREATE INDEX audit_log_by_thread ON audit_log (thread_key, at, id)",
    "CREATE INDEX audit_log_by_actor ON audit_log (actor, at, id)",
    "CREATE INDEX audit_log_by_requester ON audit_log (requester, at, id)",
    "CREATE INDEX sessions_by_requester_created ON sessions (requester, created_at)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
