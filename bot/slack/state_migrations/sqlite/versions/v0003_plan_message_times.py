"""Plan message records know when they last changed, so that retention can remove old ones; records from before
this revision count as changed now."""

from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    "ALTER TABLE plan_messages ADD COLUMN updated_at TEXT",
    "UPDATE plan_messages SET updated_at = strftime('%Y-%m-%dT%H:%M:%f', 'now') || '000+00:00'",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
