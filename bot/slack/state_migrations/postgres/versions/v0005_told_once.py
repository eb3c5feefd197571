"""What a person has been told once. The same change as SQLite's revision 0006 (see there)."""

from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE told_once (
        team_id text NOT NULL,
        user_id text NOT NULL,
        notice text NOT NULL,
        told_at timestamptz NOT NULL,
        PRIMARY KEY (team_id, user_id, notice)
    )""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
