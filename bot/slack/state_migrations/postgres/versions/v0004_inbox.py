"""Event receipts become an inbox. The same change as SQLite's revision 0005 (see there)."""

from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    "ALTER TABLE seen_events ADD COLUMN payload text",
    "ALTER TABLE seen_events ADD COLUMN owner text",
    "ALTER TABLE seen_events ADD COLUMN heartbeat_at timestamptz",
    "ALTER TABLE seen_events ADD COLUMN attempts integer NOT NULL DEFAULT 0",
    """CREATE INDEX seen_events_inbox ON seen_events (heartbeat_at)
        WHERE processed_at IS NULL AND payload IS NOT NULL""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
