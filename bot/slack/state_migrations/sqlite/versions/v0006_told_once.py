"""What a person has been told once (``told_once``): a notice said to them privately, recorded per person and workspace
when it was sent, so that no restart or replica says it again (the default time zone used for a profile without a
zone we know, ``bot.slack.zone_notice``)."""

from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE told_once (
        team_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        notice TEXT NOT NULL,
        told_at TEXT NOT NULL,
        PRIMARY KEY (team_id, user_id, notice)
    ) WITHOUT ROWID""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
