"""The column lists every SQL backend reads and writes, in the order its row readers expect."""

from typing import Any

SESSION_COLUMNS = "id, thread_key, requester, state, open, version, data, created_at, updated_at, expires_at"
# a claim written before leases (or by a planbot that knows none) has no heartbeat: its claim time stands for it
CLAIM_COLUMNS = (
    "session_id, step_id, args_hash, claimed_at, outcome, result, error, finished_at, owner, "
    "COALESCE(heartbeat_at, claimed_at)"
)
AUDIT_COLUMNS = "at, session_id, thread_key, actor, requester, action, step_id, tool, detail"

Row = tuple[Any, ...]
