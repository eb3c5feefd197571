"""Claim leases: who runs a claimed step (``owner``) and its last sign of life (``heartbeat_at``), and the
``unknown`` outcome of a step whose owner stopped answering.

The same change as SQLite's revision 0003 (this history had no 0002). ``heartbeat_at`` stays nullable (a planbot
from before leases still writes claims while replicas are upgraded); readers take ``claimed_at`` for it.
"""

from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

STATEMENTS = (
    "ALTER TABLE step_claims DROP CONSTRAINT step_claims_outcome_check",
    "ALTER TABLE step_claims ADD CONSTRAINT step_claims_outcome_check "
    "CHECK (outcome IN ('running', 'done', 'failed', 'unknown'))",
    "ALTER TABLE step_claims ADD COLUMN owner text NOT NULL DEFAULT ''",
    "ALTER TABLE step_claims ADD COLUMN heartbeat_at timestamptz",
    "UPDATE step_claims SET heartbeat_at = claimed_at",
    "CREATE INDEX step_claims_running_by_heartbeat ON step_claims (heartbeat_at) WHERE outcome = 'running'",
)


def upgrade() -> None:
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("planbot's migrations are forward-only: restore a backup to go back")
