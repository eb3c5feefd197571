"""Creation claims. The same change as SQLite's revision 0006 (see there)."""

from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    """CREATE TABLE creation_claims (
        claim_key text PRIMARY KEY,
        owner text NOT NULL,
        record_id text,
        expires_at timestamptz NOT NULL
    )""",
    "CREATE INDEX creation_claims_expiry ON creation_claims (expires_at)",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
