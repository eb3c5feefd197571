"""``AuditEntry`` itself: what any backend is given is already aware UTC, a known action and exact JSON."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from pydantic import ValidationError

from tests.planning.store.conformance import START
from tests.planning.store.conformance_audit import entry


def test_an_audit_entry_is_aware_utc_with_a_closed_set_of_actions_and_exact_json_detail() -> None:
    local = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))
    assert entry(at=local).at == START
    assert entry(at=local).at.utcoffset() == timedelta(0)
    with pytest.raises(ValidationError):
        entry(at=datetime(2026, 3, 2, 14, 0))
    with pytest.raises(ValidationError):
        entry("deleted")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        entry(detail={"pair": (1, 2)})
    with pytest.raises(ValidationError):
        entry(detail={"when": datetime(2026, 3, 2, tzinfo=UTC)})
