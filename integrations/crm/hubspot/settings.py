"""HubSpot settings (``PLANBOT_HUBSPOT_*``): a private-app token or OAuth app credentials, and pipeline stages."""

from collections.abc import Mapping
from typing import Any, Self

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from integrations.base.records import DealStage, LeadStatus

# Contract value → HubSpot stage ids; the first id is written, every id listed reads as that value.
DEFAULT_DEAL_STAGES: dict[DealStage, list[str]] = {
    "prospecting": ["appointmentscheduled"],
    "qualification": ["qualifiedtobuy"],
    "proposal": ["presentationscheduled"],
    "negotiation": ["decisionmakerboughtin", "contractsent"],
    "closed_won": ["closedwon"],
    "closed_lost": ["closedlost"],
}
DEFAULT_LEAD_STAGES: dict[LeadStatus, list[str]] = {
    "new": ["new-stage-id"],
    "contacted": ["attempting-stage-id", "connected-stage-id"],
    "qualified": ["qualified-stage-id"],
    "unqualified": ["unqualified-stage-id"],
}


class HubSpotSettings(BaseSettings):
    """Either ``access_token`` (a private app) or ``client_id`` + ``client_secret`` + ``refresh_token`` (OAuth)."""

    model_config = SettingsConfigDict(env_prefix="PLANBOT_HUBSPOT_", env_file=".env", extra="ignore", frozen=True)

    access_token: SecretStr | None = None
    client_id: str | None = None
    client_secret: SecretStr | None = None
    refresh_token: SecretStr | None = None
    base_url: str = "https://api.hubapi.com"
    token_url: str = "https://api.hubapi.com/oauth/2026-03/token"  # v1 is retired on 16 February 2027
    deal_pipeline: str = "default"
    deal_stages: dict[DealStage, list[str]] = Field(default_factory=lambda: dict(DEFAULT_DEAL_STAGES))
    lead_pipeline: str | None = None
    lead_stages: dict[LeadStatus, list[str]] = Field(default_factory=lambda: dict(DEFAULT_LEAD_STAGES))
    page_size: int = Field(default=100, ge=1, le=200)
    max_pages: int = Field(default=10, ge=1, le=100)
    index_lag_seconds: float = Field(default=120, ge=0)  # own writes read by id, not searched, for this long
    timeout_seconds: float = Field(default=20, gt=0)

    @model_validator(mode="after")
    def _complete(self) -> Self:
        oauth = (self.client_id, self.client_secret, self.refresh_token)
        if self.access_token is None and not all(oauth):
            raise ValueError(
                "set PLANBOT_HUBSPOT_ACCESS_TOKEN (private app) or PLANBOT_HUBSPOT_CLIENT_ID, "
                "PLANBOT_HUBSPOT_CLIENT_SECRET and PLANBOT_HUBSPOT_REFRESH_TOKEN (OAuth app)"
            )
        _check_stages("deal_stages", self.deal_stages, DEFAULT_DEAL_STAGES)
        _check_stages("lead_stages", self.lead_stages, DEFAULT_LEAD_STAGES)
        return self


def _check_stages(name: str, stages: Mapping[Any, list[str]], every: Mapping[Any, list[str]]) -> None:
    missing = set(every) - set(stages)
    if missing:
        raise ValueError(f"{name} needs stage ids for {', '.join(sorted(missing))}")
    seen: dict[str, str] = {}
    for value, ids in stages.items():
        if not ids:
            raise ValueError(f"{name}: {value} needs at least one stage id")
        for stage_id in ids:
            if seen.setdefault(stage_id, value) != value:
                raise ValueError(f"{name}: stage id {stage_id!r} is mapped to {seen[stage_id]} and {value}")
