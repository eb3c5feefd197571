"""Plan message records know when they last changed, so that retention can remove old ones; records from before
this revision count as changed now."""

from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.execute("ALTER TABLE plan_messages ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()")


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
