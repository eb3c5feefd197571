"""Calendar connectors that do not honour contract v3's event arguments yet refuse them, whole, before any call:
a card that promised another calendar never turns into an event on the primary one (Outlook's calendarId, on the
Graph stand-in)."""

import pytest

from integrations.base import CATALOG, PermanentError
from tests.integrations.microsoft.conftest import GraphRig

MARCH = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-04-01T00:00:00-04:00"}


@pytest.mark.parametrize(
    "extra",
    [{"calendarId": "AAMkAGI2TAAA="}],
)
async def test_outlook_refuses_v3_event_arguments_and_creates_nothing(
    microsoft: GraphRig, extra: dict[str, object]
) -> None:
    connector = microsoft.calendar_connector()
    create = CATALOG.get("create_calendar_event")
    assert create is not None
    arguments = {"title": "Sync", "startTime": "2026-03-05T10:00:00-05:00", "durationMinutes": 30, **extra}
    with pytest.raises(PermanentError, match=r"does not support .* yet: nothing was changed"):
        await connector.call("create_calendar_event", create.args_model.model_validate(arguments))
    fetch = CATALOG.get("fetch_calendar_events")
    assert fetch is not None
    assert await connector.call("fetch_calendar_events", fetch.args_model.model_validate(MARCH)) == []
