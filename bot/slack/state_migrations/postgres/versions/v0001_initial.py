"""The Slack state on PostgreSQL, shared by every replica: event receipts with their thread order, plan
messages (looked up by thread through an index), decisions as a JSONB array, recent results."""

from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE seen_events (
        team_id text NOT NULL,
        event_id text NOT NULL,
        seen_at timestamptz NOT NULL,
        thread_key text,
        event_ts text,
        event_order text,
        processed_at timestamptz,
        PRIMARY KEY (team_id, event_id)
    )""",
    """CREATE INDEX seen_events_unprocessed_by_thread ON seen_events (thread_key, event_order)
        WHERE processed_at IS NULL""",
    """CREATE TABLE plan_messages (
        session_id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        team_id text NOT NULL,
        channel text NOT NULL,
        thread_ts text NOT NULL,
        message_ts text,
        requester text NOT NULL,
        is_dm boolean NOT NULL,
        thread_key text NOT NULL,
        decided jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(decided) = 'array')
    )""",
    "CREATE INDEX plan_messages_by_thread ON plan_messages (thread_key, seq)",
    """CREATE TABLE recent_results (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id text NOT NULL,
        at timestamptz NOT NULL,
        title text NOT NULL,
        line text NOT NULL
    )""",
    "CREATE INDEX recent_by_user ON recent_results (user_id, at, id)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
