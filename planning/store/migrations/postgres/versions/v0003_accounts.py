"""Connected accounts: one row per person and kind (``user_id`` empty: shared by the whole workspace), the
credentials sealed by the caller (``secret``: ciphertext only). The same change as SQLite's revision 0004."""

from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE accounts (
        team text NOT NULL,
        user_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('email', 'calendar', 'crm')),
        service text NOT NULL,
        label text NOT NULL,
        secret bytea NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (team, user_id, kind)
    )""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
