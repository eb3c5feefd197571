"""Events remember their thread, ``ts`` and when they were processed (ordering across replicas); plan messages
store their thread key (``where_thread`` becomes an index lookup), backfilled as ``state.thread_key`` makes it."""

from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    "ALTER TABLE seen_events ADD COLUMN thread_key TEXT",
    "ALTER TABLE seen_events ADD COLUMN event_ts TEXT",
    "ALTER TABLE seen_events ADD COLUMN event_order TEXT",
    "ALTER TABLE seen_events ADD COLUMN processed_at TEXT",
    """CREATE INDEX seen_events_unprocessed_by_thread ON seen_events (thread_key, event_order)
        WHERE processed_at IS NULL""",
    "ALTER TABLE plan_messages ADD COLUMN thread_key TEXT",
    """UPDATE plan_messages SET thread_key = 'slack:' || team_id || ':' || channel
        || CASE WHEN is_dm THEN '' ELSE ':' || thread_ts END""",
    "CREATE INDEX plan_messages_by_thread ON plan_messages (thread_key)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
