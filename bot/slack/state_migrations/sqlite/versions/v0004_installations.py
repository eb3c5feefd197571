"""Several workspaces: each workspace's (or Enterprise Grid organisation's) installation, its bot, the OAuth
``state`` values handed out by the install flow, and which organisation a workspace seen in requests belongs to.

Keys are plain (``enterprise_id`` / ``team_id`` are ``''`` when absent: ``team_id`` is ``''`` for an org-wide
install); the installation itself, tokens included, is one sealed document (``sealed``: ciphertext only). A
``state`` is kept as its keyed hash, never as itself."""

from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE slack_installations (
        client_id TEXT NOT NULL,
        enterprise_id TEXT NOT NULL,
        team_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        is_enterprise_install INTEGER NOT NULL,
        installed_at REAL NOT NULL,
        sealed BLOB NOT NULL,
        PRIMARY KEY (client_id, enterprise_id, team_id, user_id)
    ) WITHOUT ROWID""",
    """CREATE INDEX slack_installations_latest
        ON slack_installations (client_id, enterprise_id, team_id, installed_at)""",
    """CREATE TABLE slack_bots (
        client_id TEXT NOT NULL,
        enterprise_id TEXT NOT NULL,
        team_id TEXT NOT NULL,
        is_enterprise_install INTEGER NOT NULL,
        installed_at REAL NOT NULL,
        sealed BLOB NOT NULL,
        PRIMARY KEY (client_id, enterprise_id, team_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX slack_bots_by_team ON slack_bots (client_id, team_id)",
    """CREATE TABLE slack_oauth_states (
        state_hash TEXT PRIMARY KEY,
        expires_at REAL NOT NULL
    ) WITHOUT ROWID""",
    """CREATE TABLE slack_org_workspaces (
        team_id TEXT PRIMARY KEY,
        enterprise_id TEXT NOT NULL
    ) WITHOUT ROWID""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
