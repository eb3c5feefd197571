"""Retention: what planbot removes, applied on start and then daily by ``planbot serve``.

- audit entries older than ``PLANBOT_AUDIT_RETENTION_DAYS`` (default 90);
- closed plan sessions (finished, failed, cancelled, expired), with their step claims, last saved more than
  ``PLANBOT_RETENTION_DAYS`` ago (default 30); open plans are never removed;
- in the Slack state: event receipts, plan message records (by their last change) and recent results older than
  ``PLANBOT_RETENTION_DAYS``.
"""

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.settings import Settings
from planning.store import PlanStore

if TYPE_CHECKING:
    from bot.slack.state import SlackState

logger = logging.getLogger(__name__)
Clock = Callable[[], datetime]


async def prune_audit(store: PlanStore, settings: Settings, clock: Clock) -> int:
    """Apply the audit retention setting."""
    removed = await store.prune_audit(clock() - timedelta(days=settings.audit_retention_days))
    if removed:
        logger.info("removed %d audit entries older than %g days", removed, settings.audit_retention_days)
    return removed


async def prune_plan_store(store: PlanStore, settings: Settings, clock: Clock) -> None:
    """The audit trail, then closed sessions older than the retention setting."""
    await prune_audit(store, settings, clock)
    removed = await store.prune_sessions(clock() - timedelta(days=settings.retention_days))
    if removed:
        logger.info("removed %d closed plans older than %g days", removed, settings.retention_days)


async def prune_slack_state(state: "SlackState", settings: Settings, clock: Clock) -> None:
    """Event receipts, plan message records and recent results older than the retention setting."""
    removed = await state.prune(clock() - timedelta(days=settings.retention_days))
    if removed:
        logger.info("removed %d Slack state rows older than %g days", removed, settings.retention_days)
