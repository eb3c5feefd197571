"""Creation claims (``integrations.base.creations``): a record a connector is creating, or created a moment ago,
under a key (account, object type, normalised name), so that two replicas do not both create it while the
service's search cannot see it yet. ``owner`` is the claiming call, ``record_id`` the id once created, and
``expires_at`` when the claim (or the remembered id) lapses."""

from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE creation_claims (
        claim_key TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        record_id TEXT,
        expires_at TEXT NOT NULL
    ) WITHOUT ROWID""",
    "CREATE INDEX creation_claims_expiry ON creation_claims (expires_at)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
