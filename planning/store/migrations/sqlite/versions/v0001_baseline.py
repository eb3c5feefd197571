"""The schema of the plan store before migrations (then marked by ``PRAGMA user_version = 1``).

``IF NOT EXISTS`` everywhere: a file made by that code is adopted as it is.
"""

from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY NOT NULL,
        thread_key TEXT NOT NULL,
        requester TEXT NOT NULL,
        state TEXT NOT NULL,
        open INTEGER NOT NULL CHECK (open IN (0, 1)),
        version INTEGER NOT NULL CHECK (version >= 1),
        data TEXT NOT NULL CHECK (json_valid(data)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        expires_at TEXT
    )""",
    "CREATE UNIQUE INDEX IF NOT EXISTS sessions_one_open_per_thread ON sessions (thread_key) WHERE open = 1",
    "CREATE INDEX IF NOT EXISTS sessions_open_oldest_first ON sessions (created_at, id) WHERE open = 1",
    """CREATE TABLE IF NOT EXISTS step_claims (
        session_id TEXT NOT NULL REFERENCES sessions (id),
        step_id TEXT NOT NULL,
        args_hash TEXT NOT NULL,
        claimed_at TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('running', 'done', 'failed')),
        result TEXT CHECK (result IS NULL OR json_valid(result)),
        error TEXT,
        finished_at TEXT,
        PRIMARY KEY (session_id, step_id)
    ) WITHOUT ROWID""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
