"""OAuth connections: an account whose refresh failed is marked (``needs_reconnect``) until it is connected again;
``oauth_states`` keeps each sign-in in progress. The same change as SQLite's revision 0005."""

from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    "ALTER TABLE accounts ADD COLUMN needs_reconnect boolean NOT NULL DEFAULT false",
    """CREATE TABLE oauth_states (
        state_hash text PRIMARY KEY,
        team text NOT NULL,
        user_id text NOT NULL,
        shared boolean NOT NULL,
        service text NOT NULL,
        kinds text NOT NULL,
        verifier bytea NOT NULL,
        browser text NOT NULL,
        expires_at timestamptz NOT NULL
    )""",
    "CREATE INDEX oauth_states_expiry ON oauth_states (expires_at)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
