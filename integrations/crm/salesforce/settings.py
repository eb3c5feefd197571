"""Salesforce settings (``PLANBOT_SALESFORCE_*``): the org, the connected app's OAuth refresh token, picklists."""

import re
from collections.abc import Mapping
from typing import Any, Self

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from integrations.base.records import DealStage, LeadStatus

# Contract value → picklist values; the first is written (for lead statuses: the first the org has that is not a
# conversion status), every value listed reads as the contract value.
DEFAULT_STAGE_NAMES: dict[DealStage, list[str]] = {
    "prospecting": ["Prospecting"],
    "qualification": ["Qualification", "Needs Analysis"],
    "proposal": ["Proposal/Price Quote", "Value Proposition", "Id. Decision Makers", "Perception Analysis"],
    "negotiation": ["Negotiation/Review"],
    "closed_won": ["Closed Won"],
    "closed_lost": ["Closed Lost"],
}
DEFAULT_LEAD_STATUSES: dict[LeadStatus, list[str]] = {
    "new": ["Open - Not Contacted", "New"],
    "contacted": ["Working - Contacted", "Working", "Nurturing"],
    "qualified": ["Qualified", "Closed - Converted", "Converted"],
    "unqualified": ["Closed - Not Converted", "Unqualified"],
}
"""The statuses of a classic org and of a newer one; the first the org has, not a converted one, is written."""


class SalesforceSettings(BaseSettings):
    """A connected app's ``client_id``/``client_secret`` and a user's ``refresh_token`` for ``instance_url``."""

    model_config = SettingsConfigDict(env_prefix="PLANBOT_SALESFORCE_", env_file=".env", extra="ignore", frozen=True)

    instance_url: str
    client_id: str
    client_secret: SecretStr
    refresh_token: SecretStr
    api_version: str = "v62.0"
    login_url: str = "https://login.salesforce.com"
    stage_names: dict[DealStage, list[str]] = Field(default_factory=lambda: dict(DEFAULT_STAGE_NAMES))
    lead_statuses: dict[LeadStatus, list[str]] = Field(default_factory=lambda: dict(DEFAULT_LEAD_STATUSES))
    default_close_days: int = Field(default=30, ge=0, le=3650)
    timeout_seconds: float = Field(default=20, gt=0)

    @field_validator("api_version")
    @classmethod
    def _version(cls, value: str) -> str:
        match = re.fullmatch(r"v?(\d{2,3}\.\d)", value.strip())
        if match is None:
            raise ValueError("api_version looks like v62.0")
        return f"v{match.group(1)}"

    @field_validator("instance_url", "login_url")
    @classmethod
    def _url(cls, value: str) -> str:
        if not re.match(r"https?://[^/\s]+", value.strip()):
            raise ValueError("must be an http(s) URL such as https://example.my.salesforce.com")
        return value.strip().rstrip("/")

    @model_validator(mode="after")
    def _complete(self) -> Self:
        _check("stage_names", self.stage_names, DEFAULT_STAGE_NAMES)
        _check("lead_statuses", self.lead_statuses, DEFAULT_LEAD_STATUSES)
        return self

    @property
    def token_url(self) -> str:
        return f"{self.login_url}/services/oauth2/token"


def _check(name: str, picklist: Mapping[Any, list[str]], every: Mapping[Any, list[str]]) -> None:
    missing = set(every) - set(picklist)
    if missing:
        raise ValueError(f"{name} needs picklist values for {', '.join(sorted(missing))}")
    seen: dict[str, str] = {}
    for value, labels in picklist.items():
        if not labels:
            raise ValueError(f"{name}: {value} needs at least one picklist value")
        for label in labels:
            if seen.setdefault(label.casefold(), value) != value:
                raise ValueError(f"{name}: {label!r} is mapped to {seen[label.casefold()]} and {value}")
