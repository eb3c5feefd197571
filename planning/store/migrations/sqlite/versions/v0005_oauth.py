"""OAuth connections: an account whose refresh failed is marked (``needs_reconnect``) until it is connected again;
``oauth_states`` keeps each sign-in in progress (single-use ``state``, kept as its SHA-256 only, bound to a team
and user (``shared``: the workspace's CRM, connected by that user, an admin), the PKCE verifier sealed by the
caller, the browser's cookie as its hash, a short expiry)."""

from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    "ALTER TABLE accounts ADD COLUMN needs_reconnect INTEGER NOT NULL DEFAULT 0 CHECK (needs_reconnect IN (0, 1))",
    """CREATE TABLE oauth_states (
        state_hash TEXT PRIMARY KEY,
        team TEXT NOT NULL,
        user_id TEXT NOT NULL,
        shared INTEGER NOT NULL,
        service TEXT NOT NULL,
        kinds TEXT NOT NULL,
        verifier BLOB NOT NULL,
        browser TEXT NOT NULL,
        expires_at TEXT NOT NULL
    ) WITHOUT ROWID""",
    "CREATE INDEX oauth_states_expiry ON oauth_states (expires_at)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
