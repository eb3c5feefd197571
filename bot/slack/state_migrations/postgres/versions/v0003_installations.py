"""Several workspaces: installations, bots, the install flow's OAuth ``state`` values and the workspaces of
org-wide installs. The same change as SQLite's revision 0004 (see there)."""

from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE slack_installations (
        client_id text NOT NULL,
        enterprise_id text NOT NULL,
        team_id text NOT NULL,
        user_id text NOT NULL,
        is_enterprise_install boolean NOT NULL,
        installed_at double precision NOT NULL,
        sealed bytea NOT NULL,
        PRIMARY KEY (client_id, enterprise_id, team_id, user_id)
    )""",
    """CREATE INDEX slack_installations_latest
        ON slack_installations (client_id, enterprise_id, team_id, installed_at)""",
    """CREATE TABLE slack_bots (
        client_id text NOT NULL,
        enterprise_id text NOT NULL,
        team_id text NOT NULL,
        is_enterprise_install boolean NOT NULL,
        installed_at double precision NOT NULL,
        sealed bytea NOT NULL,
        PRIMARY KEY (client_id, enterprise_id, team_id)
    )""",
    "CREATE INDEX slack_bots_by_team ON slack_bots (client_id, team_id)",
    """CREATE TABLE slack_oauth_states (
        state_hash text PRIMARY KEY,
        expires_at double precision NOT NULL
    )""",
    """CREATE TABLE slack_org_workspaces (
        team_id text PRIMARY KEY,
        enterprise_id text NOT NULL
    )""",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
