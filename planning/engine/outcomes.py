"""What a step did, as a reply: a result, a failure; and a connector's result as plain JSON for the store."""

import json
import math
from typing import Any

from planning.engine.replies import Reply, StepOutcome
from planning.engine.runner import describe_failure
from planning.engine.session import StepRun

# results that reveal mailbox or CRM contents go to the requester only
PRIVATE_TOOLS = frozenset({"fetch_emails", "fetch_entity", "summarize", "fetch_calendar_events"})


def outcome(
    run: StepRun, data: Any, answer: str | None = None, done: str | None = None, *, zone: str | None = None
) -> StepOutcome:
    return StepOutcome(
        step_id=run.id,
        tool=run.step.tool,
        intent=run.step.intent,
        ok=True,
        data=data,
        private=run.step.tool in PRIVATE_TOOLS,
        answer=answer,
        done=done,
        zone=zone,
    )


def fail(run: StepRun, error: BaseException, replies: list[Reply]) -> None:
    """Mark ``run`` failed and say why (with what to do when an account needs reconnecting)."""
    failure = describe_failure(error if isinstance(error, Exception) else Exception(str(error)))
    run.state, run.error = "failed", failure.message
    hint = " Reconnect the account, then ask again." if failure.reconnect else ""
    replies.append(
        StepOutcome(step_id=run.id, tool=run.step.tool, intent=run.step.intent, ok=False, error=failure.message + hint)
    )


def jsonable(data: Any) -> Any:
    """A connector's result as plain JSON (no NaN or infinity, strings for anything exotic)."""

    def clean(value: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {str(k): clean(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [clean(v) for v in value]
        return value

    return json.loads(json.dumps(clean(data), default=str, allow_nan=False))
