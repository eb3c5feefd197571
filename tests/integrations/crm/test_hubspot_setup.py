"""HubSpot settings from the environment, ``connect``, what is logged, and the shape check itself."""

import logging

import aiohttp
import pytest
from pydantic import ValidationError

from integrations.base import PermanentError
from integrations.crm.hubspot import HubSpotCrm, HubSpotSettings, connect
from tests.integrations.crm.helpers import run
from tests.integrations.crm.hubspot_fake import FakeHubSpot
from tests.integrations.crm.hubspot_shapes import conform

Fake = tuple[FakeHubSpot, str]


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANBOT_HUBSPOT_ACCESS_TOKEN", "pat-na1-secret")
    monkeypatch.setenv("PLANBOT_HUBSPOT_DEAL_PIPELINE", "renewals")
    monkeypatch.setenv(
        "PLANBOT_HUBSPOT_LEAD_STAGES", '{"new": ["a"], "contacted": ["b"], "qualified": ["c"], "unqualified": ["d"]}'
    )
    settings = HubSpotSettings(_env_file=None)
    assert settings.deal_pipeline == "renewals" and settings.lead_stages["qualified"] == ["c"]
    assert "pat-na1-secret" not in repr(settings)


def test_settings_need_credentials_and_every_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ACCESS_TOKEN", "CLIENT_ID", "CLIENT_SECRET", "REFRESH_TOKEN"):
        monkeypatch.delenv(f"PLANBOT_HUBSPOT_{name}", raising=False)
    with pytest.raises(ValidationError, match="PLANBOT_HUBSPOT_ACCESS_TOKEN"):
        HubSpotSettings(_env_file=None)
    with pytest.raises(ValidationError, match="deal_stages needs stage ids for closed_lost"):
        HubSpotSettings(access_token="t", deal_stages={"closed_won": ["closedwon"]}, _env_file=None)


async def test_connect_builds_the_connector_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, hubspot: Fake, session: aiohttp.ClientSession
) -> None:
    monkeypatch.setenv("PLANBOT_HUBSPOT_ACCESS_TOKEN", "pat-test")
    monkeypatch.setenv("PLANBOT_HUBSPOT_BASE_URL", hubspot[1])
    connector = await connect(session)
    assert (connector.name, connector.tools) == (
        "hubspot",
        frozenset({"fetch_entity", "create_entity", "update_entity", "delete_entity"}),
    )
    assert await run(connector, "fetch_entity", entityType="Lead", filters={}) == []


async def test_nothing_secret_or_personal_is_logged(
    hubspot: Fake, hubspot_crm: HubSpotCrm, caplog: pytest.LogCaptureFixture
) -> None:
    fake, _ = hubspot
    caplog.set_level(logging.DEBUG)
    await run(
        hubspot_crm,
        "create_entity",
        entityType="Contact",
        fields={"name": "Secret Person", "email": "hidden@example.com"},
    )
    fake.fail_next = [
        (400, {"status": "error", "message": "bad", "correlationId": "c", "category": "VALIDATION_ERROR"}, {})
    ]
    with pytest.raises(PermanentError):
        await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"email": "hidden"})
    ours = "\n".join(
        r.getMessage() for r in caplog.records if not r.name.startswith("aiohttp.access")
    )  # not the fake's
    assert "/crm/objects/2026-09/contacts/batch/read -> 400" in ours  # the fresh copy of the new contact; by path only
    assert not any(word in ours for word in ("pat-test", "Secret", "hidden"))


def test_the_shape_check_rejects_undocumented_keys_and_missing_fields() -> None:
    conform(
        {"id": "1", "properties": {}, "createdAt": "2026-03-02T14:00:00Z", "updatedAt": "2026-03-02T14:00:00Z"},
        "SimplePublicObject",
    )
    with pytest.raises(AssertionError, match="SimplePublicObject has no \\['extra'\\]"):
        conform(
            {
                "id": "1",
                "properties": {},
                "createdAt": "2026-03-02T14:00:00Z",
                "updatedAt": "2026-03-02T14:00:00Z",
                "extra": 1,
            },
            "SimplePublicObject",
        )
    with pytest.raises(ValueError, match="created_at"):
        conform({"id": "1", "properties": {}, "updatedAt": "2026-03-02T14:00:00Z"}, "SimplePublicObject")
    with pytest.raises(ValueError, match="operator"):
        conform(
            {"filterGroups": [{"filters": [{"propertyName": "x", "operator": "LIKE", "value": "y"}]}]},
            "PublicObjectSearchRequest",
        )
