"""The audit retention setting: entries older than PLANBOT_AUDIT_RETENTION_DAYS go when planbot starts."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.compose import build_app
from bot.settings import Settings
from planning.store import AuditEntry, SqlitePlanStore

NOW = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)


def entry(at: datetime) -> AuditEntry:
    return AuditEntry(
        at=at,
        session_id="p1",
        thread_key="t",
        actor="U1",
        requester="U1",
        action="asked",
        step_id=None,
        tool=None,
        detail={},
    )


async def test_old_audit_entries_are_pruned_on_start(tmp_path: Path):
    settings = Settings(data_dir=tmp_path, audit_retention_days=30)
    store = await SqlitePlanStore.open(settings.plans_path)
    await store.append_audit(entry(NOW - timedelta(days=31)))
    await store.append_audit(entry(NOW - timedelta(days=29)))
    await store.close()
    app = await build_app(settings, "UTC", lambda: NOW)
    try:
        assert [e.at for e in await app.store.audit()] == [NOW - timedelta(days=29)]
    finally:
        await app.close()
