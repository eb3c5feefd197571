"""Connected accounts: one row per person and kind (``user_id`` empty: shared by the whole workspace), the
credentials sealed by the caller (``secret``: ciphertext only)."""

from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE accounts (
        team TEXT NOT NULL,
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('email', 'calendar', 'crm')),
        service TEXT NOT NULL,
        label TEXT NOT NULL,
        secret BLOB NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (team, user_id, kind)
    ) WITHOUT ROWID""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
