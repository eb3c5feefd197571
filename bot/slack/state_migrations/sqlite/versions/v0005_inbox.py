"""Event receipts become an inbox: each keeps the request as received (``payload``, JSON) and who is processing it
(``owner``, renewing ``heartbeat_at``; ``attempts`` counts the tries), so that a request acknowledged by a process
that stopped before acting on it is processed by another one. Receipts from before this revision have no payload
and are never processed again."""

from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    "ALTER TABLE seen_events ADD COLUMN payload TEXT",
    "ALTER TABLE seen_events ADD COLUMN owner TEXT",
    "ALTER TABLE seen_events ADD COLUMN heartbeat_at TEXT",
    "ALTER TABLE seen_events ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0",
    """CREATE INDEX seen_events_inbox ON seen_events (heartbeat_at)
        WHERE processed_at IS NULL AND payload IS NOT NULL""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
