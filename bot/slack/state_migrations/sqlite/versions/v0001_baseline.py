"""The Slack state before migrations; ``IF NOT EXISTS`` everywhere, so a file made by that code is adopted."""

from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE IF NOT EXISTS seen_events (
        team_id TEXT NOT NULL, event_id TEXT NOT NULL, seen_at TEXT NOT NULL, PRIMARY KEY (team_id, event_id))""",
    """CREATE TABLE IF NOT EXISTS plan_messages (
        session_id TEXT PRIMARY KEY, team_id TEXT NOT NULL, channel TEXT NOT NULL, thread_ts TEXT NOT NULL,
        message_ts TEXT, requester TEXT NOT NULL, is_dm INTEGER NOT NULL, decided TEXT NOT NULL DEFAULT '[]')""",
    """CREATE TABLE IF NOT EXISTS recent_results (
        user_id TEXT NOT NULL, at TEXT NOT NULL, title TEXT NOT NULL, line TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS recent_by_user ON recent_results (user_id, at)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
