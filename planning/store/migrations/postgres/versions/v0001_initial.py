"""The plan store on PostgreSQL: sessions (JSONB documents), step claims, the audit trail.

Times are ``timestamptz`` (microseconds, like Python's datetimes); documents and results are JSONB.
"""

from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE sessions (
        id text PRIMARY KEY,
        thread_key text NOT NULL,
        requester text NOT NULL,
        state text NOT NULL,
        open boolean NOT NULL,
        version integer NOT NULL CHECK (version >= 1),
        data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        expires_at timestamptz
    )""",
    "CREATE UNIQUE INDEX sessions_one_open_per_thread ON sessions (thread_key) WHERE open",
    "CREATE INDEX sessions_open_oldest_first ON sessions (created_at, id) WHERE open",
    "CREATE INDEX sessions_by_requester_created ON sessions (requester, created_at)",
    """CREATE TABLE step_claims (
        session_id text NOT NULL REFERENCES sessions (id),
        step_id text NOT NULL,
        args_hash text NOT NULL,
        claimed_at timestamptz NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('running', 'done', 'failed')),
        result jsonb,
        error text,
        finished_at timestamptz,
        PRIMARY KEY (session_id, step_id)
    )""",
    """CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        session_id text NOT NULL,
        thread_key text NOT NULL,
        actor text NOT NULL,
        requester text NOT NULL,
        action text NOT NULL,
        step_id text,
        tool text,
        detail jsonb NOT NULL CHECK (jsonb_typeof(detail) = 'object')
    )""",
    "CREATE INDEX audit_log_by_time ON audit_log (at, id)",
    "CREATE INDEX audit_log_by_thread ON audit_log (thread_key, at, id)",
    "CREATE INDEX audit_log_by_actor ON audit_log (actor, at, id)",
    "CREATE INDEX audit_log_by_requester ON audit_log (requester, at, id)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
